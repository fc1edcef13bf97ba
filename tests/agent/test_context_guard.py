"""A task whose first request does not fit the model's context window: nothing is sent, the user is told."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from desktop.agent import AgentRuntime, CatalogSkills
from desktop.agent import events as ev
from desktop.llm.openai_provider import OpenAIModel
from tests.llm.fake_server import FakeServer, chunk, serve, sse

from .conftest import Harness, run


def _answer(handler: Any, body: dict[str, Any]) -> None:
    sse(handler, [chunk({"role": "assistant", "content": "Hello"}), chunk({}, finish="stop")])


@pytest.fixture
def server() -> Iterator[FakeServer]:
    yield from serve(_answer)


def test_a_request_larger_than_the_window_is_not_sent_and_the_task_says_why(h: Harness, server: FakeServer) -> None:
    model = OpenAIModel(server.url, "tiny-local", None, timeout=5, context_window=600)
    rt = AgentRuntime(h.store, lambda: model, h.root, skills=CatalogSkills())
    rt.subscribe(h.events.append)
    task_id = run(rt.start_task(h.conv.id, "Write a one-page memo"))
    assert rt.task_status(task_id).status == "failed"
    assert server.received == []  # never sent, so never silently cut
    [failed] = h.of(ev.TaskFailed)
    assert "not sent" in failed.error and "600" in failed.error and "tiny-local" in failed.error

    roomy = OpenAIModel(server.url, "tiny-local", None, timeout=5, context_window=8192)
    rt2 = AgentRuntime(h.store, lambda: roomy, h.root, skills=CatalogSkills())
    task_id = run(rt2.start_task(h.conv.id, "Say hello"))
    assert rt2.task_status(task_id).status == "finished" and len(server.received) == 1


LONG = ("The quarterly figures for the northern region need a second look because the totals in the draft do "
        "not match the sums of the monthly rows, and the notes mention two late invoices. ")


def _long_answer(handler: Any, body: dict[str, Any]) -> None:
    sse(handler, [chunk({"role": "assistant", "content": "Noted. " + LONG * 3}), chunk({}, finish="stop")])


@pytest.fixture
def chatty() -> Iterator[FakeServer]:
    yield from serve(_long_answer)


def _talk(h: Harness, rt: AgentRuntime, turns: int) -> list[str]:
    return [run(rt.start_task(h.conv.id, f"Turn {n}: {LONG * 3}")) for n in range(1, turns + 1)]


def test_a_follow_up_in_a_long_conversation_fits_a_small_window_by_compaction(
        h: Harness, chatty: FakeServer) -> None:
    from desktop.agent.context import CONTEXT_PREFIX
    from desktop.llm.tokens import reply_room

    window = 4096
    model = OpenAIModel(chatty.url, "small-local", None, timeout=5, context_window=window)
    rt = AgentRuntime(h.store, lambda: model, h.root, skills=CatalogSkills(), context_window=window)
    tasks = _talk(h, rt, 21)  # 20 earlier turns, then the follow-up
    assert [rt.task_status(t).status for t in tasks] == ["finished"] * 21
    assert len(chatty.received) == 21  # every request was sent: none refused, none cut
    # the 21st request, measured with the guard's own counter, leaves the answer its room in the window
    assert model.last_request_tokens + reply_room(window) <= window
    context = next(m["content"] for m in chatty.received[-1].body["messages"] if m["content"].startswith(CONTEXT_PREFIX))
    assert "earliest turns" in context and "are not shown" in context  # the compaction marker
    assert "Turn 21:" in chatty.received[-1].body["messages"][-1]["content"]  # the follow-up itself is whole


def test_without_a_known_window_the_budget_is_the_default(h: Harness, chatty: FakeServer) -> None:
    from desktop.agent import context

    assert context.budget_for(0, 900) == context.DEFAULT_BUDGET  # window unknown: as before
    assert context.budget_for(200_000, 900) == context.DEFAULT_BUDGET  # a large window never raises it
    assert context.budget_for(4096, 900) < context.DEFAULT_BUDGET
    model = OpenAIModel(chatty.url, "big-remote", None, timeout=5)
    rt = AgentRuntime(h.store, lambda: model, h.root, skills=CatalogSkills())
    assert rt.context_window == 0
    _talk(h, rt, 21)
    # the same conversation, no window: compacted to the default budget, so more of it is shown
    assert model.last_request_tokens > 4096
