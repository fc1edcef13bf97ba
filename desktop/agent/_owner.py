"""Which process drives a task: recovery leaves alone work whose driver is still alive."""
from __future__ import annotations

import os
import socket



def this_process() -> str:
    # Recomputed on use: a forked child must not claim its parent's identity.
    return f"{socket.gethostname()}:{os.getpid()}"


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
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname():
        return True
    if not pid.isdigit() or int(pid) == os.getpid():
        return False
    return pid_alive(int(pid))
