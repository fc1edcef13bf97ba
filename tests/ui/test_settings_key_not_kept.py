"""A setting that cannot be kept says why and never blocks the others: with no OS keyring and
"environment variable (Mira saves nothing)" chosen, a typed key is not saved, OK saves the theme
and language anyway, and the dialog says why the key was not kept; a keyring that refuses the key
does the same."""
from __future__ import annotations

import json
from pathlib import Path

from desktop.llm import keys


def _open(window, qtbot):  # type: ignore[no-untyped-def]
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    dialog.model_page.base_url.setText("https://api.example.test/v1")
    dialog.model_page.model_name.setText("some-model")
    return dialog


def _saved(home: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))


def test_a_typed_key_with_the_environment_chosen_does_not_block_theme_or_language(  # type: ignore[no-untyped-def]
        make_window, qtbot, home: Path, monkeypatch) -> None:
    monkeypatch.delenv("MIRA_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    window = make_window()
    dialog = _open(window, qtbot)
    assert not dialog.model_page.keyring_available and dialog.model_page.key_store.isVisible()
    dialog.model_page.key_store.setCurrentIndex(dialog.model_page.key_store.findData("env"))
    dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
    dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
    dialog.model_page.api_key.setText("sk-typed-but-env")
    dialog.ok_button.click()
    qtbot.waitUntil(lambda: window.services.settings.theme == "dark", timeout=10_000)
    saved = _saved(home)
    assert saved["theme"] == "dark" and saved["language"] == "zh_CN"
    assert dialog.isVisible() and dialog.error.isVisible()  # open, saying why the key was not kept
    said = dialog.error.text()
    assert "MIRA_API_KEY" in said and ("其他设置已保存" in said or "other settings were saved" in said)
    assert dialog.model_page.api_key.text() == ""
    account = window.services.settings.model.account
    assert keys.get_api_key(account) is None and not keys.key_file().exists()
    assert "sk-typed-but-env" not in (home / "config" / "settings.json").read_text(encoding="utf-8")
    dialog.ok_button.click()  # nothing left that cannot be kept: OK closes
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10_000)


def test_a_key_store_that_refuses_says_why_and_keeps_the_rest(make_window, qtbot, home: Path,  # type: ignore[no-untyped-def]
                                                               monkeypatch) -> None:
    window = make_window()
    dialog = _open(window, qtbot)
    dialog.model_page.key_store.setCurrentIndex(dialog.model_page.key_store.findData("file"))

    def refuse(*_args, **_kwargs) -> None:  # type: ignore[no-untyped-def]
        raise keys.KeyStoreError("the key file could not be written (Read-only file system)")

    monkeypatch.setattr(keys, "set_api_key", refuse)
    dialog.theme.setCurrentIndex(dialog.theme.findData("light"))
    dialog.model_page.api_key.setText("sk-refused")
    dialog.ok_button.click()
    qtbot.waitUntil(lambda: window.services.settings.theme == "light", timeout=10_000)
    assert _saved(home)["theme"] == "light"
    assert dialog.isVisible() and "Read-only file system" in dialog.error.text()
