"""Shared fixtures for the model tests: an in-memory OS keyring."""
from __future__ import annotations

from collections.abc import Iterator

import keyring
import keyring.backend
import keyring.errors
import pytest


class MemoryKeyring(keyring.backend.KeyringBackend):
    """An in-memory keyring for tests (never the user's real one)."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if (service, username) not in self.store:
            raise keyring.errors.PasswordDeleteError("no such password")
        del self.store[(service, username)]


@pytest.fixture(autouse=True)
def _fresh_server_memory() -> Iterator[None]:
    """What Mira learned about a server (a test server's random port may come again) starts empty."""
    from desktop.llm.quirks import forget_servers

    forget_servers()
    yield
    forget_servers()


@pytest.fixture
def memory() -> Iterator[MemoryKeyring]:
    """Install a fresh in-memory keyring for one test, then put the previous backend back."""
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)
