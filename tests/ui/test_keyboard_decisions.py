"""Keyboard: the focused Approve button shows a ring, a shortcut decides the write in view, dialog titles
carry no menu mnemonic."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage

from tests.ui._flow import ask, button, wait_card, wait_idle

REQUEST = "Make a Word document from these notes:\n\n# Team offsite\n\n- Welcome\n- Planning\n"


def _edge(image: QImage) -> QColor:
    """The colour at the middle of the button's left border (inside the rounded corner)."""
    return image.pixelColor(QPoint(1, image.height() // 2))


def test_the_focused_approve_button_draws_a_focus_ring(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    _ref, card = ask(window, qtbot, REQUEST, "approval/docx")
    approve = button(card, "Approve")
    assert approve.isDefault()
    window.chat.composer.input.setFocus()
    qtbot.waitUntil(lambda: not approve.hasFocus(), timeout=3000)
    unfocused = _edge(approve.grab().toImage())
    approve.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(approve.hasFocus, timeout=3000)
    focused = _edge(approve.grab().toImage())
    # The ring is the text colour round the accent-coloured button: plainly different from no focus.
    assert abs(focused.lightness() - unfocused.lightness()) > 60, (focused.name(), unfocused.name())


def test_a_shortcut_approves_the_card_in_view_and_is_listed(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    ref, card = ask(window, qtbot, REQUEST, "approval/docx")
    assert window.host.waiting_cards() == [card]
    window.menus.approve_action.trigger()
    qtbot.waitUntil(lambda: window.services.store.approval(ref.artifact_id).state != "pending", timeout=60000)
    wait_card(window, qtbot, "docx")
    wait_idle(window, qtbot)
    assert window.host.waiting_cards() == []
    assert not window.menus.decide_in_view(False)  # nothing waits: said in the status bar, nothing decided
    assert "No write is waiting" in window.statusBar().currentMessage()
    keys = {what: k for k, what in window.menus.shortcuts()}
    assert keys["Approve the write waiting in view"] == "Ctrl+Shift+A"
    assert keys["Deny the write waiting in view"] == "Ctrl+Shift+D"


def test_dialog_titles_have_no_menu_mnemonic_in_chinese(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.apply_settings(window.services.settings.__class__(language="zh_CN"))
    assert "(&" in window.menus.shortcuts_action.text()  # the menu keeps its accelerator
    dialog = window.menus.show_shortcuts()
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    assert dialog.windowTitle() == "键盘快捷键"
    assert all("(&" not in what and "(K)" not in what for _keys, what in window.menus.shortcuts())
    dialog.close()
