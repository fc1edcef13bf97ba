"""The server kind read from what each server sends: its ``Server`` header, its listing's ``owned_by`` and its
own endpoints, as llama.cpp's llama-server, llama-cpp-python (uvicorn), Ollama, LM Studio and vLLM send them;
the quirks follow the kind, and Test connection says it in words (translated), with the window and tools.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest

from desktop.llm import ChatMessage, ToolSpec
from desktop.llm.openai_provider import OpenAIModel
from desktop.llm.quirks import memory
from desktop.llm.servers import list_models
from desktop.llm.settings import ModelSettings
from desktop.translations import render_plain

from ._util import collect
from .fake_server import FakeServer, chunk, json_reply, raw_reply, serve

Handler = Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]
TOOL = ToolSpec(name="echo", description="Repeat a word.",
                parameters={"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]})


def _as(server_header: str) -> Callable[[BaseHTTPRequestHandler], None]:
    def name(handler: BaseHTTPRequestHandler) -> None:
        # BaseHTTPRequestHandler writes "Server: <server_version> <sys_version>" in every reply
        handler.server_version, handler.sys_version = server_header, ""
    return name


def _chat(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
    """A small streamed answer: a word, or one call of the first tool."""
    if body.get("tools"):
        delta = {"role": "assistant", "tool_calls": [{"index": 0, "id": "c1", "type": "function", "function": {
            "name": body["tools"][0]["function"]["name"], "arguments": '{"word": "OK"}'}}]}
        finish = "tool_calls"
    else:
        delta, finish = {"role": "assistant", "content": "OK"}, "stop"
    if not body.get("stream"):  # asked whole: one chat.completion
        json_reply(handler, {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": [
            {"index": 0, "message": {"content": None, **delta}, "finish_reason": finish}]})
        return
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.end_headers()
    for piece in (chunk(delta), chunk({}, finish=finish)):
        handler.wfile.write(f"data: {json.dumps(piece)}\n\n".encode())
    handler.wfile.write(b"data: [DONE]\n\n")
    handler.wfile.flush()


def _server(header: str, routes: dict[str, Any]) -> Handler:
    """A server that names itself with ``header`` and answers the GETs in ``routes`` (404 elsewhere)."""
    def respond(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        _as(header)(handler)
        if handler.command == "POST" and handler.path.endswith("/chat/completions"):
            _chat(handler, body)
        elif handler.command == "GET" and handler.path in routes:
            json_reply(handler, routes[handler.path])
        else:
            raw_reply(handler, 404, "application/json", b'{"detail": "Not Found"}')
    return respond


def _models(**entry: Any) -> dict[str, Any]:
    return {"object": "list", "data": [{"id": "m", "object": "model", **entry}]}


# What each server sends, as its code and trackers show it.
LLAMA_SERVER = _server("llama.cpp", {"/props": {"default_generation_settings": {"n_ctx": 8192}, "total_slots": 1},
                                     "/v1/models": _models(owned_by="llamacpp", meta={"n_ctx_train": 131072})})
LLAMA_CPP_PYTHON = _server("uvicorn", {"/v1/models": _models(owned_by="me", permissions=[])})
OLLAMA = _server("", {"/v1/models": _models(owned_by="library"), "/api/version": {"version": "0.12.3"}})
LM_STUDIO = _server("", {"/api/v0/models": {"data": [{"id": "m", "loaded_context_length": 16384,
                                                       "capabilities": ["tool_use"]}]},
                         "/v1/models": _models(owned_by="organization_owner")})
VLLM = _server("uvicorn", {"/v1/models": _models(owned_by="vllm", max_model_len=32768),
                           "/version": {"version": "0.11.0"}})


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[FakeServer]:
    yield from serve(request.param)


@pytest.mark.parametrize(("server", "kind", "window"), [
    (LLAMA_SERVER, "llama.cpp server", 8192), (LLAMA_CPP_PYTHON, "llama-cpp-python", 0), (OLLAMA, "Ollama", 0),
    (LM_STUDIO, "LM Studio", 16384), (VLLM, "vLLM", 32768)], indirect=["server"])
def test_each_server_is_told_apart_by_what_it_sends(server: FakeServer, kind: str, window: int) -> None:
    [info] = list_models(server.url)
    assert (info.kind, info.context_window) == (kind, window)


@pytest.mark.parametrize("server", [_server("llama.cpp", {})], indirect=True)
def test_a_reply_naming_llama_cpp_in_its_header_switches_its_quirks_on(server: FakeServer) -> None:
    from desktop.llm.quirks import quirks_for

    model = OpenAIModel(server.url, "m", None, timeout=5)
    assert model.quirks.kind == "local server"  # by its address alone
    collect(model, [ChatMessage(role="user", content="hi")], [])
    assert memory().kind(server.url, "m") == "llama.cpp server"  # remembered for the next tasks
    assert model.quirks == quirks_for("http://192.168.1.5:8080/v1", "m", "llama.cpp server")
    assert model.quirks.single_slot  # one request at a time, also where its address does not say local


@pytest.mark.parametrize("server", [_server("uvicorn", {})], indirect=True)
def test_a_header_that_many_servers_send_names_no_kind(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "m", None, timeout=5)
    collect(model, [ChatMessage(role="user", content="hi")], [])
    assert memory().kind(server.url, "m") == ""  # uvicorn serves llama-cpp-python and vLLM alike


STREAMED = "Tool calls: work, and stream."
WHOLE = "Tool calls: work, but this server cannot stream them; Mira asks for them without streaming."


@pytest.mark.parametrize(("server", "english", "chinese", "window", "tools"), [
    (LLAMA_SERVER, "Server: llama.cpp (llama-server)", "服务器：llama.cpp（llama-server）",
     "Context window: 8,192 tokens", STREAMED),
    (LLAMA_CPP_PYTHON, "Server: llama-cpp-python's server", "服务器：llama-cpp-python 服务器",
     "Context window: the server does not say", WHOLE),  # known not to stream a free choice of tools
    (_server("", {"/v1/models": _models()}),
     "Server: a local server Mira could not tell apart (treated as one that answers one request at a time)",
     "服务器：Mira 无法辨认的本地服务器（按一次只回答一个请求处理）", "Context window: the server does not say",
     STREAMED)], indirect=["server"])
def test_test_connection_says_the_kind_in_words_with_the_window_and_the_tools(
        server: FakeServer, english: str, chinese: str, window: str, tools: str) -> None:
    from desktop.llm.factory import checked_connection

    ok, lines, _english = asyncio.run(checked_connection(
        ModelSettings(provider="openai_compatible", base_url=server.url, model="m")))
    said = [render_plain(line, "en") for line in lines]
    assert ok and said[0] == "Connected to m", said
    assert said[1] == english and render_plain(lines[1], "zh_CN") == chinese
    assert said[2].startswith(window) and said[3] == tools


def _no_jinja(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
    """llama-server started without --jinja: a request with tools is refused (its server.cpp, HTTP 500)."""
    from .fake_server import http_error

    _as("llama.cpp")(handler)
    if body.get("tools"):
        http_error(handler, 500, "tools param requires --jinja flag")
    else:
        _chat(handler, body)


@pytest.mark.parametrize("server", [_no_jinja], indirect=True)
def test_a_llama_server_started_without_jinja_is_told_to_start_with_it(server: FakeServer) -> None:
    from desktop.llm import ModelError

    model = OpenAIModel(server.url, "m", None, timeout=5)
    with pytest.raises(ModelError) as caught:
        collect(model, [ChatMessage(role="user", content="hi")], [TOOL, TOOL])
    assert caught.value.msg is not None and caught.value.msg.id == "model.error.needs_jinja"
    assert "started without --jinja" in render_plain(caught.value.msg, "en")
    assert "tools param requires --jinja flag" in caught.value.details  # the server's own words
