"""The reporter: the only part that updates the task's chat message and publishes events."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from desktop.agent import _messages as M
from desktop.agent.events import Event, TaskCancelled, TaskFailed, TaskFinished
from desktop.agent.listeners import Listener, Listeners
from desktop.agent.outcome import failed, outcome_json
from desktop.agent.state import Run, error
from desktop.llm import ToolCall
from desktop.messages import msg
from desktop.store import Extension, Store
from desktop.store.states import ApprovalState, LedgerState
from skills.messages import Msg, Text

RUN_SKILL = "run_skill"  # the parent's ledger row for a skill agent (tools.RUN_SKILL.name)


class Reporter:
    """Publishes events to subscribers and keeps the task's assistant message in step with the task.
    ``listeners``: the subscriptions it publishes to (the runtime's, made before the reporter)."""

    def __init__(self, store: Store, listeners: Listeners | None = None) -> None:
        self._store = store
        self._listeners = listeners if listeners is not None else Listeners()

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(event)`` for every event; returns the unsubscribe function."""
        return self._listeners.subscribe(callback)

    def emit(self, event: Event) -> None:
        self._listeners.emit(event)

    def extensions(self, task_id: str) -> list[Extension]:
        exts = [Extension(artifact_id=a.id, kind=f"approval/{a.kind}") for a in self._store.approvals(task_id)]
        exts += [Extension(artifact_id=a.id, kind=a.kind) for a in self._store.task_artifacts(task_id)]
        return exts

    def update_message(self, task_id: str, text: Text | str | None = None, status: str | None = None,
                       extensions: Iterable[Extension] | None = None) -> None:
        task = self._store.task(task_id)
        self._store.update_message(task.message_id, text=text, status=status,
                                   extensions=list(extensions) if extensions is not None
                                   else self.extensions(task_id))

    def add_reasoning(self, task_id: str, text: str) -> None:
        """Keep a model call's reasoning with the task's reply (shown folded as "Thinking…", after a restart
        too); it is never part of the reply's text."""
        if not text.strip():
            return
        task = self._store.task(task_id)
        before = self._store.message(task.message_id).reasoning
        self._store.update_message(task.message_id, reasoning=f"{before}\n\n{text}" if before else text)

    def finished(self, run: Run, text: Text | str) -> None:
        self._store.update_task(run.task_id, status="finished", finished=time.time())
        self.update_message(run.task_id, text=text, status="done")
        self.emit(TaskFinished(task_id=run.task_id, text=text, message_id=run.message_id))

    def failed(self, task_id: str, message: Msg | str, details: str = "", *, resumable: bool = False) -> None:
        """The task failed; the chat keeps ``message`` as ids (each reader renders it), the task its English.
        ``details`` (a lower layer's own text) follow on a line of their own, labelled as details. A
        ``resumable`` failure (a skill step the output limit cut) leaves the skill run open for a Continue."""
        english = message.english() if isinstance(message, Msg) else message
        if details:
            english += f" ({details})"
        if not resumable:
            self._close_skill_runs(task_id, english)
        self._store.update_task(task_id, status="failed", error=english, finished=time.time())
        lines = (message, msg("error.details", details=details)) if details else (message,)
        text = Text(lines=lines)
        self.update_message(task_id, text=text, status="error")
        self.emit(TaskFailed(task_id=task_id, error=english, text=text))

    def cancelled(self, task_id: str, written: Sequence[str] = ()) -> None:
        """Mark the task cancelled; its pending approvals are refused (nothing of them runs). ``written``: the
        files its approved writes finished before the stop (committed as artifacts): the reply names them."""
        for approval in self._store.approvals(task_id):
            if approval.state == ApprovalState.PENDING:
                self._store.decide_approval(approval.id, ApprovalState.REFUSED, message="the task was cancelled",
                                            ledger_state=LedgerState.FAILED,
                                            ledger_result=outcome_json(error("the task was cancelled")))
        self._close_skill_runs(task_id, "the task was cancelled")
        self._store.update_task(task_id, status="cancelled", finished=time.time())
        said = msg("task.stopped.written", files=", ".join(written)) if written else msg("task.stopped")
        self.update_message(task_id, text=Text(lines=(said,)), status="done")
        self.emit(TaskCancelled(task_id=task_id))

    def _close_skill_runs(self, task_id: str, why: str) -> None:
        """The parent's run_skill row ends with its task: a stopped task leaves nothing "executing"."""
        for row in self._store.ledger(task_id, states=(LedgerState.EXECUTING,)):
            if row.tool_id != RUN_SKILL:
                continue  # a command's row is resolved from the disk by recovery, never guessed here
            result = failed(f"the skill run ended with the task: {why}", status="failed")
            self._store.record_result(row.id, (LedgerState.EXECUTING,), LedgerState.FAILED, outcome_json(result),
                                      M.tool_result(ToolCall(id=row.tool_call_id, name=row.tool_id, arguments="{}"), result))
