"""Merge, extract, delete, rotate, reorder: every page keeps its own objects, compared object by object."""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import fitz
import pytest

from skills.runtime import CommandError, Workspace, get_command


def _png() -> bytes:
    pix = fitz.Pixmap(fitz.csRGB, fitz.IRect(0, 0, 40, 30), False)
    pix.set_rect(pix.irect, (200, 40, 40))
    return pix.tobytes("png")


def _rich(path: Path, label: str) -> None:
    """Three pages: text + image + link; a form field; text + a highlight annotation."""
    doc = fitz.open()
    p1 = doc.new_page()
    p1.insert_text((72, 72), f"{label} page one", fontname="helv", fontsize=14)
    p1.insert_image(fitz.Rect(72, 100, 272, 250), stream=_png())
    p1.insert_link({"kind": fitz.LINK_URI, "from": fitz.Rect(72, 300, 200, 320), "uri": f"https://example.com/{label}"})
    p2 = doc.new_page()
    p2.insert_text((72, 72), f"{label} page two: the form", fontname="helv", fontsize=14)
    w = fitz.Widget()
    w.field_name, w.field_type, w.rect = f"{label}_name", fitz.PDF_WIDGET_TYPE_TEXT, fitz.Rect(72, 100, 300, 120)
    w.field_value = "filled"
    p2.add_widget(w)
    p3 = doc.new_page(width=400, height=300)
    p3.insert_text((40, 60), f"{label} page three", fontname="helv", fontsize=14)
    p3.add_highlight_annot(fitz.Rect(40, 45, 200, 65))
    doc.save(path)


def _objects(doc: fitz.Document, i: int) -> dict[str, Any]:
    """Read by xref with PyMuPDF, independently of the runtime's own check."""
    page = doc[i]
    annots = sorted((doc.xref_get_key(x, "Subtype")[1], doc.xref_get_key(x, "Rect")[1],
                     doc.xref_get_key(x, "A/URI")[1], doc.xref_get_key(x, "T")[1], doc.xref_get_key(x, "V")[1])
                    for x, *_ in page.annot_xrefs())
    return {"content": hashlib.sha256(page.read_contents()).hexdigest(),
            "images": sorted(hashlib.sha256(doc.xref_stream(im[0])).hexdigest() for im in page.get_images()),
            "annots": annots, "links": [link.get("uri") for link in page.get_links()],
            "fields": [(w.field_name, w.field_value) for w in page.widgets()],
            "mediabox": tuple(page.mediabox)}


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    w = Workspace(tmp_path / "task")
    _rich(w.root / "a.pdf", "A")
    _rich(w.root / "b.pdf", "B")
    return w


def _same_pages(out: Path, sources: list[tuple[Path, int]]) -> None:
    got = fitz.open(out)
    assert got.page_count == len(sources)
    for i, (src, j) in enumerate(sources):
        with fitz.open(src) as doc:
            assert _objects(got, i) == _objects(doc, j), (i, src.name, j)
    got.close()


def test_merge_keeps_every_page_object_by_object(ws: Workspace) -> None:
    res = get_command("pdf_merge").run(ws, {"inputs": ["a.pdf", "b.pdf"], "output": "ab.pdf"})
    assert res.ok, res.message
    a, b = ws.root / "a.pdf", ws.root / "b.pdf"
    _same_pages(ws.root / "ab.pdf", [(a, 0), (a, 1), (a, 2), (b, 0), (b, 1), (b, 2)])
    doc = fitz.open(ws.root / "ab.pdf")
    assert {w.field_name for p in doc for w in p.widgets()} == {"A_name", "B_name"}
    assert doc[0].get_links()[0]["uri"] == "https://example.com/A" and len(doc[0].get_images()) == 1
    checks = {c.name: c.status for c in res.evidence[0].checks}
    assert checks["pages kept"] == "passed" and checks["pages_count"] == "passed"


def test_extract_pages_copies_them_whole_in_the_order_asked(ws: Workspace) -> None:
    args = {"path": "a.pdf", "pages": ["2-3", 1], "out": "part.pdf"}
    card = get_command("pdf_extract_pages").describe(ws, args)
    assert card["summary_msg"]["id"] == "summary.pages.extract" and len(card["changes"]) == 3
    assert not (ws.root / "part.pdf").exists()
    res = get_command("pdf_extract_pages").run(ws, args)
    assert res.ok, res.message
    a = ws.root / "a.pdf"
    _same_pages(ws.root / "part.pdf", [(a, 1), (a, 2), (a, 0)])
    assert {c.name: c.status for c in res.evidence[0].checks}["pages kept"] == "passed"
    assert res.artifacts[0].path == "part.pdf" and res.evidence[0].counts["pages"] == 3


def test_delete_pages_leaves_the_others_as_they_were(ws: Workspace) -> None:
    a = ws.root / "a.pdf"
    copy = ws.root / "orig.pdf"
    copy.write_bytes(a.read_bytes())
    res = get_command("pdf_delete_pages").run(ws, {"path": "a.pdf", "pages": [2]})
    assert res.ok, res.message
    _same_pages(a, [(copy, 0), (copy, 2)])
    with pytest.raises(CommandError, match="empty PDF"):
        get_command("pdf_delete_pages").run(ws, {"path": "a.pdf", "pages": ["1-2"]})


def test_rotate_pages_turns_only_those_pages(ws: Workspace) -> None:
    res = get_command("pdf_rotate_pages").run(ws, {"path": "a.pdf", "pages": [1, 3], "angle": 90,
                                                   "output": "turned.pdf"})
    assert res.ok, res.message
    doc = fitz.open(ws.root / "turned.pdf")
    assert [p.rotation for p in doc] == [90, 0, 90]
    _same_pages(ws.root / "turned.pdf", [(ws.root / "a.pdf", i) for i in range(3)])
    assert {c.name: c.status for c in res.evidence[0].checks}["pages turned"] == "passed"


def test_reorder_pages_is_a_permutation(ws: Workspace) -> None:
    a = ws.root / "a.pdf"
    copy = ws.root / "orig.pdf"
    copy.write_bytes(a.read_bytes())
    card = get_command("pdf_reorder_pages").describe(ws, {"path": "a.pdf", "order": [3, 1, 2]})
    assert len(card["changes"]) == 3 and a.read_bytes() == copy.read_bytes()
    assert get_command("pdf_reorder_pages").run(ws, {"path": "a.pdf", "order": [3, 1, 2]}).ok
    _same_pages(a, [(copy, 2), (copy, 0), (copy, 1)])
    with pytest.raises(CommandError, match="every page 1–3 once"):
        get_command("pdf_reorder_pages").run(ws, {"path": "a.pdf", "order": [1, 1, 2]})


@pytest.mark.parametrize(("command", "args", "message"), [
    ("pdf_extract_pages", {"pages": [4], "out": "x.pdf"}, "outside pages 1–3"),
    ("pdf_delete_pages", {"pages": ["3-1"]}, "reversed"),
    ("pdf_rotate_pages", {"pages": [1], "angle": 45}, "angle"),
])
def test_bad_page_arguments_change_nothing(ws: Workspace, command: str, args: dict[str, Any], message: str) -> None:
    before = (ws.root / "a.pdf").read_bytes()
    with pytest.raises(CommandError, match=message):
        get_command(command).run(ws, {"path": "a.pdf", **args})
    assert (ws.root / "a.pdf").read_bytes() == before and not (ws.root / "x.pdf").exists()


def test_a_corrupt_or_protected_pdf_gets_a_clear_error_and_nothing_is_written(ws: Workspace) -> None:
    (ws.root / "bad.pdf").write_bytes(b"%PDF-1.7\n" + b"\x00garbage" * 50)
    with pytest.raises(CommandError):
        get_command("pdf_extract_pages").run(ws, {"path": "bad.pdf", "pages": [1], "out": "x.pdf"})
    doc = fitz.open(ws.root / "a.pdf")
    doc.save(ws.root / "locked.pdf", encryption=fitz.PDF_ENCRYPT_AES_256, user_pw="secret", owner_pw="owner")
    before = (ws.root / "locked.pdf").read_bytes()
    with pytest.raises(CommandError, match="password"):
        get_command("pdf_rotate_pages").run(ws, {"path": "locked.pdf", "pages": [1], "angle": 180})
    assert (ws.root / "locked.pdf").read_bytes() == before and not (ws.root / "x.pdf").exists()
    with pytest.raises(CommandError, match="leaves the workspace"):
        get_command("pdf_extract_pages").run(ws, {"path": "a.pdf", "pages": [1], "out": "../escape.pdf"})


def test_merging_into_one_of_the_inputs_compares_with_the_pages_as_they_were(ws: Workspace) -> None:
    a, b = ws.root / "a.pdf", ws.root / "b.pdf"
    (ws.root / "a0.pdf").write_bytes(a.read_bytes())
    res = get_command("pdf_merge").run(ws, {"inputs": ["a.pdf", "b.pdf"], "output": "a.pdf"})
    assert res.ok, res.message
    _same_pages(a, [(ws.root / "a0.pdf", 0), (ws.root / "a0.pdf", 1), (ws.root / "a0.pdf", 2), (b, 0), (b, 1),
                    (b, 2)])


def test_split_keeps_every_page_of_each_part(ws: Workspace) -> None:
    res = get_command("pdf_split").run(ws, {"path": "a.pdf", "ranges": ["1-2", "3"], "output_dir": "parts"})
    assert res.ok, res.message
    a = ws.root / "a.pdf"
    _same_pages(ws.root / "parts" / "a_p1-2.pdf", [(a, 0), (a, 1)])
    _same_pages(ws.root / "parts" / "a_p3.pdf", [(a, 2)])
    assert all({c.name: c.status for c in ev.checks}["pages kept"] == "passed" for ev in res.evidence)


# -- the one tool the skill agent sees: pdf_pages {"op": ...} ------------------------------------------------------


def _pages(ws: Workspace, args: dict[str, Any]) -> Any:
    res = get_command("pdf_pages").run(ws, args)
    assert res.ok, res.message
    assert {c.name: c.status for ev in res.evidence for c in ev.checks}.get("pages kept") == "passed"
    return res


def test_pdf_pages_runs_every_op_with_the_pages_kept_object_by_object(ws: Workspace) -> None:
    a, b = ws.root / "a.pdf", ws.root / "b.pdf"
    (ws.root / "orig.pdf").write_bytes(a.read_bytes())
    orig = ws.root / "orig.pdf"
    _pages(ws, {"op": "merge", "inputs": ["a.pdf", "b.pdf"], "output": "ab.pdf"})
    _same_pages(ws.root / "ab.pdf", [(a, 0), (a, 1), (a, 2), (b, 0), (b, 1), (b, 2)])
    res = _pages(ws, {"op": "extract", "path": "a.pdf", "pages": ["2-3", 1], "output": "part.pdf"})
    assert res.artifacts[0].path == "part.pdf"
    _same_pages(ws.root / "part.pdf", [(a, 1), (a, 2), (a, 0)])
    _pages(ws, {"op": "split", "path": "a.pdf", "pages": ["1-2", 3], "output": "parts"})
    _same_pages(ws.root / "parts" / "a_p1-2.pdf", [(a, 0), (a, 1)])
    _same_pages(ws.root / "parts" / "a_p3.pdf", [(a, 2)])
    _pages(ws, {"op": "rotate", "path": "a.pdf", "pages": [1, 3], "angle": 90, "output": "turned.pdf"})
    assert [p.rotation for p in fitz.open(ws.root / "turned.pdf")] == [90, 0, 90]
    _same_pages(ws.root / "turned.pdf", [(a, i) for i in range(3)])
    _pages(ws, {"op": "reorder", "path": "a.pdf", "pages": ["3-2", 1], "output": "a.pdf"})  # in place
    _same_pages(a, [(orig, 2), (orig, 1), (orig, 0)])
    _pages(ws, {"op": "delete", "path": "a.pdf", "pages": [2], "output": "a.pdf"})
    _same_pages(a, [(orig, 2), (orig, 0)])


def test_pdf_pages_is_described_for_approval_as_the_op_itself(ws: Workspace) -> None:
    card = get_command("pdf_pages").describe(ws, {"op": "extract", "path": "a.pdf", "pages": [2], "output": "p.pdf"})
    assert card["summary_msg"]["id"] == "summary.pages.extract" and not (ws.root / "p.pdf").exists()
    card = get_command("pdf_pages").describe(ws, {"op": "merge", "inputs": ["a.pdf", "b.pdf"], "output": "ab.pdf"})
    assert card == get_command("pdf_merge").describe(ws, {"inputs": ["a.pdf", "b.pdf"], "output": "ab.pdf"})
    assert get_command("pdf_pages").target_arg == "output"  # the file written is the one the approval is frozen on


@pytest.mark.parametrize(("args", "message"), [
    ({"op": "merge", "path": "a.pdf", "inputs": ["a.pdf"], "output": "x.pdf"}, "merge takes inputs and output; not path"),
    ({"op": "rotate", "path": "a.pdf", "pages": [1], "output": "x.pdf"}, "missing angle"),
    ({"op": "extract", "path": "a.pdf", "pages": [1]}, "output"),
    ({"op": "shuffle", "path": "a.pdf", "output": "x.pdf"}, "op"),
    ({"op": "reorder", "path": "a.pdf", "pages": [1, 1, 2], "output": "x.pdf"}, "every page 1–3 once"),
    ({"op": "delete", "path": "a.pdf", "pages": ["1-3"], "output": "x.pdf"}, "empty PDF"),
    ({"op": "split", "path": "a.pdf", "pages": ["two"], "output": "parts"}, "pages|ranges"),
])
def test_pdf_pages_refuses_what_does_not_fit_the_op_and_changes_nothing(ws: Workspace, args: dict[str, Any],
                                                                        message: str) -> None:
    before = (ws.root / "a.pdf").read_bytes()
    with pytest.raises(CommandError, match=message):
        get_command("pdf_pages").run(ws, args)
    assert (ws.root / "a.pdf").read_bytes() == before and not (ws.root / "x.pdf").exists()
    assert not (ws.root / "parts").exists()
