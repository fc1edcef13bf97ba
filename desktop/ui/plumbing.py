"""The window's async plumbing as values its parts are handed: store calls on the single store executor, and
the type of the window's "schedule this coroutine" callback."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from desktop.ui.imports import deferred

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import Future
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

T = TypeVar("T")

# Schedules a coroutine on the window's loop and keeps it until it ends (a failure is said in the status bar).
Run = Callable[[Awaitable[object]], object]


class Submitter(Protocol):
    """An executor's ``submit`` (the store worker, or a thread pool in tests)."""

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]: ...


class StoreCalls:
    """``await calls(fn, *args)`` runs one store call on the single store worker (the UI thread never
    waits for the store's lock)."""

    def __init__(self, worker: Submitter) -> None:
        self._worker = worker

    async def __call__(self, fn: Callable[..., T], *args: object) -> T:
        return await asyncio.wrap_future(self._worker.submit(fn, *args))
