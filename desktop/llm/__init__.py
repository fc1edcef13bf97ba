"""Model providers: OpenAI-compatible, offline planner, scripted (no Qt)."""
from __future__ import annotations

from desktop.llm._types import (
    ChatMessage,
    Completion,
    Model,
    ModelError,
    ModelEvent,
    TextDelta,
    ToolCall,
    ToolSpec,
)

__all__ = ["ChatMessage", "Completion", "Model", "ModelError", "ModelEvent", "TextDelta", "ToolCall", "ToolSpec"]
