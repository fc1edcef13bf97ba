"""What a screen reader gets from :class:`uchat.ChatView`: a list with one item per message.

Qt gives item children only to its own list, table and tree views; the chat view paints its rows
itself, so without this a screen reader finds an empty pane. Here the view's accessible interface
is a list whose items are made on first request (a 10,000-message history costs nothing until an
assistive tool walks it), named with the message's spoken text, with the message's cards and
action buttons as their children. Events tell the tool when the current message moves, when
messages come and go, and when a reply has finished (read out once, not while it streams).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import shiboken6
from PySide6.QtCore import QModelIndex, QObject, QPoint, QRect, Qt
from PySide6.QtGui import (
    QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent, QAccessibleInterface, QWindow,
)
from PySide6.QtWidgets import QAccessibleWidget, QApplication, QWidget

from uchat._types import Role, Status

from uchat._model import ChatModel

if TYPE_CHECKING:
    from PySide6.QtWidgets import QAbstractItemView, QToolButton

    from uchat._types import Message


class ChatParts(Protocol):
    """What this module reads of :class:`uchat.ChatView` beyond its item view (the view imports this module)."""

    @property
    def jump_button(self) -> QToolButton: ...

    def message_at(self, row: int) -> Message: ...

    def accessible_parts(self, message_id: str) -> list[QWidget]: ...

    def spoken_text(self, row: int) -> str: ...


_BULK = 20  # more rows than this at once (a page of history) is one "reordered" event, not one per row


class MessageItems:
    """The accessible items of one view, made lazily and keyed by message id, so history paged in
    above keeps the items a tool already holds."""

    def __init__(self, view: QAbstractItemView, chat: ChatParts) -> None:
        self.view = view  # the widget a tool is told about
        self.chat = chat  # the same view, read for its messages
        self._items: dict[str, MessageItem] = {}

    def alive(self) -> bool:
        return shiboken6.isValid(self.view)

    def row_of(self, message_id: str) -> int:
        """The message's row in the model (which lags the conversation inside a change)."""
        model = self.view.model()
        if model is None:
            return -1
        rows = model.rowCount()
        if isinstance(model, ChatModel) and message_id in model.conversation:
            row = model.conversation.index_of(message_id)
            if row < rows and self.chat.message_at(row).id == message_id:
                return row
        return next((r for r in range(rows) if self.chat.message_at(r).id == message_id), -1)

    def item(self, row: int) -> MessageItem | None:
        if not self.alive() or not 0 <= row < self.view.model().rowCount():
            return None
        message_id = self.chat.message_at(row).id
        found = self._items.get(message_id)
        if found is None:
            found = self._items[message_id] = MessageItem(self, message_id)
        return found

    def existing(self, message_id: str) -> MessageItem | None:
        return self._items.get(message_id)

    def drop(self, message_ids: list[str] | object = None) -> None:
        """Forget items (all when ``message_ids`` is None); Qt's cache owns them once registered,
        so they are deleted through it, never by dropping the Python reference alone."""
        # (``destroyed`` passes the dying object: that means all of them too)
        ids = [i for i in message_ids if i in self._items] if isinstance(message_ids, list) else list(self._items)
        for message_id in ids:
            item = self._items.pop(message_id)
            if shiboken6.isValid(item):
                QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(item))


class MessageItem(QAccessibleInterface):
    """One message: a list item named with what it says; its cards and action buttons inside."""

    def __init__(self, items: MessageItems, message_id: str) -> None:
        super().__init__()
        self._items = items
        self.message_id = message_id

    def _row(self) -> int:
        return self._items.row_of(self.message_id) if self._items.alive() else -1

    def _index(self) -> QModelIndex:
        row = self._row()
        return self._items.view.model().index(row, 0) if row >= 0 else QModelIndex()

    def parts(self) -> list[QWidget]:
        """The widgets under this message a user can reach: its cards, then the action buttons."""
        if self._row() < 0:
            return []
        return self._items.chat.accessible_parts(self.message_id)

    # -- QAccessibleInterface ----------------------------------------------------------
    def isValid(self) -> bool:
        return self._row() >= 0

    def object(self) -> QObject | None:  # type: ignore[override]  # Qt takes nullptr; the stub says never
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]  # Qt takes nullptr; the stub says never
        return self._items.view.window().windowHandle() if self._items.alive() else None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes nullptr; the stub says never
        return QAccessible.queryAccessibleInterface(self._items.view) if self._items.alive() else None

    def childCount(self) -> int:
        return len(self.parts())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # as object()
        parts = self.parts()
        return QAccessible.queryAccessibleInterface(parts[index]) if 0 <= index < len(parts) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        target = child.object() if child is not None else None
        return next((i for i, w in enumerate(self.parts()) if w is target), -1)

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # as object()
        for w in self.parts():
            if w.isVisible() and QRect(w.mapToGlobal(QPoint(0, 0)), w.size()).contains(x, y):
                return QAccessible.queryAccessibleInterface(w)
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # as object()
        focused = QApplication.focusWidget()
        if focused is None:
            return None
        for w in self.parts():
            if w is focused or w.isAncestorOf(focused):
                return QAccessible.queryAccessibleInterface(focused)
        return None

    def text(self, kind: QAccessible.Text) -> str:
        index = self._index()
        if not index.isValid():
            return ""
        if kind == QAccessible.Text.Name:
            return self._items.chat.spoken_text(index.row())
        if kind == QAccessible.Text.Description:
            return str(index.data(Qt.ItemDataRole.AccessibleDescriptionRole) or "")
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        pass  # messages are read, not renamed

    def rect(self) -> QRect:
        index = self._index()
        if not index.isValid():
            return QRect()
        view = self._items.view
        local = view.visualRect(index)
        return QRect(view.viewport().mapToGlobal(local.topLeft()), local.size())

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.ListItem

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        index = self._index()
        if not index.isValid():
            state.invalid = True
            return state
        view = self._items.view
        state.focusable = state.selectable = True
        state.selectableText = True
        current = view.currentIndex().row() == index.row()
        state.focused = current and view.hasFocus()
        state.active = current
        selection = view.selectionModel()
        state.selected = selection is not None and selection.isRowSelected(index.row(), QModelIndex())
        shown = view.visualRect(index).intersects(view.viewport().rect())
        state.offscreen = not shown
        return state

    def relations(self, match: QAccessible.RelationFlag = QAccessible.RelationFlag.AllRelations) -> list:  # type: ignore[type-arg]
        return []


class ChatViewAccessible(QAccessibleWidget):
    """The conversation as a list: one item per message, the "jump to latest" button last when shown."""

    def __init__(self, items: MessageItems) -> None:
        super().__init__(items.view, QAccessible.Role.List)
        self._view = items.view
        self._items = items

    def _extra(self) -> list[QWidget]:
        jump = self._items.chat.jump_button
        return [jump] if jump.isVisible() else []

    def _rows(self) -> int:
        model = self._view.model()
        return model.rowCount() if model is not None else 0

    def childCount(self) -> int:
        return self._rows() + len(self._extra())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # as object()
        rows = self._rows()
        if 0 <= index < rows:
            return self._items.item(index)
        extra = self._extra()
        if 0 <= index - rows < len(extra):
            return QAccessible.queryAccessibleInterface(extra[index - rows])
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if isinstance(child, MessageItem):
            return self._items.row_of(child.message_id)
        target = child.object() if child is not None else None
        extra = self._extra()
        return self._rows() + extra.index(target) if target in extra else -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # as object()
        for w in self._extra():
            if QRect(w.mapToGlobal(QPoint(0, 0)), w.size()).contains(x, y):
                return QAccessible.queryAccessibleInterface(w)
        index = self._view.indexAt(self._view.viewport().mapFromGlobal(QPoint(x, y)))
        return self._items.item(index.row()) if index.isValid() else None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # as object()
        current = self._view.currentIndex()
        if self._view.hasFocus() and current.isValid():
            return self._items.item(current.row())
        return super().focusChild()


# -- wiring ---------------------------------------------------------------------------
_view_types: list[type] = []
# Interfaces of the views alive now. Qt's cache deletes them (with their view, or when the application
# ends); PySide's factory drops its reference in a clean-up that may run first at exit, and a Python
# reference dropped to zero would delete the C++ object under the cache (a crash at exit).
_alive: dict[int, ChatViewAccessible] = {}


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    # Qt asks once per class name up the hierarchy; answering on the first keeps Qt's own
    # scroll-area interface from being made and thrown away.
    items = getattr(obj, "accessible_items", None)
    if key == type(obj).__name__ and isinstance(obj, tuple(_view_types)) and isinstance(items, MessageItems):
        iface = ChatViewAccessible(items)
        key_id = id(iface)
        _alive[key_id] = iface
        obj.destroyed.connect(lambda *_: _alive.pop(key_id, None))
        return iface
    return None


def install(view_type: type) -> None:
    """Make ``view_type`` (the chat view class) accessible as a list of messages; once per process."""
    if not _view_types:
        QAccessible.installFactory(_factory)
    if view_type not in _view_types:
        _view_types.append(view_type)


def _send(event: QAccessibleEvent) -> None:
    QAccessible.updateAccessibility(event)


def current_moved(items: MessageItems, row: int) -> None:
    """The keyboard moved to another message: tell the tool which one has the focus now."""
    if QAccessible.isActive() and items.view.hasFocus() and row >= 0:
        event = QAccessibleEvent(items.view, QAccessible.Event.Focus)
        event.setChild(row)
        _send(event)


def rows_inserted(items: MessageItems, start: int, end: int) -> None:
    """New rows: announce each (few) or say the list changed (a page of history)."""
    if not QAccessible.isActive():
        return
    if end - start + 1 > _BULK:
        _send(QAccessibleEvent(items.view, QAccessible.Event.ObjectReorder))
        return
    for row in range(start, end + 1):
        item = items.item(row)
        if item is not None:
            _send(QAccessibleEvent(item, QAccessible.Event.ObjectCreated))
    # A finished reply or notice added at the end is read out; older history paged in above is not.
    if end == items.view.model().rowCount() - 1:
        for row in range(start, end + 1):
            announce_if_finished(items, row)


def rows_removing(items: MessageItems, start: int, end: int) -> None:
    """Rows about to go: their items are destroyed (and forgotten even when no tool listens)."""
    ids = [items.chat.message_at(r).id for r in range(start, end + 1)]
    if QAccessible.isActive():
        for message_id in ids:
            item = items.existing(message_id)
            if item is not None:
                _send(QAccessibleEvent(item, QAccessible.Event.ObjectDestroyed))
    items.drop(ids)


def reset(items: MessageItems) -> None:
    items.drop()
    if QAccessible.isActive():
        _send(QAccessibleEvent(items.view, QAccessible.Event.ObjectReorder))


def row_changed(items: MessageItems, row: int, status_changed: bool) -> None:
    """A message changed: its name changes for a tool that holds it (not on every streamed word, which
    a reader on that message would repeat thirty times a second); a reply that just finished is read out."""
    if not QAccessible.isActive():
        return
    m = items.chat.message_at(row)
    item = items.existing(m.id)
    if item is not None and (status_changed or m.status != Status.STREAMING):
        _send(QAccessibleEvent(item, QAccessible.Event.NameChanged))
    if status_changed:
        announce_if_finished(items, row)


def announce_if_finished(items: MessageItems, row: int) -> None:
    m = items.chat.message_at(row)
    if m.role == Role.USER or m.status == Status.STREAMING:
        return
    event = QAccessibleAnnouncementEvent(items.view, items.chat.spoken_text(row))
    if m.status == Status.ERROR or m.role == Role.SYSTEM:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    _send(event)
