"""Wire-level conformance: each server family's quirks as hand-written transcripts, replayed over real HTTP.

The transcripts follow what the servers' trackers report (issue 28): DeepSeek's ``reasoning_content``,
vLLM's and Ollama's ``reasoning``, Ollama's calls as JSON text, parallel calls all at index 0 and arguments
as objects, llama.cpp's null call ids and calls inside an unclosed ``<think>``, LM Studio's empty ids and
calls as text, vLLM's call without its arguments, ids repeated across turns (Kimi on vLLM), and
llama-cpp-python's empty answer to a streamed tool turn. The request bodies Mira sends are checked against
llama-cpp-python's own pydantic request model where that server is installed.
"""
from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from desktop.llm import ChatMessage, Completion, ReasoningChunk, TextChunk, ToolCall, ToolSpec
from desktop.llm.openai_provider import OpenAIModel, OutputLimits, to_wire_messages
from desktop.llm.quirks import Quirks, memory, quirks_for

from ._util import collect
from .fake_server import FakeServer, chunk, empty_stream, replay, serve, transcript, whole

WEATHER = ToolSpec(name="get_weather", description="Weather in a city",
                   parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
TIME = ToolSpec(name="get_time", description="Time in a city",
                parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
TOOLS = [WEATHER, TIME]
ASK = [ChatMessage(role="user", content="Weather and time in Paris?")]


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[FakeServer]:
    yield from serve(request.param)


def _turn(server: FakeServer, messages: list[ChatMessage] = ASK, tools: list[ToolSpec] = TOOLS,
          quirks: Quirks | None = None) -> tuple[Completion, list[Any]]:
    model = OpenAIModel(server.url, "m", None, timeout=5, quirks=quirks)
    events = collect(model, messages, tools)
    assert isinstance(events[-1], Completion)
    return events[-1], events[:-1]


def _call(index: int, call_id: str | None, name: str | None, arguments: Any) -> dict[str, Any]:
    function: dict[str, Any] = {"arguments": arguments}
    if name is not None:
        function["name"] = name
    return {"index": index, "id": call_id, "type": "function", "function": function}


# -- DeepSeek ------------------------------------------------------------------------------------------

DEEPSEEK_THINKING = transcript([
    chunk({"role": "assistant", "content": None, "reasoning_content": "The user wants the weather; "}),
    chunk({"reasoning_content": "call get_weather."}),
    chunk({"tool_calls": [_call(0, "call_0_a", "get_weather", '{"city": ')]}),
    chunk({"tool_calls": [{"index": 0, "function": {"arguments": '"Paris"}'}}]}),
    chunk({}, finish="tool_calls"),
])


@pytest.mark.parametrize("server", [replay(DEEPSEEK_THINKING, DEEPSEEK_THINKING)], indirect=True)
def test_deepseek_thinking_is_shown_apart_and_sent_back_with_tools(server: FakeServer) -> None:
    quirks = Quirks(kind="DeepSeek", reasoning_back=True)
    done, events = _turn(server, quirks=quirks)
    assert done.reasoning == "The user wants the weather; call get_weather." and done.text == ""
    assert "".join(e.text for e in events if isinstance(e, ReasoningChunk)) == done.reasoning
    assert not [e for e in events if isinstance(e, TextChunk)]  # never part of the answer's text
    history = [*ASK, ChatMessage(role="assistant", content=done.text, tool_calls=done.tool_calls,
                                 reasoning=done.reasoning),
               ChatMessage(role="tool", content='{"sky": "sunny"}', tool_call_id=done.tool_calls[0].id)]
    _turn(server, history, quirks=quirks)
    sent = server.received[-1].body["messages"][1]
    # the API answers 400 in thinking mode with tools unless the reasoning comes back
    assert sent["reasoning_content"] == done.reasoning and sent["content"] == ""


def test_the_reasoning_goes_back_to_deepseek_v4_only_never_to_deepseek_reasoner() -> None:
    assert quirks_for("https://api.deepseek.com", "deepseek-chat").reasoning_back
    assert quirks_for("https://api.deepseek.com/v1", "deepseek-v4-pro").reasoning_back
    assert not quirks_for("https://api.deepseek.com", "deepseek-reasoner").reasoning_back  # it answers 400
    turn = [ChatMessage(role="assistant", content="Hi", reasoning="thought")]
    assert "reasoning_content" not in to_wire_messages(turn)[0]  # the default: nobody else gets it
    for url in ("http://localhost:8000/v1", "https://openrouter.ai/api/v1", "https://api.openai.com/v1"):
        assert not quirks_for(url, "m").reasoning_back


# -- vLLM ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "reasoning": "Short answer."}),  # vLLM >= 0.17 renamed reasoning_content
    chunk({"content": "Sunny."}),
    chunk({}, finish="stop"),
])], indirect=True)
def test_vllm_reasoning_field_is_reasoning_not_text(server: FakeServer) -> None:
    done, _events = _turn(server, tools=[])
    assert done.reasoning == "Short answer." and done.text == "Sunny."


VLLM_EMPTY_ARGS = transcript([chunk({"role": "assistant", "tool_calls": [_call(0, "chatcmpl-tool-1", "get_weather", "")]}),
                              chunk({}, finish="tool_calls")])


@pytest.mark.parametrize("server", [replay(VLLM_EMPTY_ARGS, whole(
    {"content": None, "tool_calls": [_call(0, "chatcmpl-tool-2", "get_weather", '{"city": "Paris"}')]},
    finish="tool_calls"))], indirect=True)
def test_vllm_streamed_call_without_its_arguments_is_asked_again_whole_and_remembered(server: FakeServer) -> None:
    done, _events = _turn(server)
    assert [(c.name, json.loads(c.arguments)) for c in done.tool_calls] == [("get_weather", {"city": "Paris"})]
    assert [r.body["stream"] for r in server.received] == [True, False]
    assert not memory().streams_tools(server.url, "m")


# -- Ollama's OpenAI endpoint ----------------------------------------------------------------------------

@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "content": "", "reasoning": "Two calls."}),
    # parallel calls, each whole, all at index 0; arguments as objects
    chunk({"tool_calls": [_call(0, "call_w", "get_weather", {"city": "Paris"})]}),
    chunk({"tool_calls": [_call(0, "call_t", "get_time", {"city": "Paris"})]}),
    chunk({}, finish="stop"),  # "stop", not "tool_calls"
])], indirect=True)
def test_ollama_parallel_calls_at_index_0_with_object_arguments_stay_apart(server: FakeServer) -> None:
    done, _events = _turn(server)
    assert [(c.id, c.name, json.loads(c.arguments)) for c in done.tool_calls] == [
        ("call_w", "get_weather", {"city": "Paris"}), ("call_t", "get_time", {"city": "Paris"})]
    assert done.finish_reason == "tool_calls" and done.reasoning == "Two calls."


@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "content": '{"name": "get_time", '}),
    chunk({"content": '"arguments": {"city": "Paris"}}'}),
    chunk({}, finish="stop"),
])], indirect=True)
def test_ollama_call_written_as_json_text_is_a_call_and_never_shown(server: FakeServer) -> None:
    done, events = _turn(server)
    assert [c.name for c in done.tool_calls] == ["get_time"] and done.text == ""
    assert not [e for e in events if isinstance(e, TextChunk)]


# -- llama.cpp's llama-server ----------------------------------------------------------------------------

@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "content": None, "tool_calls": [_call(0, None, "get_time", '{"city": "Paris"}')]}),
    chunk({}, finish="tool_calls"),
])], indirect=True)
def test_llamacpp_null_call_id_gets_one_so_the_next_turn_is_not_a_500(server: FakeServer) -> None:
    done, _events = _turn(server)
    [call] = done.tool_calls
    assert call.id.startswith("call_")
    wire = to_wire_messages([ChatMessage(role="assistant", tool_calls=done.tool_calls)])[0]
    assert wire["tool_calls"][0]["id"] == call.id and wire["content"] == ""


@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "reasoning_content": "I need the time.\n<tool_call>\n"}),
    chunk({"reasoning_content": '{"name": "get_time", "arguments": {"city": "Paris"}}\n</tool_call>'}),
    chunk({}, finish="stop"),
])], indirect=True)
def test_llamacpp_call_inside_an_unclosed_think_is_still_the_call(server: FakeServer) -> None:
    done, _events = _turn(server)
    assert [(c.name, json.loads(c.arguments)) for c in done.tool_calls] == [("get_time", {"city": "Paris"})]


@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "content": "<thi"}),
    chunk({"content": "nk>Let me think.</th"}),
    chunk({"content": "ink>\n\nSunny in Paris."}),
    chunk({}, finish="stop"),
])], indirect=True)
def test_think_tags_in_the_text_are_reasoning_even_split_across_chunks(server: FakeServer) -> None:
    done, events = _turn(server, tools=[])
    assert done.reasoning == "Let me think." and done.text == "Sunny in Paris."
    assert "".join(e.text for e in events if isinstance(e, TextChunk)) == "Sunny in Paris."


# -- LM Studio ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "tool_calls": [_call(0, "", "get_weather", '{"city": "Paris"}')]}),
    chunk({"tool_calls": [_call(1, "", "get_time", '{"city": "Paris"}')]}),
    chunk({}, finish="tool_calls"),
])], indirect=True)
def test_lmstudio_empty_call_ids_become_unique_ones(server: FakeServer) -> None:
    done, _events = _turn(server)
    ids = [c.id for c in done.tool_calls]
    assert len(ids) == 2 and all(ids) and len(set(ids)) == 2


@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "content": "<tool_call>\n"}),
    chunk({"content": '{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'}),
    chunk({}, finish="stop"),
])], indirect=True)
def test_lmstudio_call_as_tagged_text_is_a_call(server: FakeServer) -> None:
    done, events = _turn(server)
    assert [c.name for c in done.tool_calls] == ["get_weather"] and done.text == ""
    assert not [e for e in events if isinstance(e, TextChunk)]


# -- ids repeated across turns (Kimi K3 on vLLM) -------------------------------------------------------

@pytest.mark.parametrize("server", [transcript([
    chunk({"role": "assistant", "tool_calls": [_call(0, "functions.get_time:0", "get_time", '{"city": "Rome"}')]}),
    chunk({}, finish="tool_calls"),
])], indirect=True)
def test_a_call_id_the_server_already_used_in_an_earlier_turn_is_replaced(server: FakeServer) -> None:
    earlier = ToolCall(id="functions.get_time:0", name="get_time", arguments='{"city": "Paris"}')
    history = [*ASK, ChatMessage(role="assistant", tool_calls=(earlier,)),
               ChatMessage(role="tool", content="12:00", tool_call_id=earlier.id)]
    done, _events = _turn(server, history)
    assert done.tool_calls[0].id != earlier.id


# -- llama-cpp-python ------------------------------------------------------------------------------------

@pytest.mark.parametrize("server", [replay(empty_stream, whole(
    {"content": None, "tool_calls": [_call(0, "call_1", "get_time", '{"city": "Paris"}')]}, finish="tool_calls"),
    whole({"content": "It is noon."}))], indirect=True)
def test_llama_cpp_python_empty_answer_to_a_streamed_tool_turn_falls_back_once(server: FakeServer) -> None:
    done, _events = _turn(server)
    assert [c.name for c in done.tool_calls] == ["get_time"]
    second, events = _turn(server, [*ASK, ChatMessage(role="assistant", tool_calls=done.tool_calls),
                                    ChatMessage(role="tool", content="12:00", tool_call_id="call_1")])
    assert second.text == "It is noon." and [e.text for e in events] == ["It is noon."]
    assert [r.body["stream"] for r in server.received] == [True, False, False]  # remembered: not streamed again


@pytest.mark.parametrize("server", [transcript([chunk({"role": "assistant", "content": "Once upon a"}),
                                                chunk({}, finish="length")])], indirect=True)
def test_max_tokens_is_sent_per_step_and_a_cut_answer_is_an_error(server: FakeServer) -> None:
    from desktop.llm.turn import AnswerCut

    model = OpenAIModel(server.url, "m", None, timeout=5, limits=OutputLimits(tool_step=300, reply=50))
    with pytest.raises(AnswerCut):
        collect(model, ASK, [])
    with pytest.raises(AnswerCut):
        collect(model, ASK, TOOLS)
    assert [r.body["max_tokens"] for r in server.received] == [50, 300]


def test_request_bodies_fit_llama_cpp_pythons_own_request_model() -> None:
    from tests.integration.llama_server import server_python

    python = server_python()
    if python is None:
        pytest.skip("llama-cpp-python is not installed (.ci/run puts it in .venv-llama/)")
    call = ToolCall(id="call_1", name="get_time", arguments='{"city": "Paris"}')
    model = OpenAIModel("http://127.0.0.1:9/v1", "m", None, limits=OutputLimits())
    history = [ChatMessage(role="system", content="Be brief."), *ASK,
               ChatMessage(role="assistant", tool_calls=(call,), reasoning="thought"),
               ChatMessage(role="tool", content="12:00", tool_call_id="call_1")]
    bodies = [model.request(history, TOOLS, 300, stream=True), model.request(history, [], 50, stream=False)]
    check = ("import json, sys\nfrom llama_cpp.server.types import CreateChatCompletionRequest\n"
             "for body in json.loads(sys.stdin.read()):\n    CreateChatCompletionRequest.model_validate(body)\n"
             "print('ok')\n")
    proc = subprocess.run([str(python), "-c", check], input=json.dumps(bodies), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-3000:]
    # and what Mira sent before is what that model refuses
    bad = [dict(bodies[0], messages=[*bodies[0]["messages"][:2], dict(bodies[0]["messages"][2], content=None)])]
    proc = subprocess.run([str(python), "-c", check], input=json.dumps(bad), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode != 0 and "Input should be a valid string" in proc.stderr


def _listing(handler: Any, body: dict[str, Any]) -> None:
    from .fake_server import json_reply, raw_reply

    if handler.path == "/v1/models":
        json_reply(handler, {"object": "list", "data": [
            {"id": "smollm2", "object": "model", "owned_by": "me", "permissions": []},
            {"id": "served", "object": "model", "owned_by": "llamacpp", "meta": {"n_ctx": 2048, "n_ctx_train": 8192}}]})
    else:
        raw_reply(handler, 404, "application/json", b'{"detail": "Not Found"}')


@pytest.mark.parametrize("server", [_listing], indirect=True)
def test_the_server_kind_and_window_are_read_from_what_it_publishes(server: FakeServer) -> None:
    from desktop.llm.servers import list_models

    by_name = {m.name: m for m in list_models(server.url)}
    assert by_name["smollm2"].kind == "llama-cpp-python" and by_name["smollm2"].context_window == 0
    assert by_name["served"].context_window == 2048  # the server's window, not the training length


def _slow_then_listing(handler: Any, body: dict[str, Any]) -> None:
    from .fake_server import json_reply, trickle

    if handler.command == "GET":
        json_reply(handler, {"object": "list", "data": [{"id": "m", "object": "model"}]})
    else:  # a task's answer that keeps streaming until the test ends
        trickle(handler, lambda n: f"data: {json.dumps(chunk({'content': 'x'}))}\n\n".encode(), every=0.05)


@pytest.mark.parametrize("server", [_slow_then_listing], indirect=True)
def test_no_second_request_reaches_a_local_server_while_a_task_streams(server: FakeServer) -> None:
    import asyncio

    from desktop.llm import keys
    from desktop.llm.factory import checked_connection
    from desktop.llm.servers import list_models
    from desktop.llm.settings import ModelSettings

    async def go() -> None:
        model = OpenAIModel(server.url, "m", None, timeout=5)
        events = model.stream(ASK, [])
        assert isinstance(await events.__anext__(), TextChunk)  # the task's answer is streaming
        with pytest.raises(ValueError, match="answering a task"):
            await keys.list_models(server.url, None)
        with pytest.raises(Exception, match="answering a task"):
            list_models(server.url)
        ok, said, _english = await checked_connection(ModelSettings(provider="openai_compatible",
                                                                    base_url=server.url, model="m"))
        assert not ok and said[0].id == "model.error.busy"
        await events.aclose()
        await model.aclose()
        assert await keys.list_models(server.url, None) == ["m"]  # once the answer ended, asked as usual

    asyncio.run(go())
    assert [r.path for r in server.received if r.path.endswith("/models")] == ["/v1/models"]


@pytest.mark.parametrize("server", [transcript([chunk({"role": "assistant", "content": "Hi."}),
                                                chunk({}, finish="stop")])], indirect=True)
def test_openai_gets_max_completion_tokens(server: FakeServer) -> None:
    assert quirks_for("https://api.openai.com/v1", "o4-mini").output_limit_key == "max_completion_tokens"
    _turn(server, tools=[], quirks=quirks_for("https://api.openai.com/v1", "o4-mini"))
    body = server.received[-1].body
    assert body["max_completion_tokens"] == 2048 and "max_tokens" not in body


def _tools_only_with_tool_choice(handler: Any, body: dict[str, Any]) -> None:
    """A server that renders the tools into the prompt only when ``tool_choice`` is set (llama-cpp-python's
    function-calling formats), and answers a streamed tool turn with an empty 200."""
    from .fake_server import http_error, json_reply

    if handler.command == "GET" and handler.path == "/v1/models":
        json_reply(handler, {"object": "list", "data": [{"id": "m", "object": "model", "owned_by": "me"}]})
    elif handler.command == "GET":
        http_error(handler, 404, "Not Found")
    elif body.get("stream") and body.get("tools"):
        empty_stream(handler, body)
    elif body.get("tools") and body.get("tool_choice"):
        whole({"content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {
            "name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}]}, finish="tool_calls")(handler, body)
    else:  # the tools were never shown to the model
        whole({"content": "I cannot look that up."})(handler, body)


@pytest.mark.parametrize("server", [_tools_only_with_tool_choice], indirect=True)
def test_quirks_follow_the_kind_the_server_reports(server: FakeServer) -> None:
    import asyncio

    from desktop.llm.factory import detect_context_window
    from desktop.llm.settings import ModelSettings

    assert quirks_for(server.url, "m").kind == "local server"  # by the address alone: nothing known yet
    asyncio.run(detect_context_window(ModelSettings(provider="openai_compatible", base_url=server.url, model="m")))
    assert memory().kind(server.url, "m") == "llama-cpp-python"  # what its listing says it is
    done, _events = _turn(server)
    assert [c.name for c in done.tool_calls] == ["get_weather"]
    [sent] = [r.body for r in server.received if r.body.get("messages")]
    # known not to stream tool calls: asked whole at once (no wasted empty stream), and with tool_choice
    assert sent["stream"] is False and sent["tool_choice"] == "auto"
    plain = OpenAIModel(server.url, "m", None, timeout=5)
    assert plain.request(ASK, [], 16, stream=True).get("tool_choice") is None  # only where tools are sent
    assert quirks_for(server.url, "m", "vLLM") == Quirks(kind="vLLM")  # vLLM serves many requests at once
    assert quirks_for("http://10.0.0.5:8080/v1", "m", "llama.cpp server").single_slot  # by kind, not address


def test_the_ollama_native_api_is_covered_by_the_busy_guard() -> None:
    import asyncio
    import threading

    from desktop.llm.ollama_provider import OllamaModel
    from desktop.llm.servers import list_models

    from .fake_server import ollama_part

    release = threading.Event()

    def respond(handler: Any, body: dict[str, Any]) -> None:
        from .fake_server import json_reply

        if handler.command == "GET":
            json_reply(handler, {"models": [{"name": "m"}]})
            return
        handler.send_response(200)
        handler.send_header("Content-Type", "application/x-ndjson")
        handler.end_headers()
        handler.wfile.write(json.dumps(ollama_part("Hel")).encode() + b"\n")
        handler.wfile.flush()
        release.wait(10)
        handler.wfile.write(json.dumps(ollama_part("lo", done=True)).encode() + b"\n")
        handler.wfile.flush()

    for srv in serve(respond):
        base = srv.url.removesuffix("/v1")

        async def go(base: str = base) -> None:
            events = OllamaModel(base, "m", timeout=5).stream(ASK, [])
            assert isinstance(await events.__anext__(), TextChunk)  # Ollama's own API is streaming the task
            with pytest.raises(Exception, match="answering a task"):
                list_models(base, api="ollama")
            release.set()
            rest = [e async for e in events]
            assert isinstance(rest[-1], Completion)

        asyncio.run(go())
        assert not any(r.path == "/api/tags" for r in srv.received)


@pytest.mark.parametrize("server", [transcript([chunk({"role": "assistant", "tool_calls": [_call(0, "c1", "get_time",
                                                                                                 "{\"city\": \"Paris\"}")]}),
                                                chunk({}, finish="tool_calls")])], indirect=True)
def test_a_step_with_one_tool_names_it_in_tool_choice(server: FakeServer) -> None:
    done, _events = _turn(server, tools=[TIME])
    assert [c.name for c in done.tool_calls] == ["get_time"]
    assert server.received[-1].body["tool_choice"] == {"type": "function", "function": {"name": "get_time"}}
    _turn(server, tools=TOOLS)
    assert "tool_choice" not in server.received[-1].body  # a free choice: left to the server's default
    _turn(server, tools=[TIME], quirks=quirks_for(server.url, "m", "LM Studio"))
    assert "tool_choice" not in server.received[-1].body  # LM Studio: known to ignore it, never sent
