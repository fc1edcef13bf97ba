"""The window's async plumbing as values its parts are handed: store calls on the single store executor, and
the type of the window's "schedule this coroutine" callback."""
from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, TypeVar

from desktop.ui.imports import deferred

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import Executor
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

T = TypeVar("T")

# Schedules a coroutine on the window's loop and keeps it until it ends (a failure is said in the status bar).
Run = Callable[[Coroutine[object, object, object]], object]


class StoreCalls:
    """``await calls(fn, *args)`` runs one store call on the single store executor (the UI thread never
    waits for the store's lock)."""

    def __init__(self, executor: Executor) -> None:
        self._executor = executor

    async def __call__(self, fn: Callable[..., T], *args: object) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
