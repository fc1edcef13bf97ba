"""Writing workbooks from the sheet spec: streaming rows, header style, widths, CJK fonts."""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.utils.exceptions import CellCoordinatesException, IllegalCharacterError

from skills.runtime._base import CommandError
from skills.runtime._pptx_xlsx_common import CJK_FONT, display_width, has_cjk

MAX_ROWS, MAX_COLS = 1_048_576, 16_384
MAX_CELL_TEXT = 32_767
_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")
_COL_RE = re.compile(r"^[A-Z]{1,3}$")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")

HEADER_FONT = Font(name="Calibri", family=2, size=11, bold=True, color="1F2A44")  # the workbook default face
HEADER_FONT_CJK = Font(name=CJK_FONT, charset=134, size=11, bold=True, color="1F2A44")
HEADER_FILL = PatternFill("solid", fgColor="DDEBF7")
HEADER_BORDER = Border(bottom=Side(style="thin", color="8EA9C1"))
HEADER_ALIGN = Alignment(vertical="center", wrap_text=False)
# charset 134 (GB2312) tells Excel which script the font is for when it has to substitute.
CJK_CELL_FONT = Font(name=CJK_FONT, charset=134, size=11)


def check_sheet_name(name: str, field: str, taken: Sequence[str] = ()) -> None:
    if not name.strip():
        raise CommandError(f"{field}: a sheet name cannot be blank")
    if len(name) > 31:
        raise CommandError(f"{field}: sheet name {name!r} is longer than 31 characters")
    if _BAD_SHEET_CHARS.search(name):
        raise CommandError(f"{field}: sheet name {name!r} may not contain any of [ ] : * ? / \\")
    if name.startswith("'") or name.endswith("'"):
        raise CommandError(f"{field}: sheet name {name!r} may not start or end with an apostrophe")
    if name.lower() in (t.lower() for t in taken):
        raise CommandError(f"{field}: there is already a sheet named {name!r}")


def column_index(letter: str, field: str) -> int:
    if not isinstance(letter, str) or not _COL_RE.match(letter) or column_index_from_string(letter) > MAX_COLS:
        raise CommandError(f"{field}: {letter!r} is not a column letter (A … XFD)")
    return column_index_from_string(letter)


def check_cell_ref(ref: str, field: str) -> tuple[int, int]:
    try:
        col, row = coordinate_from_string(ref)
        c = column_index_from_string(col)
    except (ValueError, TypeError, CellCoordinatesException):
        raise CommandError(f"{field}: {ref!r} is not a cell reference like B2") from None
    if not 1 <= row <= MAX_ROWS or c > MAX_COLS:
        raise CommandError(f"{field}: {ref!r} is outside the sheet (max XFD1048576)")
    return row, c


def check_value(value: Any, field: str) -> None:
    if isinstance(value, str):
        if len(value) > MAX_CELL_TEXT:
            raise CommandError(f"{field}: text is {len(value)} characters; a cell holds at most {MAX_CELL_TEXT}")
        if _CONTROL.search(value):
            raise CommandError(f"{field}: text contains a control character a spreadsheet cannot store")
    elif isinstance(value, float) and not math.isfinite(value):
        raise CommandError(f"{field}: {value} is not a finite number")
    elif value is not None and not isinstance(value, (int, float, bool)):
        raise CommandError(f"{field}: {value!r} is not a string, number, boolean or null")


def check_rows(rows: Sequence[Any], field: str, offset: int = 0) -> None:
    """Fast per-cell check for row arrays (type, length, text limits)."""
    if offset + len(rows) > MAX_ROWS:
        raise CommandError(f"{field}: {len(rows)} rows do not fit in a sheet (max {MAX_ROWS:,} rows)")
    for r, row in enumerate(rows):
        if not isinstance(row, list):
            raise CommandError(f"{field}[{r}]: a row must be an array of cell values")
        if len(row) > 1000:
            raise CommandError(f"{field}[{r}]: {len(row)} cells; at most 1000 per row")
        for c, value in enumerate(row):
            if value is None or type(value) in (int, bool) or (type(value) is str and len(value) < 1000
                                                               and not _CONTROL.search(value)):
                continue
            check_value(value, f"{field}[{r}][{c}]")


def cell_value(value: Any) -> tuple[Any, bool]:
    """(value to store, is literal text that must not become a formula)."""
    if isinstance(value, str) and value.startswith("'="):
        return value[1:], True
    return value, False


def default_widths(header: Sequence[Any] | None, rows: Sequence[Sequence[Any]]) -> dict[int, float]:
    widths: dict[int, int] = {}
    sample = ([list(header)] if header else []) + list(rows[:300])
    for row in sample:
        for c, v in enumerate(row, 1):
            if v is None:
                continue
            if isinstance(v, str) and v.startswith("="):
                w = 12
            elif isinstance(v, float):
                w = min(len(f"{v:,.2f}"), 18)
            else:
                w = display_width(str(v))
            widths[c] = max(widths.get(c, 0), w)
    return {c: float(min(max(w + 2, 8), 60)) for c, w in widths.items()}


def write_sheet(wb: Workbook, spec: dict[str, Any], field: str) -> int:
    """Stream one sheet into a write-only workbook; returns the number of rows written."""
    ws = wb.create_sheet(spec["name"])
    header, rows = spec.get("header"), spec["rows"]
    formats = {column_index(k, f"{field}.number_formats.{k}"): v
               for k, v in (spec.get("number_formats") or {}).items()}
    widths = default_widths(header, rows)
    for k, v in (spec.get("column_widths") or {}).items():
        widths[column_index(k, f"{field}.column_widths.{k}")] = float(v)
    for c, w in widths.items():
        ws.column_dimensions[get_column_letter(c)].width = w
    freeze = spec.get("freeze", "A2" if header else None)
    if freeze:
        check_cell_ref(freeze, f"{field}.freeze")
        ws.freeze_panes = freeze
    ncols = max([len(header or [])] + [len(r) for r in rows[:5000]] + [0])
    if spec.get("autofilter") and ncols:
        ws.auto_filter.ref = f"A1:{get_column_letter(ncols)}{len(rows) + (1 if header else 0)}"
    if header:
        cells = []
        for v in header:
            cell = WriteOnlyCell(ws, value=v)
            cell.font = HEADER_FONT_CJK if isinstance(v, str) and has_cjk(v) else HEADER_FONT
            cell.fill, cell.border, cell.alignment = HEADER_FILL, HEADER_BORDER, HEADER_ALIGN
            cells.append(cell)
        ws.append(cells)
    base = 2 if header else 1
    for r, row in enumerate(rows):
        out: list[Any] = []
        for c, v in enumerate(row, 1):
            v, literal = cell_value(v)
            fmt = formats.get(c)
            cjk = isinstance(v, str) and not v.startswith("=") and has_cjk(v)
            if fmt is None and not cjk and not literal:
                out.append(v)
                continue
            cell = WriteOnlyCell(ws, value=v)
            if literal:
                cell.data_type = "s"
            if fmt is not None:
                cell.number_format = fmt
            if cjk:
                cell.font = CJK_CELL_FONT
            out.append(cell)
        try:
            ws.append(out)
        except (IllegalCharacterError, ValueError) as exc:
            raise CommandError(f"{field}.rows[{r}] (row {base + r}): {exc}") from None
    return len(rows) + (1 if header else 0)


def new_workbook(sheets: Sequence[dict[str, Any]]) -> Workbook:
    names: list[str] = []
    for i, spec in enumerate(sheets):
        check_sheet_name(spec["name"], f"sheets[{i}].name", names)
        names.append(spec["name"])
        if spec.get("header") is not None:
            check_rows([spec["header"]], f"sheets[{i}].header")
        check_rows(spec["rows"], f"sheets[{i}].rows", 1 if spec.get("header") else 0)
    wb = Workbook(write_only=True)
    for i, spec in enumerate(sheets):
        write_sheet(wb, spec, f"sheets[{i}]")
    return wb
