"""Which process drives a task: recovery leaves alone work whose driver is still alive."""
from __future__ import annotations

import os
import socket


def this_process() -> str:
    """``host:pid:start`` of this process (start is empty where the OS does not tell it)."""
    # Recomputed on use: a forked child must not claim its parent's identity.
    pid = os.getpid()
    return f"{socket.gethostname()}:{pid}:{_start_time(pid)}"


def _start_time(pid: int) -> str:
    """The process start time as the OS reports it (psutil, every platform), ``""`` when unknown.

    A pid alone is not an identity: after a crash and a reboot the recorded pid is often reused by an
    unrelated process, which would leave the task looking "driven elsewhere" for ever.
    """
    import psutil  # here: only recovery and a task start ask, not the window's start

    try:
        return f"{psutil.Process(pid).create_time():.2f}"
    except (psutil.Error, OSError):
        return ""


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if os.name == "nt":
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        try:
            code = ctypes.c_ulong()
            kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
            return code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def other_owner_alive(owner: str | None) -> bool:
    """True when ``owner`` names another live process (or one on another host, which we cannot check)."""
    if not owner:
        return False
    host, _, rest = owner.partition(":")
    pid, _, started = rest.partition(":")  # owners written before start times were recorded have none
    if host != socket.gethostname():
        return True
    if not pid.isdigit() or int(pid) == os.getpid():
        return False
    if not pid_alive(int(pid)):
        return False
    now = _start_time(int(pid))
    return not (started and now and now != started)  # the same pid started again: another process
