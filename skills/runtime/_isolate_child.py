"""The child side of :mod:`skills.runtime.isolate`: the limits a worker runs under (an address-space
ceiling once, a processor-time budget per request) and the loop that serves ``"module:function"``
requests from the parent's pipe, each failure sent back as data.

Kept apart so that what runs in the child is this module alone; the parent's side (the worker, its
deadline and the error tree) stays in isolate."""
from __future__ import annotations

import faulthandler
import importlib
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from skills.messages import Msg
from skills.runtime._base import CommandError
from skills.runtime._lifeline import bind_to_parent


@dataclass(frozen=True)
class Limits:
    """Every operation on a file has a deadline and a memory ceiling."""

    seconds: float = 60.0
    memory_bytes: int = 2 * 1024 ** 3


def _apply_limits(limits: Limits, memory: bool = True) -> None:
    """Cap this (child) process: address space once, processor time per request."""
    try:
        import resource
    except ImportError:  # Windows: the parent's deadline is the only limit
        return
    # The ceiling is on memory the work adds: a forked child starts with its parent's mappings.
    if memory:
        _set_limit(resource, resource.RLIMIT_AS, _address_space() + limits.memory_bytes)
    # Processor time counts over the child's whole life, so each request gets its own budget on
    # top of what was used so far (a kept-open worker serves many pages). A backstop only: the
    # parent's wall-clock deadline comes first.
    _set_limit(resource, resource.RLIMIT_CPU, _cpu_seconds() + int(limits.seconds) + 2)


def _set_limit(resource: Any, which: int, value: int) -> None:
    _soft, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    try:
        resource.setrlimit(which, (value, hard))
    except (ValueError, OSError):  # a platform that refuses the limit keeps the deadline
        pass


def _address_space() -> int:
    """Bytes of address space this process maps now (Linux; elsewhere 0)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _cpu_seconds() -> int:
    # Rounded up: rounded down, a request that starts at 1.99 s used would get 1 s less than its budget.
    times = os.times()
    return math.ceil(times.user + times.system)


def _resolve(target: str) -> Callable[..., Any]:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def _said(exc: BaseException) -> Any:
    """The error's message value as JSON: its id crosses the pipe as data, like the text."""
    said = getattr(exc, "msg", None)
    if not isinstance(said, Msg):
        return None
    from skills.codec import to_json  # only for an error: a request that went well needs no codec

    return to_json(said)


def serve(conn: Connection, limits: Limits, parent_pid: int | None = None, inherited: int | None = None) -> None:
    """The child: run requests until the parent closes the pipe or ends (see :mod:`_lifeline`).

    ``inherited``: the parent's end of the pipe, when this child was forked with a copy of it.
    """
    faulthandler.disable()  # a crash here is reported by the parent in one line, not a dump
    if parent_pid is not None:
        bind_to_parent(parent_pid, conn.fileno(), inherited)
    _apply_limits(limits)
    conn.send(("ready",))  # the parent's deadline for a request starts from here
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            request = None
        if request is None:  # the parent is done: leave at once, nothing here needs finalising
            os._exit(0)
        target, args = request
        _apply_limits(limits, memory=False)  # a fresh processor-time budget for this request
        try:
            reply: tuple[Any, ...] = ("ok", _resolve(target)(*args))
        except MemoryError:
            reply = ("memory", "")
        except BaseException as exc:  # noqa: BLE001 - every failure goes back as one line
            reply = ("error", type(exc).__name__, str(exc), isinstance(exc, CommandError), _said(exc),
                     str(getattr(exc, "details", "") or ""))
        try:
            conn.send(reply)
        except MemoryError:
            conn.send(("memory", ""))
        except Exception as exc:  # noqa: BLE001 - an unpicklable result
            conn.send(("error", type(exc).__name__, str(exc), False))

