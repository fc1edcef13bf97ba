"""Frozen rows handed out by the store. Plain data: safe to pass between threads and layers.

Named tuples, not frozen dataclasses: as immutable, and thirteen of them cost the agent's start ~1 ms
instead of ~6 (a frozen dataclass compiles six methods each when it is defined).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

_NO_EVIDENCE: Mapping[str, Any] = {}  # shared and never changed: a row is read, not edited


class Extension(NamedTuple):
    """A reference from a chat message to an artifact or an approval (uchat's ExtensionRef minus the message)."""

    artifact_id: str
    kind: str  # "docx" | "pdf" | "pptx" | "xlsx" | "approval/<kind>"

    def to_dict(self) -> dict[str, str]:
        return {"artifact_id": self.artifact_id, "kind": self.kind}


class Conversation(NamedTuple):
    id: str
    title: str
    created: float
    updated: float


class StoredMessage(NamedTuple):
    id: str
    conversation_id: str
    role: str  # user | assistant | system
    text: str
    status: str  # streaming | done | error
    extensions: tuple[Extension, ...]
    created: float
    reasoning: str = ""  # the model's reasoning shown folded with an assistant reply, never its text


class TaskRow(NamedTuple):
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
    packet: Mapping[str, Any] | None
    error: str | None
    created: float
    finished: float | None
    owner: str | None = None  # "<host>:<pid>" of the process driving it now; None when nobody is
    flow_sha256: str | None = None  # content hash of the flow it started under (None: before v4)


class TranscriptEntry(NamedTuple):
    task_id: str
    agent: str  # "main" | "skill:<id>"
    seq: int
    message: Mapping[str, Any]
    call_key: str | None
    prev_hash: str
    hash: str


class LedgerRow(NamedTuple):
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


class ApprovalRow(NamedTuple):
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
    summary: str
    changes: tuple[tuple[str, str], ...]
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


class ArtifactRow(NamedTuple):
    id: str
    task_id: str
    conversation_id: str
    path: str  # absolute
    workspace_path: str  # relative to the task workspace
    kind: str
    title: str
    sha256: str
    bytes: int
    tool_call_id: str
    created: float


class RuleRow(NamedTuple):
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


class ModelCallRow(NamedTuple):
    id: int
    task_id: str
    agent: str
    n: int
    budget: int
    state: str  # started | done | failed
    error: str | None
    created: float


class NewArtifact(NamedTuple):
    """What the runtime hands the store when it commits a verified artifact."""

    path: str
    workspace_path: str
    kind: str
    title: str
    sha256: str
    bytes: int
    tool_call_id: str
    evidence: Mapping[str, Any] = _NO_EVIDENCE


class VersionRow(NamedTuple):
    """One version of a file in a conversation's working folder; its bytes are kept in the folder's ``.mira/``."""

    id: str
    conversation_id: str
    path: str  # relative to the working folder
    version: int  # 1, 2, 3... per path
    sha256: str
    bytes: int
    artifact_id: str | None  # the artifact that made it; None for the file as it was before Mira wrote over it
    task_id: str | None
    change: str  # what changed, in plain words ("" when unknown)
    created: float


class TargetRow(NamedTuple):
    """A file a frozen write will write, fingerprinted when the call was frozen."""

    approval_id: str
    path: str
    sha256: str  # "" when the file did not exist
    replaces_version: int | None  # the version the write replaces, when the file has versions


@dataclass(frozen=True, slots=True, kw_only=True)
class ConversationMatch:
    """A conversation a search found, with where: a few words around the match ("" when its title matched)."""

    conversation: Conversation
    snippet: str
    where: str  # "title" | "said" (a message the user wrote) | "made" (a file it made)
