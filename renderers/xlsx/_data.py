"""XLSX read as a stream for the grid (worker thread, no widgets).

The sheet XML is streamed with lxml's C parser: a formula and its cached value come
in the same pass, shared strings are parsed only as far as the rows read need
(:class:`~skills.runtime.xlsx._strings.LazyStrings`), and nothing past the rows asked
for is decompressed. The head of the sheet (before ``sheetData``) gives the declared
size and column widths; each row element gives its height. Merged ranges come after
the rows, so they are known once the stream has passed the end of the sheet.
"""
from __future__ import annotations

import datetime as dt
import re
import threading
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles.stylesheet import apply_stylesheet
from openpyxl.utils.cell import column_index_from_string, range_boundaries

from renderers._common import MAX_COLUMNS, checked_path, isolated_check
from renderers._i18n import tr, tr_msg
from renderers._jobs import PreviewError
from renderers.xlsx._styles import read_styles
from skills.api import CommandError, LazyStrings, SheetCells as _Cells, shared_strings

FIRST_ROWS = 120  # a screenful and more: the grid paints before the rest is read
MAX_MERGED = 20_000
PREFETCH_BYTES = 8 << 20  # sheets whose XML is smaller are read to the end after the first paint
_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_ROW, _C, _V, _MERGE = _NS + "row", _NS + "c", _NS + "v", _NS + "mergeCell"
_DIMENSION_RE = re.compile(rb'<(?:\w+:)?dimension\s+ref="([A-Z]+[0-9]+(?::[A-Z]+[0-9]+)?)"')
_COL_RE = re.compile(rb"<(?:\w+:)?col\s([^>]*)>")
_FORMAT_RE = re.compile(rb"<(?:\w+:)?sheetFormatPr\s([^>]*)>")
_ATTR_RE = re.compile(rb'(\w+)="([^"]*)"')


@dataclass(frozen=True)
class Rows:
    """Rows ``first``…``last`` (0-based, inclusive) as read; rows without cells are absent."""

    first: int
    last: int
    values: dict[int, tuple[Any, ...]]
    formulas: dict[tuple[int, int], str]
    heights: dict[int, float]  # row → height in points, where the file sets one
    done: bool  # the stream has passed the end of the sheet
    merged: tuple[tuple[int, int, int, int], ...] = ()  # known once done
    styles: dict[tuple[int, int], int] = field(default_factory=dict)  # (row, column) → cell format index, when not 0


@dataclass
class _Layout:
    total_rows: int = 0
    total_columns: int = 0
    widths: dict[int, float] = field(default_factory=dict)  # column (0-based) → width in characters
    default_width: float | None = None
    default_height: float | None = None


class SheetReader:
    """One sheet of a workbook, read forward; asking for rows already passed restarts the stream.

    Call :meth:`read` from one worker at a time (it holds a lock).
    """

    def __init__(self, path: Path, index: int) -> None:
        checked_path(path, "xlsx")
        isolated_check(path)  # a parser crash on this file happens in the worker, not here
        self._path = path
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self._open_book(path)
        except PreviewError:
            raise
        except Exception as exc:  # noqa: BLE001 - any parser failure is the preview's one clear error
            raise PreviewError(tr("{name}: the workbook could not be opened ({detail})", name=path.name,
                                  detail=type(exc).__name__)) from None
        if not self.sheet_names:
            self.close()
            raise PreviewError(tr("{name}: the workbook has no sheets", name=path.name))
        self.index = max(0, min(index, len(self.sheet_names) - 1))
        self.name = self.sheet_names[self.index]
        self.part = self._parts[self.index]
        if self.part is None:
            self.close()
            raise PreviewError(tr("{name}: sheet “{sheet}” is a chart sheet; there are no cells to show",
                                  name=path.name, sheet=self.name))
        self.layout = self._read_head()
        self.total_rows = self.layout.total_rows  # 0 when the sheet declares no size
        self.columns = max(1, min(self.layout.total_columns, MAX_COLUMNS)) if self.layout.total_columns else 0
        self.size = self._archive.getinfo(self.part).file_size
        self._lock = threading.Lock()
        self._events: Any = None
        self._src: Any = None
        self._position = 0  # rows before this 0-based index have been passed by the stream
        self._done = False
        self._merged: list[tuple[int, int, int, int]] = []

    def _open_book(self, path: Path) -> None:
        reader = ExcelReader(str(path), read_only=True, keep_vba=False, data_only=False, keep_links=False)
        self._archive = reader.archive
        try:
            reader.read_manifest()
            reader.read_workbook()
            apply_stylesheet(reader.archive, reader.wb)
        except BaseException:
            reader.archive.close()
            raise
        self.styles = read_styles(reader.wb)
        self.shared = shared_strings(reader.archive, reader.package)
        self.epoch = reader.wb.epoch
        self.date_styles = set(reader.wb._date_formats)
        names: list[str] = []
        parts: list[str | None] = []
        for sheet, rel in reader.parser.find_sheets():
            if "chartsheet" in rel.Type:
                names.append(sheet.name)
                parts.append(None)
            elif rel.target in reader.valid_files:
                names.append(sheet.name)
                parts.append(rel.target)
        self.sheet_names: tuple[str, ...] = tuple(names)
        self._parts: list[str | None] = parts
        self._cells = _Cells(self)
        self._columns: dict[str, int] = {}
        self._date_style_ids = {str(i) for i in self.date_styles}  # a number in such a cell is a date

    def _read_head(self) -> _Layout:
        layout = _Layout()
        with self._archive.open(self.part) as src:
            head = src.read(256 * 1024)
        cut = head.find(b"sheetData")
        head = head[:cut] if cut > 0 else head
        m = _DIMENSION_RE.search(head)
        if m is not None and ":" in m.group(1).decode():
            try:
                _c1, _r1, c2, r2 = range_boundaries(m.group(1).decode())
                layout.total_rows, layout.total_columns = int(r2 or 0), int(c2 or 0)
            except ValueError:
                pass
        for col in _COL_RE.finditer(head):
            attrs = dict(_ATTR_RE.findall(col.group(1)))
            try:
                first, last, width = int(attrs[b"min"]), int(attrs[b"max"]), float(attrs[b"width"])
            except (KeyError, ValueError):
                continue
            hidden = attrs.get(b"hidden") in (b"1", b"true")
            for c in range(first, min(last, MAX_COLUMNS) + 1):
                layout.widths[c - 1] = 0.0 if hidden else width
        fmt = _FORMAT_RE.search(head)
        if fmt is not None:
            attrs = dict(_ATTR_RE.findall(fmt.group(1)))
            layout.default_height = _float(attrs.get(b"defaultRowHeight"))
            layout.default_width = _float(attrs.get(b"defaultColWidth"))
        return layout

    # -- rows -------------------------------------------------------------------------------
    def read(self, first: int, last: int) -> Rows:
        """Rows ``first``…``last`` (0-based); restarts the stream when ``first`` was passed already."""
        with self._lock:
            if first < self._position:
                self._restart()
            values: dict[int, tuple[Any, ...]] = {}
            formulas: dict[tuple[int, int], str] = {}
            heights: dict[int, float] = {}
            styles: dict[tuple[int, int], int] = {}
            while not self._done and self._position <= last:
                try:
                    _, el = next(self._events_iter())
                except StopIteration:
                    self._finish()
                    break
                if el.tag == _MERGE:
                    self._merge(el.get("ref", ""))
                    continue
                r = int(el.get("r")) - 1 if (el.get("r") or "").isdigit() else self._position
                self._position = r + 1
                if r >= first:
                    self._row(el, r, values, formulas, heights, styles)
                el.clear()
                while el.getprevious() is not None:
                    del el.getparent()[0]
            if not self.columns:  # no declared size: the rows read decide the width
                self.columns = max(1, min(max((len(v) for v in values.values()), default=1), MAX_COLUMNS))
            return Rows(first=first, last=last, values=values, formulas=formulas, heights=heights, done=self._done,
                        merged=tuple(self._merged) if self._done else (), styles=styles)

    def _events_iter(self) -> Any:
        if self._events is None:
            self._src = self._archive.open(self.part)
            self._events = etree.iterparse(self._src, events=("end",), tag=(_ROW, _MERGE), resolve_entities=False,
                                           no_network=True, load_dtd=False, huge_tree=False)
        return self._events

    def _finish(self) -> None:
        self._done = True
        self._events = None
        if self._src is not None:
            self._src.close()
            self._src = None

    def _restart(self) -> None:
        self._finish()
        self._done = False
        self._position = 0
        self._merged = []

    def _merge(self, ref: str) -> None:
        if len(self._merged) >= MAX_MERGED:
            return
        try:
            c1, r1, c2, r2 = range_boundaries(ref if ":" in ref else f"{ref}:{ref}")
        except (ValueError, TypeError):
            return
        self._merged.append((r1 - 1, c1 - 1, r2 - r1 + 1, c2 - c1 + 1))

    def _row(self, el: Any, r: int, values: dict[int, tuple[Any, ...]], formulas: dict[tuple[int, int], str],
             heights: dict[int, float], styles: dict[tuple[int, int], int]) -> None:
        height = _float(el.get("ht"))
        if height is not None and el.get("customHeight") in ("1", "true"):
            heights[r] = height
        if el.get("hidden") in ("1", "true"):
            heights[r] = 0.0
        cells: dict[int, Any] = {}
        col = 0
        limit = self.columns or MAX_COLUMNS
        letters_to_col = self._columns
        shared = self.shared
        for c_el in el.iterchildren(_C):
            ref = c_el.get("r")
            if ref:
                letters = ref.rstrip("0123456789")
                col = letters_to_col.get(letters) or letters_to_col.setdefault(letters, _column(letters, col))
            else:
                col += 1
            if col > limit:
                break
            sid = c_el.get("s")
            if sid and sid != "0" and sid.isdigit():
                styles[(r, col - 1)] = int(sid)
            t = c_el.get("t")
            if len(c_el) == 1 and t in (None, "n", "s") and c_el[0].tag == _V \
                    and (t == "s" or c_el.get("s") not in self._date_style_ids):
                # the common cell (a number or a shared string, no formula, no date style): no dict, no lookup
                raw = c_el[0].text or ""
                try:
                    cells[col - 1] = shared[int(raw)] if t == "s" else (float(raw) if "." in raw or "E" in raw
                                                                         or "e" in raw else int(raw))
                except (ValueError, IndexError):
                    cells[col - 1] = raw
                continue
            cell = self._cells.decode(c_el, r + 1, col)
            if cell["data_type"] == "f":
                formulas[(r, col - 1)] = str(cell["value"])
                value = cell["cached"]
            else:
                value = cell["value"]
            if value is not None:
                cells[col - 1] = value
        if cells:
            width = max(cells) + 1
            values[r] = tuple(cells.get(i) for i in range(width))

    def merged_ranges(self) -> tuple[tuple[int, int, int, int], ...]:
        """Merged ranges, once the stream has passed the end of the sheet (else empty)."""
        return tuple(self._merged) if self._done else ()

    def close(self) -> None:
        """Release the file; safe to call more than once."""
        try:
            self._finish()
        except AttributeError:
            pass
        shared = getattr(self, "shared", None)  # absent when the workbook failed to open
        if isinstance(shared, LazyStrings):
            shared.close()
        try:
            self._archive.close()
        except Exception:  # noqa: BLE001 - closing is best effort
            pass


def open_sheet(path: Path, index: int) -> tuple[SheetReader, Rows]:
    """Worker: open sheet ``index`` and read its first screenful of rows."""
    reader = SheetReader(path, index)
    try:
        return reader, reader.read(0, FIRST_ROWS - 1)
    except PreviewError:
        reader.close()
        raise
    except CommandError as exc:  # a stated bound (a shared string too long): said in words
        reader.close()
        raise PreviewError(f"{path.name}: {tr_msg(exc.msg)}" if exc.msg is not None else str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - any parser failure is the preview's one clear error
        reader.close()
        raise PreviewError(tr("{name}: sheet “{sheet}” could not be read ({detail})", name=path.name,
                              sheet=reader.name, detail=type(exc).__name__)) from None


def _column(letters: str, previous: int) -> int:
    try:
        return int(column_index_from_string(letters))
    except ValueError:
        return previous + 1


def _float(raw: bytes | str | None) -> float | None:
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None


def width_px(chars: float) -> int:
    """Excel's column width (characters of the default font) in pixels at 96 dpi."""
    return 0 if chars <= 0 else int(chars * 7 + 5)


def height_px(points: float) -> int:
    return round(points * 96 / 72)


def right_aligned(value: Any) -> bool:
    """Whether a cell in General alignment stands right, as numbers and dates do in a spreadsheet."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)) or isinstance(value, dt.date)


def shown(value: Any, number_format: str, epoch: dt.datetime | None) -> str:
    """A cell value as the grid and the card show it: by its number format ("1,200.00", a date), else plainly."""
    if number_format != "General":
        from renderers.xlsx._numfmt import format_value

        text = format_value(value, number_format, epoch)
        if text is not None:
            return text
    return display(value)


def display(value: Any) -> str:
    """A cell value as the grid shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:.10g}"
    if isinstance(value, dt.datetime):
        return value.isoformat(sep=" ", timespec="minutes") if (value.hour or value.minute) else value.date().isoformat()
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)

