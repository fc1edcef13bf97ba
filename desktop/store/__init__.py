"""SQLite persistence (no Qt): conversations, messages, tasks, transcripts, ledger, approvals, artifacts."""
from __future__ import annotations

from desktop.store._schema import LATEST as SCHEMA_VERSION
from desktop.store.rows import (
    ApprovalRow,
    ArtifactRow,
    Conversation,
    Extension,
    LedgerRow,
    ModelCallRow,
    NewArtifact,
    RuleRow,
    StoredMessage,
    TargetRow,
    TaskRow,
    TranscriptEntry,
    VersionRow,
)
from desktop.store.errors import StorageFull, StoreError
from desktop.store.states import ApprovalState, LedgerState
from desktop.store.store import Store

__all__ = [
    "SCHEMA_VERSION",
    "ApprovalRow",
    "ApprovalState",
    "ArtifactRow",
    "Conversation",
    "Extension",
    "LedgerRow",
    "LedgerState",
    "ModelCallRow",
    "NewArtifact",
    "RuleRow",
    "StorageFull",
    "Store",
    "StoreError",
    "StoredMessage",
    "TargetRow",
    "TaskRow",
    "TranscriptEntry",
    "VersionRow",
]
