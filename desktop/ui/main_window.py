"""The main window: conversations on the left, the chat in the centre, the preview on the right."""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEventLoop, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QSplitter, QVBoxLayout, QWidget

from desktop import __version__, i18n
from desktop.ui.imports import deferred
from desktop.i18n import say_error, tr
from desktop.ui.controller import TaskController
from desktop.ui.chat_header import ChatHeader
from desktop.ui.folder_actions import FolderActions
from desktop.ui.host import Host
from desktop.ui.merge import ATTACHMENT, stored_id
from desktop.ui.preview_panel import PreviewPanel
from desktop.ui.qt_locale import install_qt_translations
from desktop.ui.services import Services, build_services, model_label
from desktop.ui.sidebar import ConversationSidebar
from desktop.ui.startup_flow import StartupFlow
from desktop.ui.theme import apply_theme
from desktop.ui.welcome import EXAMPLE_SCHEME, example_text, welcome_markdown
from desktop.ui.window_state import WindowState

if TYPE_CHECKING:
    import asyncio
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger(__name__)



class MainWindow(StartupFlow, QMainWindow):
    """The whole flow in one window. ``services`` defaults to the user's real data (MIRA_HOME)."""

    sig_ready = Signal()
    sig_fatal = Signal(object)  # the store could not be opened: the app says why and exits

    def __init__(self, services: Services | None = None, parent: QWidget | None = None, start: bool = True) -> None:
        """``start``: schedule the first frame and the rest of the start on the running event loop; the app
        passes False and calls :meth:`show_first_frame` and :meth:`begin` itself (desktop/app.py)."""
        super().__init__(parent)
        import uchat

        self.services = services or build_services()
        self.is_ready = False
        self._jobs: set[asyncio.Future[Any]] = set()
        self._closing = False
        uchat.set_translator(i18n.tr_uchat)
        settings = self.services.settings
        i18n.set_language(settings.language or i18n.system_language())
        apply_theme(settings.theme)

        self.sidebar = ConversationSidebar(self)
        self.chat = uchat.ChatWidget(parent=self)
        self.conversation = self.chat.conversation
        self.preview_panel = PreviewPanel(self.services.registry, self)
        # The store opens after the first frame: these two hold a handle that waits for it on use.
        self.host = Host(
            self.services.handle, registry=self.services.registry,
            on_decision=self._on_decision, on_preview=self.open_preview, on_allow_similar=self._on_allow_similar,
            notify=self._notify, window=lambda: self, on_retry=self._on_retry,
        )
        self.chat.view.set_extension_provider(self.host)
        self.chat.view.set_link_handler(EXAMPLE_SCHEME, self.use_example)
        self.chat.view.actions_for = self.message_actions
        self.chat.view.sig_message_action.connect(self.on_message_action)
        self.host.send_request = lambda text: self.controller.request(self.controller.send(text, []))
        self.controller = TaskController(self.services.handle, self.services.runtime, self.conversation,
                                         self.services.executor, self.host.refresh, self)
        self.controller.welcome_text = self.welcome_text
        # Conversations open with their newest page; scrolling up pages older history in from the store.
        self.chat.model.set_load_older(self.controller.load_older)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(self._chat_column())
        self.splitter.addWidget(self.preview_panel)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 2)
        self.splitter.setSizes([220, 780, 0])
        self.sidebar.setMinimumWidth(170)
        self.chat.setMinimumWidth(380)
        self.preview_panel.setMinimumWidth(320)
        self.setCentralWidget(self.splitter)
        self._tab_order()

        self.model_status = QLabel(self)
        self.task_status = QLabel(self)
        for label in (self.model_status, self.task_status):
            label.setContentsMargins(8, 0, 8, 0)
        self.statusBar().addPermanentWidget(self.task_status)
        self.statusBar().addPermanentWidget(self.model_status)
        self._build_actions()
        self._connect()
        self.retranslate()
        self._unsubscribe_language = i18n.on_language_changed(lambda _code: self.retranslate())
        self.resize(1180, 780)
        self.window_state = WindowState(self.services.settings_store.window_state_path)
        self._restore_state()
        self.runtime_ready = False
        self._runtime_dirty = False  # the workspace moved while a task ran: rebuild when idle
        self.settings_dialog: QWidget | None = None
        self._runtime_build: asyncio.Future[Any] | None = None  # started with the store, after the first frame
        self.controller.runtime_loader = self._load_runtime
        if start:
            QTimer.singleShot(0, self._first_frame)

    # -- construction -------------------------------------------------------------------
    def _chat_column(self) -> QWidget:
        """The chat with a slim header: the sidebar toggle and the conversation's title."""
        column = QWidget(self)
        column.setObjectName("chatColumn")
        self.header = ChatHeader(column)
        self.sidebar_button = self.header.sidebar_button
        self.title_label = self.header.title_label
        self.sidebar_button.toggled.connect(self.set_sidebar_visible)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.header)
        layout.addWidget(self.chat, 1)
        return column

    def _tab_order(self) -> None:
        """Tab reads the window left to right: conversations, the chat (a card's buttons follow its
        message, see uchat), the message box, then the preview; not in the order widgets were made."""
        composer = self.chat.composer
        order = (self.sidebar.search, self.sidebar.new_button, self.sidebar.list, self.sidebar_button, self.chat.view,
                 composer.attach_button, composer.input, composer.send_button, self.preview_panel.close_button)
        for first, second in zip(order, order[1:]):
            QWidget.setTabOrder(first, second)

    def set_sidebar_visible(self, visible: bool) -> None:
        """Collapse or show the conversation list (Ctrl+B, or the button left of the title)."""
        self.sidebar.setVisible(visible)
        if self.sidebar_button.isChecked() != visible:
            self.sidebar_button.setChecked(visible)

    def _update_title(self) -> None:
        item = self.sidebar.item_for(self.controller.current_id) if self.controller.current_id else None
        self.title_label.setText(item.text() if item is not None else tr("conv.untitled"))

    def _build_actions(self) -> None:
        self.new_action = QAction(self, shortcut=QKeySequence.StandardKey.New)
        self.new_action.triggered.connect(self.new_conversation)
        self.settings_action = QAction(self, shortcut=QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(self.open_settings)
        self.quit_action = QAction(self, shortcut=QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.close_preview_action = QAction(self, shortcut=QKeySequence("Ctrl+W"))
        self.close_preview_action.triggered.connect(self.preview_panel.close_preview)
        self.find_action = QAction(self, shortcut=QKeySequence.StandardKey.Find)
        self.find_action.triggered.connect(lambda: self.sidebar.search.setFocus())
        self.rename_action = QAction(self, shortcut=QKeySequence("F2"))
        self.rename_action.triggered.connect(self.sidebar.rename_current)
        self.toggle_sidebar_action = QAction(self, shortcut=QKeySequence("Ctrl+B"))
        self.toggle_sidebar_action.triggered.connect(lambda: self.set_sidebar_visible(not self.sidebar.isVisible()))
        self.focus_input_action = QAction(self, shortcut=QKeySequence("Ctrl+L"))
        self.focus_input_action.triggered.connect(lambda: self.chat.composer.input.setFocus(Qt.FocusReason.ShortcutFocusReason))
        self.focus_chat_action = QAction(self, shortcut=QKeySequence("Ctrl+Shift+M"))
        self.focus_chat_action.triggered.connect(lambda: self.chat.view.setFocus(Qt.FocusReason.ShortcutFocusReason))
        self.shortcuts_action = QAction(self, shortcut=QKeySequence("F1"))
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.about_action = QAction(self)
        self.about_action.triggered.connect(self.show_about)
        self.folder_actions = FolderActions(self)
        bar = self.menuBar()
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
        self.open_logs_action = QAction(self)
        self.open_logs_action.triggered.connect(self.open_logs_folder)
        self.copy_diagnostics_action = QAction(self)
        self.copy_diagnostics_action.triggered.connect(lambda: self._run(self.copy_diagnostics()))
        self.help_menu.addAction(self.open_logs_action)
        self.help_menu.addAction(self.copy_diagnostics_action)
        self.help_menu.addAction(self.shortcuts_action)
        self.help_menu.addAction(self.about_action)
        for action in (self.find_action, self.rename_action, self.toggle_sidebar_action, self.focus_input_action,
                       self.focus_chat_action, self.shortcuts_action):
            self.addAction(action)

    def _connect(self) -> None:
        sb = self.sidebar
        sb.sig_new.connect(self.new_conversation)
        sb.sig_selected.connect(lambda cid: self._run(self.open_conversation(cid)))
        sb.sig_rename.connect(lambda cid, title: self._run(self._rename(cid, title)))
        sb.sig_delete.connect(lambda cid: self._run(self._delete(cid)))
        sb.sig_search.connect(lambda text: self._run(self.reload_conversations(text)))
        sb.sig_show_folder.connect(self.show_folder)
        composer = self.chat.composer
        composer.sig_send.connect(self._on_send)
        composer.sig_stop.connect(lambda: self.controller.stop(everything=True))
        composer.sig_image_pasted.connect(lambda data: self._run(self._save_pasted_image(data)))
        c = self.controller
        c.sig_busy.connect(composer.set_busy)
        c.sig_state.connect(lambda _s: self._show_state())
        c.sig_notice.connect(self._notify)
        c.sig_conversation_created.connect(lambda cid: self._run(self._created(cid)))
        c.sig_conversations_changed.connect(lambda: self._run(self.reload_conversations()))
        c.sig_busy.connect(self._on_busy)
        c.sig_unsent.connect(self._give_back)
        self.preview_panel.sig_closed.connect(self._preview_closed)

    def retranslate(self) -> None:
        install_qt_translations(i18n.language())
        self.setWindowTitle(tr("app.title"))
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
        self.find_action.setText(tr("menu.find"))
        self.header.retranslate()
        self.model_status.setAccessibleName(tr("a11y.model_status"))
        self.task_status.setAccessibleName(tr("a11y.task_status"))
        # Qt's own "»" button of a menu bar too narrow for its menus (in longer languages).
        for more in self.menuBar().findChildren(QWidget, "qt_menubar_ext_button"):
            more.setAccessibleName(tr("a11y.more_menus"))
            more.setAccessibleDescription(tr("a11y.more_menus.desc"))
        self._update_title()
        self.sidebar.retranslate()
        self.preview_panel.retranslate()
        retranslate_chat = getattr(self.chat, "retranslate", None)
        if callable(retranslate_chat):
            retranslate_chat()
        from desktop.ui.controller import WELCOME_ID

        if WELCOME_ID in self.conversation:
            self.conversation.update(WELCOME_ID, text=self.welcome_text())
        self.model_status.setText(tr("status.model", label=model_label(self.services.settings)))
        self._show_state()

    def welcome_text(self) -> str:
        """What Mira can do, and how the current model is connected (or how to connect one)."""
        model = self.services.settings.model
        return welcome_markdown(model_label(self.services.settings) if model.is_configured else None)

    def use_example(self, href: str) -> None:
        """A welcome example was clicked (or opened with Enter): it goes into the message box to edit or send."""
        text = example_text(href)
        if text is not None:
            self.chat.composer.set_text(text)
            self.chat.composer.input.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_state(self) -> None:
        self.task_status.setText(tr(f"status.{self.controller.state}"))

    # -- async plumbing -----------------------------------------------------------------
    def _run(self, coro: Any) -> asyncio.Future[Any]:
        """Schedule ``coro`` on the qasync loop and keep a reference until it ends."""
        fut = asyncio.ensure_future(coro)
        self._jobs.add(fut)
        fut.add_done_callback(self._job_done)
        return fut

    def _job_done(self, fut: asyncio.Future[Any]) -> None:
        self._jobs.discard(fut)
        if not fut.cancelled() and fut.exception() is not None:
            exc = fut.exception()
            log.error("background job failed", exc_info=exc)
            if not self._closing:
                self._notify(say_error(exc))

    async def _store(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.services.executor, fn, *args)

    # -- conversations ------------------------------------------------------------------
    async def reload_conversations(self, search: str | None = None) -> None:
        if search is None:
            search = self.sidebar.search.text().strip()
        rows = await self._store(self.services.store.list_conversations, search)
        self.sidebar.set_conversations([(r.id, r.title, r.updated) for r in rows], self.controller.current_id)
        self._update_title()

    async def open_conversation(self, conversation_id: str) -> None:
        self.sidebar.select(conversation_id)
        self.window_state.last_conversation = conversation_id
        await self.controller.show(conversation_id)
        # It opens on its newest page, so at the bottom, also when the last one was left scrolled up.
        self.chat.view.scroll_to_bottom()
        self._update_title()
        self._show_state()

    def new_conversation(self) -> None:
        self.sidebar.select(None)
        self.window_state.last_conversation = None
        self._run(self.controller.show(None))
        self.title_label.setText(tr("conv.untitled"))
        self.chat.composer.input.setFocus()

    async def _created(self, conversation_id: str) -> None:
        self.window_state.last_conversation = conversation_id
        await self.reload_conversations()
        self.sidebar.select(conversation_id)

    async def _rename(self, conversation_id: str, title: str) -> None:
        await self._store(self.services.store.rename_conversation, conversation_id, title)
        await self.reload_conversations()

    async def _delete(self, conversation_id: str) -> None:
        if self.controller.running_in(conversation_id):
            self._notify(tr("chat.busy"))  # deleting under a running task would lose its result
            return
        if not await self.folder_actions.delete(conversation_id):
            return
        if conversation_id == self.controller.current_id:
            self.preview_panel.close_preview()
            self.new_conversation()
        await self.reload_conversations()

    def _on_send(self, text: str, files: list[str]) -> None:
        # What the user just sent is what they want to see, even when they had scrolled up to read.
        self.chat.view.scroll_to_bottom()
        self.controller.request(self.controller.send(text, list(files)))

    def message_actions(self, message: Any) -> tuple[str, ...]:
        """Copy for every message; retry and edit-and-resend for the last request while nothing runs."""
        last = next((m for m in reversed(list(self.conversation)) if m.role.value == "user"), None)
        if last is not None and message.id == last.id and not self.controller.busy:
            # A retry resends the text; the files it was sent with live in that task's folder, so a request
            # with attachments is offered as edit-and-resend only (attach them again) rather than lose them.
            has_files = any(r.kind == ATTACHMENT for r in message.extensions)
            return ("copy", "edit") if has_files else ("copy", "retry", "edit")
        return ("copy",)

    def on_message_action(self, action: str, message_id: str) -> None:
        message = self.conversation.get(message_id)
        if message is None or action == "copy" or action not in self.message_actions(message):
            return
        if action == "edit":
            self.chat.composer.set_text(message.text)
            self.chat.composer.input.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self._on_send(message.text, [])

    def _give_back(self, text: str, attachments: list[str]) -> None:
        """A send that never started: nothing the user typed or attached is lost."""
        composer = self.chat.composer
        if not composer.text().strip():
            composer.set_text(text)
        composer.add_attachments(attachments)
        self.controller.refresh_state()

    async def _save_pasted_image(self, data: bytes) -> None:
        """A pasted image becomes a PNG file the composer attaches (copied to the task workspace on send)."""
        from desktop import paths

        folder = paths.data_dir() / "pasted"
        name = f"pasted-{time.strftime('%Y%m%d-%H%M%S')}-{len(data) % 10000:04d}.png"

        def write() -> Path:
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / name
            target.write_bytes(data)
            return target

        target = await asyncio.get_running_loop().run_in_executor(None, write)
        self.chat.composer.add_attachments([str(target)])

    # -- host callbacks -----------------------------------------------------------------
    def _on_decision(self, approval_id: str, approve: bool, message_id: str) -> None:
        # The card's buttons are disabled right after the click; without this Qt would hand focus to the
        # next widget in the chain (the sidebar's search), and the next thing typed would go there.
        self.chat.composer.input.setFocus(Qt.FocusReason.OtherFocusReason)
        self.controller.request(self.controller.decide(approval_id, approve, stored_id(message_id)))

    def _on_allow_similar(self, approval_id: str, message_id: str) -> None:
        self.chat.composer.input.setFocus(Qt.FocusReason.OtherFocusReason)
        self.controller.request(self.controller.decide(approval_id, True, stored_id(message_id), allow_similar=True))

    def _on_retry(self, approval_id: str, message_id: str) -> None:
        self.controller.request(self.controller.decide(approval_id, True, message_id, retry=True))

    def open_preview(self, view: Any, index: int = 0) -> QWidget | None:
        """Open the large preview of ``view`` at page/slide/sheet ``index`` in the side panel."""
        was_hidden = not self.preview_panel.isVisible()
        widget = self.preview_panel.open(view, index)
        if was_hidden:
            sizes = self.splitter.sizes()
            total = sum(sizes)
            width = self.window_state.preview_width or max(360, total * 2 // 5)
            self.splitter.setSizes([sizes[0], max(380, total - sizes[0] - width), width])
        return widget

    def _preview_closed(self) -> None:
        self.chat.composer.input.setFocus()

    def open_logs_folder(self) -> None:
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        from desktop import logs

        QDesktopServices.openUrl(QUrl.fromLocalFile(str(logs.log_dir())))

    async def copy_diagnostics(self) -> str:
        """The doctor's lines on the clipboard (off the UI thread: fonts and the model endpoint take time)."""
        from desktop import doctor

        settings = self.services.settings
        text = await asyncio.get_running_loop().run_in_executor(
            None, lambda: doctor.render(doctor.collect(settings)))
        QApplication.clipboard().setText(text)
        self._notify(tr("diagnostics.copied"))
        return text

    def show_folder(self, conversation_id: str) -> None:
        """Open a conversation's working folder in the system file manager: through the conversation
        folders' own action for the open conversation when the window has it (it makes the folder on
        first use), else the folder the store knows for that conversation, else the workspace folder."""
        actions = getattr(self, "folder_actions", None)
        if actions is not None and conversation_id == self.controller.current_id:
            self._run(actions.show_folder())
            return
        folder = None
        lookup = getattr(self.services.store, "conversation_folder", None)
        if callable(lookup):
            try:
                found = lookup(conversation_id)
                folder = found[0] if isinstance(found, tuple) else found
            except Exception:  # noqa: BLE001 - no folder known: the workspace folder instead
                log.info("no folder for conversation %s", conversation_id, exc_info=True)
        path = Path(folder) if folder and Path(folder).is_dir() else self.services.settings.workspace_path()
        if not self.open_folder(path):
            self._notify(tr("open.failed", error=path))

    def open_folder(self, folder: Path) -> bool:
        from PySide6.QtCore import QUrl

        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def shortcuts(self) -> list[tuple[str, str]]:
        """(keys, what they do) for the Help dialog, read from the live actions so it cannot drift."""
        from desktop.ui.shortcuts_dialog import shortcut_rows

        return shortcut_rows((self.new_action, self.settings_action, self.find_action, self.rename_action,
                              self.toggle_sidebar_action, self.focus_input_action, self.focus_chat_action,
                              self.close_preview_action, self.shortcuts_action, self.quit_action))

    def show_shortcuts(self) -> QWidget:
        from desktop.ui.shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self.shortcuts(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.shortcuts_dialog = dialog
        return dialog

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox  # dialogs load on first use, not before the first frame

        QMessageBox.about(self, tr("menu.about"), tr("about.text", version=__version__) + "\n\n" + tr("about.licence"))

    def bring_to_front(self) -> None:
        """Another start of Mira on the same data asked for this window."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

    def _notify(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def _on_busy(self, busy: bool) -> None:
        if not busy and self._runtime_dirty:
            self._runtime_dirty = False
            self._rebuild_runtime()

    # -- settings -----------------------------------------------------------------------
    def _rules_panel(self) -> QWidget | None:
        from desktop.ui.rules_panel import RulesPanel

        store, runtime = self.services.store, self.services.runtime
        rules = getattr(store, "rules", None)
        if rules is None:
            return None

        def skill_name(skill_id: str) -> str:
            if f"skill.{skill_id}" in i18n._EN:  # a built-in skill: its name in the interface language
                return tr(f"skill.{skill_id}")
            try:
                return str(runtime.skills.skill(skill_id).name) if runtime is not None else skill_id
            except Exception:  # noqa: BLE001 - a skill no longer in the catalog: show its id
                return skill_id

        def load() -> list[tuple[str, str, str, str, str]]:
            titles = {c.id: c.title for c in store.list_conversations()}
            return [(r.id, titles.get(r.conversation_id, "?"), skill_name(r.skill_id), r.kind, r.command)
                    for r in rules.list()]

        return RulesPanel(load, rules.revoke)

    def open_settings(self) -> Any:
        from desktop.ui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.services.settings, self, rules=self._rules_panel())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.sig_apply.connect(self.apply_settings)
        dialog.open()
        self.settings_dialog = dialog
        return dialog

    def apply_settings(self, settings: Any) -> None:
        moved = self.services.apply_settings(settings)
        i18n.set_language(settings.language or i18n.system_language())
        apply_theme(settings.theme)
        if moved:
            if self.controller.busy:
                self._runtime_dirty = True
                self._notify(tr("settings.busy"))
            else:
                self._rebuild_runtime()
        self.retranslate()

    # -- window state -------------------------------------------------------------------
    def _restore_state(self) -> None:
        self.window_state.restore(self, self.splitter)
        self.preview_panel.hide()  # the preview opens on demand, never empty at start

    def save_state(self) -> None:
        self.window_state.save(self, self.splitter, preview_open=self.preview_panel.isVisible(),
                               last_conversation=self.controller.current_id or "")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        if self._closing:
            event.accept()
            return
        self._closing = True
        self.save_state()
        self._unsubscribe_language()
        if self.controller.busy:
            # Like qasync's asyncClose: stop the running task and let it record "cancelled" before the
            # store closes (bounded, so a stuck task can never keep the window from closing).
            self.controller.stop(everything=True)
            deadline = time.monotonic() + 5
            app = QApplication.instance()
            while self.controller.busy and time.monotonic() < deadline and app is not None:
                app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        self.controller.close()
        for fut in list(self._jobs):
            fut.cancel()
        self.services.close()
        event.accept()
