"""Model providers: OpenAI-compatible, offline planner, scripted (no Qt).

The types load on first use: the window's settings need only ``desktop.llm.settings``, and its first
frame (and ``mira inspect``) should not pay for the message types (a dozen dataclasses)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from desktop.llm._types import (
        ChatMessage,
        Completion,
        Model,
        ModelError,
        ModelEvent,
        ReasoningChunk,
        TextChunk,
        ToolCall,
        ToolSpec,
    )

__all__ = ["ChatMessage", "Completion", "Model", "ModelError", "ModelEvent", "ReasoningChunk", "TextChunk", "ToolCall", "ToolSpec"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from desktop.llm import _types

        return getattr(_types, name)
    raise AttributeError(f"module 'desktop.llm' has no attribute {name!r}")
