"""The look and the keyboard, driven through the real window: grouped sidebar with its row menu,
clickable welcome examples, the composer, accessible names, the shortcuts dialog, a dark theme
whose fields have visible borders."""
from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractButton, QLineEdit, QPlainTextEdit, QWidget

from desktop.ui.sidebar import ConversationSidebar, date_group
from uchat import Role


def test_conversations_are_grouped_by_date_and_headings_cannot_be_selected(qtbot) -> None:  # type: ignore[no-untyped-def]
    sidebar = ConversationSidebar()
    qtbot.addWidget(sidebar)
    now = time.time()
    day = 86400
    sidebar.set_conversations([("a", "Today's", now), ("b", "Yesterday's", now - day),
                               ("c", "Last week's", now - 4 * day), ("d", "Ancient", now - 40 * day)])
    assert sidebar.headers() == ["Today", "Yesterday", "Previous 7 days", "Older"]
    assert sidebar.ids() == ["a", "b", "c", "d"]
    sidebar.list.setCurrentRow(0)  # a heading
    assert sidebar.current_id() is None
    today = dt.date(2026, 3, 10)
    stamp = dt.datetime(2026, 3, 2, 12).timestamp()
    assert date_group(stamp, today) == "sidebar.older"  # eight days is older than the previous 7


def test_the_row_menu_renames_deletes_and_shows_the_folder(make_window, qtbot, aloop, home: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    store = window.services.store
    conv = store.create_conversation("Budget")
    from tests.ui.conftest import run

    run(aloop, qtbot, window.reload_conversations())
    sidebar = window.sidebar
    item = sidebar.item_for(conv.id)
    # Hovering a row shows its menu button; the menu has the three actions.
    rect = sidebar.list.visualItemRect(item)
    qtbot.mouseMove(sidebar.list.viewport(), rect.center())
    qtbot.waitUntil(sidebar.row_menu_button.isVisible)
    menu = sidebar.row_menu(item)
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == ["Rename", "Show folder", "Delete"]
    opened: list[Path] = []
    window.conversations.open_folder = lambda folder: opened.append(folder) or True  # type: ignore[method-assign]
    next(a for a in menu.actions() if a.text() == "Show folder").trigger()
    assert opened == [window.services.settings.workspace_path()]  # no conversation folder hook: the workspace
    (home / "folders" / conv.id).mkdir(parents=True)
    store.conversation_folder = lambda cid: (str(home / "folders" / cid), False)  # the conversation branch's lookup
    sidebar.row_menu(item).actions()[1].trigger()
    assert opened[-1] == home / "folders" / conv.id
    # The title shows in the header and the sidebar collapses with Ctrl+B and comes back.
    window.sidebar.list.setCurrentItem(item)
    qtbot.waitUntil(lambda: window.title_label.text() == "Budget")
    window.menus.toggle_sidebar_action.trigger()
    assert not sidebar.isVisible() and not window.sidebar_button.isChecked()
    window.menus.toggle_sidebar_action.trigger()
    assert sidebar.isVisible()


def test_a_welcome_example_is_clickable_and_fills_the_message_box(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    view = window.chat.view
    view.sync()
    welcome_row = 0
    top = view.visualRect(view.model().index(welcome_row, 0)).top()
    # Find the first example link by walking down the welcome message, then click it like a user.
    link_pos = None
    for y in range(top, top + 600, 3):
        for x in range(0, view.viewport().width(), 6):
            if view.link_at(QPoint(x, y)).startswith("mira-example:"):
                link_pos = QPoint(x + 2, y)
                break
        if link_pos:
            break
    assert link_pos is not None, "no clickable example in the welcome message"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=link_pos)
    text = window.chat.composer.text()
    assert text.startswith("Turn these notes into slides") and "\n- " in text
    assert window.focusWidget() is window.chat.composer.input


def test_the_composer_placeholder_is_one_line_and_the_box_grows_with_text(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    box = window.chat.composer.input
    assert "\n" not in box.placeholderText() and len(box.placeholderText()) < 20
    assert box.fontMetrics().horizontalAdvance(box.placeholderText()) < box.viewport().width()
    one = box.height()
    window.chat.composer.set_text("line\n" * 5)
    qtbot.waitUntil(lambda: box.height() > one + 3 * box.fontMetrics().lineSpacing())


def test_every_control_has_an_accessible_name_and_the_messages_are_readable(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    controls = [w for w in window.findChildren(QWidget)
                if isinstance(w, (QAbstractButton, QLineEdit, QPlainTextEdit)) and w.isVisibleTo(window)
                and w.focusPolicy() != Qt.FocusPolicy.NoFocus]
    assert controls
    unnamed = [f"{type(w).__name__}:{w.objectName()}" for w in controls if not (w.accessibleName() or w.text()
               if isinstance(w, QAbstractButton) else w.accessibleName())]
    assert unnamed == []
    for w in (window.chat.composer.input, window.chat.composer.send_button, window.chat.composer.attach_button,
              window.sidebar.search, window.sidebar.new_button, window.sidebar_button, window.chat.view):
        assert w.accessibleName() and w.accessibleDescription(), w
    model = window.chat.view.model()
    spoken = model.index(0, 0).data(Qt.ItemDataRole.AccessibleTextRole)
    assert spoken.startswith("Assistant: ") and "Welcome to Mira" in spoken


def test_help_lists_the_shortcuts_the_window_really_has(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.menus.shortcuts_action.trigger()
    dialog = window.menus.shortcuts_dialog
    qtbot.waitUntil(dialog.isVisible)
    keys = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    assert "Ctrl+B" in keys and "Ctrl+L" in keys and "Ctrl+N" in keys and "F1" in keys
    dialog.close()
    # Ctrl+L really goes to the message box from anywhere.
    window.sidebar.search.setFocus()
    window.menus.focus_input_action.trigger()
    assert window.focusWidget() is window.chat.composer.input


def test_dark_fields_have_borders_that_show(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.ui import theme
    from desktop.ui.tokens import DARK

    window = make_window()
    window.apply_settings(type(window.services.settings)(theme="dark"))
    qtbot.waitUntil(lambda: window.palette().color(window.palette().ColorRole.Base).lightness() < 128)
    sheet = theme.style_sheet(DARK)
    assert f"border: 1px solid {DARK.border}" in sheet
    # The border is really different from the field and from the window behind it.
    border, field, back = QColor(DARK.border), QColor(DARK.surface), QColor(DARK.window)
    assert abs(border.lightness() - field.lightness()) > 30 and abs(border.lightness() - back.lightness()) > 30
    grab = window.sidebar.search.grab().toImage()
    edge = QColor(grab.pixel(grab.width() // 2, 0))
    middle = QColor(grab.pixel(grab.width() // 2, grab.height() // 2))
    assert abs(edge.lightness() - middle.lightness()) > 20
    window.apply_settings(type(window.services.settings)())
    assert Role.USER  # (uchat import used for the message-role enum in other tests)


def test_scroll_bars_are_slim_with_no_arrows_in_both_themes(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication, QScrollArea, QStyle, QStyleOptionSlider

    from desktop.ui import theme
    from desktop.ui.tokens import DARK, LIGHT, SCROLL

    app = QApplication.instance()
    try:
        for name, scheme in (("light", LIGHT), ("dark", DARK)):
            theme.apply_theme(name, app)
            area = QScrollArea()
            qtbot.addWidget(area)
            inner = QWidget()
            inner.resize(300, 3000)
            area.setWidget(inner)
            area.resize(320, 400)
            area.show()
            qtbot.waitExposed(area)
            bar = area.verticalScrollBar()
            assert bar.width() == SCROLL["bar"]
            option = QStyleOptionSlider()
            bar.initStyleOption(option)
            for arrow in (QStyle.SubControl.SC_ScrollBarAddLine, QStyle.SubControl.SC_ScrollBarSubLine):
                rect = bar.style().subControlRect(QStyle.ComplexControl.CC_ScrollBar, option, arrow, bar)
                assert rect.height() <= 0 or rect.width() <= 0
            # The handle is drawn in the theme's colour at the top of the bar.
            image = bar.grab().toImage()
            handle = QColor(image.pixel(SCROLL["bar"] // 2, SCROLL["handle"] // 2))
            assert handle.name() == QColor(scheme.scroll_handle).name()
    finally:
        theme.reset(app)
