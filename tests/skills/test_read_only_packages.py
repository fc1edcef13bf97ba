"""Files the raw libraries open and Mira used to refuse: macro-enabled and template packages
(read-only: inspect says they carry macros, writes refuse them), a DOCX with no w:sectPr, a deck
with a legitimately 667:1-compressible part; and real zip bombs just past each cap."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hostile import as_macro_package, compressible_part, many_entries, zip_bomb_total

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.safety import MAX_ENTRIES, MAX_TOTAL_UNCOMPRESSED, UnsafeFileError, check_file

MIRA = Path(sys.executable).with_name("mira")
TEMPLATE_TYPES = {
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
}
MACRO_SUFFIX = {"docx": "docm", "pptx": "pptm", "xlsx": "xlsm"}
TEMPLATE_SUFFIX = {"docx": "dotx", "pptx": "potx", "xlsx": "xltx"}


@pytest.fixture
def originals(ws: Workspace) -> dict[str, Path]:
    get_command("docx_create").run(ws, {"path": "a.docx", "blocks": [
        {"type": "heading", "text": "Budget memo", "level": 1}, {"type": "paragraph", "text": "Numbers follow."}]})
    get_command("pptx_create").run(ws, {"path": "a.pptx", "slides": [
        {"layout": "title", "title": "Quarterly Review", "subtitle": "Q3"}]})
    get_command("xlsx_create").run(ws, {"path": "a.xlsx", "sheets": [
        {"name": "Sales", "header": ["Region", "Amount"], "rows": [["East", 1200]]}]})
    return {k: ws.root / f"a.{k}" for k in ("docx", "pptx", "xlsx")}


def _facts(kind: str, data: dict) -> str:
    if kind == "docx":
        return data["headings"][0]["text"] if data["headings"] else ""
    if kind == "pptx":
        return data["slides"][0]["title"]
    return data["sheets"][0]["header"][0]


EXPECTED = {"docx": "Budget memo", "pptx": "Quarterly Review", "xlsx": "Region"}


@pytest.mark.parametrize("kind", ["docx", "pptx", "xlsx"])
@pytest.mark.parametrize("variant", ["macro", "template", "macro_renamed"])
def test_macro_and_template_files_are_inspected_read_only(ws: Workspace, originals: dict[str, Path],
                                                          kind: str, variant: str) -> None:
    suffix = {"macro": MACRO_SUFFIX[kind], "template": TEMPLATE_SUFFIX[kind], "macro_renamed": kind}[variant]
    name = f"b.{suffix}"
    as_macro_package(originals[kind], ws.root / name, kind,
                     TEMPLATE_TYPES[kind] if variant == "template" else None)
    before = (ws.root / name).read_bytes()
    result = get_command(f"{kind}_inspect").run(ws, {"path": name})
    assert _facts(kind, dict(result.data)) == EXPECTED[kind]
    has_macros = variant != "template"
    assert result.data["macros"] is has_macros
    assert ("contains macros" in result.message) is has_macros
    # any write on it is refused, so no macro can travel into an output
    edit = {"docx": [{"op": "replace_text", "find": "Budget", "replace": "Plan"}],
            "pptx": [{"op": "set_title", "slide": 1, "text": "New"}],
            "xlsx": [{"op": "set_cells", "sheet": "Sales", "cells": {"B2": 1}}]}[kind]
    with pytest.raises(CommandError, match="macro|read-only|must end with"):
        get_command(f"{kind}_edit").run(ws, {"path": name, "operations": edit, "output": f"out.{kind}"})
    assert not (ws.root / f"out.{kind}").exists()
    assert (ws.root / name).read_bytes() == before


def test_cli_says_a_file_has_macros(tmp_path: Path, ws: Workspace, originals: dict[str, Path]) -> None:
    as_macro_package(originals["xlsx"], tmp_path / "book.xlsm", "xlsx")
    proc = subprocess.run([str(MIRA), "inspect", str(tmp_path / "book.xlsm"), "--json"],
                          capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["kind"] == "xlsx" and data["outline"]["macros"] is True
    assert "contains macros" in data["message"]


def test_a_docx_without_section_properties_is_inspected(ws: Workspace, originals: dict[str, Path]) -> None:
    src = originals["docx"]
    dst = ws.root / "nosect.docx"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "word/document.xml":
                data = re.sub(rb"<w:sectPr[ >].*?</w:sectPr>", b"", data, flags=re.S)
                assert b"sectPr" not in data
            zout.writestr(info.filename, data)
    result = get_command("docx_inspect").run(ws, {"path": "nosect.docx"})
    assert result.data["sections"] == 0
    assert result.data["headings"] == [{"level": 1, "text": "Budget memo"}]


def test_a_highly_compressible_real_part_is_accepted(ws: Workspace, originals: dict[str, Path]) -> None:
    deck = compressible_part(originals["pptx"], ws.root / "emf.pptx", "ppt/media/image9.emf", 1.45)
    info = zipfile.ZipFile(deck).getinfo("ppt/media/image9.emf")
    assert info.file_size / info.compress_size > 500  # the class the old per-part ratio refused
    result = get_command("pptx_inspect").run(ws, {"path": "emf.pptx"})
    assert result.data["slides"][0]["title"] == "Quarterly Review"


@pytest.mark.parametrize(("total", "refused"), [(MAX_TOTAL_UNCOMPRESSED - 4096, False),
                                                (MAX_TOTAL_UNCOMPRESSED + 1, True)])
def test_total_inflated_size_cap(tmp_path: Path, total: int, refused: bool) -> None:
    bomb = zip_bomb_total(tmp_path / "b.docx", "docx", total)
    if refused:
        with pytest.raises(UnsafeFileError, match="zip bomb"):
            check_file(bomb)
    else:
        assert check_file(bomb) == "docx"


@pytest.mark.parametrize(("count", "refused"), [(MAX_ENTRIES, False), (MAX_ENTRIES + 1, True)])
def test_entry_count_cap(tmp_path: Path, count: int, refused: bool) -> None:
    package = many_entries(tmp_path / "m.xlsx", "xlsx", count)
    assert len(zipfile.ZipFile(package).infolist()) == count
    if refused:
        with pytest.raises(UnsafeFileError, match="entries"):
            check_file(package)
    else:
        assert check_file(package) == "xlsx"


@pytest.mark.slow
def test_previews_of_these_files(ws: Workspace, originals: dict[str, Path]) -> None:
    """The README claims: previews of a DOCX without sectPr, a 667:1 part, and macro XLSX/PPTX."""
    nosect = ws.root / "nosect.docx"
    with zipfile.ZipFile(originals["docx"]) as zin, zipfile.ZipFile(nosect, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "word/document.xml":
                data = re.sub(rb"<w:sectPr[ >].*?</w:sectPr>", b"", data, flags=re.S)
            zout.writestr(info.filename, data)
    files = [nosect, compressible_part(originals["pptx"], ws.root / "emf.pptx", "ppt/media/image9.emf"),
             as_macro_package(originals["xlsx"], ws.root / "m.xlsm", "xlsx"),
             as_macro_package(originals["pptx"], ws.root / "m.pptm", "pptx"),
             as_macro_package(originals["xlsx"], ws.root / "t.xltx", "xlsx", TEMPLATE_TYPES["xlsx"])]
    for path in files:
        out = ws.root / f"{path.name}.png"
        proc = subprocess.run([str(MIRA), "preview", str(path), "--out", str(out), "--width", "400"],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, (path.name, proc.stderr)
        assert out.stat().st_size > 1000


@pytest.mark.parametrize("name", ["b.docm", "c.dotx", "r.docx", "t.potx"])
def test_word_macro_files_and_templates_preview_on_the_command_line(ws: Workspace, originals: dict[str, Path],
                                                                     name: str) -> None:
    kind = {"b.docm": "docx", "c.dotx": "docx", "r.docx": "docx", "t.potx": "pptx"}[name]
    template = TEMPLATE_TYPES[kind] if name[0] in "ct" else None
    path = as_macro_package(originals[kind], ws.root / name, kind, template)
    before = path.read_bytes()
    out = ws.root / "x.png"
    proc = subprocess.run([str(MIRA), "preview", str(path), "--out", str(out), "--width", "300"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 1000
    assert path.read_bytes() == before
