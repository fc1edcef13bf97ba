"""File-type chips: a coloured badge with the file's extension, and the chip a sent attachment keeps
in the conversation (the host shows it through an extension slot)."""
from __future__ import annotations

import os
from functools import lru_cache

from PySide6.QtCore import QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QContextMenuEvent, QFont, QKeyEvent, QMouseEvent, QPainter, QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMenu, QSizePolicy, QWidget

from uchat._i18n import tr

# Colours people know these formats by; anything else is slate.
_KIND_COLORS = {
    "doc": "#2b579a", "docx": "#2b579a", "pdf": "#c4302b", "ppt": "#c43e1c", "pptx": "#c43e1c",
    "xls": "#217346", "xlsx": "#217346", "csv": "#217346", "md": "#5c6bc0", "txt": "#607d8b",
    "png": "#8e24aa", "jpg": "#8e24aa", "jpeg": "#8e24aa", "gif": "#8e24aa",
}


def extension(name: str) -> str:
    return os.path.splitext(name)[1].lstrip(".").lower()


@lru_cache(maxsize=64)
def _badge(ext: str, size: int) -> QPixmap:
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(_KIND_COLORS.get(ext, "#6b7280")))
    p.drawRoundedRect(QRectF(0, 0, size, size), size * 0.22, size * 0.22)
    font = QFont()
    font.setBold(True)
    label = (ext or "file")[:4].upper()
    font.setPixelSize(max(6, int(size * (0.42 if len(label) <= 3 else 0.34))))
    p.setFont(font)
    p.setPen(QColor("white"))
    p.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, label)
    p.end()
    return pix


def file_badge(name: str, size: int = 20) -> QPixmap:
    """A square badge naming the file's type (DOCX, PDF, CSV…) in that type's colour."""
    return _badge(extension(name), size)


class AttachmentChip(QFrame):
    """A file sent with a message, shown under it for as long as the message is there.

    Click (or Enter) opens it in the preview, double-click in the system's own app; its menu (right-click,
    the menu key) offers both and Save as…. What opening means is the host's: it connects the signals."""

    sig_open = Signal(str)
    sig_open_external = Signal(str)
    sig_save = Signal(str)

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.setObjectName("uchatChip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 10, 4)
        row.setSpacing(6)
        badge = QLabel(self)
        badge.setPixmap(file_badge(name, 22))
        row.addWidget(badge)
        self.label = QLabel(name, self)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # the chip takes the clicks
        row.addWidget(self.label)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.setMaximumWidth(max(120, self.sizeHint().width()))
        self.setAccessibleName(tr("Attachment") + ": " + name)
        self.setAccessibleDescription(tr("Click to preview, double-click to open in its app"))
        self.setToolTip(name)

    def menu(self) -> QMenu:
        """Open, Open in system app, Save as…"""
        menu = QMenu(self)
        menu.addAction(tr("Open"), lambda: self.sig_open.emit(self.name))
        menu.addAction(tr("Open in system app"), lambda: self.sig_open_external.emit(self.name))
        menu.addSeparator()
        menu.addAction(tr("Save as…"), lambda: self.sig_save.emit(self.name))
        return menu

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.sig_open.emit(self.name)
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.sig_open_external.emit(self.name)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.menu().exec(event.globalPos())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.sig_open.emit(self.name)
            return
        if event.key() == Qt.Key.Key_Menu:
            self.menu().exec(self.mapToGlobal(QPoint(0, self.height())))
            return
        super().keyPressEvent(event)
