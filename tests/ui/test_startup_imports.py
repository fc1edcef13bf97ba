"""Startup stays light: the first frame loads no document library, model client or agent runtime,
renderer discovery waits for first use, and of 200 stored conversations only the reopened one's
messages are read."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

MARKER = "MIRA-TEST-READY"

def _probe_code(marker: str, report: str) -> str:
    """Code that runs the real `mira` startup and, when it prints ``marker``, runs ``report`` (which
    writes one JSON line to ``real``) and exits."""
    body = "\n".join("            " + line for line in report.strip().splitlines())
    return f"""
import json, os, sys
real = sys.stdout

class Out:
    def write(self, text):
        if text.strip() == {marker!r}:
{body}
            real.flush()
            os._exit(0)
        return real.write(text)

    def flush(self):
        real.flush()

sys.stdout = Out()
from desktop.cli import main
main([])
"""


# At the ready marker (first frame drawn): sys.modules and what the window shows and takes.
PROBE = _probe_code(MARKER, """
from PySide6.QtWidgets import QApplication
from PySide6.QtTest import QTest
window = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")
modules = sorted(sys.modules)  # before the keys below load anything
focus = window.focusWidget()  # gets the keys once the window is active (offscreen: never)
QTest.keyClicks(focus, "hello") if focus is not None else None
real.write(json.dumps({"modules": modules, "sidebar": window.sidebar.ids(), "visible": window.isVisible(),
                       "says_empty": window.sidebar.empty_label.isVisibleTo(window.sidebar),
                       "typed": window.chat.composer.text(),
                       "focus_in_composer": focus is not None and window.chat.composer.isAncestorOf(focus),
                       "rows": window.chat.view.model().rowCount()}) + "\\n")
""")

# Not needed to paint the first frame; each is imported later, on first use.
DEFERRED = (
    "fitz", "pymupdf", "docx", "openpyxl", "pptx",  # document libraries (renderers, skills)
    "openai", "httpx", "keyring",  # model client and secrets (settings dialog, first task)
    "desktop.agent.runtime", "desktop.llm.factory",  # agent runtime: a worker thread after the first frame
    "importlib.metadata",  # version constant; renderer discovery on first use
    "PySide6.QtSvg", "PySide6.QtNetwork", "PySide6.QtPdf",
    "psutil",  # process trees: only when a LibreOffice conversion is killed
    "desktop.agent.workfolder",  # the conversation's folder: on the first folder action
    "markdown_it",  # the first message rendered (the welcome) comes right after the first frame
    "desktop.agent", "skills.runtime",  # agent events, LibreOffice path: with the runtime
    "desktop.ui.versions_view", "xml.etree",  # a dialog; the .ts reader
    "renderers._api", "datetime", "html",  # card view types, the sidebar's dates, escaping: on first use
    "concurrent.futures",  # the store worker starts with the store, after the first frame
    "socket",  # the single-instance socket listens once the window is drawn (a lock file guards before)
    "desktop.store.store", "sqlite3",  # the store opens right after the first frame (the window needs its states only)
    "asyncio", "qasync", "ssl",  # the event loop loads once the window is drawn (desktop/app.py)
    "logging.handlers",  # the log file is attached after the first frame; earlier records wait in memory
    "yaml",  # skill flows and SKILL.md files are parsed when a skill loads, not at startup
    "ctypes",  # giving freed heap back (desktop/heap.py): when a preview closes
)
# Not needed for a request to start either: loaded on first use, after the ready-to-send marker.
LATER_STILL = (
    "yaml", "psutil", "fitz", "pymupdf", "docx", "openpyxl", "pptx",
    # The model is made by the first task (desktop.agent.runtime): the offline planner (~90 ms of imports)
    # and a provider's client. Titles read the format words from desktop.format_words, not the planner.
    "desktop.llm.offline.planner", "desktop.llm.offline._route", "openai", "httpx", "keyring",
    "desktop.agent.titles",  # with the first conversation titled or folder named
    "desktop.agent.loop", "desktop.agent.details",  # the agent loop: with the first drive
    "ctypes",  # giving freed heap back: when a preview closes
    "jsonschema",  # validates a tool call written as text (desktop.llm.textcalls) or a command's arguments
    # The renderers' readers and document views load with the first card or preview (or the background
    # import that starts once a request could start).
    "renderers.builtin", "renderers.docx.plugin", "renderers.pdf.plugin", "renderers.pptx.plugin", "renderers.xlsx.plugin", "renderers._api",
    "pygments", "pygments.styles",  # code colours: with the first message that has a code block
    # The runtime's task parts are made by the first task, decision or recovery that finds work (a start after
    # a clean exit has none): the reporter and its prompts and events, the skill catalog, calls, the
    # finalizer, the flow, the approval gate and the decisions; and what a request builds (context, tools).
    "desktop.agent.reporter", "desktop.agent._messages", "desktop.agent.events", "desktop.agent.skillsource",
    "skills.catalog", "desktop.agent.calls", "desktop.agent.finalize", "desktop.agent.flows", "desktop.agent.gate",
    "desktop.agent.decisions", "desktop.agent.context", "desktop.agent.tools", "desktop.agent.workfolder",
    # The model factory and the message types: the runtime reads the context window from the settings.
    "desktop.llm.factory", "desktop.llm._types",
    # The task tables' rows, the packet, the approval rules: with the first row read from them.
    "desktop.store.task_rows", "desktop.llm.packet", "desktop.store._rules",
    # The records codec and the skills runtime's records: with the first record read from a column or written
    # (desktop.store._codec); listing conversations and words as written need neither.
    "skills.codec", "skills.runtime", "skills.runtime._base", "skills.runtime.workspace",
)


def _probe(home: Path) -> dict[str, Any]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MIRA_HOME=str(home), MIRA_READY_MARKER=MARKER,
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=60)
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no ready report (exit {out.returncode}): {out.stderr[-2000:]}"
    return json.loads(lines[-1])


def test_first_frame_takes_typing_and_loads_no_document_library_model_client_runtime_or_markdown(
        tmp_path: Path) -> None:
    report = _probe(tmp_path)
    modules = set(report["modules"])
    loaded = sorted(name for name in DEFERRED if name in modules)
    assert loaded == [], f"imported before the first frame: {loaded}"
    assert "PySide6.QtWidgets" in modules and "desktop.ui.main_window" in modules  # the probe really ran
    # Interactive at the marker: shown, the message box has the focus and what is typed lands in it.
    assert report["visible"] and report["focus_in_composer"]
    assert report["typed"] == "hello"
    assert not report["says_empty"]  # no "No conversations yet" while the list is still loading
    # The welcome (markdown-it's first document) follows the first frame instead of delaying it.
    assert "markdown_it" not in modules


SENDABLE = "MIRA-TEST-SENDABLE"
SENDABLE_PROBE = _probe_code(SENDABLE, """
from PySide6.QtWidgets import QApplication
modules = sorted(sys.modules)
window = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")
real.write(json.dumps({"modules": modules, "shown": [m.text for m in window.conversation]}) + "\\n")
""")


@pytest.mark.parametrize("reopened", [False, True], ids=["first-run", "reopened-conversation"])
def test_ready_to_send_loads_the_event_loop_and_runtime_but_no_model_planner_schema_or_document_library(
        tmp_path: Path, reopened: bool) -> None:
    if reopened:  # a later start: the database exists (no migration) and the last conversation is reopened
        env = dict(os.environ, MIRA_HOME=str(tmp_path))
        fill = ("from desktop.settings import SettingsStore\nfrom desktop.store import Store\n"
                "store = Store()\nconv = store.create_conversation('Figures')\n"
                "store.add_message(conv.id, 'user', 'Make a spreadsheet')\n"
                "store.add_message(conv.id, 'assistant', 'Done: **table.xlsx**')\nstore.close()\n"
                "path = SettingsStore().window_state_path\npath.parent.mkdir(parents=True, exist_ok=True)\n"
                "path.write_text(f'[General]\\nlast_conversation={conv.id}\\n', encoding='utf-8')\n")
        subprocess.run([sys.executable, "-c", fill], env=env, check=True, timeout=60)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MIRA_HOME=str(tmp_path), MIRA_SENDABLE_MARKER=SENDABLE,
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    out = subprocess.run([sys.executable, "-c", SENDABLE_PROBE], env=env, capture_output=True, text=True,
                         timeout=60)
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no ready-to-send report (exit {out.returncode}): {out.stderr[-2000:]}"
    report = json.loads(lines[-1])
    modules = set(report["modules"])
    assert {"asyncio", "qasync", "desktop.agent.runtime", "desktop.store.store"} <= modules
    assert sorted(name for name in LATER_STILL if name in modules) == [], "loaded before ready to send"
    if reopened:  # the conversation is on screen, read without the records codec
        assert report["shown"] == ["Make a spreadsheet", "Done: **table.xlsx**"]
    else:
        assert len(report["shown"]) == 1  # the welcome
    # What was logged before the log file was attached (after the first frame) is in it.
    log = (tmp_path / "logs" / "mira.log").read_text(encoding="utf-8")
    assert "starting; log" in log


def test_two_hundred_conversations_are_listed_reading_only_the_reopened_ones_messages(
        home: Path, make_window, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop.settings import SettingsStore
    from desktop.store import Store

    store = Store()
    ids = []
    for i in range(200):
        conv = store.create_conversation(f"Conversation {i}")
        store.add_message(conv.id, "user", f"table {i}")
        ids.append(conv.id)
    store.close()
    # The user had an old conversation open: Mira reopens it (QSettings INI) and reads only its messages.
    SettingsStore().window_state_path.write_text(f"[General]\nlast_conversation={ids[7]}\n", encoding="utf-8")

    read: list[str] = []
    real = Store.messages

    def messages(self: Store, conversation_id: str, *args: Any, **kwargs: Any) -> Any:
        read.append(conversation_id)
        return real(self, conversation_id, *args, **kwargs)

    monkeypatch.setattr(Store, "messages", messages)
    window = make_window()
    assert sorted(window.sidebar.ids()) == sorted(ids)
    assert window.controller.current_id == ids[7]
    assert [m.text for m in window.conversation] == ["table 7"]
    assert set(read) == {ids[7]}, f"startup read the messages of {len(set(read))} conversations"


def test_renderer_discovery_waits_for_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    from renderers.registry import Registry

    calls: list[str] = []
    real = importlib.metadata.entry_points

    def entry_points(**kwargs: Any) -> Any:
        calls.append(kwargs.get("group", ""))
        return real(**kwargs)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry = Registry()
    assert calls == []
    assert {"docx", "pdf", "pptx", "xlsx"} <= set(registry.kinds())
    assert registry.spec("pdf") is not None
    assert calls == ["mira.renderers"]  # once, however many lookups follow


def test_the_runtime_is_ready_before_the_renderers_document_libraries_have_loaded(tmp_path: Path) -> None:
    """Ready to send does not wait for the renderer plugins (pymupdf, python-docx, …): they import in the
    background afterwards, and a task begun meanwhile waits for them (tests/agent/test_warmup.py)."""
    import threading

    from desktop.agent import warmup
    from desktop.ui.services import build_services

    release, started = threading.Event(), threading.Event()

    class SlowRegistry:
        def preload(self) -> None:
            started.set()
            release.wait(10)

    services = build_services(tmp_path / "settings", tmp_path / "store.sqlite", SlowRegistry())
    try:
        assert services.build_runtime() is services.runtime  # returned while the preload is still held
        assert started.wait(5) and not warmup.wait(0)
        release.set()
        assert warmup.wait(5)
    finally:
        release.set()
        services.close()


def test_a_message_sent_in_the_first_moment_is_not_replaced_by_reopening_the_last_conversation(
        home: Path, aloop, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The window takes typing before the last conversation is back on screen; what the user sent then
    stays on screen, in a conversation of its own."""
    from desktop.settings import SettingsStore
    from desktop.store import Store
    from desktop.ui.main_window import MainWindow
    from desktop.ui.services import build_services

    store = Store()
    old = store.create_conversation("Yesterday")
    store.add_message(old.id, "user", "an old request")
    store.close()
    SettingsStore().window_state_path.write_text(f"[General]\nlast_conversation={old.id}\n", encoding="utf-8")

    window = MainWindow(build_services())
    qtbot.addWidget(window)
    window.show()
    window.chat.composer.set_text("Make a Word document: # Hi")  # before the startup coroutine has run
    assert window.chat.composer.submit()
    qtbot.waitUntil(lambda: window.is_ready and window.runtime_ready, timeout=20000)
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=30000)
    texts = [m.text for m in window.conversation]
    assert "Make a Word document: # Hi" in texts and "an old request" not in texts
    assert window.controller.current_id not in (None, old.id)
    window.close()


GC_PROBE = _probe_code(SENDABLE, """
import gc
real.write(json.dumps({"enabled": gc.isenabled(), "frozen": gc.get_freeze_count()}) + "\\n")
""")
GC_AT_FRAME = _probe_code(MARKER, """
import gc
real.write(json.dumps({"enabled": gc.isenabled()}) + "\\n")
""")


def test_the_start_leaves_the_garbage_collector_alone(tmp_path: Path) -> None:
    """No collector tricks (issue 26): collection stays on through the first frame and the start, and
    nothing the start made is frozen out of later collections."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MIRA_HOME=str(tmp_path), MIRA_READY_MARKER=MARKER,
               MIRA_SENDABLE_MARKER=SENDABLE, PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    reports = []
    for code in (GC_AT_FRAME, GC_PROBE):
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
        lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
        assert lines, f"no report (exit {out.returncode}): {out.stderr[-2000:]}"
        reports.append(json.loads(lines[-1]))
    at_frame, ready = reports
    assert at_frame == {"enabled": True}
    assert ready == {"enabled": True, "frozen": 0}
