from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

ArtifactStatus = Literal["pending_approval", "written", "failed", "denied", "stopped"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckView:
    name: str
    status: Literal["passed", "failed", "not_run"]
    # Why it failed or did not run: text, or a message (skills.messages.Msg) the card says in the language
    # shown at the time, so a language switch reaches reasons already on screen.
    detail: Any = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class EvidenceSummary:
    passed: bool
    checks: tuple[CheckView, ...] = ()
    counts: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class PendingApproval:
    """What a write will do, for the approval card (never raw XML)."""

    approval_id: str
    command: str
    target_path: str  # workspace-relative
    summary: str  # one-paragraph, human readable summary of the arguments
    arguments: Mapping[str, Any] = field(default_factory=dict)
    # Readable before/after pairs for edits and overwrites (paragraphs, slide text, cells).
    changes: tuple[tuple[str, str], ...] = ()
    decided: Literal["", "approved", "denied"] = ""
    # What the write will do in plain words (a skills.messages.Msg the host renders in the user's
    # language), e.g. "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table".
    headline: Any = None
    # Approved but refused by the disk or folder (full, read-only): nothing was written, and the card offers
    # Retry, which runs the same frozen call once the fault is cleared.
    retryable: bool = False
    # What matters besides the headline, said on the card itself (not under Details), one line each, in the
    # user's language: the file it replaces ("Replaces the existing a.docx (v1)."), the folder it writes
    # into, and that a rule for similar writes was made from this card.
    facts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ArtifactView:
    """The immutable view a renderer gets of one artifact; nothing more."""

    id: str
    kind: str  # docx | pdf | pptx | xlsx | approval/docx ...
    title: str
    path: Path | None  # absolute path of the file in the task workspace (None until written)
    workspace_path: str  # workspace-relative
    bytes: int = 0
    sha256: str = ""
    status: ArtifactStatus = "written"
    evidence: EvidenceSummary | None = None
    approval: PendingApproval | None = None
    error: str = ""
    # The file's version in its conversation (0: not versioned) and what this version changed, in plain words.
    version: int = 0
    change: str = ""


class RendererHost(Protocol):
    """The narrow host a renderer may call. It never sees the window, agent or store."""

    def save_copy(self, artifact: ArtifactView) -> None: ...

    def open_external(self, artifact: ArtifactView) -> None: ...

    def approve(self, approval_id: str) -> None: ...

    def deny(self, approval_id: str) -> None: ...

    def open_preview(self, artifact: ArtifactView, index: int = 0) -> None: ...

    # Optional (a host without them shows no version actions): compare this version with an earlier one,
    # and ask for an earlier version back (an approved write like any other, making a new version).
    def compare_versions(self, artifact: ArtifactView, other: int) -> None: ...

    def restore_version(self, artifact: ArtifactView, version: int) -> None: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class RendererSpec:
    """Declarative, import-cheap description of a renderer plugin."""

    kind: str
    display_name: str
    factory: str  # "module:Class", imported on first use
