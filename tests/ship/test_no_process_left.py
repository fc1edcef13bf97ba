"""Killing Mira (SIGKILL: no handler runs) at a random moment while its file workers run leaves no
process of Mira's behind after 2 s: the window with previews open, ``mira inspect`` and
``mira preview``."""
from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pymupdf
import pytest

from tests.skills.test_lifeline import all_gone

MIRA = Path(sys.executable).with_name("mira")
ROOT = Path(__file__).resolve().parents[2]

# The real window (desktop.cli's entry point), with large previews of a PDF opened, paged and
# closed over and over from a timer, the way a person clicks through a file's pages.
WINDOW = """
import sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from tests.renderers.conftest import make_view
app = QApplication(sys.argv)
pdf = Path({pdf!r})
turn = [0]
def poke():
    windows = [w for w in app.topLevelWidgets() if hasattr(w, "open_preview") and w.isVisible()]
    if windows:
        turn[0] += 1
        windows[0].open_preview(make_view(pdf), turn[0] % 40)
QTimer(app, timeout=poke, interval=150).start()
from desktop.cli import main
sys.exit(main([]))
"""


@pytest.fixture(scope="module")
def big_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Many pages of text: reading it keeps a worker busy for a while."""
    path = tmp_path_factory.mktemp("kill") / "long.pdf"
    doc = pymupdf.open()
    for n in range(400):
        page = doc.new_page()
        page.insert_text((72, 72), "\n".join(f"Page {n} line {k}: the quarterly figures" for k in range(45)),
                         fontsize=9)
    doc.save(path)
    return path


def _kill_while_workers_run(cmd: list[str], env: dict[str, str], rng: random.Random) -> None:
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen: dict[int, psutil.Process] = {}
    try:
        main = psutil.Process(proc.pid)
        deadline = time.monotonic() + 60
        while not _note(main, seen) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert seen, "no worker started"
        until = time.monotonic() + rng.uniform(0.0, 1.5)  # a random point in the workers' run
        while time.monotonic() < until and proc.poll() is None:
            _note(main, seen)
            time.sleep(0.02)
        _note(main, seen)
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        left = list(seen.values())
        assert all_gone(left, 2.0), f"left behind: {[(p.pid, p.cmdline()[-1][:60]) for p in left if p.is_running()]}"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def _note(main: psutil.Process, seen: dict[int, psutil.Process]) -> bool:
    """Add ``main``'s descendants now running to ``seen``; whether there are any."""
    try:
        children = main.children(recursive=True)
    except psutil.NoSuchProcess:
        return False
    for child in children:
        seen.setdefault(child.pid, child)
    return bool(children)


@pytest.mark.slow
def test_no_process_is_left_after_killing_the_commands(big_pdf: Path, tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("MIRA_KILL_SEED", time.time_ns())))
    env = dict(os.environ, MIRA_HOME=str(tmp_path / "home"), QT_QPA_PLATFORM="offscreen")
    for _ in range(3):
        _kill_while_workers_run([str(MIRA), "inspect", str(big_pdf)], env, rng)
        _kill_while_workers_run([str(MIRA), "preview", str(big_pdf), "--page", "300",
                                 "--out", str(tmp_path / "p.png")], env, rng)


@pytest.mark.slow
def test_no_process_is_left_after_killing_the_window(big_pdf: Path, tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("MIRA_KILL_SEED", time.time_ns())))
    for run in range(2):
        env = dict(os.environ, MIRA_HOME=str(tmp_path / f"home{run}"), QT_QPA_PLATFORM="offscreen")
        _kill_while_workers_run([sys.executable, "-c", WINDOW.format(pdf=str(big_pdf))], env, rng)
