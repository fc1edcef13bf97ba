"""Window geometry, splitter sizes and the last conversation, kept in an INI file (QSettings)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QSplitter, QWidget


class WindowState:
    """One INI file per config dir (``SettingsStore.window_state_path``), so tests inject a temp one."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.settings = QSettings(str(self.path), QSettings.Format.IniFormat)

    def restore(self, window: QWidget, splitter: QSplitter) -> None:
        geometry = self.settings.value("geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            window.restoreGeometry(geometry)
        sizes = self.settings.value("splitter")
        if isinstance(sizes, QByteArray) and not sizes.isEmpty():
            splitter.restoreState(sizes)

    def save(self, window: QWidget, splitter: QSplitter, *, preview_open: bool, last_conversation: str) -> None:
        self.settings.setValue("geometry", window.saveGeometry())
        if preview_open:
            self.settings.setValue("preview_width", splitter.sizes()[-1])
        self.settings.setValue("splitter", splitter.saveState())
        self.settings.setValue("last_conversation", last_conversation)
        self.settings.sync()

    @property
    def last_conversation(self) -> str | None:
        value = self.settings.value("last_conversation", "", type=str)
        return value if isinstance(value, str) and value else None

    @last_conversation.setter
    def last_conversation(self, conversation_id: str | None) -> None:
        self.settings.setValue("last_conversation", conversation_id or "")

    @property
    def preview_width(self) -> int:
        value = self.settings.value("preview_width", 0, type=int)
        return value if isinstance(value, int) else 0
