"""Sending a request and streaming its task: the shown request and a placeholder answer at once, the
task started through the runtime, and its events (text deltas, tool calls, approvals, the end) turned
into the controller's state and store syncs.

A part of :class:`desktop.ui.controller.TaskController`, handed the controller's book, store, the
conversation's sync and how to reach the runtime."""
from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.i18n import say_error, tr
from desktop.messages import shown_request
from desktop.ui.conversation_sync import WELCOME_ID, ConversationSync
from desktop.ui.imports import deferred
from desktop.ui.merge import user_message
from desktop.ui.task_book import TaskBook, TaskState
from uchat import Message, Role, Status

if TYPE_CHECKING:
    import asyncio

    from desktop.agent.events import Event
    from desktop.agent.runtime import AgentRuntime
    from desktop.store import Store
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.controller")

__all__ = ["TaskState", "TaskStreaming"]


class TaskStreaming:
    """Starting tasks and following their events.

    ``wait_runtime()`` gives the runtime (None when it could not load); ``unsent(text, attachments)`` gives a
    send that never started back to the composer; ``conversation_created(id)`` says a send made the conversation
    on screen, ``conversations_changed()`` that it made one the user has left meanwhile;
    ``refresh_card(approval_id)`` redraws an approval card after its decision."""

    def __init__(self, *, book: TaskBook, store: Store, sync: ConversationSync,
                 wait_runtime: Callable[[], Awaitable[AgentRuntime | None]], unsent: Callable[[str, list[str]], None],
                 conversation_created: Callable[[str], None], conversations_changed: Callable[[], None],
                 refresh_card: Callable[[str], None]) -> None:
        self.book = book
        self.store = store
        self.sync = sync
        self.conversation = sync.conversation
        self._wait_runtime = wait_runtime
        self._unsent = unsent
        self._conversation_created = conversation_created
        self._conversations_changed = conversations_changed
        self._refresh_card = refresh_card

    # -- sending ------------------------------------------------------------------------
    def send(self, text: str, attachments: Sequence[str] = ()) -> Coroutine[object, object, None]:
        """Start a task for ``text`` in the conversation shown at this call (creating one if needed).

        The conversation is taken now, not when the coroutine runs: one opened or started meanwhile (New
        conversation right after Enter, while the runtime loads) neither receives the request nor shows it."""
        return self._send(text.strip(), list(attachments), self.book.current_id, self.book.shown)

    async def _send(self, text: str, attachments: list[str], conv_id: str | None, shown: int) -> None:
        if not text and not attachments:
            return
        runtime = await self._wait_runtime()
        if runtime is None:
            self.sync.show_notice(tr("chat.no_runtime"))
            self._unsent(text, attachments)
            return
        if self.book.stop_requested:  # Stop was pressed before the task could start: give the text back
            self._unsent(text, attachments)
            return
        if conv_id is None:
            from desktop.agent.titles import request_title  # with the first new conversation, not at start

            title = request_title(text, [Path(a).name for a in attachments])
            row = await self.book.on_store(functools.partial(self.store.create_conversation, title, auto=True))
            conv_id = row.id
            if self.book.current_id is None and self.book.shown == shown:  # its welcome is still on screen
                self.book.current_id = conv_id
                self.book.paged_id = conv_id  # new and empty: what is on screen is all of it
                self._conversation_created(conv_id)
            else:
                self._conversations_changed()  # listed; the window stays where the user went
        if self.book.stop_requested:
            self._unsent(text, attachments)
            return
        on_screen = conv_id == self.book.current_id
        if on_screen and WELCOME_ID in self.conversation:
            self.conversation.remove(WELCOME_ID)
        user_id = self.book.local_id("user")
        placeholder = self.book.local_id("assistant")
        if on_screen:
            shown_text = shown_request(text, [Path(a).name for a in attachments])
            self.conversation.append(user_message(user_id, shown_text))
            self.conversation.append(Message(id=placeholder, role=Role.ASSISTANT, status=Status.STREAMING))
        state = TaskState(conv_id, placeholder, user_id=user_id)
        self.book.pending.append(state)
        fut = asyncio.ensure_future(runtime.start_task(conv_id, text, [Path(a) for a in attachments]))
        self.book.track(fut, state)
        self.book.set_state("thinking")
        try:
            task_id = await fut
            if state.task_id == "" and isinstance(task_id, str):
                state.task_id = task_id
                self.book.tasks[task_id] = state
        except asyncio.CancelledError:
            if self.book.state == "stopping":
                self.sync.show_notice(tr("chat.stopped"))
        except Exception as exc:  # the runtime's clear message, shown once; nothing is lost
            log.exception("start_task failed")
            self.sync.show_notice(tr("chat.start_failed", error=say_error(exc)))
        finally:
            if state in self.book.pending:
                self.book.pending.remove(state)
            self.book.untrack(fut)
            await self.sync.settle(state)

    async def continue_answer(self, message_id: str) -> None:
        """Let the model go on from its reply the output limit cut (the same task, one more model call); what
        it said comes back first and the rest streams after it."""
        runtime = await self._wait_runtime()
        if runtime is None:
            return
        task_id = await self.book.on_store(runtime.cut_task, message_id)
        if not task_id:
            self.sync.show_notice(tr("continue.nothing"))
            return
        state = TaskState(self.book.current_id or "", message_id, task_id)
        self.book.tasks[task_id] = state
        if message_id in self.conversation:  # emptied: the runtime streams what was said, then the rest
            self.conversation.update(message_id, text="", status=Status.STREAMING, error="")
        fut = asyncio.ensure_future(runtime.continue_answer(task_id))
        self.book.track(fut, state)
        self.book.set_state("thinking")
        try:
            await fut
        except asyncio.CancelledError:
            if self.book.state == "stopping":
                self.sync.show_notice(tr("chat.stopped"))
        except Exception as exc:  # noqa: BLE001 - nothing waited, or the runtime refused: said once, nothing is lost
            log.info("continue of %s refused: %s", message_id, exc)
            self.sync.show_notice(tr("chat.continue_failed", error=say_error(exc)))
        finally:
            self.book.untrack(fut)
            await self.sync.settle(state)

    # -- events -------------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        # Imported with the first event, not with the window: events come once the runtime has loaded them.
        from desktop.agent import events as ev

        # Events after which the shown conversation is re-read from the store.
        milestones = (ev.ApprovalRequested, ev.TaskPaused, ev.ApprovalDecided, ev.ArtifactCommitted,
                      ev.TaskFinished, ev.TaskFailed, ev.TaskCancelled)
        state = self.book.state_for(getattr(event, "task_id", ""))
        # the task's state when it belongs to the conversation shown
        here = state if state is not None and state.conversation_id == self.book.current_id else None
        if isinstance(event, ev.ReasoningDelta):
            if here is not None and here.message_id in self.conversation and event.agent in ("main", "generate"):
                self.conversation.append_reasoning(here.message_id, event.text)  # folded "Thinking…"
            return
        if isinstance(event, ev.TextDelta):
            if here is not None and here.message_id in self.conversation and event.agent in ("main", "generate"):
                self.conversation.append_text(here.message_id, event.text)
            if self.book.state not in ("stopping", "writing"):
                self.book.set_state("thinking")
            return
        if isinstance(event, (ev.ToolStarted, ev.ToolFinished)):
            # "Writing…" lasts from an approval to the end of the approved call; a write command is
            # announced before its approval is asked, so starting one alone is not writing yet.
            if self.book.state not in ("stopping", "writing") or isinstance(event, ev.ToolFinished):
                if self.book.state != "stopping":
                    self.book.set_state("thinking")
            return
        if isinstance(event, (ev.ApprovalRequested, ev.TaskPaused)):
            self.book.set_state("waiting")
        elif isinstance(event, ev.ApprovalDecided):
            self._refresh_card(event.approval_id)
            if self.book.state != "stopping":
                self.book.set_state("writing" if event.approved else "thinking")
        if isinstance(event, (ev.TaskFinished, ev.TaskFailed, ev.TaskCancelled)):
            self.book.ended(event.task_id)
        if isinstance(event, milestones) and here is not None:
            if isinstance(event, ev.TaskFinished) and event.message_id:
                here.message_id = event.message_id
            self.book.background(self.sync.sync(here.conversation_id))
