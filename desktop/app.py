"""Start the Qt application on a qasync event loop and open the main window."""
from __future__ import annotations

import logging
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QWidget

APP_ICON = Path(__file__).with_name("icons") / "mira.svg"


def run(files: Sequence[str] = ()) -> int:
    """The window; ``files`` (absolute paths) are attached to its message box, or handed to the Mira
    already running on the same data, which comes forward with them."""
    from desktop import __version__, logs
    from desktop.ui.services import build_services

    # The log file is attached after the first frame; what is logged before waits in memory.
    logs.hold()
    logging.getLogger(__name__).info("Mira %s starting; log %s", __version__, logs.log_dir() / logs.LOG_NAME)
    services = build_services()  # the settings (Qt-free); the store opens after the first frame

    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Mira")
    app.setOrganizationName("Mira")
    app.setApplicationVersion(__version__)
    # The icon on the application object is the one every window and the task bar use;
    # the desktop file name ties the window to packaging/mira.desktop (Wayland, GNOME).
    app.setWindowIcon(QIcon(str(APP_ICON)))
    app.setDesktopFileName("mira")

    from desktop import paths
    from desktop.ui.single_instance import SingleInstance

    instance = SingleInstance(paths.data_dir(), files=files)
    if not instance.claim():
        from desktop import i18n

        i18n.set_language(i18n.system_language())
        print(i18n.tr("app.already_running"))
        services.close()
        logs.setup()
        return 0

    # SIGTERM/SIGINT close the window the normal way, so state is saved and the
    # process exits 0. Installed before the window is built: X lists the native
    # window (and a supervisor may signal it) before construction has finished.
    # A periodic no-op timer lets Python run its signal handlers.
    windows: list[MainWindow] = []
    closing: list[bool] = []

    def _close_all() -> None:
        closing.append(True)  # read once the loop exists: a signal before then must not be lost
        for open_window in windows:  # read when the timer fires: a window still being built is included
            open_window.close()
        app.quit()

    def _close(*_: object) -> None:
        QTimer.singleShot(0, _close_all)

    signal.signal(signal.SIGTERM, _close)
    signal.signal(signal.SIGINT, _close)

    def _cannot_start(error: object) -> None:  # one clear message, no traceback
        logs.setup()
        message = _start_failed(error)
        print(message, file=sys.stderr)
        if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.critical(None, "Mira", message)

    try:
        window = MainWindow(services, start=False)
    except Exception as exc:  # noqa: BLE001 - e.g. unreadable settings
        _cannot_start(exc)
        return 1
    failed: list[object] = []

    def _fatal(error: object) -> None:  # e.g. an unreadable database, found when the store opens after the first frame
        failed.append(error)
        _cannot_start(error)
        _close_all()

    # Queued: the message box's own event loop then never runs inside the startup coroutine.
    window.sig_fatal.connect(_fatal, Qt.ConnectionType.QueuedConnection)
    windows.append(window)
    window.show()
    instance.sig_activate.connect(window.bring_to_front)
    instance.sig_open.connect(window.open_files)
    if sys.platform == "darwin":  # Finder's "Open With" arrives as an event (a filter elsewhere only costs time)
        from desktop.ui.file_open import FileOpenEvents

        app.installEventFilter(FileOpenEvents(window.open_files, app))
    tick = QTimer()
    tick.start(200)
    tick.timeout.connect(lambda: None)
    _until_exposed(app, window)
    window.show_first_frame()
    if files:
        window.open_files(list(files))

    # Only now the event loop (asyncio and qasync, ~25 ms of imports) and the log file: the window is
    # already drawn; keys pressed meanwhile wait in Qt's queue and reach the message box in order.
    import asyncio

    import qasync

    logs.setup()
    # Later copies are answered from now on (until now they wait for this: SingleInstance.claim).
    instance.listen()
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)
    if closing:
        closed.set()
    else:
        QTimer.singleShot(0, window.begin)
    with loop:
        loop.run_until_complete(closed.wait())
    instance.close()
    return 1 if failed else 0


def _until_exposed(app: QCoreApplication, window: QWidget) -> None:
    """Let Qt map and expose the new window, which draws the first frame: one pass of its events on X11
    and offscreen; a window manager may take longer (then wait for its events, woken at least by the
    200 ms tick). Bounded, so a window started minimised or on a stalled display still loads the rest."""
    from PySide6.QtCore import QDeadlineTimer, QEventLoop

    flags = QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents
    handle = window.windowHandle()
    deadline = QDeadlineTimer(2000)
    app.processEvents(flags)
    while handle is not None and not handle.isExposed() and not deadline.hasExpired():
        app.processEvents(flags | QEventLoop.ProcessEventsFlag.WaitForMoreEvents)


def _start_failed(error: object) -> str:
    """Why the window could not be built, in the language chosen in Settings (read before anything else)."""
    from desktop import i18n

    try:
        from desktop.settings import chosen_language

        language = chosen_language()
    except Exception:  # noqa: BLE001 - the settings may be what failed: the system's language then
        language = i18n.system_language()
    i18n.set_language(language)
    said = i18n.say_error(error) if isinstance(error, BaseException) else str(error)
    return i18n.tr("app.start_failed", error=said)
