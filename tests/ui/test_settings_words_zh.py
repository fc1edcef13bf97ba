"""Settings → Test connection and Fetch models in a Chinese window: the result is a Chinese sentence; the
server's own words (a 503 body) come only as the labelled details line."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop import i18n
from desktop.settings import AppSettings
from tests.llm.fake_server import FakeServer, http_error, serve
from tests.ui.conftest import run
from tests.zh_words import english_words


@pytest.fixture
def busy() -> Iterator[FakeServer]:
    yield from serve(lambda handler, body: http_error(handler, 503, "Service Unavailable: upstream overloaded"))


def test_the_connection_test_reads_in_chinese(make_window, qtbot, aloop, home: Path, busy: FakeServer,  # type: ignore[no-untyped-def]
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIRA_API_KEY", "sk-test")
    window = make_window()
    window.apply_settings(AppSettings(language="zh_CN"))
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
    assert ok and message == "离线规划器是内置的，不需要连接。"
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    dialog.model_page.base_url.setText(busy.url)
    dialog.model_page.model_name.setText("test-model")
    ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
    main, details = message.split("\n")
    assert not ok and "HTTP 503" in main and english_words(main, [busy.url]) == [], main  # was "server error at …"
    assert details == "详细信息：HTTP 503: Service Unavailable: upstream overloaded"
    assert dialog.model_page.test_result.text().endswith(details)
    models = run(aloop, qtbot, dialog.model_page.fetch_models())
    assert models == [] and "HTTP 503" in dialog.model_page.test_result.text()
    assert english_words(dialog.model_page.test_result.text(), [busy.url]) == [], dialog.model_page.test_result.text()
    dialog.reject()
    window.apply_settings(AppSettings())


def test_a_refused_setting_reads_in_chinese_in_the_connection_test_and_on_save(  # type: ignore[no-untyped-def]
        make_window, qtbot, aloop, home: Path) -> None:
    """A base URL the settings refuse is a message value: the dialog says it in Chinese (it said
    "base_url must be an http:// or https:// URL, not 'ftp://h/v1'", the field's internal name in English)."""
    window = make_window()
    window.apply_settings(AppSettings(language="zh_CN"))
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    dialog.model_page.base_url.setText("ftp://h/v1")
    dialog.model_page.model_name.setText("test-model")
    ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
    term = i18n.tr("settings.base_url").rstrip("：:")  # the field's own label names it (issue 26: "基础 URL" ≠ "Base URL")
    assert term == "服务地址" and not ok and message.startswith(f"{term}必须以"), message
    assert english_words(message, ["'ftp://h/v1'"]) == [], message
    dialog.accept_settings()  # Save: refused, the same sentence under the dialog's own heading
    qtbot.waitUntil(dialog.error.isVisible)
    assert f"{term}必须以" in dialog.error.text() and english_words(dialog.error.text(), ["'ftp://h/v1'"]) == []
    dialog.reject()
    window.apply_settings(AppSettings())
