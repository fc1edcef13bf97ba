"""Local model servers: request sizes checked before sending, Ollama's own API with num_ctx, model
listings with context windows, and tool calls written as JSON text — each against a local HTTP server."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from desktop import i18n
from desktop.llm import ChatMessage, ModelError, TextChunk, ToolSpec
from desktop.llm.factory import make_model
from desktop.llm.ollama_provider import OllamaModel
from desktop.llm.openai_provider import OpenAIModel
from desktop.llm.servers import list_models, model_info
from desktop.llm.settings import ModelSettings
from desktop.llm.textcalls import parse_text_calls
from desktop.llm.tokens import ContextTooSmall, count_request, count_text

from ._util import collect, finish
from .fake_server import FakeServer, chunk, http_error, json_reply, ndjson, ollama_part, serve, sse

TOOLS = [ToolSpec(name="run_skill", description="Run a skill", parameters={
    "type": "object", "properties": {"skill_id": {"type": "string"}, "goal": {"type": "string"}},
    "required": ["skill_id", "goal"], "additionalProperties": False})]
HI = [ChatMessage(role="system", content="be brief"), ChatMessage(role="user", content="hi")]


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[FakeServer]:
    yield from serve(request.param)


def _say(text: str) -> Any:
    def respond(handler: Any, body: dict[str, Any]) -> None:
        sse(handler, [chunk({"role": "assistant", "content": text[:5]}), chunk({"content": text[5:]}),
                      chunk({}, finish="stop")])
    return respond


# -- counting -----------------------------------------------------------------------------------------

def test_estimate_counts_cjk_per_character_and_other_text_by_three() -> None:
    assert count_text("abcdef") == 2
    assert count_text("abcdefg") == 3
    assert count_text("你好世界") == 4
    assert count_text("写一份report") == 3 + 2
    small = count_request(HI)
    assert count_request(HI, TOOLS) > small + 20  # the tool list is part of the prompt


@pytest.mark.parametrize("server", [_say("Hello there")], indirect=True)
def test_request_that_does_not_fit_is_never_sent(server: FakeServer) -> None:
    big = [ChatMessage(role="system", content="x" * 3000), ChatMessage(role="user", content="make a report")]
    model = OpenAIModel(server.url, "small-model", None, timeout=5, context_window=1024)
    with pytest.raises(ContextTooSmall) as err:
        collect(model, big, TOOLS)
    assert server.received == []  # refused before anything went out
    assert isinstance(err.value, ModelError)
    message = str(err.value)
    assert "1024" in message and str(err.value.needed) in message and "small-model" in message
    assert "Settings" in message
    i18n.set_language("zh_CN")
    try:
        assert "上下文窗口" in str(ContextTooSmall(5000, 4096, 512, "m"))
    finally:
        i18n.set_language("en")
    # the same request fits a larger window and goes out once
    roomy = OpenAIModel(server.url, "small-model", None, timeout=5, context_window=8192)
    assert finish(roomy, big, TOOLS).text == "Hello there"
    assert len(server.received) == 1 and roomy.last_request_tokens == err.value.needed


def test_settings_hold_the_context_window_and_api() -> None:
    s = ModelSettings("openai_compatible", "http://localhost:11434", "qwen2.5:7b", context_window=16384,
                      api="ollama")
    assert ModelSettings.from_dict(s.to_dict()) == s
    model = make_model(s)
    assert isinstance(model, OllamaModel) and model.context_window == 16384
    with pytest.raises(ValueError, match="context window"):
        ModelSettings("openai_compatible", context_window=-1)
    with pytest.raises(ValueError, match="API must be one of"):
        ModelSettings("openai_compatible", api="grpc")
    # older settings files have neither field
    assert ModelSettings.from_dict({"provider": "offline"}).context_window == 0


# -- JSON text tool calls --------------------------------------------------------------------------------

def test_json_text_is_a_tool_call_only_when_it_matches_a_declared_tool_exactly() -> None:
    ok = '{"name": "run_skill", "arguments": {"skill_id": "docx", "goal": "memo"}}'
    (call,) = parse_text_calls(ok, TOOLS)
    assert call.name == "run_skill" and json.loads(call.arguments) == {"skill_id": "docx", "goal": "memo"}
    assert parse_text_calls("```json\n" + ok + "\n```", TOOLS)
    assert parse_text_calls(f"[{ok}]", TOOLS)
    for text in (
        '{"name": "delete_all", "arguments": {}}',  # not declared
        '{"name": "run_skill", "arguments": {"skill_id": "docx"}}',  # missing a required argument
        '{"name": "run_skill", "arguments": {"skill_id": 3, "goal": "x"}}',  # wrong type
        '{"name": "run_skill", "arguments": {"skill_id": "d", "goal": "x", "force": true}}',  # extra argument
        'Here is JSON: {"name": "run_skill", "arguments": {"skill_id": "d", "goal": "x"}}',  # prose around it
        '{"name": "run_skill", "arguments": {"skill_id": "d", "goal": "x"}, "note": "hi"}',  # extra key
        '{"name": "run_skill"',  # broken JSON
    ):
        assert parse_text_calls(text, TOOLS) == (), text
    assert parse_text_calls(ok, []) == ()


@pytest.mark.parametrize("server", [_say('{"name": "run_skill", "arguments": {"skill_id": "docx", "goal": "a"}}')],
                         indirect=True)
def test_openai_endpoint_recognises_a_json_text_call(server: FakeServer) -> None:
    model = OpenAIModel(server.url, "m", None, timeout=5)
    events = collect(model, HI, TOOLS)
    assert not [e for e in events if isinstance(e, TextChunk)]  # the JSON is not shown as an answer
    done = events[-1]
    assert done.text == "" and done.finish_reason == "tool_calls"
    assert [c.name for c in done.tool_calls] == ["run_skill"]


@pytest.mark.parametrize("server", [_say('{"name": "rm", "arguments": {"path": "/"}}')], indirect=True)
def test_openai_endpoint_keeps_undeclared_json_as_text(server: FakeServer) -> None:
    done = finish(OpenAIModel(server.url, "m", None, timeout=5), HI, TOOLS)
    assert done.tool_calls == () and done.text == '{"name": "rm", "arguments": {"path": "/"}}'


# -- Ollama's own API -----------------------------------------------------------------------------------

def _ollama(handler: Any, body: dict[str, Any]) -> None:
    path = handler.path
    if path == "/api/version":
        json_reply(handler, {"version": "0.6.0"})
    elif path == "/v1/chat/completions":  # the OpenAI endpoint that ignores any context window
        _say("Hi")(handler, body)
    elif path == "/api/tags":
        json_reply(handler, {"models": [{"name": "qwen2.5:7b", "model": "qwen2.5:7b"},
                                        {"name": "gemma:2b", "model": "gemma:2b"}]})
    elif path == "/api/show":
        tools = body.get("model") == "qwen2.5:7b"
        json_reply(handler, {"model_info": {"general.architecture": "qwen2", "qwen2.context_length": 32768},
                             "capabilities": ["completion", "tools"] if tools else ["completion"]})
    elif path == "/api/chat":
        if body["model"] == "gemma:2b" and body.get("tools"):
            json_reply(handler, {"error": "registry.ollama.ai/library/gemma:2b does not support tools"}, 400)
        elif body["messages"][-1]["content"] == "json please":
            ndjson(handler, [ollama_part('{"name": "run_skill", '), ollama_part(
                '"arguments": {"skill_id": "xlsx", "goal": "sums"}}'), ollama_part(done=True)])
        elif body.get("tools"):
            ndjson(handler, [ollama_part(tool_calls=[{"function": {"name": "run_skill", "arguments": {
                "skill_id": "docx", "goal": "memo"}}}]), ollama_part(done=True)])
        else:
            ndjson(handler, [ollama_part("Hel"), ollama_part("lo"), ollama_part(done=True)])
    else:
        http_error(handler, 404, "not found")


@pytest.mark.parametrize("server", [_ollama], indirect=True)
def test_ollama_sends_num_ctx_and_streams(server: FakeServer) -> None:
    model = OllamaModel(server.url, "qwen2.5:7b", timeout=5, context_window=12000)  # …/v1 is accepted too
    done = finish(model, HI)
    assert done.text == "Hello" and done.usage["prompt_tokens"] == 12
    req = server.received[-1]
    assert req.path == "/api/chat" and req.body["options"] == {"num_ctx": 12000, "num_predict": 2048}
    assert req.body["stream"] is True and "tools" not in req.body or not req.body.get("tools")


@pytest.mark.parametrize("server", [_ollama], indirect=True)
def test_ollama_tool_calls_native_and_as_json_text(server: FakeServer) -> None:
    model = OllamaModel(server.url, "qwen2.5:7b", timeout=5, context_window=8192)
    done = finish(model, HI, TOOLS)
    assert done.finish_reason == "tool_calls" and json.loads(done.tool_calls[0].arguments)["skill_id"] == "docx"
    assert server.received[-1].body["tools"][0]["function"]["name"] == "run_skill"
    done = finish(model, [ChatMessage(role="user", content="json please")], TOOLS)
    assert [c.name for c in done.tool_calls] == ["run_skill"] and done.text == ""


@pytest.mark.parametrize("server", [_ollama], indirect=True)
def test_ollama_explains_a_model_without_tools(server: FakeServer) -> None:
    with pytest.raises(ModelError, match="cannot call tools") as err:
        collect(OllamaModel(server.url, "gemma:2b", timeout=5), HI, TOOLS)
    assert "gemma:2b" in str(err.value)


@pytest.mark.parametrize("server", [_ollama], indirect=True)
def test_ollama_default_window_refuses_an_oversized_request(server: FakeServer) -> None:
    big = [ChatMessage(role="user", content="字" * 9000)]
    with pytest.raises(ContextTooSmall):
        collect(OllamaModel(server.url, "qwen2.5:7b", timeout=5), big)
    assert server.received == []


@pytest.mark.parametrize("server", [_ollama], indirect=True)
def test_ollama_lists_installed_models_with_window_and_tool_support(server: FakeServer) -> None:
    models = {m.name: m for m in list_models(server.url, "ollama")}
    assert set(models) == {"qwen2.5:7b", "gemma:2b"}
    assert models["qwen2.5:7b"].context_window == 32768 and models["qwen2.5:7b"].tools is True
    assert models["gemma:2b"].tools is False


# -- LM Studio, vLLM, llama.cpp listings ----------------------------------------------------------------

def _lmstudio(handler: Any, body: dict[str, Any]) -> None:
    if handler.path == "/api/v0/models":
        json_reply(handler, {"data": [{"id": "qwen2.5-7b-instruct", "type": "llm", "max_context_length": 32768,
                                       "loaded_context_length": 4096, "capabilities": ["tool_use"]}]})
    elif handler.path == "/v1/models":
        json_reply(handler, {"data": [{"id": "qwen2.5-7b-instruct", "object": "model"}]})
    else:
        _say("fine")(handler, body)


def _vllm(handler: Any, body: dict[str, Any]) -> None:
    if handler.path == "/v1/models":
        json_reply(handler, {"data": [{"id": "Qwen/Qwen2.5-7B-Instruct", "max_model_len": 16384}]})
    else:
        http_error(handler, 404, "Not Found")


def _llamacpp(handler: Any, body: dict[str, Any]) -> None:
    if handler.path == "/props":
        json_reply(handler, {"default_generation_settings": {"n_ctx": 8192}})
    elif handler.path == "/v1/models":
        json_reply(handler, {"data": [{"id": "qwen2.5-7b-instruct-q4_k_m.gguf"}]})
    else:
        http_error(handler, 404, "File Not Found")


@pytest.mark.parametrize(("server", "model", "window", "tools"), [
    (_lmstudio, "qwen2.5-7b-instruct", 4096, True),  # the loaded window, not the largest possible one
    (_vllm, "Qwen/Qwen2.5-7B-Instruct", 16384, None),
    (_llamacpp, "qwen2.5-7b-instruct-q4_k_m.gguf", 8192, None),
], indirect=["server"])
def test_openai_like_servers_report_their_context_window(server: FakeServer, model: str, window: int,
                                                         tools: bool | None) -> None:
    info = model_info(server.url, model)
    assert info is not None and info.context_window == window and info.tools is tools


@pytest.mark.parametrize("server", [_lmstudio], indirect=True)
def test_lmstudio_window_from_listing_guards_the_request(server: FakeServer) -> None:
    info = model_info(server.url, "qwen2.5-7b-instruct")
    assert info is not None
    model = OpenAIModel(server.url, info.name, None, timeout=5, context_window=info.context_window)
    with pytest.raises(ContextTooSmall, match="4096"):
        collect(model, [ChatMessage(role="user", content="x" * 12000)], TOOLS)
    assert not [r for r in server.received if r.path.endswith("/chat/completions")]


def test_listing_an_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(ModelError, match="Could not connect to http://127.0.0.1:9/v1") as info:
        list_models("http://127.0.0.1:9/v1", timeout=2)
    assert info.value.msg is not None and info.value.details  # the transport's reason, for the details view


@pytest.mark.parametrize("server", [_ollama], indirect=True)
def test_ollama_gets_tool_results_in_its_own_format(server: FakeServer) -> None:
    from desktop.llm import ToolCall

    history = [ChatMessage(role="user", content="hi"),
               ChatMessage(role="assistant", content="", tool_calls=(ToolCall(id="c1", name="run_skill", arguments='{"skill_id": "docx", "goal": "x"}'),)),
               ChatMessage(role="tool", content='{"ok": true}', tool_call_id="c1")]
    finish(OllamaModel(server.url, "qwen2.5:7b", timeout=5), history)
    sent = server.received[-1].body["messages"]
    assert sent[1]["tool_calls"][0]["function"] == {"name": "run_skill", "arguments": {"skill_id": "docx",
                                                                                      "goal": "x"}}
    assert sent[2]["role"] == "tool" and sent[2]["tool_name"] == "run_skill"
