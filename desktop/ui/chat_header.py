"""The slim bar above the chat: the button that collapses the conversation list, and the title."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from desktop.i18n import tr, without_mnemonic
from desktop.ui.tokens import SPACE, TYPE
from uchat import icon


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
        self.title_label = QLabel(self)
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
