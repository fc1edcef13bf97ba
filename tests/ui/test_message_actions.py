"""Message actions in the real window: hover copy/retry/edit, Copy as Markdown, a text range
selected with the mouse, links opened with the keyboard."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from tests.ui._flow import TIMEOUT, send, wait_idle
from uchat import Message, Role


def _row_of(window, message_id: str) -> int:  # type: ignore[no-untyped-def]
    return [m.id for m in window.conversation].index(message_id)


def _hover(qtbot, view, row: int) -> None:  # type: ignore[no-untyped-def]
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseMove(view.viewport(), QPoint(rect.center().x(), rect.top() + 14))
    qtbot.waitUntil(view.actions_bar.isVisible)


def test_hover_copy_retry_and_edit_the_last_request(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    send(window, qtbot, "What's in **notes**? See [the site](https://example.org)")
    wait_idle(window, qtbot)
    view = window.chat.view
    view.sync()
    user = next(m for m in window.conversation if m.role == Role.USER)
    _hover(qtbot, view, _row_of(window, user.id))
    bar = view.actions_bar
    assert bar.message_id == user.id
    assert [a for a, b in bar.buttons.items() if b.isVisibleTo(bar)] == ["copy", "retry", "edit"]
    qtbot.mouseClick(bar.buttons["copy"], Qt.MouseButton.LeftButton)
    # A user's message is shown as typed (no markdown), so Copy copies what they typed.
    assert QGuiApplication.clipboard().text() == "What's in **notes**? See [the site](https://example.org)"
    view.trigger_action("copy_markdown", user.id)
    assert QGuiApplication.clipboard().text() == user.text
    qtbot.mouseClick(bar.buttons["edit"], Qt.MouseButton.LeftButton)
    assert window.chat.composer.text() == user.text
    window.chat.composer.set_text("")
    before = sum(m.role == Role.USER for m in window.conversation)
    _hover(qtbot, view, _row_of(window, user.id))
    qtbot.mouseClick(bar.buttons["retry"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: sum(m.role == Role.USER for m in window.conversation) == before + 1, timeout=TIMEOUT)
    wait_idle(window, qtbot)
    # Only the newest request offers retry/edit; an answer offers copy.
    old = view.message_at(_row_of(window, user.id))
    assert window.message_actions(old) == ("copy",)


def test_a_range_of_text_is_selected_with_the_mouse_and_copied(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    view = window.chat.view
    window.conversation.reset([Message(id="local-a", role=Role.ASSISTANT, text="alpha beta gamma delta")])
    view.sync()
    rect = view.visualRect(view.model().index(0, 0))
    layout = view.engine.layout(view.message_at(0), view.viewport().width())
    y = rect.top() + layout.text_origin.y() + 6
    x0 = layout.text_origin.x() + 1
    doc = layout.document
    x1 = x0 + round(doc.idealWidth() * len("alpha beta") / len("alpha beta gamma delta"))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x0, y))
    qtbot.mouseMove(view.viewport(), QPoint(x1, y))
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent

    move = QMouseEvent(QEvent.Type.MouseMove, QPointF(x1, y), QPointF(view.viewport().mapToGlobal(QPoint(x1, y))),
                       Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QGuiApplication.sendEvent(view.viewport(), move)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x1, y))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("alpha") and "delta" not in copied and len(copied) >= len("alpha be"), copied


def test_enter_on_a_message_opens_its_link(make_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    view = window.chat.view
    opened: list[str] = []
    monkeypatch.setattr("uchat._view.QDesktopServices.openUrl", lambda url: opened.append(url.toString()) or True)
    window.conversation.reset([Message(id="local-a", role=Role.ASSISTANT, text="Read [the guide](https://example.org/guide).")])
    view.sync()
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 0))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert opened == ["https://example.org/guide"]
