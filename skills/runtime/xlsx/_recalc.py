"""Recalculating a workbook through LibreOffice headless, inside the task workspace."""
from __future__ import annotations

import re
import shutil
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


from skills.runtime.xlsx._book import load_book
from skills.messages import msg
from skills.runtime._base import CommandError
from skills.runtime.safety import check_file
from skills.runtime.soffice import SofficeUnavailable, convert, private_dir
from skills.runtime.workspace import Workspace

RECALC_TIMEOUT = 120.0
XLSX_FILTER = "xlsx:Calc MS Excel 2007 XML"  # one argv item: no shell quotes
# LibreOffice keeps cached results of OOXML files by default; "always recalculate" on load
# (mode 0) makes the saved values the ones LibreOffice computed, not stale ones.
_REGISTRY = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" \
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">\
<value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse">\
<value>0</value></prop></item>
</oor:items>
"""


def recalculate(ws: Workspace, src: Path, out_rel: str, *, timeout: float = RECALC_TIMEOUT) -> None:
    """Convert ``src`` xlsx→xlsx with recalculation and publish the result at ``out_rel``.

    Everything happens in a randomly named private folder inside the workspace that is
    removed afterwards; the source is never touched, and on any failure nothing is published.
    """
    tmp = private_dir(ws.root)
    try:
        out_dir = tmp / "out"
        user = out_dir / ".profile" / "user"  # soffice.convert puts its private profile here
        user.mkdir(parents=True)
        (user / "registrymodifications.xcu").write_text(_REGISTRY, encoding="utf-8")
        work = tmp / "in"
        work.mkdir()
        local = work / "workbook.xlsx"
        shutil.copyfile(src, local)
        try:
            produced = convert(local, out_dir, XLSX_FILTER, timeout=timeout)
        except SofficeUnavailable:
            raise CommandError(msg("soffice.missing"), details=f"{src.name} was not changed") from None
        except CommandError as exc:
            raise CommandError(msg("error.xlsx_recalc.was_changed", exc=exc, name=src.name)) from None
        check_file(produced, "xlsx")
        try:
            _restore_views(src, produced)
        except Exception as exc:  # noqa: BLE001 - openpyxl can fail anywhere inside on a package LibreOffice accepts
            raise CommandError(msg("error.xlsx_recalc.read_sheet_layout_keep", name=src.name, type=type(exc).__name__, exc=exc)) from None
        with ws.publish(out_rel) as staging:
            shutil.copyfile(produced, staging)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


_VIEWS = re.compile(rb"<sheetViews(?:/>|[\s>][\s\S]*?</sheetViews>)")


def _literal(text: bytes) -> Callable[[re.Match[bytes]], bytes]:
    """A replacement that writes ``text`` as is (as a template, its backslashes would be read as escapes)."""
    return lambda _m: text


def _sheet_paths(path: Path) -> dict[str, str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wb = load_book(path, read_only=True)
    try:
        return {ws.title: ws._worksheet_path for ws in wb.worksheets}
    finally:
        wb.close()


def _head(zf: zipfile.ZipFile, name: str) -> bytes:
    """The bytes before <sheetData>: where the sheet views live (never the whole sheet)."""
    out = b""
    with zf.open(name) as fh:
        while b"<sheetData" not in out and len(out) < (4 << 20):
            chunk = fh.read(64 * 1024)
            if not chunk:
                break
            out += chunk
    return out.split(b"<sheetData", 1)[0]


def _restore_views(original: Path, produced: Path) -> None:
    """Put back frozen panes: LibreOffice headless drops them when it re-saves a workbook."""
    src_paths, out_paths = _sheet_paths(original), _sheet_paths(produced)
    replace: dict[str, bytes] = {}
    with zipfile.ZipFile(original) as zf:
        for title, part in src_paths.items():
            m = _VIEWS.search(_head(zf, part))
            if m and b"<pane" in m.group(0) and title in out_paths:
                replace[out_paths[title]] = m.group(0)
    if not replace:
        return
    tmp = produced.with_suffix(".views.xlsx")
    with zipfile.ZipFile(produced) as zin, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename in replace:
                views = replace[info.filename]
                data = _VIEWS.sub(_literal(views), data, count=1)
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    tmp.replace(produced)


def libreoffice_values(ws: Workspace, package: bytes, cells: dict[int, set[tuple[int, int]]],
                       *, timeout: float = RECALC_TIMEOUT) -> dict[tuple[int, int, int], Any]:
    """Values LibreOffice computes for ``cells`` ({sheet index: {(row, col)}}) of a workbook package.

    Only the values are taken: LibreOffice also rewrites formula text (``FALSE`` becomes
    ``FALSE()``), so the file the user gets stays the one Mira wrote, with these values added.
    """
    from skills.runtime.xlsx._formula import FormulaError
    from skills.runtime.xlsx._read import ERROR_VALUES

    tmp = private_dir(ws.root)
    try:
        out_dir = tmp / "out"
        user = out_dir / ".profile" / "user"
        user.mkdir(parents=True)
        (user / "registrymodifications.xcu").write_text(_REGISTRY, encoding="utf-8")
        (tmp / "in").mkdir()
        local = tmp / "in" / "workbook.xlsx"
        local.write_bytes(package)
        produced = convert(local, out_dir, XLSX_FILTER, timeout=timeout)
        check_file(produced, "xlsx")
        found: dict[tuple[int, int, int], Any] = {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            wb = load_book(produced, read_only=True, data_only=True)
        try:
            for s, sheet in enumerate(wb.worksheets):
                wanted = cells.get(s)
                if not wanted:
                    continue
                last = max(r for r, _ in wanted)
                for row in sheet.iter_rows(max_row=last):
                    for cell in row:
                        key = (getattr(cell, "row", 0), getattr(cell, "column", 0))
                        if key in wanted and cell.value is not None:
                            v = cell.value
                            found[(s, *key)] = FormulaError(v) if isinstance(v, str) and v in ERROR_VALUES else v
        finally:
            wb.close()
        return found
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
