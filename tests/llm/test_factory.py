"""make_model picks the provider; check_connection makes one real call and says what happened."""
from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from desktop.llm import keys
from desktop.llm.factory import check_connection, choose_model, make_model
from desktop.llm.offline import OfflinePlanner
from desktop.llm.openai_provider import OpenAIModel
from desktop.llm.settings import ModelSettings

from .conftest import MemoryKeyring
from .fake_server import FakeServer, chunk, http_error, serve, sse


def _ok(handler: Any, body: dict[str, Any]) -> None:
    sse(handler, [chunk({"content": "OK"}), chunk({}, finish="stop")])


def _reject(handler: Any, body: dict[str, Any]) -> None:
    http_error(handler, 401, "bad key")


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[FakeServer]:
    yield from serve(request.param)


def test_offline_by_default() -> None:
    choice = choose_model(ModelSettings())
    assert isinstance(choice.model, OfflinePlanner)
    assert choice.model.label == "Offline planner (no network)"
    assert "offline planner" in choice.reason


@pytest.mark.parametrize(("settings", "missing"), [
    (ModelSettings("openai_compatible", "", "gpt-4o-mini"), "no base URL"),
    (ModelSettings("openai_compatible", "https://api.openai.com/v1", ""), "no model name"),
])
def test_incomplete_openai_settings_fall_back_with_a_reason(settings: ModelSettings, missing: str) -> None:
    choice = choose_model(settings)
    assert isinstance(choice.model, OfflinePlanner)
    assert missing in choice.reason


@pytest.mark.parametrize("server", [_ok], indirect=True)
def test_configured_model_uses_the_keyring_key(server: FakeServer, memory: MemoryKeyring,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    for var in keys.ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    settings = ModelSettings("openai_compatible", server.url, "qwen-plus", 5)
    keys.set_api_key(settings.account, "sk-from-keyring")
    model = make_model(settings)
    assert isinstance(model, OpenAIModel)
    assert model.name == "qwen-plus" and "127.0.0.1" in model.label
    ok, message = asyncio.run(check_connection(settings))
    assert (ok, message) == (True, "Connected to qwen-plus")
    assert server.received[0].headers["authorization"] == "Bearer sk-from-keyring"
    assert server.received[0].body["model"] == "qwen-plus"


@pytest.mark.parametrize("server", [_reject], indirect=True)
def test_check_connection_reports_a_rejected_key(server: FakeServer) -> None:
    settings = ModelSettings("openai_compatible", server.url, "gpt-4o-mini", 5)
    ok, message = asyncio.run(check_connection(settings, api_key="sk-typed-in-dialog"))
    assert not ok
    assert "API key was rejected" in message and "sk-typed-in-dialog" not in message
    assert server.received[0].headers["authorization"] == "Bearer sk-typed-in-dialog"


def test_check_connection_offline_and_incomplete() -> None:
    assert asyncio.run(check_connection(ModelSettings()))[0] is True
    ok, message = asyncio.run(check_connection(ModelSettings("openai_compatible", "http://localhost:1/v1", "")))
    assert not ok and "model name" in message
