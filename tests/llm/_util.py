"""Helpers for driving async model streams from plain pytest tests."""
from __future__ import annotations

import asyncio
from collections.abc import Sequence

from desktop.llm import ChatMessage, Completion, Model, ModelEvent, TextChunk, ToolSpec


async def _collect(model: Model, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> list[ModelEvent]:
    return [event async for event in model.stream(messages, tools)]


def collect(model: Model, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec] = ()) -> list[ModelEvent]:
    """Run one model call to the end and return every event it yielded."""
    return asyncio.run(_collect(model, messages, tools))


def finish(model: Model, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec] = ()) -> Completion:
    """Run one call; check the stream shape (deltas, then exactly one Completion) and return it."""
    events = collect(model, messages, tools)
    assert events, "the stream yielded nothing"
    assert isinstance(events[-1], Completion)
    assert all(isinstance(e, TextChunk) for e in events[:-1])
    completion = events[-1]
    assert "".join(e.text for e in events[:-1]) == completion.text
    return completion
