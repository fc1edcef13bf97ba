"""The one interface every model provider implements."""
from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple, Protocol

from desktop.errors import MiraError


# The messages, calls and turns below are named tuples, not frozen dataclasses: as immutable, and they
# load with the agent before a request can start (a frozen dataclass compiles six methods when defined).
_NO_USAGE: Mapping[str, int] = {}  # shared and never changed


class ModelError(MiraError):
    """A model call failed (network, HTTP status, timeout, bad stream). Never retried silently."""


class ToolSpec(NamedTuple):
    name: str
    description: str
    parameters: Mapping[str, Any]  # JSON schema of the arguments object


class ToolCall(NamedTuple):
    id: str
    name: str
    arguments: str  # raw JSON text exactly as the model produced it


class ChatMessage(NamedTuple):
    role: Literal["system", "user", "assistant", "tool"]
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None  # for role == "tool"
    # The model's reasoning on an assistant turn: kept for the servers that need it back (DeepSeek's thinking
    # mode with tools), sent only to those.
    reasoning: str = ""


class TextDelta(NamedTuple):
    text: str


class ReasoningDelta(NamedTuple):
    """A piece of the model's reasoning ("thinking"), streamed before or between its answer's text."""

    text: str


class Completion(NamedTuple):
    """The last event of every stream: the whole assistant turn."""

    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str = "stop"
    usage: Mapping[str, int] = _NO_USAGE
    reasoning: str = ""  # never part of ``text``


ModelEvent = TextDelta | ReasoningDelta | Completion


class Model(Protocol):
    name: str  # e.g. "offline-planner", "gpt-4o-mini"
    label: str  # shown in the UI, e.g. "Offline planner (no network)"

    def stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        """Yield TextDelta events, then exactly one Completion. Raise ModelError on failure."""
        ...
