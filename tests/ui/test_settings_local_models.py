"""Settings for a local server: the API choice and the context window, filled from the server after a good
connection test (a local fake Ollama / LM Studio server started by the test)."""
from __future__ import annotations

from pathlib import Path

from tests.llm.fake_server import serve
from tests.llm.test_local_models import _lmstudio, _ollama
from tests.ui.conftest import run


def test_ollama_connection_fills_the_window_and_says_when_tools_are_missing(  # type: ignore[no-untyped-def]
        make_window, qtbot, aloop, home: Path) -> None:
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    assert dialog.model_page.api.isEnabled() and dialog.model_page.context_window.isEnabled()
    assert dialog.model_page.context_window.text() == "Unknown"
    for server in serve(_ollama):
        dialog.model_page.api.setCurrentIndex(dialog.model_page.api.findData("ollama"))
        dialog.model_page.base_url.setText(server.url.removesuffix("/v1"))
        dialog.model_page.model_name.setText("qwen2.5:7b")
        ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
        assert ok, message
        # the model can read 32768, Mira asks Ollama for its default window (memory on the server)
        assert dialog.model_page.context_window.value() == 8192
        # two calls, a word and then one with a tool (whether tool calls work), each with the window
        assert [r.body["options"]["num_ctx"] for r in server.received if r.path == "/api/chat"] == [8192, 8192]
        settings = dialog.model_page.model_settings()
        assert settings.api == "ollama" and settings.context_window == 8192

        dialog.model_page.model_name.setText("gemma:2b")
        ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
        assert ok and "cannot call tools" in message and "gemma:2b" in dialog.model_page.test_result.text()


def test_lmstudio_connection_takes_the_loaded_window_and_keeps_a_set_one(  # type: ignore[no-untyped-def]
        make_window, qtbot, aloop, home: Path) -> None:
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    for server in serve(_lmstudio):
        dialog.model_page.base_url.setText(server.url)
        dialog.model_page.model_name.setText("qwen2.5-7b-instruct")
        ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
        assert ok, message
        assert dialog.model_page.context_window.value() == 4096
        dialog.model_page.context_window.setValue(3000)  # the user's own value is not overwritten
        ok, _ = run(aloop, qtbot, dialog.model_page.test_connection())
        assert ok and dialog.model_page.context_window.value() == 3000


def test_ollama_behind_the_openai_endpoint_is_called_out(  # type: ignore[no-untyped-def]
        make_window, qtbot, aloop, home: Path) -> None:
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    for server in serve(_ollama):
        dialog.model_page.base_url.setText(server.url)  # …/v1, api left at OpenAI-compatible
        dialog.model_page.model_name.setText("qwen2.5:7b")
        ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
        assert ok and "silently cuts" in message and "Ollama's own API" in dialog.model_page.test_result.text()
        assert dialog.model_page.context_window.value() == 0  # the model's size says nothing about what /v1 uses


def test_a_local_servers_usual_address_brings_its_api_and_window(make_window, qtbot, home: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    dialog.model_page.base_url.setText("http://localhost:11434/v1")  # Ollama's OpenAI endpoint, as often pasted
    assert dialog.model_page.api.currentData() == "ollama" and dialog.model_page.context_window.value() == 8192
    dialog.model_page.base_url.setText("http://localhost:1234/v1")  # LM Studio: its window is read from the server
    assert dialog.model_page.api.currentData() == "openai" and dialog.model_page.context_window.value() == 0
    dialog.model_page.context_window.setValue(4096)
    dialog.model_page.base_url.setText("http://localhost:11434")  # a window the user set is kept
    assert dialog.model_page.api.currentData() == "ollama" and dialog.model_page.context_window.value() == 4096
    dialog.model_page.api.setCurrentIndex(dialog.model_page.api.findData("openai"))
    dialog.model_page.context_window.setValue(0)
    dialog.model_page.base_url.setText("https://api.example.com/v1")  # anything else is left as the user set it
    assert dialog.model_page.api.currentData() == "openai" and dialog.model_page.context_window.value() == 0
