"""Ollama through its own chat API (``/api/chat``) and its official Python client.

Ollama's OpenAI-compatible endpoint ignores any context setting and cuts a long prompt at the model's
default window without an error; its own API takes the window per request (``options.num_ctx``). So this
provider sends ``num_ctx`` = the configured window and counts every request against that same window
before sending it.
"""
from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Sequence
from typing import Any

import httpx
import ollama

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
from desktop.llm.openai_provider import MIN_OUTPUT, OutputLimits, to_wire_tools
from desktop.llm.quirks import in_flight
from desktop.llm.settings import DEFAULT_NUM_CTX, SettingsError
from desktop.llm.turn import AnswerCut
from desktop.llm.textcalls import may_be_call, parse_text_calls
from desktop.llm.tokens import check_fits
from desktop.messages import msg


def host_of(base_url: str) -> str:
    """Ollama's host URL: a base URL copied from the OpenAI endpoint (``…/v1``) works too."""
    url = base_url.rstrip("/")
    return url[:-3] if url.endswith("/v1") else url


def _arguments(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def to_ollama_messages(messages: Sequence[ChatMessage]) -> list[dict[str, Any]]:
    """Our messages in Ollama's format: tool-call arguments are objects, tool results name their tool."""
    names = {c.id: c.name for m in messages for c in m.tool_calls}
    wire: list[dict[str, Any]] = []
    for m in messages:
        item: dict[str, Any] = {"role": m.role, "content": m.content}
        if m.tool_calls:
            item["tool_calls"] = [{"function": {"name": c.name, "arguments": _arguments(c.arguments)}}
                                  for c in m.tool_calls]
        if m.role == "tool":
            item["tool_name"] = names.get(m.tool_call_id or "", "")
        wire.append(item)
    return wire


class OllamaModel:
    """A :class:`~desktop.llm.Model` backed by Ollama's native chat API."""

    def __init__(self, base_url: str, model: str, *, timeout: float = 60.0, context_window: int = 0,
                 limits: OutputLimits | None = None) -> None:
        if not base_url or not model:
            raise SettingsError(msg("connect.incomplete"))  # a ValueError too
        self.base_url = host_of(base_url)
        self.name = model
        self.label = f"{model} (Ollama, {httpx.URL(self.base_url).host or self.base_url})"
        self.timeout = timeout
        self.context_window = context_window or DEFAULT_NUM_CTX
        self.limits = limits or OutputLimits()
        self.last_request_tokens = 0

    def __repr__(self) -> str:
        return f"OllamaModel(base_url={self.base_url!r}, model={self.name!r})"

    def stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        """Stream one assistant turn: TextChunk events, then exactly one Completion."""
        return self._stream(messages, tools)

    async def _stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        self.last_request_tokens = check_fits(messages, tools, self.context_window, self.name)
        limit = self.limits.tool_step if tools else self.limits.reply
        limit = min(limit, max(MIN_OUTPUT, self.context_window - self.last_request_tokens))
        client = ollama.AsyncClient(host=self.base_url, timeout=self.timeout)
        in_flight.enter(self.base_url)  # Ollama serves one request per model slot: no listing while it answers
        try:
            async for event in self._chat(client, messages, tools, limit):
                yield event
        finally:
            in_flight.leave(self.base_url)

    async def _chat(self, client: ollama.AsyncClient, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec],
                    limit: int) -> AsyncIterator[ModelEvent]:
        text: list[str] = []
        held: list[str] = []
        calls: list[ToolCall] = []
        usage: dict[str, int] = {}
        reasoning: list[str] = []
        finish: str | None = None
        try:
            parts = await client.chat(model=self.name, messages=to_ollama_messages(messages),
                                      tools=to_wire_tools(tools) or None, stream=True,
                                      options={"num_ctx": self.context_window, "num_predict": limit})
            async for part in parts:
                message = part.message
                thinking = getattr(message, "thinking", None)
                if thinking:
                    reasoning.append(thinking)
                    yield ReasoningChunk(text=thinking)
                if message.content:
                    text.append(message.content)
                    if tools and (held or not "".join(text[:-1]).strip()) and may_be_call("".join(text)):
                        held.append(message.content)
                    else:
                        yield TextChunk(text="".join(held) + message.content)
                        held.clear()
                for call in message.tool_calls or ():
                    calls.append(ToolCall(id=f"call_{uuid.uuid4().hex[:12]}", name=call.function.name,
                                          arguments=json.dumps(dict(call.function.arguments), ensure_ascii=False)))
                if part.done:
                    finish = part.done_reason or "stop"
                    usage = {"prompt_tokens": part.prompt_eval_count or 0,
                             "completion_tokens": part.eval_count or 0}
        except ModelError:
            raise
        except ollama.ResponseError as exc:
            raise self._map_status(exc) from None
        except (httpx.TimeoutException, asyncio.TimeoutError):
            raise ModelError(msg("model.error.timeout", where=self.base_url, seconds=f"{self.timeout:g}"),
                             details="timed out") from None
        except (httpx.ConnectError, ConnectionError):
            raise ModelError(msg("model.error.connect", where=self.base_url), details="connection refused") from None
        except Exception as exc:  # noqa: BLE001 - every failure is one clear ModelError
            raise ModelError(msg("model.error.failed", where=self.base_url), details=type(exc).__name__) from None
        if finish is None:
            raise ModelError(msg("model.error.stopped"))
        if finish == "length":
            raise AnswerCut(usage, text="" if calls else "".join(text), reasoning="".join(reasoning))
        whole = "".join(text)
        if held:
            from_text = () if calls else parse_text_calls(whole, tools)
            if from_text:
                calls, whole = list(from_text), ""
            else:
                yield TextChunk(text="".join(held))
        yield Completion(text=whole, tool_calls=tuple(calls), finish_reason="tool_calls" if calls else finish,
                         usage=usage, reasoning="".join(reasoning))

    def _map_status(self, exc: ollama.ResponseError) -> ModelError:
        from desktop.texts import tr

        detail = " ".join(str(exc.error).split())[:300]
        details = f"HTTP {exc.status_code}: {exc.error}"  # the server's reason whole, for the details view
        if "does not support tools" in detail:
            return ModelError(tr("model.no_tools", model=self.name) + f" ({detail})",
                              msg=msg("model.error.no_tools", model=self.name), details=details)
        if exc.status_code == 404:
            return ModelError(f"model {self.name!r} is not installed in Ollama at {self.base_url} (HTTP 404); "
                              f"run `ollama pull {self.name}`: {detail}",
                              msg=msg("model.error.not_installed", model=self.name, where=self.base_url),
                              details=details)
        return ModelError(f"{self.base_url} refused the request (HTTP {exc.status_code}): {detail}",
                          msg=msg("model.error.refused", where=self.base_url, status=exc.status_code), details=details)
