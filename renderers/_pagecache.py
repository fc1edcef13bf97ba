"""The last drawn PDF page images, kept in memory so going back to a page draws nothing.

An entry is one page of one version of a file at one size (fit width in device
pixels, or a zoom factor): a file changed on disk has another version and its
old pages are dropped the first time the new one is asked for; a zoom or width
change keeps the pages of other sizes until the byte bound evicts them (least
recently shown first).

A page from the worker process stays in the shared block it was drawn into
(:mod:`renderers._pageslots`): the block is lent to the image for as long as
the cache or a widget holds it, and comes back when both have let go. Copying
pages out instead cost the next page 2–5 ms here (fresh memory faulting in
beside the worker drawing it).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from PySide6.QtGui import QImage

__all__ = ["CACHE_BYTES", "PageCache", "page_cache"]

CACHE_BYTES = 96 * 1024 * 1024  # about 22 fit-width pages of an 860 px wide preview

Version = tuple[Any, ...]  # (path, mtime_ns, size, password): one state of one file
Key = tuple[Version, int, "int | None", float]  # version, page, width px or None, zoom


class PageCache:
    """Page images by (file version, page, width, zoom), at most ``max_bytes`` of pixels."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._entries: OrderedDict[Key, tuple[QImage, float, int]] = OrderedDict()
        self._versions: dict[str, Version] = {}  # path -> the version its entries belong to
        self.bytes = 0

    def get(self, key: Key) -> tuple[QImage, float] | None:
        """The cached page, or None; a newer version of the file drops the old one's pages."""
        with self._lock:
            self._drop_other_versions(key[0])
            hit = self._entries.get(key)
            if hit is None:
                return None
            self._entries.move_to_end(key)
            return hit[0], hit[1]

    def put(self, key: Key, image: QImage, scale: float, cost: int | None = None) -> None:
        """Keep ``image`` for ``key``, the least recently shown pages making room; ``cost``: the
        bytes it holds (the shared block it reads may be larger than its pixels)."""
        cost = max(cost or 0, image.sizeInBytes())
        if cost > self.max_bytes:
            return
        with self._lock:
            known = self._versions.get(str(key[0][0]))
            if known not in (None, key[0]):
                if tuple(key[0][1:3]) < tuple(known[1:3]):
                    return  # a page of a version already replaced: never shown again
                self._drop_other_versions(key[0])
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= old[2]
            self._entries[key] = (image, scale, cost)
            self._versions[str(key[0][0])] = key[0]
            self.bytes += cost
            while self.bytes > self.max_bytes:
                self.bytes -= self._entries.popitem(last=False)[1][2]

    def _drop_other_versions(self, version: Version) -> None:
        path = str(version[0])
        known = self._versions.get(path)
        if known is None or known == version:
            return
        self._versions[path] = version
        for key in [k for k in self._entries if str(k[0][0]) == path and k[0] != version]:
            self.bytes -= self._entries.pop(key)[2]

    def pages(self, pages_of: Version | None = None) -> int:
        """How many pages are kept (of one file version)."""
        with self._lock:
            return sum(1 for k in self._entries if pages_of is None or k[0] == pages_of)

    def __len__(self) -> int:
        return self.pages()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._versions.clear()
            self.bytes = 0


_cache = PageCache()


def page_cache() -> PageCache:
    """The page images shared by every PDF preview and thumbnail in this process."""
    return _cache
