"""Showing a conversation and keeping it in step with the store: the newest page when it opens, a merge
of the newest rows at every task milestone (coalesced), and older history page by page on scrolling up.

A mixin of :class:`desktop.ui.controller.TaskController`."""
from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from desktop.i18n import say_error
from desktop.ui.imports import deferred
from desktop.ui.merge import LOCAL, merge, stored_id, to_messages_all
from uchat import Message, Role

if TYPE_CHECKING:
    import asyncio
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.controller")

WELCOME_ID = LOCAL + "welcome"
SYNC_TAIL = 40  # rows re-read at a task milestone once a conversation is on screen
HISTORY_PAGE = 50  # rows read when a conversation opens (older ones come page by page on scrolling up)


class ConversationSync:
    """The shown conversation against the store (uses the controller's store calls and task states)."""

    # Provided by the controller.
    store: Any
    conversation: Any
    current_id: str | None
    welcome_text: Any
    sig_synced: Any
    sig_notice: Any
    _paged_id: str | None
    _tasks: dict[str, Any]
    _pending: list[Any]
    _operations: dict[Any, Any]
    _syncing: Any
    _sync_again: bool
    _sync_target: str

    # -- showing a conversation ---------------------------------------------------------
    async def show(self, conversation_id: str | None) -> None:
        """Show ``conversation_id`` (or the welcome message when None)."""
        self.current_id = conversation_id
        self._paged_id = None
        if conversation_id is None:
            self.conversation.reset([self.welcome()])
            if not self._operations:
                self._set_state("idle")
            return
        rows = await self._store(self.store.messages, conversation_id, HISTORY_PAGE)
        if conversation_id != self.current_id:
            return  # another conversation was opened meanwhile
        # One reset with the newest page: uchat starts paging this conversation's history over.
        self.conversation.reset(to_messages_all(rows) or [self.welcome()])
        self._paged_id = conversation_id
        await self.sync(conversation_id)  # binds running tasks' placeholders; the page itself is current
        await self.update_idle_state()  # a pending approval shown after a restart: "waiting"

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
            rows = await self._store(self.store.messages, conversation_id, SYNC_TAIL)
            bound = {}
            for state in self._tasks.values():
                if state.conversation_id == conversation_id and state.message_id.startswith(LOCAL):
                    row = await self._store(self._task_row, state.task_id)
                    stored_id = getattr(row, "message_id", "") if row is not None else ""
                    if not stored_id:  # no task row yet: the task writes into the newest assistant message
                        stored_id = next((r.id for r in reversed(rows) if r.role == "assistant"), "")
                    if stored_id:
                        bound[state.message_id] = stored_id
                        state.message_id = stored_id
            # Until show() has put the newest page on screen, it does the merging (with this sync after).
            if conversation_id == self.current_id and self._paged_id == conversation_id:
                fresh = self._with_history(rows)
                reset = fresh is None
                if fresh is None:
                    # More new messages than the tail (another window wrote them): start over from the
                    # newest page; uchat pages the rest back in on scrolling up.
                    page = await self._store(self.store.messages, conversation_id, HISTORY_PAGE)
                    fresh = to_messages_all(page)
                if conversation_id == self.current_id and self._paged_id == conversation_id:
                    self._merge(fresh, bound, reset=reset)
                    self.sig_synced.emit(conversation_id)
            if not self._sync_again:
                return

    def _with_history(self, rows: Sequence[Any]) -> list[Message] | None:
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
        live = {s.message_id for s in self._tasks.values()} | {s.message_id for s in self._pending}
        waiting = {s.message_id for s in self._pending} | {s.user_id for s in self._pending}
        merge(self.conversation, stored, bound=bound, live=live, waiting=waiting, empty=self.welcome(),
              reset=reset)

    def load_older(self, before_id: str | None, limit: int) -> list[Message]:
        """uchat's history pager: up to ``limit`` stored messages before ``before_id``, oldest first.

        Runs on the UI thread because uchat's ``load_older`` is synchronous: it is one small query on
        the (conversation_id, n) index, a millisecond or two even for a 10,000-message conversation.
        """
        conversation_id = self._paged_id
        if conversation_id is None or conversation_id != self.current_id:
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
            self.sig_notice.emit(say_error(exc))
            return []
        return [m for m in to_messages_all(rows) if m.id not in self.conversation]
