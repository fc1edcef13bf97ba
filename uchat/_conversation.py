"""The conversation as a pure Python list with change events (no Qt).

The Qt item model (:mod:`uchat._model`) only adapts it, so the host can build and
test conversations headless.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TypedDict

from uchat._types import ExtensionRef, Message, Role, Status


class _Changes(TypedDict, total=False):
    """The fields :meth:`Conversation.update` may replace in a message."""

    text: str
    status: Status
    extensions: tuple[ExtensionRef, ...]
    error: str
    reasoning: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Inserted:
    """``count`` messages now sit at ``index`` .. ``index + count - 1``."""

    index: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Changed:
    """The message at ``index`` changed; ``fields`` names what changed."""

    index: int
    fields: frozenset[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class Removed:
    """``count`` messages that were at ``index`` .. are gone."""

    index: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Reset:
    """Everything may have changed; re-read the whole list."""


Event = Inserted | Changed | Removed | Reset
Listener = Callable[[Event], None]


class Conversation:
    """An ordered list of :class:`Message` with unique ids and change events."""

    def __init__(self, messages: Iterable[Message] = ()) -> None:
        self._messages: list[Message] = []
        self._rows: dict[str, int] = {}
        self._listeners: list[Listener] = []
        self._load(messages)

    # -- reading ---------------------------------------------------------
    def __len__(self) -> int:
        return len(self._messages)

    def __getitem__(self, index: int) -> Message:
        return self._messages[index]

    def __iter__(self) -> Iterator[Message]:
        return iter(list(self._messages))

    def __contains__(self, message_id: object) -> bool:
        return message_id in self._rows

    def index_of(self, message_id: str) -> int:
        """Row of ``message_id``; raises ``KeyError`` when it is not here."""
        return self._rows[message_id]

    def get(self, message_id: str) -> Message | None:
        """The message with this id, or ``None``."""
        row = self._rows.get(message_id)
        return None if row is None else self._messages[row]

    # -- events ----------------------------------------------------------
    def subscribe(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(event)`` after every change; returns the unsubscriber."""
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def _emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)

    # -- changing --------------------------------------------------------
    def append(self, message: Message) -> None:
        """Add one message at the end."""
        self.insert(len(self._messages), [message])

    def extend(self, messages: Iterable[Message]) -> None:
        """Add several messages at the end in one event."""
        self.insert(len(self._messages), messages)

    def prepend(self, messages: Iterable[Message]) -> None:
        """Add older messages at the top (lazy history loading)."""
        self.insert(0, messages)

    def insert(self, index: int, messages: Iterable[Message]) -> None:
        """Insert ``messages`` before row ``index`` in one event."""
        new = [_checked(m) for m in messages]
        if not new:
            return
        if not 0 <= index <= len(self._messages):
            raise IndexError(f"insert position {index} out of range")
        ids = [m.id for m in new]
        clash = [i for i in ids if i in self._rows] or _duplicates(ids)
        if clash:
            raise ValueError(f"duplicate message id: {clash[0]!r}")
        self._messages[index:index] = new
        if index == len(self._messages) - len(new):
            for offset, m in enumerate(new):
                self._rows[m.id] = index + offset
        else:
            self._reindex()
        self._emit(Inserted(index=index, count=len(new)))

    def update(
        self,
        message_id: str,
        text: str | None = None,
        status: Status | str | None = None,
        extensions: Iterable[ExtensionRef] | None = None,
        error: str | None = None,
        reasoning: str | None = None,
    ) -> None:
        """Replace the given fields of one message; unchanged fields emit nothing."""
        row = self._rows[message_id]
        old = self._messages[row]
        changes: _Changes = {}
        if text is not None and text != old.text:
            changes["text"] = text
        if status is not None and Status(status) != old.status:
            changes["status"] = Status(status)
        if extensions is not None:
            refs = tuple(extensions)
            if refs != old.extensions:
                changes["extensions"] = refs
        if error is not None and error != old.error:
            changes["error"] = error
        if reasoning is not None and reasoning != old.reasoning:
            changes["reasoning"] = reasoning
        if not changes:
            return
        self._messages[row] = replace(old, **changes)
        self._emit(Changed(index=row, fields=frozenset(changes)))

    def append_text(self, message_id: str, delta: str) -> None:
        """Stream ``delta`` onto the end of a message's text."""
        if not delta:
            return
        row = self._rows[message_id]
        old = self._messages[row]
        self._messages[row] = replace(old, text=old.text + delta)
        self._emit(Changed(index=row, fields=frozenset({"text"})))

    def append_reasoning(self, message_id: str, delta: str) -> None:
        """Stream ``delta`` onto the end of a message's reasoning (shown folded above its text)."""
        if not delta:
            return
        row = self._rows[message_id]
        old = self._messages[row]
        self._messages[row] = replace(old, reasoning=old.reasoning + delta)
        self._emit(Changed(index=row, fields=frozenset({"text"})))

    def toggle_reasoning(self, message_id: str) -> None:
        """Fold or unfold a message's reasoning."""
        row = self._rows[message_id]
        old = self._messages[row]
        self._messages[row] = replace(old, reasoning_open=not old.reasoning_open)
        self._emit(Changed(index=row, fields=frozenset({"text"})))

    def remove(self, message_id: str) -> None:
        """Remove one message."""
        row = self._rows[message_id]
        del self._messages[row]
        self._reindex()
        self._emit(Removed(index=row, count=1))

    def clear(self) -> None:
        """Remove every message."""
        self.reset(())

    def reset(self, messages: Iterable[Message]) -> None:
        """Replace the whole list in one event."""
        self._load(messages)
        self._emit(Reset())

    def _load(self, messages: Iterable[Message]) -> None:
        new = [_checked(m) for m in messages]
        ids = [m.id for m in new]
        clash = _duplicates(ids)
        if clash:
            raise ValueError(f"duplicate message id: {clash[0]!r}")
        self._messages = new
        self._reindex()

    def _reindex(self) -> None:
        self._rows = {m.id: row for row, m in enumerate(self._messages)}


def _checked(message: Message) -> Message:
    """Refuse non-messages; turn plain strings and lists into the declared types."""
    if not isinstance(message, Message):
        raise TypeError(f"expected uchat.Message, got {type(message).__name__}")
    role, status = Role(message.role), Status(message.status)
    refs = tuple(message.extensions)
    if role is not message.role or status is not message.status or refs is not message.extensions:
        message = replace(message, role=role, status=status, extensions=refs)
    return message


def _duplicates(ids: list[str]) -> list[str]:
    seen: set[str] = set()
    dup = []
    for i in ids:
        if i in seen:
            dup.append(i)
        seen.add(i)
    return dup
