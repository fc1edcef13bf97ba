"""Shared strings read on demand (no Qt).

Excel writes a workbook's strings in the order they first appear, so the first rows of
a sheet use the first entries of the table. openpyxl reads the whole table before a
single cell can be shown (20 s for a million strings); this list parses it with lxml
only as far as the highest index asked for so far, and keeps what it parsed.
"""
from __future__ import annotations

import threading
import zipfile
from typing import IO, Any

from lxml import etree

_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_SI, _T, _RPH = _NS + "si", _NS + "t", _NS + "rPh"
SHARED_STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


class LazyStrings:
    """``strings[i]`` parses ``sharedStrings.xml`` up to entry ``i``; thread-safe; ``close()`` when done."""

    def __init__(self, archive: zipfile.ZipFile, part: str) -> None:
        self._archive = archive
        self._part = part.lstrip("/")
        self._items: list[str] = []
        self._events: Any = None
        self._src: IO[bytes] | None = None
        self._done = False
        self._lock = threading.Lock()

    def __getitem__(self, index: int) -> str:
        if index < 0:
            raise IndexError(index)
        if index >= len(self._items) and not self._done:
            with self._lock:
                self._advance(index)
        return self._items[index]

    def __len__(self) -> int:
        """Entries parsed so far (the whole table once an index past its end was asked for)."""
        return len(self._items)

    def _advance(self, index: int) -> None:
        if self._events is None and not self._done:
            try:
                self._src = self._archive.open(self._part)
            except KeyError:
                self._done = True
                return
            self._events = etree.iterparse(self._src, events=("end",), tag=_SI, resolve_entities=False,
                                           no_network=True, load_dtd=False, huge_tree=False)
        items = self._items
        while len(items) <= index and not self._done:
            try:
                _, si = next(self._events)
            except StopIteration:
                self.close()
                return
            # the phonetic guide (rPh) is not part of the cell text, as in Excel and openpyxl
            items.append("".join(t.text or "" for t in si.iter(_T) if t.getparent().tag != _RPH))
            si.clear()
            while si.getprevious() is not None:
                del si.getparent()[0]

    def close(self) -> None:
        self._done = True
        self._events = None
        if self._src is not None:
            self._src.close()
            self._src = None


def shared_strings(archive: zipfile.ZipFile, content_types: Any) -> LazyStrings | list[str]:
    """The workbook's shared strings as a :class:`LazyStrings`, or [] when it has none.

    ``content_types`` is openpyxl's parsed ``[Content_Types].xml`` (``ExcelReader.package``).
    """
    found = content_types.find(SHARED_STRINGS_TYPE)
    if found is None:
        return []
    return LazyStrings(archive, found.PartName)
