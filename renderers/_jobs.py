"""Background work for widgets: a thread pool, a generation counter, a time limit.

Parsing and rasterising never run on the UI thread. A widget owns one
:class:`Jobs`; each :meth:`Jobs.submit` supersedes the previous request (its
result is dropped, and it is cancelled if it has not started). Results come back
through a queued Qt signal, so callbacks always run on the UI thread.
"""
from __future__ import annotations

import atexit
import logging
import queue
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QSocketNotifier, Qt, QTimer, Signal
from shiboken6 import isValid

from renderers._i18n import tr
from renderers.errors import PreviewError as PreviewError  # raised by every reader: their old import path
from skills.api import CommandError

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 30.0

# PyMuPDF keeps global state; one document operation at a time across threads.
FITZ_LOCK = threading.RLock()
MAX_WORKERS = 6  # 2 normally; one more each time a job overruns its time limit


class _Pool:
    """A small pool of daemon threads returning ``concurrent.futures.Future``s.

    Not ``ThreadPoolExecutor``: its threads are joined at interpreter exit, so one
    parse stuck on a hostile file would keep the app from quitting. A job past its
    time limit cannot be killed; :meth:`add_worker` keeps the others flowing.
    """

    def __init__(self, workers: int = 2, most: int = MAX_WORKERS, name: str = "mira-render") -> None:
        self._most, self._name = most, name
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        for _ in range(workers):
            self.add_worker()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self._queue.put((future, fn, args))
        return future

    def add_worker(self) -> None:
        with self._lock:
            if len(self._threads) >= self._most:
                return
            thread = threading.Thread(target=self._work, name=f"{self._name}-{len(self._threads)}", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _work(self) -> None:
        # Give this thread a Qt event dispatcher: QTextDocument's layout starts timers, and a
        # thread without one logs "event dispatcher has already been destroyed" (they never
        # need to fire: every layout is finished synchronously here).
        dispatcher_owner = QEventLoop() if QCoreApplication.instance() is not None else None  # noqa: F841
        while True:
            future, fn, args = self._queue.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as exc:  # noqa: BLE001 - delivered to the UI thread as an error state
                future.set_exception(exc)
            # Let go at once: the UI thread must hold the last reference to a result (a Qt object
            # freed on this thread is freed on the wrong one).
            del future, fn, args


# The lane for work that advances an lxml iterparse (a sheet's rows, a workbook's shared strings): one thread,
# because a stream must be advanced by the thread that made it. Two pool threads taking turns on one sheet's
# stream corrupted the heap (an invalid free in lxml, in the collector, some time later).
STREAMS = "streams"

_pools: dict[str, _Pool] = {}
_pool_lock = threading.Lock()


def pool(lane: str = "") -> _Pool:
    """The pool of ``lane``: the shared one (""), or :data:`STREAMS`' single thread."""
    with _pool_lock:
        found = _pools.get(lane)
        if found is None:
            found = _pools[lane] = _Pool(1, 1, "mira-stream") if lane == STREAMS else _Pool()
        return found


def user_message(exc: BaseException) -> str:
    """One clear line for an exception raised while parsing a document."""
    if isinstance(exc, (PreviewError, CommandError)):
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, MemoryError):
        return tr("the file is too large to preview")
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return tr("the file could not be read ({detail})", detail=type(exc).__name__ + (": " + text[:160] if text else ""))


class _Relay(QObject):
    """Carries a finished job from a pool thread to the UI thread; made once, never deleted.

    A pool thread emits here, not on the :class:`Jobs` that asked: that one belongs to a widget
    the UI thread may be deleting at the same moment, and emitting on a QObject being destroyed
    on another thread crashed the window (a preview closed while its page was still read)."""

    sig_finished = Signal(object, int, object, object)  # weakref to the Jobs, generation, result, error

    def __init__(self) -> None:
        super().__init__()
        # Always through the event loop, even from the UI thread (a job done before its callback
        # was added): a result never arrives inside the submit() that asked for it.
        self.sig_finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)
        # Registered after PySide's own exit hook, so it runs first: no pool thread posts to Qt
        # once the interpreter is going down (a daemon thread finishing a page then crashed the exit).
        atexit.register(_stop_delivering)

    @staticmethod
    def _on_finished(ref: weakref.ref[Jobs], gen: int, result: Any, exc: BaseException | None) -> None:
        jobs = ref()
        if jobs is not None and isValid(jobs):  # else the widget that asked is gone
            jobs._sig_finished.emit(gen, result, exc)


_relay: _Relay | None = None
_delivering = threading.Lock()  # held while a pool thread posts a result, and by the exit hook
_closing = False


def _stop_delivering() -> None:
    global _closing
    with _delivering:
        _closing = True


def _ui_relay() -> _Relay:
    """The relay, made on the first call (always from the UI thread: a widget making its Jobs)."""
    global _relay
    if _relay is None:
        _relay = _Relay()
    return _relay


class Jobs(QObject):
    """Runs one request at a time for its owner; newer requests supersede older ones."""

    sig_busy = Signal(bool)
    _sig_finished = Signal(int, object, object)  # emitted on the UI thread only, by the relay

    def __init__(self, parent: QObject | None = None, *, timeout: float = DEFAULT_TIMEOUT,
                 busy_after: float = 0.0, lane: str = "") -> None:
        """``busy_after``: seconds a request runs before ``sig_busy(True)``; a request done sooner
        never shows a busy indicator (a PDF page: a bar flashing on every page turn moved the
        page up and down, and laid the preview out twice per page). ``lane``: the pool it runs in
        (:data:`STREAMS` for work on an XML stream)."""
        super().__init__(parent)
        self.timeout = timeout
        self._lane = lane
        self._busy_shown = False
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(int(busy_after * 1000))
        self._busy_timer.timeout.connect(self._show_busy)
        self._generation = 0
        self._future: Future[Any] | None = None
        self._callbacks: tuple[Callable[[Any], None], Callable[[str], None]] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timeout)
        self._sig_finished.connect(self._on_finished)
        self._relay = _ui_relay()

    @property
    def generation(self) -> int:
        return self._generation

    def busy(self) -> bool:
        return self._callbacks is not None

    def submit(self, fn: Callable[..., Any], *args: Any, on_done: Callable[[Any], None],
               on_error: Callable[[str], None]) -> int:
        """Run ``fn(*args)`` in the pool; exactly one of the callbacks runs later on the UI thread."""
        self.cancel()
        self._generation += 1
        gen = self._generation
        self._callbacks = (on_done, on_error)
        future = pool(self._lane).submit(fn, *args)
        self._future = future
        # Weakly: the pool thread must never hold the last reference to this object or its owner.
        future.add_done_callback(partial(_deliver, self._relay, weakref.ref(self), gen))
        self._timer.start(int(self.timeout * 1000))
        self._start_busy()
        return gen

    def submit_piped(self, fd: int, finish: Callable[[], Any], abandon: Callable[[], Any], deadline: float,
                     wakers: list[Callable[[], None]] | None = None, *, on_done: Callable[[Any], None],
                     on_error: Callable[[str], None]) -> int:
        """Wait on the UI thread, with no pool thread, for work another process is doing.

        When ``fd`` (that process's reply) becomes readable, ``finish()`` reads the reply and
        its result or error goes to the callbacks as with :meth:`submit`. After ``deadline``
        seconds ``abandon()`` stops the work instead (its result or error goes there). A superseded
        request is still finished or abandoned (the other process must be free again); only
        its result is dropped. A function appended to ``wakers`` finishes the request at the
        next turn of the event loop even though ``fd`` did not become readable (someone else
        read the reply and keeps it for ``finish()``).
        """
        self.cancel()
        self._generation += 1
        gen = self._generation
        self._callbacks = (on_done, on_error)
        piped = _Piped(self, gen, fd, finish, abandon, deadline)
        if wakers is not None:
            wakers.append(lambda: QTimer.singleShot(0, piped, piped._ready))
        self._timer.start(int(self.timeout * 1000))
        self._start_busy()
        return gen

    def cancel(self) -> None:
        """Forget the current request (its result will be ignored)."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._generation += 1
        self._timer.stop()
        if self._callbacks is not None:
            self._callbacks = None
            self._end_busy()

    def _on_finished(self, gen: int, result: Any, exc: BaseException | None) -> None:
        if gen != self._generation or self._callbacks is None:
            return  # superseded
        on_done, on_error = self._callbacks
        self._callbacks = None
        self._future = None
        self._timer.stop()
        self._end_busy()
        if exc is not None:
            if not isinstance(exc, (PreviewError, CommandError)):
                log.info("preview job failed", exc_info=exc)
            on_error(user_message(exc))
        else:
            on_done(result)

    def _start_busy(self) -> None:
        if self._busy_timer.interval() <= 0:
            self._show_busy()
        else:
            self._busy_timer.start()

    def _show_busy(self) -> None:
        if self._callbacks is not None and not self._busy_shown:
            self._busy_shown = True
            self.sig_busy.emit(True)

    def _end_busy(self) -> None:
        self._busy_timer.stop()
        if self._busy_shown:
            self._busy_shown = False
            self.sig_busy.emit(False)

    def _on_timeout(self) -> None:
        if self._callbacks is None:
            return
        _, on_error = self._callbacks
        self.cancel()
        pool(self._lane).add_worker()  # the overrunning job still holds its thread (a lane keeps its one)
        on_error(tr("the file took longer than {seconds} s to read; it is too large or damaged", seconds=f"{self.timeout:.0f}"))


def _deliver(relay: _Relay, ref: weakref.ref[Jobs], gen: int, future: Future[Any]) -> None:
    # Pool thread: never touch the Jobs or its widget here (not even through ``ref()``: the reference
    # it returns could be the last one), only emit on the relay (queued to the UI thread).
    if future.cancelled():
        return
    exc = future.exception()
    with _delivering:
        if not _closing:
            relay.sig_finished.emit(ref, gen, None if exc else future.result(), exc)


class _Piped(QObject):
    """One :meth:`Jobs.submit_piped` request: a notifier on the reply, a timer for the deadline.

    It outlives the widget that asked (it belongs to the application until it ends): the
    other process is finished with or stopped in any case, so it is free for the next request.
    """

    def __init__(self, jobs: Jobs, gen: int, fd: int, finish: Callable[[], Any],
                 abandon: Callable[[], Any], deadline: float) -> None:
        super().__init__(QCoreApplication.instance())
        _in_flight.add(self)
        self._jobs, self._gen, self._finish, self._abandon = jobs, gen, finish, abandon
        self._ended = False
        self._notifier = QSocketNotifier(fd, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._ready)
        self._deadline = QTimer(self)
        self._deadline.setSingleShot(True)
        self._deadline.timeout.connect(self._late)
        self._deadline.start(int(deadline * 1000))

    def _ready(self) -> None:
        self._end(self._finish)

    def _late(self) -> None:
        self._end(self._abandon)

    def _end(self, work: Callable[[], Any]) -> None:
        if self._ended:
            return
        self._ended = True
        self._notifier.setEnabled(False)
        self._deadline.stop()
        _in_flight.discard(self)
        self.deleteLater()
        try:
            result, exc = work(), None
        except Exception as error:  # noqa: BLE001 - delivered as the request's error
            result, exc = None, error
        if isValid(self._jobs):  # else the widget that asked is gone
            self._jobs._on_finished(self._gen, result, exc)


_in_flight: set[_Piped] = set()
