"""The main window's window state and close: its size, splitter and last conversation saved and
restored, and a close that lets a running task record its end before the store closes.

A part :class:`desktop.ui.main_window.MainWindow` owns, handed the window, the widgets and parts it saves
and closes, and what else closing stops (the window's jobs, its language subscription)."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QSplitter

if TYPE_CHECKING:
    from desktop.ui.controller import TaskController
    from desktop.ui.host import Host
    from desktop.ui.preview_panel import PreviewPanel
    from desktop.ui.services import Services
    from desktop.ui.store_watch import StoreWatch
    from desktop.ui.window_state import WindowState


class WindowClose:
    """Saving the window's state and closing it. ``closing`` is True from the first close on."""

    def __init__(self, *, window: QMainWindow, splitter: QSplitter, preview_panel: PreviewPanel,
                 window_state: WindowState, controller: TaskController, services: Services, host: Host,
                 store_watch: StoreWatch, cancel_jobs: Callable[[], None],
                 unsubscribe_language: Callable[[], None]) -> None:
        self.window = window
        self.splitter = splitter
        self.preview_panel = preview_panel
        self.window_state = window_state
        self.controller = controller
        self.services = services
        self.host = host
        self.store_watch = store_watch
        self._cancel_jobs = cancel_jobs
        self._unsubscribe_language = unsubscribe_language
        self.closing = False

    def restore_state(self) -> None:
        self.window_state.restore(self.window, self.splitter)
        self.preview_panel.hide()  # the preview opens on demand, never empty at start

    def save_state(self) -> None:
        self.window_state.save(self.window, self.splitter, preview_open=self.preview_panel.isVisible(),
                               last_conversation=self.controller.current_id or "")

    def close(self, event: QCloseEvent) -> None:
        """The window's closeEvent."""
        if self.closing:
            event.accept()
            return
        self.closing = True
        self.store_watch.stop()
        self.save_state()
        self._unsubscribe_language()
        self.host.close()
        if self.controller.busy:
            # Like qasync's asyncClose: stop the running task and let it record "cancelled" before the
            # store closes (bounded, so a stuck task can never keep the window from closing).
            self.controller.stop(everything=True)
            deadline = time.monotonic() + 5
            app = QApplication.instance()
            while self.controller.busy and time.monotonic() < deadline and app is not None:
                app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        self.controller.close()
        self._cancel_jobs()
        self.services.close()
        event.accept()
