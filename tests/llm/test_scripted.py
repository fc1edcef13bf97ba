"""ScriptedModel: plays back turns, records calls, fails loudly when exhausted."""
from __future__ import annotations

import pytest

from desktop.llm import ChatMessage, Completion, ModelError, TextChunk, ToolSpec
from desktop.llm.scripted import ScriptedModel, tool_turn

from ._util import collect, finish

USER = [ChatMessage(role="user", content="hello")]
TOOL = ToolSpec(name="list_workspace", description="list files", parameters={"type": "object"})


def test_text_is_streamed_in_chunks_then_one_completion() -> None:
    model = ScriptedModel([Completion(text="Here is a longer answer.")], chunk_size=5)
    events = collect(model, USER, [TOOL])
    deltas = [e for e in events if isinstance(e, TextChunk)]
    assert len(deltas) == 5
    assert "".join(d.text for d in deltas) == "Here is a longer answer."
    assert events[-1] == Completion(text="Here is a longer answer.")
    assert model.calls[0].messages == tuple(USER)
    assert model.calls[0].tools == (TOOL,)


def test_steps_play_in_order_and_callables_see_the_call() -> None:
    seen: list[int] = []

    def second(messages, tools):  # type: ignore[no-untyped-def]
        seen.append(len(messages))
        return Completion(text=f"saw {messages[-1].content}")

    model = ScriptedModel([tool_turn(("list_workspace", "{}")), second])
    first = finish(model, USER, [TOOL])
    assert first.finish_reason == "tool_calls"
    assert first.tool_calls[0].name == "list_workspace"
    assert first.tool_calls[0].id == "call_1"
    follow_up = [*USER, ChatMessage(role="tool", content="[]", tool_call_id="call_1")]
    assert finish(model, follow_up, [TOOL]).text == "saw []"
    assert seen == [2]
    assert len(model.calls) == 2
    assert model.remaining == 0


def test_exception_steps_are_raised() -> None:
    model = ScriptedModel([ModelError("the API key was rejected")])
    with pytest.raises(ModelError, match="key was rejected"):
        collect(model, USER)


def test_exhausted_script_raises_model_error() -> None:
    model = ScriptedModel([Completion(text="once")])
    finish(model, USER)
    with pytest.raises(ModelError, match="script exhausted"):
        collect(model, USER)
    assert len(model.calls) == 2


def test_tool_turn_with_explicit_ids_and_empty_text_yields_only_completion() -> None:
    turn = tool_turn(("a1", "run_skill", '{"skill_id": "docx"}'), ("b2", "list_workspace", "{}"))
    events = collect(ScriptedModel([turn]), USER)
    assert events == [turn]
    assert [c.id for c in turn.tool_calls] == ["a1", "b2"]


def test_callable_returning_wrong_type_is_a_model_error() -> None:
    model = ScriptedModel([lambda m, t: "not a completion"])  # type: ignore[list-item]
    with pytest.raises(ModelError, match="not a Completion"):
        collect(model, USER)
