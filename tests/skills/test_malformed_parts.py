"""Decks and documents whose parts are damaged deep inside (read lazily by the libraries).

python-docx and python-pptx parse some parts only when they are first used, so such
damage used to surface mid-read as AttributeError/KeyError tracebacks. Every command
must answer with one clear CommandError (or a failed "opens" check for verify).
"""
from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skills.runtime import CommandError, Workspace, get_command

_DOCX_CT = "[Content_Types].xml"
CASES = {
    # A wrong namespace on the core properties root: python-docx parses it on first use.
    "docx-core": ("docx", "docProps/core.xml", b'xmlns:cp="http://schemas.openxmlformats.org/package/2006/'
                  b'metadata/core-properties"', b'xmlns:cp="x"'),
    # The styles part declared as something else: it loads as a generic part without styles.
    "docx-styles": ("docx", _DOCX_CT, b'ContentType="application/vnd.openxmlformats-officedocument.'
                    b'wordprocessingml.styles+xml"', b'ContentType="-1"'),
    # A slide whose layout relationship has a bogus type: found missing only when the slide is read.
    "pptx-layout-rel": ("pptx", "ppt/slides/_rels/slide3.xml.rels",
                        b'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout"',
                        b'Type="1.5"'),
    # The DrawingML namespace renamed in a slide with a table: the graphic frame is invalid when edited.
    "pptx-graphic": ("pptx", "ppt/slides/slide3.xml",
                     b'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"', b'xmlns:a="-1"'),
}


def _make(ws: Workspace, kind: str) -> Path:
    if kind == "docx":
        get_command("docx_create").run(ws, {"path": "good.docx", "blocks": [
            {"type": "heading", "text": "Title", "level": 1}, {"type": "paragraph", "text": "alpha beta"}]})
    else:
        get_command("pptx_create").run(ws, {"path": "good.pptx", "slides": [
            {"layout": "title", "title": "Deck"}, {"layout": "bullets", "title": "B", "bullets": ["alpha"]},
            {"layout": "table", "title": "T", "header": ["a"], "rows": [["alpha"]]}]})
    return ws.root / f"good.{kind}"


def _damage(src: Path, dst: Path, part: str, old: bytes, new: bytes) -> Path:
    buf = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == part:
                assert old in data, f"{part} no longer contains the bytes this case damages"
                data = data.replace(old, new, 1)
            zout.writestr(info, data)
    dst.write_bytes(buf.getvalue())
    return dst


def _outcome(call: Callable[[], Any]) -> Any:
    """What a command call gave: its result, or the CommandError it raised (anything else fails the test)."""
    try:
        return call()
    except CommandError as exc:
        return exc


@pytest.mark.parametrize("case", sorted(CASES))
def test_damaged_part_is_one_clear_error_everywhere(ws: Workspace, case: str) -> None:
    kind, part, old, new = CASES[case]
    bad = _damage(_make(ws, kind), ws.root / f"bad.{kind}", part, old, new)
    before = bad.read_bytes()
    args = {"path": bad.name, "operations": [{"op": "replace_text", "find": "alpha", "replace": "gamma"}]}
    edit = get_command(f"{kind}_edit")
    outcomes = [_outcome(lambda: get_command(f"{kind}_inspect").run(ws, {"path": bad.name})),
                _outcome(lambda: edit.describe(ws, dict(args))),  # type: ignore[misc]
                _outcome(lambda: edit.run(ws, dict(args)))]
    for got in outcomes:
        if isinstance(got, CommandError):
            assert bad.name in str(got), got  # one sentence that names the file
    assert isinstance(outcomes[-1], CommandError)  # nothing is written from a damaged file
    verify = get_command(f"{kind}_verify").run(ws, {"path": bad.name})
    assert not verify.ok and any(c.status == "failed" for c in verify.evidence[0].checks)
    assert bad.read_bytes() == before
