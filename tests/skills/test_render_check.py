"""render_check: real pages drawn, blank pages caught, never 'passed' when it could not run."""
from __future__ import annotations

import pymupdf
import pytest

from skills.runtime import Workspace, get_command, soffice
from skills.runtime.workspace import sha256_file


def _private_folders(ws: Workspace) -> list:
    return sorted(ws.root.glob(".mira-render-*"))


def test_pdf_pages_are_rendered_and_checked(ws: Workspace) -> None:
    get_command("pdf_create").run(ws, {"path": "r.pdf", "blocks": [
        {"type": "heading", "text": "Page one", "level": 1}, {"type": "page_break"},
        {"type": "paragraph", "text": "Page two"}]})
    result = get_command("render_check").run(ws, {"path": "r.pdf", "pages": 5})
    assert result.ok, result.message
    assert [p["page"] for p in result.data["pages"]] == [1, 2]
    checks = {c.name: c.status for c in result.evidence[0].checks}
    assert checks == {"render": "passed", "page_1_not_blank": "passed", "page_2_not_blank": "passed"}
    assert _private_folders(ws) == []


def test_blank_page_fails(ws: Workspace) -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Only the first page has text")
    doc.new_page()
    doc.save(str(ws.root / "half.pdf"))
    result = get_command("render_check").run(ws, {"path": "half.pdf"})
    assert not result.ok and "BLANK page(s): [2]" in result.message
    statuses = {c.name: c.status for c in result.evidence[0].checks}
    assert statuses["page_1_not_blank"] == "passed" and statuses["page_2_not_blank"] == "failed"


def test_missing_libreoffice_is_not_run_never_passed(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    get_command("docx_create").run(ws, {"path": "a.docx", "blocks": [{"type": "paragraph", "text": "x"}]})
    before = sha256_file(ws.root / "a.docx")
    monkeypatch.setattr(soffice, "soffice_path", lambda: None)
    result = get_command("render_check").run(ws, {"path": "a.docx"})
    ev = result.evidence[0]
    assert not result.ok and not ev.passed
    assert {c.status for c in ev.checks} == {"not_run"}
    assert "LibreOffice is not installed" in result.message
    assert sha256_file(ws.root / "a.docx") == before and _private_folders(ws) == []


def test_failed_conversion_is_not_run_and_cleans_up(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    get_command("docx_create").run(ws, {"path": "a.docx", "blocks": [{"type": "paragraph", "text": "x"}]})
    seen = []

    def fake_convert(src, out_dir, fmt="pdf", *, timeout=0):
        seen.append(src)
        raise soffice.CommandError("LibreOffice could not convert source.docx: no output file")

    monkeypatch.setattr(soffice, "convert", fake_convert)
    result = get_command("render_check").run(ws, {"path": "a.docx"})
    assert not result.ok and {c.status for c in result.evidence[0].checks} == {"not_run"}
    assert seen and seen[0].parent.name.startswith(".mira-render-")  # a copy in the private folder
    assert _private_folders(ws) == []


@pytest.mark.soffice
@pytest.mark.slow
def test_docx_round_trips_through_libreoffice(ws: Workspace) -> None:
    """The generated DOCX opens in LibreOffice: converted to PDF, its text and pages are there."""
    get_command("docx_create").run(ws, {"path": "lo.docx", "title": "Round trip", "blocks": [
        {"type": "heading", "text": "Section A", "level": 1},
        {"type": "paragraph", "text": "LibreOffice can read this paragraph."},
        {"type": "paragraph", "text": "中文也能显示。"},
        {"type": "table", "header": ["Key", "Value"], "rows": [["alpha", 1]]},
        {"type": "page_break"},
        {"type": "paragraph", "text": "Second page text."}]})
    before = sha256_file(ws.root / "lo.docx")
    result = get_command("render_check").run(ws, {"path": "lo.docx"})
    assert result.ok, result.message
    assert result.data["total_pages"] == 2
    assert sha256_file(ws.root / "lo.docx") == before and _private_folders(ws) == []
    # Convert once more to read the text LibreOffice laid out.
    folder = soffice.private_dir(ws.root)
    try:
        pdf = soffice.convert(ws.root / "lo.docx", folder, "pdf", timeout=90)
        text = " ".join(pymupdf.open(str(pdf))[0].get_text().split())
    finally:
        import shutil

        shutil.rmtree(folder)
    assert "Section A" in text and "LibreOffice can read this paragraph." in text
    assert "中文也能显示。" in text and "alpha" in text


@pytest.mark.soffice
@pytest.mark.slow
def test_pdf_round_trips_through_libreoffice(ws: Workspace) -> None:
    """LibreOffice imports the generated PDF (Draw) and exports it with the same text."""
    get_command("pdf_create").run(ws, {"path": "p.pdf", "blocks": [
        {"type": "heading", "text": "Hello PDF", "level": 1},
        {"type": "paragraph", "text": "中文也能显示。"}]})
    folder = soffice.private_dir(ws.root)
    try:
        out = soffice.convert(ws.root / "p.pdf", folder / "out", "pdf:draw_pdf_Export", timeout=90)
        text = pymupdf.open(str(out))[0].get_text()
    finally:
        import shutil

        shutil.rmtree(folder)
    assert "Hello PDF" in text and "中文也能显示。" in text


@pytest.mark.soffice
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["pptx", "xlsx"])
def test_decks_and_workbooks_render_to_non_blank_pages(ws: Workspace, kind: str) -> None:
    """render_check draws a real deck and workbook through LibreOffice and leaves the sources untouched."""
    if kind == "pptx":
        get_command("pptx_create").run(ws, {"path": "v.pptx", "slides": [
            {"layout": "title", "title": "Visual check", "subtitle": "中文副标题"},
            {"layout": "bullets", "title": "Second slide", "bullets": ["one", "two"]}]})
    else:
        get_command("xlsx_create").run(ws, {"path": "v.xlsx", "sheets": [
            {"name": "Data", "header": ["Item", "Cost"], "rows": [["Ads", 1200], ["合计", "=SUM(B2:B2)"]]}]})
    before = sha256_file(ws.root / f"v.{kind}")
    result = get_command("render_check").run(ws, {"path": f"v.{kind}"})
    assert result.ok, result.message
    statuses = {c.name: c.status for c in result.evidence[0].checks}
    assert statuses["render"] == "passed" and statuses["page_1_not_blank"] == "passed"
    if kind == "pptx":
        assert result.data["total_pages"] == 2
    assert sha256_file(ws.root / f"v.{kind}") == before and _private_folders(ws) == []


def test_an_interrupted_conversion_leaves_no_libreoffice_running(ws: Workspace, monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """Ctrl+C (or any interruption) while waiting kills the converter's whole process group."""
    import contextlib
    import os
    import signal
    import subprocess

    fake = ws.root / "fake-soffice"
    fake.write_text("#!/bin/sh\nsleep 60 &\nwait\n")
    fake.chmod(0o755)
    monkeypatch.setattr(soffice, "soffice_path", lambda: str(fake))
    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen.communicate

    def interrupted(self: subprocess.Popen[bytes], *args: object, **kwargs: object) -> object:
        if not started:
            started.append(self)
            raise KeyboardInterrupt
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(subprocess.Popen, "communicate", interrupted)
    (ws.root / "a.docx").write_bytes(b"x")
    try:
        with pytest.raises(KeyboardInterrupt):
            soffice.convert(ws.root / "a.docx", ws.root / "out", "pdf", timeout=30)
        # The converter was killed, not left waiting on its child for a minute.
        assert started[0].wait(timeout=10) == -signal.SIGKILL
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(started[0].pid, signal.SIGKILL)
