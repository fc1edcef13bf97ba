"""Composer: the message input with send/stop, attachments and input history."""
from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import (
    QDragEnterEvent, QDropEvent, QFocusEvent, QImage, QInputMethodEvent, QKeyEvent, QPalette, QPixmap, QTextCursor,
)
from PySide6.QtWidgets import (
    QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QSizePolicy, QToolButton,
    QVBoxLayout, QWidget,
)

from uchat._chips import file_badge
from uchat._i18n import tr
from uchat._icons import icon

if TYPE_CHECKING:
    from PySide6.QtCore import QMimeData


def _local_files(mime: QMimeData) -> list[str]:
    if not mime.hasUrls():
        return []
    return [u.toLocalFile() for u in mime.urls() if u.isLocalFile() and u.toLocalFile()]


class _Input(QPlainTextEdit):
    """The text box: Enter sends, Shift+Enter breaks, Up/Down walk the history."""

    def __init__(self, composer: Composer) -> None:
        super().__init__(composer)
        self._composer = composer
        self._preedit = False
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.document().contentsChanged.connect(self._fit)

    def _fit(self) -> None:
        # Grow with the text from one to eight lines, then scroll.
        lines = max(1, min(8, int(self.document().size().height())))
        h = lines * self.fontMetrics().lineSpacing() + 2 * int(self.document().documentMargin()) + 8
        self.setFixedHeight(max(h, 34))

    def inputMethodEvent(self, event: QInputMethodEvent) -> None:
        self._preedit = bool(event.preeditString())
        super().inputMethodEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, mods = event.key(), event.modifiers()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not self._preedit:
            if mods & Qt.KeyboardModifier.ShiftModifier:
                self.insertPlainText("\n")
            elif mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
                super().keyPressEvent(event)
            else:
                self._composer.submit()
            event.accept()
            return
        cursor = self.textCursor()
        if key == Qt.Key.Key_Up and not mods and self._on_first_line(cursor):
            if self._composer.history_step(-1):
                event.accept()
                return
        if key == Qt.Key.Key_Down and not mods and self._on_last_line(cursor):
            if self._composer.history_step(+1):
                event.accept()
                return
        super().keyPressEvent(event)

    def _on_first_line(self, cursor: QTextCursor) -> bool:
        probe = QTextCursor(cursor)
        return not probe.movePosition(QTextCursor.MoveOperation.Up)

    def _on_last_line(self, cursor: QTextCursor) -> bool:
        probe = QTextCursor(cursor)
        return not probe.movePosition(QTextCursor.MoveOperation.Down)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return bool(_local_files(source)) or source.hasImage() or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        files = _local_files(source)
        if files:
            self._composer.add_attachments(files)
        elif source.hasImage():
            self._composer.paste_image(source.imageData())
        else:
            super().insertFromMimeData(source)


class _Chip(QFrame):
    """A pending attachment: file-type icon, name, remove button."""

    def __init__(self, path: str, on_remove: object, parent: QWidget) -> None:
        super().__init__(parent)
        self.path = path
        name = os.path.basename(path) or path
        self.setObjectName("uchatChip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 2, 2)
        row.setSpacing(4)
        text = self.palette().color(QPalette.ColorRole.Text)
        self.icon_label = QLabel(self)
        self.icon_label.setPixmap(file_badge(name, 18))
        row.addWidget(self.icon_label)
        label = QLabel(name, self)
        label.setToolTip(path)
        row.addWidget(label)
        self.remove_button = QToolButton(self)
        self.remove_button.setIcon(icon("close", text, 14))
        self.remove_button.setAutoRaise(True)
        self.remove_button.setToolTip(tr("Remove attachment"))
        self.remove_button.setAccessibleName(tr("Remove attachment") + ": " + name)
        self.remove_button.clicked.connect(on_remove)
        row.addWidget(self.remove_button)
        self.setAccessibleName(tr("Attachment") + ": " + name)


class Composer(QWidget):
    """Multi-line input. Emits ``sig_send(text, attachments)`` and ``sig_stop()``.

    ``sig_image_pasted(bytes)`` carries a pasted image as PNG data (encoded off the UI
    thread, delivered on it): the host saves it and calls :meth:`add_attachments` with
    the saved path.
    """

    sig_send = Signal(str, list)
    sig_stop = Signal()
    sig_attachments_changed = Signal(list)
    sig_image_pasted = Signal(bytes)
    _sig_encoded = Signal(bytes)  # emitted by the encoding thread; queued onto the UI thread

    def __init__(self, parent: QWidget | None = None, *, history_size: int = 100) -> None:
        super().__init__(parent)
        self._attachments: list[str] = []
        self._history: list[str] = []
        self._history_size = history_size
        self._history_pos = 0  # == len(history) means "the draft"
        self._draft = ""
        self._busy = False
        self._sig_encoded.connect(self.sig_image_pasted)
        self.setAcceptDrops(True)
        self.setObjectName("composer")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 6, 12, 10)
        self.box = QFrame(self)
        self.box.setObjectName("composerBox")
        outer.addWidget(self.box)
        inner = QVBoxLayout(self.box)
        inner.setContentsMargins(8, 6, 8, 6)
        inner.setSpacing(4)
        self.chips = QWidget(self.box)
        self._chips_row = QHBoxLayout(self.chips)
        self._chips_row.setContentsMargins(0, 0, 0, 0)
        self._chips_row.addStretch(1)
        self.chips.hide()
        inner.addWidget(self.chips)
        row = QHBoxLayout()
        row.setSpacing(6)
        self.attach_button = QToolButton(self.box)
        self.attach_button.setObjectName("attachButton")
        self.attach_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.attach_button.clicked.connect(self.choose_files)
        self.input = _Input(self)
        self.input.setParent(self.box)
        self.input.setObjectName("composerInput")
        self.send_button = QToolButton(self.box)
        self.send_button.setObjectName("sendButton")
        self.send_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.send_button.setFixedSize(34, 34)
        self.send_button.setIconSize(QSize(18, 18))
        self.send_button.clicked.connect(self._on_button)
        row.addWidget(self.attach_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.input, 1)
        row.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignBottom)
        inner.addLayout(row)
        self.retranslate()
        self.input._fit()

    # -- public API ------------------------------------------------------------
    def text(self) -> str:
        return self.input.toPlainText()

    def set_text(self, text: str) -> None:
        self.input.setPlainText(text)
        self.input.moveCursor(QTextCursor.MoveOperation.End)

    def attachments(self) -> list[str]:
        return list(self._attachments)

    def is_busy(self) -> bool:
        return self._busy

    def set_busy(self, busy: bool) -> None:
        """While busy the button shows Stop (emits ``sig_stop``) and Enter does not send."""
        self._busy = busy
        self.retranslate()

    def set_enabled_input(self, enabled: bool) -> None:
        """Enable or disable typing and attaching (the Stop button stays usable)."""
        self.input.setReadOnly(not enabled)
        self.input.setEnabled(enabled)
        self.attach_button.setEnabled(enabled)
        self.setAcceptDrops(enabled)

    def add_attachments(self, paths: list[str]) -> None:
        """Add files to the pending attachments (duplicates and folders are skipped)."""
        added = False
        for p in paths:
            p = os.path.abspath(p)
            if p in self._attachments or not os.path.isfile(p):
                continue
            self._attachments.append(p)
            added = True
        if added:
            self._rebuild_chips()
            self.sig_attachments_changed.emit(self.attachments())

    def remove_attachment(self, path: str) -> None:
        if path in self._attachments:
            self._attachments.remove(path)
            self._rebuild_chips()
            self.sig_attachments_changed.emit(self.attachments())

    def clear_attachments(self) -> None:
        if self._attachments:
            self._attachments.clear()
            self._rebuild_chips()
            self.sig_attachments_changed.emit([])

    def choose_files(self) -> None:
        """Open a file dialog and attach what the user picks."""
        from PySide6.QtWidgets import QFileDialog  # dialogs load on first use, not before the first frame

        paths, _ = QFileDialog.getOpenFileNames(self, tr("Attach files"))
        if paths:
            self.add_attachments(list(paths))

    def paste_image(self, data: object) -> None:
        """Emit a pasted image as PNG bytes for the host to save (``sig_image_pasted``, a moment later)."""
        # The clipboard's image data is a QImage, or a QPixmap from some platforms' clipboards.
        image = data if isinstance(data, QImage) else data.toImage() if isinstance(data, QPixmap) else QImage()
        if image.isNull():
            return
        # Encoding a full-screen screenshot takes a few hundred ms: never on the UI thread.
        threading.Thread(target=self._encode_png, args=(image,), name="uchat-paste", daemon=True).start()

    def _encode_png(self, image: QImage) -> None:
        from PySide6.QtCore import QBuffer, QByteArray, QIODevice
        from PySide6.QtGui import QImageWriter

        buf = QByteArray()
        dev = QBuffer(buf)
        dev.open(QIODevice.OpenModeFlag.WriteOnly)
        QImageWriter(dev, QByteArray(b"PNG")).write(image)  # QImage.save's stub and binding disagree on format
        dev.close()
        try:
            self._sig_encoded.emit(bytes(buf.data()))
        except RuntimeError:  # the composer was closed meanwhile: nobody is waiting for the image
            pass

    def submit(self) -> bool:
        """Send the text and attachments (what Enter does); False when nothing was sent."""
        if self._busy or self.input.isReadOnly():
            return False
        text = self.text()
        if not text.strip() and not self._attachments:
            return False
        attachments = self.attachments()
        if text.strip() and (not self._history or self._history[-1] != text):
            self._history.append(text)
            del self._history[: -self._history_size]
        self._history_pos = len(self._history)
        self._draft = ""
        self.input.clear()
        self._attachments.clear()
        self._rebuild_chips()
        self.sig_send.emit(text.strip("\n"), attachments)
        if attachments:
            self.sig_attachments_changed.emit([])
        return True

    def history_step(self, step: int) -> bool:
        """Move through earlier sends (-1 older, +1 newer); False at either end."""
        pos = self._history_pos + step
        if not self._history or pos < 0 or pos > len(self._history):
            return False
        if self._history_pos == len(self._history):
            self._draft = self.text()
        self._history_pos = pos
        self.set_text(self._history[pos] if pos < len(self._history) else self._draft)
        return True

    def retranslate(self) -> None:
        # The placeholder stays one short line; how Enter works is told to tooltips and screen readers.
        self.input.setPlaceholderText(tr("Message…"))
        self.input.setToolTip(tr("Enter to send, Shift+Enter for a new line"))
        self.input.setAccessibleName(tr("Message"))
        self.input.setAccessibleDescription(tr("Enter to send, Shift+Enter for a new line"))
        self.attach_button.setText(tr("Attach…"))
        self.attach_button.setToolTip(tr("Attach files"))
        self.attach_button.setAccessibleName(tr("Attach files"))
        self.attach_button.setAccessibleDescription(tr("Choose files to send with the message"))
        self.send_button.setText(tr("Stop") if self._busy else tr("Send"))
        self.send_button.setToolTip(tr("Stop the running task") if self._busy else tr("Send (Enter)"))
        self.send_button.setAccessibleName(self.send_button.text())
        self.send_button.setAccessibleDescription(self.send_button.toolTip())
        self._update_icons()

    def _update_icons(self) -> None:
        pal = self.palette()
        self.attach_button.setIcon(icon("attach", pal.color(QPalette.ColorRole.Text)))
        self.send_button.setIcon(icon("stop" if self._busy else "send", pal.color(QPalette.ColorRole.HighlightedText)))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._update_icons()

    # -- internals ---------------------------------------------------------------
    def _on_button(self) -> None:
        if self._busy:
            self.sig_stop.emit()
        else:
            self.submit()

    def _rebuild_chips(self) -> None:
        while self._chips_row.count() > 1:
            item = self._chips_row.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        for i, path in enumerate(self._attachments):
            chip = _Chip(path, lambda _=False, p=path: self.remove_attachment(p), self.chips)
            self._chips_row.insertWidget(i, chip)
        self.chips.setVisible(bool(self._attachments))

    def chip_widgets(self) -> list[_Chip]:
        return [w for w in self.chips.findChildren(_Chip) if w.path in self._attachments]

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _local_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: object) -> None:
        event.acceptProposedAction()  # type: ignore[attr-defined]

    def focusInEvent(self, event: QFocusEvent) -> None:
        # Focusing the composer focuses its text. Not a focus proxy: with one, Tab treats the whole
        # composer as the text field and jumps over the attach button before it.
        self.input.setFocus(event.reason())

    def dropEvent(self, event: QDropEvent) -> None:
        files = _local_files(event.mimeData())
        if files:
            self.add_attachments(files)
            event.acceptProposedAction()
        else:
            event.ignore()
