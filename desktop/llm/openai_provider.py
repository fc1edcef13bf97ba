"""Any server that speaks the OpenAI Chat Completions API, through the official ``openai`` SDK.

OpenAI, DeepSeek, Qwen (DashScope compatible mode), Ollama, vLLM, LM Studio and
the llama.cpp server all speak this protocol. Calls stream; tool calls are put
together from fragments by their index. Nothing is retried automatically
(``max_retries=0``): the agent ledger counts every call. Every failure becomes
one :class:`ModelError` with a clear message that never contains the key.
"""
from __future__ import annotations

import dataclasses
import asyncio
import json
import re
from collections.abc import AsyncIterator, Awaitable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
import openai

from desktop.llm._types import (
    ChatMessage,
    Completion,
    ModelError,
    ModelEvent,
    ReasoningChunk,
    TextChunk,
    ToolCall,
    ToolSpec,
)
from desktop.llm.quirks import Quirks, in_flight, kind_from, memory, quirks_for
from desktop.llm.tokens import check_fits, count_request
from desktop.llm.settings import SettingsError
from desktop.llm.turn import AnswerCut, TurnBuilder, reasoning_of, used_ids
from desktop.messages import msg

# Sent when no key is configured: the SDK insists on one, and local servers
# (Ollama, LM Studio, llama.cpp) ignore it.
NO_KEY = "no-key"
DEFAULT_DEADLINE = 600.0
_PEEK = 160  # bytes of a non-stream reply quoted in the error
# How servers say a prompt is over the window: llama-cpp-python ("exceed context window"), llama.cpp
# ("exceeds the available context size"), vLLM and OpenAI ("maximum context length"), LM Studio, DeepSeek.
_OVER_WINDOW = re.compile(r"context (window|length|size)|n_ctx|too many tokens|prompt is too long|"
                          r"maximum context|context_length_exceeded", re.IGNORECASE)
_WINDOW_NAMED = re.compile(r"(?:maximum context length is|context window of|context size of|n_ctx[=: ]+)\s*(\d{3,8})",
                           re.IGNORECASE)
_SECRETISH = re.compile(r"\b(sk|key|tok)-[A-Za-z0-9_\-*]{6,}")
T = TypeVar("T")
MIN_OUTPUT = 64  # tokens: the least output limit sent, even when the estimate says the window is nearly full
_DETAILS_MAX = 8000  # characters of a server's own reason kept for the details view (whole in practice)


@dataclass(frozen=True)
class OutputLimits:
    """The most tokens one call may answer with, by step. A tool step carries a whole document's content in
    its arguments; a reply (the delivery message, an answer to a question) is a few paragraphs."""

    tool_step: int = 4096
    reply: int = 2048


class _NoToolStream(ModelError):
    """The streamed answer came back empty, or with a call that lost its arguments: ``error`` says so (what
    the user reads when asking again without streaming is not possible)."""

    def __init__(self, error: ModelError) -> None:
        super().__init__(str(error), msg=error.msg, details=error.details)
        self.error = error


def _replay(completion: Completion) -> list[ModelEvent]:
    """The events a non-streamed turn gives: its reasoning and text at once, then the turn."""
    out: list[ModelEvent] = []
    if completion.reasoning:
        out.append(ReasoningChunk(text=completion.reasoning))
    if completion.text:
        out.append(TextChunk(text=completion.text))
    out.append(completion)
    return out


def _shown(turn: TurnBuilder, piece: str) -> list[ModelEvent]:
    """The events a piece of streamed content gives: its reasoning part, then its text part."""
    if not piece:
        return []
    thought, shown = turn.text(piece)
    return [*([ReasoningChunk(text=thought)] if thought else []), *([TextChunk(text=shown)] if shown else [])]


def _dropped(exc: BaseException) -> bool:
    """True when the server took the connection and closed it without an answer (not refused, not slow)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, (httpx.ConnectError, httpx.TimeoutException, ConnectionRefusedError)):
            return False
        if isinstance(seen, (httpx.RemoteProtocolError, httpx.ReadError)):
            return True
        seen = seen.__cause__ or seen.__context__
    return isinstance(exc, openai.APIConnectionError)  # reached, then lost: not a refusal


def _lost_arguments(completion: Completion, tools: Sequence[ToolSpec]) -> bool:
    """True when a call names a tool that requires arguments and came with none (vLLM's streamed calls)."""
    declared = {t.name: t for t in tools}
    for call in completion.tool_calls:
        tool = declared.get(call.name)
        if tool is not None and tool.parameters.get("required") and call.arguments.strip() in ("", "{}"):
            return True
    return False


def to_wire_messages(messages: Sequence[ChatMessage], *, reasoning_back: bool = False) -> list[dict[str, Any]]:
    """Our messages in the Chat Completions request format.

    An assistant turn that calls tools carries ``"content": ""``, never null: llama-cpp-python refuses
    null with HTTP 500 ("Input should be a valid string") and every other server takes the empty string.
    Its reasoning goes back as ``reasoning_content`` only when ``reasoning_back`` (DeepSeek's thinking
    mode needs it; deepseek-reasoner and most servers refuse or ignore it)."""
    wire: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "tool":
            item: dict[str, Any] = {"role": "tool", "tool_call_id": m.tool_call_id or "", "content": m.content}
        elif m.role == "assistant" and m.tool_calls:
            item = {
                "role": "assistant",
                "content": m.content or "",
                "tool_calls": [
                    {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments or "{}"}}
                    for c in m.tool_calls
                ],
            }
        else:
            item = {"role": m.role, "content": m.content}
        if reasoning_back and m.role == "assistant" and m.reasoning:
            item["reasoning_content"] = m.reasoning
        wire.append(item)
    return wire


def to_wire_tools(tools: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    """Our tool specs in the Chat Completions ``tools`` format."""
    return [
        {"type": "function",
         "function": {"name": t.name, "description": t.description, "parameters": dict(t.parameters)}}
        for t in tools
    ]


class _KeyScrubber:
    """Replaces the API key in streamed text, also when a server splits it across chunks: the tail that
    could still become the key is held back until the next chunk (or the end) decides."""

    def __init__(self, key: str) -> None:
        self._key = key if len(key) >= 8 else ""  # a short placeholder ("no-key") is not a secret
        self._held = ""

    def feed(self, text: str) -> str:
        if not self._key:
            return text
        buf = (self._held + text).replace(self._key, "***")
        keep = next((n for n in range(min(len(buf), len(self._key) - 1), 0, -1)
                     if self._key.startswith(buf[-n:])), 0)
        self._held = buf[len(buf) - keep:] if keep else ""
        return buf[:len(buf) - keep]

    def flush(self) -> str:
        rest, self._held = self._held, ""
        return rest

    def whole(self, text: str) -> str:
        return text.replace(self._key, "***") if self._key else text


class OpenAIModel:
    """A :class:`~desktop.llm.Model` backed by an OpenAI-compatible server."""

    def __init__(self, base_url: str, model: str, api_key: str | None, timeout: float = 60.0,
                 extra_headers: Mapping[str, str] | None = None, *, include_usage: bool = True,
                 deadline: float | None = None, context_window: int = 0,
                 limits: OutputLimits | None = None, quirks: Quirks | None = None) -> None:
        if not base_url or not model:
            raise SettingsError(msg("connect.incomplete"))  # a ValueError too
        self.base_url = base_url.rstrip("/")
        self.name = model
        self.label = f"{model} ({self._host()})"
        self.timeout = timeout  # also the idle deadline: the longest wait for the next chunk
        # The overall deadline of one call: keep-alive comments or a slow trickle cannot stretch it.
        self.deadline = deadline if deadline is not None else max(DEFAULT_DEADLINE, timeout)
        self._key = api_key or ""
        self._include_usage = include_usage
        self.context_window = context_window  # tokens; 0 = unknown
        self.limits = limits or OutputLimits()
        self._fixed_quirks = quirks is not None
        self.quirks = quirks or quirks_for(self.base_url, model)
        self.last_request_tokens = 0  # the size counted before the last request was sent
        self.last_streamed = True  # False when the last turn went non-streamed (the tool-call fallback)
        self._headers = dict(extra_headers or {})
        self._client: openai.AsyncOpenAI | None = None
        self._client_loop: asyncio.AbstractEventLoop | None = None

    def __repr__(self) -> str:  # never show the key
        return f"OpenAIModel(base_url={self.base_url!r}, model={self.name!r})"

    def _host(self) -> str:
        return httpx.URL(self.base_url).host or self.base_url

    def _client_for_loop(self) -> openai.AsyncOpenAI:
        # Pooled connections belong to the event loop that opened them; a caller that runs
        # each task under its own asyncio.run() gets a fresh client instead of dead sockets.
        loop = asyncio.get_running_loop()
        if self._client is None or self._client_loop is not loop:
            self._client = openai.AsyncOpenAI(
                base_url=self.base_url,
                api_key=self._key or NO_KEY,
                timeout=self.timeout,
                max_retries=0,
                default_headers=self._headers,
            )
            self._client_loop = loop
        return self._client

    async def aclose(self) -> None:
        """Close the HTTP connection pool."""
        if self._client is not None and self._client_loop is asyncio.get_running_loop():
            await self._client.close()
        self._client = None
        self._client_loop = None

    def stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        """Stream one assistant turn: TextChunk (and ReasoningChunk) events, then exactly one Completion."""
        return self._turn(messages, tools)

    def output_limit(self, tools: Sequence[ToolSpec], needed: int) -> int:
        """The output limit of this call: the step's (a tool step or a reply), at most the window's room."""
        limit = self.limits.tool_step if tools else self.limits.reply
        if self.context_window > 0:
            limit = min(limit, max(MIN_OUTPUT, self.context_window - needed))
        return limit

    def request(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec], limit: int, *,
                stream: bool) -> dict[str, Any]:
        """The request body (without the key) Mira sends for this turn."""
        body: dict[str, Any] = {"model": self.name,
                                "messages": to_wire_messages(messages, reasoning_back=self.quirks.reasoning_back),
                                "stream": stream}
        if tools:  # some servers reject an empty tools list
            body["tools"] = to_wire_tools(tools)
            if len(tools) == 1 and self.quirks.name_single_tool:  # the one call this step must make
                body["tool_choice"] = {"type": "function", "function": {"name": tools[0].name}}
            elif self.quirks.tool_choice_auto and not stream:
                body["tool_choice"] = "auto"  # such a server leaves the tools out of the prompt without it
        if limit > 0:
            body[self.quirks.output_limit_key] = limit
        if stream and self._include_usage:
            body["stream_options"] = {"include_usage": True}
        return body

    async def _turn(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        remembered = memory()
        kind = remembered.kind(self.base_url, self.name)
        if kind and not self._fixed_quirks and kind != self.quirks.kind:  # what the server said it is
            self.quirks = quirks_for(self.base_url, self.name, kind)
        if not self.context_window:  # not set: the window a server named in an earlier refusal, if any
            learned = remembered.get(self.base_url, self.name).get("context_window")
            self.context_window = learned if isinstance(learned, int) and learned > 0 else 0
        estimated = count_request(messages, tools)
        scale = remembered.token_scale(self.base_url, self.name)
        # Counted before anything is sent: a request that does not fit is refused here, never cut by the server.
        self.last_request_tokens = check_fits(messages, tools, self.context_window, self.name, scale)
        limit = self.output_limit(tools, self.last_request_tokens)
        stream_tools = self.quirks.streams_tools and remembered.streams_tools(self.base_url, self.name)
        completion: Completion | None = None
        in_flight.enter(self.base_url)
        try:
            if tools and not stream_tools:
                self.last_streamed = False
                completion = await self._whole(messages, tools, limit)
                for event in _replay(completion):
                    yield event
            else:
                self.last_streamed = True
                shown = False
                try:
                    async for event in self._streamed(messages, tools, limit):
                        if isinstance(event, Completion):
                            completion = event
                        else:
                            shown = True
                        yield event
                except _NoToolStream as exc:
                    if shown:
                        raise exc.error from None
                    # llama-cpp-python answers a streamed tool turn (tool_choice auto) with an empty 200, and a
                    # prompt over its window too; vLLM may stream a call without its arguments. Asked again
                    # without streaming, the server answers or says why; a tool turn that then works is
                    # remembered, so the next ones go non-streamed at once.
                    self.last_streamed = False
                    await self.aclose()  # a fresh connection: the dropped one may still sit in the pool
                    completion = await self._whole(messages, tools, limit)
                    if tools:
                        remembered.put(self.base_url, self.name, stream_tools=False)
                    for event in _replay(completion):
                        yield event
        except AnswerCut as cut:
            remembered.learn_tokens(self.base_url, self.name, estimated, cut.usage.get("prompt_tokens", 0))
            raise
        finally:
            in_flight.leave(self.base_url)
        if completion is not None:
            prompt = completion.usage.get("prompt_tokens", 0)
            remembered.learn_tokens(self.base_url, self.name, estimated, prompt)

    async def _streamed(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec],
                        limit: int) -> AsyncIterator[ModelEvent]:
        request = self.request(messages, tools, limit, stream=True)
        turn = TurnBuilder(tools, used_ids(messages))
        response = None
        scrub = _KeyScrubber(self._key)
        end = asyncio.get_running_loop().time() + self.deadline
        try:
            response = await self._within(end, self._client_for_loop().chat.completions.create(**request))
            self._learn_kind(getattr(response, "response", None))
            await self._check_is_stream(response)
            chunks = response.__aiter__()
            while True:
                try:
                    chunk = await self._within(end, chunks.__anext__())
                except StopAsyncIteration:
                    break
                if chunk.usage is not None:
                    turn.usage = {k: v for k, v in chunk.usage.model_dump().items() if isinstance(v, int)}
                for choice in chunk.choices or ():
                    delta = choice.delta
                    if delta is not None:
                        thought = turn.reasoning(reasoning_of(delta))
                        if thought:
                            yield ReasoningChunk(text=thought)
                        if delta.content:
                            for event in _shown(turn, scrub.feed(delta.content)):
                                yield event
                        if delta.tool_calls:
                            turn.calls(delta.tool_calls)
                    if choice.finish_reason:
                        turn.finish_reason = choice.finish_reason
        except ModelError:
            raise
        except (openai.APIConnectionError, httpx.TransportError) as exc:
            if not turn.anything and _dropped(exc):
                # The server accepted the request, then dropped the connection before a word: how
                # llama-cpp-python answers a streamed prompt over its window. Asked without streaming, it says so.
                raise _NoToolStream(self._empty_error()) from None
            raise self._map_error(exc) from None
        except Exception as exc:  # noqa: BLE001 - every failure is mapped to one clear ModelError
            raise self._map_error(exc) from None
        finally:
            if response is not None:  # also when the consumer stops early or the task is cancelled
                await response.close()
        for event in _shown(turn, scrub.flush()):
            yield event
        if not turn.anything and turn.finish_reason is None:
            raise _NoToolStream(self._empty_error())
        late, completion = turn.finish()
        if tools and _lost_arguments(completion, tools):
            raise _NoToolStream(ModelError(
                f"{self.base_url} streamed a call of {completion.tool_calls[0].name} without its arguments",
                msg=msg("model.error.bad_answer")))
        if late:
            yield TextChunk(text=late)
        yield dataclasses.replace(completion, tool_calls=tuple(ToolCall(id=c.id, name=c.name, arguments=scrub.whole(c.arguments))
                                                   for c in completion.tool_calls))

    async def _whole(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec], limit: int) -> Completion:
        """The turn asked for without streaming (servers that cannot stream tool calls)."""
        request = self.request(messages, tools, limit, stream=False)
        turn = TurnBuilder(tools, used_ids(messages))
        end = asyncio.get_running_loop().time() + self.deadline
        try:
            raw = await self._within(end, self._client_for_loop().chat.completions.with_raw_response.create(**request))
            self._learn_kind(raw)
            reply = raw.parse()
            if isinstance(reply, str) or not getattr(reply, "choices", None):
                raise self._empty_error()
            choice = reply.choices[0]
            message = choice.message
            turn.reasoning(reasoning_of(message))
            if message.content:
                turn.text(_KeyScrubber(self._key).whole(message.content))
            if message.tool_calls:
                turn.calls({"index": i, "id": c.id, "function": {"name": c.function.name, "arguments": c.function.arguments}}
                           for i, c in enumerate(message.tool_calls))
            turn.finish_reason = choice.finish_reason or "stop"
            if reply.usage is not None:
                turn.usage = {k: v for k, v in reply.usage.model_dump().items() if isinstance(v, int)}
        except ModelError:
            raise
        except Exception as exc:  # noqa: BLE001 - every failure is mapped to one clear ModelError
            raise self._map_error(exc) from None
        _late, completion = turn.finish()
        key = _KeyScrubber(self._key)  # the key only, as in a stream: the content is the user's document
        return dataclasses.replace(completion, tool_calls=tuple(ToolCall(id=c.id, name=c.name, arguments=key.whole(c.arguments))
                                                    for c in completion.tool_calls))

    def _empty_error(self) -> ModelError:
        """An answer with nothing in it: llama-cpp-python's reply to a prompt over its window, or to a
        streamed tool turn it cannot do."""
        if self.context_window > 0:
            return ModelError(f"{self.base_url} sent an empty answer", msg=msg("model.error.empty", where=self.base_url))
        return ModelError(f"{self.base_url} sent an empty answer; the model's context window is not known, and a "
                          "request larger than it is answered this way by some servers: set the window in Settings",
                          msg=msg("model.error.empty_window_unknown", where=self.base_url))

    async def _within(self, end: float, step: Awaitable[T]) -> T:
        """Await one step of the call under the idle deadline (``timeout``) and the call's overall one."""
        loop = asyncio.get_running_loop()
        left = end - loop.time()
        idle = min(self.timeout, left)
        try:
            async with asyncio.timeout(max(idle, 0.0)):
                return await step
        except TimeoutError:
            if idle < self.timeout:
                raise ModelError(msg("model.error.deadline", where=self.base_url, seconds=f"{self.deadline:g}"),
                                 details="timed out: the overall deadline of one model call") from None
            raise ModelError(msg("model.error.idle", where=self.base_url, seconds=f"{self.timeout:g}"),
                             details="timed out: the idle deadline (keep-alive messages do not count)") from None

    def _learn_kind(self, http: Any) -> None:
        """Remember the kind a reply's ``Server`` header names (llama.cpp's llama-server says so on every
        answer), so the next turns follow its quirks without a Test connection first."""
        headers = getattr(http, "headers", None)
        kind = kind_from(str(headers.get("server", ""))) if headers is not None else ""
        if kind and not self._fixed_quirks and kind != self.quirks.kind:
            memory().put(self.base_url, self.name, kind=kind)
            self.quirks = quirks_for(self.base_url, self.name, kind)

    async def _check_is_stream(self, response: Any) -> None:
        """A reply that is not an event stream (an HTML page, a plain JSON completion) is reported for what
        it is: status, content type and its first bytes (scrubbed)."""
        http = getattr(response, "response", None)
        if http is None:
            return
        kind = http.headers.get("content-type", "")
        if not kind or "event-stream" in kind.lower():
            return
        head = b""
        async for part in http.aiter_bytes():
            head += part
            if len(head) >= _PEEK:
                break
        shown = self._scrub(head[:_PEEK].decode("utf-8", errors="replace"))
        what = f"{kind.split(';')[0].strip()} (HTTP {http.status_code})"
        raise ModelError(msg("model.error.not_stream", where=self.base_url, status=http.status_code),
                         details=f"{what}: {shown}")

    # -- errors ---------------------------------------------------------

    def _scrub_all(self, message: str) -> str:
        """``message`` without the key or anything that looks like one, whole."""
        if self._key:
            message = message.replace(self._key, "***")
        return _SECRETISH.sub("***", message)

    def _scrub(self, message: str) -> str:
        """The short form for the English message (logs, the model): one line, 300 characters at most."""
        return " ".join(self._scrub_all(message).split())[:300]

    def _server_message(self, exc: openai.APIStatusError) -> str:
        """The server's own reason, whole and scrubbed: ``error.message`` where the API puts it, a
        validation error's ``detail`` (FastAPI servers such as llama-cpp-python), else the body as sent."""
        body = exc.body
        raw: Any = None
        if isinstance(body, Mapping):
            err = body.get("error", body)
            raw = err.get("message") if isinstance(err, Mapping) else err
            if not (isinstance(raw, str) and raw.strip()):
                raw = body.get("detail") or body.get("message") or body
        elif body is not None:
            raw = body
        if raw is None or raw == "":
            try:
                raw = exc.response.text
            except (AttributeError, httpx.ResponseNotRead):
                raw = ""
        text = raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False)
        return self._scrub_all(text.strip())[:_DETAILS_MAX]

    def _map_error(self, exc: BaseException) -> ModelError:
        where = self.base_url

        def fail(english: str, mid: str, details: str = "", **params: object) -> ModelError:
            # English for the logs and the model; the message id for the user; the server's words as details
            return ModelError(english, msg=msg(mid, where=where, **params), details=details)

        if isinstance(exc, openai.APIStatusError):
            status = exc.status_code
            full = self._server_message(exc)
            detail = " ".join(full.split())[:300]
            suffix = f": {detail}" if detail else ""
            details = f"HTTP {status}: {full}" if full else f"HTTP {status}"
            if status in (400, 413, 422, 500) and _OVER_WINDOW.search(full):
                named = _WINDOW_NAMED.search(full)
                if named:  # the server said its window: remembered, so the next request is guarded by it
                    self.context_window = int(named.group(1))
                    memory().put(self.base_url, self.name, context_window=self.context_window)
                window = f" of {self.context_window} tokens" if self.context_window else ""
                return fail(f"the request is larger than the model's context window{window} at {where} "
                            f"(HTTP {status}){suffix}", "model.error.over_window", details)
            if status in (400, 500) and ("--jinja" in full or "Unsupported param: tool_choice" in full):
                # llama.cpp's llama-server takes tools only when started with --jinja (its chat templates)
                return fail(f"{where} cannot take tool calls: llama-server was started without --jinja "
                            f"(HTTP {status}){suffix}", "model.error.needs_jinja", details)
            if status == 401:
                if not self._key:
                    return fail(f"{where} needs an API key and none is set (HTTP 401); "
                                "add one in Settings or set MIRA_API_KEY", "model.error.no_key", details)
                return fail(f"the API key was rejected by {where} (HTTP 401)", "model.error.key_rejected", details)
            if status == 403:
                return fail(f"access denied by {where} (HTTP 403){suffix}", "model.error.denied", details)
            if status == 404:
                return fail(f"model {self.name!r} not found at {where} (HTTP 404); "
                            f"check the base URL and model name{suffix}", "model.error.not_found", details,
                            model=self.name)
            if status == 429:
                return fail(f"rate limit or quota exceeded at {where} (HTTP 429){suffix}", "model.error.rate_limited",
                            details)
            if status >= 500:
                return fail(f"server error at {where} (HTTP {status}){suffix}", "model.error.server", details,
                            status=status)
            return fail(f"{where} refused the request (HTTP {status}){suffix}", "model.error.refused", details,
                        status=status)
        if isinstance(exc, (openai.APITimeoutError, httpx.TimeoutException)):
            return fail(f"timed out: no response from {where} within {self.timeout:g} s", "model.error.timeout",
                        seconds=f"{self.timeout:g}")
        if isinstance(exc, openai.APIConnectionError):
            cause = exc.__cause__ or exc.__context__
            reason = "connection refused" if isinstance(cause, (httpx.ConnectError, ConnectionRefusedError)) else \
                "connection failed"
            return fail(f"could not connect to {where} ({reason}); is the server running and the URL right?",
                        "model.error.connect", reason)
        if isinstance(exc, (httpx.TransportError, ConnectionError)):
            return fail(f"the connection to {where} broke during the response ({type(exc).__name__})",
                        "model.error.broken", type(exc).__name__)
        if isinstance(exc, openai.APIError):
            # An error object inside the stream, or a response the SDK could not read.
            said = self._scrub(str(exc.message))
            return fail(f"{where} reported an error during the response: {said}", "model.error.reported", said)
        if isinstance(exc, (json.JSONDecodeError, ValueError, TypeError, AttributeError, KeyError)):
            return fail(f"malformed stream from {where}: a chunk was not valid Chat Completions JSON",
                        "model.error.malformed", "a chunk was not valid Chat Completions JSON")
        return fail(f"the call to {where} failed ({type(exc).__name__})", "model.error.failed", type(exc).__name__)
