"""Flow and state in the real window: focus after a decision, reading order, a stopped write's card,
scrolling to what was sent."""
from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import Qt

from desktop.agent import gate as approvals_module
from desktop.ui.merge import ASK
from tests.ui._flow import TIMEOUT, button, click, send, wait_card, wait_idle
from uchat import Message, Role

NOTES = "# Offsite\n\n## Agenda\n\n- Welcome\n- Planning\n"
REQUEST = "Make a Word document from these notes:\n\n" + NOTES


def _order(window: Any) -> list[str]:
    """What the chat shows, top to bottom: 'user', 'card:<kind>', 'text:<first words>'."""
    out = []
    for m in window.conversation:
        if m.role == Role.USER:
            out.append("user")
            continue
        if m.text:
            out.append("text:" + m.text.split()[0])
        out.extend("card:" + r.kind for r in m.extensions)
    return out


def test_focus_returns_to_the_message_box_after_approve_by_mouse(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    send(window, qtbot, REQUEST)
    _ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    window.activateWindow()
    click(qtbot, button(card, "Approve"))
    wait_card(window, qtbot, "docx")
    wait_idle(window, qtbot)
    assert window.chat.composer.input.hasFocus() or window.focusWidget() is window.chat.composer.input
    assert window.focusWidget() is not window.sidebar.search
    # The answer comes after the card that produced it, and the written file's card after the answer.
    order = _order(window)
    assert order[0] == "user"
    assert order.index("card:approval/docx") < order.index("text:Done.") < order.index("card:docx"), order


def test_focus_returns_to_the_message_box_after_deny_by_keyboard(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    send(window, qtbot, REQUEST)
    _ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    deny = button(card, "Deny")
    deny.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(deny, Qt.Key.Key_Space)
    wait_idle(window, qtbot)
    assert window.focusWidget() is window.chat.composer.input
    order = _order(window)
    assert order[0] == "user" and order[1] == "card:approval/docx" and order[2].startswith("text:"), order


def test_while_waiting_the_card_follows_the_request_and_says_so_also_after_a_restart(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    # No stored English "Waiting…" sentence: the card itself says it waits, in the window's language.
    window = make_window()
    send(window, qtbot, REQUEST)
    ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    ask = next(m for m in window.conversation if ref in m.extensions)
    assert ask.id.endswith(ASK) and ask.text == ""
    assert _order(window)[:2] == ["user", "card:approval/docx"]
    assert "Waiting for your approval" in card.state_label.text()
    window.close()
    again = make_window()
    _ref, card = wait_card(again, qtbot, "approval/docx")
    assert _order(again)[:2] == ["user", "card:approval/docx"]
    assert "Waiting for your approval" in card.state_label.text()


def test_stop_during_a_write_leaves_the_card_in_its_real_state_also_after_a_restart(  # type: ignore[no-untyped-def]
        make_window, qtbot, monkeypatch) -> None:
    started, release = threading.Event(), threading.Event()
    real = approvals_module.file_sha
    calls: list[object] = []

    def slow_sha(*args: Any) -> Any:
        calls.append(args)
        if len(calls) > 1:  # the first is approve's own check; then the approved call is about to run
            started.set()
            release.wait(10)
        return real(*args)

    window = make_window()
    send(window, qtbot, REQUEST)
    ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    monkeypatch.setattr(approvals_module, "file_sha", slow_sha)
    click(qtbot, button(card, "Approve"))
    qtbot.waitUntil(started.is_set, timeout=TIMEOUT)
    composer = window.chat.composer
    assert composer.is_busy()
    click(qtbot, composer.send_button)  # Stop
    qtbot.waitUntil(lambda: not composer.is_busy(), timeout=TIMEOUT)
    release.set()
    store = window.services.store
    assert store.tasks()[0].status == "cancelled"
    assert store.approval(ref.artifact_id).state == "approved"
    live = window.host.live_cards(ref.artifact_id)[-1]
    qtbot.waitUntil(lambda: "writing" not in live.state_label.text(), timeout=TIMEOUT)
    assert "nothing was written" in live.state_label.text()
    window.close()
    again = make_window()
    _ref, card = wait_card(again, qtbot, "approval/docx")
    assert "writing" not in card.state_label.text() and "nothing was written" in card.state_label.text()


def test_sending_while_scrolled_up_scrolls_to_the_new_message(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(900, 500)
    view = window.chat.view
    window.conversation.reset([Message(id=f"local-old-{i}", role=Role.ASSISTANT, text=f"Older line {i}\n\n" * 3)
                               for i in range(60)])
    view.sync()
    qtbot.waitUntil(lambda: view.verticalScrollBar().maximum() > 0)
    view.verticalScrollBar().setValue(0)
    assert not view.is_at_bottom()
    send(window, qtbot, "Hello there")
    qtbot.waitUntil(lambda: any(m.role == Role.USER for m in window.conversation), timeout=TIMEOUT)
    qtbot.waitUntil(view.is_at_bottom)
    wait_idle(window, qtbot)
    qtbot.waitUntil(view.is_at_bottom)  # and it followed the reply
    # The new message is on screen or, under a long reply, above it: never left below, out of sight
    # (the reply may arrive before or after this line, so where exactly it sits is not asserted).
    user_row = next(i for i, m in enumerate(window.conversation) if m.role == Role.USER)
    rect = view.visualRect(view.model().index(user_row, 0))
    assert rect.top() < view.viewport().rect().bottom()


def test_a_keyboard_only_request_approval_and_back(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.sidebar.search.setFocus()
    qtbot.keyClick(window.sidebar.search, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)  # to the message box
    box = window.chat.composer.input
    qtbot.waitUntil(lambda: window.focusWidget() is box)
    for i, line in enumerate(REQUEST.split("\n")):
        if i:
            qtbot.keyClick(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
        qtbot.keyClicks(box, line)
    assert box.toPlainText() == REQUEST
    qtbot.keyClick(box, Qt.Key.Key_Return)
    ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    qtbot.keyClick(box, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    view = window.chat.view
    qtbot.waitUntil(lambda: window.focusWidget() is view)
    qtbot.keyClick(view, Qt.Key.Key_Tab)  # the conversation's first card button comes next
    qtbot.waitUntil(lambda: window.focusWidget() is button(card, "Approve"))
    qtbot.keyClick(button(card, "Approve"), Qt.Key.Key_Space)
    wait_card(window, qtbot, "docx")
    wait_idle(window, qtbot)
    assert window.focusWidget() is box
    assert window.services.store.approval(ref.artifact_id).state == "approved"
