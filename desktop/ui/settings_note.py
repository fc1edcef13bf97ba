"""The settings dialog's explanatory note: muted, wrapped text under a field that is as tall as its lines."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


class Note(QLabel):
    """Explanatory text under a field: wraps, muted, selectable, and exactly as tall as its lines.

    A wrapped QLabel's size hint assumes a narrow guess of a width, and a form inside a tab page takes
    it as is, leaving an empty band under the note; here the hint follows the width it really has.
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 0.92)
        self.setFont(font)
        # Muted through the palette, not disabled: a disabled label is too faint to read and cannot be
        # selected, and these notes hold text worth copying (the MIRA_API_KEY variable name).
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), self.heightForWidth(max(self.width(), hint.width())))

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.updateGeometry()  # a new width means a new height

