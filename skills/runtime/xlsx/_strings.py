"""Shared strings read on demand (no Qt).

Excel writes a workbook's strings in the order they first appear, so the first rows of
a sheet use the first entries of the table. openpyxl reads the whole table before a
single cell can be shown (20 s for a million strings); this list parses it only as far
as the highest index asked for so far, and keeps what it parsed.

A table far larger than the cells that use it (a shared-strings bomb: millions of tiny
entries, the cells pointing at the last ones, 100 KB compressed) must not cost a
Python step per entry: plain entries (``<si><t>text</t></si>``, Excel's usual form) are
taken in bulk by a regular expression, and only the others (rich text, phonetic guides)
go through lxml one at a time. An entry longer than :data:`MAX_STRING_CHARS` is refused
with a stated bound, as lxml's own limit would, but in words.
"""
from __future__ import annotations

import codecs
import re
import threading
import zipfile
from typing import IO, Any

from lxml import etree

from skills.messages import msg
from skills.runtime._base import CommandError

_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_SI, _T, _RPH = _NS + "si", _NS + "t", _NS + "rPh"
SHARED_STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
MAX_STRING_CHARS = 10_000_000  # one cell's text; lxml's limit for a text node, as Excel's is 32,767
_CHUNK = 1 << 20
_ONE_BY_ONE = 256  # entries still wanted below which they are taken one at a time
_SLICE = 32 * 1024  # characters of entries taken at once: about a thousand of Excel's short strings
# Entries, unprefixed (the default namespace, as Excel writes it), in order: a plain one's text,
# or any other entry whole (rich text, a phonetic guide, spaces between the tags, <si/>).
_ENTRIES = re.compile(r"<si><t(?:\s[^>]*)?>([^<]*)</t></si>|(<si(?:\s[^>]*)?/>|<si\b.*?</si\s*>)", re.S)
_LAST = re.compile(r".*(?:</si\s*>|<si(?:\s[^>]*)?/>)", re.S)
_REFERENCE = re.compile(r"&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


class StringTooLong(CommandError):
    """A shared string past :data:`MAX_STRING_CHARS`: the workbook is refused with the bound."""


class LazyStrings:
    """``strings[i]`` parses ``sharedStrings.xml`` up to entry ``i``; thread-safe; ``close()`` when done."""

    def __init__(self, archive: zipfile.ZipFile, part: str) -> None:
        self._archive = archive
        self._part = part.lstrip("/")
        self._items: list[str] = []
        self._events: Any = None
        self._src: IO[bytes] | None = None
        self._text = ""
        self._pos = 0  # where the entries not taken yet start in _text
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._bulk = False
        self._bulk_allowed = True  # False: every entry through lxml (the tests' baseline)
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
        if self._src is None and not self._done:
            try:
                self._src = self._archive.open(self._part)
            except KeyError:
                self._done = True
                return
            head = self._src.read(_CHUNK)
            self._bulk = self._bulk_allowed and _starts_plainly(head)
            if self._bulk:
                self._text = self._decoder.decode(head)
            else:
                self._events = _events(self._src, head)
        if self._bulk:
            self._advance_bulk(index)
        else:
            self._advance_parsed(index)

    def _advance_bulk(self, index: int) -> None:
        """Entries up to ``index`` taken a slice at a time (a slice's entries in one C call)."""
        items, src = self._items, self._src
        while len(items) <= index and not self._done and src is not None:
            text, pos = self._text, self._pos
            if index - len(items) < _ONE_BY_ONE:  # near: no further than asked, as the grid reads
                for match in _ENTRIES.finditer(text, pos):  # complete entries only: each needs its end
                    plain, other = match.groups()
                    items.append(_entry_text(other) if other else _plain_text(plain or ""))
                    self._pos = match.end()
                    if len(items) > index:
                        return
                if self._pos > pos:
                    continue
            last = _LAST.match(text, pos, pos + _SLICE) or _LAST.match(text, pos)
            if last is not None:
                items.extend(_entry_text(other) if other else _plain_text(plain)
                             for plain, other in _ENTRIES.findall(text, pos, last.end()))
                self._pos = last.end()
                continue
            more = src.read(_CHUNK)
            if not more:
                self.close()
                return
            if len(text) - pos > MAX_STRING_CHARS:
                raise _too_long(self._part)
            self._text, self._pos = text[pos:] + self._decoder.decode(more), 0

    def _advance_parsed(self, index: int) -> None:
        items = self._items
        while len(items) <= index and not self._done:
            try:
                _, si = next(self._events)
            except StopIteration:
                self.close()
                return
            except etree.XMLSyntaxError as exc:
                if "too long" in str(exc).lower():
                    raise _too_long(self._part) from None
                raise
            items.append(_element_text(si))
            si.clear()
            while si.getprevious() is not None:
                del si.getparent()[0]

    def close(self) -> None:
        self._done = True
        self._events = None
        if self._src is not None:
            self._src.close()
            self._src = None


def _starts_plainly(head: bytes) -> bool:
    """UTF-8 with an unprefixed ``<sst``: the form the bulk reader takes (else lxml reads it)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False
    declaration = re.match(rb"\s*<\?xml[^>]*\?>", head)
    if declaration and re.search(rb"encoding\s*=\s*[\"'](?!utf-?8)", declaration.group(0), re.I):
        return False
    return re.search(rb"<sst[\s>]", head[:4096]) is not None and b"<!DOCTYPE" not in head[:4096]


def _events(src: IO[bytes], head: bytes) -> Any:
    class _Rest:
        def __init__(self) -> None:
            self.first = head

        def read(self, size: int = -1) -> bytes:
            if self.first:
                out, self.first = self.first, b""
                return out
            return src.read(size if size > 0 else _CHUNK)

    return etree.iterparse(_Rest(), events=("end",), tag=_SI, resolve_entities=False,
                           no_network=True, load_dtd=False, huge_tree=False)


def _element_text(si: Any) -> str:
    # the phonetic guide (rPh) is not part of the cell text, as in Excel and openpyxl
    return "".join(t.text or "" for t in si.iter(_T) if t.getparent().tag != _RPH)


def _entry_text(entry: str) -> str:
    if len(entry) > MAX_STRING_CHARS:
        raise _too_long("sharedStrings.xml")
    if entry.endswith("/>") and "</" not in entry:
        return ""
    body = entry[entry.index(">") + 1:]
    si = etree.fromstring(f'<si xmlns="{_NS[1:-1]}">{body}'.encode(),
                          parser=etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False))
    return _element_text(si)


def _plain_text(text: str) -> str:
    if "\r" in text:  # as an XML parser reads line ends
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "&" in text:
        text = _REFERENCE.sub(_reference, text)
    return text


def _reference(match: re.Match[str]) -> str:
    name = match.group(1)
    if name.startswith("#x"):
        return chr(int(name[2:], 16))
    if name.startswith("#"):
        return chr(int(name[1:]))
    return _NAMED[name]


def _too_long(part: str) -> StringTooLong:
    limit = f"{MAX_STRING_CHARS:,}"
    return StringTooLong(f"the workbook's shared strings hold an entry longer than {limit} characters "
                         f"({part}); refusing to read it", msg=msg("problem.string_too_long", limit=limit))


def shared_strings(archive: zipfile.ZipFile, content_types: Any) -> LazyStrings | list[str]:
    """The workbook's shared strings as a :class:`LazyStrings`, or [] when it has none.

    ``content_types`` is openpyxl's parsed ``[Content_Types].xml`` (``ExcelReader.package``).
    """
    found = content_types.find(SHARED_STRINGS_TYPE)
    if found is None:
        return []
    return LazyStrings(archive, found.PartName)
