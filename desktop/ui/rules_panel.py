"""The approval rules a user made ("allow similar writes in this conversation"), listed with a Revoke
button each: shown as a tab of the Settings dialog. Reads and revokes through two callables, so it never
sees the store or the runtime."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from desktop.i18n import tr
from desktop.ui.rule_words import rule_words


class RulesPanel(QWidget):
    """``load()`` returns the active rules as (rule id, conversation title, skill name, kind, command, and the
    headline of the card it was made on, "" when unknown)."""

    def __init__(self, load: Callable[[], Sequence[tuple[str, str, str, str, str, str]]],
                 revoke: Callable[[str], Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesPanel")
        self._load, self._revoke = load, revoke
        self.note = QLabel(tr("rules.note"), self)
        self.note.setWordWrap(True)
        self.list = QListWidget(self)
        self.empty = QLabel(tr("rules.empty"), self)
        self.revoke_button = QPushButton(tr("rules.revoke"), self)
        self.revoke_button.clicked.connect(self.on_revoke)
        self.list.setAccessibleName(tr("settings.tab.rules"))
        self.list.setAccessibleDescription(tr("rules.note"))
        self.revoke_button.setAccessibleName(tr("rules.revoke"))
        self.revoke_button.setAccessibleDescription(tr("a11y.rules.revoke"))
        self.list.currentRowChanged.connect(lambda _row: self._enable())
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.revoke_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty)
        layout.addLayout(row)
        self.refresh()

    def refresh(self) -> None:
        self.list.clear()
        for rule_id, conversation, skill, kind, command, card in self._load():
            words = rule_words(command, kind)
            item = QListWidgetItem(tr("rules.item_from", conversation=conversation, skill=skill, kind=words, card=card)
                                   if card else tr("rules.item", conversation=conversation, skill=skill, kind=words))
            item.setToolTip(tr("rules.details", command=command, rule=rule_id))  # internal names: details only
            item.setData(256, rule_id)  # Qt.UserRole
            self.list.addItem(item)
        self.empty.setVisible(self.list.count() == 0)
        if self.list.count():
            self.list.setCurrentRow(0)
        self._enable()

    def _enable(self) -> None:
        self.revoke_button.setEnabled(self.list.currentItem() is not None)

    def on_revoke(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        self._revoke(str(item.data(256)))
        self.refresh()
