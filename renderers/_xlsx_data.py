"""XLSX read lazily with openpyxl read-only workbooks (worker thread, no widgets).

Two read-only streams of the same sheet advance in step: one with the cached
values (``data_only=True``) for the grid, one with the formulas for the formula
bar. Rows come in chunks; nothing beyond what was asked for is parsed or kept.
Merged ranges sit at the end of the sheet XML, after the rows, so they are
found by streaming the decompressed part once with a regex instead of parsing it,
in a separate job after the first rows are on screen.
"""
from __future__ import annotations

import datetime as dt
import re
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl.reader.excel import ExcelReader
from openpyxl.styles.stylesheet import apply_stylesheet
from openpyxl.utils.cell import range_boundaries
from openpyxl.worksheet._read_only import ReadOnlyWorksheet

from renderers._common import MAX_COLUMNS, checked_path
from renderers._i18n import tr
from renderers._jobs import PreviewError

CHUNK_ROWS = 500
FIRST_CHUNK_ROWS = 120  # a screenful and more: the grid paints before the rest is read
MAX_MERGED = 20_000
_DIMENSION_RE = re.compile(rb'<(?:\w+:)?dimension\s+ref="([A-Z]+[0-9]+(?::[A-Z]+[0-9]+)?)"')
_MERGE_RE = re.compile(rb'<(?:\w+:)?mergeCell\s+ref="([A-Z]+[0-9]+(?::[A-Z]+[0-9]+)?)"')


@dataclass(frozen=True)
class Chunk:
    first_row: int  # 0-based index of the first row in this chunk
    values: tuple[tuple[Any, ...], ...]
    formulas: dict[tuple[int, int], str]  # (row, col) 0-based → "=..."
    done: bool  # no rows after this chunk


class SheetReader:
    """Row chunks of one sheet; call :meth:`next_chunk` from one worker at a time."""

    def __init__(self, path: Path, index: int) -> None:
        checked_path(path, "xlsx")
        try:
            self._values_wb = _open_read_only(path, data_only=True)
            self._formula_wb = _open_read_only(path, data_only=False, strings_from=self._values_wb)
        except PreviewError:
            raise
        except Exception as exc:
            raise PreviewError(tr("{name}: the workbook could not be opened ({detail})", name=path.name, detail=type(exc).__name__)) from None
        self.sheet_names: tuple[str, ...] = tuple(self._values_wb.sheetnames)
        if not self.sheet_names:
            raise PreviewError(tr("{name}: the workbook has no sheets", name=path.name))
        self.index = max(0, min(index, len(self.sheet_names) - 1))
        self.name = self.sheet_names[self.index]
        values_ws = self._values_wb[self.name]
        formula_ws = self._formula_wb[self.name]
        if not hasattr(values_ws, "iter_rows"):
            raise PreviewError(tr("{name}: sheet “{sheet}” is a chart sheet; there are no cells to show", name=path.name, sheet=self.name))
        self.total_rows = int(values_ws.max_row or 0)  # 0 when the sheet declares no dimension
        self.total_columns = int(values_ws.max_column or 0)
        self.columns = max(1, min(self.total_columns, MAX_COLUMNS)) if self.total_columns else 0
        self._path = path
        self._sheet_part = getattr(values_ws, "_worksheet_path", "")
        max_col = self.columns or None
        self._values: Iterator[tuple[Any, ...]] = values_ws.iter_rows(max_col=max_col, values_only=True)
        self._formulas: Iterator[tuple[Any, ...]] = formula_ws.iter_rows(max_col=max_col, values_only=True)
        self.rows_read = 0
        self._lock = threading.Lock()

    def next_chunk(self, size: int = CHUNK_ROWS) -> Chunk:
        with self._lock:
            first = self.rows_read
            values: list[tuple[Any, ...]] = []
            formulas: dict[tuple[int, int], str] = {}
            done = False
            for _ in range(size):
                row = next(self._values, None)
                frow = next(self._formulas, None)
                if row is None:
                    done = True
                    break
                r = first + len(values)
                values.append(tuple(row))
                if frow is not None:
                    for c, f in enumerate(frow):
                        if isinstance(f, str) and f.startswith("="):
                            formulas[(r, c)] = f
                        elif f is not None and type(f).__name__ in ("ArrayFormula", "DataTableFormula"):
                            formulas[(r, c)] = str(getattr(f, "text", f))
            if not self.columns:  # no declared dimension: the first chunk decides the width
                self.columns = max(1, min(max((len(v) for v in values), default=1), MAX_COLUMNS))
            values = [v[: self.columns] + (None,) * (self.columns - len(v)) if len(v) != self.columns else v
                      for v in values]
            self.rows_read += len(values)
            if self.total_rows and self.rows_read >= self.total_rows:
                done = True
            return Chunk(first, tuple(values), formulas, done)

    def merged_ranges(self) -> tuple[tuple[int, int, int, int], ...]:
        """Merged cells as (row, col, row_span, col_span), 0-based; a worker call (scans the sheet XML)."""
        return _merged_ranges(self._path, self._sheet_part)

    def close(self) -> None:
        """Release the file; safe to call more than once."""
        for wb in (self._values_wb, self._formula_wb):
            try:
                wb.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass


def open_sheet(path: Path, index: int) -> tuple[SheetReader, Chunk]:
    """Worker: open sheet ``index`` and read its first chunk."""
    reader = SheetReader(path, index)
    try:
        return reader, reader.next_chunk(FIRST_CHUNK_ROWS)
    except PreviewError:
        reader.close()
        raise
    except Exception as exc:
        reader.close()
        raise PreviewError(tr("{name}: sheet “{sheet}” could not be read ({detail})", name=path.name, sheet=reader.name, detail=type(exc).__name__)) from None


class _QuickSheet(ReadOnlyWorksheet):
    """A read-only sheet that reads its size from the head of the XML only.

    openpyxl parses the whole sheet when a file declares no ``<dimension>``
    (write-only workbooks don't), once per sheet and per workbook opened; on a
    100,000-row sheet that is seconds before the first row could be shown.
    """

    def _get_size(self) -> None:
        with self._get_source() as src:
            head = src.read(64 * 1024)
        m = _DIMENSION_RE.search(head)
        if m is None or ":" not in m.group(1).decode():
            return
        try:
            self._min_column, self._min_row, self._max_column, self._max_row = range_boundaries(m.group(1).decode())
        except ValueError:
            return


def _open_read_only(path: Path, *, data_only: bool, strings_from: Any = None) -> Any:
    """openpyxl's read-only load (openpyxl 3.1 ExcelReader steps) with :class:`_QuickSheet` sheets.

    The formula stream only needs formulas, so given ``strings_from`` it reuses that
    workbook's shared strings and skips styles, theme and properties.
    """
    reader = ExcelReader(str(path), read_only=True, data_only=data_only)
    reader.read_manifest()
    if strings_from is None:
        reader.read_strings()
    else:
        reader.shared_strings = strings_from._mira_shared_strings
    reader.read_workbook()
    if strings_from is None:
        reader.read_properties()
        reader.read_theme()
        apply_stylesheet(reader.archive, reader.wb)
    reader.wb._mira_shared_strings = reader.shared_strings
    for sheet, rel in reader.parser.find_sheets():
        if rel.target not in reader.valid_files:
            continue
        if "chartsheet" in rel.Type:
            reader.read_chartsheet(sheet, rel)
            continue
        ws = _QuickSheet(reader.wb, sheet.name, rel.target, reader.shared_strings)
        ws.sheet_state = sheet.state
        reader.wb._sheets.append(ws)
    return reader.wb


def _merged_ranges(path: Path, part: str) -> tuple[tuple[int, int, int, int], ...]:
    """(row, col, row_span, col_span), 0-based, from the sheet XML (its own handle on the archive)."""
    found: list[tuple[int, int, int, int]] = []
    try:
        archive = zipfile.ZipFile(path)
        src = archive.open(part.lstrip("/"))
    except (OSError, KeyError, zipfile.BadZipFile):
        return ()
    with src:
        tail = b""
        while len(found) < MAX_MERGED:
            block = src.read(1 << 20)
            if not block:
                break
            data = tail + block
            cut = data.rfind(b"<")  # a tag cut by the block boundary is searched next time
            head, tail = (data[:cut], data[cut:]) if cut > 0 else (data, b"")
            for m in _MERGE_RE.finditer(head):
                ref = m.group(1).decode()
                try:
                    c1, r1, c2, r2 = range_boundaries(ref if ":" in ref else f"{ref}:{ref}")
                except ValueError:
                    continue
                found.append((r1 - 1, c1 - 1, r2 - r1 + 1, c2 - c1 + 1))
        for m in _MERGE_RE.finditer(tail):
            c1, r1, c2, r2 = range_boundaries(m.group(1).decode())
            found.append((r1 - 1, c1 - 1, r2 - r1 + 1, c2 - c1 + 1))
    archive.close()
    return tuple(found[:MAX_MERGED])


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
