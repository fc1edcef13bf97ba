"""The one interface every model provider implements."""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any, Literal, Protocol

from desktop.errors import MiraError




class ModelError(MiraError):
    """A model call failed (network, HTTP status, timeout, bad stream). Never retried silently."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolSpec:
    name: str
    description: str
    parameters: Mapping[str, Any]  # JSON schema of the arguments object


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolCall:
    id: str
    name: str
    arguments: str  # raw JSON text exactly as the model produced it


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatMessage:
    role: Literal["system", "user", "assistant", "tool"]
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None  # for role == "tool"
    # The model's reasoning on an assistant turn: kept for the servers that need it back (DeepSeek's thinking
    # mode with tools), sent only to those.
    reasoning: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class TextChunk:
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReasoningChunk:
    """A piece of the model's reasoning ("thinking"), streamed before or between its answer's text."""

    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Completion:
    """The last event of every stream: the whole assistant turn."""

    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str = "stop"
    usage: Mapping[str, int] = field(default_factory=dict)
    reasoning: str = ""  # never part of ``text``


ModelEvent = TextChunk | ReasoningChunk | Completion


class Model(Protocol):
    name: str  # e.g. "offline-planner", "gpt-4o-mini"
    label: str  # shown in the UI, e.g. "Offline planner (no network)"

    def stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        """Yield TextChunk events, then exactly one Completion. Raise ModelError on failure."""
        ...
