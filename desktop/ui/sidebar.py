"""The conversation sidebar: new, search, rename in place, delete with confirmation."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.i18n import tr

_ID = Qt.ItemDataRole.UserRole


def _ask_delete(parent: QWidget, title: str) -> bool:
    answer = QMessageBox.question(
        parent, tr("conv.delete.title"), tr("conv.delete.text", title=title),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


class ConversationSidebar(QWidget):
    """Lists conversations; emits what the user asked for, never touches the store itself."""

    sig_new = Signal()
    sig_selected = Signal(str)
    sig_rename = Signal(str, str)
    sig_delete = Signal(str)
    sig_search = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidebar")
        # Injectable for tests: (parent, title) -> bool.
        self.confirm_delete: Callable[[QWidget, str], bool] = _ask_delete
        self._filling = False

        self.search = QLineEdit(self)
        self.search.setClearButtonEnabled(True)
        self.new_button = QPushButton(self)
        self.list = QListWidget(self)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setUniformItemSizes(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.empty_label = QLabel(self)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setEnabled(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 0, 6)
        layout.addWidget(self.new_button)
        layout.addWidget(self.search)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty_label)

        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(200)  # debounce: one query per pause in typing
        self._search_timer.timeout.connect(lambda: self.sig_search.emit(self.search.text().strip()))
        self.search.textChanged.connect(lambda _t: self._search_timer.start())
        self.new_button.clicked.connect(self.sig_new)
        self.list.currentItemChanged.connect(self._on_current_changed)
        self.list.itemChanged.connect(self._on_item_changed)
        self.list.customContextMenuRequested.connect(self._on_context_menu)

        # Delete key on the list (an event filter: shortcuts need an active window, keys do not).
        self.list.installEventFilter(self)
        self.retranslate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if (watched is self.list and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.matches(QKeySequence.StandardKey.Delete)
                and self.list.state() != QAbstractItemView.State.EditingState):
            self.delete_current()
            return True
        return super().eventFilter(watched, event)

    def retranslate(self) -> None:
        self.search.setPlaceholderText(tr("sidebar.search"))
        self.new_button.setText("+  " + tr("sidebar.new"))
        self.new_button.setToolTip(tr("sidebar.new.tip"))
        self._update_empty()

    # -- content ------------------------------------------------------------------------
    def set_conversations(self, rows: Sequence[tuple[str, str]], current: str | None = None) -> None:
        """Replace the list with ``(id, title)`` rows, keeping ``current`` selected if present."""
        self._filling = True
        try:
            self.list.clear()
            for conv_id, title in rows:
                item = QListWidgetItem(title or tr("conv.untitled"))
                item.setData(_ID, conv_id)
                item.setToolTip(title)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
                self.list.addItem(item)
                if conv_id == current:
                    self.list.setCurrentItem(item)
        finally:
            self._filling = False
        self._update_empty()

    def ids(self) -> list[str]:
        return [self.list.item(i).data(_ID) for i in range(self.list.count())]

    def item_for(self, conv_id: str) -> QListWidgetItem | None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(_ID) == conv_id:
                return item
        return None

    def select(self, conv_id: str | None) -> None:
        """Select ``conv_id`` without emitting ``sig_selected``."""
        self._filling = True
        try:
            item = self.item_for(conv_id) if conv_id else None
            if item is None:
                self.list.setCurrentRow(-1)
            else:
                self.list.setCurrentItem(item)
        finally:
            self._filling = False

    def current_id(self) -> str | None:
        item = self.list.currentItem()
        return item.data(_ID) if item is not None else None

    def rename_current(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.list.editItem(item)

    def delete_current(self) -> None:
        item = self.list.currentItem()
        if item is not None and self.confirm_delete(self, item.text()):
            self.sig_delete.emit(item.data(_ID))

    # -- handlers -----------------------------------------------------------------------
    def _update_empty(self) -> None:
        empty = self.list.count() == 0
        self.empty_label.setVisible(empty)
        self.empty_label.setText(tr("sidebar.no_match") if self.search.text().strip() else tr("sidebar.empty"))

    def _on_current_changed(self, current: QListWidgetItem | None, _previous: object) -> None:
        if current is not None and not self._filling:
            self.sig_selected.emit(current.data(_ID))

    def _on_item_changed(self, item: QListWidgetItem) -> None:
        if self._filling:
            return
        title = item.text().strip()
        if title and title != item.toolTip():
            item.setToolTip(title)
            self.sig_rename.emit(item.data(_ID), title)
        elif not title:  # an empty title is not a rename; put the old one back
            self._filling = True
            item.setText(item.toolTip() or tr("conv.untitled"))
            self._filling = False

    def _on_context_menu(self, pos: QPoint) -> None:
        item = self.list.itemAt(pos)
        if item is None:
            return
        self.list.setCurrentItem(item)
        menu = QMenu(self)
        menu.addAction(tr("sidebar.rename"), self.rename_current)
        menu.addAction(tr("sidebar.delete"), self.delete_current)
        menu.exec(self.list.viewport().mapToGlobal(pos))
