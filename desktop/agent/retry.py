"""Retry from the card: a write the disk or folder refused (recorded ``failed`` and ``retryable``, its result
not yet in the transcript) runs again once the fault is cleared.

A retry is an approve-like decision through the gate: the same checks as an approve (tool id, frozen
input hash, transcript checkpoint, the target's fingerprint at freezing), then one conditional move
``failed → approved`` in the ledger, so two retries (two windows, a double click) run it once.
"""
from __future__ import annotations

import asyncio

from desktop.agent import _messages as M
from desktop.agent._owner import other_owner_alive
from desktop.agent.events import ApprovalDecided
from desktop.agent.gate import CHANGED, ApprovalError, ApprovalGate, ApprovalOutcome, IsDriving, retryable
from desktop.agent.reporter import Reporter
from desktop.agent.outcome import outcome_json
from desktop.agent.state import error
from desktop.texts import tr
from desktop.llm import ToolCall
from desktop.store import StoreError
from desktop.store.states import ApprovalState, LedgerState
from skills.runtime import Workspace, WorkspaceError
from desktop.messages import msg

_FINAL = ("finished", "failed", "cancelled")


async def retry(gate: ApprovalGate, reporter: Reporter, approval_id: str, driving: IsDriving) -> ApprovalOutcome:
    """Check and re-arm one failed write; the returned decision says which task to drive."""
    store = gate.store
    try:
        approval = store.approval(approval_id)
    except StoreError:
        raise ApprovalError(msg("error.agent_decisions.approval_does_exist_may")) from None
    row = store.ledger_entry(approval.ledger_id)
    if approval.state != ApprovalState.APPROVED or row.state != LedgerState.FAILED:
        raise ApprovalError(tr("fault.retry_not_failed", state=row.state))
    if not retryable(row):
        raise ApprovalError(tr("fault.retry_not_retryable"))
    task = store.task(approval.task_id)
    if task.status in _FINAL:
        raise ApprovalError(msg("error.agent_retry.task_already_nothing_waiting", status=task.status))
    if driving(task.id) or other_owner_alive(task.owner):
        raise ApprovalError(msg("error.agent_gate.task_running_wait_pause"))
    gate.check_identity(task)
    gate.verify_frozen(approval)
    ws = Workspace(task.workspace)
    try:
        changed = not await asyncio.to_thread(gate.target_unchanged, ws, approval)
    except WorkspaceError as exc:
        changed, why = True, f"not written: {exc}"
    else:
        why = CHANGED
    if changed:
        # The file moved on since the user approved: the agent is told so at the call and goes on.
        result = error(why)
        call = ToolCall(id=approval.tool_call_id, name=approval.tool_id, arguments=approval.arguments_json)
        done = store.record_result(row.id, (LedgerState.FAILED,), LedgerState.FAILED, outcome_json(result),
                                   M.tool_result(call, result)) is not None
        if done:
            store.update_task(task.id, status="running", error=None)
        return ApprovalOutcome(task_id=task.id, drive=done, refusal=why)
    if not store.ledger_move(row.id, (LedgerState.FAILED,), LedgerState.APPROVED):
        raise ApprovalError(msg("error.agent_retry.change_already_being_retried"))
    store.update_task(task.id, status="running", error=None)
    reporter.emit(ApprovalDecided(task_id=task.id, approval_id=approval_id, approved=True, message="retried by the user"))
    return ApprovalOutcome(task_id=task.id, drive=True)
