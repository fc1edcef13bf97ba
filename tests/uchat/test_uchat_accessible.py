"""What a screen reader gets from ChatView: a list with one item per message, named with the text as
shown, the cards and their buttons inside the item, focus and new replies reported."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent, QAccessibleInterface, QPalette

from _helpers import CardProvider, assistant, make_view
from uchat import ChatModel, ChatView, Conversation, ExtensionRef, Message, Role, Status, _a11y


@pytest.fixture
def events(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Accessibility on (as when a screen reader runs); every event the view sends, as (kind, name)."""
    seen: list[tuple[str, str]] = []

    def record(event: QAccessibleEvent) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            seen.append(("announce", event.message()))
        else:
            iface = event.accessibleInterface()
            seen.append((event.type().name, iface.text(QAccessible.Text.Name) if iface is not None else ""))
        QAccessible.updateAccessibility(event)

    monkeypatch.setattr(_a11y, "_send", record)
    QAccessible.setActive(True)
    yield seen
    QAccessible.setActive(False)


def _names(iface: QAccessibleInterface) -> list[str]:
    return [iface.child(i).text(QAccessible.Text.Name) for i in range(iface.childCount())]


def test_each_message_is_a_list_item_named_with_its_shown_text(qtbot) -> None:
    msgs = [Message(id="u", role=Role.USER, text="Make **a report**"), assistant(1, "Done: [the file](https://example.com)"),
            Message(id="n", role=Role.SYSTEM, text="Stopped", status=Status.ERROR, error="cancelled")]
    view, _ = make_view(qtbot, msgs)
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.role() == QAccessible.Role.List
    assert iface.text(QAccessible.Text.Name) == "Conversation"
    # What the user typed is shown as typed (no markdown), so that is what is read out.
    assert _names(iface) == ["You: Make **a report**", "Assistant: Done: the file", "Notice: Stopped\nError: cancelled"]
    item = iface.child(1)
    assert item.role() == QAccessible.Role.ListItem
    assert item.text(QAccessible.Text.Description) == "Reply from the assistant"
    assert item.parent().text(QAccessible.Text.Name) == "Conversation"
    assert iface.indexOfChild(item) == 1
    assert iface.child(1) is item  # made once, kept while the message exists
    top_left = item.rect().topLeft()
    assert view.viewport().mapFromGlobal(top_left).y() == view.visualRect(view.model().index(1, 0)).y()
    assert iface.childAt(item.rect().center().x(), item.rect().center().y()) is item


def test_items_are_made_only_when_asked_for(qtbot) -> None:
    view, _ = make_view(qtbot, [assistant(i) for i in range(2000)])
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.childCount() == 2000
    assert iface.child(1999).text(QAccessible.Text.Name) == "Assistant: Reply number 1999"
    assert len(view.accessible_items._items) == 1
    assert iface.child(0).state().offscreen and not iface.child(1999).state().offscreen


def test_a_card_and_its_buttons_are_inside_its_message(qtbot) -> None:
    ref = ExtensionRef(message_id="m1", artifact_id="a1", kind="card")
    view, _ = make_view(qtbot, [assistant(0), assistant(1, "Here it is", extensions=(ref,))])
    provider = CardProvider()
    view.set_extension_provider(provider)
    view.sync()
    item = QAccessible.queryAccessibleInterface(view).child(1)
    assert "Tab reaches their buttons" in item.text(QAccessible.Text.Description)
    assert item.childCount() == 1
    card = item.child(0)
    assert card.object() is provider.live[ref]
    assert item.indexOfChild(card) == 0
    button = next(card.child(i) for i in range(card.childCount()) if card.child(i).role() == QAccessible.Role.Button)
    assert button.text(QAccessible.Text.Name) == "Open"
    view.activateWindow()
    provider.live[ref].button.setFocus()
    qtbot.waitUntil(provider.live[ref].button.hasFocus)
    assert item.focusChild().object() is provider.live[ref].button


def test_the_message_actions_belong_to_the_current_message(qtbot) -> None:
    view, _ = make_view(qtbot, [assistant(0), assistant(1)])
    view.actions_for = lambda m: ("copy", "retry")
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    view.setCurrentIndex(view.model().index(1, 0))
    item = QAccessible.queryAccessibleInterface(view).child(1)
    names = _names(item)
    assert names == ["Copy text", "Retry"]
    assert [item.child(i).text(QAccessible.Text.Description) for i in range(2)] == \
        ["Copy the message as it is shown", "Send this request again"]
    assert QAccessible.queryAccessibleInterface(view).child(0).childCount() == 0


def test_moving_with_the_keyboard_reports_the_focused_message(qtbot, events) -> None:
    view, _ = make_view(qtbot, [assistant(i) for i in range(3)])
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    view.setCurrentIndex(view.model().index(2, 0))
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert view.currentIndex().row() == 1
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.focusChild() is iface.child(1)
    assert iface.child(1).state().focused and not iface.child(2).state().focused
    assert ("Focus", "Assistant: Reply number 1") in events


def test_a_new_reply_is_added_and_read_out_once_it_is_finished(qtbot, events) -> None:
    view, conv = make_view(qtbot, [assistant(0)])
    iface = QAccessible.queryAccessibleInterface(view)
    conv.append(Message(id="u", role=Role.USER, text="Hello"))
    conv.append(Message(id="r", role=Role.ASSISTANT, text="", status=Status.STREAMING))
    assert ("ObjectCreated", "You: Hello") in events
    assert not [e for e in events if e[0] == "announce"]  # the user's own words and a reply still streaming
    iface.child(2)  # a reader looks at the reply while it streams
    conv.append_text("r", "Hi ")
    view.model().flush()
    conv.append_text("r", "there")
    view.model().flush()
    assert not [e for e in events if e[0] in ("announce", "NameChanged")]  # not word by word
    conv.update("r", status=Status.DONE)
    assert [e for e in events if e[0] in ("announce", "NameChanged")] == \
        [("NameChanged", "Assistant: Hi there"), ("announce", "Assistant: Hi there")]
    assert _names(iface)[-1] == "Assistant: Hi there"


def test_removed_and_reset_messages_leave_the_list(qtbot, events) -> None:
    view, conv = make_view(qtbot, [assistant(i) for i in range(3)])
    iface = QAccessible.queryAccessibleInterface(view)
    gone = iface.child(1)
    conv.remove("m1")
    assert ("ObjectDestroyed", "Assistant: Reply number 1") in events
    assert _names(iface) == ["Assistant: Reply number 0", "Assistant: Reply number 2"]
    assert not shiboken6.isValid(gone)  # deleted through Qt's cache, which owned it
    conv.reset([assistant(7)])
    assert _names(iface) == ["Assistant: Reply number 7"]
    assert view.accessible_items._items.keys() <= {"m7"}


def test_history_paged_in_above_keeps_the_items_a_reader_holds(qtbot) -> None:
    view, conv = make_view(qtbot, [assistant(i) for i in range(100, 103)])
    iface = QAccessible.queryAccessibleInterface(view)
    held = iface.child(2)
    conv.prepend([assistant(i) for i in range(50)])
    assert iface.childCount() == 53
    assert iface.indexOfChild(held) == 52
    assert iface.child(52) is held and held.text(QAccessible.Text.Name) == "Assistant: Reply number 102"


def test_a_message_that_is_only_a_card_is_named_after_the_card(qtbot) -> None:
    ref = ExtensionRef(message_id="m1", artifact_id="a1", kind="card")
    view, _ = make_view(qtbot, [assistant(0), Message(id="m1", role=Role.ASSISTANT, text="", extensions=(ref,))])
    provider = CardProvider()
    view.set_extension_provider(provider)
    view.sync()
    item = QAccessible.queryAccessibleInterface(view).child(1)
    assert item.text(QAccessible.Text.Name) == "Assistant"  # not "Assistant:" and nothing
    provider.live[ref].setAccessibleName("Create report.docx, waiting for your approval")
    assert item.text(QAccessible.Text.Name) == "Assistant: Create report.docx, waiting for your approval"


def test_the_items_go_with_their_view(qtbot) -> None:
    view = ChatView()  # not handed to qtbot, which would close it after the test: this one is deleted here
    view.setModel(ChatModel(Conversation([assistant(0), assistant(1)]), view))
    view.show()
    iface = QAccessible.queryAccessibleInterface(view)
    held = [iface.child(0), iface.child(1)]
    items = view.accessible_items
    view.deleteLater()
    qtbot.waitUntil(lambda: not shiboken6.isValid(view))
    assert items._items == {} and not any(shiboken6.isValid(i) for i in held)


def test_the_message_under_the_keyboard_is_outlined_when_tab_arrives(qtbot) -> None:
    view, _ = make_view(qtbot, [assistant(0), assistant(1)])
    accent = view.palette().color(QPalette.ColorRole.Highlight).rgb()

    def outlined() -> int:
        image = view.viewport().grab().toImage()
        return sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
                   if image.pixel(x, y) == accent)

    assert outlined() == 0
    view.activateWindow()
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(view.hasFocus)
    assert view.currentIndex().isValid() and not view.selectionModel().hasSelection()
    assert outlined() > 50
