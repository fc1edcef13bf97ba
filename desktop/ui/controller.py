"""Runs tasks for the window: agent events stream into the uchat Conversation.

The store is the truth. While a task streams, text deltas go straight into the
assistant message on screen; at every milestone (approval asked, artifact
committed, decision, end) the newest messages are re-read from the store through
the single store executor and merged in place, so cards, ids and final texts
always match what a restart would show.

A conversation opens with its newest page only; older history is read page by
page when the user scrolls up (:meth:`TaskController.load_older`, installed as
uchat's ``load_older``), so a long history costs what is on screen.
"""
from __future__ import annotations

import itertools
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop.ui.imports import deferred
from desktop.i18n import say_error, tr
from desktop.store.states import WAITING
from desktop.messages import shown_request
from desktop.ui.merge import LOCAL, merge, stored_id, to_messages_all, user_message
from uchat import Conversation, Message, Role, Status

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import Executor
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger(__name__)

WELCOME_ID = LOCAL + "welcome"
SYNC_TAIL = 40  # rows re-read at a task milestone once a conversation is on screen
HISTORY_PAGE = 50  # rows read when a conversation opens (older ones come page by page on scrolling up)


@dataclass
class _TaskState:
    conversation_id: str
    message_id: str  # where text deltas go: a local placeholder until the store's id is known
    task_id: str = ""
    user_id: str = ""  # the local user message shown until the stored one arrives


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
        self._tasks: dict[str, _TaskState] = {}
        self._pending: list[_TaskState] = []  # sends whose task id is not known yet
        self._operations: dict[asyncio.Future[Any], _TaskState] = {}
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

    def _track(self, fut: asyncio.Future[Any], state: _TaskState) -> None:
        self._operations[fut] = state
        self.sig_busy.emit(True)

    def _untrack(self, fut: asyncio.Future[Any]) -> None:
        self._operations.pop(fut, None)

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
        except Exception as exc:  # noqa: BLE001 - say it once; the history shown stays as it is
            log.exception("loading older messages failed")
            self.sig_notice.emit(say_error(exc))
            return []
        return [m for m in to_messages_all(rows) if m.id not in self.conversation]

    # -- sending ------------------------------------------------------------------------
    async def send(self, text: str, attachments: Sequence[str] = ()) -> None:
        """Start a task for ``text`` in the shown conversation (creating one if needed)."""
        text = text.strip()
        if not text and not attachments:
            return
        if await self.wait_runtime() is None:
            self.show_notice(tr("chat.no_runtime"))
            self.sig_unsent.emit(text, list(attachments))
            return
        if self._stop_requested:  # Stop was pressed before the task could start: give the text back
            self.sig_unsent.emit(text, list(attachments))
            return
        conv_id = self.current_id
        if conv_id is None:
            first_line = text.splitlines()[0].strip().rstrip(":：") if text else ""
            title = (first_line or Path(attachments[0]).name)[:60]
            row = await self._store(self.store.create_conversation, title)
            conv_id = row.id
            self.current_id = conv_id
            self._paged_id = conv_id  # new and empty: what is on screen is all of it
            self.sig_conversation_created.emit(conv_id)
        if self._stop_requested:
            self.sig_unsent.emit(text, list(attachments))
            return
        if WELCOME_ID in self.conversation:
            self.conversation.remove(WELCOME_ID)
        shown_text = shown_request(text, [Path(a).name for a in attachments])
        user_id = self._local_id("user")
        self.conversation.append(user_message(user_id, shown_text))
        placeholder = self._local_id("assistant")
        self.conversation.append(Message(id=placeholder, role=Role.ASSISTANT, status=Status.STREAMING))
        state = _TaskState(conv_id, placeholder, user_id=user_id)
        self._pending.append(state)
        fut = asyncio.ensure_future(self.runtime.start_task(conv_id, text, [Path(a) for a in attachments]))
        self._track(fut, state)
        self._set_state("thinking")
        try:
            task_id = await fut
            if state.task_id == "" and isinstance(task_id, str):
                state.task_id = task_id
                self._tasks[task_id] = state
        except asyncio.CancelledError:
            if self._state == "stopping":
                self.show_notice(tr("chat.stopped"))
        except Exception as exc:  # the runtime's clear message, shown once; nothing is lost
            log.exception("start_task failed")
            self.show_notice(tr("chat.start_failed", error=say_error(exc)))
        finally:
            if state in self._pending:
                self._pending.remove(state)
            self._untrack(fut)
            await self._finish(state)

    async def _finish(self, state: _TaskState) -> None:
        self._finishing += 1
        try:
            if state.conversation_id == self.current_id:
                await self.sync(state.conversation_id)
        finally:
            self._finishing -= 1
        self.sig_conversations_changed.emit()
        if not self._operations:
            await self.update_idle_state()
            if not self.busy:  # last: "not busy" means the conversation is final on screen
                self.sig_busy.emit(False)

    def refresh_state(self) -> None:
        """Recompute idle/waiting from what is shown (no task running), in the background."""
        self._background(self.update_idle_state())

    async def update_idle_state(self) -> None:
        """Set idle, or waiting while a shown approval is pending, unless a task runs."""
        if self._operations:
            return
        state = await self._idle_state()
        if not self._operations:  # a task started meanwhile: its own state stands
            self._set_state(state)

    async def _idle_state(self) -> str:
        if self.current_id is None:
            return "idle"
        approvals = [ref.artifact_id for msg in self.conversation for ref in msg.extensions
                     if ref.kind.startswith("approval/")]
        if not approvals:
            return "idle"
        # Approval rows are read on the store executor: the UI thread never waits for the store's lock.
        pending = await self._store(lambda: any(self._approval_pending(a) for a in approvals))
        return "waiting" if pending else "idle"

    def _approval_row(self, approval_id: str) -> Any:
        try:
            return self.store.approval(approval_id)
        except Exception:  # noqa: BLE001 - a missing row is simply unknown
            return None

    def _task_row(self, task_id: str) -> Any:
        task = getattr(self.store, "task", None)
        if task is None or not task_id:
            return None
        try:
            return task(task_id)
        except Exception:  # noqa: BLE001 - not stored yet
            return None

    def _approval_pending(self, approval_id: str) -> bool:
        row = self._approval_row(approval_id)
        return row is not None and getattr(row, "state", "") in WAITING

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
                    except Exception:  # noqa: BLE001 - already over: nothing left to stop
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

    # -- approvals ----------------------------------------------------------------------
    async def decide(self, approval_id: str, approve: bool, message_id: str = "", *,
                     allow_similar: bool = False, retry: bool = False) -> None:
        """Approve or deny a frozen call; the same task resumes and its events stream here. With
        ``allow_similar`` the approval also keeps a rule for similar writes in this conversation; with
        ``retry`` an approved write the disk refused runs again, once."""
        if await self.wait_runtime() is None:
            return
        conv_id = self.current_id or ""
        row = await self._store(self._approval_row, approval_id)
        task_id = getattr(row, "task_id", "") if row is not None else ""
        state = self._tasks.get(task_id) or _TaskState(conv_id, message_id or self._last_assistant_id(), task_id)
        state.conversation_id = conv_id
        if task_id:
            self._tasks[task_id] = state
        if retry:
            call = self.runtime.retry(approval_id)
        elif approve:
            call = (self.runtime.approve(approval_id, allow_similar=True) if allow_similar
                    else self.runtime.approve(approval_id))
        else:
            call = self.runtime.deny(approval_id)
        fut = asyncio.ensure_future(call)
        self._track(fut, state)
        self._set_state("writing" if approve else "thinking")
        try:
            rule = await fut
            if allow_similar and rule is None:  # approved on its own: no rule may cover this kind of write
                self.show_notice(tr("approval.no_rule"))
        except asyncio.CancelledError:
            if self._state == "stopping":
                self.show_notice(tr("chat.stopped"))
        except Exception as exc:  # refused (second approve, changed file, finished task...)
            log.info("decision on %s refused: %s", approval_id, exc)
            self.show_notice(tr("chat.decision_failed", error=say_error(exc)))
        finally:
            self._untrack(fut)
            self._refresh_card(approval_id)
            await self._finish(state)

    def _last_assistant_id(self) -> str:
        for msg in reversed(list(self.conversation)):
            if msg.role == Role.ASSISTANT and not msg.id.startswith(LOCAL):
                return stored_id(msg.id)
        return ""

    # -- events -------------------------------------------------------------------------
    def _state_for(self, task_id: str) -> _TaskState | None:
        state = self._tasks.get(task_id)
        if state is None and self._pending:
            # The first event of a new task: bind it to the oldest send still waiting for its id.
            state = self._pending.pop(0)
            state.task_id = task_id
            self._tasks[task_id] = state
        return state

    def _on_event(self, event: Any) -> None:
        # Imported with the first event, not with the window: events come once the runtime has loaded them.
        from desktop.agent import events as ev

        # Events after which the shown conversation is re-read from the store.
        milestones = (ev.ApprovalRequested, ev.TaskPaused, ev.ApprovalDecided, ev.ArtifactCommitted,
                      ev.TaskFinished, ev.TaskFailed, ev.TaskCancelled)
        state = self._state_for(getattr(event, "task_id", ""))
        here = state is not None and state.conversation_id == self.current_id
        if isinstance(event, ev.TextDelta):
            if here and state.message_id in self.conversation and event.agent in ("main", "generate"):
                self.conversation.append_text(state.message_id, event.text)
            if self._state not in ("stopping", "writing"):
                self._set_state("thinking")
            return
        if isinstance(event, (ev.ToolStarted, ev.ToolFinished)):
            # "Writing…" lasts from an approval to the end of the approved call; a write command is
            # announced before its approval is asked, so starting one alone is not writing yet.
            if self._state not in ("stopping", "writing") or isinstance(event, ev.ToolFinished):
                if self._state != "stopping":
                    self._set_state("thinking")
            return
        if isinstance(event, (ev.ApprovalRequested, ev.TaskPaused)):
            self._set_state("waiting")
        elif isinstance(event, ev.ApprovalDecided):
            self._refresh_card(event.approval_id)
            if self._state != "stopping":
                self._set_state("writing" if event.approved else "thinking")
        if isinstance(event, milestones) and here:
            if isinstance(event, ev.TaskFinished) and event.message_id:
                state.message_id = event.message_id
            self._background(self.sync(state.conversation_id))

    def _background(self, coro: Any) -> None:
        fut = asyncio.ensure_future(coro)
        self._jobs.add(fut)
        fut.add_done_callback(self._job_done)

    def _job_done(self, fut: asyncio.Future[Any]) -> None:
        self._jobs.discard(fut)
        if not fut.cancelled() and fut.exception() is not None:
            log.error("background update failed", exc_info=fut.exception())
