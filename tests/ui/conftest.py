"""UI test plumbing: a qasync loop on pytest-qt's QApplication, and a MIRA_HOME per test.

The loop is created with ``already_running=True``: pytest-qt's ``qtbot.waitUntil``
/ ``waitSignal`` spin Qt's event loop, and qasync runs asyncio callbacks from Qt
timers, so coroutines scheduled by the window (``asyncio.ensure_future``) make
progress while a test waits for what a user would see.
"""
from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
import qasync
from PySide6.QtWidgets import QApplication


@pytest.fixture
def aloop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        # Let callbacks scheduled by closing widgets run, then detach the loop from Qt.
        for task in asyncio.all_tasks(loop):
            task.cancel()
        qapp.processEvents()
        asyncio.events._set_running_loop(None)
        # loop.stop() would call qapp.exit() and break the next test's waits; mark it stopped instead.
        loop._QEventLoop__is_running = False  # type: ignore[attr-defined]
        loop.close()
        asyncio.set_event_loop(None)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh MIRA_HOME: data, workspaces and config all under tmp_path."""
    monkeypatch.setenv("MIRA_HOME", str(tmp_path))
    return tmp_path


def run(loop: asyncio.AbstractEventLoop, qtbot, coro, timeout: int = 20000):  # type: ignore[no-untyped-def]
    """Drive ``coro`` on the qasync loop until it is done and return its result."""
    fut = asyncio.ensure_future(coro, loop=loop)
    qtbot.waitUntil(fut.done, timeout=timeout)
    return fut.result()


@pytest.fixture
def make_window(home: Path, aloop: asyncio.AbstractEventLoop, qtbot):  # type: ignore[no-untyped-def]
    """Open real main windows on ``home`` (call again for a "restart"); all closed at the end."""
    from desktop import i18n
    from desktop.ui.main_window import MainWindow
    from desktop.ui.services import build_services
    from desktop.ui.theme import reset as reset_theme

    windows = []

    def make(**kwargs):  # type: ignore[no-untyped-def]
        window = MainWindow(build_services(**kwargs))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.is_ready and window.runtime_ready, timeout=20000)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.close()
    # Leave no process-wide state behind for the tests that run next.
    import uchat
    from desktop.ui.qt_locale import install_qt_translations

    i18n.set_language("en")
    install_qt_translations("en")
    uchat.set_translator(None)
    reset_theme()
