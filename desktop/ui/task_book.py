"""What the task controller's parts share: the conversation shown, the tasks followed and the operations in
flight, the state shown (idle, thinking, waiting, writing, stopping), background jobs and the store calls.

One object, owned by :class:`desktop.ui.controller.TaskController` and handed to each of its parts
(:mod:`desktop.ui.conversation_sync`, :mod:`desktop.ui.task_stream`, :mod:`desktop.ui.task_approvals`), so
they share state without calling each other through ``self``."""
from __future__ import annotations

import itertools
import logging
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from desktop.ui.imports import deferred
from desktop.ui.merge import LOCAL
from desktop.ui.plumbing import StoreCalls

if TYPE_CHECKING:
    import asyncio
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.controller")

T = TypeVar("T")


@dataclass
class TaskState:
    conversation_id: str
    message_id: str  # where text deltas go: a local placeholder until the store's id is known
    task_id: str = ""
    user_id: str = ""  # the local user message shown until the stored one arrives


class TaskBook:
    """The controller's bookkeeping; ``state_changed`` and ``busy_changed`` are its signals' emitters."""

    def __init__(self, *, on_store: StoreCalls, state_changed: Callable[[str], None],
                 busy_changed: Callable[[bool], None]) -> None:
        self.on_store = on_store
        self._state_changed = state_changed
        self.busy_changed = busy_changed
        self.current_id: str | None = None
        self.paged_id: str | None = None  # the conversation whose newest page is on screen
        self.shown = 0  # counts the conversations put on screen: a send knows whether its view is still there
        self.tasks: dict[str, TaskState] = {}
        self.pending: list[TaskState] = []  # sends whose task id is not known yet
        self.operations: dict[asyncio.Future[Any], TaskState] = {}  # futures of any result
        self.state = "idle"
        self.finishing = 0
        self.starting = 0
        self.stop_requested = False
        self._counter = itertools.count(1)
        self._jobs: set[asyncio.Future[Any]] = set()
        self._ended: set[str] = set()  # tasks that finished, failed or were cancelled, not forgotten yet
        self._forgotten: deque[str] = deque(maxlen=256)  # recently forgotten: a late event binds to no new send

    @property
    def busy(self) -> bool:
        return bool(self.operations) or self.finishing > 0 or self.starting > 0

    def set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self._state_changed(state)

    def local_id(self, what: str) -> str:
        return f"{LOCAL}{what}-{next(self._counter)}"

    def track(self, fut: asyncio.Future[Any], state: TaskState) -> None:
        self.operations[fut] = state
        self.busy_changed(True)

    def untrack(self, fut: asyncio.Future[Any]) -> None:
        self.operations.pop(fut, None)

    def state_for(self, task_id: str) -> TaskState | None:
        state = self.tasks.get(task_id)
        if state is None and self.pending and task_id not in self._forgotten:
            # The first event of a new task: bind it to the oldest send still waiting for its id.
            state = self.pending.pop(0)
            state.task_id = task_id
            self.tasks[task_id] = state
        return state

    def ended(self, task_id: str) -> None:
        """``task_id`` finished, failed or was cancelled: :meth:`prune` forgets it once nothing of it runs."""
        if task_id:
            self._ended.add(task_id)

    def prune(self) -> None:
        """Forget the tasks that ended and have no operation in flight, so a day of requests does not grow
        the book. A task that resumes (an approval decided, Continue) is followed again from its message."""
        running = {id(state) for state in self.operations.values()}
        for task_id in list(self._ended):
            state = self.tasks.get(task_id)
            # a local placeholder shown still waits for the merge that binds it to its stored message
            shown_local = state is not None and state.message_id.startswith(LOCAL) \
                and state.conversation_id == self.current_id
            if state is None or (id(state) not in running and not shown_local):
                self.tasks.pop(task_id, None)
                self._ended.discard(task_id)
                self._forgotten.append(task_id)

    def background(self, coro: Coroutine[object, object, T]) -> asyncio.Future[T]:
        """Run ``coro`` as a job the controller cancels when it closes; a failure is logged."""
        fut = asyncio.ensure_future(coro)
        self._jobs.add(fut)
        fut.add_done_callback(self._job_done)
        return fut

    def cancel_jobs(self) -> None:
        for job in list(self._jobs):
            job.cancel()

    def _job_done(self, fut: asyncio.Future[Any]) -> None:
        self._jobs.discard(fut)
        if not fut.cancelled() and fut.exception() is not None:
            log.error("background update failed", exc_info=fut.exception())
