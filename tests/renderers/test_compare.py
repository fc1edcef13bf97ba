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
