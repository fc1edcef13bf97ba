"""Showing a conversation and keeping it in step with the store: the newest page when it opens, a merge
of the newest rows at every task milestone (coalesced), older history page by page on scrolling up, and the
idle/waiting state read from the approvals shown.

A part of :class:`desktop.ui.controller.TaskController`, handed the controller's book, store and conversation."""
from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from desktop.i18n import say_error, tr
from desktop.store.states import WAITING
from desktop.ui.imports import deferred
from desktop.ui.merge import LOCAL, merge, stored_id, to_messages_all
from desktop.ui.task_book import TaskBook, TaskState
from uchat import Conversation, Message, Role, Status

if TYPE_CHECKING:
    import asyncio

    from desktop.store import ApprovalRow, StoredMessage, Store, TaskRow
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.controller")

WELCOME_ID = LOCAL + "welcome"
SYNC_TAIL = 40  # rows re-read at a task milestone once a conversation is on screen
HISTORY_PAGE = 50  # rows read when a conversation opens (older ones come page by page on scrolling up)


class ConversationSync:
    """The shown conversation against the store.

    ``synced(conversation_id)`` is said after a merge, ``notice(text)`` with an error or notice,
    ``conversations_changed()`` when a task ended (titles and order in the sidebar may change)."""

    def __init__(self, *, book: TaskBook, store: Store, conversation: Conversation, synced: Callable[[str], None],
                 notice: Callable[[str], None], conversations_changed: Callable[[], None]) -> None:
        self.book = book
        self.store = store
        self.conversation = conversation
        self._synced = synced
        self._notice = notice
        self._conversations_changed = conversations_changed
        # The window supplies the text (it knows which model serves).
        self.welcome_text: Callable[[], str] = lambda: tr("welcome")
        self._syncing: asyncio.Future[None] | None = None
        self._sync_again = False
        self._sync_target = ""

    # -- showing a conversation ---------------------------------------------------------
    async def show(self, conversation_id: str | None) -> None:
        """Show ``conversation_id`` (or the welcome message when None)."""
        if conversation_id is None:
            self.show_new()
            return
        self.book.current_id = conversation_id
        self.book.paged_id = None
        self.book.shown += 1
        rows = await self.book.on_store(self.store.messages, conversation_id, HISTORY_PAGE)
        if conversation_id != self.book.current_id:
            return  # another conversation was opened meanwhile
        # One reset with the newest page: uchat starts paging this conversation's history over.
        self.conversation.reset(to_messages_all(rows) or [self.welcome()])
        self.book.paged_id = conversation_id
        await self.sync(conversation_id)  # binds running tasks' placeholders; the page itself is current
        await self.update_idle_state()  # a pending approval shown after a restart: "waiting"

    def show_new(self) -> None:
        """Show the welcome message; the next send makes a new conversation. At once, not as a task: what is
        sent right after New conversation must not go to the conversation shown before."""
        self.book.current_id = None
        self.book.paged_id = None
        self.book.shown += 1
        self.conversation.reset([self.welcome()])
        if not self.book.operations:
            self.book.set_state("idle")

    def welcome(self) -> Message:
        return Message(id=WELCOME_ID, role=Role.ASSISTANT, text=self.welcome_text())

    async def sync(self, conversation_id: str) -> None:
        """Re-read ``conversation_id`` from the store and merge it into the view (coalesced)."""
        self._sync_target = conversation_id
        if self._syncing is not None and not self._syncing.done():
            self._sync_again = True  # the running pass goes round once more, for the latest target
            await asyncio.shield(self._syncing)
            return
        self._syncing = asyncio.ensure_future(self._sync_loop())
        await asyncio.shield(self._syncing)

    async def _sync_loop(self) -> None:
        while True:
            self._sync_again = False
            conversation_id = self._sync_target
            # A milestone only touches a task's newest messages: read just the tail (the newest page
            # again when the tail does not reach what is shown), never the whole history.
            rows = await self.book.on_store(self.store.messages, conversation_id, SYNC_TAIL)
            bound = {}
            for state in self.book.tasks.values():
                if state.conversation_id == conversation_id and state.message_id.startswith(LOCAL):
                    row = await self.book.on_store(self.task_row, state.task_id)
                    stored_id = getattr(row, "message_id", "") if row is not None else ""
                    if not stored_id:  # no task row yet: the task writes into the newest assistant message
                        stored_id = next((r.id for r in reversed(rows) if r.role == "assistant"), "")
                    if stored_id:
                        bound[state.message_id] = stored_id
                        state.message_id = stored_id
            # Until show() has put the newest page on screen, it does the merging (with this sync after).
            if conversation_id == self.book.current_id and self.book.paged_id == conversation_id:
                fresh = self._with_history(rows)
                reset = fresh is None
                if fresh is None:
                    # More new messages than the tail (another window wrote them): start over from the
                    # newest page; uchat pages the rest back in on scrolling up.
                    page = await self.book.on_store(self.store.messages, conversation_id, HISTORY_PAGE)
                    fresh = to_messages_all(page)
                if conversation_id == self.book.current_id and self.book.paged_id == conversation_id:
                    self._merge(fresh, bound, reset=reset)
                    self._synced(conversation_id)
            if not self._sync_again:
                return

    def _with_history(self, rows: Sequence[StoredMessage]) -> list[Message] | None:
        """The stored messages to show: the older history already on screen plus the fresh ``rows``
        (the newest ``SYNC_TAIL``); None when the tail does not reach what is shown."""
        fresh = to_messages_all(rows)
        shown = [m for m in self.conversation if not m.id.startswith(LOCAL)]
        if len(rows) < SYNC_TAIL or not shown:
            return fresh  # the whole conversation, or nothing of it shown yet (a new one)
        if fresh[0].id in self.conversation:
            first = self.conversation.index_of(fresh[0].id)
            return [m for m in list(self.conversation)[:first] if not m.id.startswith(LOCAL)] + fresh
        ids = [m.id for m in fresh]
        if shown[0].id in ids:  # everything shown is inside the tail
            return fresh[ids.index(shown[0].id):]
        return None

    def _merge(self, stored: list[Message], bound: dict[str, str], *, reset: bool = False) -> None:
        live = {s.message_id for s in self.book.tasks.values()} | {s.message_id for s in self.book.pending}
        waiting = {s.message_id for s in self.book.pending} | {s.user_id for s in self.book.pending}
        merge(self.conversation, stored, bound=bound, live=live, waiting=waiting, empty=self.welcome(),
              reset=reset)

    def load_older(self, before_id: str | None, limit: int) -> list[Message]:
        """uchat's history pager: up to ``limit`` stored messages before ``before_id``, oldest first.

        Runs on the UI thread because uchat's ``load_older`` is synchronous: it is one small query on
        the (conversation_id, n) index, a millisecond or two even for a 10,000-message conversation.
        """
        conversation_id = self.book.paged_id
        if conversation_id is None or conversation_id != self.book.current_id:
            return []  # a conversation is being opened: its reset starts paging over
        anchor = stored_id(before_id) if before_id and not before_id.startswith(LOCAL) else None
        if anchor is None or anchor not in self.conversation:
            anchor = next((stored_id(m.id) for m in self.conversation if not m.id.startswith(LOCAL)), None)
        if anchor is None:
            return []  # nothing stored is shown (welcome, a new conversation): no older history
        try:
            rows = self.store.messages(conversation_id, limit, anchor)
        except Exception as exc:
            log.exception("loading older messages failed")
            self._notice(say_error(exc))
            return []
        return [m for m in to_messages_all(rows) if m.id not in self.conversation]

    def show_notice(self, text: str) -> None:
        """An error or notice in the chat itself (not stored) and on the status bar."""
        self.conversation.append(Message(id=self.book.local_id("notice"), role=Role.SYSTEM, text=text,
                                         status=Status.ERROR, error=text))
        self._notice(text)

    def task_row(self, task_id: str) -> TaskRow | None:
        task = getattr(self.store, "task", None)
        if task is None or not task_id:
            return None
        try:
            row: TaskRow = task(task_id)
        except Exception:  # noqa: BLE001 - not stored yet
            return None
        return row

    async def settle(self, state: TaskState) -> None:
        """After a send or decision ended: the conversation merged from the store, then idle or waiting."""
        self.book.finishing += 1
        try:
            if state.conversation_id == self.book.current_id:
                await self.sync(state.conversation_id)
        finally:
            self.book.finishing -= 1
        self._conversations_changed()
        self.book.prune()  # after the merge: it bound the task's local message to the stored one
        if not self.book.operations:
            await self.update_idle_state()
            if not self.book.busy:  # last: "not busy" means the conversation is final on screen
                self.book.busy_changed(False)

    # -- idle or waiting ----------------------------------------------------------------
    def refresh_state(self) -> None:
        """Recompute idle/waiting from what is shown (no task running), in the background."""
        self.book.background(self.update_idle_state())

    async def update_idle_state(self) -> None:
        """Set idle, or waiting while a shown approval is pending, unless a task runs."""
        if self.book.operations:
            return
        state = await self._idle_state()
        if not self.book.operations:  # a task started meanwhile: its own state stands
            self.book.set_state(state)

    async def _idle_state(self) -> str:
        if self.book.current_id is None:
            return "idle"
        approvals = [ref.artifact_id for msg in self.conversation for ref in msg.extensions
                     if ref.kind.startswith("approval/")]
        if not approvals:
            return "idle"
        # Approval rows are read on the store executor: the UI thread never waits for the store's lock.
        pending = await self.book.on_store(lambda: any(self._approval_pending(a) for a in approvals))
        return "waiting" if pending else "idle"

    def approval_row(self, approval_id: str) -> ApprovalRow | None:
        try:
            return self.store.approval(approval_id)
        except Exception:  # noqa: BLE001 - a missing row is simply unknown
            return None

    def _approval_pending(self, approval_id: str) -> bool:
        row = self.approval_row(approval_id)
        return row is not None and getattr(row, "state", "") in WAITING
