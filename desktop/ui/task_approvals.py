"""Approvals in the controller: approving, denying or retrying a frozen call (the same task resumes and
streams again), and the idle/waiting state read from the approvals shown.

A mixin of :class:`desktop.ui.controller.TaskController`."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from desktop.i18n import say_error, tr
from desktop.store.states import WAITING
from desktop.ui.imports import deferred
from desktop.ui.merge import LOCAL, stored_id
from desktop.ui.task_stream import TaskState
from uchat import Role

if TYPE_CHECKING:
    import asyncio
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.controller")


class ApprovalHandling:
    """Decisions on approvals and the idle/waiting state (uses the controller's runtime and store calls)."""

    # Provided by the controller.
    store: Any
    runtime: Any
    conversation: Any
    current_id: str | None
    _tasks: dict[str, TaskState]
    _operations: dict[Any, TaskState]
    _state: str

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

    def _approval_pending(self, approval_id: str) -> bool:
        row = self._approval_row(approval_id)
        return row is not None and getattr(row, "state", "") in WAITING

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
        state = self._tasks.get(task_id) or TaskState(conv_id, message_id or self._last_assistant_id(), task_id)
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
        except Exception as exc:  # noqa: BLE001 - refused (second approve, changed file, finished task...)
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
