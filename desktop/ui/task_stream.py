"""Sending a request and streaming its task: the shown request and a placeholder answer at once, the
task started through the runtime, and its events (text deltas, tool calls, approvals, the end) turned
into the controller's state and store syncs.

A mixin of :class:`desktop.ui.controller.TaskController`."""
from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.i18n import say_error, tr
from desktop.messages import shown_request
from desktop.ui.conversation_sync import WELCOME_ID
from desktop.ui.imports import deferred
from desktop.ui.merge import user_message
from uchat import Message, Role, Status

if TYPE_CHECKING:
    import asyncio
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.controller")


@dataclass
class TaskState:
    conversation_id: str
    message_id: str  # where text deltas go: a local placeholder until the store's id is known
    task_id: str = ""
    user_id: str = ""  # the local user message shown until the stored one arrives


class TaskStreaming:
    """Starting tasks and following their events (uses the controller's runtime, store calls and state)."""

    # Provided by the controller.
    store: Any
    runtime: Any
    conversation: Any
    current_id: str | None
    sig_busy: Any
    sig_unsent: Any
    sig_conversation_created: Any
    sig_conversations_changed: Any
    _paged_id: str | None
    _tasks: dict[str, TaskState]
    _pending: list[TaskState]
    _operations: dict[Any, TaskState]
    _finishing: int
    _stop_requested: bool
    _state: str

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
            from desktop.agent.titles import request_title  # with the runtime, after the first frame

            title = request_title(text, [Path(a).name for a in attachments])
            row = await self._store(functools.partial(self.store.create_conversation, title, auto=True))
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
        state = TaskState(conv_id, placeholder, user_id=user_id)
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

    async def continue_answer(self, message_id: str) -> None:
        """Let the model go on from its reply the output limit cut (the same task, one more model call); what
        it said comes back first and the rest streams after it."""
        if await self.wait_runtime() is None:
            return
        task_id = await self._store(self.runtime.cut_task, message_id)
        if not task_id:
            self.show_notice(tr("continue.nothing"))
            return
        state = TaskState(self.current_id or "", message_id, task_id)
        self._tasks[task_id] = state
        if message_id in self.conversation:  # emptied: the runtime streams what was said, then the rest
            self.conversation.update(message_id, text="", status=Status.STREAMING, error="")
        fut = asyncio.ensure_future(self.runtime.continue_answer(task_id))
        self._track(fut, state)
        self._set_state("thinking")
        try:
            await fut
        except asyncio.CancelledError:
            if self._state == "stopping":
                self.show_notice(tr("chat.stopped"))
        except Exception as exc:  # noqa: BLE001 - nothing waited, or the runtime refused: said once, nothing is lost
            log.info("continue of %s refused: %s", message_id, exc)
            self.show_notice(tr("chat.continue_failed", error=say_error(exc)))
        finally:
            self._untrack(fut)
            await self._finish(state)

    async def _finish(self, state: TaskState) -> None:
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

    # -- events -------------------------------------------------------------------------
    def _state_for(self, task_id: str) -> TaskState | None:
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
        if isinstance(event, ev.ReasoningDelta):
            if here and state.message_id in self.conversation and event.agent in ("main", "generate"):
                self.conversation.append_reasoning(state.message_id, event.text)  # folded "Thinking…"
            return
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
