"""Corrupt, truncated, encrypted, macro and hostile DOCX/PDF files: one clear error, quickly."""
from __future__ import annotations

import resource
import time
from collections.abc import Callable
from pathlib import Path

import pymupdf
import pytest
from hostile import (
    billion_laughs,
    corrupt,
    encrypted_pdf,
    macro_renamed,
    not_a_pdf,
    ole_encrypted,
    truncated,
    zip_bomb_claimed,
    zip_bomb_total,
)

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.safety import MAX_TOTAL_UNCOMPRESSED


@pytest.fixture
def good_docx(ws: Workspace) -> Path:
    get_command("docx_create").run(ws, {"path": "good.docx", "blocks": [
        {"type": "heading", "text": "Hello", "level": 1},
        {"type": "paragraph", "text": "Some text " * 200}]})
    return ws.root / "good.docx"


DOCX_CASES: dict[str, tuple[Callable[[Path, Path], Path], str]] = {
    "corrupt": (lambda good, p: corrupt(p), "corrupt or truncated"),
    "truncated": (lambda good, p: truncated(good, p), "corrupt or truncated"),
    "encrypted": (lambda good, p: ole_encrypted(p), "protected with a password"),
    "macro_renamed": (lambda good, p: macro_renamed(p, "docx"), "macro"),
    "zip_bomb_total": (lambda good, p: zip_bomb_total(p, "docx", MAX_TOTAL_UNCOMPRESSED + 1), "zip bomb"),
    "zip_bomb_claimed": (lambda good, p: zip_bomb_claimed(p, "docx"), "zip bomb"),
    "billion_laughs": (lambda good, p: billion_laughs(good, p), "entit"),
}


# inspect reads macro files read-only (tests/skills/test_read_only_packages.py); edits refuse them
@pytest.mark.parametrize(("case", "command"), [(c, cmd) for c in sorted(DOCX_CASES)
                                               for cmd in ("docx_inspect", "docx_edit")
                                               if (c, cmd) != ("macro_renamed", "docx_inspect")])
def test_hostile_docx_is_refused_clearly(ws: Workspace, good_docx: Path, case: str, command: str) -> None:
    build, match = DOCX_CASES[case]
    bad = build(good_docx, ws.root / "bad.docx")
    before = bad.read_bytes()
    args = {"path": "bad.docx"}
    if command == "docx_edit":
        args["operations"] = [{"op": "replace_text", "find": "Hello", "replace": "Bye"}]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    with pytest.raises(CommandError, match=match) as err:
        get_command(command).run(ws, args)
    assert time.perf_counter() - t0 < 5.0
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss < 100_000  # KiB: memory stays bounded
    message = str(err.value)
    assert "\n" not in message and message.startswith("bad.docx")
    assert bad.read_bytes() == before  # the input is never touched
    assert ws.stray_staging_files() == []


def test_hostile_docx_in_verify_is_a_failed_check(ws: Workspace) -> None:
    ole_encrypted(ws.root / "locked.docx")
    result = get_command("docx_verify").run(ws, {"path": "locked.docx", "expect": {"headings": ["x"]}})
    assert not result.ok
    assert [(c.name, c.status) for c in result.evidence[0].checks] == [("opens", "failed")]


PDF_CASES: dict[str, tuple[Callable[[Path, Path], Path], str]] = {
    "not_a_pdf": (lambda good, p: not_a_pdf(p), "not really a PDF file"),
    "truncated": (lambda good, p: truncated(good, p, keep=0.05), "corrupt or truncated"),
    "encrypted": (lambda good, p: encrypted_pdf(p), "protected with a password"),
    "empty": (lambda good, p: (p.write_bytes(b""), p)[1], "empty"),
}


@pytest.mark.parametrize("case", sorted(PDF_CASES))
def test_hostile_pdf_is_refused_clearly(ws: Workspace, case: str) -> None:
    get_command("pdf_create").run(ws, {"path": "good.pdf", "blocks": [
        {"type": "paragraph", "text": "Body text " * 300}]})
    build, match = PDF_CASES[case]
    build(ws.root / "good.pdf", ws.root / "bad.pdf")
    with pytest.raises(CommandError, match=match) as err:
        get_command("pdf_inspect").run(ws, {"path": "bad.pdf"})
    assert "\n" not in str(err.value)


def test_absurd_pdf_page_size_is_inspected_and_rendered_bounded(ws: Workspace) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=14_000, height=14_000)
    page.insert_text((100, 100), "huge page", fontsize=400)
    doc.save(str(ws.root / "huge.pdf"))
    info = get_command("pdf_inspect").run(ws, {"path": "huge.pdf"})
    assert info.data["page_sizes"] == {"14000x14000 pt": 1}
    result = get_command("render_check").run(ws, {"path": "huge.pdf"})
    assert result.data["pages"][0]["width"] <= 1200  # rasterised at a bounded size
