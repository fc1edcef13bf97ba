"""A scripted model for tests: plays back a fixed list of turns and records every call."""
from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass

from desktop.llm._types import ChatMessage, Completion, ModelError, ModelEvent, TextChunk, ToolCall, ToolSpec

Step = Completion | Callable[[Sequence[ChatMessage], Sequence[ToolSpec]], Completion] | BaseException


@dataclass(frozen=True)
class ScriptedCall:
    """What one call to :meth:`ScriptedModel.stream` received."""

    messages: tuple[ChatMessage, ...]
    tools: tuple[ToolSpec, ...]


class ScriptedModel:
    """Plays back ``steps``, one per call to :meth:`stream`.

    A step is a :class:`Completion` (streamed as a few text chunks, then the
    completion itself), a callable ``(messages, tools) -> Completion`` for turns
    that depend on what the model is shown, or an exception instance, which is
    raised. When the script runs out, :class:`ModelError` ``"script exhausted"``
    is raised so a runaway agent loop fails loudly instead of hanging.
    """

    name = "scripted"
    label = "Scripted model (tests)"

    def __init__(self, steps: Sequence[Step], *, chunk_size: int = 8) -> None:
        self._steps = list(steps)
        self._chunk_size = max(1, chunk_size)
        self.calls: list[ScriptedCall] = []

    @property
    def remaining(self) -> int:
        """How many steps are left unplayed."""
        return len(self._steps)

    def stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        """Record the call, then yield the next step's text chunks and its completion."""
        self.calls.append(ScriptedCall(tuple(messages), tuple(tools)))
        return self._play(messages, tools)

    async def _play(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        if not self._steps:
            raise ModelError("script exhausted")
        step = self._steps.pop(0)
        if isinstance(step, BaseException):
            raise step
        completion = step(messages, tools) if callable(step) else step
        if not isinstance(completion, Completion):
            raise ModelError(f"scripted step returned {type(completion).__name__}, not a Completion")
        text = completion.text
        for start in range(0, len(text), self._chunk_size):
            yield TextChunk(text=text[start:start + self._chunk_size])
        yield completion


def tool_turn(*calls: tuple[str, str] | tuple[str, str, str], text: str = "") -> Completion:
    """Build an assistant turn that calls tools: ``tool_turn(("run_skill", '{"skill_id": "docx"}'))``.

    Each call is ``(name, arguments_json)`` or ``(id, name, arguments_json)``;
    ids default to ``call_1``, ``call_2``...
    """
    built = []
    for n, call in enumerate(calls, start=1):
        if len(call) == 3:
            built.append(ToolCall(id=call[0], name=call[1], arguments=call[2]))
        else:
            built.append(ToolCall(id=f"call_{n}", name=call[0], arguments=call[1]))
    return Completion(text=text, tool_calls=tuple(built), finish_reason="tool_calls")
