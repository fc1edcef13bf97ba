"""SQLite persistence (no Qt): conversations, messages, tasks, transcripts, ledger, approvals, artifacts.

The names below load on first use (PEP 562), so a module that needs only the states
(``desktop.store.states``) does not import SQLite and every table: the window's first frame
imports the states, and the store itself opens after that frame.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from desktop.store._schema import LATEST as SCHEMA_VERSION
    from desktop.store.errors import StorageFull, StoreError
    from desktop.store.rows import (
        ArtifactRow,
        ConversationMatch,
        ConversationRow,
        Extension,
        StoredMessage,
        VersionRow,
    )
    from desktop.store.states import ApprovalState, LedgerState
    from desktop.store.store import Store
    from desktop.store.task_rows import (
        ApprovalRow,
        LedgerRow,
        ModelCallRow,
        NewArtifact,
        RuleRow,
        TargetRow,
        TaskRow,
        TranscriptEntry,
    )

_HOME = {
    "SCHEMA_VERSION": ("desktop.store._schema", "LATEST"),
    "StorageFull": ("desktop.store.errors", "StorageFull"),
    "StoreError": ("desktop.store.errors", "StoreError"),
    "ApprovalState": ("desktop.store.states", "ApprovalState"),
    "LedgerState": ("desktop.store.states", "LedgerState"),
    "Store": ("desktop.store.store", "Store"),
    **{name: ("desktop.store.rows", name) for name in (
        "ArtifactRow", "ConversationRow", "ConversationMatch", "Extension", "StoredMessage", "VersionRow")},
    **{name: ("desktop.store.task_rows", name) for name in (
        "ApprovalRow", "LedgerRow", "ModelCallRow", "NewArtifact", "RuleRow", "TargetRow", "TaskRow", "TranscriptEntry")},
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'desktop.store' has no attribute {name!r}")
    value = getattr(importlib.import_module(home[0]), home[1])
    globals()[name] = value  # later lookups are plain attribute reads
    return value


__all__ = [
    "SCHEMA_VERSION",
    "ApprovalRow",
    "ApprovalState",
    "ArtifactRow",
    "ConversationRow",
    "ConversationMatch",
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
