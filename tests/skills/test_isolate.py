"""Work on untrusted files runs in a worker: a segfault, a hang or a memory blow-up is one clear
error, the caller keeps running, and the next call gets a fresh worker."""
from __future__ import annotations

import os
import threading

import pytest

from skills.runtime import CommandError
from skills.runtime.isolate import (
    Limits,
    Worker,
    WorkerCrashed,
    WorkerOutOfMemory,
    WorkerTimeout,
    run_isolated,
)

OPS = "worker_ops"


@pytest.fixture(params=["fork", "spawn"])
def worker(request: pytest.FixtureRequest) -> Worker:
    w = Worker(Limits(seconds=20, memory_bytes=1024 ** 3), "hostile.pdf", method=request.param)
    yield w
    w.close()


def test_a_segfault_is_a_clear_error_and_the_worker_restarts(worker: Worker) -> None:
    first = worker.call(f"{OPS}:pid")
    assert first != os.getpid() and worker.call(f"{OPS}:pid") == first  # the worker stays alive
    with pytest.raises(WorkerCrashed, match=r"^The reader crashed on hostile\.pdf; the file is damaged") as crashed:
        worker.call(f"{OPS}:segfault")
    assert "SIGSEGV" in crashed.value.details  # how it died is for the details view
    second = worker.call(f"{OPS}:pid")  # a new child took over
    assert second not in (first, os.getpid())


def test_a_hang_is_killed_at_the_deadline(worker: Worker) -> None:
    worker.call(f"{OPS}:pid")
    dead = worker.pid()
    with pytest.raises(WorkerTimeout, match="longer than 1 s"):
        worker.call(f"{OPS}:hang", timeout=1.0)
    assert dead is not None and not _running(dead)
    assert worker.call(f"{OPS}:allocate", 1) == 1024 * 1024


def test_a_memory_blowup_stops_at_the_ceiling(worker: Worker) -> None:
    with pytest.raises(WorkerOutOfMemory, match="more than 1024 MB"):
        worker.call(f"{OPS}:allocate", 3 * 1024)
    assert worker.call(f"{OPS}:allocate", 64) == 64 * 1024 * 1024


def test_errors_keep_their_meaning() -> None:
    with pytest.raises(CommandError, match="^locked.pdf: needs a password$"):
        run_isolated(f"{OPS}:refuse", "locked.pdf: needs a password")
    with pytest.raises(CommandError, match=r"^a\.pdf cannot be read\.$") as failed:
        run_isolated(f"{OPS}:fail", name="a.pdf")
    assert failed.value.msg is not None and failed.value.msg.id == "problem.unreadable"
    assert failed.value.details.startswith("KeyError")  # the library's own words, for the details view


def test_a_worker_serves_calls_from_several_threads() -> None:
    w = Worker(Limits(seconds=20), method="spawn")
    results: list[int] = []
    threads = [threading.Thread(target=lambda: results.append(w.call(f"{OPS}:allocate", 1))) for _ in range(4)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
    finally:
        w.close()
    assert results == [1024 * 1024] * 4


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as fh:  # a zombie is not running
        return fh.read().split()[2] != "Z"


@pytest.mark.slow
def test_a_kept_open_worker_gets_a_processor_budget_per_request() -> None:
    """Many pages of one preview add up past one request's budget; none of them is cut off."""
    w = Worker(Limits(seconds=0.0), method="spawn")
    try:
        pid = w.call(f"{OPS}:pid", timeout=20)
        for _ in range(3):  # 3 × 0.9 s of processor time > the 0 + 2 s budget of a single request
            assert w.call(f"{OPS}:spin", 0.9, timeout=20) >= 0.9
        assert w.call(f"{OPS}:pid", timeout=20) == pid
    finally:
        w.close()


def test_a_threaded_process_reuses_one_kept_worker() -> None:
    """In the app (threads running) one spawned worker serves every call."""
    pids: list[int] = []
    done = threading.Event()
    keep = threading.Thread(target=done.wait)  # a second thread, as in the app
    keep.start()
    try:
        pids = [run_isolated(f"{OPS}:pid") for _ in range(3)]
    finally:
        done.set()
        keep.join()
    assert len(set(pids)) == 1 and pids[0] != os.getpid()


def test_a_request_sent_without_waiting_gets_the_same_errors(worker: Worker) -> None:
    """send() returns at once; receive() reads the reply when it is there; abandon() stops a hang."""
    assert worker.send(f"{OPS}:pid") is None  # no child running yet: the caller uses call()
    first = worker.call(f"{OPS}:pid")
    conn = worker.send(f"{OPS}:allocate", 1)
    assert conn is not None and worker.send(f"{OPS}:pid") is None  # busy until the reply is read
    assert conn.poll(20) and worker.receive() == 1024 * 1024
    conn = worker.send(f"{OPS}:segfault")
    assert conn is not None and conn.poll(20)
    with pytest.raises(WorkerCrashed, match="The reader crashed") as crashed:
        worker.receive()
    assert "SIGSEGV" in crashed.value.details
    second = worker.call(f"{OPS}:pid")
    assert second != first
    conn = worker.send(f"{OPS}:hang")
    assert conn is not None and not conn.poll(0.3)
    error = worker.abandon()
    assert isinstance(error, WorkerTimeout) and not _running(second)
    assert worker.call(f"{OPS}:allocate", 1) == 1024 * 1024


def test_a_call_from_the_thread_with_a_request_in_flight_reads_that_reply_first() -> None:
    """The thread whose event loop would read a sent reply calls instead: no deadlock, nothing lost."""
    w = Worker(Limits(seconds=20), method="spawn")
    woken: list[bool] = []
    try:
        pid = w.call(f"{OPS}:pid")
        assert w.send(f"{OPS}:allocate", 2, wake=lambda: woken.append(True)) is not None
        assert w.call(f"{OPS}:pid") == pid and woken == [True]  # went ahead; the sender was told
        assert w.call(f"{OPS}:allocate", 1) == 1024 * 1024
        assert w.receive() == 2 * 1024 * 1024  # the kept reply
        assert w.send(f"{OPS}:pid") is not None and w.receive() == pid  # free again
    finally:
        w.close()
