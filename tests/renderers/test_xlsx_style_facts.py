"""Style facts for sheets: what Excel shows for a styled header row (bold, fill, font colour, alignment,
borders), numbers in their formats (``1,200.00``, dates, percentages) and a chart's title, legend and
axis titles, read from the file with openpyxl and compared with what the grid and its drawings use."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from openpyxl.chart import BarChart, Reference
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from PySide6.QtCore import QModelIndex, Qt

from renderers.xlsx._numfmt import format_value


def _book(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Item", "Amount", "Share", "Due"])
    for cell in ws[1]:
        cell.font = Font(bold=True, color="FFFFFF", size=13)
        cell.fill = PatternFill("solid", fgColor="1F4E79")
        cell.alignment = Alignment(horizontal="center")
        cell.border = Border(bottom=Side(style="thin", color="FF0000"))
    ws.append(["Desks", 1200, 0.256, dt.datetime(2026, 6, 3)])
    ws.append(["Chairs", -35.5, 0.1, dt.datetime(2026, 6, 10)])
    for row in ws.iter_rows(min_row=2):
        row[1].number_format = "#,##0.00"
        row[2].number_format = "0.0%"
        row[3].number_format = "yyyy-mm-dd"
    chart = BarChart()
    chart.title = "Spend by item"
    chart.x_axis.title = "Item"
    chart.y_axis.title = "EUR"
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=3))
    ws.add_chart(chart, "P2")  # anchored well right of the data
    wb.save(str(path))
    return path


def test_header_row_style_and_number_formats_as_excel_shows_them(show_preview, tmp_path: Path) -> None:
    path = _book(tmp_path / "styled.xlsx")
    cell = openpyxl.load_workbook(str(path))["Sheet"]["A1"]
    preview = show_preview(path)
    model = preview.model

    def role(r: int, c: int, which: Qt.ItemDataRole):
        return model.data(model.index(r, c), which)

    assert role(0, 0, Qt.ItemDataRole.FontRole).bold() == cell.font.b is True
    assert role(0, 0, Qt.ItemDataRole.BackgroundRole).name() == "#" + cell.fill.fgColor.rgb[-6:].lower()
    assert role(0, 0, Qt.ItemDataRole.ForegroundRole).name() == "#ffffff"
    assert role(0, 0, Qt.ItemDataRole.TextAlignmentRole) & Qt.AlignmentFlag.AlignHCenter
    base = model.base_font.pointSizeF()
    assert role(0, 0, Qt.ItemDataRole.FontRole).pointSizeF() == pytest.approx(base * cell.font.sz / 11)
    assert model.style(0, 0).borders == {"bottom": "#ff0000"}
    shown = [role(r, c, Qt.ItemDataRole.DisplayRole) for r in (1, 2) for c in (1, 2, 3)]
    assert shown == ["1,200.00", "25.6%", "2026-06-03", "-35.50", "10.0%", "2026-06-10"]


def test_a_chart_right_of_the_data_can_be_scrolled_to_and_keeps_its_titles(show_preview, qtbot,
                                                                          tmp_path: Path) -> None:
    path = _book(tmp_path / "chart.xlsx")
    preview = show_preview(path, (520, 400))
    qtbot.waitUntil(lambda: bool(preview.drawings()), timeout=20_000)
    drawing = preview.drawings()[0]
    chart = drawing.chart
    assert (chart.title, chart.x_title, chart.y_title) == ("Spend by item", "Item", "EUR")
    assert chart.legend and [s.name for s in chart.series] == ["Amount"]  # the legend names the series
    assert preview.model.columnCount(QModelIndex()) > drawing.to_col  # the grid reaches the chart
    table = preview.sheet_view().table
    table.horizontalScrollBar().setValue(table.horizontalScrollBar().maximum())
    overlay = preview.overlays[0]
    qtbot.waitUntil(lambda: overlay.isVisible(), timeout=5_000)
    width = overlay.width()
    preview.zoom_in_button.click()
    qtbot.waitUntil(lambda: overlay.width() > width * 1.15, timeout=5_000)  # the drawing zooms with the cells


@pytest.mark.parametrize(("value", "code", "shown"), [
    (1200, "#,##0.00", "1,200.00"),
    (-1200, "#,##0.00", "-1,200.00"),
    (0.256, "0%", "26%"),
    (1234.5, '"$"#,##0.00_);("$"#,##0.00)', "$1,234.50"),
    (-1234.5, '"$"#,##0.00_);[Red]("$"#,##0.00)', "($1,234.50)"),
    (0, '_(* #,##0.00_);_(* \\(#,##0.00\\);_(* "-"??_);_(@_)', "-"),
    (12345.678, "0.00E+00", "1.23E+04"),
    (7, "000", "007"),
    (1500000, '#,##0,,"M"', "2M"),
    (45000, "yyyy-mm-dd", "2023-03-15"),
    (45000.75, "m/d/yy h:mm", "3/15/23 18:00"),
    (45000, "d-mmm-yy", "15-Mar-23"),
    (45000, "dddd", "Wednesday"),
    (0.5, "h:mm AM/PM", "12:00 PM"),
    (1.5, "[h]:mm", "36:00"),
    (dt.datetime(2026, 6, 3), "mmmm d, yyyy", "June 3, 2026"),
    ("abc", '"Note: "@', "Note: abc"),
])
def test_number_formats(value: object, code: str, shown: str) -> None:
    assert format_value(value, code) == shown


def test_general_and_unknown_formats_leave_the_value_to_the_grid() -> None:
    assert format_value(42, "General") is None
    assert format_value(None, "0.00") is None
    assert format_value(True, "0.00") is None
