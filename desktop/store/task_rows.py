"""Frozen rows of the task tables: tasks, transcripts, the ledger, approvals and what they will write, the
approval rules, model calls, and an artifact being committed. Plain data: safe to pass between threads and
layers.

Apart from :mod:`desktop.store.rows` (conversations, messages, files) because only a task, a decision or a
recovery that found work reads them: the window's start lists conversations and reopens one, and defining
these classes (each frozen dataclass is ~0.6 ms of generated methods) is left to the first of those
(tests/ui/test_startup_imports.py). Keyword-only frozen dataclasses: a row is built by field name
(``ApprovalRow`` has 22 of them), read by attribute, and never mistaken for a row of another type or a tuple.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: the rows load before the records' modules are needed
    from desktop.llm.packet import FinalizationPacket
    from skills.messages import Text
    from skills.runtime import Change, Evidence


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskRow:
    id: str
    conversation_id: str
    message_id: str  # the assistant message this task writes into
    request: str
    status: str  # running | paused | finished | failed | cancelled
    flow_id: str
    flow_version: int
    build_identity: str
    workspace: str
    budgets: Mapping[str, Any]
    usage: Mapping[str, Any]
    skill_id: str | None
    skill_call_key: str | None
    outcome: str | None  # completed | denied | failed (from the finalization packet)
    packet: FinalizationPacket | None
    error: str | None
    created: float
    finished: float | None
    owner: str | None = None  # "<host>:<pid>" of the process driving it now; None when nobody is
    flow_sha256: str | None = None  # content hash of the flow it started under (None: before v4)


@dataclass(frozen=True, slots=True, kw_only=True)
class TranscriptEntry:
    task_id: str
    agent: str  # "main" | "skill:<id>"
    seq: int
    message: Mapping[str, Any]
    call_key: str | None
    prev_hash: str
    hash: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerRow:
    id: str
    task_id: str
    agent: str
    call_key: str
    tool_call_id: str
    tool_id: str
    input_hash: str
    state: str  # awaiting_approval | approved | executing | done | failed | denied
    pre_sha256: str | None
    result: Mapping[str, Any] | None
    created: float
    updated: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ApprovalRow:
    id: str
    task_id: str
    ledger_id: str
    agent: str
    call_key: str
    tool_call_id: str
    tool_id: str
    arguments: Mapping[str, Any]
    arguments_json: str  # exactly as frozen; the input hash is checked against this text
    input_hash: str
    skill_id: str
    checkpoint_seq: int
    checkpoint_hash: str
    ledger_snapshot: tuple[Mapping[str, Any], ...]
    target_path: str | None  # workspace-relative
    target_sha256_at_freeze: str | None  # None: the target did not exist when frozen
    summary: Text
    changes: tuple[Change, ...]
    state: str  # pending | approved | denied | refused
    message: str
    created: float
    decided_at: float | None

    @property
    def kind(self) -> str:
        """The document kind the call writes (docx, pdf, pptx, xlsx), for the approval card."""
        from pathlib import PurePosixPath

        suffix = PurePosixPath(self.target_path or "").suffix.lstrip(".").lower()
        return suffix or self.tool_id.split("_", 1)[0]


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleRow:
    """An approval rule: writes of ``kind`` by ``command`` of ``skill_id`` in one conversation are approved
    without asking (still frozen, verified and recorded the same way)."""

    id: str
    conversation_id: str
    skill_id: str
    command: str
    kind: str  # create_new | edit_own
    from_approval_id: str | None
    created: float
    revoked: float | None

    @property
    def active(self) -> bool:
        return self.revoked is None


@dataclass(frozen=True, slots=True, kw_only=True)
class ModelCallRow:
    id: int
    task_id: str
    agent: str
    n: int
    budget: int
    state: str  # started | done | failed
    error: str | None
    created: float


@dataclass(frozen=True, slots=True, kw_only=True)
class NewArtifact:
    """What the runtime hands the store when it commits a verified artifact."""

    path: str
    workspace_path: str
    kind: str
    title: str
    sha256: str
    bytes: int
    tool_call_id: str
    evidence: Evidence | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetRow:
    """A file a frozen write will write, fingerprinted when the call was frozen."""

    approval_id: str
    path: str
    sha256: str  # "" when the file did not exist
    replaces_version: int | None  # the version the write replaces, when the file has versions
