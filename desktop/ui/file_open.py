"""Files the system asks Mira to open while it runs: macOS sends Finder's "Open With" as a
``QFileOpenEvent`` to the application instead of a command-line argument."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent


class FileOpenEvents(QObject):
    """An application event filter that hands each opened file to ``open_files``."""

    def __init__(self, open_files: Callable[[list[str]], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._open_files = open_files

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent) and event.file():
            self._open_files([event.file()])
            return True
        return super().eventFilter(watched, event)
