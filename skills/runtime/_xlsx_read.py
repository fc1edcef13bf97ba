"""Reading a workbook back in one streaming pass per sheet: outline, formulas, cached values.

openpyxl's own worksheet parser is driven directly (as its read-only mode does) so one
pass sees both a formula and its cached ``<v>`` value, memory stays flat on big sheets,
and a sheet that merely *claims* ``A1:XFD1048576`` costs nothing: only real cells exist.
"""
from __future__ import annotations

import datetime as dt
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._reader import VALUE_TAG, WorkSheetParser
from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula

from skills.runtime._base import CommandError

ERROR_VALUES = ("#DIV/0!", "#REF!", "#NAME?", "#VALUE!", "#N/A", "#NUM!", "#NULL!", "#SPILL!", "#CALC!",
                "#GETTING_DATA")
SAMPLE_COLS = 30
MAX_LISTED_FORMULAS = 200
MAX_LISTED_ERRORS = 50


class _Parser(WorkSheetParser):
    """Keeps the cached value next to each formula (openpyxl drops one or the other)."""

    def parse_cell(self, element: Any) -> dict[str, Any]:
        cell = super().parse_cell(element)
        if cell["data_type"] == "f":
            raw = element.findtext(VALUE_TAG)
            t = element.get("t", "n")
            # openpyxl writes an empty <v></v> for never-calculated formulas; only a text
            # result may legitimately be empty.
            cell["has_cached"] = raw is not None and (raw != "" or t in ("str", "s"))
            cell["cached"] = _cached(raw, t, self.shared_strings)
        return cell


def _cached(raw: str | None, t: str, shared: Any) -> Any:
    if raw is None or (raw == "" and t not in ("str", "s")):
        return None
    if t == "n":
        try:
            return float(raw) if any(ch in raw for ch in ".eE") else int(raw)
        except ValueError:
            return raw
    if t == "b":
        return raw == "1"
    if t == "s":
        try:
            return shared[int(raw)]
        except (ValueError, IndexError):
            return raw
    return raw  # "e" errors and "str" strings stay text


def formula_text(value: Any) -> str:
    if isinstance(value, ArrayFormula):
        return f"{{{value.text}}}"
    if isinstance(value, DataTableFormula):
        return "=TABLE()"
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


def scan_workbook(path: Path, *, max_rows: int = 20, visit: CellVisitor | None = None
                  ) -> tuple[list[SheetScan], list[str]]:
    """Stream every worksheet once. ``visit(sheet, row, col, value, cell)`` sees every real cell.

    Returns the worksheet scans and the names of chart sheets.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            wb = load_workbook(str(path), read_only=True, data_only=False, keep_links=False)
    except Exception as exc:  # noqa: BLE001 - a malformed package can fail anywhere inside openpyxl
        raise CommandError(f"{path.name}: cannot be opened as an Excel workbook ({type(exc).__name__}: {exc})") from None
    try:
        scans = [_scan_sheet(wb, ws, max_rows, visit) for ws in wb.worksheets]
        charts = [cs.title for cs in getattr(wb, "chartsheets", [])]
    except CommandError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise CommandError(f"{path.name}: a worksheet cannot be read ({type(exc).__name__}: {exc})") from None
    finally:
        wb.close()
    return scans, charts


def _scan_sheet(wb: Any, ws: Any, max_rows: int, visit: CellVisitor | None) -> SheetScan:
    s = SheetScan(ws.title)
    if ws._max_row is not None and ws._max_column is not None:
        s.declared = f"{get_column_letter(ws._min_column)}{ws._min_row}:{get_column_letter(ws._max_column)}{ws._max_row}"
    first_row = None
    with warnings.catch_warnings(), ws._get_source() as src:
        warnings.simplefilter("ignore")
        parser = _Parser(src, ws._shared_strings, data_only=False, epoch=wb.epoch,
                         date_formats=wb._date_formats, timedelta_formats=wb._timedelta_formats)
        for _idx, row in parser.parse():
            for cell in row:
                value = cell["value"]
                if value is None and cell["data_type"] != "f":
                    continue
                r, c = cell["row"], cell["column"]
                if not s.cells:
                    s.min_row, s.min_col = r, c
                s.cells += 1
                s.min_row, s.max_row = min(s.min_row, r), max(s.max_row, r)
                s.min_col, s.max_col = min(s.min_col, c), max(s.max_col, c)
                if first_row is None:
                    first_row = r
                shown = value
                if cell["data_type"] == "f":
                    s.formulas += 1
                    shown = formula_text(value)
                    cached = cell["cached"]
                    s.cached += cell["has_cached"]
                    if len(s.formula_list) < MAX_LISTED_FORMULAS:
                        s.formula_list.append({"cell": f"{get_column_letter(c)}{r}", "formula": shown,
                                               "cached": jsonable(cached)})
                    if isinstance(cached, str) and cached in ERROR_VALUES:
                        _error(s, r, c, cached, shown)
                elif cell["data_type"] == "e":
                    _error(s, r, c, str(value), None)
                if visit is not None:
                    visit(s.name, r, c, value, cell)
                if r - first_row < max_rows and c <= SAMPLE_COLS:
                    idx = r - first_row
                    while len(s.sample) <= idx:
                        s.sample.append([])
                    line = s.sample[idx]
                    while len(line) < c:
                        line.append(None)
                    line[c - 1] = jsonable(shown)
    if s.sample:
        s.header = s.sample[0]
    if parser.merged_cells is not None:
        s.merged = [str(m.ref) for m in parser.merged_cells.mergeCell][:200]
    views = getattr(parser, "views", None)
    if views is not None and views.sheetView:
        pane = views.sheetView[0].pane
        if pane is not None and pane.state in ("frozen", "frozenSplit"):
            s.freeze = pane.topLeftCell
    s.widths = {k: float(v["width"]) for k, v in list(parser.column_dimensions.items())[:100] if v.get("width")}
    return s


def _error(s: SheetScan, r: int, c: int, value: str, formula: str | None) -> None:
    s.error_count += 1
    if len(s.errors) < MAX_LISTED_ERRORS:
        s.errors.append({"cell": f"{get_column_letter(c)}{r}", "error": value, "formula": formula})
