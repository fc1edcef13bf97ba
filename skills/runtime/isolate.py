"""Heavy parsing of untrusted files in a child process, with a deadline and a memory ceiling.

A parser bug on a hostile file (MuPDF segfaulting on a JPX image, a content
stream whose text extraction runs for minutes at gigabytes) must not take the
app or the command line down. Work named as ``"module:function"`` runs in a
child process; the parent waits at most ``Limits.seconds`` and the child's
address space is capped with ``resource.setrlimit`` (POSIX; elsewhere only the
deadline applies). What can go wrong becomes one error tree::

    CommandError
     └── WorkerError          the isolated work did not finish
          ├── WorkerCrashed   the child died (segfault, abort, killed by the OS)
          ├── WorkerTimeout   past its deadline; the child was killed
          └── WorkerOutOfMemory  past its memory ceiling

A :class:`Worker` keeps its child alive between calls, so state (an open PDF)
survives from one call to the next; after a failure the next call starts a
fresh child. :func:`run_isolated` is the one-shot form. What runs in the child (its limits and
its request loop) is :mod:`skills.runtime._isolate_child`.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from skills.messages import Msg, msg
from skills.runtime._base import CommandError
from skills.runtime._isolate_child import Limits, serve
from skills.runtime._lifeline import kill_with_this_process, start_from_lasting_thread

__all__ = ["Limits", "Worker", "WorkerCrashed", "WorkerError", "WorkerOutOfMemory", "WorkerTimeout",
           "run_isolated"]

_START_SECONDS = 120.0  # a worker process starting on a loaded machine, before its first request
_MEMORY_WORDS = ("malloc", "out of memory", "cannot allocate", "memoryerror")


class WorkerError(CommandError):
    """Isolated work on a file did not finish; the message is one clear line."""


class WorkerCrashed(WorkerError):
    pass


class WorkerTimeout(WorkerError):
    pass


class WorkerOutOfMemory(WorkerError):
    pass


def _context(method: str | None) -> Any:
    # fork costs a millisecond, but is only safe in a single-threaded POSIX process (the CLI);
    # an app with Qt and pool threads gets a clean spawned interpreter.
    if method is None:
        method = "fork" if sys.platform.startswith("linux") and threading.active_count() == 1 else "spawn"
    return multiprocessing.get_context(method)


_main_lock = threading.Lock()


@contextlib.contextmanager
def _main_not_rerun() -> Iterator[None]:
    """A spawned child re-imports the parent's main script unless told nothing about it.

    The worker needs only this module; re-running an unguarded script (a bench, ``python -c``,
    stdin) would run that program again in the child, or fail to find it.
    """
    main = sys.modules.get("__main__")
    with _main_lock:
        if main is None:
            yield
            return
        saved = main.__dict__.get("__file__"), main.__dict__.get("__spec__")
        main.__dict__.pop("__file__", None)
        main.__spec__ = None
        try:
            yield
        finally:
            if saved[0] is not None:
                main.__file__ = saved[0]
            main.__spec__ = saved[1]


def _describe_exit(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return signal.Signals(-code).name
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"


class Worker:
    """A child process that runs ``"module:function"`` calls under :class:`Limits`.

    Calls are serialised (one lock); a crash, a timeout or a memory overrun ends
    the child and raises, and the next call starts a new one.
    """

    def __init__(self, limits: Limits = Limits(), name: str = "the file", method: str | None = None) -> None:
        self.limits = limits
        self.name = name
        self.method = method  # "fork" or "spawn"; None picks the safe one for this process
        self._lock = threading.Lock()
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None
        self.calls = 0  # requests served by this worker object (kept workers are recycled)
        self._sent = 0.0  # when the request in flight from send() went out
        self._sender: int | None = None  # the thread that sent it and has not read the reply
        self._wake: Callable[[], None] | None = None
        self._parked: tuple[Any, ...] | None = None  # its reply, read by a call() of that thread

    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def _start(self) -> Connection:
        if self._conn is not None and self.alive():
            return self._conn
        self._stop()
        ctx = _context(self.method)
        # Typed here: the context's class depends on the start method, chosen at run time.
        pipe: tuple[Connection, Connection] = ctx.Pipe(duplex=True)
        parent, child = pipe
        # A forked child holds a copy of our end: it closes it, so our death reaches it as EOF.
        inherited = parent.fileno() if ctx.get_start_method() == "fork" else None
        proc: BaseProcess = ctx.Process(target=serve, args=(child, self.limits, os.getpid(), inherited),
                           name="mira-file-worker", daemon=True)

        def start() -> None:
            with _main_not_rerun():
                proc.start()

        start_from_lasting_thread(start)
        if proc.pid is not None:  # a started process has one; one that did not start fails the ready check below
            kill_with_this_process(proc.pid)
        child.close()
        self._proc, self._conn = proc, parent
        # A fresh interpreter's start is not the file's fault: on a loaded machine it took most of
        # a 20 s deadline. The child says when it serves; only then does a request's clock run.
        try:
            ready = parent.poll(_START_SECONDS) and parent.recv() == ("ready",)
        except (EOFError, OSError):
            ready = False
        if not ready:
            code = self._stop()
            raise WorkerCrashed(msg("problem.crashed", name=self.name),
                                details=f"the file worker did not start ({_describe_exit(code)})")
        return parent

    def call(self, target: str, *args: Any, timeout: float | None = None, name: str | None = None) -> Any:
        """Run ``target(*args)`` in the child; its exceptions come back as the right error."""
        what = name or self.name
        seconds = self.limits.seconds if timeout is None else timeout
        with self._held():
            conn = self._start()
            self.calls += 1
            started = time.monotonic()
            try:
                conn.send((target, args))
                ready = conn.poll(seconds)
                reply = conn.recv() if ready else None
            except (EOFError, OSError, BrokenPipeError):
                reply, ready = None, True
            if not ready:
                raise self._timed_out(what, seconds)
            if reply is None:
                raise self._died(what, seconds, started)
        return _unpack(reply, what, self.limits)

    def send(self, target: str, *args: Any, wake: Callable[[], None] | None = None) -> Connection | None:
        """Start ``target(*args)`` in the running child and return at once, without a thread waiting.

        The returned connection becomes readable when the reply is there: then call
        :meth:`receive` (or :meth:`abandon` past the deadline); the worker serves nothing
        else meanwhile. ``None`` when the child is not running or busy: use :meth:`call`.
        Should this thread :meth:`call` before it has read the reply, that call reads it
        first and keeps it for :meth:`receive`, then calls ``wake()`` (the connection will
        not become readable for it any more).
        """
        if not self._lock.acquire(blocking=False):
            return None
        conn = self._conn
        try:
            if conn is None or not self.alive():
                raise BrokenPipeError
            conn.send((target, args))
        except (OSError, ValueError):
            self._lock.release()
            return None
        self.calls += 1
        self._sent = time.monotonic()
        self._sender, self._wake = threading.get_ident(), wake
        return conn

    def receive(self, name: str | None = None) -> Any:
        """The reply to :meth:`send` once its connection is readable; errors as from :meth:`call`."""
        what = name or self.name
        try:
            parked, self._parked = self._parked, None
            if parked is not None and parked[0] == "late":
                raise self._timed_out(what, self.limits.seconds)
            if parked is not None:
                reply = parked[1]
            else:
                try:
                    reply = self._conn.recv() if self._conn is not None else None
                except (EOFError, OSError):
                    reply = None
            if reply is None:
                raise self._died(what, self.limits.seconds, self._sent)
        finally:
            self._sender = self._wake = None
            self._lock.release()
        return _unpack(reply, what, self.limits)

    def abandon(self, name: str | None = None) -> WorkerTimeout:
        """:meth:`send`'s work is past its deadline: the child is stopped; the error to report."""
        try:
            self._parked = None
            return self._timed_out(name or self.name, self.limits.seconds)
        finally:
            self._sender = self._wake = None
            self._lock.release()

    @contextlib.contextmanager
    def _held(self) -> Iterator[None]:
        """The worker for one :meth:`call`.

        A request this thread sent without waiting and has not read yet holds the lock until
        its reply is read, by this thread's event loop, which is blocked in this call: that
        reply is read here instead (kept for :meth:`receive`), and the call goes ahead.
        """
        if self._sender == threading.get_ident():
            if self._parked is None:
                self._park()
            yield  # the lock stays with the request sent before, until receive() or abandon()
            return
        with self._lock:
            yield

    def _park(self) -> None:
        conn = self._conn
        left = self.limits.seconds - (time.monotonic() - self._sent)
        try:
            ready = conn is not None and conn.poll(max(left, 0.0))
            self._parked = ("reply", conn.recv() if conn is not None and ready else None)
        except (EOFError, OSError):
            ready, self._parked = True, ("reply", None)
        if not ready:
            self._parked = ("late",)
            self._stop()
        wake, self._wake = self._wake, None
        if wake is not None:
            wake()

    def _timed_out(self, what: str, seconds: float) -> WorkerTimeout:
        self._stop()
        return WorkerTimeout(msg("problem.too_slow", name=what, seconds=f"{seconds:.0f}"))

    def _died(self, what: str, seconds: float, started: float) -> WorkerError:
        code = self._stop()
        if code is not None and -code == getattr(signal, "SIGXCPU", 0):
            return WorkerTimeout(msg("problem.too_slow", name=what, seconds=f"{seconds:.0f}"),
                                 details=f"more than {seconds:.0f} s of processor time")
        return WorkerCrashed(msg("problem.crashed", name=what),
                             details=f"{_describe_exit(code)} after {time.monotonic() - started:.1f} s")

    def _stop(self) -> int | None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)  # leave now, between requests (EOF would do too, a moment later)
            conn.close()
        if proc is None:
            return None
        proc.join(0.5)
        if proc.is_alive():
            proc.kill()
            proc.join(5)
        code = proc.exitcode
        if code is not None:
            proc.close()
        return code

    def close(self) -> None:
        with self._lock:
            self._stop()


def _unpack(reply: tuple[Any, ...], what: str, limits: Limits) -> Any:
    status = reply[0]
    if status == "ok":
        return reply[1]
    ceiling = f"{limits.memory_bytes // (1024 * 1024)} MB"
    if status == "memory":
        raise WorkerOutOfMemory(msg("problem.too_much_memory", name=what, limit=ceiling))
    _, type_name, message, user_facing, said, details = (*reply, None, "")[:6]
    if user_facing:
        # the child's own error as it was raised there: its English (str) and message value, passed on
        from skills.codec import from_json  # only for an error: a reply that went well needs no codec

        raise CommandError(message, msg=from_json(Msg, said) if isinstance(said, dict) else None, details=details)
    if any(word in f"{type_name} {message}".lower() for word in _MEMORY_WORDS):
        raise WorkerOutOfMemory(msg("problem.too_much_memory", name=what, limit=ceiling),
                                details=f"{type_name}: {message}"[:200])
    detail = f"{type_name}: {message}" if message else type_name
    raise CommandError(msg("problem.unreadable", name=what), details=detail[:200])


_kept: dict[Limits, Worker] = {}
_kept_lock = threading.Lock()
_RECYCLE_AFTER = 200  # calls; a kept worker is replaced now and then so its memory cannot creep


def run_isolated(target: str, *args: Any, limits: Limits = Limits(), name: str = "the file") -> Any:
    """One call under ``limits`` in a child process (see :class:`Worker`).

    A single-threaded POSIX process (the command line) forks a child for the call;
    elsewhere (the app) a spawned worker per limit set is kept and reused, since a
    fresh interpreter per call would cost more than most calls.
    """
    if _context(None).get_start_method() == "fork":
        once = Worker(limits, name)
        try:
            return once.call(target, *args)
        finally:
            once.close()
    with _kept_lock:
        worker = _kept.get(limits)
        if worker is None or worker.calls >= _RECYCLE_AFTER:
            if worker is not None:
                worker.close()
            worker = _kept[limits] = Worker(limits, name)
    return worker.call(target, *args, name=name)
