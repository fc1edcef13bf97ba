"""A hostile OpenAI-compatible server (issue 12): keep-alive forever, a reply that is not a stream, the key
echoed back. Each test failed before its fix."""
from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from desktop.llm import ChatMessage, Completion, ModelError, TextChunk
from desktop.llm.openai_provider import OpenAIModel

from ._util import collect
from .fake_server import FakeServer, chunk, raw_reply, serve, sse, trickle

KEY = "sk-test-secret-1234567890"
USER = [ChatMessage(role="user", content="hi")]


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[FakeServer]:
    yield from serve(request.param)


def _keep_alive_only(handler: Any, body: dict[str, Any]) -> None:
    trickle(handler, lambda n: b": keep-alive\n\n")


def _content_forever(handler: Any, body: dict[str, Any]) -> None:
    trickle(handler, lambda n: f"data: {json.dumps(chunk({'content': 'la '}))}\n\n".encode())


@pytest.mark.parametrize("server", [_keep_alive_only], indirect=True)
def test_keep_alive_only_stream_hits_the_idle_deadline(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "m", KEY, timeout=1.0, deadline=30.0)
    started = time.monotonic()
    with pytest.raises(ModelError, match="sent nothing for 1 s") as info:
        collect(model, USER)
    assert time.monotonic() - started < 15  # not 600 s: the keep-alives did not reset the clock
    assert "idle deadline" in info.value.details


@pytest.mark.parametrize("server", [_content_forever], indirect=True)
def test_a_stream_that_never_finishes_hits_the_overall_deadline(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "m", KEY, timeout=1.0, deadline=1.5)
    started = time.monotonic()
    with pytest.raises(ModelError, match="did not finish within 1.5 s") as info:
        collect(model, USER)
    assert time.monotonic() - started < 15
    assert "overall deadline" in info.value.details


def _html(handler: Any, body: dict[str, Any]) -> None:
    raw_reply(handler, 200, "text/html; charset=utf-8", b"<!DOCTYPE html><html><body>Please log in</body></html>")


def _plain_json(handler: Any, body: dict[str, Any]) -> None:
    raw_reply(handler, 200, "application/json", json.dumps({
        "id": "x", "object": "chat.completion", "choices": [
            {"index": 0, "message": {"role": "assistant", "content": "hello"}, "finish_reason": "stop"}]}).encode())


@pytest.mark.parametrize("server", [_html], indirect=True)
def test_an_html_reply_is_reported_for_what_it_is(server: FakeServer) -> None:
    with pytest.raises(ModelError) as info:
        collect(OpenAIModel(server.url, "m", KEY, timeout=5), USER)
    text = f"{info.value} {info.value.details}"  # the sentence, and what came back for the details view
    assert "text/html" in text and "HTTP 200" in text and "<!DOCTYPE html>" in text, text
    assert "before the model finished" not in text


@pytest.mark.parametrize("server", [_plain_json], indirect=True)
def test_a_plain_json_reply_is_reported_for_what_it_is(server: FakeServer) -> None:
    with pytest.raises(ModelError) as info:
        collect(OpenAIModel(server.url, "m", KEY, timeout=5), USER)
    text = f"{info.value} {info.value.details}"
    assert "application/json" in text and '"chat.completion"' in text and "other than the model's answer" in text, text


def _echo_key(handler: Any, body: dict[str, Any]) -> None:
    half = len(KEY) // 2
    sse(handler, [
        chunk({"role": "assistant", "content": "your key is "}),
        chunk({"content": KEY[:half]}),
        chunk({"content": KEY[half:] + ", keep it safe"}),
        chunk({"tool_calls": [{"index": 0, "id": "c1", "type": "function",
                               "function": {"name": "note", "arguments": json.dumps({"text": KEY})}}]}),
        chunk({}, finish="stop"),
    ])


@pytest.mark.parametrize("server", [_echo_key], indirect=True)
def test_a_key_echoed_by_the_server_is_scrubbed_before_anyone_sees_it(server: FakeServer) -> None:
    events = collect(OpenAIModel(server.url, "m", KEY, timeout=5), USER)
    shown = "".join(e.text for e in events if isinstance(e, TextChunk))
    done = events[-1]
    assert isinstance(done, Completion)
    assert KEY not in shown and KEY not in done.text and "***" in done.text
    assert done.text == shown == "your key is ***, keep it safe"
    assert KEY not in done.tool_calls[0].arguments
