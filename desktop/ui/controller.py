"""Runs tasks for the window: agent events stream into the uchat Conversation.

The store is the truth. While a task streams, text deltas go straight into the
assistant message on screen; at every milestone (approval asked, artifact
committed, decision, end) the newest messages are re-read from the store through
the single store executor and merged in place, so cards, ids and final texts
always match what a restart would show.

A conversation opens with its newest page only; older history is read page by
page when the user scrolls up (:meth:`TaskController.load_older`, installed as
uchat's ``load_older``), so a long history costs what is on screen.

This module holds the controller: its runtime, busy bookkeeping and stopping; it composes the parts that
share its :class:`desktop.ui.task_book.TaskBook`: :mod:`desktop.ui.conversation_sync` (showing and merging),
:mod:`desktop.ui.task_stream` (sending and events) and :mod:`desktop.ui.task_approvals` (decisions).
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject, Signal

from desktop.ui.imports import deferred
from desktop.ui.conversation_sync import HISTORY_PAGE, SYNC_TAIL, WELCOME_ID, ConversationSync
from desktop.ui.plumbing import StoreCalls
from desktop.ui.task_approvals import ApprovalHandling
from desktop.ui.task_book import TaskBook, TaskState
from desktop.ui.task_stream import TaskStreaming
from uchat import Conversation, Message

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Sequence

    from desktop.agent.events import Event
    from desktop.agent.runtime import AgentRuntime
    from desktop.store import Store
    from desktop.ui.plumbing import Submitter
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

T = TypeVar("T")

__all__ = ["HISTORY_PAGE", "SYNC_TAIL", "WELCOME_ID", "TaskController", "TaskState"]

log = logging.getLogger(__name__)


class TaskController(QObject):
    """Starts, streams, decides and stops tasks; keeps the shown conversation in step with the store."""

    sig_state = Signal(str)  # idle | thinking | waiting | writing | stopping
    sig_busy = Signal(bool)
    sig_conversation_created = Signal(str)
    sig_conversations_changed = Signal()
    sig_notice = Signal(str)
    sig_synced = Signal(str)  # conversation id, after the shown conversation was merged from the store
    sig_unsent = Signal(str, list)  # a send that never started: text and attachments go back to the composer
    sig_event = Signal(object)  # every agent event, on the UI thread (queued when sent from a worker)

    def __init__(self, store: Store, runtime: AgentRuntime | None, conversation: Conversation, executor: Submitter,
                 refresh_card: Callable[[str], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.runtime: AgentRuntime | None = runtime
        self.conversation = conversation
        self._book = TaskBook(on_store=StoreCalls(executor), state_changed=self.sig_state.emit, busy_changed=self.sig_busy.emit)
        self._sync = ConversationSync(book=self._book, store=store, conversation=conversation,
                                      synced=self.sig_synced.emit, notice=self.sig_notice.emit,
                                      conversations_changed=self.sig_conversations_changed.emit)
        self._streaming = TaskStreaming(book=self._book, store=store, sync=self._sync, wait_runtime=self.wait_runtime,
                                        unsent=self.sig_unsent.emit,
                                        conversation_created=self.sig_conversation_created.emit,
                                        conversations_changed=self.sig_conversations_changed.emit,
                                        refresh_card=refresh_card)
        self._approvals = ApprovalHandling(book=self._book, sync=self._sync, wait_runtime=self.wait_runtime,
                                           refresh_card=refresh_card)
        self._unsubscribe: Callable[[], None] | None = None
        self.runtime_loader: Callable[[], Awaitable[object]] | None = None
        self._runtime_loading: asyncio.Future[object] | None = None
        self.sig_event.connect(self._on_event)
        self.attach_runtime(runtime)

    # -- what the parts do ---------------------------------------------------------------
    @property
    def current_id(self) -> str | None:
        """The conversation shown (None: the welcome message)."""
        return self._book.current_id

    @property
    def welcome_text(self) -> Callable[[], str]:
        """The welcome message's text (the window supplies it: it knows which model serves)."""
        return self._sync.welcome_text

    @welcome_text.setter
    def welcome_text(self, text: Callable[[], str]) -> None:
        self._sync.welcome_text = text

    async def show(self, conversation_id: str | None) -> None:
        """Show ``conversation_id`` (or the welcome message when None)."""
        await self._sync.show(conversation_id)

    def show_new(self) -> None:
        """Show the welcome message at once: the next send starts a new conversation."""
        self._sync.show_new()

    def welcome(self) -> Message:
        return self._sync.welcome()

    async def sync(self, conversation_id: str) -> None:
        """Re-read ``conversation_id`` from the store and merge it into the view (coalesced)."""
        await self._sync.sync(conversation_id)

    def load_older(self, before_id: str | None, limit: int) -> list[Message]:
        """uchat's history pager: up to ``limit`` stored messages before ``before_id``, oldest first."""
        return self._sync.load_older(before_id, limit)

    def show_notice(self, text: str) -> None:
        """An error or notice in the chat itself (not stored) and on the status bar."""
        self._sync.show_notice(text)

    def refresh_state(self) -> None:
        """Recompute idle/waiting from what is shown (no task running), in the background."""
        self._sync.refresh_state()

    async def update_idle_state(self) -> None:
        """Set idle, or waiting while a shown approval is pending, unless a task runs."""
        await self._sync.update_idle_state()

    def send(self, text: str, attachments: Sequence[str] = ()) -> Coroutine[object, object, None]:
        """Start a task for ``text`` in the conversation shown at this call (creating one if needed)."""
        return self._streaming.send(text, attachments)

    async def continue_answer(self, message_id: str) -> None:
        """Let the model go on from its reply the output limit cut (the same task, one more model call)."""
        await self._streaming.continue_answer(message_id)

    async def decide(self, approval_id: str, approve: bool, message_id: str = "", *,
                     allow_similar: bool = False, retry: bool = False) -> None:
        """Approve, deny or retry a frozen call: :meth:`ApprovalHandling.decide`."""
        await self._approvals.decide(approval_id, approve, message_id, allow_similar=allow_similar, retry=retry)

    def _on_event(self, event: Event) -> None:
        self._streaming.on_event(event)

    # -- the runtime ---------------------------------------------------------------------
    def attach_runtime(self, runtime: AgentRuntime | None) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.runtime = runtime
        if runtime is not None:
            # Events may come from any thread; the signal hops them onto the UI thread.
            self._unsubscribe = runtime.subscribe(self.sig_event.emit)

    def replace_runtime(self, load: Callable[[], Awaitable[object]]) -> None:
        """Drop the runtime and load another through ``load``; sends and decisions wait for it."""
        self.attach_runtime(None)
        self._runtime_loading = asyncio.ensure_future(load())

    async def wait_runtime(self) -> AgentRuntime | None:
        """The runtime, loading it once through ``runtime_loader`` when it is not there yet."""
        if self.runtime is None:
            if self._runtime_loading is None and self.runtime_loader is not None:
                self._runtime_loading = asyncio.ensure_future(self.runtime_loader())
            if self._runtime_loading is not None:
                await asyncio.shield(self._runtime_loading)
        return self.runtime

    def close(self) -> None:
        """Stop listening and drop pending view updates (the window is going away)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._book.cancel_jobs()

    # -- busy and stopping ---------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._book.busy

    def running_in(self, conversation_id: str) -> bool:
        """True while a task of ``conversation_id`` runs (or is being started or decided)."""
        book = self._book
        return any(s.conversation_id == conversation_id for s in book.operations.values()) or (
            book.starting > 0 and conversation_id == book.current_id)

    def request(self, coro: Coroutine[object, object, T]) -> asyncio.Future[T]:
        """Schedule a send/decision; busy from this moment on, not only once the coroutine runs."""
        book = self._book
        book.starting += 1
        self.sig_busy.emit(True)

        async def wrapped() -> T:
            try:
                return await coro
            finally:
                book.starting -= 1
                if book.starting == 0:
                    book.stop_requested = False
                if not book.busy:
                    self.sig_busy.emit(False)

        return book.background(wrapped())

    @property
    def state(self) -> str:
        return self._book.state

    def stop(self, everything: bool = False) -> None:
        """Cancel the running task(s) of the shown conversation (or all) cleanly, through the runtime."""
        book = self._book
        if book.starting > 0:
            book.stop_requested = True  # a send still getting ready: it will not start the task
        if not book.operations:
            return
        book.set_state("stopping")
        for fut, state in list(book.operations.items()):
            if not everything and state.conversation_id != book.current_id:
                continue
            task_ids = [state.task_id] if state.task_id else self._running_tasks(state.conversation_id)
            if task_ids and self.runtime is not None:
                for task_id in task_ids:
                    try:
                        self.runtime.cancel(task_id)
                    except Exception:
                        log.info("task %s could not be cancelled", task_id, exc_info=True)
            else:  # not started in the runtime yet: nothing was written, just stop waiting
                fut.cancel()

    def _running_tasks(self, conversation_id: str) -> list[str]:
        """Tasks of ``conversation_id`` still running (a task can run before it sent any event)."""
        tasks = getattr(self.store, "tasks", None)
        if tasks is None:
            return []
        try:
            return [t.id for t in tasks("running") if t.conversation_id == conversation_id]
        except Exception:  # noqa: BLE001
            return []
