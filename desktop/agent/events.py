"""Plain events the runtime publishes; a UI or a terminal consumes them. All carry ``task_id``.

Named tuples, not frozen dataclasses: as immutable, and ten of them cost the agent's start ~0.5 ms
instead of ~4 (a frozen dataclass compiles six methods each when it is defined).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple


class TextDelta(NamedTuple):
    task_id: str
    agent: str  # "main" | "skill:<id>" | "generate"
    text: str


class ReasoningDelta(NamedTuple):
    """A piece of the model's reasoning: shown folded apart from the answer, never part of its text."""

    task_id: str
    agent: str
    text: str


class ToolStarted(NamedTuple):
    task_id: str
    agent: str
    tool_call_id: str
    tool: str
    arguments: str  # raw JSON text as the model produced it


class ToolFinished(NamedTuple):
    task_id: str
    agent: str
    tool_call_id: str
    tool: str
    ok: bool
    message: str


class ApprovalRequested(NamedTuple):
    task_id: str
    approval_id: str
    tool: str
    arguments: Mapping[str, Any]
    target_path: str | None
    summary: str
    changes: Sequence[Sequence[str]] = ()
    reads: tuple[str, ...] = ()  # workspace files the call reads (inputs, images inside document blocks)


class ApprovalDecided(NamedTuple):
    task_id: str
    approval_id: str
    approved: bool
    message: str


class ArtifactCommitted(NamedTuple):
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


class TaskFinished(NamedTuple):
    task_id: str
    text: str
    message_id: str


class TaskFailed(NamedTuple):
    task_id: str
    error: str  # English (logs, the model)
    text: str = ""  # what the chat stores: message ids each reader renders in its language (desktop.messages)


class TaskCancelled(NamedTuple):
    task_id: str


class TaskPaused(NamedTuple):
    task_id: str
    approval_id: str


Event = (TextDelta | ReasoningDelta | ToolStarted | ToolFinished | ApprovalRequested | ApprovalDecided | ArtifactCommitted
         | TaskFinished | TaskFailed | TaskCancelled | TaskPaused)
