"""Help → Keyboard shortcuts: every key the window answers to, in a readable, selectable table."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout,
    QWidget,
)

from desktop.i18n import tr


class ShortcutsDialog(QDialog):
    def __init__(self, rows: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("menu.shortcuts").replace("&", ""))
        self.setAccessibleName(tr("menu.shortcuts").replace("&", ""))
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setHorizontalHeaderLabels([tr("keys.keys"), tr("keys.action")])
        self.table.setAccessibleName(tr("menu.shortcuts").replace("&", ""))
        self.table.setAccessibleDescription(tr("keys.table"))
        for r, (keys, what) in enumerate(rows):
            for c, text in enumerate((keys, what)):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                self.table.setItem(r, c, item)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 460)
