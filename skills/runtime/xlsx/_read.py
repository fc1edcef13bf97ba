"""Reading a workbook back in one streaming pass per sheet: outline, formulas, cached values.

openpyxl reads the workbook structure (sheet list, date styles, 1904 epoch); shared
strings are parsed on demand (:mod:`skills.runtime.xlsx._strings`); the cells are streamed with lxml's C parser, which sees a formula and its
cached ``<v>`` value in the same pass. Memory stays flat on big sheets, entities are
never resolved, and a sheet that merely *claims* ``A1:XFD1048576`` costs nothing:
only real cells exist.
"""
from __future__ import annotations

import datetime as dt
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from lxml import etree
from openpyxl.formula.translate import Translator
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles.stylesheet import apply_stylesheet
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string
from openpyxl.utils.datetime import from_excel

from skills.messages import msg
from skills.runtime._base import CommandError
from skills.runtime.xlsx._strings import LazyStrings, shared_strings

ERROR_VALUES = ("#DIV/0!", "#REF!", "#NAME?", "#VALUE!", "#N/A", "#NUM!", "#NULL!", "#SPILL!", "#CALC!",
                "#GETTING_DATA")
SAMPLE_COLS = 30
MAX_LISTED_FORMULAS = 200
MAX_LISTED_ERRORS = 50
_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_ROW, _C, _V, _F, _IS, _T = (_NS + t for t in ("row", "c", "v", "f", "is", "t"))
_MERGE, _PANE, _COL, _DIM = (_NS + t for t in ("mergeCell", "pane", "col", "dimension"))


def _number(raw: str) -> Any:
    try:
        return float(raw) if ("." in raw or "e" in raw or "E" in raw) else int(raw)
    except ValueError:
        return raw


def _cached(raw: str | None, t: str, shared: Any) -> Any:
    if raw is None or (raw == "" and t not in ("str", "s")):
        return None
    if t == "n":
        return _number(raw)
    if t == "b":
        return raw == "1"
    if t == "s":
        try:
            return str(shared[int(raw)])
        except (ValueError, IndexError):
            return raw
    return raw  # "e" errors and "str" strings stay text


class _Book:
    """What openpyxl knows about the workbook, without loading any worksheet."""

    def __init__(self, path: Path) -> None:
        reader = ExcelReader(str(path), read_only=True, keep_vba=False, data_only=False, keep_links=False)
        try:
            reader.read_manifest()
            reader.read_workbook()
            apply_stylesheet(reader.archive, reader.wb)
            # parsed only as far as the cells read need (a sample of rows, formula results)
            self.shared = shared_strings(reader.archive, reader.package)
            self.epoch = reader.wb.epoch
            self.date_styles = set(reader.wb._date_formats)
            self.worksheets: list[tuple[str, str]] = []
            self.chartsheets: list[str] = []
            for sheet, rel in reader.parser.find_sheets():
                if "chartsheet" in rel.Type:
                    self.chartsheets.append(sheet.name)
                elif rel.target in reader.valid_files:
                    self.worksheets.append((sheet.name, rel.target))
            self.archive = reader.archive
        except BaseException:
            reader.archive.close()
            raise


def formula_text(value: Any) -> str:
    """Formulas are decoded to text already ("=A1+B1", "{=...}" for array formulas)."""
    return str(value)


def jsonable(value: Any) -> Any:
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if value is None or isinstance(value, (int, float, bool, str)):
        return value
    return str(value)


@dataclass
class SheetScan:
    name: str
    declared: str | None = None  # the <dimension> the file claims
    min_row: int = 0
    max_row: int = 0
    min_col: int = 0
    max_col: int = 0
    cells: int = 0
    formulas: int = 0
    cached: int = 0
    header: list[Any] = field(default_factory=list)
    sample: list[list[Any]] = field(default_factory=list)
    formula_list: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    error_count: int = 0
    merged: list[str] = field(default_factory=list)
    freeze: str | None = None
    widths: dict[str, float] = field(default_factory=dict)

    @property
    def used_range(self) -> str | None:
        if not self.cells:
            return None
        return f"{get_column_letter(self.min_col)}{self.min_row}:{get_column_letter(self.max_col)}{self.max_row}"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "declared_dimensions": self.declared, "used_range": self.used_range,
                "rows": self.max_row - self.min_row + 1 if self.cells else 0,
                "columns": self.max_col - self.min_col + 1 if self.cells else 0,
                "cells": self.cells, "header": self.header, "sample_rows": self.sample,
                "formula_count": self.formulas, "formulas": self.formula_list,
                "formulas_with_cached_values": self.cached, "formula_errors": self.errors,
                "formula_error_count": self.error_count, "merged_cells": self.merged,
                "freeze_panes": self.freeze, "column_widths": self.widths}


CellVisitor = Callable[[str, int, int, Any, dict[str, Any]], None]
CellFilter = Callable[[str, int, int], bool]


def scan_workbook(path: Path, *, max_rows: int = 20, visit: CellVisitor | None = None,
                  wants: CellFilter | None = None) -> tuple[list[SheetScan], list[str]]:
    """Stream every worksheet once. ``visit(sheet, row, col, value, cell)`` sees every real cell,
    or only those ``wants(sheet, row, col)`` accepts when given.

    Returns the worksheet scans and the names of chart sheets.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            book = _Book(path)
    except Exception as exc:  # noqa: BLE001 - a malformed package can fail anywhere inside openpyxl
        raise CommandError(msg("problem.corrupt", name=path.name, kind="XLSX"),
                           details=f"{type(exc).__name__}: {exc}") from None
    try:
        scans = [_scan_sheet(book, name, part, max_rows, visit, wants) for name, part in book.worksheets]
    except CommandError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise CommandError(msg("problem.sheet_unreadable", name=path.name),
                           details=f"{type(exc).__name__}: {exc}") from None
    finally:
        if isinstance(book.shared, LazyStrings):
            book.shared.close()
        book.archive.close()
    return scans, book.chartsheets


class CellSource(Protocol):
    """What decoding a cell reads of its workbook: a :class:`_Book` here, the preview's sheet reader."""

    @property
    def shared(self) -> LazyStrings | list[str]: ...

    @property
    def epoch(self) -> dt.datetime: ...

    @property
    def date_styles(self) -> set[int]: ...


class _Cells:
    """Decodes <c> elements the way openpyxl does (shared strings, dates, shared formulas)."""

    def __init__(self, book: CellSource) -> None:
        self.book = book
        self.shared_formulas: dict[str, Translator] = {}

    def decode(self, el: Any, r: int, c: int) -> dict[str, Any]:
        t = el.get("t", "n")
        v = f = inline = None
        for child in el:  # one walk over the children instead of three searches
            tag = child.tag
            if tag == _V:
                v = child
            elif tag == _F:
                f = child
            elif tag == _IS:
                inline = child
        raw = None if v is None else (v.text or "")
        if f is not None:
            return {"data_type": "f", "value": self._formula(f, r, c), "has_cached":
                    raw is not None and (raw != "" or t in ("str", "s")),
                    "cached": _cached(raw, t, self.book.shared)}
        if t == "n":
            if not raw:
                return {"data_type": "n", "value": None}
            value = _number(raw)
            style = el.get("s")
            if style and style != "0" and int(style) in self.book.date_styles and isinstance(value, (int, float)):
                try:
                    return {"data_type": "d", "value": from_excel(value, self.book.epoch)}
                except (OverflowError, ValueError):
                    return {"data_type": "e", "value": "#VALUE!"}
            return {"data_type": "n", "value": value}
        if t == "inlineStr":
            value = "".join(x.text or "" for x in inline.iter(_T)) if inline is not None else None
            return {"data_type": "s", "value": value}
        if raw is None:
            return {"data_type": "n", "value": None}
        if t == "s":
            return {"data_type": "s", "value": _cached(raw, "s", self.book.shared)}
        if t == "b":
            return {"data_type": "b", "value": raw == "1"}
        if t == "e":
            return {"data_type": "e", "value": raw}
        return {"data_type": "s", "value": raw}  # "str", "d" (ISO text) and unknown types stay text

    def _formula(self, f: Any, r: int, c: int) -> str:
        text = "=" + (f.text or "")
        kind = f.get("t")
        if kind == "shared":
            si = f.get("si")
            coord = f"{get_column_letter(c)}{r}"
            if si in self.shared_formulas and not f.text:
                translated: str = self.shared_formulas[si].translate_formula(coord)  # openpyxl: no annotations
                return translated
            if f.text:
                self.shared_formulas[si] = Translator(text, coord)
        elif kind == "array":
            return "{" + text + "}"
        elif kind == "dataTable":
            return "=TABLE()"
        return text


def _scan_sheet(book: _Book, name: str, part: str, max_rows: int, visit: CellVisitor | None,
                wants: CellFilter | None) -> SheetScan:
    s = SheetScan(name)
    quick = visit is None or wants is not None
    fast_rows = visit is None  # past the sample every plain cell is only counted: do it row by row
    cells = _Cells(book)
    columns: dict[str, int] = {}
    first_row: int | None = None
    row_no = 0
    with book.archive.open(part) as src:
        events = etree.iterparse(src, events=("end",), tag=(_ROW, _MERGE, _PANE, _COL, _DIM),
                                 resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
        for _, el in events:
            tag = el.tag
            if tag != _ROW:
                if tag == _MERGE and len(s.merged) < 200:
                    s.merged.append(el.get("ref", ""))
                elif tag == _PANE and el.get("state") in ("frozen", "frozenSplit") and s.freeze is None:
                    s.freeze = el.get("topLeftCell")
                elif tag == _COL and el.get("width") and len(s.widths) < 100:
                    s.widths[get_column_letter(int(el.get("min", "1")))] = float(el.get("width"))
                elif tag == _DIM:
                    s.declared = el.get("ref")
                continue
            row_no = int(el.get("r")) if el.get("r") else row_no + 1
            col_no = 0
            todo = el.iterchildren(_C)
            if fast_rows and first_row is not None and row_no - first_row >= max_rows:
                todo = _count_plain_cells(s, el, row_no, columns)
            for c_el in todo:
                ref = c_el.get("r")
                if ref:
                    letters = ref.rstrip("0123456789")
                    col_no = columns.get(letters) or columns.setdefault(letters, column_index_from_string(letters))
                    r = int(ref[len(letters):]) if len(ref) > len(letters) else row_no
                else:
                    r, col_no = row_no, col_no + 1
                if quick and first_row is not None and r - first_row >= max_rows \
                        and (wants is None or not wants(name, r, col_no)):
                    # Past the sample and not asked for: a plain value cell only needs counting.
                    n = len(c_el)
                    if n == 0:
                        continue
                    child = c_el[0]
                    if n == 1 and c_el.get("t") != "e" and (child.tag == _IS or (child.tag == _V and child.text)):
                        _count(s, r, col_no)
                        continue
                cell = cells.decode(c_el, r, col_no)
                value = cell["value"]
                if value is None and cell["data_type"] != "f":
                    continue
                if first_row is None:
                    first_row = r
                    s.min_row, s.min_col = r, col_no
                _take(s, r, col_no, value, cell, first_row, max_rows)
                if visit is not None and (wants is None or wants(name, r, col_no)):
                    visit(name, r, col_no, value, cell)
            el.clear()
            while el.getprevious() is not None:  # drop parsed rows so memory stays flat
                del el.getparent()[0]
    if s.sample:
        s.header = s.sample[0]
    return s


def _count_plain_cells(s: SheetScan, row: Any, row_no: int, columns: dict[str, int]) -> list[Any]:
    """Count the plain value cells of a row past the sample in one tight loop (the bulk of a big
    sheet); return the others (formulas, errors, cells without a reference) for the full decode."""
    rest: list[Any] = []
    first = last = None
    counted = 0
    for c_el in row.iterchildren(_C):
        n = len(c_el)
        if n == 0:
            continue
        child = c_el[0]
        if n == 1 and (child.tag == _V and child.text or child.tag == _IS) and c_el.get("t") != "e" \
                and c_el.get("r"):
            counted += 1
            if first is None:
                first = c_el
            last = c_el
        else:
            rest.append(c_el)
    if first is not None and last is not None:  # at least one plain cell was counted
        for c_el in (first, last):  # cells are in column order: the row's extent is its first and last
            ref = c_el.get("r")
            letters = ref.rstrip("0123456789")
            col = columns.get(letters) or columns.setdefault(letters, column_index_from_string(letters))
            _count(s, row_no, col)
        s.cells += counted - 2
    return rest


def _count(s: SheetScan, r: int, c: int) -> None:
    s.cells += 1
    if r > s.max_row:
        s.max_row = r
    if r < s.min_row:
        s.min_row = r
    if c > s.max_col:
        s.max_col = c
    if c < s.min_col:
        s.min_col = c


def _take(s: SheetScan, r: int, c: int, value: Any, cell: dict[str, Any], first_row: int, max_rows: int) -> None:
    _count(s, r, c)
    shown = value
    if cell["data_type"] == "f":
        s.formulas += 1
        cached = cell["cached"]
        s.cached += cell["has_cached"]
        if len(s.formula_list) < MAX_LISTED_FORMULAS:
            s.formula_list.append({"cell": f"{get_column_letter(c)}{r}", "formula": value,
                                   "cached": jsonable(cached)})
        if isinstance(cached, str) and cached in ERROR_VALUES:
            _error(s, r, c, cached, value)
    elif cell["data_type"] == "e":
        _error(s, r, c, str(value), None)
    if r - first_row < max_rows and c <= SAMPLE_COLS:
        idx = r - first_row
        while len(s.sample) <= idx:
            s.sample.append([])
        line = s.sample[idx]
        while len(line) < c:
            line.append(None)
        line[c - 1] = jsonable(shown)


def _error(s: SheetScan, r: int, c: int, value: str, formula: str | None) -> None:
    s.error_count += 1
    if len(s.errors) < MAX_LISTED_ERRORS:
        s.errors.append({"cell": f"{get_column_letter(c)}{r}", "error": value, "formula": formula})
