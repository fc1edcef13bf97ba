"""Runs tasks for the window: agent events stream into the uchat Conversation.

The store is the truth. While a task streams, text deltas go straight into the
assistant message on screen; at every milestone (approval asked, artifact
committed, decision, end) the newest messages are re-read from the store through
the single store executor and merged in place, so cards, ids and final texts
always match what a restart would show.

A conversation opens with its newest page only; older history is read page by
page when the user scrolls up (:meth:`TaskController.load_older`, installed as
uchat's ``load_older``), so a long history costs what is on screen.

This module holds the controller's runtime, its busy/state bookkeeping and stopping; the rest comes from
mixins: :mod:`desktop.ui.conversation_sync` (showing and merging), :mod:`desktop.ui.task_stream`
(sending and events) and :mod:`desktop.ui.task_approvals` (decisions).
"""
from __future__ import annotations

import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop.ui.imports import deferred
from desktop.i18n import tr
from desktop.ui.conversation_sync import HISTORY_PAGE, SYNC_TAIL, WELCOME_ID, ConversationSync
from desktop.ui.merge import LOCAL
from desktop.ui.task_approvals import ApprovalHandling
from desktop.ui.task_stream import TaskState, TaskStreaming
from uchat import Conversation, Message, Role, Status

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import Executor
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

__all__ = ["HISTORY_PAGE", "SYNC_TAIL", "WELCOME_ID", "TaskController", "TaskState"]

log = logging.getLogger(__name__)


class TaskController(ConversationSync, TaskStreaming, ApprovalHandling, QObject):
    """Starts, streams, decides and stops tasks; keeps the shown conversation in step with the store."""

    sig_state = Signal(str)  # idle | thinking | waiting | writing | stopping
    sig_busy = Signal(bool)
    sig_conversation_created = Signal(str)
    sig_conversations_changed = Signal()
    sig_notice = Signal(str)
    sig_synced = Signal(str)  # conversation id, after the shown conversation was merged from the store
    sig_unsent = Signal(str, list)  # a send that never started: text and attachments go back to the composer
    sig_event = Signal(object)  # every agent event, on the UI thread (queued when sent from a worker)

    def __init__(self, store: Any, runtime: Any, conversation: Conversation, executor: Executor,
                 refresh_card: Callable[[str], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.runtime = runtime
        self.conversation = conversation
        self._executor = executor
        self._refresh_card = refresh_card
        self.current_id: str | None = None
        self._paged_id: str | None = None  # the conversation whose newest page is on screen
        self._tasks: dict[str, TaskState] = {}
        self._pending: list[TaskState] = []  # sends whose task id is not known yet
        self._operations: dict[asyncio.Future[Any], TaskState] = {}
        self._syncing: asyncio.Future[Any] | None = None
        self._sync_again = False
        self._sync_target = ""
        self._counter = itertools.count(1)
        self._state = "idle"
        self._unsubscribe: Callable[[], None] | None = None
        self._jobs: set[asyncio.Future[Any]] = set()
        self._finishing = 0
        self._starting = 0
        self._stop_requested = False
        self.runtime_loader: Callable[[], Any] | None = None
        # The window supplies the text (it knows which model serves).
        self.welcome_text: Callable[[], str] = lambda: tr("welcome")
        self._runtime_loading: asyncio.Future[Any] | None = None
        self.sig_event.connect(self._on_event)
        self.attach_runtime(runtime)

    def attach_runtime(self, runtime: Any) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.runtime = runtime
        if runtime is not None:
            # Events may come from any thread; the signal hops them onto the UI thread.
            self._unsubscribe = runtime.subscribe(self.sig_event.emit)

    def replace_runtime(self, load: Callable[[], Awaitable[Any]]) -> None:
        """Drop the runtime and load another through ``load``; sends and decisions wait for it."""
        self.attach_runtime(None)
        self._runtime_loading = asyncio.ensure_future(load())

    async def wait_runtime(self) -> Any:
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
        for job in list(self._jobs):
            job.cancel()

    # -- helpers ------------------------------------------------------------------------
    async def _store(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run one store call on the single store executor."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    @property
    def busy(self) -> bool:
        return bool(self._operations) or self._finishing > 0 or self._starting > 0

    def running_in(self, conversation_id: str) -> bool:
        """True while a task of ``conversation_id`` runs (or is being started or decided)."""
        return any(s.conversation_id == conversation_id for s in self._operations.values()) or (
            self._starting > 0 and conversation_id == self.current_id)

    def request(self, coro: Any) -> asyncio.Future[Any]:
        """Schedule a send/decision; busy from this moment on, not only once the coroutine runs."""
        self._starting += 1
        self.sig_busy.emit(True)

        async def wrapped() -> Any:
            try:
                return await coro
            finally:
                self._starting -= 1
                if self._starting == 0:
                    self._stop_requested = False
                if not self.busy:
                    self.sig_busy.emit(False)

        fut = asyncio.ensure_future(wrapped())
        self._jobs.add(fut)
        fut.add_done_callback(self._job_done)
        return fut

    @property
    def state(self) -> str:
        return self._state

    def _set_state(self, state: str) -> None:
        if state != self._state:
            self._state = state
            self.sig_state.emit(state)

    def _local_id(self, what: str) -> str:
        return f"{LOCAL}{what}-{next(self._counter)}"

    def show_notice(self, text: str) -> None:
        """An error or notice in the chat itself (not stored) and on the status bar."""
        self.conversation.append(Message(id=self._local_id("notice"), role=Role.SYSTEM, text=text,
                                         status=Status.ERROR, error=text))
        self.sig_notice.emit(text)

    def _track(self, fut: asyncio.Future[Any], state: TaskState) -> None:
        self._operations[fut] = state
        self.sig_busy.emit(True)

    def _untrack(self, fut: asyncio.Future[Any]) -> None:
        self._operations.pop(fut, None)

    def _task_row(self, task_id: str) -> Any:
        task = getattr(self.store, "task", None)
        if task is None or not task_id:
            return None
        try:
            return task(task_id)
        except Exception:  # noqa: BLE001 - not stored yet
            return None

    def stop(self, everything: bool = False) -> None:
        """Cancel the running task(s) of the shown conversation (or all) cleanly, through the runtime."""
        if self._starting > 0:
            self._stop_requested = True  # a send still getting ready: it will not start the task
        if not self._operations:
            return
        self._set_state("stopping")
        for fut, state in list(self._operations.items()):
            if not everything and state.conversation_id != self.current_id:
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

    def _background(self, coro: Any) -> None:
        fut = asyncio.ensure_future(coro)
        self._jobs.add(fut)
        fut.add_done_callback(self._job_done)

    def _job_done(self, fut: asyncio.Future[Any]) -> None:
        self._jobs.discard(fut)
        if not fut.cancelled() and fut.exception() is not None:
            log.error("background update failed", exc_info=fut.exception())
