"""Shared-memory blocks the PDF worker process draws pages into, shown without a copy.

The worker draws a page straight into a block (:func:`skills.runtime.pdf.pages.render`),
and the page's :class:`QImage` wraps that block: no pixel is copied between
MuPDF and the screen. A block is lent to one image at a time and comes back
when the last copy of that image is gone: PySide keeps the buffer object a
QImage was made from until Qt frees the image's data, so a finalizer on that
memoryview says exactly when the pixels are no longer read.

Blocks are kept for as long as a page image reads them, so the page cache
(:mod:`renderers._pagecache`) holds pages in their blocks, with no copy; a
block comes back when the cache drops its page and no widget shows it. The
blocks together stay under a byte budget; a page larger than any block, or one
drawn with the budget spent, goes through the one large scratch block and is
copied out, as before. Fresh memory costs a page fault every 4 KB (on this
kind of virtual machine 3–4 ms for one 860 px page, in the worker's drawing
time), so :meth:`Slots.reserve` maps and touches, in a pool thread, the blocks
a document's pages will need once its first page is on screen.
"""
from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import threading
import weakref
from multiprocessing import shared_memory
from typing import Any

from PySide6.QtGui import QImage

__all__ = ["BUDGET_BYTES", "SLOT_BYTES", "Slots", "image_over", "slots"]

SLOT_BYTES = 16 * 1024 * 1024  # a page of unknown size: up to 4 megapixels (1700 × 2400 px, 32-bit)
BUDGET_BYTES = 144 * 1024 * 1024  # every block: the page cache's 96 MB, the pages on screen and in flight
_ROUND = 64 * 1024


def mapped(block: shared_memory.SharedMemory) -> memoryview:
    """A block's bytes; a closed block has none (``buf`` is None then)."""
    if block.buf is None:
        raise BufferError(f"shared block {block.name} is closed")
    return block.buf


def _shm_has(size: int) -> bool:
    """Whether shared memory has room for ``size`` more bytes, with some to spare. A block is
    sparse until written, and writing past a full /dev/shm (64 MB in a default container)
    kills the process with SIGBUS: a block that may not fit is not made (the page then comes
    through the scratch block, or the cache keeps fewer pages)."""
    try:
        st = os.statvfs("/dev/shm")
    except (OSError, AttributeError):  # not Linux: the system sizes shared memory itself
        return True
    return st.f_bavail * st.f_frsize >= size + _SHM_SPARE


_SHM_SPARE = 96 * 1024 * 1024  # room left for the scratch block's largest page and for other programs


class _Block(shared_memory.SharedMemory):
    """A shared block that an image may still read when it is collected at exit: its mapping
    goes with the process then, so the refused close is not an error."""

    def __del__(self) -> None:
        with contextlib.suppress(BufferError, OSError):
            self.close()


class Slots:
    """Blocks lent to images; ``scratch`` (the large one) is never lent, only copied out of."""

    def __init__(self, scratch_bytes: int, budget: int = BUDGET_BYTES) -> None:
        self.scratch_bytes = scratch_bytes
        self.budget = budget
        self._lock = threading.Lock()
        self._free: list[shared_memory.SharedMemory] = []
        self._all: list[shared_memory.SharedMemory] = []
        self._scratch: shared_memory.SharedMemory | None = None
        self.scratch_lock = threading.Lock()  # one page in the scratch block at a time: draw, then copy out

    def take(self, size: int | None = None) -> shared_memory.SharedMemory | None:
        """A block of at least ``size`` bytes (a page of unknown size: :data:`SLOT_BYTES`) that no
        image reads now: the smallest free one, else a new one; None when the budget is spent."""
        need = size or SLOT_BYTES
        with self._lock:
            fitting = [b for b in self._free if need <= b.size <= 2 * need]
            if fitting:
                block = min(fitting, key=lambda b: b.size)
                self._free.remove(block)
                return block
            need = -(-need // _ROUND) * _ROUND
            while self._free and (self._bytes() + need > self.budget or not _shm_has(need)):
                self._drop(self._free.pop(0))  # a free block of another size makes room
            if self._bytes() + need > self.budget or not _shm_has(need):
                return None
            block = _Block(create=True, size=need)
            self._all.append(block)
            return block

    def give_back(self, block: shared_memory.SharedMemory) -> None:
        with self._lock:
            if block in self._all and block not in self._free:
                self._free.append(block)

    def reserve(self, size: int, count: int) -> list[str]:
        """Have ``count`` blocks for pages of ``size`` bytes free, their memory touched (within the
        budget); the new ones' names, for :func:`skills.runtime.pdf.pages.attach` to touch them in
        the worker too."""
        with self._lock:
            have = sum(1 for b in self._free if size <= b.size <= 2 * size)
        made = []
        for _ in range(count - have):
            with self._lock:
                rounded = -(-size // _ROUND) * _ROUND
                if self._bytes() + rounded > self.budget or not _shm_has(rounded):
                    break
                block = _Block(create=True, size=rounded)
                self._all.append(block)
            target = ctypes.c_char.from_buffer(mapped(block))
            ctypes.memset(ctypes.addressof(target), 0xFF, size)  # without the interpreter lock
            del target
            made.append(block)
        with self._lock:
            self._free.extend(made)
        return [block.name for block in made]

    def drop_free(self) -> int:
        """Unlink every block no image reads now (no PDF preview is open); how many bytes that frees."""
        with self._lock:
            free, self._free = self._free, []
            freed = sum(b.size for b in free)
            for block in free:
                self._drop(block)
        return freed

    def _bytes(self) -> int:
        return sum(b.size for b in self._all)

    def _drop(self, block: shared_memory.SharedMemory) -> None:
        self._all.remove(block)
        _unlink(block)

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
        view = mapped(block)[:size]
        weakref.finalize(view, self.give_back, block)
        return view

    def release(self) -> None:
        """Unlink every block (at exit); an image still on screen keeps its mapping until then."""
        with self._lock:
            blocks = [*self._all, *([self._scratch] if self._scratch is not None else [])]
            self._all, self._free, self._scratch = [], [], None
        for block in blocks:
            _unlink(block)


def _unlink(block: shared_memory.SharedMemory) -> None:
    """Close and unlink ``block``; an image that still reads it keeps its mapping until it goes."""
    with contextlib.suppress(BufferError, OSError):
        block.close()
    with contextlib.suppress(FileNotFoundError, OSError):
        block.unlink()


_FORMATS = {"rgb": QImage.Format.Format_RGB888, "bgra": QImage.Format.Format_RGB32,
            "rgba": QImage.Format.Format_RGBX8888}


def image_over(buffer: memoryview | bytes, width: int, height: int, stride: int, keep: Any = None,
               pixels: str = "rgb") -> QImage:
    """A QImage reading ``buffer`` in place; ``buffer`` (and ``keep``, e.g. the MuPDF pixmap
    that owns a memoryview's memory) stays alive until Qt frees the image's last copy.

    ``pixels``: the byte order, ``"rgb"`` (MuPDF without alpha) or the opaque 32-bit pixels the
    worker draws (:data:`skills.runtime.pdf.pages.PIXELS`).

    Without ``keep``, ``buffer`` is used as it is: a new view of it would not keep it (nor its
    finalizer) alive. With ``keep``, the image reads a new view of ``buffer`` and the finalizer
    watches that one: ``keep`` often holds ``buffer`` itself (a MuPDF pixmap keeps its
    ``samples_mv``), and a finalizer whose arguments hold what it watches never fires (every page
    redrawn in process stayed in memory for good, 1.6 MB each).
    """
    if keep is not None:
        assert isinstance(buffer, memoryview)
        buffer = memoryview(buffer)
        weakref.finalize(buffer, _hold, keep)
    return QImage(buffer, width, height, stride, _FORMATS[pixels])


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
