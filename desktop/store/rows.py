"""Frozen rows handed out by the store for conversations, their messages, files and versions. Plain data:
safe to pass between threads and layers. The rows of tasks, their approvals and rules are
:mod:`desktop.store.task_rows`.

Keyword-only frozen dataclasses: a row is built by field name, read by attribute, and never mistaken for a
row of another type or for a tuple.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: the rows load before the records' modules are needed
    from skills.messages import Text


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
class ConversationMatch:
    """A conversation a search found, with where: a few words around the match ("" when its title matched)."""

    conversation: ConversationRow
    snippet: str
    where: str  # "title" | "said" (a message the user wrote) | "made" (a file it made)
