"""Shared-memory blocks the PDF worker process draws pages into, shown without a copy.

The worker draws a page straight into a block (:func:`skills.runtime.pdf_pages.render`),
and the page's :class:`QImage` wraps that block: no pixel is copied between
MuPDF and the screen. A block is lent to one image at a time and comes back
when the last copy of that image is gone: PySide keeps the buffer object a
QImage was made from until Qt frees the image's data, so a finalizer on that
memoryview says exactly when the pixels are no longer read.

A few small blocks cover the pages on screen (one per open preview plus the
next one in flight); a page larger than a block, or one drawn while every block
is lent, goes through the one large scratch block and is copied out, as before.
"""
from __future__ import annotations

import atexit
import contextlib
import threading
import weakref
from multiprocessing import shared_memory
from typing import Any

from PySide6.QtGui import QImage

__all__ = ["SLOT_BYTES", "Slots", "image_over", "slots"]

SLOT_BYTES = 12 * 1024 * 1024  # a fit-width page up to 4 megapixels (1700 × 2400 px)
_LENT_AT_MOST = 4


class _Block(shared_memory.SharedMemory):
    """A shared block that an image may still read when it is collected at exit: its mapping
    goes with the process then, so the refused close is not an error."""

    def __del__(self) -> None:
        with contextlib.suppress(BufferError, OSError):
            self.close()


class Slots:
    """Blocks lent to images; ``scratch`` (the large one) is never lent, only copied out of."""

    def __init__(self, scratch_bytes: int, slot_bytes: int = SLOT_BYTES, count: int = _LENT_AT_MOST) -> None:
        self.scratch_bytes = scratch_bytes
        self.slot_bytes = slot_bytes
        self.count = count
        self._lock = threading.Lock()
        self._free: list[shared_memory.SharedMemory] = []
        self._all: list[shared_memory.SharedMemory] = []
        self._scratch: shared_memory.SharedMemory | None = None
        self.scratch_lock = threading.Lock()  # one page in the scratch block at a time: draw, then copy out

    def take(self) -> shared_memory.SharedMemory | None:
        """A block no image reads now (created on first need), or None when all are lent."""
        with self._lock:
            if self._free:
                return self._free.pop()
            if len(self._all) >= self.count:
                return None
            block = _Block(create=True, size=self.slot_bytes)
            self._all.append(block)
            return block

    def give_back(self, block: shared_memory.SharedMemory) -> None:
        with self._lock:
            if block in self._all and block not in self._free:
                self._free.append(block)

    def lent(self) -> int:
        """Blocks an image reads now (tests: an image gone gives its block back)."""
        with self._lock:
            return len(self._all) - len(self._free)

    def scratch(self) -> shared_memory.SharedMemory:
        with self._lock:
            if self._scratch is None:
                self._scratch = _Block(create=True, size=self.scratch_bytes)
            return self._scratch

    def lend(self, block: shared_memory.SharedMemory, size: int) -> memoryview:
        """The first ``size`` bytes of ``block``; the block comes back once the view is gone."""
        view = block.buf[:size]
        weakref.finalize(view, self.give_back, block)
        return view

    def release(self) -> None:
        """Unlink every block (at exit); an image still on screen keeps its mapping until then."""
        with self._lock:
            blocks = [*self._all, *([self._scratch] if self._scratch is not None else [])]
            self._all, self._free, self._scratch = [], [], None
        for block in blocks:
            with contextlib.suppress(BufferError, OSError):
                block.close()
            with contextlib.suppress(FileNotFoundError, OSError):
                block.unlink()


def image_over(buffer: memoryview | bytes, width: int, height: int, stride: int, keep: Any = None) -> QImage:
    """An RGB888 QImage reading ``buffer`` in place; ``buffer`` (and ``keep``, e.g. the MuPDF
    pixmap that owns a memoryview's memory) stays alive until Qt frees the image's last copy.

    ``buffer`` is used as it is: a new view of it would not keep it (nor its finalizer) alive.
    """
    if keep is not None:
        assert isinstance(buffer, memoryview)
        weakref.finalize(buffer, _hold, keep)
    return QImage(buffer, width, height, stride, QImage.Format.Format_RGB888)


def _hold(_owner: Any) -> None:
    """Nothing to do: the finalizer's reference kept ``_owner`` alive until now."""


_slots: Slots | None = None
_slots_lock = threading.Lock()


def slots(scratch_bytes: int) -> Slots:
    """The blocks shared by every PDF preview in this process."""
    global _slots
    with _slots_lock:
        if _slots is None:
            _slots = Slots(scratch_bytes)
            atexit.register(_slots.release)
        return _slots
