"""pptx_edit keeps everything else intact; bad decks and bad ops fail clearly."""
from __future__ import annotations

from desktop.messages import english

import io
import re
import shutil
import zipfile
from pathlib import Path

import fitz
import pytest
from pptx import Presentation
from pptx.util import Pt

from hostile import zip_bomb_total

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.safety import MAX_TOTAL_UNCOMPRESSED
from skills.runtime.soffice import convert


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    w = Workspace(tmp_path / "task")
    get_command("pptx_create").run(w, {"path": "d.pptx", "slides": [
        {"layout": "title", "title": "Plan", "subtitle": "Draft"},
        {"layout": "bullets", "title": "Goals", "bullets": ["Grow revenue", "Hire two engineers"], "notes": "n2"},
        {"layout": "table", "title": "Budget", "header": ["Item", "Cost"], "rows": [["Laptops", 3000]]},
    ]})
    return w


def edit(ws: Workspace, *ops, **extra):
    return get_command("pptx_edit").run(ws, {"path": "d.pptx", "operations": list(ops), **extra})


def titles(path: Path) -> list[str]:
    return [s.shapes.title.text_frame.text for s in Presentation(str(path)).slides]


def test_set_title_replace_text_and_notes_keep_the_rest(ws: Workspace) -> None:
    # a user formatted a run by hand; replace_text inside that run must keep it
    prs = Presentation(str(ws.root / "d.pptx"))
    run = prs.slides[1].placeholders[1].text_frame.paragraphs[0].runs[0]
    run.font.bold, run.font.size = True, Pt(30)
    prs.save(str(ws.root / "d.pptx"))
    res = edit(ws, {"op": "set_title", "slide": 1, "text": "Final plan"},
               {"op": "replace_text", "find": "revenue", "replace": "profit"},
               {"op": "set_notes", "slide": 3, "text": "Ask for approval"})
    assert res.ok, res.message
    prs = Presentation(str(ws.root / "d.pptx"))
    assert titles(ws.root / "d.pptx") == ["Final plan", "Goals", "Budget"]
    run = prs.slides[1].placeholders[1].text_frame.paragraphs[0].runs[0]
    assert run.text == "Grow profit" and run.font.bold and run.font.size == Pt(30)
    assert prs.slides[1].placeholders[1].text_frame.paragraphs[1].text == "Hire two engineers"
    assert prs.slides[1].notes_slide.notes_text_frame.text == "n2"
    assert prs.slides[2].notes_slide.notes_text_frame.text == "Ask for approval"
    assert "Draft" in [p.text_frame.text for p in prs.slides[0].placeholders]
    assert ["Slide 2: Grow revenue", "Slide 2: Grow profit"] in res.data["changes"]


def test_replace_text_reaches_tables_and_text_split_across_runs(ws: Workspace) -> None:
    prs = Presentation(str(ws.root / "d.pptx"))
    para = prs.slides[1].placeholders[1].text_frame.paragraphs[1]
    para.runs[0].text = "Hire two "
    para.add_run().text = "engineers"
    prs.save(str(ws.root / "d.pptx"))
    edit(ws, {"op": "replace_text", "find": "two engineers", "replace": "三名工程师"},
         {"op": "replace_text", "find": "Laptops", "replace": "Monitors", "slide": 3})
    out = get_command("pptx_inspect").run(ws, {"path": "d.pptx"}).data
    assert out["slides"][1]["shapes"][0]["paragraphs"][1]["text"] == "Hire 三名工程师"
    assert out["slides"][2]["tables"][0][1] == ["Monitors", "3000"]


def test_add_remove_move_slides(ws: Workspace) -> None:
    res = edit(ws, {"op": "add_slide", "at": 2, "slide": {"layout": "bullets", "title": "Agenda", "bullets": ["a"]}},
               {"op": "remove_slide", "slide": 4},
               {"op": "move_slide", "slide": 3, "to": 1},
               {"op": "set_bullets", "slide": 3, "bullets": ["x", {"text": "y", "level": 1}]})
    assert res.ok, res.message
    assert titles(ws.root / "d.pptx") == ["Goals", "Plan", "Agenda"]
    prs = Presentation(str(ws.root / "d.pptx"))
    assert len(prs.slides) == 3
    # the removed slide's part is gone from the package, not just hidden
    with zipfile.ZipFile(ws.root / "d.pptx") as zf:
        assert len([n for n in zf.namelist() if n.startswith("ppt/slides/slide")]) == 3
    assert prs.slides[0].notes_slide.notes_text_frame.text == "n2"
    assert [p.text for p in prs.slides[2].placeholders[1].text_frame.paragraphs] == ["x", "y"]


def test_set_bullets_and_output_leaves_source_alone(ws: Workspace) -> None:
    before = (ws.root / "d.pptx").read_bytes()
    res = edit(ws, {"op": "set_bullets", "slide": 2, "bullets": ["Only one", {"text": "sub", "level": 2}]},
               output="v2/d2.pptx")
    assert res.ok and res.artifacts[0].path == "v2/d2.pptx"
    assert (ws.root / "d.pptx").read_bytes() == before
    body = Presentation(str(ws.root / "v2/d2.pptx")).slides[1].placeholders[1]
    assert [(p.text, p.level) for p in body.text_frame.paragraphs] == [("Only one", 0), ("sub", 2)]


@pytest.mark.parametrize("op, message", [
    ({"op": "replace_text", "find": "nowhere", "replace": "x"}, "operations[1] (replace_text): 'nowhere' was not found"),
    ({"op": "set_title", "slide": 9, "text": "x"}, "slide 9 does not exist (the deck has 3 slides)"),
    ({"op": "set_bullets", "slide": 3, "bullets": ["x"]}, "slide 3 has no bullet"),
    ({"op": "move_slide", "slide": 1, "to": 4}, "past the last slide"),
    ({"op": "add_slide", "at": 9, "slide": {"layout": "title", "title": "x"}}, "outside 1..4"),
    ({"op": "explode", "slide": 1}, "operations[1].op: 'explode' is not one of"),
])
def test_failing_op_writes_nothing(ws: Workspace, op: dict, message: str) -> None:
    before = (ws.root / "d.pptx").read_bytes()
    with pytest.raises(CommandError, match=re.escape(message)):
        edit(ws, {"op": "set_title", "slide": 1, "text": "changed"}, op)
    assert (ws.root / "d.pptx").read_bytes() == before
    card = get_command("pptx_edit").describe(ws, {"path": "d.pptx", "operations": [op]})
    assert card.changes == () and "cannot run" in card.summary.english()


def test_describe_shows_before_and_after_without_writing(ws: Workspace) -> None:
    before = (ws.root / "d.pptx").read_bytes()
    card = get_command("pptx_edit").describe(ws, {"path": "d.pptx", "operations": [
        {"op": "set_title", "slide": 2, "text": "Objectives"}, {"op": "remove_slide", "slide": 3}]})
    assert [[english(side) for side in pair] for pair in card.pairs()] == [
        ["Title of slide 2: Goals", "Title of slide 2: Objectives"], ["Slide 3: Budget", "(removed)"]]
    assert (ws.root / "d.pptx").read_bytes() == before


def _zip_with(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _hostile(ws: Workspace, kind: str) -> None:
    good = (ws.root / "d.pptx").read_bytes()
    target = ws.root / "bad.pptx"
    if kind == "truncated":
        target.write_bytes(good[: len(good) // 2])
    elif kind == "encrypted":
        target.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512)
    elif kind == "macro":
        with zipfile.ZipFile(io.BytesIO(good)) as zf:
            entries = {n: zf.read(n) for n in zf.namelist()}
        entries["ppt/vbaProject.bin"] = b"\0" * 64
        target.write_bytes(_zip_with(entries))
    elif kind == "bomb":  # past the total inflated-size cap (a compressible part alone is no bomb)
        zip_bomb_total(target, "pptx", MAX_TOTAL_UNCOMPRESSED + 1)
    elif kind == "not_a_deck":
        target.write_bytes(_zip_with({"[Content_Types].xml": b"<Types/>", "hello.txt": b"hi"}))
    elif kind == "empty":
        target.write_bytes(b"")
    elif kind == "entities":
        with zipfile.ZipFile(io.BytesIO(good)) as zf:
            entries = {n: zf.read(n) for n in zf.namelist()}
        slide = entries["ppt/slides/slide1.xml"].split(b"?>", 1)[-1]
        entries["ppt/slides/slide1.xml"] = b'<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>' + slide
        target.write_bytes(_zip_with(entries))


@pytest.mark.parametrize("kind, message", [
    ("truncated", "corrupt or truncated"),
    ("encrypted", "protected with a password"),
    ("macro", "macros"),
    ("bomb", "zip bomb"),
    ("not_a_deck", "could not be opened: the file is corrupt"),
    ("empty", "empty"),
    ("entities", "entit"),
])
def test_hostile_decks_get_one_clear_error(ws: Workspace, kind: str, message: str) -> None:
    _hostile(ws, kind)
    calls = [("pptx_inspect", {"path": "bad.pptx"}),
             ("pptx_edit", {"path": "bad.pptx", "operations": [{"op": "remove_slide", "slide": 1}]})]
    if kind == "macro":  # read-only: inspect and preview show it (test_read_only_packages.py)
        calls = calls[1:]
    for name, args in calls:
        with pytest.raises(CommandError, match=message):
            get_command(name).run(ws, args)
    # verify either refuses up front or reports the file as not opening: never "passed"
    try:
        res = get_command("pptx_verify").run(ws, {"path": "bad.pptx"})
    except CommandError as exc:
        assert re.search(message, str(exc))
    else:
        assert not res.ok and res.evidence[0].checks[0].status == "failed"
        assert message in res.evidence[0].checks[0].detail


def test_renamed_pptm_is_refused(ws: Workspace) -> None:
    shutil.copy(ws.root / "d.pptx", ws.root / "d.pptm")
    assert get_command("pptx_inspect").run(ws, {"path": "d.pptm"}).data["macros"] is False  # read-only is fine
    with pytest.raises(CommandError, match=r"must end with \.pptx"):
        get_command("pptx_edit").run(ws, {"path": "d.pptm", "operations": [{"op": "remove_slide", "slide": 1}]})


@pytest.mark.soffice
@pytest.mark.slow
def test_deck_converts_to_pdf_in_libreoffice_with_the_text(ws: Workspace) -> None:
    edit(ws, {"op": "add_slide", "slide": {"layout": "bullets", "title": "中文标题", "bullets": ["第一点"]}})
    pdf = convert(ws.root / "d.pptx", ws.root / "pdf", "pdf", timeout=90)
    with fitz.open(pdf) as doc:
        assert doc.page_count == 4
        text = "".join(page.get_text() for page in doc)
    for want in ("Plan", "Grow revenue", "Laptops", "中文标题", "第一点"):
        assert want in text


def test_edit_a_foreign_deck_keeps_its_pictures_and_size(ws: Workspace) -> None:
    from PIL import Image
    from pptx.util import Inches

    Image.new("RGB", (40, 30), (0, 128, 0)).save(ws.root / "g.png")
    prs = Presentation()  # a 4:3 deck made elsewhere
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Photo"
    slide.shapes.add_picture(str(ws.root / "g.png"), Inches(1), Inches(2))
    prs.save(str(ws.root / "f.pptx"))
    res = get_command("pptx_edit").run(ws, {"path": "f.pptx", "operations": [
        {"op": "add_slide", "slide": {"layout": "bullets", "title": "Notes", "bullets": ["one"]}},
        {"op": "replace_text", "find": "Photo", "replace": "Green photo"}]})
    assert res.ok, res.message
    out = Presentation(str(ws.root / "f.pptx"))
    assert (out.slide_width, out.slide_height) == (prs.slide_width, prs.slide_height)
    assert [s.shapes.title.text_frame.text for s in out.slides] == ["Green photo", "Notes"]
    pic = next(sh for sh in out.slides[0].shapes if sh.shape_type == 13)
    assert pic.image.size == (40, 30)
    assert out.slides[1].slide_layout.name == "Title and Content"


def _without_slide_size(src: Path, dst: Path) -> None:
    """The deck as some generators write it: ``<p:sldSz>`` is optional in the schema, and left out."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "ppt/presentation.xml":
                data = re.sub(rb"<p:sldSz[^>]*/>", b"", data)
                assert b"sldSz" not in data
            zout.writestr(item, data)


def test_a_deck_without_a_slide_size_is_read_and_edited(ws: Workspace) -> None:
    prs = Presentation()
    prs.slides.add_slide(prs.slide_layouts[0]).shapes.title.text = "Sizeless"
    prs.save(str(ws.root / "full.pptx"))
    _without_slide_size(ws.root / "full.pptx", ws.root / "s.pptx")
    assert Presentation(str(ws.root / "s.pptx")).slide_width is None
    out = get_command("pptx_inspect").run(ws, {"path": "s.pptx"})
    assert out.ok, out.message
    assert out.data["slide_width_in"] > 0 and out.data["slide_height_in"] > 0
    assert out.data["slides"][0]["title"] == "Sizeless"
    res = get_command("pptx_edit").run(ws, {"path": "s.pptx", "operations": [
        {"op": "add_slide", "slide": {"layout": "table", "title": "Costs", "header": ["Item", "Cost"],
                                      "rows": [["Paper", 5]]}}]})
    assert res.ok, res.message
    deck = Presentation(str(ws.root / "s.pptx"))
    table = next(sh for sh in deck.slides[1].shapes if sh.has_table)
    assert table.table.cell(1, 0).text == "Paper"
    assert table.width > 0 and table.height > 0


def test_a_slide_whose_title_was_deleted_gets_its_layouts_title_back(tmp_path: Path) -> None:
    """A chart slide whose title placeholder the user deleted: "set the title of slide 2" puts the layout's
    title back, where the layout stands titles and first in reading order, with the text; a slide on a
    layout with no title at all is still refused in words and nothing is written."""
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = Presentation()
    prs.slides.add_slide(prs.slide_layouts[0]).shapes.title.text = "Plan"
    chart_slide = prs.slides.add_slide(prs.slide_layouts[5])  # Title Only
    title = chart_slide.shapes.title
    title.element.getparent().remove(title.element)
    data = CategoryChartData()
    data.categories = ["Q1", "Q2"]
    data.add_series("Sales", (3, 5))
    chart_slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2), Inches(6), Inches(4), data)
    prs.slides.add_slide(prs.slide_layouts[6])  # Blank: no title anywhere
    ws = Workspace(tmp_path / "task")
    prs.save(str(ws.root / "d.pptx"))
    assert Presentation(str(ws.root / "d.pptx")).slides[1].shapes.title is None
    res = edit(ws, {"op": "set_title", "slide": 2, "text": "Sales by quarter"})
    assert res.ok, res.message
    assert res.data["changes"][0] == ["Title of slide 2: (none)", "Title of slide 2: Sales by quarter"]
    slide = Presentation(str(ws.root / "d.pptx")).slides[1]
    layout_title = next(ph for ph in slide.slide_layout.placeholders if ph.placeholder_format.idx == 0)
    assert slide.shapes.title.text_frame.text == "Sales by quarter"
    assert (slide.shapes.title.left, slide.shapes.title.top) == (layout_title.left, layout_title.top)
    assert slide.shapes[0].shape_id == slide.shapes.title.shape_id  # read first
    assert slide.shapes[1].has_chart and list(slide.shapes[1].chart.plots[0].categories) == ["Q1", "Q2"]
    before = (ws.root / "d.pptx").read_bytes()
    with pytest.raises(CommandError, match="no title placeholder"):
        edit(ws, {"op": "set_title", "slide": 3, "text": "Thanks"})
    assert (ws.root / "d.pptx").read_bytes() == before


def test_duplicate_slide_copies_it_whole_with_its_own_chart(tmp_path: Path) -> None:
    """A slide with a title, a picture, a chart, speaker notes, its own background and a transition, copied
    right after itself: the copy has the same texts, the same picture (one image in the file), a chart with
    the same data in a chart part of its own (so changing one chart leaves the other), the notes, the
    background and the transition; a later edit of the copy leaves the original as it was."""
    _duplicated(tmp_path)


def _duplicated(tmp_path: Path) -> Workspace:
    """The deck of the test above, built, its chart slide duplicated and checked, the copy retitled."""
    from hostile import small_png
    from lxml import etree
    from pptx.chart.data import CategoryChartData
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    ws = Workspace(tmp_path / "task")
    small_png(ws.root / "logo.png")
    prs = Presentation()
    prs.slides.add_slide(prs.slide_layouts[0]).shapes.title.text = "Plan"
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Sales by quarter"
    slide.shapes.add_picture(str(ws.root / "logo.png"), Inches(8), Inches(0.2), Inches(1), Inches(1))
    data = CategoryChartData()
    data.categories = ["Q1", "Q2"]
    data.add_series("Sales", (3, 5))
    slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2), Inches(6), Inches(4), data)
    slide.notes_slide.notes_text_frame.text = "Say the totals first"
    slide.background.fill.solid()
    slide.background.fill.fore_color.rgb = RGBColor(0xEE, 0xF4, 0xFA)
    slide._element.insert(2, etree.fromstring(
        '<p:transition xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" spd="med"><p:fade/></p:transition>'))
    prs.slides.add_slide(prs.slide_layouts[1]).shapes.title.text = "Next steps"
    prs.save(str(ws.root / "d.pptx"))

    res = edit(ws, {"op": "duplicate_slide", "slide": 2})
    assert res.ok, res.message
    assert res.data["changes"][0][1] == "Copied as slide 3: Sales by quarter"
    deck = Presentation(str(ws.root / "d.pptx"))
    assert titles(ws.root / "d.pptx") == ["Plan", "Sales by quarter", "Sales by quarter", "Next steps"]
    original, copied = deck.slides[1], deck.slides[2]
    pictures = [[s for s in one.shapes if s.shape_type == 13] for one in (original, copied)]
    assert len(pictures[0]) == len(pictures[1]) == 1
    assert pictures[0][0].image.sha1 == pictures[1][0].image.sha1
    with zipfile.ZipFile(ws.root / "d.pptx") as z:
        assert len([n for n in z.namelist() if n.startswith("ppt/media/")]) == 1  # the picture is stored once
    charts = [next(s for s in one.shapes if s.has_chart).chart for one in (original, copied)]
    assert charts[0].part is not charts[1].part
    assert [list(c.plots[0].series[0].values) for c in charts] == [[3.0, 5.0], [3.0, 5.0]]
    assert copied.notes_slide.notes_text_frame.text == "Say the totals first"
    assert copied.background.fill.fore_color.rgb == RGBColor(0xEE, 0xF4, 0xFA)
    assert copied._element.find(qn_p("transition")) is not None

    res = edit(ws, {"op": "replace_text", "find": "Sales by quarter", "replace": "Copy", "slide": 3})
    assert res.ok and titles(ws.root / "d.pptx")[1:3] == ["Sales by quarter", "Copy"]
    return ws


@pytest.mark.slow
def test_a_deck_with_a_duplicated_slide_opens_in_libreoffice(tmp_path: Path) -> None:
    """The deck above, as another program reads it: LibreOffice draws four pages, the copy's with its text."""
    if not _soffice():
        pytest.skip("LibreOffice is not installed")
    ws = _duplicated(tmp_path)
    pdf = convert(ws.root / "d.pptx", tmp_path / "out")
    with fitz.open(pdf) as doc:
        assert len(doc) == 4 and "Copy" in doc[2].get_text() and "Sales by quarter" in doc[1].get_text()


def qn_p(tag: str) -> str:
    return "{http://schemas.openxmlformats.org/presentationml/2006/main}" + tag


def _soffice() -> bool:
    from skills.runtime import soffice

    return soffice.soffice_path() is not None
