"""What a screen reader gets from the real window, read through Qt's accessibility interfaces (what the
AT-SPI bridge serves): the conversation as a list of its messages with their cards inside, and every
control of the window, the sidebar, the cards, the preview and the settings named and described."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface, QMouseEvent
from PySide6.QtWidgets import QApplication, QToolButton, QWidget

from _flow import button, click, send, wait_card
from a11y_audit import controls, heard, spoken, unnamed
from desktop import i18n

NOTES = "Turn this into a Word document:\n\n# Access check\n\n## Goals\n\n- Listen to every message\n- Reach every button\n"


def _walk(iface: QAccessibleInterface, depth: int = 0) -> Iterator[QAccessibleInterface]:
    yield iface
    if depth < 30:
        for i in range(iface.childCount()):
            child = iface.child(i)
            if child is not None:
                yield from _walk(child, depth + 1)


def _conversation(window: QWidget) -> QAccessibleInterface:
    """The conversation as a screen reader finds it: walking down from the window."""
    found = [i for i in _walk(QAccessible.queryAccessibleInterface(window))
             if i.role() == QAccessible.Role.List and i.text(QAccessible.Text.Name) == "Conversation"]
    assert len(found) == 1, "one conversation list under the window"
    return found[0]


def _clear_button(window: QWidget) -> QToolButton:
    return next(b for b in window.sidebar.search.findChildren(QToolButton) if b.isVisibleTo(window.sidebar.search))


def _hover(widget: QWidget, pos: QPoint) -> None:
    QApplication.sendEvent(widget, QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), widget.mapToGlobal(QPointF(pos)),
                                               Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                               Qt.KeyboardModifier.NoModifier))


def test_the_conversation_is_a_list_of_its_messages_with_their_cards(make_window, qtbot) -> None:
    window = make_window()
    send(window, qtbot, NOTES)
    ref, card = wait_card(window, qtbot, "approval/")
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=20_000)
    listed = _conversation(window)
    view = window.chat.view
    messages = list(window.conversation)
    assert listed.childCount() == len(messages) >= 2
    names = [listed.child(i).text(QAccessible.Text.Name) for i in range(len(messages))]
    assert [listed.child(i).role() for i in range(len(messages))] == [QAccessible.Role.ListItem] * len(messages)
    assert names == [view.spoken_text(r) for r in range(len(messages))]
    assert names[0].startswith("You: Turn this into a Word document:") and "Listen to every message" in names[0]
    assert "# Access check" in names[0]  # the text as shown: a user's own text is shown as typed
    # the approval card, and its Approve button, are reached inside the message that carries it
    row = next(r for r, m in enumerate(messages) if ref in m.extensions)
    item = listed.child(row)
    assert [item.child(i).object() for i in range(item.childCount())] == [card]
    approve = [i for i in _walk(item) if i.object() is button(card, "Approve")]
    assert approve and approve[0].role() == QAccessible.Role.Button
    pictures = [i for i in _walk(item) if i.role() in (QAccessible.Role.Graphic, QAccessible.Role.StaticText)
                and i.object() is card.icon_label]
    assert pictures and pictures[0].text(QAccessible.Text.Name) == "Word document"  # not a nameless image
    assert approve[0].text(QAccessible.Text.Description)
    # the keyboard on a message: the screen reader's focus is that message
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    view.setCurrentIndex(view.model().index(0, 0))
    assert listed.focusChild() is listed.child(0) and listed.child(0).state().focused


def test_every_control_of_the_window_is_named_and_described(make_window, qtbot, home) -> None:
    window = make_window()
    assert unnamed(window) == []
    # the search's clear button appears with text in the field
    qtbot.keyClicks(window.sidebar.search, "plan")
    clear = _clear_button(window)
    assert spoken(clear) == ("Clear search", "Empty the search field and list every conversation")
    assert unnamed(window.sidebar) == []
    clear.click()
    assert window.sidebar.search.text() == ""
    # an attachment chip in the composer, with its remove button
    notes = home / "notes.txt"
    notes.write_text("Goals", encoding="utf-8")
    window.chat.composer.add_attachments([str(notes)])
    assert len(controls(window.chat.composer)) >= 4
    assert unnamed(window.chat.composer) == []
    window.chat.composer.clear_attachments()

    send(window, qtbot, NOTES)
    _ref, approval = wait_card(window, qtbot, "approval/")
    assert unnamed(approval) == []
    click(qtbot, button(approval, "Approve"))
    _ref, artifact = wait_card(window, qtbot, "docx")
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=20_000)
    assert unnamed(artifact) == []
    # the per-row menu button of a conversation, shown under the pointer
    rows = window.sidebar.list
    item = next(rows.item(i) for i in range(rows.count()) if rows.item(i).flags() & Qt.ItemFlag.ItemIsSelectable)
    _hover(rows.viewport(), rows.visualItemRect(item).center())
    assert window.sidebar.row_menu_button.isVisible()
    # the message actions of the current message
    view = window.chat.view
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    view.setCurrentIndex(view.model().index(0, 0))
    qtbot.waitUntil(view.actions_bar.isVisible)
    assert len(controls(view.actions_bar)) >= 2
    click(qtbot, button(artifact, "Preview"))
    qtbot.waitUntil(lambda: window.preview_panel.preview is not None, timeout=20_000)
    assert unnamed(window) == []

    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    for tab in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(tab)
        assert unnamed(dialog) == [], dialog.tabs.tabText(tab)
    dialog.reject()
    shortcuts = window.menus.show_shortcuts()
    qtbot.waitUntil(shortcuts.isVisible)
    assert unnamed(shortcuts) == []
    shortcuts.reject()


def test_names_and_descriptions_follow_the_language(make_window, qtbot) -> None:
    window = make_window()
    i18n.set_language("zh_CN")
    window.retranslate()
    qtbot.keyClicks(window.sidebar.search, "plan")
    assert spoken(_clear_button(window))[0] == "清除搜索"
    assert unnamed(window) == []
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    for tab in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(tab)
        assert unnamed(dialog) == []
        for w in controls(dialog):
            for _name, description in heard(w):
                assert re.search(r"[\u4e00-\u9fff]", description), (type(w).__name__, description)
    dialog.reject()


def test_tab_reaches_every_control_of_the_window_in_one_round(make_window, qtbot) -> None:
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    send(window, qtbot, NOTES)
    _ref, card = wait_card(window, qtbot, "approval/")
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=20_000)
    box = window.chat.composer.input
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    visited: list[QWidget] = []
    for _ in range(80):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        if QApplication.focusWidget() is box:
            break
        visited.append(QApplication.focusWidget())
    assert QApplication.focusWidget() is box, "Tab comes back round to the message box"
    wanted = [w for w in controls(window) if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isEnabled()]
    assert [f"{type(w).__name__} {spoken(w)[0]!r}" for w in wanted if w not in visited and w is not box] == []
    order = [spoken(w)[0] for w in visited]
    # left to right: the conversations, the chat's header, the conversation with its card's buttons
    # (Approve first), the attach button, round to the message box
    assert order[:5] == ["Send", "Search conversations", "New conversation", "Conversations", "Conversation list"]
    assert order.index("Conversation") < order.index("Approve") < order.index("Attach files") == len(order) - 1
    # with the preview open, its controls come after Send and its close button
    click(qtbot, button(card, "Approve"))
    _ref, artifact = wait_card(window, qtbot, "docx")
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=20_000)
    click(qtbot, button(artifact, "Preview"))
    qtbot.waitUntil(lambda: window.preview_panel.preview is not None, timeout=20_000)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    qtbot.keyClick(box, Qt.Key.Key_Tab)
    order = []
    for _ in range(80):
        order.append(spoken(QApplication.focusWidget())[0])
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        if QApplication.focusWidget() is box:
            break
    preview = window.preview_panel.preview
    tools = [spoken(w)[0] for w in controls(preview) if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isEnabled()]
    assert order[:2] == ["Send", "Close preview"] and set(order[2:2 + len(tools)]) == set(tools)
    assert order[2 + len(tools)] == "Search conversations"
    # the chat as a whole still hands the focus to the message box
    window.sidebar.search.setFocus()
    qtbot.waitUntil(window.sidebar.search.hasFocus)
    window.chat.setFocus()
    qtbot.waitUntil(box.hasFocus)


@pytest.mark.slow
def test_the_test_process_ends_cleanly_after_a_window_was_read() -> None:
    """Qt's accessibility cache owns the chat view's interface (made in Python): nothing may delete it
    first when the application ends. A whole pytest process, as CI runs it, must exit 0."""
    root = Path(__file__).resolve().parents[2]
    test = f"{Path(__file__).resolve()}::test_tab_reaches_every_control_of_the_window_in_one_round"
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", test],
                          cwd=root, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), capture_output=True, text=True,
                          timeout=110)
    assert "1 passed" in proc.stdout and proc.returncode == 0, (proc.returncode, proc.stdout[-1500:], proc.stderr[-1500:])
