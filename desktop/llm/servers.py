"""What local model servers say about themselves: installed models, context window, tool support.

Presets hold the usual address of each server; the context window comes from the server where it says
so — Ollama's ``/api/show`` model info, LM Studio's ``/api/v0/models``, vLLM's ``/v1/models``
(``max_model_len``), the llama.cpp server's ``/props`` (``n_ctx``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from desktop.llm._types import ModelError
from desktop.messages import msg
from desktop.llm.ollama_provider import host_of
from desktop.llm.settings import DEFAULT_NUM_CTX
from desktop.llm.quirks import kind_from


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    base_url: str
    api: str  # ModelSettings.api
    context_window: int  # 0 = read it from the server


PRESETS: tuple[Preset, ...] = (
    Preset("ollama", "Ollama", "http://localhost:11434", "ollama", DEFAULT_NUM_CTX),
    Preset("lmstudio", "LM Studio", "http://localhost:1234/v1", "openai", 0),
    Preset("llamacpp", "llama.cpp server", "http://localhost:8080/v1", "openai", 0),
    Preset("vllm", "vLLM", "http://localhost:8000/v1", "openai", 0),
)


def preset_for(base_url: str) -> Preset | None:
    """The local-server preset whose usual address ``base_url`` is (Ollama's with or without ``/v1``)."""
    url = base_url.strip().rstrip("/")
    return next((p for p in PRESETS if url in (p.base_url, _root(p.base_url), _root(p.base_url) + "/v1")), None)


@dataclass(frozen=True)
class ModelInfo:
    name: str
    context_window: int = 0  # 0 = the server does not say
    tools: bool | None = None  # None = the server does not say
    kind: str = ""  # the server family as its answers show it ("" = not told apart)


def _root(base_url: str) -> str:
    return host_of(base_url)


def _get(client: httpx.Client, url: str) -> Any:
    reply = client.get(url)
    reply.raise_for_status()
    return reply.json()


def _ollama(client: httpx.Client, base_url: str) -> list[ModelInfo]:
    root = _root(base_url)
    out = []
    for entry in _get(client, f"{root}/api/tags").get("models", []):
        name = str(entry.get("name") or entry.get("model") or "")
        if not name:
            continue
        shown = client.post(f"{root}/api/show", json={"model": name})
        window, tools = 0, None
        if shown.status_code == 200:
            data = shown.json()
            info = data.get("model_info") or {}
            window = next((int(v) for k, v in info.items() if k.endswith(".context_length")), 0)
            caps = data.get("capabilities")
            if isinstance(caps, list):
                tools = "tools" in caps
        out.append(ModelInfo(name=name, context_window=window, tools=tools, kind="Ollama"))
    return out


def _openai_like(client: httpx.Client, base_url: str) -> list[ModelInfo]:
    root, url = _root(base_url), base_url.rstrip("/")
    lmstudio: dict[str, dict[str, Any]] = {}
    try:  # LM Studio's own listing has the loaded and the largest context length
        for entry in _get(client, f"{root}/api/v0/models").get("data", []):
            lmstudio[str(entry.get("id"))] = entry
    except (httpx.HTTPError, ValueError, AttributeError):
        pass
    n_ctx = 0
    props = False
    if not lmstudio:
        try:  # llama.cpp server: the window it was started with
            n_ctx = int(_get(client, f"{root}/props").get("default_generation_settings", {}).get("n_ctx", 0))
            props = True
        except (httpx.HTTPError, ValueError, AttributeError, TypeError):
            pass
    listing = client.get(f"{url}/models")
    listing.raise_for_status()
    server = listing.headers.get("server", "")
    out = []
    for entry in listing.json().get("data", []):
        name = str(entry.get("id") or "")
        if not name:
            continue
        lm = lmstudio.get(name, {})
        window = (lm.get("loaded_context_length") or lm.get("max_context_length")
                  or entry.get("max_model_len") or n_ctx or 0)
        caps = lm.get("capabilities")  # newer LM Studio versions list "tool_use"
        meta = entry.get("meta") if isinstance(entry.get("meta"), dict) else {}
        # the server's own window where /models publishes it (llama.cpp, llama-swap); n_ctx_train is the
        # model's training length, not what the server was started with, so it is not taken
        window = window or meta.get("n_ctx") or 0
        kind = ("LM Studio" if lmstudio else kind_from(server, str(entry.get("owned_by") or ""))
                or ("llama.cpp server" if props else "vLLM" if "max_model_len" in entry else ""))
        out.append(ModelInfo(name=name, context_window=int(window),
                             tools="tool_use" in caps if isinstance(caps, list) else None, kind=kind))
    return out


def list_models(base_url: str, api: str = "openai", timeout: float = 10.0) -> list[ModelInfo]:
    """The models the server offers, each with its context window and tool support where it says so."""
    from desktop.llm.quirks import in_flight

    if in_flight.busy(base_url):  # a second request would stop the answer a task is streaming
        raise ModelError(msg("model.error.busy", where=base_url))
    try:
        with httpx.Client(timeout=timeout) as client:
            return _ollama(client, base_url) if api == "ollama" else _openai_like(client, base_url)
    except httpx.HTTPStatusError as exc:
        raise ModelError(msg("model.error.listing", where=base_url, status=exc.response.status_code)) from None
    except httpx.HTTPError as exc:
        from desktop.llm.quirks import transport_reason

        reason = transport_reason(exc)
        raise ModelError(msg("model.error.connect", where=base_url), details=reason) from None
    except (ValueError, AttributeError, TypeError):
        raise ModelError(msg("model.error.malformed", where=base_url), details="the model listing") from None


def is_ollama(base_url: str, timeout: float = 5.0) -> bool:
    """True when the server at ``base_url`` is Ollama (it answers ``/api/version``); False, unasked, while a
    task streams from it (a second request would stop that answer)."""
    from desktop.llm.quirks import in_flight

    if in_flight.busy(base_url):
        return False
    try:
        with httpx.Client(timeout=timeout) as client:
            reply = client.get(f"{_root(base_url)}/api/version")
            return reply.status_code == 200 and "version" in reply.json()
    except (httpx.HTTPError, ValueError, TypeError):
        return False


def model_info(base_url: str, model: str, api: str = "openai", timeout: float = 10.0) -> ModelInfo | None:
    """What the server says about ``model``, or None when it does not list it."""
    return next((m for m in list_models(base_url, api, timeout) if m.name == model), None)
