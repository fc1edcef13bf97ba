"""A worker ends within a second or two of its parent's death, however the parent ended (SIGKILL)
and whatever the worker was doing: waiting for a request, running Python, or stuck in a C call
that holds the interpreter lock."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from skills.runtime.isolate import Limits, Worker

HERE = Path(__file__).parent
ROOT = HERE.parent.parent

PARENT = """
import sys, threading, time
sys.path.insert(0, {here!r})
from skills.runtime.isolate import Limits, Worker
worker = Worker(Limits(seconds=600), "a.pdf", method={method!r})
child = worker.call("worker_ops:pid")
if {busy!r}:
    threading.Thread(target=lambda: worker.call({busy!r}, *{args!r}), daemon=True).start()
print(child, flush=True)
time.sleep(600)
"""


def all_gone(processes: list[psutil.Process], within: float) -> bool:
    """Every one of ``processes`` has ended (or is a zombie no one reaps yet) within ``within`` s."""
    deadline = time.monotonic() + within
    while True:
        if not any(_running(p) for p in processes):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)


def _running(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _gone(pid: int, within: float) -> bool:
    try:
        return all_gone([psutil.Process(pid)], within)
    except psutil.NoSuchProcess:
        return True


@pytest.mark.parametrize("method", ["fork", "spawn"])
@pytest.mark.parametrize(("busy", "args"), [("", ()), ("worker_ops:hang", ()), ("worker_ops:stuck_in_c", (600,))],
                         ids=["idle", "python", "c-call"])
def test_a_worker_dies_with_its_killed_parent(method: str, busy: str, args: tuple[object, ...]) -> None:
    code = PARENT.format(here=str(HERE), method=method, busy=busy, args=args)
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        line = parent.stdout.readline() if parent.stdout else ""
        child = int(line)
        if busy:  # the request is under way in the child before the parent goes
            assert _busy(child)
        left = psutil.Process(parent.pid).children(recursive=True)  # the worker, and any helper
        assert child in [p.pid for p in left]
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(10)
        assert all_gone(left, 2.0), f"outlived their parent: {[p.pid for p in left if p.is_running()]}"
    finally:
        parent.kill()
        parent.wait(10)


def _busy(pid: int) -> bool:
    """The child has used processor time or sleeps in its request (bounded wait)."""
    process = psutil.Process(pid)
    deadline = time.monotonic() + 20
    start = sum(process.cpu_times()[:2])
    while time.monotonic() < deadline:
        if sum(process.cpu_times()[:2]) - start > 0.05 or process.num_threads() > 1 and _in_sleep(process):
            return True
        time.sleep(0.05)
    return False


def _in_sleep(process: psutil.Process) -> bool:
    try:
        return Path(f"/proc/{process.pid}/wchan").read_text() in ("hrtimer_nanosleep", "do_nanosleep")
    except OSError:
        return True


def test_a_worker_started_from_a_thread_that_ended_keeps_running() -> None:
    """Linux sends the parent-death signal when the starting *thread* ends: workers are started
    from a thread that lasts, so a pool thread's end does not kill a healthy worker."""
    import threading

    worker = Worker(Limits(seconds=30), "a.pdf", method="spawn")
    pids: list[int] = []
    thread = threading.Thread(target=lambda: pids.append(worker.call("os:getpid")))
    thread.start()
    thread.join(60)
    try:
        assert pids and worker.alive()
        assert not _gone(pids[0], 1.0)
        assert worker.call("os:getpid") == pids[0]
    finally:
        worker.close()
