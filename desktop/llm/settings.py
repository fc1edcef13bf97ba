"""Which model Mira talks to. Keys are never part of these settings (see desktop.llm.keys)."""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from desktop.errors import MiraError
from desktop.messages import msg

Provider = Literal["offline", "openai_compatible"]
PROVIDERS: tuple[str, ...] = ("offline", "openai_compatible")
MAX_TIMEOUT = 600.0
# "openai": the Chat Completions API; "ollama": Ollama's own /api/chat, the one way to set its context
# window per request (its OpenAI endpoint ignores any context setting and cuts the prompt silently).
APIS: tuple[str, ...] = ("openai", "ollama")
MAX_CONTEXT = 10_000_000
_FIELDS = {"provider", "base_url", "model", "timeout", "context_window", "api", "output_tool_step", "output_reply"}
MAX_OUTPUT = 1_000_000
# The window Ollama's own API is sent when the settings do not name one: enough for every skill's first
# request (bench/), small enough for the KV cache of a 7B model on a laptop.
DEFAULT_NUM_CTX = 8192


class SettingsError(MiraError, ValueError):
    """A model setting was refused (the Settings dialog, the settings file, the CLI); a ValueError too, as
    callers catch those. Raised with its message value, which names the field as the dialog labels it."""


def _normalise_url(url: str) -> str:
    return url.strip().rstrip("/")


@dataclass(frozen=True)
class ModelSettings:
    """The model configuration the user picks in Settings.

    ``provider`` is ``"offline"`` (the embedded offline planner) or
    ``"openai_compatible"`` (any server speaking the Chat Completions API, with
    ``base_url`` and ``model``). Construction validates every field and raises
    :class:`SettingsError` (a ValueError) naming the bad one.
    """

    provider: Provider = "offline"
    base_url: str = ""
    model: str = ""
    timeout: float = 60.0
    context_window: int = 0  # tokens; 0 = unknown (requests are counted but not refused)
    api: str = "openai"
    # The most tokens one answer may have, by step (sent as max_tokens): a tool step carries a document's
    # content in its arguments, a reply is a few paragraphs. A looping model stops here, not at the deadline.
    output_tool_step: int = 4096
    output_reply: int = 2048

    def __post_init__(self) -> None:
        if self.provider not in PROVIDERS:
            raise SettingsError(msg("error.llm_settings.provider", choices=", ".join(PROVIDERS),
                                    value=repr(self.provider)))
        if not isinstance(self.base_url, str):
            raise SettingsError(msg("error.llm_settings.text", name="base_url"))
        if not isinstance(self.model, str):
            raise SettingsError(msg("error.llm_settings.text", name="model"))
        if isinstance(self.timeout, bool) or not isinstance(self.timeout, (int, float)):
            raise SettingsError(msg("error.llm_settings.timeout_number"))
        if not math.isfinite(self.timeout) or not 0 < self.timeout <= MAX_TIMEOUT:
            raise SettingsError(msg("error.llm_settings.timeout_range", limit=f"{MAX_TIMEOUT:g}",
                                    value=repr(self.timeout)))
        if isinstance(self.context_window, bool) or not isinstance(self.context_window, int) \
                or not 0 <= self.context_window <= MAX_CONTEXT:
            raise SettingsError(msg("error.llm_settings.context_window", value=repr(self.context_window)))
        for name in ("output_tool_step", "output_reply"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 16 <= value <= MAX_OUTPUT:
                raise SettingsError(msg(f"error.llm_settings.{name}", limit=MAX_OUTPUT, value=repr(value)))
        if self.api not in APIS:
            raise SettingsError(msg("error.llm_settings.api", choices=", ".join(APIS), value=repr(self.api)))
        url = _normalise_url(self.base_url)
        if url:
            try:
                parts = urlsplit(url)
                parts.port  # noqa: B018 - raises on a port that is not a number in 0-65535
            except ValueError as exc:
                # Caught here so a bad URL never reaches the HTTP client as a traceback; the URL is not
                # echoed because it may carry a pasted key.
                raise SettingsError(msg("error.llm_settings.url_invalid"), details=str(exc)) from None
            if parts.username or parts.password:
                # A key pasted into the URL would end up in the settings file; refuse it, and
                # before any message below could echo the URL.
                raise SettingsError(msg("error.llm_settings.url_credentials"))
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise SettingsError(msg("error.llm_settings.url_scheme", value=repr(self.base_url)))
        # Normalise once so equal settings compare equal and map to one keyring account.
        object.__setattr__(self, "base_url", url)
        object.__setattr__(self, "model", self.model.strip())
        object.__setattr__(self, "timeout", float(self.timeout))

    @property
    def is_configured(self) -> bool:
        """True when an OpenAI-compatible model has both a base URL and a model name."""
        return self.provider == "openai_compatible" and bool(self.base_url) and bool(self.model)

    @property
    def account(self) -> str:
        """The keyring account the API key for this server is stored under."""
        if self.provider == "offline" or not self.base_url:
            return ""
        parts = urlsplit(self.base_url)
        return f"{parts.scheme}://{parts.netloc.lower()}{parts.path}"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict (never contains a key)."""
        return {"provider": self.provider, "base_url": self.base_url, "model": self.model, "timeout": self.timeout,
                "context_window": self.context_window, "api": self.api,
                "output_tool_step": self.output_tool_step, "output_reply": self.output_reply}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModelSettings:
        """Build settings from a dict such as :meth:`to_dict` produced; unknown or mistyped fields are a
        :class:`SettingsError` (a ValueError)."""
        if not isinstance(data, Mapping):
            raise SettingsError(msg("error.llm_settings.not_object", type=type(data).__name__))
        unknown = sorted(set(data) - _FIELDS)
        if unknown:
            raise SettingsError(msg("error.llm_settings.unknown", names=", ".join(map(str, unknown))))
        if "provider" not in data:
            raise SettingsError(msg("error.llm_settings.no_provider"))
        for name in ("provider", "base_url", "model", "api"):
            if name in data and not isinstance(data[name], str):
                raise SettingsError(msg("error.llm_settings.text", name=name))
        return cls(**dict(data))


def context_window_of(settings: ModelSettings) -> int:
    """The window the model for ``settings`` guards its requests with, in tokens (0: not known; the offline
    planner has none). Ollama's own API is always sent a window: the setting, or its default. Here with the
    settings, not in the factory: the agent runtime a request waits for at start needs this number only."""
    if settings.provider == "offline" or not settings.base_url or not settings.model:
        return 0
    if settings.api == "ollama":
        return settings.context_window or DEFAULT_NUM_CTX
    return settings.context_window
