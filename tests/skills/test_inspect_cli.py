"""`mira inspect` through the installed entry point: outlines, and one clean line for bad files."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import billion_laughs, corrupt, encrypted_pdf, ole_encrypted, truncated

from skills.runtime import Workspace, get_command

MIRA = Path(sys.executable).with_name("mira")


def _mira(*args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")  # English unless Settings says otherwise
    if home is not None:
        env["MIRA_HOME"] = str(home)
    return subprocess.run([str(MIRA), "inspect", *args], capture_output=True, text=True, timeout=60, env=env)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ws = Workspace(tmp_path_factory.mktemp("inspect"))
    get_command("docx_create").run(ws, {"path": "report.docx", "blocks": [
        {"type": "heading", "text": "Overview 概述", "level": 1},
        {"type": "table", "header": ["A", "B"], "rows": [[1, 2]]}]})
    get_command("pdf_create").run(ws, {"path": "brief.pdf", "title": "Brief", "blocks": [
        {"type": "paragraph", "text": "Searchable words"}]})
    root = ws.root
    corrupt(root / "corrupt.docx")
    truncated(root / "report.docx", root / "cut.docx")
    ole_encrypted(root / "locked.docx")
    billion_laughs(root / "report.docx", root / "laughs.docx")
    encrypted_pdf(root / "locked.pdf")
    (root / "notes.txt").write_text("hello")
    return root


def test_docx_outline(files: Path, tmp_path: Path) -> None:
    proc = _mira(str(files / "report.docx"), home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("report.docx — 1 heading, 1 table") and "- Overview 概述" in out, out
    assert "2 rows × 2 columns: A | B" in out and "*" not in out  # plain text, no markdown marks
    assert proc.stderr == ""


def test_the_outline_and_errors_follow_the_language_chosen_in_settings(files: Path, tmp_path: Path) -> None:
    from desktop.settings import AppSettings, SettingsStore

    store = SettingsStore(tmp_path / "config")
    store.save(AppSettings(language="zh_CN"))
    proc = _mira(str(files / "report.docx"), home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "1 个标题" in proc.stdout and "Overview 概述" in proc.stdout and "heading" not in proc.stdout
    bad = _mira(str(files / "missing.pdf"), home=tmp_path)
    assert bad.returncode == 2 and "missing.pdf" in bad.stderr and "not found" not in bad.stderr


def test_pdf_outline_as_json(files: Path) -> None:
    proc = _mira(str(files / "brief.pdf"), "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)  # stdout is pure JSON, no library chatter
    assert data["kind"] == "pdf" and data["outline"]["pages"] == 1
    assert "Searchable words" in data["outline"]["page_details"][0]["text"]


@pytest.mark.parametrize(("name", "reason"), [
    ("corrupt.docx", "corrupt"), ("cut.docx", "corrupt or truncated"), ("locked.docx", "password"),
    ("laughs.docx", "entit"), ("locked.pdf", "--password"), ("missing.pdf", "not found"),
    ("notes.txt", "unsupported file type"),
])
def test_unreadable_file_exits_2_with_one_line(files: Path, name: str, reason: str) -> None:
    proc = _mira(str(files / name))
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and reason in lines[0] and "Traceback" not in proc.stderr


def test_pptx_and_xlsx_outlines(tmp_path: Path) -> None:
    import openpyxl
    import pptx

    wb = openpyxl.Workbook()
    wb.active["A1"], wb.active["B1"] = "Total", "=1+1"
    wb.save(str(tmp_path / "book.xlsx"))
    deck = pptx.Presentation()
    deck.slides.add_slide(deck.slide_layouts[1]).shapes.title.text = "Hello deck"
    deck.save(str(tmp_path / "deck.pptx"))
    xlsx = _mira(str(tmp_path / "book.xlsx"))
    assert xlsx.returncode == 0 and "Total" in xlsx.stdout
    deck_out = _mira(str(tmp_path / "deck.pptx"), "--json")
    assert deck_out.returncode == 0 and "Hello deck" in json.loads(deck_out.stdout)["message"]


def test_a_symlinked_file_is_inspected_where_it_really_is(files: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """`mira inspect ~/link.docx` reads the file the link points at, in another folder."""
    from skills.cli import main

    link = tmp_path / "link.docx"
    link.symlink_to(files / "report.docx")
    assert main([str(link)]) == 0
    out = capsys.readouterr()
    assert "- Overview 概述" in out.out and out.err == ""


def _three_page_pdf(path: Path) -> Path:
    import pymupdf

    doc = pymupdf.open()
    for width, height in ((595, 842), (595, 842), (842, 595)):
        doc.new_page(width=width, height=height).insert_text((72, 72), "Quarterly figures")
    doc.set_metadata({"title": "Q3 Report"})
    doc.save(str(path))
    return path


def test_the_pdf_outline_says_its_title_and_page_sizes_in_both_languages(tmp_path: Path) -> None:
    from desktop.settings import AppSettings, SettingsStore
    from tests.zh_words import english_words

    pdf = _three_page_pdf(tmp_path / "q3.pdf")
    out = _mira(str(pdf), home=tmp_path / "en").stdout
    assert "Title: Q3 Report" in out
    assert "Page sizes: A4 portrait (2 pages), A4 landscape (1 page)" in out, out
    SettingsStore(tmp_path / "zh" / "config").save(AppSettings(language="zh_CN"))
    zh = _mira(str(pdf), home=tmp_path / "zh").stdout
    assert "A4 纵向" in zh and "A4 横向" in zh and "Q3 Report" in zh, zh
    assert english_words(zh, ["Q3 Report", "Quarterly figures", "A4", "q3.pdf"]) == [], zh


def test_an_uncalculated_workbook_is_named_and_a_calculated_one_is_not(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.append(["Region", "Q1", "Q2", "Total"])
    wb.active.append(["North", 10, 12.5, "=B2+C2"])
    wb.save(str(tmp_path / "script.xlsx"))  # openpyxl calculates nothing: no saved results
    out = _mira(str(tmp_path / "script.xlsx")).stdout
    assert "1 formula has no calculated value saved in the file" in out, out
    ws = Workspace(tmp_path / "ws")
    get_command("xlsx_create").run(ws, {"path": "made.xlsx", "sheets": [
        {"name": "Sales", "rows": [["Region", "Q1", "Total"], ["North", 10, "=B2*2"]]}]})
    made = _mira(str(ws.root / "made.xlsx")).stdout
    assert "1 formula" in made and "no calculated value" not in made, made
