"""ChatModel: a QAbstractListModel adapting a :class:`Conversation`.

Streaming text changes are coalesced: a fast stream of deltas produces at most
one ``dataChanged`` per row every ``throttle_ms`` (default ~30 per second).
"""
from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QAbstractListModel, QByteArray, QModelIndex, QObject, QPersistentModelIndex, Qt, QTimer

from uchat._conversation import Changed, Conversation, Event, Inserted, Removed, Reset
from uchat._i18n import tr
from uchat._types import Message, Role, Status

LoadOlder = Callable[[str | None, int], list[Message]]
_Index = QModelIndex | QPersistentModelIndex


def accessible_text(m: Message) -> str:
    """What a screen reader says for a message: who wrote it, the text, and what is attached."""
    who = {Role.USER: tr("You"), Role.ASSISTANT: tr("Assistant")}.get(m.role, tr("Notice"))
    parts = [f"{who}: {m.text}".rstrip() if m.text.strip() else who]
    if m.reasoning and not m.reasoning_open:  # read as a collapsed section, not read out
        parts.append(tr("Thinking, collapsed section"))
    if m.error:
        parts.append(f"{tr('Error')}: {m.error}")
    parts += [f"{tr('Attachment')}: {r.artifact_id}" for r in m.extensions if r.kind == "attachment"]
    return "\n".join(parts)


def accessible_description(m: Message) -> str:
    """What kind of message it is and what state it is in, for a screen reader."""
    kind = {Role.USER: tr("Your message"), Role.ASSISTANT: tr("Reply from the assistant")}.get(m.role, tr("Notice"))
    parts = [kind]
    if m.status == Status.STREAMING:
        parts.append(tr("still being written"))
    if any(r.kind != "attachment" for r in m.extensions):
        parts.append(tr("with items below it; Tab reaches their buttons"))
    return ", ".join(parts)


class ChatRole(IntEnum):
    """Item data roles of :class:`ChatModel`."""

    MESSAGE = Qt.ItemDataRole.UserRole + 1
    ID = Qt.ItemDataRole.UserRole + 2
    ROLE = Qt.ItemDataRole.UserRole + 3
    TEXT = Qt.ItemDataRole.UserRole + 4
    STATUS = Qt.ItemDataRole.UserRole + 5
    EXTENSIONS = Qt.ItemDataRole.UserRole + 6
    ERROR = Qt.ItemDataRole.UserRole + 7


_FIELD_ROLES: dict[str, tuple[int, ...]] = {
    "text": (ChatRole.TEXT, Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
             Qt.ItemDataRole.AccessibleTextRole),
    "status": (ChatRole.STATUS, Qt.ItemDataRole.AccessibleDescriptionRole),
    "extensions": (ChatRole.EXTENSIONS, Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.AccessibleDescriptionRole),
    "error": (ChatRole.ERROR, Qt.ItemDataRole.AccessibleTextRole),
}


class ChatModel(QAbstractListModel):
    """One row per message; the data lives in the :class:`Conversation`.

    ``load_older(before_id, limit) -> list[Message]`` (oldest first), when given,
    makes ``canFetchMore``/``fetchMore`` load older history at the top. Fewer than
    ``limit`` messages means the start of history was reached. Paging starts over
    whenever the conversation is reset (the host showing another conversation) or
    replaced with :meth:`set_conversation`, so one model can page many conversations.
    """

    def __init__(
        self,
        conversation: Conversation | None = None,
        parent: QObject | None = None,
        *,
        load_older: LoadOlder | None = None,
        page_size: int = 50,
        throttle_ms: int = 33,
    ) -> None:
        super().__init__(parent)
        self._conversation = conversation if conversation is not None else Conversation()
        self._load_older = load_older
        self._page_size = page_size
        self._history_done = load_older is None
        self._fetching = False
        self._pending: set[int] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(throttle_ms)
        self._timer.timeout.connect(self.flush)
        # A snapshot of the message list, changed only between begin*/end* so
        # views see the old rows in rowsAboutToBe* signals as Qt requires.
        self._rows: list[Message] = list(self._conversation)
        self._unsubscribe = self._conversation.subscribe(self._on_event)

    @property
    def conversation(self) -> Conversation:
        return self._conversation

    @property
    def history_done(self) -> bool:
        """True once ``load_older`` said there is nothing older (or there is no loader)."""
        return self._history_done

    def set_conversation(self, conversation: Conversation) -> None:
        """Show another :class:`Conversation`; paging of older history starts over."""
        self._unsubscribe()
        self._timer.stop()
        self._pending.clear()
        self.beginResetModel()
        self._conversation = conversation
        self._rows = list(conversation)
        self._reset_paging()
        self.endResetModel()
        self._unsubscribe = conversation.subscribe(self._on_event)

    def set_load_older(self, load_older: LoadOlder | None) -> None:
        """Replace the history loader; paging starts over."""
        self._load_older = load_older
        self._reset_paging()

    def _reset_paging(self) -> None:
        self._history_done = self._load_older is None

    def message_at(self, row: int) -> Message:
        """The message in ``row`` (fast path for the view)."""
        return self._rows[row]

    def detach(self) -> None:
        """Stop listening to the conversation (before dropping the model)."""
        self._unsubscribe()
        self._timer.stop()

    # -- Qt model API ------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def roleNames(self) -> dict[int, QByteArray]:
        names = dict(super().roleNames())
        names.update({int(r): QByteArray(r.name.lower().encode()) for r in ChatRole})
        return names

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.parent().isValid() or not 0 <= index.row() < len(self._rows):
            return None
        m = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, ChatRole.TEXT, Qt.ItemDataRole.ToolTipRole):
            return m.text
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return accessible_text(m)
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return accessible_description(m)
        if role == ChatRole.MESSAGE:
            return m
        if role == ChatRole.ID:
            return m.id
        if role == ChatRole.ROLE:
            return m.role.value
        if role == ChatRole.STATUS:
            return m.status.value
        if role == ChatRole.EXTENSIONS:
            return list(m.extensions)
        if role == ChatRole.ERROR:
            return m.error
        return None

    def canFetchMore(self, parent: _Index) -> bool:
        return not parent.isValid() and not self._history_done

    def fetchMore(self, parent: _Index) -> None:
        if parent.isValid() or self._history_done or self._load_older is None or self._fetching:
            return
        first = self._rows[0].id if self._rows else None
        conversation = self._conversation
        self._fetching = True  # a loader that spins an event loop must not re-enter
        try:
            older = list(self._load_older(first, self._page_size))
        except Exception:
            # The host's loader failed: stop asking rather than loop on the error.
            self._history_done = True
            raise
        finally:
            self._fetching = False
        if conversation is not self._conversation or (self._rows[0].id if self._rows else None) != first:
            return  # the conversation changed while loading: this page belongs to what was shown before
        if len(older) < self._page_size:
            self._history_done = True
        if older:
            self._conversation.prepend(older)

    # -- conversation events -> Qt signals ---------------------------------
    def flush(self) -> None:
        """Emit the coalesced streaming changes now."""
        self._timer.stop()
        rows, self._pending = sorted(self._pending), set()
        n = len(self._rows)
        for row in rows:
            if row < n:
                idx = self.index(row, 0)
                self.dataChanged.emit(idx, idx, [int(r) for r in (ChatRole.MESSAGE, *_FIELD_ROLES["text"])])

    def _on_event(self, event: Event) -> None:
        if isinstance(event, Changed):
            self._rows[event.index] = self._conversation[event.index]
            if event.fields == {"text"}:
                self._pending.add(event.index)
                if not self._timer.isActive():
                    self._timer.start()
                return
            self._pending.discard(event.index)
            roles = {int(ChatRole.MESSAGE)}
            for name in event.fields:
                roles.update(int(r) for r in _FIELD_ROLES.get(name, ()))
            idx = self.index(event.index, 0)
            self.dataChanged.emit(idx, idx, sorted(roles))
            return
        # Structural change: pending rows would point at the wrong messages.
        self.flush()
        first, count = getattr(event, "index", 0), getattr(event, "count", 0)
        if isinstance(event, Inserted):
            self.beginInsertRows(QModelIndex(), first, first + count - 1)
            self._rows[first:first] = [self._conversation[i] for i in range(first, first + count)]
            self.endInsertRows()
        elif isinstance(event, Removed):
            self.beginRemoveRows(QModelIndex(), first, first + count - 1)
            del self._rows[first:first + count]
            self.endRemoveRows()
        elif isinstance(event, Reset):
            self.beginResetModel()
            self._rows = list(self._conversation)
            # A reset is a new start (usually another conversation): its older history is unknown.
            self._reset_paging()
            self.endResetModel()
