"""The runtime's own words in a Chinese window: a stopped task and a failed one say so in Chinese, in the
chat and in what `mira task` prints, although the Qt-free agent stores them (as message ids)."""
from __future__ import annotations

import re
import threading
from collections.abc import AsyncIterator, Sequence
from typing import Any

from desktop.agent import gate as approvals_module
from desktop.llm import ChatMessage, ModelError, ToolSpec
from desktop.messages import english, shown
from desktop.settings import AppSettings
from desktop.translations import render_plain
from tests.ui._flow import TIMEOUT, button, click, send, wait_card, wait_idle
from uchat import Role

REQUEST = "把下面的内容做成 Word 文档：\n\n# 季度计划会议\n\n## 目标\n\n- 提高销量\n"


def _latin_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z_]{2,}", text)


def _last_reply(window: Any) -> str:
    return next(m.text for m in reversed(list(window.conversation)) if m.role != Role.USER and m.text)


def test_a_stopped_task_says_so_in_chinese(make_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    started, release = threading.Event(), threading.Event()
    real = approvals_module.file_sha
    calls: list[object] = []

    def slow_sha(*args: Any) -> Any:
        calls.append(args)
        if len(calls) > 1:  # the approved write is about to run: hold it so Stop lands during the write
            started.set()
            release.wait(10)
        return real(*args)

    window = make_window()
    window.apply_settings(AppSettings(language="zh_CN"))
    send(window, qtbot, REQUEST)
    _ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    monkeypatch.setattr(approvals_module, "file_sha", slow_sha)
    click(qtbot, button(card, "批准"))
    qtbot.waitUntil(started.is_set, timeout=TIMEOUT)
    composer = window.chat.composer
    click(qtbot, composer.send_button)  # Stop
    qtbot.waitUntil(lambda: not composer.is_busy(), timeout=TIMEOUT)
    release.set()
    store = window.services.store
    task = store.tasks()[0]
    assert task.status == "cancelled"
    kept = store.message(task.message_id).words
    assert english(kept) == "Stopped. Nothing was half-written."  # the store keeps ids, not one language
    assert shown(kept, lambda m: render_plain(m, "zh_CN")) == "已停止。没有写了一半的文件。"  # `mira task`
    qtbot.waitUntil(lambda: "已停止" in _last_reply(window), timeout=TIMEOUT)
    assert _last_reply(window) == "已停止。没有写了一半的文件。"


class _BrokenModel:
    name = "broken"
    label = "broken"

    async def stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[Any]:
        raise ModelError("HTTP 503")
        yield  # an async generator that fails on its first step


def test_a_failed_task_says_so_in_chinese(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.apply_settings(AppSettings(language="zh_CN"))
    window.services._model = _BrokenModel()
    send(window, qtbot, "写一份报告")
    store = window.services.store
    qtbot.waitUntil(lambda: bool(store.tasks()) and store.tasks()[0].status == "failed", timeout=TIMEOUT)
    wait_idle(window, qtbot)
    task = store.tasks()[0]
    assert task.error == "The model failed: HTTP 503"  # the task's record (logs, details) stays English
    qtbot.waitUntil(lambda: "模型出错" in _last_reply(window), timeout=TIMEOUT)
    shown_text = _last_reply(window)
    assert shown_text == "模型出错：HTTP 503"
    assert _latin_words(shown_text.replace("HTTP", "")) == []
    kept = store.message(task.message_id).words
    assert shown(kept, lambda m: render_plain(m, "zh_CN")) == "模型出错：HTTP 503"
