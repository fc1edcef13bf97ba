"""The slim bar above the chat: the button that collapses the conversation list, and the title."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolButton, QWidget

from desktop.i18n import tr, without_mnemonic
from desktop.ui.tokens import SPACE, TYPE
from uchat import icon


class ElidedLabel(QLabel):
    """One line that ends in "…" when there is no room for all of it, with the whole text as its tool tip;
    ``text()`` stays the whole text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(40)

    def shown_text(self) -> str:
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def is_elided(self) -> bool:
        return self.shown_text() != self.text()

    def setText(self, text: str) -> None:
        super().setText(text)
        self._tip()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._tip()

    def _tip(self) -> None:
        self.setToolTip(self.text() if self.is_elided() else "")

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.setFont(self.font())
        painter.drawText(self.contentsRect(), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         self.shown_text())


class ChatHeader(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatHeader")
        row = QHBoxLayout(self)
        row.setContentsMargins(SPACE["sm"], SPACE["xs"], SPACE["sm"], SPACE["xs"])
        self.sidebar_button = QToolButton(self)
        self.sidebar_button.setAutoRaise(True)
        self.sidebar_button.setCheckable(True)
        self.sidebar_button.setChecked(True)
        self.title_label = ElidedLabel(self)
        self.title_label.setObjectName("chatTitle")
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title_label.font()
        font.setPointSizeF(font.pointSizeF() * TYPE["title"])
        font.setBold(True)
        self.title_label.setFont(font)
        row.addWidget(self.sidebar_button)
        row.addWidget(self.title_label, 1)

    def retranslate(self) -> None:
        b = self.sidebar_button
        b.setToolTip(tr("sidebar.toggle"))
        b.setAccessibleName(without_mnemonic(tr("menu.toggle_sidebar")))
        b.setAccessibleDescription(tr("sidebar.toggle"))
        b.setIcon(icon("sidebar", self.palette().color(QPalette.ColorRole.Text), 18))
        self.title_label.setAccessibleName(tr("a11y.title"))
