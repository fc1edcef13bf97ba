"""Native Excel charts (bar, line, pie) over a sheet's own table, written with openpyxl.chart."""
from __future__ import annotations

from typing import Any

from openpyxl.chart import BarChart, LineChart, PieChart, Reference
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.utils.exceptions import CellCoordinatesException

from skills.runtime._base import CommandError
from skills.messages import msg
from skills.runtime.xlsx._schema import XlsxChart, XlsxSheet


def _column(letter: str, field: str, ncols: int) -> int:
    try:
        col: int = column_index_from_string(letter.strip().upper())  # openpyxl's utils carry no annotations
    except ValueError:
        raise CommandError(msg("error.xlsx_chart.column_letter", field=field, letter=repr(letter))) from None
    if not 1 <= col <= max(ncols, 1):
        raise CommandError(msg("error.xlsx_chart.column_outside_table_columns", field=field, letter=letter, value=get_column_letter(ncols)))
    return col


def add_chart(ws: Any, chart: XlsxChart, spec: XlsxSheet, ncols: int, field: str) -> None:
    """Add one chart whose series are columns of the table ``spec`` wrote; the header row names the series."""
    header_row = 2 if spec.get("title") else 1
    if not spec.get("header"):
        raise CommandError(msg("error.xlsx_chart.chart_needs_header_row", field=field))
    chart_table(ws, chart, header_row, header_row + len(spec["rows"]), ncols, field)


def chart_table(ws: Any, chart: XlsxChart, header_row: int, last_row: int, ncols: int, field: str) -> None:
    """One chart over the table whose header is ``header_row`` and whose data ends at ``last_row`` (unless
    the chart names its own last row)."""
    first = header_row + 1
    last = chart.get("last_row") or last_row
    if last < first:
        raise CommandError(msg("error.xlsx_chart.chart_data_rows_rows", field=field, first=first, last=last))
    kind = chart["type"]
    if kind == "line":
        made: Any = LineChart()
    elif kind == "pie":
        made = PieChart()
    else:
        made = BarChart()  # "bar chart"/"柱状图" as people say it: vertical columns
        made.type = "col"
    if chart.get("title"):
        made.title = chart["title"]
    for i, letter in enumerate(chart["values"]):
        col = _column(letter, f"{field}.values[{i}]", ncols)
        made.add_data(Reference(ws, min_col=col, min_row=header_row, max_row=last), titles_from_data=True)
        if kind == "pie":
            break  # a pie shows one series
    if chart.get("categories"):
        col = _column(chart["categories"], f"{field}.categories", ncols)
        made.set_categories(Reference(ws, min_col=col, min_row=first, max_row=last))
    anchor = chart.get("anchor") or f"{get_column_letter(ncols + 2)}{header_row}"
    try:
        coordinate_from_string(anchor)
    except (CellCoordinatesException, ValueError):
        raise CommandError(msg("error.xlsx_chart.anchor_cell_reference_like", field=field, anchor=repr(anchor))) from None
    made.width, made.height = 16, 8
    ws.add_chart(made, anchor)
