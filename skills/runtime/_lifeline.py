"""A worker process ends with the process that started it, however that one ended (SIGKILL included).

Three ties, since each one alone has a gap:

- end of file: the child closes its copy of the parent's end of the pipe (a forked child inherits
  it), so the parent's death closes the last copy and an idle child's read returns EOF;
- the kernel: on Linux the child asks for SIGKILL when its parent goes (``PR_SET_PDEATHSIG``),
  which reaches it even inside a long C call that holds the interpreter lock. Linux sends it when
  the *thread* that started the child ends, so children are started from a thread that lives as
  long as the process (:func:`start_from_lasting_thread`);
- a watcher thread in the child that checks, twice a second, that its parent is still the same
  process and that the pipe has not reached end of file (other POSIX systems, and a request the
  child is busy with);
- on Windows the parent puts every child in a job object that kills its processes when the job's
  last handle closes, which the system does when the parent ends.

Kept apart from the worker's request loop: this module is only about the processes' lifetimes.
"""
from __future__ import annotations

import contextlib
import os
import queue
import select
import socket
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a worker is started from a lasting thread rarely (the app); `mira inspect` never: no logging
    from concurrent.futures import Future

__all__ = ["bind_to_parent", "kill_with_this_process", "start_from_lasting_thread"]

_PR_SET_PDEATHSIG = 1
_WATCH_EVERY = 0.5  # seconds; the brief: a worker ends within a second of its parent


def bind_to_parent(parent_pid: int, fd: int | None, inherited: int | None = None) -> None:
    """In the child: end this process when ``parent_pid`` ends or ``fd`` (our pipe) reaches EOF.

    ``inherited`` is the parent's end of the pipe when this child was forked (it holds a copy):
    closed here, or the parent's death would never reach our end as EOF.
    """
    if inherited is not None:
        with contextlib.suppress(OSError):
            os.close(inherited)
    _ask_kernel()
    if os.getppid() != parent_pid:  # the parent died before the request above was made
        os._exit(1)
    threading.Thread(target=_watch, args=(parent_pid, fd), name="mira-worker-lifeline", daemon=True).start()


def _ask_kernel() -> None:
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no prctl (an unusual libc): the watcher still works
        pass


def _watch(parent_pid: int, fd: int | None) -> None:
    sock = _peekable(fd)
    while True:
        if os.getppid() != parent_pid:
            os._exit(1)
        if sock is None:
            threading.Event().wait(_WATCH_EVERY)
            continue
        try:
            readable, _, _ = select.select([sock], [], [], _WATCH_EVERY)
            # Peek, never read: the request loop owns what arrives; only EOF concerns us.
            if readable and sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b"":
                os._exit(1)
        except BlockingIOError:
            pass
        except OSError:  # the pipe was closed under us: the loop is leaving anyway
            os._exit(1)
        if readable:
            # Data is waiting for the request loop (the parent's next call or its "stop"): the
            # loop will take it; sleep instead of spinning on a readable descriptor.
            threading.Event().wait(_WATCH_EVERY)


def _peekable(fd: int | None) -> socket.socket | None:
    if fd is None or not hasattr(socket, "MSG_DONTWAIT"):
        return None
    try:
        # The pipe is a socketpair on POSIX. Never setblocking(False): the flag is on the open
        # file, shared with the request loop's descriptor, whose reads would then fail.
        return socket.socket(fileno=os.dup(fd))
    except OSError:
        return None


_starter: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]]] | None = None
_starter_lock = threading.Lock()


def start_from_lasting_thread(start: Callable[[], Any]) -> Any:
    """Run ``start()`` (a child process's start) on a thread that lives as long as this process.

    Linux ties ``PR_SET_PDEATHSIG`` to the thread that forked the child: started from a pool
    thread that later ends, a healthy worker would be killed with that thread.
    """
    if threading.current_thread() is threading.main_thread():
        return start()
    from concurrent.futures import Future

    global _starter
    with _starter_lock:
        if _starter is None:
            _starter = queue.SimpleQueue()
            threading.Thread(target=_serve_starts, args=(_starter,), name="mira-worker-starter",
                             daemon=True).start()
        requests = _starter
    done: Future[Any] = Future()
    requests.put((start, done))
    return done.result()


def _serve_starts(requests: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]]]) -> None:
    while True:
        start, done = requests.get()
        try:
            done.set_result(start())
        except BaseException as exc:  # noqa: BLE001 - raised again in the thread that asked
            done.set_exception(exc)


_job: Any = None


def kill_with_this_process(pid: int) -> None:
    """Windows: put child ``pid`` in this process's kill-on-close job object (elsewhere nothing).

    The job's one handle is ours; when this process ends, however it ends, the system closes
    the handle and ends every process in the job.
    """
    if sys.platform != "win32":
        return
    global _job
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined,unused-ignore]
    if _job is None:
        job = kernel32.CreateJobObjectW(None, None)
        if not job:
            return
        info = _job_structures()()
        info.BasicLimitInformation.LimitFlags = _JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
        if not kernel32.SetInformationJobObject(job, _JOB_OBJECT_EXTENDED_LIMIT_INFORMATION,
                                                ctypes.byref(info), ctypes.sizeof(info)):
            kernel32.CloseHandle(job)
            return
        _job = job
    handle = kernel32.OpenProcess(_PROCESS_SET_QUOTA | _PROCESS_TERMINATE, False, wintypes.DWORD(pid))
    if handle:
        kernel32.AssignProcessToJobObject(_job, handle)
        kernel32.CloseHandle(handle)


_JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x2000
_JOB_OBJECT_EXTENDED_LIMIT_INFORMATION = 9
_PROCESS_SET_QUOTA = 0x0100
_PROCESS_TERMINATE = 0x0001


def _job_structures() -> Any:
    import ctypes

    class IoCounters(ctypes.Structure):
        _fields_ = [(name, ctypes.c_ulonglong) for name in (
            "ReadOperationCount", "WriteOperationCount", "OtherOperationCount",
            "ReadTransferCount", "WriteTransferCount", "OtherTransferCount")]

    class BasicLimits(ctypes.Structure):
        _fields_ = [("PerProcessUserTimeLimit", ctypes.c_int64), ("PerJobUserTimeLimit", ctypes.c_int64),
                    ("LimitFlags", ctypes.c_uint32), ("MinimumWorkingSetSize", ctypes.c_size_t),
                    ("MaximumWorkingSetSize", ctypes.c_size_t), ("ActiveProcessLimit", ctypes.c_uint32),
                    ("Affinity", ctypes.c_size_t), ("PriorityClass", ctypes.c_uint32),
                    ("SchedulingClass", ctypes.c_uint32)]

    class ExtendedLimits(ctypes.Structure):
        _fields_ = [("BasicLimitInformation", BasicLimits), ("IoInfo", IoCounters),
                    ("ProcessMemoryLimit", ctypes.c_size_t), ("JobMemoryLimit", ctypes.c_size_t),
                    ("PeakProcessMemoryUsed", ctypes.c_size_t), ("PeakJobMemoryUsed", ctypes.c_size_t)]

    return ExtendedLimits
