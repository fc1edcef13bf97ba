"""Start the Qt application on a qasync event loop and open the main window."""
from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

APP_ICON = Path(__file__).with_name("icons") / "mira.svg"


def run() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication, QMessageBox
    import qasync

    from desktop import __version__, logs
    from desktop.ui.main_window import MainWindow

    log_file = logs.setup()
    logging.getLogger(__name__).info("Mira %s starting; log %s", __version__, log_file)
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Mira")
    app.setOrganizationName("Mira")
    app.setApplicationVersion(__version__)
    # The icon on the application object is the one every window and the task bar use;
    # the desktop file name ties the window to packaging/mira.desktop (Wayland, GNOME).
    app.setWindowIcon(QIcon(str(APP_ICON)))
    app.setDesktopFileName("mira")
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)

    try:
        window = MainWindow()
    except Exception as exc:  # e.g. an unreadable database: one clear message, no traceback
        message = f"Mira could not start: {exc}"
        print(message, file=sys.stderr)
        if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
            QMessageBox.critical(None, "Mira", message)
        return 1
    window.show()

    # SIGTERM/SIGINT close the window the normal way, so state is saved and the
    # process exits 0. A periodic no-op timer lets Python run its signal handlers.
    def _close(*_: object) -> None:
        QTimer.singleShot(0, window.close)
        QTimer.singleShot(0, app.quit)

    signal.signal(signal.SIGTERM, _close)
    signal.signal(signal.SIGINT, _close)
    tick = QTimer()
    tick.start(200)
    tick.timeout.connect(lambda: None)

    with loop:
        loop.run_until_complete(closed.wait())
    return 0
