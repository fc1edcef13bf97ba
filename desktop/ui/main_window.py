"""The main window: conversations on the left, the chat in the centre, the preview on the right.

This module builds the window and owns its async plumbing, the preview and the settings; it composes the
parts that do the rest, each handed what it works on: :mod:`desktop.ui.startup_flow` (the start),
:mod:`desktop.ui.menus` (menus and actions), :mod:`desktop.ui.conversation_flow` (conversations and
messages) and :mod:`desktop.ui.window_close` (window state and close)."""
from __future__ import annotations

import logging
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QSplitter, QVBoxLayout, QWidget

from desktop import i18n
from desktop.ui.imports import deferred
from desktop.i18n import say_error, tr
from desktop.texts import _EN
from desktop.ui.controller import TaskController
from desktop.ui.chat_header import ChatHeader
from desktop.ui.conversation_flow import ConversationFlow
from desktop.ui.folder_actions import FolderActions
from desktop.ui.host import Host
from desktop.ui.menus import WindowMenus
from desktop.ui.plumbing import StoreCalls
from desktop.ui.preview_panel import PreviewPanel
from desktop.ui.services import Services, build_services, model_label
from desktop.ui.sidebar import ConversationSidebar
from desktop.ui.startup_flow import StartupFlow
from desktop.ui.sidebar_fit import SidebarFit
from desktop.ui.store_watch import StoreWatch
from desktop.ui.theme import apply_theme
from desktop.ui.qt_locale import install_qt_translations
from desktop.ui.conversation_sync import WELCOME_ID
from desktop.ui.welcome import EXAMPLE_SCHEME, SETTINGS_SCHEME, example_text, welcome_markdown
from desktop.ui.window_close import WindowClose
from desktop.ui.window_state import WindowState

if TYPE_CHECKING:
    import asyncio

    from desktop.settings import AppSettings
    from desktop.ui.settings_dialog import SettingsDialog
    from renderers import ArtifactView
    from uchat import Message
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger(__name__)
PREVIEW_MIN_WIDTH = 300  # with the chat's 380 it fits a 700 px window once the sidebar folds away

T = TypeVar("T")


class MainWindow(QMainWindow):
    """The whole flow in one window. ``services`` defaults to the user's real data (MIRA_HOME)."""

    sig_ready = Signal()
    sig_fatal = Signal(object)  # the store could not be opened: the app says why and exits

    def __init__(self, services: Services | None = None, parent: QWidget | None = None, start: bool = True) -> None:
        """``start``: schedule the first frame and the rest of the start on the running event loop; the app
        passes False and calls :meth:`show_first_frame` and :meth:`begin` itself (desktop/app.py)."""
        super().__init__(parent)
        import uchat

        self.services = services or build_services()
        self._jobs: set[asyncio.Future[Any]] = set()  # futures of any result
        self._store = StoreCalls(self.services.executor)
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
        # The offline planner's help links "Settings" (mira-settings:open) to the dialog.
        self.chat.view.set_link_handler(SETTINGS_SCHEME, self._settings_link)
        self.chat.view.actions_for = self.message_actions
        self.chat.view.sig_message_action.connect(self.on_message_action)
        self.host.send_request = self._send_request
        self.host.current_folder = self._current_folder
        self.controller = TaskController(self.services.handle, self.services.runtime, self.conversation,
                                         self.services.executor, self.host.refresh, self)
        self.controller.welcome_text = self.welcome_text
        self.host.say = self.controller.show_notice  # what the user must see goes into the chat, not only the corner
        from desktop.ui.preview_follow import PreviewFollower

        self.preview_follow = PreviewFollower(self.preview_panel, self.host, run=self._run,
                                              current_conversation=lambda: self.controller.current_id)
        # Conversations open with their newest page; scrolling up pages older history in from the store.
        self.chat.model.set_load_older(self.controller.load_older)

        self.sidebar_fit = SidebarFit(self._show_sidebar, lambda: not self.sidebar.isHidden())
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
        self.preview_panel.setMinimumWidth(PREVIEW_MIN_WIDTH)
        self.setCentralWidget(self.splitter)
        self._tab_order()

        self.model_status = QLabel(self)
        self.task_status = QLabel(self)
        for label in (self.model_status, self.task_status):
            label.setContentsMargins(8, 0, 8, 0)
        self.statusBar().addPermanentWidget(self.task_status)
        self.statusBar().addPermanentWidget(self.model_status)
        self.window_state = WindowState(self.services.settings_store.window_state_path)
        self.folder_actions = FolderActions(
            window=self, services=self.services, controller=self.controller, on_store=self._store, run=self._run,
            notify=self._notify, open_conversation=self.open_conversation, reload_conversations=self.reload_conversations)
        self.conversations = ConversationFlow(
            chat=self.chat, services=self.services, controller=self.controller, sidebar=self.sidebar,
            window_state=self.window_state, preview_panel=self.preview_panel, preview_follow=self.preview_follow,
            folder_actions=self.folder_actions, title_label=self.title_label, on_store=self._store, run=self._run,
            notify=self._notify, open_settings=self.open_settings, update_title=self._update_title,
            show_state=self._show_state)
        self.menus = WindowMenus(
            window=self, sidebar=self.sidebar, chat=self.chat, preview_panel=self.preview_panel, host=self.host,
            folder_actions=self.folder_actions, settings=lambda: self.services.settings,
            new_conversation=self.new_conversation, open_settings=self.open_settings,
            set_sidebar_visible=self.set_sidebar_visible, run=self._run, notify=self._notify)
        self._connect()
        self.retranslate()
        self._unsubscribe_language = i18n.on_language_changed(lambda _code: self.retranslate())
        self.resize(1180, 780)
        self.store_watch = StoreWatch(lambda: self._store(self.services.store.data_version),
                                      self._store_changed_elsewhere, self._run, self)
        self.closer = WindowClose(
            window=self, splitter=self.splitter, preview_panel=self.preview_panel, window_state=self.window_state,
            controller=self.controller, services=self.services, host=self.host, store_watch=self.store_watch,
            cancel_jobs=self._cancel_jobs, unsubscribe_language=self._unsubscribe_language)
        self.closer.restore_state()
        self._runtime_dirty = False  # the workspace moved while a task ran: rebuild when idle
        self.settings_dialog: QWidget | None = None
        self.start_flow = StartupFlow(
            window=self, chat=self.chat, services=self.services, controller=self.controller, sidebar=self.sidebar,
            window_state=self.window_state, store_watch=self.store_watch, conversations=self.conversations,
            run=self._run, notify=self._notify, fatal=self.sig_fatal.emit, ready=self.sig_ready.emit,
            closing=lambda: self.closer.closing)
        self.controller.runtime_loader = self.start_flow.load_runtime
        if start:
            QTimer.singleShot(0, self.start_flow.first_frame)

    def _send_request(self, text: str) -> None:
        """A request a card's follow-up sends, like a typed one."""
        self.controller.request(self.controller.send(text, []))

    def _settings_link(self, _href: str) -> None:
        self.open_settings()

    # -- what the parts do ---------------------------------------------------------------
    @property
    def is_ready(self) -> bool:
        """The conversations are listed and the last one is on screen."""
        return self.start_flow.is_ready

    @property
    def runtime_ready(self) -> bool:
        """The agent runtime is loaded and recovery ran: a request starts at once."""
        return self.start_flow.runtime_ready

    def show_first_frame(self) -> None:
        """The first frame (:meth:`StartupFlow.show_first_frame`); the app calls it before its event loop."""
        self.start_flow.show_first_frame()

    def begin(self) -> None:
        """The rest of the start, on the event loop (:meth:`StartupFlow.begin`)."""
        self.start_flow.begin()

    async def reload_conversations(self, search: str | None = None) -> None:
        await self.conversations.reload_conversations(search)

    async def open_conversation(self, conversation_id: str) -> None:
        await self.conversations.open_conversation(conversation_id)

    def new_conversation(self) -> None:
        self.conversations.new_conversation()

    def message_actions(self, message: Message) -> tuple[str, ...]:
        """The actions under ``message`` (:meth:`ConversationFlow.message_actions`)."""
        return self.conversations.message_actions(message)

    def on_message_action(self, action: str, message_id: str) -> None:
        self.conversations.on_message_action(action, message_id)

    def show_folder(self, conversation_id: str) -> None:
        """Open a conversation's working folder in the system file manager."""
        self.conversations.show_folder(conversation_id)

    def save_state(self) -> None:
        self.closer.save_state()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.closer.close(event)

    def _cancel_jobs(self) -> None:
        for fut in list(self._jobs):
            fut.cancel()

    def _on_decision(self, approval_id: str, approve: bool, message_id: str) -> None:
        self.conversations.on_decision(approval_id, approve, message_id)

    def _on_allow_similar(self, approval_id: str, message_id: str) -> None:
        self.conversations.on_allow_similar(approval_id, message_id)

    def _on_retry(self, approval_id: str, message_id: str) -> None:
        self.conversations.on_retry(approval_id, message_id)

    def retranslate(self) -> None:
        install_qt_translations(i18n.language())
        self.setWindowTitle(tr("app.title"))
        self.menus.retranslate()
        self.header.retranslate()
        self.model_status.setAccessibleName(tr("a11y.model_status"))
        self.task_status.setAccessibleName(tr("a11y.task_status"))
        self._update_title()
        self.sidebar.retranslate()
        self.preview_panel.retranslate()
        retranslate_chat = getattr(self.chat, "retranslate", None)
        if callable(retranslate_chat):
            retranslate_chat()
        if WELCOME_ID in self.conversation:
            self.conversation.update(WELCOME_ID, text=self.welcome_text())
        self.model_status.setText(tr("status.model", label=model_label(self.services.settings)))
        self._show_state()

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
        """Collapse or show the conversation list (Ctrl+B, or the button left of the title): the user's choice,
        kept over the narrow-window collapse."""
        self.sidebar_fit.user_toggled(visible, self.width())
        self._show_sidebar(visible)

    def _show_sidebar(self, visible: bool) -> None:
        self.sidebar.setVisible(visible)
        if self.sidebar_button.isChecked() != visible:
            self.sidebar_button.blockSignals(True)  # the button follows; it does not count as a click
            self.sidebar_button.setChecked(visible)
            self.sidebar_button.blockSignals(False)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.sidebar_fit.width_changed(event.size().width())

    def _update_title(self) -> None:
        item = self.sidebar.item_for(self.controller.current_id) if self.controller.current_id else None
        self.title_label.setText(item.text() if item is not None else tr("conv.untitled"))

    def _connect(self) -> None:
        sb = self.sidebar
        sb.sig_new.connect(self.new_conversation)
        sb.sig_selected.connect(lambda cid: self._run(self.open_conversation(cid)))
        flow = self.conversations
        sb.sig_rename.connect(lambda cid, title: self._run(flow.rename(cid, title)))
        sb.sig_delete.connect(lambda cid: self._run(flow.delete(cid)))
        sb.sig_search.connect(lambda text: self._run(self.reload_conversations(text)))
        sb.sig_show_folder.connect(self.show_folder)
        composer = self.chat.composer
        composer.sig_send.connect(flow.on_send)
        composer.sig_stop.connect(lambda: self.controller.stop(everything=True))
        composer.sig_image_pasted.connect(lambda data: self._run(flow.save_pasted_image(data)))
        c = self.controller
        c.sig_busy.connect(composer.set_busy)
        c.sig_state.connect(lambda _s: self._show_state())
        c.sig_notice.connect(self._notify)
        c.sig_conversation_created.connect(lambda cid: self._run(flow.created(cid)))
        c.sig_conversations_changed.connect(lambda: self._run(self.reload_conversations()))
        c.sig_busy.connect(self._on_busy)
        c.sig_unsent.connect(flow.give_back)
        self.preview_panel.sig_closed.connect(self._preview_closed)
        c.sig_synced.connect(self.preview_follow.synced)

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
    def _run(self, coro: Awaitable[T]) -> asyncio.Future[T]:
        """Schedule ``coro`` on the qasync loop and keep a reference until it ends."""
        fut = asyncio.ensure_future(coro)
        self._jobs.add(fut)
        fut.add_done_callback(self._job_done)
        return fut

    def _job_done(self, fut: asyncio.Future[Any]) -> None:
        self._jobs.discard(fut)
        if not fut.cancelled() and fut.exception() is not None:
            exc = fut.exception()
            assert exc is not None
            log.error("background job failed", exc_info=exc)
            if not self.closer.closing:
                self._notify(say_error(exc))

    # -- preview and status -------------------------------------------------------------
    def open_preview(self, view: ArtifactView, index: int = 0) -> QWidget | None:
        """Open the large preview of ``view`` at page/slide/sheet ``index`` in the side panel (in the room the
        window has: a narrow window folds the sidebar away rather than grow)."""
        was_hidden = not self.preview_panel.isVisible()
        if was_hidden:
            room = self.splitter.width() - self.chat.minimumWidth() - PREVIEW_MIN_WIDTH \
                - 2 * self.splitter.handleWidth()
            if self.sidebar.isVisible() and room < self.sidebar.minimumWidth():
                self.set_sidebar_visible(False)
        widget = self.preview_follow.open(view, index)
        if was_hidden:
            sizes = self.splitter.sizes()
            total = sum(sizes)
            side = sizes[0] if self.sidebar.isVisible() else 0
            width = self.window_state.preview_width or max(360, total * 2 // 5)
            width = max(PREVIEW_MIN_WIDTH, min(width, total - side - self.chat.minimumWidth()))
            self.splitter.setSizes([side, max(self.chat.minimumWidth(), total - side - width), width])
        return widget

    def _preview_closed(self) -> None:
        self.chat.composer.input.setFocus()

    def open_files(self, paths: list[str]) -> None:
        """Files Mira was asked to open ("Open with Mira", or a later start with files): attached to the
        message box, to ask about; a path that is no file is said in the status bar."""
        import os

        missing = [p for p in paths if not os.path.isfile(p)]
        self.chat.composer.add_attachments([p for p in paths if p not in missing])
        if missing:
            self._notify(tr("app.file_missing", path=missing[0]))
        self.bring_to_front()

    def bring_to_front(self) -> None:
        """Another start of Mira on the same data asked for this window."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

    def _current_folder(self) -> Path | None:
        conv = self.controller.current_id
        folder = self.services.store.conversation_folder(conv)[0] if conv else None
        return Path(folder) if folder else None

    def _store_changed_elsewhere(self) -> None:
        """Another process wrote (``mira task``, another window): its conversations show now, not after a restart."""
        if self.closer.closing:
            return
        self._run(self.reload_conversations())
        current = self.controller.current_id
        if current and not self.controller.busy:
            self._run(self.controller.sync(current))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() and self.is_ready:
            self.store_watch.check()  # coming back from the terminal: look at once, not at the next tick

    def _notify(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def _on_busy(self, busy: bool) -> None:
        if not busy and self._runtime_dirty:
            self._runtime_dirty = False
            self.start_flow.rebuild_runtime()

    # -- settings -----------------------------------------------------------------------
    def _rules_panel(self) -> QWidget | None:
        from desktop.ui.rules_panel import RulesPanel

        store, runtime = self.services.store, self.services.runtime
        rules = getattr(store, "rules", None)
        if rules is None:
            return None

        def skill_name(skill_id: str) -> str:
            if f"skill.{skill_id}" in _EN:  # a built-in skill: its name in the interface language
                return tr(f"skill.{skill_id}")
            try:
                return str(runtime.skills.skill(skill_id).name) if runtime is not None else skill_id
            except Exception:  # noqa: BLE001 - a skill no longer in the catalog: show its id
                return skill_id

        def card_words(approval_id: str | None) -> str:
            """The headline of the card a rule was made on ("Export a.pptx as the PDF a.pdf")."""
            from skills.describe import write_headline

            try:
                approval = store.approval(approval_id) if approval_id else None
            except Exception:  # noqa: BLE001 - its conversation was deleted: the rule is named without it
                return ""
            return i18n.render(write_headline(approval.tool_id, approval.arguments or {})) if approval else ""

        def load() -> list[tuple[str, str, str, str, str, str]]:
            titles = {c.id: c.title for c in store.list_conversations()}
            return [(r.id, titles.get(r.conversation_id, "?"), skill_name(r.skill_id), r.kind, r.command,
                     card_words(r.from_approval_id)) for r in rules.list()]

        return RulesPanel(load, rules.revoke)

    def open_settings(self) -> SettingsDialog:
        from desktop.ui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.services.settings, self, rules=self._rules_panel())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.sig_apply.connect(self.apply_settings)
        dialog.open()
        self.settings_dialog = dialog
        return dialog

    def apply_settings(self, settings: AppSettings) -> None:
        moved = self.services.apply_settings(settings)
        i18n.set_language(settings.language or i18n.system_language())
        apply_theme(settings.theme)
        if moved:
            if self.controller.busy:
                self._runtime_dirty = True
                self._notify(tr("settings.busy"))
            else:
                self.start_flow.rebuild_runtime()
        self.retranslate()

