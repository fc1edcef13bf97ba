"""Plain events the runtime publishes; a UI or a terminal consumes them. All carry ``task_id``.

Each is a keyword-only frozen dataclass: an event compares equal only to an event of its own type, so a
``TextDelta`` and a ``TaskFinished`` with the same fields are never confused (a set keeps both).
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any

from skills.messages import Text
from skills.runtime import Change, Evidence


@dataclass(frozen=True, slots=True, kw_only=True)
class TextDelta:
    task_id: str
    agent: str  # "main" | "skill:<id>" | "generate"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReasoningDelta:
    """A piece of the model's reasoning: shown folded apart from the answer, never part of its text."""

    task_id: str
    agent: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolStarted:
    task_id: str
    agent: str
    tool_call_id: str
    tool: str
    arguments: str  # raw JSON text as the model produced it


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolFinished:
    task_id: str
    agent: str
    tool_call_id: str
    tool: str
    ok: bool
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ApprovalRequested:
    task_id: str
    approval_id: str
    tool: str
    arguments: Mapping[str, Any]
    target_path: str | None
    summary: Text
    changes: tuple[Change, ...] = ()
    reads: tuple[str, ...] = ()  # workspace files the call reads (inputs, images inside document blocks)


@dataclass(frozen=True, slots=True, kw_only=True)
class ApprovalDecided:
    task_id: str
    approval_id: str
    approved: bool
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ArtifactCommitted:
    task_id: str
    artifact_id: str
    conversation_id: str
    path: str  # absolute
    workspace_path: str
    kind: str
    title: str
    sha256: str
    bytes: int
    evidence: Evidence | None


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskFinished:
    task_id: str
    text: Text | str  # Mira's own words as message values, or the model's delivery message
    message_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskFailed:
    task_id: str
    error: str  # English (logs, the model)
    text: Text = Text()  # what the chat stores: message values each reader renders in its language


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskCancelled:
    task_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskPaused:
    task_id: str
    approval_id: str


Event = (TextDelta | ReasoningDelta | ToolStarted | ToolFinished | ApprovalRequested | ApprovalDecided | ArtifactCommitted
         | TaskFinished | TaskFailed | TaskCancelled | TaskPaused)
