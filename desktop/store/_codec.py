"""Records in the store's columns: one codec (skills.codec), and what a damaged or older row reads as.

The store's one door to the codec. The codec (and with it the skills runtime's record types) loads with the
first record the store reads from a column or writes to one, not with the store: the window's start lists
conversations and reopens one whose messages are mostly words as written, and a new database's migration
converts no row (tests/ui/test_startup_imports.py)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from skills.messages import Msg

log = logging.getLogger(__name__)

T = TypeVar("T")


def kept(kind: type[T], raw: str | None, empty: T) -> T:
    """The record a column holds; ``empty`` for a NULL or damaged cell (logged), so one bad row never hides
    the rest of a conversation."""
    if not raw:
        return empty
    from skills.codec import CodecError, loads

    try:
        return loads(kind, raw)
    except CodecError as exc:
        log.warning("a stored %s could not be read: %s", getattr(kind, "__name__", kind), exc)
        return empty


def dumps(value: object) -> str:
    """A record as its column holds it (:func:`skills.codec.dumps`)."""
    from skills.codec import dumps as encode

    return encode(value)


def message_in(data: object) -> Msg | None:
    """The message value in JSON read without its type (:func:`skills.codec.message_in`)."""
    from skills.codec import message_in as decode

    return decode(data)
