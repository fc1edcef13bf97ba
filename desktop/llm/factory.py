"""Turn ModelSettings into a Model, and test a connection for the Settings dialog."""
from __future__ import annotations

from dataclasses import dataclass
import asyncio
from typing import Any

from desktop.llm._types import ChatMessage, Completion, Model, ModelError, ToolSpec
from desktop.llm.settings import DEFAULT_NUM_CTX, ModelSettings
from desktop.messages import failure_lines, msg
from skills.messages import Msg

CHECK_TIMEOUT = 20.0


@dataclass(frozen=True, slots=True, kw_only=True)
class ModelChoice:
    """The model to use and, when it is the offline planner, why."""

    model: Model
    reason: str  # "" when the configured model was used


def _api_key(account: str) -> str | None:
    # Imported on use: the keyring package costs ~15 ms, and the first task loads this module while the
    # user waits for a reply; the offline planner never needs a key.
    from desktop.llm.keys import get_api_key

    return get_api_key(account)


def choose_model(settings: ModelSettings, api_key: str | None = None) -> ModelChoice:
    """Pick the model for ``settings``; fall back to the offline planner with a reason when incomplete."""
    from desktop.llm.offline import OfflinePlanner

    if settings.provider == "offline":
        return ModelChoice(model=OfflinePlanner(), reason="the offline planner is selected in Settings")
    missing = [name for name, value in (("base URL", settings.base_url), ("model name", settings.model)) if not value]
    if missing:
        return ModelChoice(model=OfflinePlanner(), reason=f"the OpenAI-compatible model has no {' or '.join(missing)}; "
                                             "using the offline planner")
    from desktop.llm.openai_provider import OutputLimits

    limits = OutputLimits(tool_step=settings.output_tool_step, reply=settings.output_reply)
    if settings.api == "ollama":
        from desktop.llm.ollama_provider import OllamaModel

        return ModelChoice(model=OllamaModel(settings.base_url, settings.model, timeout=settings.timeout,
                                       context_window=settings.context_window, limits=limits), reason="")
    from desktop.llm.openai_provider import OpenAIModel

    key = api_key if api_key is not None else _api_key(settings.account)
    return ModelChoice(model=OpenAIModel(settings.base_url, settings.model, key, timeout=settings.timeout,
                                   context_window=settings.context_window, limits=limits), reason="")


def make_model(settings: ModelSettings, api_key: str | None = None) -> Model:
    """The Model for ``settings`` (the offline planner when nothing usable is configured)."""
    return choose_model(settings, api_key).model


async def check_connection(settings: ModelSettings, api_key: str | None = None) -> tuple[bool, str]:
    """Make one tiny real call; ``(True, "Connected to <model>")`` or ``(False, <clear error>)``, in English."""
    ok, said, english = await checked_connection(settings, api_key)
    return ok, english


async def checked_connection(settings: ModelSettings, api_key: str | None = None) -> tuple[bool, list[Msg], str]:
    """:func:`check_connection` with what a person reads: a message, then its details (a server's own words)."""
    if settings.provider == "offline":
        return True, [msg("connect.offline")], "The offline planner is built in and needs no connection."
    if not settings.is_configured:
        return False, [msg("connect.incomplete")], "Enter a base URL and a model name first."
    from desktop.llm.openai_provider import OutputLimits
    from desktop.llm.quirks import in_flight
    from desktop.llm.turn import AnswerCut

    probe = OutputLimits(tool_step=48, reply=8)  # a probe needs a word or one small call
    if in_flight.busy(settings.base_url):  # a local server answers one request at a time
        return False, [msg("model.error.busy", where=settings.base_url)], \
            f"{settings.base_url} is answering a task; not tested now"
    key = api_key if api_key else _api_key(settings.account)
    model: Any
    if settings.api == "ollama":
        from desktop.llm.ollama_provider import OllamaModel

        model = OllamaModel(settings.base_url, settings.model, timeout=min(settings.timeout, CHECK_TIMEOUT),
                            context_window=settings.context_window, limits=probe)
    else:
        from desktop.llm.openai_provider import OpenAIModel

        model = OpenAIModel(settings.base_url, settings.model, key, timeout=min(settings.timeout, CHECK_TIMEOUT),
                            limits=probe)
    try:
        try:
            answered = await _answers(model, [])
        except AnswerCut:
            answered = True  # the server answered; the probe's tiny output limit cut it
        if not answered:
            return False, [msg("connect.no_answer")], "The server ended the response without an answer."
        lines = [msg("connect.ok", model=settings.model), *await _server_lines(settings)]
        lines.append(await _tool_line(model))
        return True, lines, f"Connected to {settings.model}"
    except ModelError as exc:
        said: Msg = exc.msg if exc.msg is not None else msg("connect.failed", error=str(exc))
        return False, failure_lines(said, exc), str(exc)
    finally:
        if hasattr(model, "aclose"):
            await model.aclose()


_PROBE_TOOL = ToolSpec(name="echo", description="Repeat a word back.",
                       parameters={"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]})
# Two tools, as every agent step but the last offers: one alone would be named in tool_choice, and a server
# such as llama-cpp-python streams a named call but not a free choice, so the probe would say the wrong thing.
_PROBE_WAIT = ToolSpec(name="wait", description="Do nothing.", parameters={"type": "object", "properties": {}})


async def _answers(model: Any, tools: list[ToolSpec]) -> bool:
    text = "Call echo with the word OK." if tools else "Reply with the word OK."
    completion = None
    async for event in model.stream([ChatMessage(role="user", content=text)], tools):
        if isinstance(event, Completion):
            completion = event
    return completion is not None


async def _tool_line(model: Any) -> Msg:
    """Whether a request with tools works, and whether its answer streams (else Mira asks without streaming)."""
    from desktop.llm.turn import AnswerCut

    try:
        await _answers(model, [_PROBE_TOOL, _PROBE_WAIT])
    except AnswerCut:
        pass
    except ModelError as exc:
        return msg("connect.tools_failed", error=exc.details or str(exc))
    return msg("connect.tools_streamed") if getattr(model, "last_streamed", True) else msg("connect.tools_whole")


async def _server_lines(settings: ModelSettings) -> list[Msg]:
    """The server's kind and the model's context window, as the server tells them."""
    from desktop.llm.quirks import quirks_for
    from desktop.llm.servers import model_info

    try:
        info = await asyncio.to_thread(model_info, settings.base_url, settings.model, settings.api,
                                       min(settings.timeout, CHECK_TIMEOUT))
    except ModelError:
        info = None
    if info is not None and info.kind:  # the server said what it is: its quirks follow from now on
        from desktop.llm.quirks import memory

        memory().put(settings.base_url, settings.model, kind=info.kind)
    kind = (info.kind if info is not None else "") or quirks_for(settings.base_url, settings.model).kind
    window = info.context_window if info is not None else 0
    if settings.api == "ollama":
        window = settings.context_window or min(window or DEFAULT_NUM_CTX, DEFAULT_NUM_CTX)
    lines = [msg("connect.kind", kind=kind_words(kind))]
    lines.append(msg("connect.window", window=f"{window:,}") if window else msg("connect.window_unknown"))
    return lines


_KIND_WORDS = {"local server": "server.kind.local", "openai-compatible": "server.kind.cloud",
               "llama.cpp server": "server.kind.llama_server", "llama-cpp-python": "server.kind.llama_cpp_python",
               "Qwen (DashScope)": "server.kind.dashscope"}


def kind_words(kind: str) -> Msg | str:
    """A server kind as a person reads it: a product's own name as it is, the rest in words (translated)."""
    return msg(_KIND_WORDS[kind]) if kind in _KIND_WORDS else kind


async def ollama_behind_openai_endpoint(settings: ModelSettings) -> bool:
    """True when the OpenAI-compatible settings point at Ollama: its /v1 endpoint ignores any context window
    and cuts long prompts silently, so the user should choose Ollama's own API."""
    from desktop.llm.servers import is_ollama

    if settings.api != "openai" or not settings.is_configured:
        return False
    return await asyncio.to_thread(is_ollama, settings.base_url, min(settings.timeout, CHECK_TIMEOUT))


async def detect_context_window(settings: ModelSettings) -> tuple[int, bool | None]:
    """``(window, tools)`` for the configured model as its server reports them (``(0, None)`` when it does
    not say or cannot be asked). For Ollama the window is what Mira will ask for: the model's largest, at
    most the default (a larger window costs the server memory; raise it in Settings)."""
    from desktop.llm.servers import model_info

    if not settings.is_configured:
        return 0, None
    try:
        info = await asyncio.to_thread(model_info, settings.base_url, settings.model, settings.api,
                                       min(settings.timeout, CHECK_TIMEOUT))
    except ModelError:
        return 0, None
    if info is None:
        return 0, None
    if info.kind:  # the server said what it is: its quirks follow from now on
        from desktop.llm.quirks import memory

        memory().put(settings.base_url, settings.model, kind=info.kind)
    window = info.context_window
    if settings.api == "ollama":
        window = min(window, DEFAULT_NUM_CTX) if window else DEFAULT_NUM_CTX
    return window, info.tools
