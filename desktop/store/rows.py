"""Frozen rows handed out by the store. Plain data: safe to pass between threads and layers.

Keyword-only frozen dataclasses: a row is built by field name (``ApprovalRow`` has 22 of them), read by
attribute, and never mistaken for a row of another type or for a tuple.
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
class Extension:
    """A reference from a chat message to an artifact or an approval (uchat's ExtensionRef minus the message)."""

    artifact_id: str
    kind: str  # "docx" | "pdf" | "pptx" | "xlsx" | "approval/<kind>"

    def to_dict(self) -> dict[str, str]:
        return {"artifact_id": self.artifact_id, "kind": self.kind}


@dataclass(frozen=True, slots=True, kw_only=True)
class ConversationRow:
    id: str
    title: str
    created: float
    updated: float


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredMessage:
    id: str
    conversation_id: str
    role: str  # user | assistant | system
    text: str
    status: str  # streaming | done | error
    extensions: tuple[Extension, ...]
    created: float
    reasoning: str = ""  # the model's reasoning shown folded with an assistant reply, never its text
    # Mira's own words as message values (each reader renders them); None for words as written (the user's,
    # the model's). ``text`` then holds their English.
    said: Text | None = None

    @property
    def words(self) -> Text | str:
        """What the message says: Mira's message values, else the words as written."""
        return self.said if self.said is not None else self.text


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
class ArtifactRow:
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
class VersionRow:
    """One version of a file in a conversation's working folder; its bytes are kept in the folder's ``.mira/``."""

    id: str
    conversation_id: str
    path: str  # relative to the working folder
    version: int  # 1, 2, 3... per path
    sha256: str
    bytes: int
    artifact_id: str | None  # the artifact that made it; None for the file as it was before Mira wrote over it
    task_id: str | None
    change: Text  # what changed, in plain words (empty when unknown)
    created: float


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetRow:
    """A file a frozen write will write, fingerprinted when the call was frozen."""

    approval_id: str
    path: str
    sha256: str  # "" when the file did not exist
    replaces_version: int | None  # the version the write replaces, when the file has versions


@dataclass(frozen=True, slots=True, kw_only=True)
class ConversationMatch:
    """A conversation a search found, with where: a few words around the match ("" when its title matched)."""

    conversation: ConversationRow
    snippet: str
    where: str  # "title" | "said" (a message the user wrote) | "made" (a file it made)
