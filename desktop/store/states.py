"""The states an approval and a ledger entry move through: one Qt-free home that the agent, the store
and the UI all read (values are the strings stored in SQLite, so they compare equal to them)."""
from __future__ import annotations

from enum import StrEnum


class ApprovalState(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    DENIED = "denied"
    REFUSED = "refused"  # refused by Mira: the file changed, the task was cancelled, a check failed


class LedgerState(StrEnum):
    """``awaiting_approval → approved → executing → done|failed``; each committed before the next step."""

    AWAITING_APPROVAL = "awaiting_approval"
    APPROVED = "approved"
    EXECUTING = "executing"
    DONE = "done"
    FAILED = "failed"
    DENIED = "denied"


WAITING = frozenset({ApprovalState.PENDING, LedgerState.AWAITING_APPROVAL})  # a card that still asks
IN_FLIGHT = frozenset({LedgerState.APPROVED, LedgerState.EXECUTING})  # approved, result not yet recorded
FINAL_LEDGER = frozenset({LedgerState.DONE, LedgerState.FAILED, LedgerState.DENIED})
