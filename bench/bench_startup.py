"""Time from process start to an interactive main window, and to "ready to send" (the agent runtime
loaded, so a request starts at once), against a bare PySide6 window.

Both are started the same way (a fresh interpreter on the offscreen platform) and
print a marker from a zero timer once the window is shown and the event loop has
drained what startup queued, right after a synchronous ``repaint()`` so the first
frame is really drawn (Mira: ``MIRA_READY_MARKER``, printed after listing
conversations, opening the last one or the welcome, and laying out the chat; the
agent runtime loads after it). Measured again with 200
stored conversations, the last of them reopened. Median of several runs each, all in this run.

Both run with a bytecode cache (a private PYTHONPYCACHEPREFIX, filled by the
uncounted warm-up run), as an installed app does: pip compiles site-packages
at install, but an editable checkout under PYTHONDONTWRITEBYTECODE=1 would
otherwise recompile every Mira module at each start while PySide6 never is.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench._common import Row, Skip

MARKER = "MIRA-BENCH-READY"
SENDABLE = "MIRA-BENCH-SENDABLE"  # printed once the agent runtime is loaded: a request would start now
RUNS = 5
TIMEOUT = 60.0

BARE = f"""
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle("Bare")
window.resize(1180, 780)
window.show()
QTimer.singleShot(0, lambda: (window.repaint(), print({MARKER!r}, flush=True), app.quit()))
app.exec()
"""

MIRA = "import sys; from desktop.cli import main; sys.exit(main([]))"

# What Mira's first frame cannot do without, and none of Mira's code: Qt, a qasync loop (asyncio),
# markdown-it for the welcome and sqlite3 for the conversation list. Reported as the floor.
FLOOR = f"""
import asyncio, sqlite3, sys
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
import qasync
from markdown_it import MarkdownIt
app = QApplication(sys.argv)
loop = qasync.QEventLoop(app)
asyncio.set_event_loop(loop)
window = QMainWindow()
window.setWindowTitle("Floor")
window.resize(1180, 780)
label = QLabel(window)
label.setTextFormat(Qt.TextFormat.RichText)
label.setText(MarkdownIt("commonmark").enable("table").render("### Welcome\\n\\nYour **own** content, *real* files.\\n\\n- a\\n- b"))
window.setCentralWidget(label)
sqlite3.connect(":memory:").execute("SELECT 1")
window.show()
QTimer.singleShot(0, lambda: (window.repaint(), print({MARKER!r}, flush=True), app.quit()))
with loop:
    loop.run_forever()
"""


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MIRA_HOME=str(home), MIRA_READY_MARKER=MARKER,
               MIRA_SENDABLE_MARKER=SENDABLE, PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
               PYTHONPYCACHEPREFIX=str(home.parent / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _time_to_marker(code: str, home: Path) -> tuple[float, float]:
    """Seconds from spawning the interpreter to the window marker, and to the ready-to-send marker
    (the same as the first for the bare window, which has nothing more to load); then close it."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], env=_env(home), stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    window = sendable = 0.0
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == MARKER and not window:
                window = time.perf_counter() - start
                if "desktop.cli" not in code:
                    sendable = window
                    break
            elif line.strip() == SENDABLE:
                sendable = time.perf_counter() - start
                break
        if not (window and sendable):
            raise RuntimeError(f"no ready marker (exit code {proc.wait(timeout=TIMEOUT)})")
        if proc.poll() is None:
            proc.terminate()  # Mira closes on SIGTERM the normal way
        proc.wait(timeout=TIMEOUT)
        return window, sendable
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _median(code: str, home: Path) -> tuple[float, float]:
    _time_to_marker(code, home)  # warm the OS file cache once; not counted
    runs = [_time_to_marker(code, home) for _ in range(RUNS)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def _fill(home: Path, count: int) -> None:
    old = os.environ.get("MIRA_HOME")
    os.environ["MIRA_HOME"] = str(home)
    try:
        from desktop.settings import SettingsStore
        from desktop.store import Store

        store = Store()
        for i in range(count):
            conv = store.create_conversation(f"Conversation {i}: quarterly figures")
            store.add_message(conv.id, "user", f"Make a spreadsheet from table {i}")
            store.add_message(conv.id, "assistant", f"Done: **table-{i}.xlsx**, checks passed.")
        store.close()
        # Mira reopens the conversation the user had open last (QSettings INI, [General] section).
        state = SettingsStore().window_state_path
        state.parent.mkdir(parents=True, exist_ok=True)
        state.write_text(f"[General]\nlast_conversation={conv.id}\n", encoding="utf-8")
    finally:
        if old is None:
            os.environ.pop("MIRA_HOME", None)
        else:
            os.environ["MIRA_HOME"] = old


def run() -> list[Row]:
    try:
        import PySide6  # noqa: F401
    except ImportError as exc:  # pragma: no cover - declared dependency
        raise Skip(f"PySide6 is missing: {exc}") from None
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="mira-bench-startup-") as tmp:
        bare = _median(BARE, Path(tmp) / "bare")[0]
        floor = _median(FLOOR, Path(tmp) / "floor")[0]
        empty = Path(tmp) / "empty"
        mira, mira_send = _median(MIRA, empty)
        rows.append(Row("startup to interactive window (first run)", mira, bare, "s",
                        "bare PySide6 QMainWindow, same launch", "<= 2x baseline", 2.0,
                        note=f"floor (Qt + qasync/asyncio + markdown-it + sqlite3, no Mira code): "
                             f"{floor:.3f} s = {floor / bare:.2f}x"))
        rows.append(Row("startup to ready to send (agent runtime loaded, first run)", mira_send, bare, "s",
                        "bare PySide6 QMainWindow, same launch", "<= 3x baseline", 3.0))
        rows.append(Row("startup floor: the libraries the first frame needs, no Mira code", floor, bare, "s",
                        "bare PySide6 QMainWindow, same launch", "informational: the floor for Mira"))
        filled = Path(tmp) / "filled"
        _fill(filled, 200)
        mira_200, send_200 = _median(MIRA, filled)
        rows.append(Row("startup to interactive window, 200 stored conversations", mira_200, bare, "s",
                        "bare PySide6 QMainWindow, same launch", "<= 2x baseline", 2.0,
                        note=f"first run without conversations: {mira:.3f} s"))
        rows.append(Row("startup to ready to send, 200 stored conversations", send_200, bare, "s",
                        "bare PySide6 QMainWindow, same launch", "<= 3x baseline", 3.0))
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.3f} {row.unit} vs {row.baseline:.3f} ({row.ratio:.2f}x, ok={row.ok})")
