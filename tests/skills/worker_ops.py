"""Operations that really misbehave, run only by the worker-isolation tests."""
from __future__ import annotations

import ctypes
import os

from skills.runtime import CommandError


def segfault() -> None:
    ctypes.string_at(0)  # reads address 0: SIGSEGV, as MuPDF on a hostile JPX image


def hang() -> None:
    while True:
        pass


def allocate(megabytes: int) -> int:
    block = bytearray(megabytes * 1024 * 1024)  # zero-filled: every page is touched
    return len(block)


def pid() -> int:
    return os.getpid()


def refuse(message: str) -> None:
    raise CommandError(message)


def fail() -> None:
    raise KeyError("internal detail")


def spin(seconds: float) -> float:
    """Burn processor time (not wall time) for ``seconds``."""
    import time

    start = time.process_time()
    while time.process_time() - start < seconds:
        pass
    return time.process_time() - start


def stuck_in_c(seconds: int) -> None:
    """Sleep inside a C call that keeps the interpreter lock (as MuPDF does), so no Python runs."""
    ctypes.PyDLL(None).sleep(seconds)
