"""Writing workbooks from the sheet spec: streaming rows, header style, widths, CJK fonts."""
from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Sequence
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.styles.numbers import is_date_format
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.utils.exceptions import CellCoordinatesException, IllegalCharacterError

from skills.runtime._base import CommandError
from skills.runtime.xlsx._chart import add_chart
from skills.runtime._pptx_xlsx_common import CJK_FONT, display_width, has_cjk
from skills.messages import msg
from skills.runtime.xlsx._schema import XlsxSheet

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
TITLE_FONT = Font(name="Calibri", family=2, size=14, bold=True, color="1F2A44")
TITLE_FONT_CJK = Font(name=CJK_FONT, charset=134, size=14, bold=True, color="1F2A44")
TITLE_ALIGN = Alignment(horizontal="center", vertical="center")
# charset 134 (GB2312) tells Excel which script the font is for when it has to substitute.
CJK_CELL_FONT = Font(name=CJK_FONT, charset=134, size=11)


def check_sheet_name(name: str, field: str, taken: Sequence[str] = ()) -> None:
    if not name.strip():
        raise CommandError(msg("error.xlsx_write.sheet_name_blank", field=field))
    if len(name) > 31:
        raise CommandError(msg("error.xlsx_write.sheet_name_longer_characters", field=field, name=repr(name)))
    if _BAD_SHEET_CHARS.search(name):
        raise CommandError(msg("error.xlsx_write.sheet_name_may_contain", field=field, name=repr(name)))
    if name.startswith("'") or name.endswith("'"):
        raise CommandError(msg("error.xlsx_write.sheet_name_may_start", field=field, name=repr(name)))
    if name.lower() in (t.lower() for t in taken):
        raise CommandError(msg("error.xlsx_write.there_already_sheet_named", field=field, name=repr(name)))


def column_index(letter: str, field: str) -> int:
    if not isinstance(letter, str) or not _COL_RE.match(letter) or column_index_from_string(letter) > MAX_COLS:
        raise CommandError(msg("error.xlsx_write.column_letter_xfd", field=field, letter=repr(letter)))
    index: int = column_index_from_string(letter)  # openpyxl's utils carry no annotations
    return index


def check_cell_ref(ref: str, field: str) -> tuple[int, int]:
    try:
        col, row = coordinate_from_string(ref)
        c = column_index_from_string(col)
    except (ValueError, TypeError, CellCoordinatesException):
        raise CommandError(msg("error.xlsx_write.cell_reference_like_b", field=field, ref=repr(ref))) from None
    if not 1 <= row <= MAX_ROWS or c > MAX_COLS:
        raise CommandError(msg("error.xlsx_write.outside_sheet_max_xfd", field=field, ref=repr(ref)))
    return row, c


def check_value(value: Any, field: str) -> None:
    if isinstance(value, str):
        if value.startswith("="):
            from skills.runtime.xlsx._formula import syntax_problem

            why = syntax_problem(value)
            if why is not None:
                raise CommandError(msg("error.xlsx_write.formula_syntax", field=field, formula=value,
                                       why=msg(f"formula.why.{why}")))
        if len(value) > MAX_CELL_TEXT:
            raise CommandError(msg("error.xlsx_write.text_characters_cell_holds", field=field, length=len(value), max_cell_text=MAX_CELL_TEXT))
        if _CONTROL.search(value):
            raise CommandError(msg("error.xlsx_write.text_contains_control_character", field=field))
    elif isinstance(value, float) and not math.isfinite(value):
        raise CommandError(msg("error.xlsx_write.finite_number", field=field, value=value))
    elif value is not None and not isinstance(value, (int, float, bool)):
        raise CommandError(msg("error.xlsx_write.string_number_boolean_null", field=field, value=repr(value)))


def check_rows(rows: Sequence[Any], field: str, offset: int = 0) -> None:
    """Fast per-cell check for row arrays (type, length, text limits)."""
    if offset + len(rows) > MAX_ROWS:
        raise CommandError(msg("error.xlsx_write.rows_do_fit_sheet", field=field, length=len(rows), max_rows=format(MAX_ROWS, ",")))
    for r, row in enumerate(rows):
        if not isinstance(row, list):
            raise CommandError(msg("error.xlsx_write.row_array_cell_values", field=field, r=r))
        if len(row) > 1000:
            raise CommandError(msg("error.xlsx_write.cells_most_per_row", field=field, r=r, length=len(row)))
        for c, value in enumerate(row):
            if value is None or type(value) in (int, bool) or (type(value) is str and len(value) < 1000
                                                               and not value.startswith("=")
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


def first_data_row(spec: XlsxSheet) -> int:
    """Sheet row of the first data row: after the title row and the header, when present."""
    return 1 + (1 if spec.get("title") else 0) + (1 if spec.get("header") else 0)


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?$")


def as_date(value: Any) -> dt.datetime | dt.date | None:
    """An ISO date ("2026-03-01", "2026-03-01 09:30") as a date, else None."""
    if not isinstance(value, str) or not _ISO_DATE.match(value):
        return None
    try:
        return dt.datetime.fromisoformat(value) if len(value) > 10 else dt.date.fromisoformat(value)
    except ValueError:
        return None


def write_sheet(wb: Workbook, spec: XlsxSheet, field: str) -> int:
    """Stream one sheet into a write-only workbook; returns the number of rows written."""
    ws = wb.create_sheet(spec["name"])
    header, rows, title = spec.get("header"), spec["rows"], spec.get("title")
    formats = {column_index(k, f"{field}.number_formats.{k}"): v
               for k, v in (spec.get("number_formats") or {}).items()}
    date_cols = {c for c, f in formats.items() if is_date_format(f)}
    widths = default_widths(header, rows)
    for k, width in (spec.get("column_widths") or {}).items():
        widths[column_index(k, f"{field}.column_widths.{k}")] = float(width)
    for c, w in widths.items():
        ws.column_dimensions[get_column_letter(c)].width = w
    base = first_data_row(spec)
    freeze = spec.get("freeze", f"A{base}" if header else None)
    if freeze:
        check_cell_ref(freeze, f"{field}.freeze")
        ws.freeze_panes = freeze
    ncols = max([len(header or [])] + [len(r) for r in rows[:5000]] + [0])
    if spec.get("autofilter") and ncols:
        ws.auto_filter.ref = f"A{base - 1 if header else base}:{get_column_letter(ncols)}{base + len(rows) - 1}"
    if title:
        check_value(title, f"{field}.title")
        cell = WriteOnlyCell(ws, value=title)
        cell.font = TITLE_FONT_CJK if has_cjk(title) else TITLE_FONT
        cell.alignment = TITLE_ALIGN
        if ncols > 1:
            ws.merged_cells.add(f"A1:{get_column_letter(ncols)}1")
        ws.append([cell])
    if header:
        cells = []
        for name in header:
            cell = WriteOnlyCell(ws, value=name)
            cell.font = HEADER_FONT_CJK if isinstance(name, str) and has_cjk(name) else HEADER_FONT
            cell.fill, cell.border, cell.alignment = HEADER_FILL, HEADER_BORDER, HEADER_ALIGN
            cells.append(cell)
        ws.append(cells)
    plain_types = (int, float, bool, type(None))
    for r, row in enumerate(rows):
        out: list[Any] = []
        for c, given in enumerate(row, 1):
            fmt = formats.get(c)
            if fmt is None and type(given) in plain_types:  # most cells: nothing to decide
                out.append(given)
                continue
            v, literal = cell_value(given)
            cjk = isinstance(v, str) and not v.startswith("=") and has_cjk(v)
            if fmt is None and not cjk and not literal:
                out.append(v)
                continue
            if c in date_cols and not literal:
                v = as_date(v) or v
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
            raise CommandError(msg("error.xlsx_write.rows_row", field=field, r=r, base=base + r, exc=exc)) from None
    for i, chart in enumerate(spec.get("charts") or []):
        add_chart(ws, chart, spec, ncols, f"{field}.charts[{i}]")
    return len(rows) + base - 1


def new_workbook(sheets: Sequence[XlsxSheet]) -> Workbook:
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
