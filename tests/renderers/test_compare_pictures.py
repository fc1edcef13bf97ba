"""Compare draws the two versions side by side: slides as pictures, pages as pages (the pairs that differ
framed), a workbook's cells as a grid with the changed ones marked."""
from __future__ import annotations

from pathlib import Path

from renderers.qt_compare_pictures import CellGrid, SideBySide
from renderers.qt_versions import CompareView


def _deck(path: Path, titles: list[str]) -> Path:
    from pptx import Presentation

    prs = Presentation()
    for title in titles:
        prs.slides.add_slide(prs.slide_layouts[5]).shapes.title.text = title
    prs.save(str(path))
    return path


def _shown(qtbot, left: Path, right: Path, kind: str) -> CompareView:  # type: ignore[no-untyped-def]
    view = CompareView(left, right, kind, "v1", "v2")
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    return view


def test_slides_are_pictures_side_by_side_the_added_one_framed(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    view = _shown(qtbot, _deck(tmp_path / "a.pptx", ["Plan", "Goals"]),
                  _deck(tmp_path / "b.pptx", ["Plan", "Goals", "Risks"]), "pptx")
    pictures = view.pictures
    assert isinstance(pictures, SideBySide) and view.tabs.currentWidget() is pictures
    assert view.tabs.tabText(0) == "Side by side" and view.tabs.tabText(1) == "Text"
    qtbot.waitUntil(pictures.done, timeout=20_000)
    assert pictures.changed_rows() == ["added"]
    left, right, kind = pictures.pictures[2]
    assert kind == "added" and left.pixmap().isNull() and not right.pixmap().isNull()
    assert right.pixmap().width() > 200 and "solid" in right.styleSheet()
    same_left, same_right, same = pictures.pictures[0]
    assert same == "same" and not same_left.pixmap().isNull() and same_right.styleSheet() == ""


def test_document_pages_side_by_side_the_changed_page_framed(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import docx

    paths = []
    for name, date in (("a.docx", "June 3"), ("b.docx", "June 10")):
        document = docx.Document()
        document.add_heading("Review", 1)
        document.add_paragraph(f"The review is on {date}.")
        document.save(str(tmp_path / name))
        paths.append(tmp_path / name)
    view = _shown(qtbot, paths[0], paths[1], "docx")
    qtbot.waitUntil(view.pictures.done, timeout=20_000)
    assert view.pictures.changed_rows() == ["changed"]


def test_pdf_pages_side_by_side(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import pymupdf

    paths = []
    for name, pages in (("a.pdf", ["one", "two"]), ("b.pdf", ["one", "two, changed", "three"])):
        doc = pymupdf.open()
        for text in pages:
            doc.new_page().insert_text((72, 100), text, fontsize=20)
        doc.save(str(tmp_path / name))
        paths.append(tmp_path / name)
    view = _shown(qtbot, paths[0], paths[1], "pdf")
    qtbot.waitUntil(view.pictures.done, timeout=20_000)
    assert [k for _l, _r, k in view.pictures.pictures] == ["same", "changed", "added"]


def test_cells_are_a_grid_with_the_changes_marked(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import openpyxl

    paths = []
    for name, rows in (("a.xlsx", [("Fruit", "Boxes"), ("apple", 10)]),
                       ("b.xlsx", [("Fruit", "Boxes"), ("apple", 12), ("kiwi", 4)])):
        book = openpyxl.Workbook()
        book.active.title = "Stock"
        for row in rows:
            book.active.append(row)
        book.save(str(tmp_path / name))
        paths.append(tmp_path / name)
    view = _shown(qtbot, paths[0], paths[1], "xlsx")
    grid = view.pictures
    assert isinstance(grid, CellGrid)
    assert grid.marked == {"Stock!B2": "changed", "Stock!A3": "added", "Stock!B3": "added"}
    assert grid.item(0, 0).text() == "Stock" and grid.item(2, 1).text() == "12"  # row 2 of the sheet, column B
    assert grid.item(2, 1).toolTip() == "v1: 10"


def test_document_pages_side_by_side_each_section_on_its_own_page(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A landscape second section is drawn landscape on both sides, as the window and the card draw it;
    the drawn pages are the preview's (one layout)."""
    import docx
    from docx.enum.section import WD_ORIENT, WD_SECTION
    from docx.shared import Inches

    from renderers.docx._pages import laid_out

    paths = []
    for name, figure in (("a.docx", "12"), ("b.docx", "14")):
        document = docx.Document()
        document.add_heading("Portrait pages", 1)
        document.add_paragraph("The first section is portrait.")
        section = document.add_section(WD_SECTION.NEW_PAGE)
        section.orientation = WD_ORIENT.LANDSCAPE
        section.page_width, section.page_height = Inches(11), Inches(8.5)
        document.add_paragraph(f"The wide table holds {figure} columns.")
        document.save(str(tmp_path / name))
        paths.append(tmp_path / name)
    view = _shown(qtbot, paths[0], paths[1], "docx")
    qtbot.waitUntil(view.pictures.done, timeout=20_000)
    assert view.pictures.changed_rows() == ["changed"]
    (first, _, same), (left, right, changed) = view.pictures.pictures
    assert (same, changed) == ("same", "changed")
    tall, wide = first.pixmap(), right.pixmap()
    assert tall.height() > tall.width() and wide.width() > wide.height()  # each section's own page
    drawn = laid_out(paths[1], 1)
    assert wide.toImage() == drawn.layout.draw(1, wide.width(), drawn.count)


def test_a_chart_added_to_a_workbook_is_named_in_the_grid_at_its_corner_and_in_the_text(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A version whose only change is a chart: Compare opened on it (the grid failed on the chart's row)."""
    import openpyxl
    from openpyxl.chart import BarChart, Reference

    for name, chart in (("a.xlsx", False), ("b.xlsx", True)):
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = "Stock"
        for row in (("Fruit", "Boxes"), ("apple", 10), ("pear", 7)):
            sheet.append(row)
        if chart:
            bars = BarChart()
            bars.title = "Boxes by fruit"
            bars.add_data(Reference(sheet, min_col=2, min_row=1, max_row=3), titles_from_data=True)
            sheet.add_chart(bars, "D2")
        book.save(str(tmp_path / name))
    view = _shown(qtbot, tmp_path / "a.xlsx", tmp_path / "b.xlsx", "xlsx")
    grid = view.pictures
    assert isinstance(grid, CellGrid) and grid.marked == {"Stock!D2 chart": "added"}
    assert grid.item(2, 3).text() == "Chart “Boxes by fruit” at Stock!D2"  # row 2 of the sheet, column D
    assert view.rows_of("added") == [("", "Chart “Boxes by fruit” at Stock!D2")]
    assert "Differences: 1" in view.summary.text()
