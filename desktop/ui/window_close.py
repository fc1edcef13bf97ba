"""The main window's window state and close: its size, splitter and last conversation saved and
restored, and a close that lets a running task record its end before the store closes.

A mixin of :class:`desktop.ui.main_window.MainWindow`."""
from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QEventLoop
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication


class WindowClose:
    """Saving the window's state and closing it (uses its controller, services and pending jobs)."""

    # Provided by the window.
    services: Any
    controller: Any
    splitter: Any
    preview_panel: Any
    window_state: Any
    _jobs: Any
    _closing: bool
    _unsubscribe_language: Any

    def _restore_state(self) -> None:
        self.window_state.restore(self, self.splitter)
        self.preview_panel.hide()  # the preview opens on demand, never empty at start

    def save_state(self) -> None:
        self.window_state.save(self, self.splitter, preview_open=self.preview_panel.isVisible(),
                               last_conversation=self.controller.current_id or "")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._closing:
            event.accept()
            return
        self._closing = True
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
        for fut in list(self._jobs):
            fut.cancel()
        self.services.close()
        event.accept()
