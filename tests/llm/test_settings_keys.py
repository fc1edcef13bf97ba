"""ModelSettings validation and API keys: keyring first, env fallback, broken keyrings never crash."""
from __future__ import annotations

import logging

import keyring
import keyring.backends.fail
import keyring.errors
import pytest

from desktop.llm import keys
from desktop.llm.settings import ModelSettings, SettingsError

from .conftest import MemoryKeyring

SECRET = "sk-live-abcdef0123456789"


class BrokenKeyring(MemoryKeyring):
    """A keyring whose backend is present but fails (locked, no D-Bus...)."""

    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.KeyringError(f"backend exploded while reading {username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.PasswordSetError(f"cannot store {password}")


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in keys.ENV_VARS:
        monkeypatch.delenv(var, raising=False)


# -- settings ---------------------------------------------------------------


def test_defaults_are_the_offline_planner() -> None:
    s = ModelSettings()
    assert s.provider == "offline" and not s.is_configured and s.account == ""


def test_round_trip_and_normalisation() -> None:
    s = ModelSettings("openai_compatible", " https://API.deepseek.com/v1/ ", " deepseek-chat ", 30)
    assert s.base_url == "https://API.deepseek.com/v1" and s.model == "deepseek-chat" and s.timeout == 30.0
    assert s.account == "https://api.deepseek.com/v1"
    assert ModelSettings.from_dict(s.to_dict()) == s
    assert s.to_dict() == {"provider": "openai_compatible", "base_url": "https://API.deepseek.com/v1",
                           "model": "deepseek-chat", "timeout": 30.0, "context_window": 0, "api": "openai",
                           "output_tool_step": 4096, "output_reply": 2048}
    assert s.is_configured


@pytest.mark.parametrize(("data", "message"), [
    ({"provider": "claude"}, "provider must be one of"),
    ({}, "need a provider"),
    ({"provider": "offline", "api_key": SECRET}, "Unknown model settings"),
    ({"provider": "openai_compatible", "base_url": "ftp://x"}, "start with http://… or https://…"),
    ({"provider": "openai_compatible", "base_url": "localhost:11434"}, "start with http://… or https://…"),
    ({"provider": "openai_compatible", "base_url": f"https://u:{SECRET}@h/v1"}, "must not contain a user name"),
    ({"provider": "openai_compatible", "base_url": f"ftp://u:{SECRET}@h/v1"}, "must not contain a user name"),
    ({"provider": "openai_compatible", "base_url": "http://localhost:abc/v1"}, "base URL is not a valid URL"),
    ({"provider": "openai_compatible", "base_url": "http://localhost:99999/v1"}, "base URL is not a valid URL"),
    ({"provider": "openai_compatible", "base_url": "http://[::1/v1"}, "base URL is not a valid URL"),
    ({"provider": "offline", "timeout": 0}, "timeout must be more than 0 and at most 600 seconds"),
    ({"provider": "offline", "timeout": float("nan")}, "timeout must be more than 0 and at most 600 seconds"),
    ({"provider": "offline", "timeout": "60"}, "timeout must be a number"),
    ({"provider": "offline", "timeout": True}, "timeout must be a number"),
    ({"provider": "offline", "model": 5}, "model setting model must be text"),
    ([("provider", "offline")], "must be an object"),
])
def test_bad_settings_are_a_clear_value_error(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        ModelSettings.from_dict(data)  # type: ignore[arg-type]
    assert SECRET not in str(info.value)
    assert isinstance(info.value, SettingsError) and info.value.msg is not None  # a message value for the dialog
    assert info.value.msg.id.startswith("error.llm_settings.")


# -- keys -----------------------------------------------------------------------


def test_keyring_first_then_env(memory: MemoryKeyring, no_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    account = ModelSettings("openai_compatible", "https://api.openai.com/v1", "gpt-4o-mini").account
    assert keys.get_api_key(account) is None
    monkeypatch.setenv("OPENAI_API_KEY", "from-openai-env")
    assert keys.get_api_key(account) == "from-openai-env"
    monkeypatch.setenv("MIRA_API_KEY", "from-mira-env")
    assert keys.get_api_key(account) == "from-mira-env"
    assert keys.key_source(account) == "MIRA_API_KEY"
    keys.set_api_key(account, f"  {SECRET}\n".strip())
    assert memory.store[("Mira Desktop", account)] == SECRET
    assert keys.get_api_key(account) == SECRET
    assert keys.key_source(account) == "OS keyring"
    assert keys.delete_api_key(account) is True
    assert keys.delete_api_key(account) is False
    assert keys.get_api_key(account) == "from-mira-env"


def test_keys_are_per_server(memory: MemoryKeyring, no_env: None) -> None:
    keys.set_api_key("https://api.openai.com/v1", "key-a")
    keys.set_api_key("http://localhost:11434/v1", "key-b")
    assert keys.get_api_key("https://api.openai.com/v1") == "key-a"
    assert keys.get_api_key("http://localhost:11434/v1") == "key-b"


@pytest.mark.parametrize(("account", "key", "message"), [
    ("", "k", "set the base URL first"),
    ("https://h/v1", "   ", "empty"),
    ("https://h/v1", "a\nb", "line break"),
])
def test_set_refuses_bad_input(memory: MemoryKeyring, account: str, key: str, message: str) -> None:
    with pytest.raises(keys.KeyStoreError, match=message):
        keys.set_api_key(account, key)
    assert memory.store == {}


def test_a_failing_keyring_falls_back_to_env_and_never_leaks(
        no_env: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    previous = keyring.get_keyring()
    keyring.set_keyring(BrokenKeyring())
    try:
        caplog.set_level(logging.DEBUG)
        assert keys.get_api_key("https://h/v1") is None
        monkeypatch.setenv("MIRA_API_KEY", SECRET)
        assert keys.get_api_key("https://h/v1") == SECRET
        with pytest.raises(keys.KeyStoreError, match="refused to store the key") as info:
            keys.set_api_key("https://h/v1", SECRET)
        assert SECRET not in str(info.value)
        assert SECRET not in caplog.text
    finally:
        keyring.set_keyring(previous)


def test_no_keyring_on_a_headless_machine_is_a_clear_note(no_env: None) -> None:
    previous = keyring.get_keyring()
    keyring.set_keyring(keyring.backends.fail.Keyring())
    try:
        ok, note = keys.keyring_status()
        assert not ok and "MIRA_API_KEY" in note
        assert keys.get_api_key("https://h/v1") is None  # no crash
        with pytest.raises(keys.KeyStoreError, match="No OS keyring is available"):
            keys.set_api_key("https://h/v1", "k")
        assert keys.delete_api_key("https://h/v1") is False  # nothing stored, nothing raised
    finally:
        keyring.set_keyring(previous)


def test_status_with_a_working_keyring(memory: MemoryKeyring) -> None:
    ok, note = keys.keyring_status()
    assert ok and "MemoryKeyring" in note
