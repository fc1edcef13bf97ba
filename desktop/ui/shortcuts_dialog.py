"""Help → Keyboard shortcuts: every key the window answers to, in a readable, selectable table."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout,
    QWidget,
)

from desktop.i18n import tr, without_mnemonic


# Keys that are not menu actions: (keys, what they do), as translation keys.
KEY_ROWS = (("keys.enter", "keys.enter.do"), ("keys.shift_enter", "keys.shift_enter.do"), ("keys.up", "keys.up.do"),
            ("keys.tab", "keys.tab.do"), ("keys.msg_enter", "keys.msg_enter.do"), ("keys.copy", "keys.copy.do"),
            ("keys.menu", "keys.menu.do"))


def shortcut_rows(actions: Iterable[QAction]) -> list[tuple[str, str]]:
    """(keys, what they do) for every action with a shortcut, then the keys that are not actions."""
    rows = [(a.shortcut().toString(QKeySequence.SequenceFormat.NativeText), without_mnemonic(a.text()))
            for a in actions if not a.shortcut().isEmpty()]
    return rows + [(tr(k), tr(v)) for k, v in KEY_ROWS]


class ShortcutsDialog(QDialog):
    def __init__(self, rows: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(without_mnemonic(tr("menu.shortcuts")))
        self.setAccessibleName(without_mnemonic(tr("menu.shortcuts")))
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setHorizontalHeaderLabels([tr("keys.keys"), tr("keys.action")])
        self.table.setAccessibleName(without_mnemonic(tr("menu.shortcuts")))
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
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAccessibleDescription(tr("a11y.shortcuts.close"))
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 460)
