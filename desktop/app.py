"""Start the Qt application on a qasync event loop and open the main window."""
from __future__ import annotations

import asyncio
import os
import signal
import sys


def run() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox
    import qasync

    from desktop import __version__
    from desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Mira")
    app.setOrganizationName("Mira")
    app.setApplicationVersion(__version__)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)

    from desktop import paths
    from desktop.ui.single_instance import SingleInstance

    instance = SingleInstance(paths.data_dir())
    if instance.activate_existing() or not instance.listen():
        from desktop import i18n

        i18n.set_language(i18n.system_language())
        print(i18n.tr("app.already_running"))
        return 0
    try:
        window = MainWindow()
    except Exception as exc:  # e.g. an unreadable database: one clear message, no traceback
        message = f"Mira could not start: {exc}"
        print(message, file=sys.stderr)
        if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
            QMessageBox.critical(None, "Mira", message)
        return 1
    window.show()
    instance.sig_activate.connect(window.bring_to_front)

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
    instance.close()
    return 0
