"""Records in the store's columns: one codec (skills.codec), and what a damaged or older row reads as."""
from __future__ import annotations

import logging
from typing import TypeVar

from skills.codec import CodecError, loads

log = logging.getLogger(__name__)

T = TypeVar("T")


def kept(kind: type[T], raw: str | None, empty: T) -> T:
    """The record a column holds; ``empty`` for a NULL or damaged cell (logged), so one bad row never hides
    the rest of a conversation."""
    if not raw:
        return empty
    try:
        return loads(kind, raw)
    except CodecError as exc:
        log.warning("a stored %s could not be read: %s", getattr(kind, "__name__", kind), exc)
        return empty
