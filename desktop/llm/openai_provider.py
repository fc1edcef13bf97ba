"""Any server that speaks the OpenAI Chat Completions API, through the official ``openai`` SDK.

OpenAI, DeepSeek, Qwen (DashScope compatible mode), Ollama, vLLM, LM Studio and
the llama.cpp server all speak this protocol. Calls stream; tool calls are put
together from fragments by their index. Nothing is retried automatically
(``max_retries=0``): the agent ledger counts every call. Every failure becomes
one :class:`ModelError` with a clear message that never contains the key.
"""
from __future__ import annotations

import asyncio
import json
import re
import uuid
from collections.abc import AsyncIterator, Awaitable, Mapping, Sequence
from typing import Any, TypeVar

import httpx
import openai

from desktop.llm._types import ChatMessage, Completion, ModelError, ModelEvent, TextDelta, ToolCall, ToolSpec
from desktop.llm.textcalls import may_be_call, parse_text_calls
from desktop.llm.tokens import check_fits
from desktop.messages import msg

# Sent when no key is configured: the SDK insists on one, and local servers
# (Ollama, LM Studio, llama.cpp) ignore it.
NO_KEY = "no-key"
DEFAULT_DEADLINE = 600.0
_PEEK = 160  # bytes of a non-stream reply quoted in the error
_SECRETISH = re.compile(r"\b(sk|key|tok)-[A-Za-z0-9_\-*]{6,}")
T = TypeVar("T")


def to_wire_messages(messages: Sequence[ChatMessage]) -> list[dict[str, Any]]:
    """Our messages in the Chat Completions request format."""
    wire: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "tool":
            wire.append({"role": "tool", "tool_call_id": m.tool_call_id or "", "content": m.content})
        elif m.role == "assistant" and m.tool_calls:
            wire.append({
                "role": "assistant",
                "content": m.content or None,
                "tool_calls": [
                    {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                    for c in m.tool_calls
                ],
            })
        else:
            wire.append({"role": m.role, "content": m.content})
    return wire


def to_wire_tools(tools: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    """Our tool specs in the Chat Completions ``tools`` format."""
    return [
        {"type": "function",
         "function": {"name": t.name, "description": t.description, "parameters": dict(t.parameters)}}
        for t in tools
    ]


class _ToolCallAssembler:
    """Collects tool-call fragments: id and name usually come first, arguments in many pieces."""

    def __init__(self) -> None:
        self._parts: dict[int, dict[str, str]] = {}

    def _slot(self, fragment: Any, position: int) -> int:
        if getattr(fragment, "index", None) is not None:
            return int(fragment.index)
        # No index (some local servers): a new id opens a new call, no id continues the last one.
        if fragment.id:
            for index, part in self._parts.items():
                if part["id"] == fragment.id:
                    return index
            return max(self._parts, default=-1) + 1
        return max(self._parts, default=position)

    def add(self, fragment: Any, position: int) -> None:
        index = self._slot(fragment, position)
        part = self._parts.setdefault(index, {"id": "", "name": "", "arguments": ""})
        if fragment.id:
            part["id"] = fragment.id
        function = fragment.function
        if function is not None:
            if function.name:
                # Servers send the name once; a few repeat it in every fragment.
                part["name"] = function.name if part["name"] in ("", function.name) else part["name"] + function.name
            if function.arguments:
                part["arguments"] += function.arguments

    def calls(self) -> tuple[ToolCall, ...]:
        out = []
        for n, index in enumerate(sorted(self._parts), start=1):
            part = self._parts[index]
            if not part["name"]:
                raise ModelError("malformed stream: a tool call arrived without a function name",
                                 msg=msg("model.error.bad_answer"))
            # No id from the server: a fresh one, so ids stay unique within a task (a reused id is refused).
            out.append(ToolCall(id=part["id"] or f"call_{uuid.uuid4().hex[:12]}_{n}", name=part["name"],
                                arguments=part["arguments"] or "{}"))
        return tuple(out)


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
                 deadline: float | None = None, context_window: int = 0) -> None:
        if not base_url or not model:
            raise ValueError("an OpenAI-compatible model needs a base URL and a model name")
        self.base_url = base_url.rstrip("/")
        self.name = model
        self.label = f"{model} ({self._host()})"
        self.timeout = timeout  # also the idle deadline: the longest wait for the next chunk
        # The overall deadline of one call: keep-alive comments or a slow trickle cannot stretch it.
        self.deadline = deadline if deadline is not None else max(DEFAULT_DEADLINE, timeout)
        self._key = api_key or ""
        self._include_usage = include_usage
        self.context_window = context_window  # tokens; 0 = unknown
        self.last_request_tokens = 0  # the size counted before the last request was sent
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
        """Stream one assistant turn: TextDelta events, then exactly one Completion."""
        return self._stream(messages, tools)

    async def _stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        # Counted before anything is sent: a request that does not fit is refused here, never cut by the server.
        self.last_request_tokens = check_fits(messages, tools, self.context_window, self.name)
        request: dict[str, Any] = {"model": self.name, "messages": to_wire_messages(messages), "stream": True}
        if tools:  # some servers reject an empty tools list
            request["tools"] = to_wire_tools(tools)
        if self._include_usage:
            request["stream_options"] = {"include_usage": True}
        text: list[str] = []
        held: list[str] = []  # text that may still be a tool call written as JSON, not shown yet
        assembler = _ToolCallAssembler()
        finish_reason: str | None = None
        usage: dict[str, int] = {}
        response = None
        scrub = _KeyScrubber(self._key)
        loop = asyncio.get_running_loop()
        end = loop.time() + self.deadline
        try:
            response = await self._within(end, self._client_for_loop().chat.completions.create(**request))
            await self._check_is_stream(response)
            chunks = response.__aiter__()
            while True:
                try:
                    chunk = await self._within(end, chunks.__anext__())
                except StopAsyncIteration:
                    break
                if chunk.usage is not None:
                    usage = {k: v for k, v in chunk.usage.model_dump().items() if isinstance(v, int)}
                for choice in chunk.choices or ():
                    delta = choice.delta
                    if delta is not None and delta.content:
                        shown = scrub.feed(delta.content)
                        if shown:
                            text.append(shown)
                            if tools and (held or not "".join(text[:-1]).strip()) and may_be_call("".join(text)):
                                held.append(shown)
                            else:
                                if held:
                                    shown = "".join(held) + shown
                                    held.clear()
                                yield TextDelta(text=shown)
                    if delta is not None and delta.tool_calls:
                        for position, fragment in enumerate(delta.tool_calls):
                            assembler.add(fragment, position)
                    if choice.finish_reason:
                        finish_reason = choice.finish_reason
        except ModelError:
            raise
        except Exception as exc:  # noqa: BLE001 - every failure is mapped to one clear ModelError
            raise self._map_error(exc) from None
        finally:
            if response is not None:  # also when the consumer stops early or the task is cancelled
                await response.close()
        rest = scrub.flush()
        if rest:
            text.append(rest)
            held.append(rest)
        calls = tuple(ToolCall(id=c.id, name=c.name, arguments=scrub.whole(c.arguments)) for c in assembler.calls())
        whole = "".join(text)
        if held:
            from_text = () if calls else parse_text_calls(whole, tools)
            if from_text:
                calls, whole = from_text, ""
            else:
                yield TextDelta(text="".join(held))
        if finish_reason is None:
            raise ModelError("malformed stream: the server ended the response before the model finished",
                             msg=msg("model.error.ended"))
        if calls and finish_reason == "stop":
            finish_reason = "tool_calls"  # Ollama reports "stop" even when it calls tools
        yield Completion(text=whole, tool_calls=calls, finish_reason=finish_reason, usage=usage)

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
                raise ModelError(f"timed out: {self.base_url} did not finish within {self.deadline:g} s "
                                 "(overall deadline of one model call)",
                                 msg=msg("model.error.deadline", where=self.base_url, seconds=f"{self.deadline:g}")
                                 ) from None
            raise ModelError(f"timed out: {self.base_url} sent no content for {self.timeout:g} s (idle "
                             "deadline; keep-alive messages do not count)",
                             msg=msg("model.error.idle", where=self.base_url, seconds=f"{self.timeout:g}")) from None

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
        raise ModelError(f"{self.base_url} sent {what}, not a stream of the model's answer; it began: {shown!r}",
                         msg=msg("model.error.not_stream", where=self.base_url, status=http.status_code),
                         details=f"{what}: {shown}")

    # -- errors ---------------------------------------------------------

    def _scrub(self, message: str) -> str:
        if self._key:
            message = message.replace(self._key, "***")
        message = _SECRETISH.sub("***", message)
        message = " ".join(message.split())
        return message[:300]

    def _server_message(self, exc: openai.APIStatusError) -> str:
        body = exc.body
        if isinstance(body, Mapping):
            err = body.get("error", body)
            raw = err.get("message") if isinstance(err, Mapping) else err
            if isinstance(raw, str) and raw.strip():
                return self._scrub(raw)
        return ""

    def _map_error(self, exc: BaseException) -> ModelError:
        where = self.base_url

        def fail(english: str, mid: str, details: str = "", **params: object) -> ModelError:
            # English for the logs and the model; the message id for the user; the server's words as details
            return ModelError(english, msg=msg(mid, where=where, **params), details=details)

        if isinstance(exc, openai.APIStatusError):
            status = exc.status_code
            detail = self._server_message(exc)
            suffix = f": {detail}" if detail else ""
            details = f"HTTP {status}{suffix}"
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
