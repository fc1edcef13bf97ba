"""Approvals in the controller: approving, denying or retrying a frozen call (the same task resumes and
streams again).

A part of :class:`desktop.ui.controller.TaskController`, handed the controller's book, the conversation's
sync and how to reach the runtime."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING

from desktop.i18n import say_error, tr
from desktop.ui.conversation_sync import ConversationSync
from desktop.ui.imports import deferred
from desktop.ui.merge import LOCAL, stored_id
from desktop.ui.task_book import TaskBook, TaskState
from uchat import Role

if TYPE_CHECKING:
    import asyncio

    from desktop.agent.runtime import AgentRuntime
    from desktop.store import RuleRow
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.controller")


class ApprovalHandling:
    """Decisions on approvals. ``wait_runtime()`` gives the runtime (None when it could not load);
    ``refresh_card(approval_id)`` redraws an approval card after its decision."""

    def __init__(self, *, book: TaskBook, sync: ConversationSync,
                 wait_runtime: Callable[[], Awaitable[AgentRuntime | None]],
                 refresh_card: Callable[[str], None]) -> None:
        self.book = book
        self.sync = sync
        self.conversation = sync.conversation
        self._wait_runtime = wait_runtime
        self._refresh_card = refresh_card

    # -- approvals ----------------------------------------------------------------------
    async def decide(self, approval_id: str, approve: bool, message_id: str = "", *,
                     allow_similar: bool = False, retry: bool = False) -> None:
        """Approve or deny a frozen call; the same task resumes and its events stream here. With
        ``allow_similar`` the approval also keeps a rule for similar writes in this conversation; with
        ``retry`` an approved write the disk refused runs again, once."""
        runtime = await self._wait_runtime()
        if runtime is None:
            return
        conv_id = self.book.current_id or ""
        row = await self.book.on_store(self.sync.approval_row, approval_id)
        task_id = getattr(row, "task_id", "") if row is not None else ""
        state = self.book.tasks.get(task_id) or TaskState(conv_id, message_id or self._last_assistant_id(), task_id)
        state.conversation_id = conv_id
        if task_id:
            self.book.tasks[task_id] = state
        call: Coroutine[object, object, RuleRow | None]
        if retry:
            call = runtime.retry(approval_id)
        elif approve:
            call = (runtime.approve(approval_id, allow_similar=True) if allow_similar
                    else runtime.approve(approval_id))
        else:
            call = runtime.deny(approval_id)
        fut = asyncio.ensure_future(call)
        self.book.track(fut, state)
        self.book.set_state("writing" if approve else "thinking")
        try:
            rule = await fut
            if allow_similar and rule is None:  # approved on its own: no rule may cover this kind of write
                self.sync.show_notice(tr("approval.no_rule"))
        except asyncio.CancelledError:
            if self.book.state == "stopping":
                self.sync.show_notice(tr("chat.stopped"))
        except Exception as exc:  # noqa: BLE001 - refused (second approve, changed file, finished task...)
            log.info("decision on %s refused: %s", approval_id, exc)
            self.sync.show_notice(tr("chat.decision_failed", error=say_error(exc)))
        finally:
            self.book.untrack(fut)
            self._refresh_card(approval_id)
            await self.sync.settle(state)

    def _last_assistant_id(self) -> str:
        for msg in reversed(list(self.conversation)):
            if msg.role == Role.ASSISTANT and not msg.id.startswith(LOCAL):
                return stored_id(msg.id)
        return ""
