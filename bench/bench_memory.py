"""Memory over a day's use, and a start with 1,000 stored conversations.

- A day's use: the real window (``desktop.cli``'s entry point, offscreen) is driven through
  ``MIRA_BENCH_REQUESTS`` (200) requests to the offline planner, each followed by the large preview
  of a PDF and of a DOCX opened, paged and closed; the resident memory (the window and its workers)
  is sampled after the 20th request and after the last. Target: it grows by at most 50 MB.
- 1,000 conversations: the window opened on a data folder holding 1,000 stored conversations
  against the same window on an empty one (to the ready marker), and the memory it holds then.

The driver runs inside the window's process (a timer that types into the real composer), so what is
measured is the app as a person uses it; the numbers are informational where the window cannot start.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench._common import Row, Skip
from bench.bench_startup import _fill

REQUESTS = int(os.environ.get("MIRA_BENCH_REQUESTS", "200"))
WARM = min(20, max(1, REQUESTS // 10))
TIMEOUT = float(os.environ.get("MIRA_BENCH_MEMORY_TIMEOUT", "1800"))
ROOT = Path(__file__).resolve().parents[1]

DRIVER = """
import os, sys, psutil
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from tests.renderers.conftest import make_view
app = QApplication(sys.argv)
files = [Path(p) for p in {files!r}]
state = {{"sent": 0, "phase": "wait", "turn": 0}}
me = psutil.Process()
def rss():
    total = me.memory_info().rss
    for child in me.children(recursive=True):
        try:
            total += child.memory_info().rss
        except psutil.Error:
            pass
    return total
def tick():
    windows = [w for w in app.topLevelWidgets() if hasattr(w, "open_preview") and w.isVisible()]
    if not windows:
        return
    w = windows[0]
    if w.services.runtime is None or w.controller.busy:
        return
    if state["phase"] == "preview":
        state["turn"] += 1
        if state["turn"] <= 2 * len(files):
            w.open_preview(make_view(files[state["turn"] % len(files)]), state["turn"] % 3)
            return
        w.preview_panel.close_preview()
        state["phase"], state["turn"] = "wait", 0
        if state["sent"] % {warm} == 0 or state["sent"] == {requests}:
            print("RSS", state["sent"], rss(), flush=True)
        if state["sent"] >= {requests}:
            app.quit()
        return
    composer = w.chat.composer
    composer.set_text(f"What can you make for me? Request {{state['sent'] + 1}}")
    composer.input.setFocus()
    composer.submit()  # as Enter does
    state["sent"] += 1
    state["phase"] = "preview"
QTimer(app, timeout=tick, interval=50).start()
from desktop.cli import main
sys.exit(main([]))
"""

READY = """
import sys
from desktop.cli import main
sys.exit(main([]))
"""


def _files(folder: Path) -> list[str]:
    import docx
    import pymupdf

    pdf = folder / "report.pdf"
    doc = pymupdf.open()
    for n in range(5):
        doc.new_page().insert_text((72, 72), f"Page {n + 1}: quarterly figures", fontsize=14)
    doc.save(pdf)
    word = docx.Document()
    for n in range(60):
        word.add_paragraph(f"Paragraph {n}: the quarterly figures and what they mean.")
    word.save(folder / "notes.docx")
    return [str(pdf), str(folder / "notes.docx")]


def _day(folder: Path) -> Row:
    env = dict(os.environ, MIRA_HOME=str(folder / "home"), QT_QPA_PLATFORM="offscreen")
    code = DRIVER.format(files=_files(folder), warm=WARM, requests=REQUESTS)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=TIMEOUT)
    samples = {int(n): int(b) for _, n, b in (line.split() for line in done.stdout.splitlines()
                                               if line.startswith("RSS "))}
    if WARM not in samples or REQUESTS not in samples:
        raise Skip(f"the window did not get through the requests (exit {done.returncode}): "
                   f"{done.stderr.strip().splitlines()[-1:] or 'no output'}")
    growth = (samples[REQUESTS] - samples[WARM]) / 2 ** 20
    # The whole curve, not only its ends: a plateau (a cache filling to its bound) reads differently
    # from a line that keeps climbing (a leak).
    curve = ", ".join(f"{n}: {b / 2 ** 20:.0f}" for n, b in sorted(samples.items()))
    return Row(name=f"memory growth over a day's use: requests {WARM + 1}-{REQUESTS} with previews opened and closed",
               value=growth, baseline=samples[WARM] / 2 ** 20, unit="MB",
               baseline_name=f"resident memory after {WARM} requests (window and workers)",
               target="growth <= 50 MB", met=growth <= 50,
               note=f"{REQUESTS} requests to the offline planner, each followed by 4 large previews (PDF, DOCX); "
                    f"resident MB after n requests: {curve}; {time.perf_counter() - start:.0f} s in all")


def _ready(home: Path) -> tuple[float, float]:
    """Seconds to the ready-to-send marker and the resident memory then (MB)."""
    env = dict(os.environ, MIRA_HOME=str(home), QT_QPA_PLATFORM="offscreen", MIRA_SENDABLE_MARKER="SENDABLE")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", READY], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        import psutil

        for line in proc.stdout or ():
            if line.strip().startswith("SENDABLE"):
                seconds = time.perf_counter() - start
                return seconds, psutil.Process(proc.pid).memory_info().rss / 2 ** 20
        raise Skip("the window did not reach ready to send")
    finally:
        proc.terminate()
        proc.wait(30)


def run() -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="mira-bench-memory-") as tmp:
        folder = Path(tmp)
        _fill(folder / "many", 1000)
        empty_s, empty_mb = _ready(folder / "empty")
        many_s, many_mb = _ready(folder / "many")
        rows.append(Row(name="start to ready to send, 1,000 stored conversations", value=many_s, baseline=empty_s,
                        unit="s", baseline_name="the same start on an empty data folder", target="<= 1.5x baseline",
                        target_ratio=1.5, note=f"resident memory then {many_mb:.0f} MB vs {empty_mb:.0f} MB"))
        rows.append(Row(name="resident memory at ready to send, 1,000 stored conversations (window process)",
                        value=many_mb, baseline=empty_mb, unit="MB", baseline_name="the same window on an empty data folder",
                        target="informational", note=f"{many_mb - empty_mb:+.0f} MB for the 1,000 conversations "
                                                     "(sidebar list and the last conversation reopened)"))
        rows.append(_day(folder))
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.2f} {row.unit} vs {row.baseline:.2f}; {row.note}")
