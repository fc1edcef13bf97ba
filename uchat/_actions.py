"""Per-message actions: the hover bar (copy, retry, edit-and-resend), a message's links, and the
text range a user selects inside one message.

The host decides which actions a message offers (``ChatView.actions_for``); copy is the shell's own.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QPalette, QTextCursor, QTextDocument
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QWidget

from uchat._i18n import tr
from uchat._icons import set_icon, show_icon

# action id → icon name; the words are in _words() so each passes through tr() as a literal
ACTIONS: dict[str, str] = {"copy": "copy", "continue": "continue", "retry": "retry", "edit": "edit",
                           "settings": "settings"}


def _words(action: str) -> tuple[str, str]:
    """(label, description) of an action in the current language."""
    if action == "copy":
        return tr("Copy text"), tr("Copy the message as it is shown")
    if action == "retry":
        return tr("Retry"), tr("Send this request again")
    if action == "continue":
        return tr("Continue"), tr("Let the model go on from where its answer was cut off")
    if action == "settings":
        return tr("Open Settings"), tr("Change the model or its server")
    return tr("Edit and resend"), tr("Put this request in the message box to change and send it again")


def document_links(doc: QTextDocument) -> list[str]:
    """Every link target in a laid-out message, in reading order, without repeats."""
    found: list[str] = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            href = fmt.anchorHref() if fmt.isAnchor() else ""
            if href and href not in found:
                found.append(href)
            it += 1
        block = block.next()
    return found


@dataclass
class TextRange:
    """A selection inside one message: document positions ``anchor`` and ``position``."""

    message_id: str
    anchor: int
    position: int

    def bounds(self) -> tuple[int, int]:
        return min(self.anchor, self.position), max(self.anchor, self.position)

    def text(self, doc: QTextDocument) -> str:
        start, end = self.bounds()
        cursor = QTextCursor(doc)
        cursor.setPosition(start)
        cursor.setPosition(min(end, doc.characterCount() - 1), QTextCursor.MoveMode.KeepAnchor)
        return cursor.selection().toPlainText()


class ActionBar(QWidget):
    """Small icon buttons under the message the pointer (or the keyboard) is on."""

    sig_triggered = Signal(str, str)  # action id, message id

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("uchatActions")
        self.message_id = ""
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.setSpacing(2)
        self.buttons: dict[str, QToolButton] = {}
        for action in ACTIONS:
            b = QToolButton(self)
            b.setAutoRaise(True)
            b.setIconSize(QSize(16, 16))
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keyboard users reach the same actions through the menu key
            b.clicked.connect(lambda _=False, a=action: self.sig_triggered.emit(a, self.message_id))
            self._row.addWidget(b)
            self.buttons[action] = b
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        color = self.palette().color(QPalette.ColorRole.PlaceholderText)
        for action, b in self.buttons.items():
            label, description = _words(action)
            set_icon(b, ACTIONS[action], color, 16)
            b.setToolTip(label)
            b.setAccessibleName(label)
            b.setAccessibleDescription(description)

    def show_for(self, message_id: str, actions: Sequence[str], rect: QRect, align_right: bool) -> None:
        """Show ``actions`` for ``message_id`` inside ``rect`` (viewport coordinates)."""
        self.message_id = message_id
        for action, b in self.buttons.items():
            b.setVisible(action in actions)
        self.adjustSize()
        x = rect.right() + 1 - self.width() if align_right else rect.x()
        self.move(x, rect.y() + (rect.height() - self.height()) // 2)
        self.show()
        for b in self.buttons.values():
            show_icon(b)
        self.raise_()


ActionsFor = Callable[[object], Sequence[str]]
