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
