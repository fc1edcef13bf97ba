"""The conversation sidebar: new, search, conversations grouped by date, a per-row menu (rename,
delete, show folder), rename in place, delete with confirmation."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics, QKeyEvent, QKeySequence, QMouseEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.i18n import tr
from uchat import icon, own_viewport, set_icon, show_icon

if TYPE_CHECKING:
    import datetime as dt

_ID = Qt.ItemDataRole.UserRole
_SNIPPET = Qt.ItemDataRole.UserRole + 1  # where a search matched, drawn as a second, quieter line
GROUPS = ("sidebar.today", "sidebar.yesterday", "sidebar.week", "sidebar.older")


def date_group(updated: float, today: dt.date | None = None) -> str:
    """Which heading a conversation last changed at ``updated`` (epoch seconds) sits under."""
    import datetime as dt  # the list fills after the first frame: datetime need not load before it

    today = today or dt.date.today()
    day = dt.datetime.fromtimestamp(updated).date()
    age = (today - day).days
    if age <= 0:
        return GROUPS[0]
    if age == 1:
        return GROUPS[1]
    if age < 8:
        return GROUPS[2]
    return GROUPS[3]


def _ask_delete(parent: QWidget, title: str) -> bool:
    from PySide6.QtWidgets import QMessageBox  # dialogs load on first use, not before the first frame

    answer = QMessageBox.question(
        parent, tr("conv.delete.title"), tr("conv.delete.text", title=title),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


class _RowDelegate(QStyledItemDelegate):
    """A conversation row: its title, and under it where a search matched. The rename box is as tall as it
    needs to be (the row's own height clipped the text's descenders)."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        size = super().sizeHint(option, index)
        if index.data(_SNIPPET):
            size.setHeight(size.height() + option.fontMetrics.height())
        return size

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        snippet = index.data(_SNIPPET)
        if not snippet:
            super().paint(painter, option, index)
            return
        line = option.fontMetrics.height()
        top = QStyleOptionViewItem(option)
        top.rect = option.rect.adjusted(0, 0, 0, -line)
        # The selection/hover background covers the whole row, the title sits in its upper part.
        style = option.widget.style() if option.widget is not None else QApplication.style()
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, option.widget)
        super().paint(painter, top, index)
        painter.save()
        font = QFont(option.font)
        font.setPointSizeF(font.pointSizeF() * 0.9)
        painter.setFont(font)
        # Muted on any row: a selected row is tinted, not inverted, so the quiet colour still reads.
        painter.setPen(option.palette.color(QPalette.ColorRole.PlaceholderText))
        rect = option.rect.adjusted(11, option.rect.height() - line - 4, -8, 0)  # under the title's first letter
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                         QFontMetrics(font).elidedText(str(snippet), Qt.TextElideMode.ElideRight, rect.width()))
        painter.restore()

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem,
                             index: QModelIndex | QPersistentModelIndex) -> None:
        super().updateEditorGeometry(editor, option, index)
        rect = editor.geometry()
        wanted = max(rect.height(), editor.sizeHint().height())
        rect.setTop(option.rect.center().y() - wanted // 2)
        rect.setHeight(wanted)
        editor.setGeometry(rect)


class ConversationSidebar(QWidget):
    """Lists conversations; emits what the user asked for, never touches the store itself."""

    sig_new = Signal()
    sig_selected = Signal(str)
    sig_rename = Signal(str, str)
    sig_delete = Signal(str)
    sig_search = Signal(str)
    sig_show_folder = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidebar")
        # Injectable for tests: (parent, title) -> bool.
        self.confirm_delete: Callable[[QWidget, str], bool] = _ask_delete
        self._filling = False
        self._listed = False  # "No conversations yet" only once the store has answered, not while it loads

        self.search = QLineEdit(self)
        self.search.setClearButtonEnabled(True)
        self.new_button = QPushButton(self)
        self.new_button.setObjectName("primary")
        self.list = QListWidget(self)
        own_viewport(self.list)
        self.list.setMouseTracking(True)
        self.row_menu_button = QToolButton(self.list.viewport())
        self.row_menu_button.setObjectName("rowMenuButton")
        self.row_menu_button.setAutoRaise(True)
        self.row_menu_button.setFixedSize(QSize(26, 22))
        self.row_menu_button.hide()
        self.row_menu_button.clicked.connect(self._on_row_menu_button)
        self._menu_item: QListWidgetItem | None = None
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setUniformItemSizes(True)
        self.list.setItemDelegate(_RowDelegate(self.list))
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
        self.list.viewport().installEventFilter(self)
        self._rows: list[tuple[str, str, float | None]] = []
        self._snippets: dict[str, str] = {}
        self._current: str | None = None
        self.retranslate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.list.viewport():
            if event.type() == QEvent.Type.MouseMove and isinstance(event, QMouseEvent):
                self._hover(self.list.itemAt(event.position().toPoint()))
            elif event.type() == QEvent.Type.Leave:
                self.row_menu_button.hide()
            return False
        if (watched is self.list and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.matches(QKeySequence.StandardKey.Delete)
                and self.list.state() != QAbstractItemView.State.EditingState):
            self.delete_current()
            return True
        return super().eventFilter(watched, event)

    def retranslate(self) -> None:
        self.search.setPlaceholderText(tr("sidebar.search"))
        self.search.setAccessibleName(tr("sidebar.search"))
        self.search.setAccessibleDescription(tr("a11y.search"))
        # The clear button is Qt's own (an action shown as a tool button inside the field): name both.
        for clear in self.search.findChildren(QAction, "_q_qlineeditclearaction"):
            clear.setText(tr("a11y.search.clear"))
            clear.setToolTip(tr("a11y.search.clear"))
        for clear_button in self.search.findChildren(QToolButton):
            clear_button.setAccessibleName(tr("a11y.search.clear"))
            clear_button.setAccessibleDescription(tr("a11y.search.clear.desc"))
        self.new_button.setText(tr("sidebar.new"))
        self.new_button.setToolTip(tr("sidebar.new.tip"))
        self.new_button.setAccessibleName(tr("sidebar.new"))
        self.new_button.setAccessibleDescription(tr("sidebar.new.tip"))
        self.list.setAccessibleName(tr("a11y.conversations"))
        self.list.setAccessibleDescription(tr("a11y.conversations.desc"))
        self.row_menu_button.setToolTip(tr("sidebar.row_menu"))
        self.row_menu_button.setAccessibleName(tr("sidebar.row_menu"))
        self.row_menu_button.setAccessibleDescription(tr("a11y.row_menu.desc"))
        pal = self.palette()
        self.new_button.setIcon(icon("plus", pal.color(QPalette.ColorRole.HighlightedText), 16))
        set_icon(self.row_menu_button, "more", pal.color(QPalette.ColorRole.Text), 16)
        if self._rows:
            self.set_conversations([(*r, self._snippets.get(r[0], "")) for r in self._rows],  # type: ignore[misc]
                                   self.current_id())
        self._update_empty()

    # -- content ------------------------------------------------------------------------
    def set_conversations(self, rows: Sequence[tuple[str, str] | tuple[str, str, float] | tuple[str, str, float, str]],
                          current: str | None = None) -> None:
        """Replace the list with ``(id, title)``, ``(id, title, updated)`` or ``(id, title, updated, snippet)``
        rows (newest first), keeping ``current`` selected if present. Rows with a time sit under date
        headings; a snippet (where a search matched) shows under the title."""
        self._rows = [(r[0], r[1], r[2] if len(r) > 2 else None) for r in rows]
        snippets = {r[0]: str(r[3]) for r in rows if len(r) > 3 and r[3]}
        self._snippets = snippets
        self.list.setUniformItemSizes(not snippets)
        self._listed = True
        self._filling = True
        self.row_menu_button.hide()
        try:
            self.list.clear()
            import datetime as dt

            today = dt.date.today()
            group = ""
            untitled = tr("conv.untitled")
            editable = QListWidgetItem().flags() | Qt.ItemFlag.ItemIsEditable  # the same for every row
            for conv_id, title, updated in self._rows:
                row_group = date_group(updated, today) if updated is not None else group
                if row_group != group:
                    group = row_group
                    self.list.addItem(self._header(tr(group)))
                item = QListWidgetItem(title or untitled)
                item.setData(_ID, conv_id)
                item.setToolTip(title)
                if conv_id in snippets:
                    item.setData(_SNIPPET, snippets[conv_id])
                item.setFlags(editable)
                self.list.addItem(item)
                if conv_id == current:
                    self.list.setCurrentItem(item)
        finally:
            self._filling = False
        self._update_empty()

    def _header(self, text: str) -> QListWidgetItem:
        header = QListWidgetItem(text)
        header.setFlags(Qt.ItemFlag.NoItemFlags)  # not selectable, not editable: Up/Down skip it
        font = QFont(self.list.font())
        font.setPointSizeF(font.pointSizeF() * 0.85)
        font.setBold(True)
        header.setFont(font)
        header.setForeground(self.palette().color(QPalette.ColorRole.PlaceholderText))
        header.setSizeHint(QSize(0, 30))
        return header

    def headers(self) -> list[str]:
        """The date headings shown, top to bottom."""
        return [self.list.item(i).text() for i in range(self.list.count()) if self.list.item(i).data(_ID) is None]

    def snippet(self, conv_id: str) -> str:
        """Where the current search matched in ``conv_id`` ("" for none)."""
        item = self.item_for(conv_id)
        return str(item.data(_SNIPPET) or "") if item is not None else ""

    def ids(self) -> list[str]:
        return [d for d in (self.list.item(i).data(_ID) for i in range(self.list.count())) if d is not None]

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
        value = item.data(_ID) if item is not None else None
        return value if isinstance(value, str) else None

    def rename_current(self) -> None:
        item = self.list.currentItem()
        if item is not None and item.data(_ID) is not None:
            self.list.editItem(item)

    def show_folder_current(self) -> None:
        conv_id = self.current_id()
        if conv_id is not None:
            self.sig_show_folder.emit(conv_id)

    def delete_current(self) -> None:
        item = self.list.currentItem()
        if item is not None and item.data(_ID) is not None and self.confirm_delete(self, item.text()):
            self.sig_delete.emit(item.data(_ID))

    # -- handlers -----------------------------------------------------------------------
    def _update_empty(self) -> None:
        empty = self._listed and self.list.count() == 0
        self.empty_label.setVisible(empty)
        self.empty_label.setText(tr("sidebar.no_match") if self.search.text().strip() else tr("sidebar.empty"))

    def _on_current_changed(self, current: QListWidgetItem | None, _previous: object) -> None:
        if current is not None and not self._filling and current.data(_ID) is not None:
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

    def row_menu(self, item: QListWidgetItem) -> QMenu:
        """The per-row menu: rename, show folder, delete."""
        self.list.setCurrentItem(item)
        menu = QMenu(self)
        color = self.palette().color(QPalette.ColorRole.Text)
        menu.addAction(icon("rename", color, 16), tr("sidebar.rename"), self.rename_current)
        menu.addAction(icon("folder", color, 16), tr("sidebar.show_folder"), self.show_folder_current)
        menu.addSeparator()
        menu.addAction(icon("trash", color, 16), tr("sidebar.delete"), self.delete_current)
        return menu

    def _on_context_menu(self, pos: QPoint) -> None:
        item = self.list.itemAt(pos)
        if item is None or item.data(_ID) is None:
            return
        self.row_menu(item).exec(self.list.viewport().mapToGlobal(pos))

    def _hover(self, item: QListWidgetItem | None) -> None:
        if item is None or item.data(_ID) is None:
            self.row_menu_button.hide()
            return
        self._menu_item = item
        rect = self.list.visualItemRect(item)
        b = self.row_menu_button
        b.move(rect.right() - b.width() - 4, rect.center().y() - b.height() // 2)
        b.show()
        show_icon(b)
        b.raise_()

    def _on_row_menu_button(self) -> None:
        item = self._menu_item
        if item is None or self.list.row(item) < 0:
            return
        b = self.row_menu_button
        self.row_menu(item).exec(b.mapToGlobal(QPoint(0, b.height())))
