"""The main window's menus and actions: File, View and Help, the keyboard shortcuts, their texts in the
interface language, and what the Help menu opens (logs, diagnostics, shortcuts, about).

A part :class:`desktop.ui.main_window.MainWindow` owns, handed the window (the actions' parent), the widgets
the actions work on and the window's callbacks; dialogs load on first use, not before the first frame."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QApplication, QMainWindow, QWidget

from desktop import __version__
from desktop.i18n import tr
from desktop.ui.imports import deferred

if TYPE_CHECKING:
    import asyncio

    from desktop.settings import AppSettings
    from desktop.ui.folder_actions import FolderActions
    from desktop.ui.host import Host
    from desktop.ui.plumbing import Run
    from desktop.ui.preview_panel import PreviewPanel
    from desktop.ui.sidebar import ConversationSidebar
    from uchat import ChatWidget
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")


class WindowMenus:
    """The window's actions and menus. ``settings()`` gives the settings in force (for diagnostics)."""

    def __init__(self, *, window: QMainWindow, sidebar: ConversationSidebar, chat: ChatWidget,
                 preview_panel: PreviewPanel, host: Host, folder_actions: FolderActions,
                 settings: Callable[[], AppSettings], new_conversation: Callable[[], None],
                 open_settings: Callable[[], object], set_sidebar_visible: Callable[[bool], None], run: Run,
                 notify: Callable[[str], None]) -> None:
        self.window = window
        self.chat = chat
        self.host = host
        self._settings = settings
        self._run = run
        self._notify = notify
        self.shortcuts_dialog: QWidget | None = None
        self.new_action = QAction(window, shortcut=QKeySequence(QKeySequence.StandardKey.New))
        self.new_action.triggered.connect(new_conversation)
        self.settings_action = QAction(window, shortcut=QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(open_settings)
        self.quit_action = QAction(window, shortcut=QKeySequence(QKeySequence.StandardKey.Quit))
        self.quit_action.triggered.connect(window.close)
        self.close_preview_action = QAction(window, shortcut=QKeySequence("Ctrl+W"))
        self.close_preview_action.triggered.connect(preview_panel.close_preview)
        self.find_action = QAction(window, shortcut=QKeySequence(QKeySequence.StandardKey.Find))
        self.find_action.triggered.connect(lambda: sidebar.search.setFocus())
        self.rename_action = QAction(window, shortcut=QKeySequence("F2"))
        self.rename_action.triggered.connect(sidebar.rename_current)
        self.toggle_sidebar_action = QAction(window, shortcut=QKeySequence("Ctrl+B"))
        self.toggle_sidebar_action.triggered.connect(lambda: set_sidebar_visible(not sidebar.isVisible()))
        self.focus_input_action = QAction(window, shortcut=QKeySequence("Ctrl+L"))
        self.focus_input_action.triggered.connect(lambda: chat.composer.input.setFocus(Qt.FocusReason.ShortcutFocusReason))
        self.focus_chat_action = QAction(window, shortcut=QKeySequence("Ctrl+Shift+M"))
        self.focus_chat_action.triggered.connect(lambda: chat.view.setFocus(Qt.FocusReason.ShortcutFocusReason))
        # The write waiting in view (the lowest one on screen, else the latest): approved or denied by key.
        self.approve_action = QAction(window, shortcut=QKeySequence("Ctrl+Shift+A"))
        self.approve_action.triggered.connect(lambda: self.decide_in_view(True))
        self.deny_action = QAction(window, shortcut=QKeySequence("Ctrl+Shift+D"))
        self.deny_action.triggered.connect(lambda: self.decide_in_view(False))
        self.shortcuts_action = QAction(window, shortcut=QKeySequence("F1"))
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.about_action = QAction(window)
        self.about_action.triggered.connect(self.show_about)
        self.folder_actions = folder_actions
        bar = window.menuBar()
        self.file_menu = bar.addMenu("")
        for action in (self.new_action, self.folder_actions.work_in_action, self.folder_actions.show_action,
                       self.settings_action, self.quit_action):
            self.file_menu.addAction(action)
        self.view_menu = bar.addMenu("")
        self.view_menu.addAction(self.close_preview_action)
        self.view_menu.addAction(self.toggle_sidebar_action)
        self.view_menu.addAction(self.focus_input_action)
        self.view_menu.addAction(self.focus_chat_action)
        self.help_menu = bar.addMenu("")
        self.open_logs_action = QAction(window)
        self.open_logs_action.triggered.connect(self.open_logs_folder)
        self.copy_diagnostics_action = QAction(window)
        self.copy_diagnostics_action.triggered.connect(lambda: self._run(self.copy_diagnostics()))
        self.help_menu.addAction(self.open_logs_action)
        self.help_menu.addAction(self.copy_diagnostics_action)
        self.help_menu.addAction(self.shortcuts_action)
        self.help_menu.addAction(self.about_action)
        for action in (self.find_action, self.rename_action, self.toggle_sidebar_action, self.focus_input_action,
                       self.focus_chat_action, self.shortcuts_action, self.approve_action, self.deny_action):
            window.addAction(action)

    def retranslate(self) -> None:
        """The menus' and actions' texts in the interface language."""
        self.file_menu.setTitle(tr("menu.file"))
        self.view_menu.setTitle(tr("menu.view"))
        self.help_menu.setTitle(tr("menu.help"))
        self.new_action.setText(tr("menu.new"))
        self.settings_action.setText(tr("menu.settings"))
        self.quit_action.setText(tr("menu.quit"))
        self.close_preview_action.setText(tr("menu.close_preview"))
        self.folder_actions.retranslate()
        self.about_action.setText(tr("menu.about"))
        self.open_logs_action.setText(tr("menu.open_logs"))
        self.copy_diagnostics_action.setText(tr("menu.copy_diagnostics"))
        self.rename_action.setText(tr("sidebar.rename"))
        self.toggle_sidebar_action.setText(tr("menu.toggle_sidebar"))
        self.focus_input_action.setText(tr("menu.focus_input"))
        self.focus_chat_action.setText(tr("menu.focus_chat"))
        self.shortcuts_action.setText(tr("menu.shortcuts"))
        self.approve_action.setText(tr("menu.approve_in_view"))
        self.deny_action.setText(tr("menu.deny_in_view"))
        self.find_action.setText(tr("menu.find"))
        # Qt's own "»" button of a menu bar too narrow for its menus (in longer languages).
        for more in self.window.menuBar().findChildren(QWidget, "qt_menubar_ext_button"):
            more.setAccessibleName(tr("a11y.more_menus"))
            more.setAccessibleDescription(tr("a11y.more_menus.desc"))

    def open_logs_folder(self) -> None:
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        from desktop import logs

        QDesktopServices.openUrl(QUrl.fromLocalFile(str(logs.log_dir())))

    async def copy_diagnostics(self) -> str:
        """The doctor's lines on the clipboard (off the UI thread: fonts and the model endpoint take time)."""
        from desktop import doctor

        settings = self._settings()
        text = await asyncio.get_running_loop().run_in_executor(
            None, lambda: doctor.render(doctor.collect(settings)))
        QApplication.clipboard().setText(text)
        self._notify(tr("diagnostics.copied"))
        return text

    def shortcuts(self) -> list[tuple[str, str]]:
        """(keys, what they do) for the Help dialog, read from the live actions so it cannot drift."""
        from desktop.ui.shortcuts_dialog import shortcut_rows

        return shortcut_rows((self.new_action, self.settings_action, self.find_action, self.rename_action,
                              self.toggle_sidebar_action, self.focus_input_action, self.focus_chat_action,
                              self.approve_action, self.deny_action,
                              self.close_preview_action, self.shortcuts_action, self.quit_action))

    def decide_in_view(self, approve: bool) -> bool:
        """Approve or deny the waiting write in view, through its card's own button (decided once)."""
        cards = self.host.waiting_cards()
        if not cards:
            self._notify(tr("chat.nothing_waiting"))
            return False
        viewport = self.chat.view.viewport()
        shown = [c for c in cards if c.isVisible() and not c.visibleRegion().isEmpty()
                 and viewport.rect().intersects(c.geometry())] if viewport is not None else []
        card = (shown or cards)[-1]
        button = getattr(card, "approve_button" if approve else "deny_button", None)
        if not isinstance(button, QAbstractButton):  # waiting cards have both (Host.waiting_cards)
            return False
        button.setFocus(Qt.FocusReason.ShortcutFocusReason)
        button.click()
        return True

    def show_shortcuts(self) -> QWidget:
        from desktop.ui.shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self.shortcuts(), self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.shortcuts_dialog = dialog
        return dialog

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox  # dialogs load on first use, not before the first frame

        QMessageBox.about(self.window, tr("menu.about"), about_text())


def about_text() -> str:
    """The About box: what Mira is, its licence, and where its source is (AGPL §13), a setting of the build."""
    from desktop.build_info import source_url

    url = source_url()
    source = tr("about.source", url=url) if url else tr("about.source_unknown")
    return tr("about.text", version=__version__) + "\n\n" + tr("about.licence") + "\n\n" + source
