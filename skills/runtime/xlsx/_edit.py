"""Edit operations on a loaded workbook. Each returns readable [before, after] pairs."""
from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from copy import copy
import warnings
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from skills.messages import count as count_msg
from skills.messages import Said, msg
from skills.runtime.xlsx._schema import AddChartOp, AddSheetOp, AppendRowsOp, RemoveSheetOp, RenameSheetOp, SetCellsOp, Value, XlsxOperation
from skills.runtime.xlsx._book import load_book
from skills.runtime.xlsx._chart import chart_table
from skills.runtime._base import CommandError
from skills.runtime._pptx_xlsx_common import has_cjk
from skills.runtime.xlsx._insert import RowInsert, data_left, data_width, header_row, insertion_row
from skills.runtime.xlsx._write import (
    CJK_CELL_FONT,
    HEADER_ALIGN,
    HEADER_BORDER,
    HEADER_FILL,
    HEADER_FONT,
    HEADER_FONT_CJK,
    as_date,
    cell_value,
    check_cell_ref,
    check_rows,
    check_sheet_name,
    check_value,
    default_widths,
)

MAX_EDIT_XML = 150 * 1024 * 1024  # uncompressed worksheet XML a full (non-streaming) load may take
# Part families openpyxl may not carry over on save; losing one must stop the edit.
_FAMILIES = ("xl/charts", "xl/drawings", "xl/media", "xl/pivotTables", "xl/pivotCache", "xl/tables",
             "xl/comments", "xl/threadedComments", "xl/externalLinks", "xl/slicers", "xl/slicerCaches",
             "xl/timelines", "xl/queryTables", "xl/connections", "customXml", "xl/ctrlProps", "xl/activeX")
_PER_SHEET = {"xl/charts", "xl/drawings", "xl/media", "xl/pivotTables", "xl/tables", "xl/comments",
              "xl/threadedComments", "xl/slicers", "xl/timelines", "xl/queryTables", "xl/ctrlProps"}

Change = list[Said]


def open_for_edit(path: Path) -> Workbook:
    with zipfile.ZipFile(path) as zf:
        size = sum(i.file_size for i in zf.infolist() if i.filename.startswith("xl/worksheets/"))
    if size > MAX_EDIT_XML:
        raise CommandError(msg("problem.too_large_to_edit", name=path.name),
                           details=f"{size // (1 << 20)} MB of worksheet XML")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            wb = load_book(path)
    except Exception as exc:  # noqa: BLE001 - a malformed package can fail anywhere inside openpyxl
        raise CommandError(msg("problem.corrupt", name=path.name, kind="XLSX"),
                           details=f"{type(exc).__name__}: {exc}") from None
    # openpyxl announces what it cannot carry over ("... extension is not supported and will be
    # removed"); saving would silently lose it, so the edit stops here instead.
    lost = sorted({str(w.message).split(" is not supported")[0].split(" will be removed")[0]
                   for w in caught if "will be removed" in str(w.message)})
    if lost:
        raise CommandError(msg("problem.would_lose", name=path.name), details="; ".join(lost))
    return wb


def part_families(path: Path) -> set[str]:
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
    return {f for f in _FAMILIES if any(n.startswith(f) for n in names)}


def lost_parts(before: Path, after: Path, removed_sheet: bool) -> list[str]:
    lost = part_families(before) - part_families(after)
    return sorted(lost - _PER_SHEET if removed_sheet else lost)


def show(value: Any) -> str:
    if value is None or value == "":
        return "(empty)"
    text = str(value)
    return text if len(text) <= 80 else text[:79] + "…"


def _cell_said(cell: str, value: Any) -> Said:
    """"Sales!B2: 1200"; an empty cell in the reader's words ("Sales!B2: (empty)", "Sales!B2：（空）")."""
    return f"{cell}: {show(value)}" if value is not None and value != "" else msg("change.cell_empty", cell=cell)


def _sheet(wb: Workbook, name: str, where: str) -> Any:
    if name not in wb.sheetnames:
        # a spreadsheet's sheet names are one whatever their case ("sheet1" is Sheet1), as Excel holds them
        same = [n for n in wb.sheetnames if n.casefold() == name.casefold()]
        name = same[0] if len(same) == 1 else name
    if name not in wb.sheetnames:
        raise CommandError(msg("error.xlsx_edit.there_sheet_sheets", where=where, name=repr(name), sheetnames=', '.join(wb.sheetnames)))
    ws = wb[name]
    if not hasattr(ws, "cell"):
        raise CommandError(msg("error.xlsx_edit.chart_sheet_worksheet", where=where, name=repr(name)))
    return ws


def _put(ws: Any, row: int, col: int, value: Any) -> None:
    value, literal = cell_value(value)
    cell = ws.cell(row=row, column=col)
    cell.value = value
    if literal:
        cell.data_type = "s"
    if isinstance(value, str) and not value.startswith("=") and has_cjk(value) and not cell.has_style:
        cell.font = CJK_CELL_FONT


def _used_rows(ws: Any) -> int:
    return 0 if ws.max_row == 1 and all(c.value is None for c in ws[1]) else ws.max_row


def write_rows(ws: Any, header: Sequence[Any] | None, rows: Sequence[Sequence[Any]]) -> None:
    """Header + rows into a fresh sheet, styled like xlsx_create does."""
    if header:
        for c, v in enumerate(header, 1):
            cell = ws.cell(row=1, column=c, value=v)
            cell.font = HEADER_FONT_CJK if isinstance(v, str) and has_cjk(v) else HEADER_FONT
            cell.fill, cell.border, cell.alignment = HEADER_FILL, HEADER_BORDER, HEADER_ALIGN
        ws.freeze_panes = "A2"
    base = 2 if header else 1
    for r, row in enumerate(rows):
        for c, v in enumerate(row, 1):
            if v is not None:
                _put(ws, base + r, c, v)
    for c, w in default_widths(header, rows).items():
        ws.column_dimensions[get_column_letter(c)].width = w


def _quote(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", name) else "'" + name.replace("'", "''") + "'"


def _ref_pattern(name: str) -> re.Pattern[str]:
    quoted = re.escape("'" + name.replace("'", "''") + "'")
    return re.compile(rf"(?:{quoted}|(?<![\w.']){re.escape(name)})!", re.IGNORECASE)


def _formulas(wb: Workbook) -> Any:
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f" and isinstance(cell.value, str):
                    yield ws, cell


def _set_cells(wb: Workbook, op: SetCellsOp, where: str) -> list[Change]:
    ws = _sheet(wb, op["sheet"], where)
    changes: list[Change] = []
    header = header_row(ws)
    for ref, value in op["cells"].items():
        row, col = check_cell_ref(ref, f"{where}.cells.{ref}")
        check_value(value, f"{where}.cells.{ref}")
        cell = ws.cell(row=row, column=col)
        before = cell.value
        if before is None and value is not None and not cell.has_style and row - 1 > header:
            # a new cell under a column of data takes its look (a total under "1,200" shows "3,850"), as
            # Excel extends a list's formats; a cell with a look of its own, or under the header, keeps its own
            above = ws.cell(row=row - 1, column=col)
            if above.value is not None and above.has_style:
                cell._style = copy(above._style)
        elif before is None and value is not None and not cell.has_style and row == header and col > 1:
            # a new column's header takes the look of the header before it (bold, fill, borders)
            left = ws.cell(row=row, column=col - 1)
            if left.value is not None and left.has_style:
                cell._style = copy(left._style)
        _put(ws, row, col, value)
        changes.append([_cell_said(f"{ws.title}!{ref.upper()}", before),
                        _cell_said(f"{ws.title}!{ref.upper()}", cell_value(value)[0])])
    return changes


def _append_rows(wb: Workbook, op: AppendRowsOp, where: str, placed: dict[str, Value] | None = None) -> list[Change]:
    """New rows at the end of the data region: above a totals row, with every range over it grown."""
    ws = _sheet(wb, op["sheet"], where)
    used = _used_rows(ws)
    check_rows(op["rows"], f"{where}.rows", used)
    start = insertion_row(ws, used) if used else 1
    above = start - 1
    header = header_row(ws)  # above the insertion: the same row before and after it
    count = len(op["rows"])
    grown: Counter[str] = Counter()
    if above >= 1:  # also below the last row: ranges that end on it take the new rows
        insert = RowInsert(sheet=ws.title, at=start, count=count, header=header, width=data_width(ws, above))
        grown = insert.apply(wb)
        if placed:
            _shift_placed(placed, insert)
    model = above if above > header else 0  # the data row whose formats and formulas new rows take
    left = data_left(ws, header) if used else 1  # a table that starts in column B gets its rows there
    for r, given in enumerate(op["rows"]):
        row = [_like(ws.cell(row=model, column=c) if model else None, v) for c, v in enumerate(given, left)]
        _new_row(ws, start + r, row, model, left)
        if placed is not None:
            placed.update({f"{ws.title}!{get_column_letter(c)}{start + r}": v
                           for c, v in enumerate(row, left) if v is not None})
    end = start + count - 1
    first = " | ".join(show(v) for v in op["rows"][0][:8])
    changes: list[Change] = [[msg("change.sheet", used, name=ws.title),
                msg("change.rows_added", name=ws.title, first=start, last=end, sample=first) if end > start
                else msg("change.row_added", name=ws.title, row=start, sample=first)]]
    if start <= used:
        changes.append(["", msg("change.rows_above_totals", row=end + 1)])
    parts = [count_msg(key, grown[k]) for k, key in _GROWN.items() if grown[k]]
    if parts:
        changes.append(["", msg("change.rows_covered", parts=parts)])
    return changes


_GROWN = {"formulas": "count.formulas", "charts": "count.charts", "tables": "count.tables",
          "names": "count.defined_names", "conditional_formats": "count.conditional_formats",
          "validations": "count.validations", "autofilter": "count.autofilters", "pivots": "count.pivot_tables"}


def _new_row(ws: Any, row: int, values: Sequence[Any], model: int, left: int) -> None:
    """One appended row from column ``left``: its values, the model row's styles, and its formulas where no
    value was given."""
    from openpyxl.formula.translate import Translator

    last = max(left + len(values) - 1, max((c.column for c in ws[model] if c.value is not None), default=0)
               if model else 0)
    for c in range(1, last + 1):
        v = values[c - left] if left <= c < left + len(values) else None
        src = ws.cell(row=model, column=c) if model else None
        if src is not None and src.has_style:
            ws.cell(row=row, column=c)._style = copy(src._style)
        if v is None and src is not None and src.data_type == "f" and isinstance(src.value, str):
            # a calculated column (=B5-C5) continues into the new row, as in an Excel table
            ws.cell(row=row, column=c).value = Translator(src.value, origin=src.coordinate).translate_formula(
                f"{get_column_letter(c)}{row}")
        elif v is not None:
            _put(ws, row, c, v)


_TRUTH = {"true": True, "false": False, "yes": True, "no": False}


def _like(model: Any, value: Any) -> Any:
    """A typed value as the column's model cell holds its kind: "1990-05-01" in a column of dates is a date,
    "FALSE" in a column of TRUE/FALSE is False. Anything else stays as given."""
    if model is None or not isinstance(value, str):
        return value
    if model.is_date:  # a cell holds a date and time: a date alone reads back as its midnight
        date = as_date(value.strip())
        if isinstance(date, dt.date) and not isinstance(date, dt.datetime):
            date = dt.datetime.combine(date, dt.time())
        return date if date is not None else value
    if model.data_type == "b" and value.strip().casefold() in _TRUTH:
        return _TRUTH[value.strip().casefold()]
    return value


def _add_sheet(wb: Workbook, op: AddSheetOp, where: str) -> list[Change]:
    check_sheet_name(op["name"], f"{where}.name", wb.sheetnames)
    rows = op.get("rows") or []
    header = op.get("header")
    if header:
        check_rows([header], f"{where}.header")
    check_rows(rows, f"{where}.rows", 1 if header else 0)
    write_rows(wb.create_sheet(op["name"]), header, rows)
    made = msg("change.new_sheet.header" if header else "change.new_sheet", len(rows), name=op["name"])
    return [["", made]]


def _remove_sheet(wb: Workbook, op: RemoveSheetOp, where: str) -> list[Change]:
    ws = _sheet(wb, op["name"], where)
    if len(wb.worksheets) == 1:
        raise CommandError(msg("error.xlsx_edit.remove_worksheet", where=where, name=repr(op['name'])))
    pattern = _ref_pattern(ws.title)
    refs = sum(1 for other, cell in _formulas(wb) if other is not ws and pattern.search(cell.value))
    rows = _used_rows(ws)
    wb.remove(ws)
    gone = msg("change.removed.refs", refs) if refs else msg("change.removed")
    return [[msg("change.sheet", rows, name=op["name"]), gone]]


def _rename_sheet(wb: Workbook, op: RenameSheetOp, where: str) -> list[Change]:
    ws = _sheet(wb, op["name"], where)
    others = [n for n in wb.sheetnames if n != ws.title]
    check_sheet_name(op["to"], f"{where}.to", others)
    old, new = ws.title, op["to"]
    pattern, repl = _ref_pattern(old), _quote(new) + "!"
    updated = 0
    for _, cell in _formulas(wb):
        text = pattern.sub(lambda _m: repl, cell.value)
        if text != cell.value:
            cell.value, updated = text, updated + 1
    for dn in list(wb.defined_names.values()):
        if dn.attr_text:
            dn.attr_text = pattern.sub(lambda _m: repl, dn.attr_text)
    ws.title = new
    renamed = msg("change.sheet.renamed", updated, name=new) if updated else msg("change.sheet.name", name=new)
    return [[msg("change.sheet.name", name=old), renamed]]


def _add_chart(wb: Workbook, op: AddChartOp, where: str) -> list[Change]:
    """A native chart over a sheet's table: its header row names the series, its data ends above a totals
    row (a total is not a month), and it stands right of the table unless the chart names a cell."""
    ws = _sheet(wb, op["sheet"], where)
    used = _used_rows(ws)
    header = header_row(ws)
    if used <= header:
        raise CommandError(msg("error.xlsx_edit.chart_no_data", where=where, name=ws.title))
    last = insertion_row(ws, used) - 1
    chart = op["chart"]
    chart_table(ws, chart, header, last, data_width(ws, header), f"{where}.chart")
    kinds = {"line": "chart.kind.line", "pie": "chart.kind.pie"}
    letters = chart["values"][:1] if chart["type"] == "pie" else chart["values"]  # a pie shows one series
    names = [str(ws[f"{letter.strip().upper()}{header}"].value) for letter in letters]
    # nothing before it: a pair of the sheet and the chart read as the sheet turned into a chart
    return [["", msg("change.chart_added", kind=msg(kinds.get(chart["type"], "chart.kind.bar")), series=names,
                     sheet=ws.title, first=header + 1, last=chart.get("last_row") or last)]]


def apply_operations(wb: Workbook, ops: Sequence[XlsxOperation],
                     placed: dict[str, Value] | None = None) -> list[Change]:
    """Apply every operation in order; the first failing one raises before anything is written.

    ``placed`` collects where the values given end up ("Sheet!B7" → value, formulas as text), rows
    inserted by a later operation included, for the evidence to find them in the file.
    """
    changes: list[Change] = []
    placed = {} if placed is None else placed
    for i, op in enumerate(ops):
        where = f"operations[{i}] ({op['op']})"
        if op["op"] == "append_rows":
            changes += _append_rows(wb, op, where, placed)
        elif op["op"] == "set_cells":
            changes += _set_cells(wb, op, where)
            title = _sheet(wb, op["sheet"], where).title  # the sheet's own name ("sales" is Sales)
            placed.update({f"{title}!{ref.upper()}": v for ref, v in op["cells"].items()})
        elif op["op"] == "add_sheet":
            changes += _add_sheet(wb, op, where)
        elif op["op"] == "remove_sheet":
            changes += _remove_sheet(wb, op, where)
        elif op["op"] == "add_chart":
            changes += _add_chart(wb, op, where)
        else:  # rename_sheet: the schema allows no other op
            changes += _rename_sheet(wb, op, where)
    return changes


def _shift_placed(placed: dict[str, Value], insert: RowInsert) -> None:
    """Values placed by earlier operations, where the inserted rows moved them (formulas rewritten too)."""
    from openpyxl.utils.cell import coordinate_from_string

    moved: dict[str, Value] = {}
    for key, value in placed.items():
        name, _, ref = key.rpartition("!")
        col, row = coordinate_from_string(ref)
        on = name == insert.sheet
        if isinstance(value, str) and value.startswith("="):
            value = insert.formula(value, on)
        moved[f"{name}!{col}{row + insert.count if on and row >= insert.at else row}"] = value
    placed.clear()
    placed.update(moved)
