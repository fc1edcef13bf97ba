"""The main window's conversation handling: listing, opening, creating, renaming and deleting
conversations; sending, retrying and editing messages; pasted images; the approval card's decisions;
and opening a conversation's folder.

A part :class:`desktop.ui.main_window.MainWindow` owns, handed the widgets, services and controller it works
with and the window's callbacks (schedule a coroutine, say a notice, open the settings, show the title and
the state)."""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QLabel

from desktop.i18n import tr
from desktop.ui.imports import deferred
from desktop.ui.merge import ATTACHMENT, stored_id

if TYPE_CHECKING:
    import asyncio

    from desktop.ui.controller import TaskController
    from desktop.ui.folder_actions import FolderActions
    from desktop.ui.plumbing import Run, StoreCalls
    from desktop.ui.preview_follow import PreviewFollower
    from desktop.ui.preview_panel import PreviewPanel
    from desktop.ui.services import Services
    from desktop.ui.sidebar import ConversationSidebar
    from desktop.ui.window_state import WindowState
    from uchat import ChatWidget, Message
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.main_window")


class ConversationFlow:
    """What the sidebar, the message box and the chat's cards ask of the window."""

    def __init__(self, *, chat: ChatWidget, services: Services, controller: TaskController,
                 sidebar: ConversationSidebar, window_state: WindowState, preview_panel: PreviewPanel,
                 preview_follow: PreviewFollower, folder_actions: FolderActions, title_label: QLabel,
                 on_store: StoreCalls, run: Run, notify: Callable[[str], None], open_settings: Callable[[], object],
                 update_title: Callable[[], None], show_state: Callable[[], None]) -> None:
        self.chat = chat
        self.conversation = chat.conversation
        self.services = services
        self.controller = controller
        self.sidebar = sidebar
        self.window_state = window_state
        self.preview_panel = preview_panel
        self.preview_follow = preview_follow
        self.folder_actions = folder_actions
        self.title_label = title_label
        self._store = on_store
        self._run = run
        self._notify = notify
        self.open_settings = open_settings
        self._update_title = update_title
        self._show_state = show_state

    # -- conversations ------------------------------------------------------------------
    async def reload_conversations(self, search: str | None = None) -> None:
        if search is None:
            search = self.sidebar.search.text().strip()
        if search:  # with where each one matched, shown under its title
            found = await self._store(self.services.store.search_conversations, search)
            rows: list[tuple[str, str, float] | tuple[str, str, float, str]] = [
                (m.conversation.id, m.conversation.title, m.conversation.updated, m.snippet) for m in found]
        else:
            rows = [(r.id, r.title, r.updated) for r in await self._store(self.services.store.list_conversations)]
        self.sidebar.set_conversations(rows, self.controller.current_id)
        self._update_title()

    async def open_conversation(self, conversation_id: str) -> None:
        self.preview_follow.conversation_shown(conversation_id)  # never another conversation's file
        self.sidebar.select(conversation_id)
        self.window_state.last_conversation = conversation_id
        await self.controller.show(conversation_id)
        # It opens on its newest page, so at the bottom, also when the last one was left scrolled up.
        self.chat.view.scroll_to_bottom()
        self._update_title()
        self._show_state()

    def new_conversation(self) -> None:
        self.preview_follow.conversation_shown(None)
        self.sidebar.select(None)
        self.window_state.last_conversation = None
        self.controller.show_new()
        self.title_label.setText(tr("conv.untitled"))
        self.chat.composer.input.setFocus()

    async def created(self, conversation_id: str) -> None:
        self.window_state.last_conversation = conversation_id
        await self.reload_conversations()
        self.sidebar.select(conversation_id)

    async def rename(self, conversation_id: str, title: str) -> None:
        await self._store(self.services.store.rename_conversation, conversation_id, title)
        await self.reload_conversations()

    async def delete(self, conversation_id: str) -> None:
        if self.controller.running_in(conversation_id):
            self._notify(tr("chat.busy"))  # deleting under a running task would lose its result
            return
        if not await self.folder_actions.delete(conversation_id):
            return
        if conversation_id == self.controller.current_id:
            self.preview_panel.close_preview()
            self.new_conversation()
        await self.reload_conversations()

    def on_send(self, text: str, files: list[str]) -> None:
        # What the user just sent is what they want to see, even when they had scrolled up to read.
        self.chat.view.scroll_to_bottom()
        self.controller.request(self.controller.send(text, list(files)))

    def message_actions(self, message: Message) -> tuple[str, ...]:
        """Copy for every message; retry and edit-and-resend for the last request while nothing runs; retry
        and Settings under a reply the model failed to give (the server refused, cut or dropped it)."""
        messages = list(self.conversation)
        last = next((m for m in reversed(messages) if m.role.value == "user"), None)
        if (messages and message.id == messages[-1].id and message.role.value == "assistant" and last is not None
                and not self.controller.busy and _model_failed(message.text)):
            has_files = any(r.kind == ATTACHMENT for r in last.extensions)
            go_on = ("continue",) if _model_cut(message.text) else ()  # the model may go on from what it said
            return ("copy", *go_on, "settings") if has_files else ("copy", *go_on, "retry", "settings")
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
        if action == "settings":
            self.open_settings()
            return
        if action == "continue":
            self.chat.view.scroll_to_bottom()
            self.controller.request(self.controller.continue_answer(stored_id(message_id)))
            return
        if message.role.value == "assistant":  # retry under a failed reply: the request before it again
            message = next(m for m in reversed(list(self.conversation)) if m.role.value == "user")
        if action == "edit":
            self.chat.composer.set_text(message.text)
            self.chat.composer.input.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.on_send(message.text, [])

    def give_back(self, text: str, attachments: list[str]) -> None:
        """A send that never started: nothing the user typed or attached is lost."""
        composer = self.chat.composer
        if not composer.text().strip():
            composer.set_text(text)
        composer.add_attachments(attachments)
        self.controller.refresh_state()

    async def save_pasted_image(self, data: bytes) -> None:
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
    def on_decision(self, approval_id: str, approve: bool, message_id: str) -> None:
        # The card's buttons are disabled right after the click; without this Qt would hand focus to the
        # next widget in the chain (the sidebar's search), and the next thing typed would go there.
        self.chat.composer.input.setFocus(Qt.FocusReason.OtherFocusReason)
        self.controller.request(self.controller.decide(approval_id, approve, stored_id(message_id)))

    def on_allow_similar(self, approval_id: str, message_id: str) -> None:
        self.chat.composer.input.setFocus(Qt.FocusReason.OtherFocusReason)
        self.controller.request(self.controller.decide(approval_id, True, stored_id(message_id), allow_similar=True))

    def on_retry(self, approval_id: str, message_id: str) -> None:
        self.controller.request(self.controller.decide(approval_id, True, message_id, retry=True))

    # -- folders ------------------------------------------------------------------------
    def show_folder(self, conversation_id: str) -> None:
        """Open a conversation's working folder in the system file manager: through the conversation
        folders' own action for the open conversation when the window has it (it makes the folder on
        first use), else the folder the store knows for that conversation, else the workspace folder."""
        if conversation_id == self.controller.current_id:
            self._run(self.folder_actions.show_folder())
            return
        folder = None
        lookup = getattr(self.services.store, "conversation_folder", None)
        if callable(lookup):
            try:
                found = lookup(conversation_id)
                folder = found[0] if isinstance(found, tuple) else found
            except Exception:
                log.info("no folder for conversation %s", conversation_id, exc_info=True)
        path = Path(folder) if folder and Path(folder).is_dir() else self.services.settings.workspace_path()
        if not self.open_folder(path):
            self._notify(tr("open.failed", error=path))

    def open_folder(self, folder: Path) -> bool:
        from PySide6.QtCore import QUrl

        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def _model_cut(text: str) -> bool:
    """True when a failed reply is a cut one the model may continue (in the reader's language)."""
    from desktop.i18n import render
    from desktop.messages import msg

    return any(render(msg(mid)).strip() in text for mid in ("model.error.cut_reply", "model.error.cut_step"))


def _model_failed(text: str) -> bool:
    """True when a reply is the runtime's "The model failed: …" (in the reader's language)."""
    from desktop.i18n import render
    from desktop.messages import msg

    prefix = render(msg("task.failed.model", error="")).strip()
    return bool(prefix) and text.lstrip().startswith(prefix)
