"""Time from process start to an interactive main window, and to "ready to send" (the agent runtime and
the store loaded and recovery run, so a request starts at once; the model itself is made by the first
request, see ``first_send``), against a bare PySide6 window.

All cases are started the same way: a fresh interpreter (``python -c``, no extra flags, no
``-X importtime``) on the offscreen platform, with the same environment, and each prints a marker
from a zero timer once its window is shown, right after a synchronous ``repaint()`` so the first
frame is really drawn; the same few lines in front of every case stamp that line with the time
it was written (see ``STAMP``). Mira prints ``MIRA_READY_MARKER`` there (the message box has the focus and
takes typing: tests/ui/test_startup_imports.py checks that at this marker); the store, the
conversation list, the last conversation or the welcome, and the agent runtime follow the first
frame, and ``MIRA_SENDABLE_MARKER`` comes once the runtime is loaded and recovery has run.

The cases run interleaved (``RUNS`` rounds, each starting every case once in an order rotated per
round) so load from other processes on a shared machine falls on all of them alike; the rows give
medians, with each case's range and the per-round ratio range in the note. "First run" starts on a
new, empty data folder every time (the database is created); the 200-conversation case reopens the
last of them. Two floors with no Mira code are measured in the same rounds: a window with the same
kinds of widgets and a stylesheet (``WIDGETS``), and a window with a qasync loop, markdown-it and
sqlite3 (``FLOOR``).

Two kinds of rows say what the honest start costs and what it moved (issue 26). The start no longer
pauses the collector (``gc.disable()``, then ``gc.freeze()`` once a request could start) nor replaces
PySide's private per-module source check (``_mod_uses_pyside``); each trick, and both, are applied again
from the bench's side only (``TRICKS``: code put in front of Mira's, as with ``STAMP``) and started in the
same rounds as the honest start, so a row gives what each removal costs. And the model (the offline
planner), jsonschema and Pygments' styles load on first use now, not before ready to send: the first send
pays for them. ``first_send`` starts Mira on a new data folder, sends "what can you do?" (the offline
planner answers in words) once a request could start and the document libraries' background import has
ended, and times it to the first reply text on screen,
then does the same again in that window: the second send is the baseline, so the ratio is what the first
use pays on top.

Every case runs with a bytecode cache (a private PYTHONPYCACHEPREFIX, filled by the uncounted
warm-up round), as an installed app does: pip compiles site-packages at install, but an editable
checkout under PYTHONDONTWRITEBYTECODE=1 would otherwise recompile every Mira module at each start
while PySide6 never is.
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
RUNS = int(os.environ.get("MIRA_BENCH_STARTUP_RUNS", "15"))  # rounds; each starts every case once
FIRST_SEND_RUNS = max(3, RUNS // 2)  # starts of the first-send case
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

# The removed tricks, applied from the bench's side only: Mira's code has neither (tests/ui/test_startup_imports.py).
# The collector off from the process start (desktop/startup_gc.py paused it in desktop.cli, a few imports later,
# and froze and resumed it at ready to send, where the measure ends anyway).
GC_PAUSE = """
import gc
gc.disable()
"""
# PySide reads the whole source of every module imported after QtCore (inspect.getsource) only to see whether
# it names PySide6; the removed desktop/ui/imports.install_pyside_check answered from the file's bytes and
# skipped the standard library and the packages an import contract keeps Qt-free. As it was, installed
# right after QtCore is imported (the app imported QtCore a few modules later).
PYSIDE_CHECK = """
import os, sys
from importlib.machinery import EXTENSION_SUFFIXES
import PySide6.QtCore
def _install_pyside_check():
    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if original is None:
        raise SystemExit("PySide has no _mod_uses_pyside to replace")
    no_source = ("built-in", "frozen", *EXTENSION_SUFFIXES)
    qt_free = ("desktop.agent", "desktop.llm", "desktop.store", "skills")
    qt_free_parts = tuple(package + "." for package in qt_free)
    stdlib = os.path.dirname(os.__file__) + os.sep
    def uses_pyside(module):
        name = module.__name__
        if name in qt_free or name.startswith(qt_free_parts):
            return False
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.startswith(stdlib) and "site-packages" not in origin:
            return False
        if isinstance(origin, str):
            if origin.endswith(".py"):
                try:
                    with open(origin, "rb") as source:
                        return b"PySide6" in source.read()
                except OSError:
                    pass
            elif origin.endswith(no_source):
                return False
        return bool(original(module))
    feature._mod_uses_pyside = uses_pyside
_install_pyside_check()
"""
TRICKS = {"gc": GC_PAUSE, "pyside": PYSIDE_CHECK, "both": GC_PAUSE + PYSIDE_CHECK}

REPLY = "MIRA-BENCH-REPLY"
FIRST_REQUEST = "what can you do?"
# Once a request could start and the background import of the document libraries has ended (a task begun
# before waits for it, desktop/agent/warmup.py: that is not what moved): send FIRST_REQUEST, time it to the
# first reply text drawn (the conversation's change event, then a synchronous repaint), wait for the task to
# end, and do it again; print both times.
FIRST_SEND = f"""
import time
class _Sender:
    def __init__(self, out):
        self.out = out
    def write(self, text):
        if text.strip() == {SENDABLE!r}:
            from PySide6.QtCore import QTimer
            QTimer.singleShot(0, _send)
        return self.out.write(text)
    def flush(self):
        self.out.flush()
sys.stdout = _Sender(sys.stdout)
_times = []
def _send():
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from desktop.agent import warmup
    if not warmup.wait(0):  # as a user who types for a moment: the document libraries' import has ended
        QTimer.singleShot(10, _send)
        return
    window = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")
    conversation = window.chat.conversation
    before = {{m.id for m in conversation}}
    def changed(_event):
        if any(m.id not in before and m.role.value == "assistant" and m.text.strip() for m in conversation):
            unsubscribe()
            window.repaint()
            _times.append(time.perf_counter() - start)
            if len(_times) == 2:
                print({REPLY!r}, *_times, flush=True)
            else:
                QTimer.singleShot(0, _when_idle)
    def _when_idle():
        QTimer.singleShot(10, _when_idle) if window.controller.busy else _send()
    unsubscribe = conversation.subscribe(changed)
    start = time.perf_counter()
    window.chat.composer.set_text({FIRST_REQUEST!r})
    window.chat.composer.submit()
"""

# Put in front of every case's code alike: a marker line carries the time the process wrote it
# (CLOCK_MONOTONIC, shared by all processes on Linux), so what is measured ends when the frame is
# drawn, not when this reader is next scheduled: on a loaded machine that wake-up came later the
# busier the child stayed after its marker (Mira keeps loading its runtime, the bare window quits),
# which added up to tens of ms to Mira alone.
STAMP = f"""
import sys, time
class _Stamped:
    def __init__(self, out):
        self.out = out
    def write(self, text):
        if text.strip() in ({MARKER!r}, {SENDABLE!r}):
            text = text.strip() + " " + repr(time.perf_counter()) + " " + repr(time.process_time()) + "\\n"
        return self.out.write(text)
    def flush(self):
        self.out.flush()
sys.stdout = _Stamped(sys.stdout)
"""

# The same kinds of widgets as Mira's first frame (a menu bar, a splitter with a list, a search field and
# buttons, a title bar, a message list, a multi-line message box with buttons, a status bar) under the
# Fusion style with a stylesheet of the same size: what Qt alone costs for that window, no Mira code.
WIDGETS = f"""
import sys
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (QApplication, QFrame, QHBoxLayout, QLabel, QLineEdit, QListView, QListWidget,
                               QMainWindow, QPlainTextEdit, QPushButton, QSplitter, QStyleFactory, QToolButton,
                               QVBoxLayout, QWidget)
app = QApplication(sys.argv)
app.setStyle(QStyleFactory.create("Fusion"))
palette = QPalette(app.palette())
palette.setColor(QPalette.ColorRole.Window, Qt.GlobalColor.white)
app.setPalette(palette)
app.setStyleSheet(\"\"\"
QLineEdit, QPlainTextEdit {{ background: #fff; border: 1px solid #d0d4da; border-radius: 6px; padding: 4px 8px; }}
QLineEdit:focus, QPlainTextEdit:focus {{ border: 1px solid #8a93a0; }}
QPushButton {{ background: #f4f5f7; border: 1px solid #d0d4da; border-radius: 6px; padding: 5px 12px; }}
QPushButton:hover {{ border-color: #8a93a0; }}
QPushButton#primary {{ background: #2563eb; color: #fff; }}
QToolButton {{ border: 1px solid transparent; border-radius: 6px; padding: 3px; }}
QToolButton:hover {{ background: #f4f5f7; }}
QWidget#side {{ background: #f4f5f7; }}
QWidget#side QListView {{ background: transparent; border: none; }}
QWidget#side QListView::item {{ border-radius: 6px; padding: 5px 8px; }}
QFrame#box {{ background: #fff; border: 1px solid #d0d4da; border-radius: 14px; }}
QFrame#box QPlainTextEdit {{ border: none; background: transparent; }}
QSplitter::handle {{ background: #d0d4da; }}
QStatusBar {{ color: #6b7280; }}
\"\"\")
window = QMainWindow()
window.setWindowTitle("Widgets")
for title in ("File", "View", "Help"):
    window.menuBar().addMenu(title)
side = QWidget(objectName="side")
column = QVBoxLayout(side)
column.addWidget(QPushButton("New conversation", objectName="primary"))
search = QLineEdit()
search.setClearButtonEnabled(True)
search.setPlaceholderText("Search conversations")
column.addWidget(search)
column.addWidget(QListWidget())
chat = QWidget()
rows = QVBoxLayout(chat)
header = QHBoxLayout()
header.addWidget(QToolButton())
header.addWidget(QLabel("New conversation"))
rows.addLayout(header)
rows.addWidget(QListView())
box = QFrame(objectName="box")
line = QHBoxLayout(box)
line.addWidget(QToolButton())
message = QPlainTextEdit()
message.setPlaceholderText("Message...")
line.addWidget(message)
line.addWidget(QToolButton())
rows.addWidget(box)
splitter = QSplitter()
splitter.addWidget(side)
splitter.addWidget(chat)
window.setCentralWidget(splitter)
window.statusBar().addPermanentWidget(QLabel("Idle"))
window.statusBar().addPermanentWidget(QLabel("Model: offline"))
window.resize(1180, 780)
window.show()
message.setFocus()
QTimer.singleShot(0, lambda: (window.repaint(), print({MARKER!r}, flush=True), app.quit()))
app.exec()
"""

# What a ready-to-send chat app loads on top of its window, with no Mira code: a qasync loop (asyncio),
# markdown-it rendering a message, sqlite3. Measured to the ready marker like Mira's ready-to-send.
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


def _time_to_marker(code: str, home: Path) -> tuple[float, float, float]:
    """Seconds from spawning the interpreter to the window marker, and to the ready-to-send marker
    (the same as the first for the bare window, which has nothing more to load), and the processor time
    the process (all its threads) had used at the ready-to-send marker; then close it. Processor time
    varies far less than wall time with the load of other processes on a shared machine."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", STAMP + code], env=_env(home), stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    window = sendable = cpu = 0.0
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            marker, _, stamps = line.strip().partition(" ")
            if marker == MARKER and not window:
                window, cpu = float(stamps.split()[0]) - start, float(stamps.split()[1])
                if "desktop.cli" not in code:
                    sendable = window
                    break
            elif marker == SENDABLE:
                sendable, cpu = float(stamps.split()[0]) - start, float(stamps.split()[1])
                break
        if not (window and sendable):
            raise RuntimeError(f"no ready marker (exit code {proc.wait(timeout=TIMEOUT)})")
        if proc.poll() is None:
            proc.terminate()  # Mira closes on SIGTERM the normal way
        proc.wait(timeout=TIMEOUT)
        return window, sendable, cpu
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _first_send(home: Path) -> tuple[float, float]:
    """Seconds from pressing Send to the first reply text on screen, for the first request of a new start
    and for a second one in the same window (see ``FIRST_SEND``)."""
    proc = subprocess.Popen([sys.executable, "-c", STAMP + FIRST_SEND + MIRA], env=_env(home),
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            marker, *times = line.split()
            if marker == REPLY:
                proc.terminate()
                proc.wait(timeout=TIMEOUT)
                return float(times[0]), float(times[1])
        raise RuntimeError(f"no reply marker (exit code {proc.wait(timeout=TIMEOUT)})")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.3f} s, range {min(values):.3f}–{max(values):.3f}"


def _interleaved(cases: dict[str, tuple[str, Path]]) -> dict[str, list[tuple[float, float, float]]]:
    """``RUNS`` rounds; each round starts every case once, in an order rotated from round to round, so a
    burst of load from the other processes on the machine lands on all of them alike rather than on
    whichever was measured in that minute. One uncounted round first fills the OS file cache and the
    bytecode cache. A home whose name starts with "new" is a fresh, empty folder at every start (a real
    first run: the database and settings are created), the others are reused."""
    names = list(cases)
    counter = iter(range(10**6))

    def start(name: str) -> tuple[float, float, float]:
        code, home = cases[name]
        if home.name.startswith("new"):
            home = home.with_name(f"{home.name}-{next(counter)}")
        return _time_to_marker(code, home)

    for name in names:
        start(name)
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in names}
    for i in range(RUNS):
        for name in names[i % len(names):] + names[:i % len(names)]:
            runs[name].append(start(name))
    return runs


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
        filled = Path(tmp) / "filled"
        _fill(filled, 200)
        cases = {"bare": (BARE, Path(tmp) / "bare"), "widgets": (WIDGETS, Path(tmp) / "widgets"),
                 "floor": (FLOOR, Path(tmp) / "floor"), "empty": (MIRA, Path(tmp) / "new"), "filled": (MIRA, filled)}
        cases |= {name: (trick + MIRA, Path(tmp) / f"new-{name}") for name, trick in TRICKS.items()}
        runs = _interleaved(cases)
        sends = [_first_send(Path(tmp) / f"send-{i}") for i in range(FIRST_SEND_RUNS)]
        window = {name: [r[0] for r in values] for name, values in runs.items()}
        send = {name: [r[1] for r in values] for name, values in runs.items()}
        cpu = {name: [r[2] for r in values] for name, values in runs.items()}
        bare_cpu = statistics.median(cpu["bare"])

        def cpu_note(case: str) -> str:
            used = statistics.median(cpu[case])
            return (f"; processor time to the marker (all threads): {used:.3f} s, bare {bare_cpu:.3f} s = "
                    f"{used / bare_cpu:.2f}x")
        bare, floor = statistics.median(window["bare"]), statistics.median(window["floor"])
        widgets = statistics.median(window["widgets"])

        def note(case: str, times: dict[str, list[float]], who: str = "Mira") -> str:
            paired = [m / b for m, b in zip(times[case], window["bare"])]
            return (f"{RUNS} interleaved rounds; {who} {_spread(times[case])}; bare {_spread(window['bare'])}; "
                    f"per-round ratio {min(paired):.2f}–{max(paired):.2f}x")

        rows.append(Row("startup to interactive window (first run)", statistics.median(window["empty"]), bare, "s",
                        "bare PySide6 QMainWindow, same launch", "<= 2.5x baseline", 2.5,
                        note=note("empty", window) + f"; the same kinds of widgets with a stylesheet, no Mira "
                                                     f"code: {widgets:.3f} s = {widgets / bare:.2f}x"))
        rows.append(Row("startup to ready to send (agent runtime loaded, first run)", statistics.median(send["empty"]),
                        bare, "s", "bare PySide6 QMainWindow, same launch", "<= 3.5x baseline", 3.5,
                        note=note("empty", send) + f"; a qasync loop, markdown-it and sqlite3 on a window, no "
                                                   f"Mira code: {floor:.3f} s = {floor / bare:.2f}x" + cpu_note("empty")
                                                   + f"; floor {statistics.median(cpu['floor']) / bare_cpu:.2f}x"))
        rows.append(Row("startup floor: the same kinds of widgets as Mira's first frame, Fusion and a stylesheet, "
                        "no Mira code", widgets, bare, "s", "bare PySide6 QMainWindow, same launch",
                        "informational: what Qt alone costs for that window", note=note("widgets", window, "widgets")))
        rows.append(Row("startup floor: a qasync loop (asyncio), markdown-it and sqlite3 on a window, no Mira code",
                        floor, bare, "s", "bare PySide6 QMainWindow, same launch",
                        "informational: what any ready-to-send chat app loads", note=note("floor", window, "floor")))
        rows.append(Row("startup to interactive window, 200 stored conversations", statistics.median(window["filled"]),
                        bare, "s", "bare PySide6 QMainWindow, same launch", "<= 2.5x baseline", 2.5,
                        note=note("filled", window)))
        rows.append(Row("startup to ready to send, 200 stored conversations", statistics.median(send["filled"]), bare,
                        "s", "bare PySide6 QMainWindow, same launch", "<= 3.5x baseline", 3.5,
                        note=note("filled", send) + cpu_note("filled")))
        honest_window, honest_send = statistics.median(window["empty"]), statistics.median(send["empty"])
        what = {"gc": "the collector paused (gc.disable(), then gc.freeze() at ready)",
                "pyside": "PySide's private _mod_uses_pyside replaced by a cheaper check",
                "both": "both removed tricks"}
        for name, label in what.items():
            trick_window = statistics.median(window[name])
            # Paired by round (the same minute's load on both), steadier than the ratio of the medians.
            paired = [t / h for t, h in zip(send[name], send["empty"])]
            paired_cpu = [t / h for t, h in zip(cpu[name], cpu["empty"])]
            rows.append(Row(f"startup to ready to send with {label}, applied by the bench only (first run)",
                            statistics.median(send[name]), honest_send, "s", "Mira's honest start, same rounds",
                            "informational: what removing it costs (ratio < 1: the trick saved that much)",
                            note=note(name, send, "with the trick") + f"; per-round ratio to the honest start: "
                                 f"median {statistics.median(paired):.3f}, range {min(paired):.2f}–{max(paired):.2f}"
                                 f"; processor time to ready with it / honest, per round: median "
                                 f"{statistics.median(paired_cpu):.3f}, range {min(paired_cpu):.2f}–"
                                 f"{max(paired_cpu):.2f}"
                                 f"; window with it {trick_window:.3f} s = "
                                 f"{trick_window / bare:.2f}x bare (honest {honest_window / bare:.2f}x), ready to "
                                 f"send {statistics.median(send[name]) / bare:.2f}x bare (honest "
                                 f"{honest_send / bare:.2f}x)"))
        first, second = [t[0] for t in sends], [t[1] for t in sends]
        rows.append(Row(f"first send to the first reply on screen ({FIRST_REQUEST!r}, offline planner, first run)",
                        statistics.median(first), statistics.median(second), "s",
                        "a second send in the same window", "informational: what the first use pays for what the "
                        "start no longer loads (the planner, jsonschema, Pygments' styles)",
                        note=f"{len(sends)} starts; first {_spread(first)}; second {_spread(second)}; first minus "
                             f"second: median {statistics.median([a - b for a, b in sends]) * 1000:.0f} ms"))
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.3f} {row.unit} vs {row.baseline:.3f} ({row.ratio:.2f}x, ok={row.ok}); {row.note}")
