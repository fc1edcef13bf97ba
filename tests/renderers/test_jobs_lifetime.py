"""A widget's background work and the widget's end: a preview closed while its page is still being
read (or the app quitting meanwhile) never crashes, and the pool thread never keeps the widget alive.

The pool thread once emitted the result on the widget's own Jobs object while the UI thread was
deleting that widget (a crash within seconds of opening and closing previews), and a pool thread
still finishing a page at exit posted into a Qt that was going away."""
from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
import weakref
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from renderers._jobs import Jobs

ROOT = Path(__file__).resolve().parents[2]

# Open, start a job, close at once, many times; the last jobs still run when the process ends.
CLOSE_WHILE_WORKING = """
import sys, threading
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QWidget
from renderers._jobs import Jobs
app = QApplication(sys.argv)
started = threading.Event()
def work(i):
    started.set()
    return sum(range((i % 13) * 200))
panel = QWidget()
for i in range({rounds}):
    preview = QWidget(panel)
    jobs = Jobs(preview)
    started.clear()
    jobs.submit(work, i, on_done=lambda r: None, on_error=print)
    started.wait()
    preview.deleteLater()
    del preview, jobs
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    if i % 50 == 0:
        QCoreApplication.processEvents()
for i in range(4):  # still being read when the interpreter goes down
    Jobs(QWidget(panel)).submit(work, 12, on_done=print, on_error=print)
print("closed", {rounds}, flush=True)
"""


@pytest.mark.slow
def test_closing_a_widget_while_its_job_finishes_never_crashes() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONFAULTHANDLER="1")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", CLOSE_WHILE_WORKING.format(rounds=1500)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-3000:]
        assert "closed 1500" in done.stdout


def test_the_pool_thread_keeps_no_closed_widget_alive(qtbot) -> None:
    release = threading.Event()
    results: list[object] = []
    preview = QWidget()
    jobs = Jobs(preview)
    jobs.submit(release.wait, 10.0, on_done=results.append, on_error=results.append)
    alive = weakref.ref(jobs)
    shown = weakref.ref(preview)
    preview.deleteLater()
    del preview, jobs
    qtbot.waitUntil(lambda: (gc.collect(), shown() is None and alive() is None)[1], timeout=5_000)
    release.set()  # the job ends after its widget: its result goes nowhere, and nothing breaks
    survivor = Jobs()
    survivor.submit(lambda: "next", on_done=results.append, on_error=results.append)
    qtbot.waitUntil(lambda: results == ["next"], timeout=5_000)
