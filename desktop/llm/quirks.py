"""What differs between OpenAI-compatible servers, and what Mira learned about each one while talking to it.

:func:`quirks_for` says what a server needs from its address and model name (DeepSeek wants the previous
turns' reasoning back in thinking mode; OpenAI's newer models take ``max_completion_tokens``; a local
server serves one request at a time). :class:`ServerMemory` keeps what a server showed in use — that it
cannot stream tool calls, how far Mira's token estimate is from the server's own count — in
``servers.json`` in the data folder, so the next task starts with it.
"""
from __future__ import annotations

import json
import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

_LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0")


@dataclass(frozen=True)
class Quirks:
    kind: str = "openai-compatible"  # the server family, shown by Test connection
    # Send each earlier assistant turn's reasoning back as ``reasoning_content`` (DeepSeek's thinking mode
    # with tools answers 400 without it; deepseek-reasoner answers 400 with it).
    reasoning_back: bool = False
    output_limit_key: str = "max_tokens"  # OpenAI's o-series and newer models refuse max_tokens
    single_slot: bool = False  # a local server: a second request interrupts the running answer
    # Streams tool calls only when told which tool (llama-cpp-python answers a streamed tool turn with
    # ``tool_choice`` auto by an empty 200): its tool turns go non-streamed from the first one.
    streams_tools: bool = True
    # Renders the tools into the prompt only when ``tool_choice`` is set (llama-cpp-python's function-calling
    # chat formats): its tool turns say ``"tool_choice": "auto"`` outright, which every server takes.
    tool_choice_auto: bool = False
    # A step that offers exactly one tool (the skill agent's last step: only ``complete``) names it in
    # ``tool_choice``, so the model calls it rather than answering in words. Off where a server is known to
    # refuse or ignore a named choice (LM Studio writes calls as text even with "required"; Ollama's own API
    # has no tool_choice).
    name_single_tool: bool = True


# What a server says it is (its model listing, /props, /api/v0) -> its quirks, whatever its address.
_BY_KIND: dict[str, Quirks] = {
    "llama-cpp-python": Quirks(kind="llama-cpp-python", single_slot=True, streams_tools=False, tool_choice_auto=True),
    "llama.cpp server": Quirks(kind="llama.cpp server", single_slot=True),
    "LM Studio": Quirks(kind="LM Studio", single_slot=True, name_single_tool=False),
    "Ollama": Quirks(kind="Ollama", single_slot=True, name_single_tool=False),
}


def kind_from(server: str = "", owned_by: str = "") -> str:
    """The server family its answers name: the ``Server`` header (llama.cpp's llama-server sends
    ``llama.cpp``; a vLLM behind a proxy may send ``vLLM/…``), else its listing's ``owned_by`` (``llamacpp``
    for llama-server, ``vllm``, ``organization_owner`` for LM Studio, ``library`` for Ollama's /v1, ``me`` for
    llama-cpp-python, which is served by uvicorn like vLLM); "" when neither tells."""
    header, owner = server.strip().lower(), owned_by.strip().lower()
    if header.startswith("llama.cpp"):
        return "llama.cpp server"
    if header.startswith("vllm"):
        return "vLLM"
    return {"llamacpp": "llama.cpp server", "vllm": "vLLM", "organization_owner": "LM Studio",
            "library": "Ollama", "me": "llama-cpp-python"}.get(owner, "")


def host(base_url: str) -> str:
    try:
        return (httpx.URL(base_url).host or "").lower()
    except (httpx.InvalidURL, TypeError):
        return ""


def is_local(base_url: str) -> bool:
    name = host(base_url)
    return name in _LOCAL_HOSTS or name.endswith(".local")


def quirks_for(base_url: str, model: str, kind: str = "") -> Quirks:
    """The quirks of the server at ``base_url`` serving ``model``: by the ``kind`` the server reported (its
    listing, ``/props``, ``/api/v0``; remembered from Test connection or Settings), else by its address."""
    name, lowered = host(base_url), model.lower()
    if kind == "vLLM":  # a vLLM may serve many at once, also on this machine
        return Quirks(kind="vLLM")
    if kind in _BY_KIND:
        return _BY_KIND[kind]
    if name.endswith("deepseek.com"):
        return Quirks(kind="DeepSeek", reasoning_back=lowered != "deepseek-reasoner")
    if name == "api.openai.com":
        return Quirks(kind="OpenAI", output_limit_key="max_completion_tokens")
    for suffix, kind in (("dashscope.aliyuncs.com", "Qwen (DashScope)"), ("dashscope-intl.aliyuncs.com", "Qwen (DashScope)"),
                         ("moonshot.cn", "Moonshot"), ("moonshot.ai", "Moonshot"), ("bigmodel.cn", "Zhipu GLM"),
                         ("siliconflow.cn", "SiliconFlow"), ("siliconflow.com", "SiliconFlow"),
                         ("openrouter.ai", "OpenRouter")):
        if name.endswith(suffix):
            return Quirks(kind=kind)
    return Quirks(kind="local server" if is_local(base_url) else "openai-compatible", single_slot=is_local(base_url))


def _key(base_url: str, model: str) -> str:
    return f"{base_url.rstrip('/')}|{model}"


class ServerMemory:
    """What each server showed in use, by base URL and model; read once, written on every change."""

    def __init__(self, path: Path | None) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._data: dict[str, dict[str, Any]] | None = None

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._data is None:
            data: Any = {}
            if self._path is not None:
                try:
                    data = json.loads(self._path.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    data = {}  # missing or damaged: learned again on the next calls
            self._data = {k: v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}
        return self._data

    def get(self, base_url: str, model: str) -> Mapping[str, Any]:
        with self._lock:
            return dict(self._load().get(_key(base_url, model), {}))

    def put(self, base_url: str, model: str, **values: Any) -> None:
        with self._lock:
            entry = self._load().setdefault(_key(base_url, model), {})
            if all(entry.get(k) == v for k, v in values.items()):
                return
            entry.update(values)
            if self._path is not None:
                try:
                    tmp = self._path.with_suffix(".tmp")
                    tmp.write_text(json.dumps(self._data, indent=1, sort_keys=True), encoding="utf-8")
                    tmp.replace(self._path)
                except OSError:
                    pass  # remembered for this session only

    def kind(self, base_url: str, model: str) -> str:
        """The server kind it reported when last asked (Test connection, the window's detection), or ""."""
        value = self.get(base_url, model).get("kind")
        return value if isinstance(value, str) else ""

    def streams_tools(self, base_url: str, model: str) -> bool:
        """False once the server showed it cannot stream tool calls (tool turns then go non-streamed)."""
        return self.get(base_url, model).get("stream_tools") is not False

    def token_scale(self, base_url: str, model: str) -> float:
        """The factor that turns Mira's estimate into the server's own count (1.0 until it reported one).

        The largest ratio seen, plus a tenth: never below what the server counted, so a request the guard
        lets through fits; not the estimate's 2x either, which would refuse requests that fit."""
        ratio = self.get(base_url, model).get("token_ratio")
        if not isinstance(ratio, (int, float)) or not math.isfinite(ratio) or ratio <= 0:
            return 1.0
        return min(2.0, max(0.25, ratio * 1.1))

    def learn_tokens(self, base_url: str, model: str, estimated: int, counted: int) -> None:
        """Record the server's ``prompt_tokens`` for a request Mira estimated at ``estimated``."""
        if estimated < 200 or counted <= 0:
            return  # too small to say anything about the estimate (template overhead dominates)
        ratio = counted / estimated
        seen = self.get(base_url, model).get("token_ratio")
        if isinstance(seen, (int, float)) and math.isfinite(seen) and seen >= ratio:
            return
        self.put(base_url, model, token_ratio=round(ratio, 4))


_memory: ServerMemory | None = None


def memory() -> ServerMemory:
    """The process's memory of servers, kept in the data folder."""
    global _memory
    if _memory is None:
        from desktop.paths import data_dir

        try:
            path: Path | None = data_dir() / "servers.json"
        except OSError:
            path = None
        _memory = ServerMemory(path)
    return _memory


def forget_servers(path: Path | None = None) -> ServerMemory:
    """Start a fresh memory (kept in ``path``, or in memory only): for tests, and after the data folder moved."""
    global _memory
    _memory = ServerMemory(path)
    return _memory


class _InFlight:
    """The local servers a task is streaming from right now (a second request would interrupt it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count: dict[str, int] = {}

    @staticmethod
    def _root(base_url: str) -> str:
        try:
            url = httpx.URL(base_url)
            return f"{(url.host or '').lower()}:{url.port or ''}"
        except (httpx.InvalidURL, TypeError):
            return base_url

    def enter(self, base_url: str) -> None:
        with self._lock:
            key = self._root(base_url)
            self._count[key] = self._count.get(key, 0) + 1

    def leave(self, base_url: str) -> None:
        with self._lock:
            key = self._root(base_url)
            left = self._count.get(key, 0) - 1
            if left > 0:
                self._count[key] = left
            else:
                self._count.pop(key, None)

    def busy(self, base_url: str) -> bool:
        """True while a task streams from this local server (a cloud service serves many at once)."""
        if not is_local(base_url):
            return False
        with self._lock:
            return self._count.get(self._root(base_url), 0) > 0


in_flight = _InFlight()


def transport_reason(exc: BaseException) -> str:
    """What went wrong on the way to a server, in words (not ``ConnectError``), for a details view."""
    text = str(exc).lower()
    if isinstance(exc, httpx.ConnectTimeout):
        return "the connection timed out: no server answered at that address"
    if isinstance(exc, httpx.TimeoutException):
        return "the server accepted the connection but did not answer in time"
    if isinstance(exc, httpx.ConnectError):
        if "name or service" in text or "nodename" in text or "getaddrinfo" in text or "name resolution" in text:
            return "the host name could not be found"
        if "certificate" in text or "ssl" in text:
            return "the secure connection failed (the server's certificate was not accepted)"
        return "the connection was refused: nothing is listening at that address and port"
    if isinstance(exc, (httpx.RemoteProtocolError, httpx.ReadError)):
        return "the server closed the connection without an answer"
    if isinstance(exc, httpx.UnsupportedProtocol):
        return "the address is not an http:// or https:// URL"
    return f"the request failed ({type(exc).__name__})"
