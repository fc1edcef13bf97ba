"""OpenAIModel driven by the real openai SDK against a local streaming Chat Completions server."""
from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from desktop.llm import ChatMessage, Completion, ModelError, TextChunk, ToolCall, ToolSpec
from desktop.llm.openai_provider import OpenAIModel

from ._util import collect, finish
from .fake_server import FakeServer, chunk, http_error, serve, sse

KEY = "sk-test-secret-1234567890"
USER = [ChatMessage(role="system", content="be brief"), ChatMessage(role="user", content="hi")]
TOOLS = [
    ToolSpec(name="list_workspace", description="List files", parameters={"type": "object", "properties": {"path": {"type": "string"}}}),
    ToolSpec(name="run_skill", description="Run a skill", parameters={"type": "object", "properties": {"skill_id": {"type": "string"}},
                                          "required": ["skill_id"]}),
]


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[FakeServer]:
    yield from serve(request.param)


def _text_reply(handler: Any, body: dict[str, Any]) -> None:
    sse(handler, [
        chunk({"role": "assistant", "content": ""}),
        chunk({"content": "Hel"}),
        chunk({"content": "lo!"}),
        chunk({}, finish="stop"),
        chunk(None, usage={"prompt_tokens": 7, "completion_tokens": 2, "total_tokens": 9}),
    ])


@pytest.mark.parametrize("server", [_text_reply], indirect=True)
def test_plain_text_streams_and_request_is_well_formed(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "test-model", KEY, timeout=5, extra_headers={"X-Trace": "t1"})
    events = collect(model, USER, [])
    assert [e.text for e in events if isinstance(e, TextChunk)] == ["Hel", "lo!"]
    done = events[-1]
    assert isinstance(done, Completion)
    assert done.text == "Hello!"
    assert done.tool_calls == ()
    assert done.finish_reason == "stop"
    assert done.usage == {"prompt_tokens": 7, "completion_tokens": 2, "total_tokens": 9}

    assert len(server.received) == 1  # no retries, no extra calls
    req = server.received[0]
    assert req.path == "/v1/chat/completions"
    assert req.headers["authorization"] == f"Bearer {KEY}"
    assert req.headers["x-trace"] == "t1"
    assert req.body["model"] == "test-model"
    assert req.body["stream"] is True
    assert req.body["messages"] == [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}]
    assert "tools" not in req.body
    assert KEY not in repr(model)


def _split_tool_calls(handler: Any, body: dict[str, Any]) -> None:
    args_a = json.dumps({"skill_id": "docx", "goal": "Make a report 报告", "inputs": ["notes.md"]})
    args_b = json.dumps({"path": "sub"})
    frags_a = [args_a[:7], args_a[7:19], args_a[19:33], args_a[33:]]  # cut mid-key and mid-string
    frags_b = [args_b[:3], args_b[3:]]
    chunks = [
        chunk({"role": "assistant", "content": None, "tool_calls": [
            {"index": 0, "id": "call_a", "type": "function", "function": {"name": "run_skill", "arguments": ""}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": frags_a[0]}}]}),
        chunk({"tool_calls": [
            {"index": 1, "id": "call_b", "type": "function", "function": {"name": "list_workspace", "arguments": ""}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": frags_a[1]}}]}),
        chunk({"tool_calls": [{"index": 1, "function": {"arguments": frags_b[0]}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": frags_a[2]}}]}),
        chunk({"tool_calls": [{"index": 1, "function": {"arguments": frags_b[1]}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": frags_a[3]}}]}),
        chunk({}, finish="tool_calls"),
    ]
    sse(handler, chunks)


@pytest.mark.parametrize("server", [_split_tool_calls], indirect=True)
def test_parallel_tool_calls_are_assembled_from_fragments(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "test-model", KEY, timeout=5)
    history = [
        *USER,
        ChatMessage(role="assistant", content="", tool_calls=(ToolCall(id="c0", name="list_workspace", arguments="{}"),)),
        ChatMessage(role="tool", content='{"files": []}', tool_call_id="c0"),
    ]
    done = finish(model, history, TOOLS)
    assert done.finish_reason == "tool_calls"
    assert [(c.id, c.name) for c in done.tool_calls] == [("call_a", "run_skill"), ("call_b", "list_workspace")]
    assert json.loads(done.tool_calls[0].arguments) == {
        "skill_id": "docx", "goal": "Make a report 报告", "inputs": ["notes.md"]}
    assert json.loads(done.tool_calls[1].arguments) == {"path": "sub"}

    body = server.received[0].body
    assert body["tools"] == [
        {"type": "function", "function": {"name": t.name, "description": t.description,
                                          "parameters": dict(t.parameters)}} for t in TOOLS]
    assert body["messages"][2] == {"role": "assistant", "content": "", "tool_calls": [
        {"id": "c0", "type": "function", "function": {"name": "list_workspace", "arguments": "{}"}}]}
    assert body["messages"][3] == {"role": "tool", "tool_call_id": "c0", "content": '{"files": []}'}


def _unauthorized(handler: Any, body: dict[str, Any]) -> None:
    http_error(handler, 401, f"Incorrect API key provided: {KEY}")


@pytest.mark.parametrize("server", [_unauthorized], indirect=True)
def test_401_says_the_key_was_rejected_without_leaking_it(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "test-model", KEY, timeout=5)
    with pytest.raises(ModelError, match="API key was rejected") as info:
        collect(model, USER)
    assert KEY not in str(info.value)
    assert len(server.received) == 1


@pytest.mark.parametrize("server", [_unauthorized], indirect=True)
def test_401_without_a_key_says_one_is_needed(server: FakeServer) -> None:
    with pytest.raises(ModelError, match="needs an API key and none is set"):
        collect(OpenAIModel(server.url, "test-model", None, timeout=5), USER)


def _server_error(handler: Any, body: dict[str, Any]) -> None:
    http_error(handler, 500, "upstream exploded")


def _not_found(handler: Any, body: dict[str, Any]) -> None:
    http_error(handler, 404, f"The model {body['model']} does not exist")


@pytest.mark.parametrize("server", [_server_error], indirect=True)
def test_500_is_a_server_error_and_is_not_retried(server: FakeServer) -> None:
    with pytest.raises(ModelError, match=r"server error .*HTTP 500.*upstream exploded"):
        collect(OpenAIModel(server.url, "test-model", KEY, timeout=5), USER)
    assert len(server.received) == 1


@pytest.mark.parametrize("server", [_not_found], indirect=True)
def test_404_names_the_model(server: FakeServer) -> None:
    with pytest.raises(ModelError, match=r"model 'nope' not found .*HTTP 404"):
        collect(OpenAIModel(server.url, "nope", KEY, timeout=5), USER)


def _stall(handler: Any, body: dict[str, Any]) -> None:
    handler.server.release.wait(10)  # never answers until the test is over


def _stall_mid_stream(handler: Any, body: dict[str, Any]) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.end_headers()
    handler.wfile.write(f"data: {json.dumps(chunk({'content': 'partial'}))}\n\n".encode())
    handler.wfile.flush()
    handler.server.release.wait(10)


@pytest.mark.parametrize("server", [_stall, _stall_mid_stream], indirect=True)
def test_a_stalled_server_times_out_quickly(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "test-model", KEY, timeout=0.4)
    t0 = time.monotonic()
    with pytest.raises(ModelError, match="sent nothing for 0.4 s") as info:
        collect(model, USER)
    assert time.monotonic() - t0 < 2.5
    assert info.value.msg is not None and info.value.msg.id == "model.error.idle"
    assert "timed out" in info.value.details


def _malformed(handler: Any, body: dict[str, Any]) -> None:
    sse(handler, [chunk({"content": "ok"}), '{"id": "x", "choices": [ {not json'])


def _truncated(handler: Any, body: dict[str, Any]) -> None:
    sse(handler, [chunk({"content": "half an ans"})], done=False)


def _error_in_stream(handler: Any, body: dict[str, Any]) -> None:
    sse(handler, [chunk({"content": "a"}), {"error": {"message": "context length exceeded"}}])


@pytest.mark.parametrize("server", [_malformed], indirect=True)
def test_a_malformed_chunk_is_a_model_error(server: FakeServer) -> None:
    with pytest.raises(ModelError, match="malformed stream"):
        collect(OpenAIModel(server.url, "test-model", KEY, timeout=5), USER)


@pytest.mark.parametrize("server", [_truncated], indirect=True)
def test_a_stream_cut_before_finish_is_a_model_error(server: FakeServer) -> None:
    with pytest.raises(ModelError, match="stopped the answer before the model finished"):
        collect(OpenAIModel(server.url, "test-model", KEY, timeout=5), USER)


@pytest.mark.parametrize("server", [_error_in_stream], indirect=True)
def test_an_error_object_in_the_stream_is_reported(server: FakeServer) -> None:
    with pytest.raises(ModelError, match="context length exceeded"):
        collect(OpenAIModel(server.url, "test-model", KEY, timeout=5), USER)


def test_connection_refused_is_clear() -> None:
    with socket.socket() as s:  # find a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    model = OpenAIModel(f"http://127.0.0.1:{port}/v1", "m", KEY, timeout=2)
    with pytest.raises(ModelError, match="could not connect .*connection refused") as info:
        collect(model, USER)
    assert KEY not in str(info.value)


@pytest.mark.parametrize("server", [_text_reply], indirect=True)
def test_one_model_serves_calls_from_separate_event_loops(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "test-model", KEY, timeout=5)
    assert finish(model, USER).text == "Hello!"
    assert finish(model, USER).text == "Hello!"  # a second asyncio.run(): no dead pooled connection
    assert len(server.received) == 2


def _tool_calls_without_index(handler: Any, body: dict[str, Any]) -> None:
    sse(handler, [
        chunk({"tool_calls": [{"id": "t1", "type": "function", "function": {"name": "list_workspace",
                                                                             "arguments": '{"pa'}}]}),
        chunk({"tool_calls": [{"function": {"arguments": 'th": "a"}'}}]}),
        chunk({"tool_calls": [{"id": "t2", "type": "function", "function": {"name": "run_skill",
                                                                             "arguments": '{"skill_id": "pdf"}'}}]}),
        chunk({}, finish="stop"),
    ])


@pytest.mark.parametrize("server", [_tool_calls_without_index], indirect=True)
def test_tool_calls_without_an_index_are_kept_apart(server: FakeServer) -> None:
    done = finish(OpenAIModel(server.url, "m", KEY, timeout=5), USER, TOOLS)
    assert [(c.id, c.name, json.loads(c.arguments)) for c in done.tool_calls] == [
        ("t1", "list_workspace", {"path": "a"}), ("t2", "run_skill", {"skill_id": "pdf"})]
    assert done.finish_reason == "tool_calls"  # a server saying "stop" with tool calls is corrected


@pytest.mark.parametrize("server", [_text_reply], indirect=True)
def test_the_key_never_reaches_the_logs(server: FakeServer, caplog: pytest.LogCaptureFixture) -> None:
    import logging

    caplog.set_level(logging.DEBUG)
    finish(OpenAIModel(server.url, "test-model", KEY, timeout=5), USER)
    assert caplog.records  # the SDK and httpx did log at debug level
    assert KEY not in caplog.text
