"""XLSX grid: the sheet's real size from the start, rows read around the view, sizes from the file,
shared strings read only as far as needed."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt



@pytest.fixture(scope="module")
def rows_20k(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20,000 rows saved the way Excel does: a declared size and a shared-string table."""
    from bench._xlsx_gen import write_shared_strings_xlsx

    return write_shared_strings_xlsx(tmp_path_factory.mktemp("x20k") / "rows.xlsx", 20_000)


def test_scroll_range_is_the_real_row_count_and_ctrl_end_reaches_the_last_row(show_preview, qtbot, view_of, rows_20k,
                                                                              monkeypatch) -> None:
    import renderers.xlsx.plugin

    monkeypatch.setattr(renderers.xlsx.plugin, "PREFETCH_BYTES", 0)  # on demand only, as for a big sheet
    preview = show_preview(rows_20k, (800, 600))
    model, table = preview.model, preview.sheet_view().table
    assert model.rowCount() == 20_000 and model.rows_loaded() < 1000
    assert preview.sheet_view().note_label.text() == "20,000 rows"
    bar = table.verticalScrollBar()
    bar.setValue(bar.maximum())  # dragging the scrollbar to the end
    qtbot.waitUntil(lambda: model.data(model.index(19_999, 1)) == "customer 19999", timeout=10_000)
    table.setFocus()
    table.setCurrentIndex(model.index(5, 0))
    qtbot.keyClick(table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert table.currentIndex().row() == 19_999 and table.currentIndex().column() == 2
    assert preview.sheet_view().cell_label.text() == "C20000"
    bar.setValue(bar.maximum() // 2)  # the middle, never read so far, is read on demand
    middle = table.rowAt(table.viewport().height() // 2)
    qtbot.waitUntil(lambda: model.data(model.index(middle, 0)) == str(middle), timeout=10_000)
    assert model.rows_loaded() < 5000


def test_rows_far_from_the_view_are_dropped_and_read_again(show_preview, qtbot, view_of, rows_20k, monkeypatch) -> None:
    import renderers.xlsx._model
    import renderers.xlsx.plugin

    monkeypatch.setattr(renderers.xlsx.plugin, "PREFETCH_BYTES", 0)
    monkeypatch.setattr(renderers.xlsx._model, "MAX_CELLS_LOADED", 600)
    preview = show_preview(rows_20k, (800, 600))
    model, table = preview.model, preview.sheet_view().table
    table.scrollToBottom()
    qtbot.waitUntil(lambda: model.data(model.index(19_999, 0)) == "19999", timeout=10_000)
    assert model.rows_loaded() * model.columnCount() <= 600 * 2
    assert not model.covered(1)
    table.scrollToTop()
    qtbot.waitUntil(lambda: model.data(model.index(1, 1)) == "customer 1", timeout=10_000)


def test_column_widths_row_heights_and_hidden_columns_from_the_file(show_preview, qtbot, view_of, tmp_path) -> None:
    import openpyxl

    from renderers.xlsx._data import height_px, width_px

    wb = openpyxl.Workbook()
    ws = wb.active
    for r in range(1, 30):
        ws.append([f"a{r}", f"b{r}", f"c{r}", f"d{r}"])
    ws.column_dimensions["A"].width = 40
    ws.column_dimensions["C"].width = 4
    ws.column_dimensions["D"].hidden = True
    ws.row_dimensions[3].height = 45
    path = tmp_path / "sizes.xlsx"
    wb.save(str(path))
    preview = show_preview(path, (800, 600))
    table = preview.sheet_view().table
    assert table.columnWidth(0) == width_px(40) > 250
    assert table.columnWidth(2) == width_px(4) < 40
    assert table.columnWidth(1) == width_px(8.43)  # Excel's default width, not a fixed 90 px
    assert table.isColumnHidden(3)
    assert table.rowHeight(2) == height_px(45) == 60 and table.rowHeight(3) == height_px(15)
    from renderers.xlsx.plugin import render_image

    thumb, _ = render_image(path, 0, 640)  # the card's picture uses the same widths
    edge = 40 + width_px(40)  # row-number gutter, then column A
    assert thumb.pixelColor(edge, 200).name() == "#dadce0" and thumb.pixelColor(40 + 90, 200).name() != "#dadce0"


def test_shared_strings_are_read_only_as_far_as_the_first_rows_need(show_preview, qtbot, view_of, rows_20k,
                                                                    monkeypatch) -> None:
    import renderers.xlsx.plugin

    monkeypatch.setattr(renderers.xlsx.plugin, "PREFETCH_BYTES", 0)
    preview = show_preview(rows_20k, (800, 600))
    model = preview.model
    assert model.data(model.index(0, 1)) == "Name" and model.data(model.index(7, 1)) == "customer 7"
    assert 0 < len(model.reader.shared) < 2000  # of ~20,000 strings in the table


def test_inspect_streams_shared_strings(rows_20k) -> None:
    from skills.runtime.xlsx._read import scan_workbook

    scans, _ = scan_workbook(rows_20k, max_rows=5)
    sheet = scans[0]
    assert sheet.sample[1] == [1, "customer 1", "South"] and sheet.max_row == 20_000
    assert sheet.cells == 60_000


def test_lazy_strings_match_openpyxl(tmp_path) -> None:
    import zipfile

    from openpyxl.reader.strings import read_string_table

    from skills.runtime.xlsx._strings import LazyStrings

    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    entries = ["<si><t>plain</t></si>", '<si><t xml:space="preserve">  spaced  </t></si>', "<si><t>中文文本</t></si>",
               "<si><r><t>rich </t></r><r><rPr><b/></rPr><t>run</t></r></si>",
               "<si><t>漢字</t><rPh sb='0' eb='2'><t>かんじ</t></rPh></si>", "<si><t/></si>"]
    xml = f'<sst xmlns="{ns}">{"".join(entries)}</sst>'.encode()
    path = tmp_path / "s.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("xl/sharedStrings.xml", xml)
    import io

    expected = [str(s) for s in read_string_table(io.BytesIO(xml))]
    with zipfile.ZipFile(path) as z:
        strings = LazyStrings(z, "xl/sharedStrings.xml")
        assert strings[1] == "  spaced  " and len(strings) == 2  # parsed no further than asked
        assert [strings[i] for i in range(len(entries))] == expected
        with pytest.raises(IndexError):
            strings[len(entries)]
        strings.close()


def test_charts_and_pictures_are_drawn_over_their_cells(show_preview, qtbot, view_of, tmp_path) -> None:
    import zipfile

    import openpyxl
    from openpyxl.chart import BarChart, Reference
    from openpyxl.drawing.image import Image
    from pptx.chart.data import CategoryChartData
    from pptx.chart.xmlwriter import ChartXmlWriter
    from pptx.enum.chart import XL_CHART_TYPE

    from tests.renderers import office_xml as ox

    wb = openpyxl.Workbook()
    ws = wb.active
    for r in range(1, 200):
        ws.append([f"m{r}", r * 3])
    cached = BarChart()
    cached.title = "Revenue by month"
    cached.add_data(Reference(ws, min_col=2, min_row=1, max_row=5))
    ws.add_chart(cached, "D2")
    bare = BarChart()
    bare.title = "Costs without a cache"
    bare.add_data(Reference(ws, min_col=2, min_row=1, max_row=5))
    ws.add_chart(bare, "D20")
    empty = BarChart()
    empty.title = "Nothing to plot"
    empty.add_data(Reference(ws, min_col=8, min_row=1, max_row=5))  # empty cells
    ws.add_chart(empty, "D40")
    png = tmp_path / "logo.png"
    png.write_bytes(ox.png_bytes("#d02090", (120, 60)))
    ws.add_image(Image(str(png)), "A22")
    path = tmp_path / "charts.xlsx"
    wb.save(str(path))
    # Excel saves the values it last drew in the chart part; openpyxl does not: give chart 1 a cache
    data = CategoryChartData()
    data.categories = ["Jan", "Feb", "Mar"]
    data.add_series("Revenue", (30.0, 45.0, 60.0))
    xml = ChartXmlWriter(XL_CHART_TYPE.COLUMN_CLUSTERED, data).xml
    xml = xml.replace("<c:chart>", '<c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Revenue by month'
                                   '</a:t></a:r></a:p></c:rich></c:tx></c:title>', 1)
    with zipfile.ZipFile(path) as z:
        first_chart = sorted(n for n in z.namelist() if n.startswith("xl/charts/chart"))[0]
    ox.rewrite(path, {first_chart: xml.encode()})

    preview = show_preview(path, (800, 600))
    qtbot.waitUntil(lambda: len(preview.drawings()) == 4, timeout=10_000)
    kinds = {(d.kind, d.title, d.chart is not None) for d in preview.drawings()}
    assert ("chart", "Revenue by month", True) in kinds and ("chart", "Nothing to plot", False) in kinds
    from_cells = next(d.chart for d in preview.drawings() if d.title == "Costs without a cache")
    assert from_cells is not None and from_cells.series[0].values == (3.0, 6.0, 9.0, 12.0, 15.0)  # read from B1:B5
    assert any(d.kind == "picture" and d.image is not None for d in preview.drawings())
    chart = next(o for o in preview.overlays if o.drawing.title == "Revenue by month")
    assert chart.isVisible() and chart.width() > 200
    image = chart.grab().toImage()
    with zipfile.ZipFile(path) as z:  # a series without its own colour takes the workbook theme's accent1
        theme = z.read("xl/theme/theme1.xml").decode()
    accent1 = "#" + theme.split("<a:accent1>", 1)[1].split('val="', 1)[1][:6].lower()
    blue = sum(1 for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)
               if image.pixelColor(x, y).name() == accent1)
    assert blue > 30  # the bars, from the cached values
    table = preview.sheet_view().table
    # anchored at D2: row 2, and column D past the two data columns, at the default width
    assert chart.geometry().top() == table.rowViewportPosition(1)
    assert chart.geometry().left() == (table.columnViewportPosition(1) + table.columnWidth(1)
                                       + table.horizontalHeader().defaultSectionSize())
    table.verticalScrollBar().setValue(table.verticalScrollBar().maximum())
    assert not chart.isVisible()  # scrolled away with its cells


def test_inspect_counts_cells_formulas_and_errors_past_the_sample(tmp_path) -> None:
    import openpyxl

    from skills.runtime.xlsx._read import scan_workbook

    wb = openpyxl.Workbook()
    ws = wb.active
    for r in range(1, 101):
        ws.cell(r, 2, r)
    ws["C50"] = "=B50*2"
    ws["D60"] = "#N/A"
    ws["D60"].data_type = "e"
    ws["A90"] = "left"
    ws["F95"] = "far right"
    path = tmp_path / "mixed.xlsx"
    wb.save(str(path))
    sheet = scan_workbook(path, max_rows=5)[0][0]
    assert sheet.cells == 104 and sheet.formulas == 1 and sheet.error_count == 1
    assert sheet.used_range == "A1:F100"
    assert sheet.formula_list[0]["cell"] == "C50"


def test_the_row_count_note_says_one_row_not_one_rows(show_preview, qtbot, view_of, tmp_path: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["only", "row"])
    path = tmp_path / "one.xlsx"
    book.save(path)
    preview = show_preview(path, (800, 600))
    qtbot.waitUntil(lambda: preview.sheet_view().note_label.text() == "1 row", timeout=10_000)


def test_a_chart_below_the_data_lengthens_the_grid_not_the_row_count(show_preview, qtbot, view_of, tmp_path: Path) -> None:
    """The grid grows to reach a chart anchored past the data; the note still counts the sheet's rows, also when
    it is written again (a language change)."""
    from openpyxl import Workbook
    from openpyxl.chart import BarChart, Reference

    from desktop import i18n

    book = Workbook()
    sheet = book.active
    for row in (("Month", "North"), ("Jan", 1200), ("Feb", 1300)):
        sheet.append(list(row))
    chart = BarChart()
    chart.add_data(Reference(sheet, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    sheet.add_chart(chart, "B8")  # rows 8 to about 22
    path = tmp_path / "charted.xlsx"
    book.save(path)
    preview = show_preview(path, (800, 600))
    qtbot.waitUntil(lambda: len(preview.overlays) == 1 and preview.model is not None
                    and preview.model.rowCount() > 8, timeout=10_000)
    assert preview.sheet_view().note_label.text() == "3 rows"
    i18n.set_language("zh_CN")
    try:
        preview.retranslate()
        assert preview.sheet_view().note_label.text().startswith("3 ")
    finally:
        i18n.set_language("en")
        preview.retranslate()


def test_the_cards_thumbnail_shows_the_sheet_as_the_panel_does(qapp, tmp_path: Path) -> None:
    """The card's picture of a workbook: its header fill and fonts, numbers in their formats, a merged title over
    its columns, a formula with no saved value greyed, and the chart where it is anchored (it showed plain text)."""
    from openpyxl import Workbook
    from openpyxl.chart import BarChart, Reference
    from openpyxl.styles import Font, PatternFill

    from renderers.xlsx._thumb import ROW_H, draw_thumbnail, thumbnail_part

    book = Workbook()
    sheet = book.active
    sheet.append(["Quarterly sales"])
    sheet.merge_cells("A1:C1")
    sheet.append(["Month", "North", "South"])
    for row in (("Jan", 1200, 900), ("Feb", 1300, 950)):
        sheet.append(list(row))
    sheet.append(["Total", "=SUM(B3:B4)", "=SUM(C3:C4)"])
    for cell in sheet[2]:
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="1F4E79")
    for row in sheet.iter_rows(min_row=3, min_col=2, max_col=3):
        for cell in row:
            cell.number_format = "#,##0"
    chart = BarChart()
    chart.add_data(Reference(sheet, min_col=2, min_row=2, max_col=3, max_row=4), titles_from_data=True)
    chart.series[0].graphicalProperties.solidFill = "C00000"
    sheet.add_chart(chart, "E2")
    path = tmp_path / "sales.xlsx"
    book.save(path)

    corner = thumbnail_part(path, 0, 640)
    texts = {c.text: c for c in corner.cells}
    assert {"1,200", "1,300", "900"} <= set(texts) and "1200" not in texts
    assert texts["Quarterly sales"].columns == 3
    assert texts["Month"].style.bold and texts["Month"].style.fill.lower() == "#1f4e79"
    assert texts["=SUM(B3:B4)"].muted
    [(box, drawing)] = corner.drawings
    assert drawing.chart is not None and box[0] == corner.lefts[4] and box[1] == corner.tops[1]

    image, _ = draw_thumbnail(corner, 640)
    month = texts["Month"]
    header = image.pixelColor(corner.lefts[month.column] + 2, corner.tops[month.row] + 2)
    assert header.name() == "#1f4e79"
    left, top, right, bottom = box
    reds = sum(1 for x in range(left, min(right, 640), 2) for y in range(top, min(bottom, 480), 2)
               if image.pixelColor(x, y).name() == "#c00000")
    assert reds > 50, "the chart's bars are drawn"
    assert corner.tops[0] == ROW_H
