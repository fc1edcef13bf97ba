"""Plain events the runtime publishes; a UI or a terminal consumes them. All carry ``task_id``."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TextDelta:
    task_id: str
    agent: str  # "main" | "skill:<id>" | "generate"
    text: str


@dataclass(frozen=True)
class ToolStarted:
    task_id: str
    agent: str
    tool_call_id: str
    tool: str
    arguments: str  # raw JSON text as the model produced it


@dataclass(frozen=True)
class ToolFinished:
    task_id: str
    agent: str
    tool_call_id: str
    tool: str
    ok: bool
    message: str


@dataclass(frozen=True)
class ApprovalRequested:
    task_id: str
    approval_id: str
    tool: str
    arguments: Mapping[str, Any]
    target_path: str | None
    summary: str
    changes: Sequence[Sequence[str]] = field(default_factory=tuple)
    reads: tuple[str, ...] = ()  # workspace files the call reads (inputs, images inside document blocks)


@dataclass(frozen=True)
class ApprovalDecided:
    task_id: str
    approval_id: str
    approved: bool
    message: str


@dataclass(frozen=True)
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
    evidence: Mapping[str, Any]  # Evidence.to_dict()


@dataclass(frozen=True)
class TaskFinished:
    task_id: str
    text: str
    message_id: str


@dataclass(frozen=True)
class TaskFailed:
    task_id: str
    error: str  # English (logs, the model)
    text: str = ""  # what the chat stores: message ids each reader renders in its language (desktop.messages)


@dataclass(frozen=True)
class TaskCancelled:
    task_id: str


@dataclass(frozen=True)
class TaskPaused:
    task_id: str
    approval_id: str


Event = (TextDelta | ToolStarted | ToolFinished | ApprovalRequested | ApprovalDecided | ArtifactCommitted
         | TaskFinished | TaskFailed | TaskCancelled | TaskPaused)
