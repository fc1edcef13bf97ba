"""office_read: any office file's content as markdown, read-only."""
from __future__ import annotations

from pathlib import Path

import fitz
import openpyxl
import pytest

from skills.runtime import CommandError, Workspace, get_command


def test_a_workbook_and_a_pdf_read_as_markdown(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.active.title = "Sales"
    for row in (["Region", "Q1"], ["EU", 1200], ["US|CA", 3400]):
        wb.active.append(row)
    wb.save(tmp_path / "data.xlsx")
    doc = fitz.open()
    doc.new_page().insert_text((72, 72), "Hello from a PDF")
    doc.save(tmp_path / "a.pdf")
    ws = Workspace(tmp_path)
    cmd = get_command("office_read")
    assert not cmd.writes
    text = cmd.run(ws, {"path": "data.xlsx"}).data["text"]
    assert "## Sales" in text and "| EU | 1200 |" in text and "US\\|CA" in text
    assert "Hello from a PDF" in cmd.run(ws, {"path": "a.pdf"}).data["text"]


def test_other_files_and_paths_outside_are_refused(tmp_path: Path) -> None:
    (tmp_path / "n.md").write_text("# x", encoding="utf-8")
    ws = Workspace(tmp_path)
    with pytest.raises(CommandError, match="reads .docx"):
        get_command("office_read").run(ws, {"path": "n.md"})
    with pytest.raises(CommandError):
        get_command("office_read").run(ws, {"path": "../etc/passwd.docx"})
