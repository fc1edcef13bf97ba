"""A model error in the real window: the server's own reason in full under Details, and Retry and Open
Settings under the failed reply."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt

from tests.llm.fake_server import FakeServer, chunk, http_error, serve, sse
from tests.ui._flow import TIMEOUT, send, wait_idle
from uchat import Role

# llama-cpp-python's answer to "content": null, longer than the 300 characters the details used to keep
REASON = ("7 validation errors: " + "{'type': 'literal_error', 'loc': ('body', 'messages', 1), 'msg': "
          "\"Input should be 'system'\"} " * 4 + "{'type': 'string_type', 'msg': 'Input should be a valid string'}")


def _connected(make_window: Any, url: str) -> Any:
    """A window whose model is the test server at ``url``."""
    from desktop.llm.settings import ModelSettings

    window = make_window()
    window.apply_settings(window.services.settings.__class__(
        language="en", model=ModelSettings(provider="openai_compatible", base_url=url, model="m")))
    return window


@pytest.fixture
def failing() -> Iterator[FakeServer]:
    calls = {"n": 0}

    def respond(handler: Any, body: dict[str, Any]) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            http_error(handler, 500, REASON)
        else:  # the retry: the server answers
            sse(handler, [chunk({"role": "assistant", "content": "Hello again."}), chunk({}, finish="stop")])

    yield from serve(respond)


def test_a_model_error_offers_retry_and_settings_with_the_whole_reason(make_window, qtbot, failing: FakeServer,  # type: ignore[no-untyped-def]
                                                                      ) -> None:
    window = _connected(make_window, failing.url)
    send(window, qtbot, "Hello?")
    qtbot.waitUntil(lambda: any(m.role == Role.ASSISTANT and "model failed" in m.text for m in window.conversation),
                    timeout=TIMEOUT)
    wait_idle(window, qtbot)
    view = window.chat.view
    view.sync()
    failed = [m for m in window.conversation if m.role == Role.ASSISTANT][-1]
    assert "HTTP 500" in failed.text and "Input should be a valid string" in failed.text  # the cause, not cut
    assert len(REASON) > 300
    row = [m.id for m in window.conversation].index(failed.id)
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseMove(view.viewport(), QPoint(rect.center().x(), rect.top() + 14))
    qtbot.waitUntil(view.actions_bar.isVisible)
    bar = view.actions_bar
    assert bar.message_id == failed.id
    assert [a for a, b in bar.buttons.items() if b.isVisibleTo(bar)] == ["copy", "retry", "settings"]
    assert bar.buttons["settings"].accessibleName() == "Open Settings"

    qtbot.mouseClick(bar.buttons["settings"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.settings_dialog is not None and window.settings_dialog.isVisible(), timeout=TIMEOUT)
    window.settings_dialog.reject()

    users = sum(m.role == Role.USER for m in window.conversation)
    view.trigger_action("retry", failed.id)
    qtbot.waitUntil(lambda: sum(m.role == Role.USER for m in window.conversation) == users + 1, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: any("Hello again." in m.text for m in window.conversation), timeout=TIMEOUT)
    wait_idle(window, qtbot)
    assert [r.body["messages"][-1]["content"] for r in failing.received][-1] == "Hello?"


def test_the_answer_limits_are_set_in_settings_and_sent(make_window, qtbot, failing: FakeServer) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    assert dialog.model_page.output_tool_step.isEnabled() and dialog.model_page.output_tool_step.value() == 4096
    assert dialog.model_page.output_tool_step.accessibleName() == "Tool step" and dialog.model_page.output_reply.accessibleName() == "Reply"
    dialog.model_page.base_url.setText(failing.url)
    dialog.model_page.model_name.setText("m")
    dialog.model_page.output_tool_step.setValue(1000)
    dialog.model_page.output_reply.setValue(300)
    settings = dialog.model_page.model_settings()
    assert (settings.output_tool_step, settings.output_reply) == (1000, 300)
    from desktop.llm.factory import make_model

    model = make_model(settings)
    assert model.output_limit([], 0) == 300 and model.output_limit(["a tool"], 0) == 1000  # type: ignore[attr-defined]
    dialog.reject()


@pytest.fixture
def thinking() -> Iterator[FakeServer]:
    import threading

    go_on = threading.Event()

    def respond(handler: Any, body: dict[str, Any]) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Connection", "close")
        handler.end_headers()
        for piece in ({"role": "assistant", "reasoning_content": "The user greets me. "},
                      {"reasoning_content": "I answer briefly."}):
            handler.wfile.write(f"data: {json.dumps(chunk(piece))}\n\n".encode())
            handler.wfile.flush()
        go_on.wait(30)  # the reasoning has streamed; the answer comes when the test says so
        for data in (chunk({"content": "Hello there."}), chunk({}, finish="stop")):
            handler.wfile.write(f"data: {json.dumps(data)}\n\n".encode())
        handler.wfile.write(b"data: [DONE]\n\n")
        handler.wfile.flush()

    for state in serve(respond):
        state.go_on = go_on  # type: ignore[attr-defined]
        yield state


def test_the_models_reasoning_streams_folded_apart_from_the_answer(make_window, qtbot, thinking: FakeServer) -> None:  # type: ignore[no-untyped-def]
    window = _connected(make_window, thinking.url)
    send(window, qtbot, "Hi")
    qtbot.waitUntil(lambda: any(m.reasoning == "The user greets me. I answer briefly." for m in window.conversation),
                    timeout=TIMEOUT)
    view = window.chat.view
    view.sync()
    streaming = next(m for m in window.conversation if m.reasoning)
    assert not streaming.reasoning_open and streaming.text == ""
    shown = view.engine.layout(streaming, view.viewport().width()).document
    assert shown is not None and "Thinking…" in shown.toPlainText() and "greets" not in shown.toPlainText()
    [fold] = view.links_of(streaming)
    assert view.open_link(fold)  # what a click on "▸ Thinking…" does
    opened = window.conversation.get(streaming.id)
    assert opened.reasoning_open
    doc = view.engine.layout(opened, view.viewport().width()).document
    assert doc is not None and "The user greets me." in doc.toPlainText()
    thinking.go_on.set()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: any("Hello there." in m.text for m in window.conversation), timeout=TIMEOUT)
    wait_idle(window, qtbot)
    assert not any("greets" in m.text for m in window.conversation)  # never in the answer's text


@pytest.fixture
def cutting() -> Iterator[FakeServer]:
    from tests.llm.fake_server import replay, transcript

    yield from serve(replay(
        transcript([chunk({"role": "assistant", "content": "Mira makes Word, PDF, Power"}), chunk({}, finish="length")]),
        transcript([chunk({"role": "assistant", "content": "Point and Excel files."}), chunk({}, finish="stop")])))


def test_a_cut_reply_offers_continue_which_finishes_it(make_window, qtbot, cutting: FakeServer) -> None:  # type: ignore[no-untyped-def]
    window = _connected(make_window, cutting.url)
    send(window, qtbot, "What can you do?")
    qtbot.waitUntil(lambda: any(m.role == Role.ASSISTANT and "cut off" in m.text for m in window.conversation),
                    timeout=TIMEOUT)
    wait_idle(window, qtbot)
    failed = [m for m in window.conversation if m.role == Role.ASSISTANT][-1]
    assert "Power" not in failed.text  # nothing half-done shown as the answer
    assert window.message_actions(failed) == ("copy", "continue", "retry", "settings")
    view = window.chat.view
    view.sync()
    row = [m.id for m in window.conversation].index(failed.id)
    rect = view.visualRect(view.model().index(row, 0))
    view.scrollTo(view.model().index(row, 0))
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseMove(view.viewport(), QPoint(rect.center().x(), rect.center().y()))
    qtbot.waitUntil(view.actions_bar.isVisible)
    bar = view.actions_bar
    assert bar.buttons["continue"].isVisibleTo(bar) and bar.buttons["continue"].accessibleName() == "Continue"
    users = sum(m.role == Role.USER for m in window.conversation)
    qtbot.mouseClick(bar.buttons["continue"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: any(m.text == "Mira makes Word, PDF, PowerPoint and Excel files." for m in window.conversation),
                    timeout=TIMEOUT)
    wait_idle(window, qtbot)
    assert sum(m.role == Role.USER for m in window.conversation) == users  # the same request, not a new one
    assert cutting.received[-1].body["messages"][-2]["content"] == "Mira makes Word, PDF, Power"
    done = [m for m in window.conversation if m.role == Role.ASSISTANT][-1]
    assert window.message_actions(done) == ("copy",)


def test_the_reasoning_stays_with_the_finished_reply_after_a_restart(make_window, qtbot, thinking: FakeServer) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QGuiApplication

    window = _connected(make_window, thinking.url)
    thinking.go_on.set()  # type: ignore[attr-defined]
    send(window, qtbot, "Hi")
    qtbot.waitUntil(lambda: any(m.text == "Hello there." for m in window.conversation), timeout=TIMEOUT)
    wait_idle(window, qtbot)
    reply = next(m for m in window.conversation if m.text == "Hello there.")
    stored = window.services.store.message(reply.id)
    assert stored.reasoning == "The user greets me. I answer briefly." and stored.text == "Hello there."

    # a restart: the conversation read again from the store keeps the folded reasoning with its reply
    window.controller.conversation.reset([])
    conv_id = window.controller.current_id
    window.controller.request(window.controller.show(conv_id))
    qtbot.waitUntil(lambda: any(m.text == "Hello there." for m in window.conversation), timeout=TIMEOUT)
    reply = next(m for m in window.conversation if m.text == "Hello there.")
    assert reply.reasoning == "The user greets me. I answer briefly." and not reply.reasoning_open
    view = window.chat.view
    view.sync()
    row = [m.id for m in window.conversation].index(reply.id)
    spoken = view.spoken_text(row)
    assert "Thinking, collapsed section" in spoken and "greets" not in spoken  # read as a collapsed section
    view.trigger_action("copy", reply.id)
    assert QGuiApplication.clipboard().text() == "Hello there."  # folded: not copied
    window.conversation.toggle_reasoning(reply.id)
    view.trigger_action("copy", reply.id)
    copied = QGuiApplication.clipboard().text()
    assert "The user greets me." in copied and "Hello there." in copied  # unfolded: copied as shown
    assert "greets" in view.spoken_text(row)


def test_continue_is_offered_under_a_cut_reply_and_under_a_cut_step_of_the_work() -> None:
    from desktop.i18n import render
    from desktop.messages import msg
    from desktop.ui.conversation_flow import _model_cut, _model_failed

    for cut in ("model.error.cut_reply", "model.error.cut_step"):
        text = render(msg("task.failed.model", error=msg(cut)))
        assert _model_failed(text) and _model_cut(text), cut
    assert not _model_cut(render(msg("task.failed.model", error=msg("model.error.cut"))))  # a cut call with nothing to go on from: retry
