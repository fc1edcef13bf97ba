"""Comparing two versions: rows aligned, differences classified, unreadable files refused clearly."""
from __future__ import annotations

from pathlib import Path

import pytest

from renderers.compare import CompareError, compare_files


def test_docx_paragraphs_and_table_cells(tmp_path: Path) -> None:
    import docx

    for name, date, extra in (("a", "September 15", False), ("b", "September 22", True)):
        doc = docx.Document()
        doc.add_heading("Plan", level=1)
        doc.add_paragraph(f"The review is on {date}.")
        table = doc.add_table(rows=1, cols=2)
        table.cell(0, 0).text, table.cell(0, 1).text = "North", "10" if name == "a" else "12"
        if extra:
            doc.add_paragraph("A new closing line.")
        doc.save(tmp_path / f"{name}.docx")
    diff = compare_files(tmp_path / "a.docx", tmp_path / "b.docx", "docx")
    kinds = [(r.kind, r.left, r.right) for r in diff.rows]
    assert ("same", "Plan", "Plan") in kinds
    assert ("changed", "The review is on September 15.", "The review is on September 22.") in kinds
    assert ("changed", "North | 10", "North | 12") in kinds
    assert ("added", "", "A new closing line.") in kinds
    assert diff.unit == "paragraph" and diff.changes == 3


def test_xlsx_cells_align_on_their_address(tmp_path: Path) -> None:
    import openpyxl

    for name, value, more in (("a", 10, False), ("b", 11, True)):
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = "Fruit"
        sheet.append(["apple", value])
        if more:
            sheet.append(["kiwi", 4])
        book.save(tmp_path / f"{name}.xlsx")
    diff = compare_files(tmp_path / "a.xlsx", tmp_path / "b.xlsx", "xlsx")
    rows = {(r.kind, r.left, r.right) for r in diff.rows}
    assert ("changed", "Fruit!B1: 10", "Fruit!B1: 11") in rows
    assert ("added", "", "Fruit!A2: kiwi") in rows and ("same", "Fruit!A1: apple", "Fruit!A1: apple") in rows


def test_an_unreadable_version_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "bad.pptx").write_bytes(b"PK\x03\x04 not really a deck")
    (tmp_path / "good.pptx").write_bytes(b"")
    with pytest.raises(CompareError, match="bad.pptx cannot be read for comparison"):
        compare_files(tmp_path / "bad.pptx", tmp_path / "good.pptx", "pptx")
    with pytest.raises(CompareError, match="cannot be compared"):
        compare_files(tmp_path / "bad.pptx", tmp_path / "good.pptx", "zip")


def _fruit(path: Path, *, chart_at: str | None = None, title: str = "Boxes by fruit") -> Path:
    import openpyxl
    from openpyxl.chart import BarChart, Reference

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Fruit"
    for row in (["Fruit", "Boxes"], ["apple", 10], ["pear", 7]):
        sheet.append(row)
    if chart_at is not None:
        chart = BarChart()
        chart.title = title
        chart.add_data(Reference(sheet, min_col=2, min_row=1, max_row=3), titles_from_data=True)
        sheet.add_chart(chart, chart_at)
    book.save(path)
    return path


def test_a_chart_added_to_a_workbook_is_a_difference_and_where_its_version_opens(tmp_path: Path) -> None:
    """Cells alone said "no differences" when a chart was the whole change: Compare listed nothing and the panel
    stayed at A1. The chart is a row of its own (its corner's cell and its title), the preview opens there, and
    a restore's card says it in the reader's words."""
    from renderers.compare import locate_change
    from skills.api import msg, said_item
    from skills.runtime.version_diff import restore_changes

    before = _fruit(tmp_path / "a.xlsx")
    after = _fruit(tmp_path / "b.xlsx", chart_at="D2")
    diff = compare_files(before, after, "xlsx")
    assert [(r.kind, r.right) for r in diff.rows if r.kind != "same"] == [("added", "Fruit!D2 chart: Boxes by fruit")]
    spot = locate_change(before, after, "xlsx")
    assert (spot.index, spot.cell) == (0, (1, 3))
    assert said_item("Fruit!D2 chart: Boxes by fruit", "xlsx") == msg("change.chart_at", title="Boxes by fruit",
                                                                      cell="Fruit!D2")
    # restoring the version without it: the chart is what goes
    assert restore_changes(after, before.read_bytes(), "xlsx") == [[msg("change.chart_at", title="Boxes by fruit",
                                                                        cell="Fruit!D2"), ""]]
    # moved or retitled: the same chart, changed
    moved = _fruit(tmp_path / "c.xlsx", chart_at="D2", title="Boxes")
    assert [(r.kind, r.left, r.right) for r in compare_files(after, moved, "xlsx").rows if r.kind != "same"] == [
        ("changed", "Fruit!D2 chart: Boxes by fruit", "Fruit!D2 chart: Boxes")]


@pytest.mark.soffice
def test_a_chart_in_a_workbook_libreoffice_saved_is_found(tmp_path: Path) -> None:
    from skills.api import convert, xlsx_items

    ours = _fruit(tmp_path / "ours.xlsx", chart_at="E3")
    theirs = convert(ours, tmp_path / "lo", 'xlsx:Calc MS Excel 2007 XML')
    import zipfile

    assert b"LibreOffice" in zipfile.ZipFile(theirs).read("docProps/app.xml")
    assert [i for i in xlsx_items(theirs.read_bytes()) if " chart: " in i] == ["Fruit!E3 chart: Boxes by fruit"]
