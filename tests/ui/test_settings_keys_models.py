"""Settings without an OS keyring (key file 0600 or the environment), the key field's placeholder,
"Fetch models" against a local server, and provider presets."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from desktop.llm import keys
from tests.llm.fake_server import serve
from tests.ui.conftest import run


def _models(handler, _body) -> None:  # type: ignore[no-untyped-def]
    if handler.path != "/v1/models":
        handler.send_response(404)
        handler.end_headers()
        return
    body = json.dumps({"object": "list", "data": [{"id": "zeta-large", "object": "model"},
                                                  {"id": "alpha-mini", "object": "model"}]}).encode()
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def test_without_a_keyring_the_key_goes_to_a_user_only_file_when_chosen(make_window, qtbot, home: Path,  # type: ignore[no-untyped-def]
                                                                       monkeypatch) -> None:
    monkeypatch.delenv("MIRA_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    assert dialog.model_page.key_store.isVisible()  # the test keyring cannot hold keys: the choice is offered
    assert "No key stored" in dialog.model_page.api_key.placeholderText()
    dialog.model_page.key_store.setCurrentIndex(dialog.model_page.key_store.findData("file"))
    assert "0600" in dialog.model_page.key_note.text() and "not encrypted" in dialog.model_page.key_note.text()
    dialog.model_page.preset.setCurrentIndex(dialog.model_page.preset.findText("DeepSeek"))
    dialog.model_page.preset.activated.emit(dialog.model_page.preset.currentIndex())
    assert dialog.model_page.base_url.text() == "https://api.deepseek.com/v1"
    dialog.model_page.model_name.setText("deepseek-chat")
    dialog.model_page.api_key.setText("sk-file-secret")
    dialog.ok_button.click()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    path = keys.key_file()
    assert path.parent == home / "data"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    account = window.services.settings.model.account
    assert keys.get_api_key(account) == "sk-file-secret" and keys.key_source(account) == "key file"
    assert "sk-file-secret" not in (home / "config" / "settings.json").read_text(encoding="utf-8")
    again = window.open_settings()
    qtbot.waitUntil(again.isVisible)
    assert "stored in your key file" in again.model_page.api_key.placeholderText()
    again.reject()
    # A key file others can read is not trusted.
    os.chmod(path, 0o644)
    assert keys.get_api_key(account) is None
    os.chmod(path, 0o600)
    assert keys.delete_api_key(account) and keys.get_api_key(account) is None


def test_fetch_models_lists_what_the_server_offers(make_window, qtbot, aloop, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIRA_API_KEY", "sk-env")
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    for server in serve(_models):
        dialog.model_page.base_url.setText(server.url)
        assert "MIRA_API_KEY" in dialog.model_page.api_key.placeholderText()
        models = run(aloop, qtbot, dialog.model_page.fetch_models())
        assert models == ["alpha-mini", "zeta-large"]
        assert server.received[-1].path == "/v1/models"
        assert server.received[-1].headers["authorization"] == "Bearer sk-env"
        completer = dialog.model_page.model_name.completer()
        assert [completer.model().index(i, 0).data() for i in range(completer.model().rowCount())] == models
        assert "2 models" in dialog.model_page.test_result.text()
        dialog.model_page.base_url.setText(server.url + "/nowhere")
        assert run(aloop, qtbot, dialog.model_page.fetch_models()) == []
        assert "HTTP 404" in dialog.model_page.test_result.text() and "sk-env" not in dialog.model_page.test_result.text()
    dialog.reject()
