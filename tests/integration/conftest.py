"""What Mira learned about servers starts empty in each test (a test server's random port may come again)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _fresh_server_memory() -> Iterator[None]:
    from desktop.llm.quirks import forget_servers

    forget_servers()
    yield
    forget_servers()
