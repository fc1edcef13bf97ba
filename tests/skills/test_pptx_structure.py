"""An added slide uses the deck's own layout and theme, with its title and body placeholders filled."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from pptx import Presentation
from pptx.oxml.ns import qn

from skills.runtime import Workspace, get_command

needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")


def _corporate(path: Path) -> None:
    """A deck on its own content layout ("Corporate Content", listed last, with a logo and green title
    text in its master), the way a company template is: the first one-body layout is not the one used."""
    prs = Presentation()
    master = prs.slide_master
    content = prs.slide_layouts[1]
    content.name = "Corporate Content"
    lst = master._element.find(qn("p:sldLayoutIdLst"))
    first = lst[1]
    lst.remove(first)
    lst.append(first)  # the content layout is now the last in the master's list
    logo = content.shapes._spTree
    sp = etree.SubElement(logo, qn("p:sp"))
    sp.append(etree.fromstring(
        '<p:nvSpPr xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">'
        '<p:cNvPr id="99" name="Corporate logo"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>'))
    sp.append(etree.fromstring(
        '<p:spPr xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:xfrm><a:off x="100" y="100"/>'
        '<a:ext cx="900000" cy="300000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>'))
    title_style = master._element.find(f"{qn('p:txStyles')}/{qn('p:titleStyle')}/{qn('a:lvl1pPr')}/{qn('a:defRPr')}")
    title_style.set("sz", "3200")
    fill = etree.SubElement(title_style, qn("a:solidFill"))
    etree.SubElement(fill, qn("a:srgbClr")).set("val", "2E7D32")
    cover = prs.slides.add_slide(prs.slide_layouts[0])
    cover.shapes.title.text = "Quarterly review"
    corporate = next(lay for lay in prs.slide_layouts if lay.name == "Corporate Content")
    for title, points in (("Goals", ["Grow", "Hire"]), ("Status", ["On track"])):
        slide = prs.slides.add_slide(corporate)
        slide.shapes.title.text = title
        slide.placeholders[1].text_frame.text = points[0]
        for p in points[1:]:
            slide.placeholders[1].text_frame.add_paragraph().text = p
    prs.save(path)


def _add(ws: Workspace, path: str, slide: dict[str, Any]) -> Any:
    res = get_command("pptx_edit").run(ws, {"path": path, "operations": [{"op": "add_slide", "slide": slide}]})
    assert res.ok, res.message
    return Presentation(ws.root / path)


_RISKS = {"layout": "bullets", "title": "Risks", "bullets": ["Budget", "Time"]}


def _placeholders_filled(slide: Any) -> None:
    assert all(shape.is_placeholder for shape in slide.shapes)  # no text boxes of Mira's own
    texts = {shape.placeholder_format.type: shape.text_frame.text for shape in slide.shapes}
    assert "Risks" in texts.values() and "Budget\nTime" in texts.values()


def test_an_added_slide_uses_the_layout_the_decks_content_slides_use(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _corporate(ws.root / "deck.pptx")
    prs = _add(ws, "deck.pptx", _RISKS)
    new = prs.slides[-1]
    assert new.slide_layout.name == "Corporate Content" == prs.slides[1].slide_layout.name
    _placeholders_filled(new)
    for r in new.shapes.title._element.iter(qn("a:rPr")):  # the theme's green 32 pt title, not Mira's
        assert r.get("sz") is None and r.find(qn("a:solidFill")) is None and r.get("b") is None
    for r in new.placeholders[1]._element.iter(qn("a:rPr")):
        assert r.get("sz") is None


def test_a_title_slide_added_to_a_users_deck_takes_its_title_layout_and_styles(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _corporate(ws.root / "deck.pptx")
    prs = _add(ws, "deck.pptx", {"layout": "title", "title": "Part two", "subtitle": "Results"})
    new = prs.slides[-1]
    assert new.slide_layout.name == prs.slides[0].slide_layout.name == "Title Slide"
    assert [s.text_frame.text for s in new.shapes] == ["Part two", "Results"]
    assert all(r.get("sz") is None and r.find(qn("a:solidFill")) is None
               for s in new.shapes for r in s._element.iter(qn("a:rPr")))


def test_a_slide_added_to_a_mira_deck_still_looks_like_mira_made_it(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    assert get_command("pptx_create").run(ws, {"path": "m.pptx", "slides": [
        {"layout": "title", "title": "Plan"}, {"layout": "bullets", "title": "Goals", "bullets": ["A", "B"]}]}).ok
    prs = _add(ws, "m.pptx", _RISKS)
    new, old = prs.slides[-1], prs.slides[1]
    assert new.slide_layout.name == old.slide_layout.name
    size = lambda s: {r.get("sz") for r in s.shapes.title._element.iter(qn("a:rPr"))}  # noqa: E731
    assert size(new) == size(old) != {None}


@pytest.mark.slow
@needs_soffice
def test_a_deck_saved_by_libreoffice_impress_gets_a_slide_on_its_content_layout(tmp_path: Path) -> None:
    from skills.runtime.soffice import convert

    _corporate(tmp_path / "made.pptx")
    odp = convert(tmp_path / "made.pptx", tmp_path / "odp", "odp")
    produced = convert(odp, tmp_path / "lo", "pptx:Impress MS PowerPoint 2007 XML")
    ws = Workspace(tmp_path / "task")
    shutil.copyfile(produced, ws.root / "lo.pptx")
    before = Presentation(ws.root / "lo.pptx")
    # LibreOffice puts its slides on a blank layout of their master, the placeholders on the slide
    master = before.slides[1].slide_layout.slide_master.part.partname
    assert master != before.slide_masters[0].part.partname
    prs = _add(ws, "lo.pptx", _RISKS)
    new = prs.slides[-1]
    assert new.slide_layout.slide_master.part.partname == master  # the corporate master, its look
    assert {ph.placeholder_format.type for ph in new.slide_layout.placeholders} >= {
        s.placeholder_format.type for s in before.slides[1].shapes if s.is_placeholder}
    assert new.shapes.title is not None and new.shapes.title.text_frame.text == "Risks"
    assert any(s.is_placeholder and s.text_frame.text == "Budget\nTime" for s in new.shapes if s.has_text_frame)
    # Impress writes the look onto each slide (the green 32 pt title, the bullet): the new slide has it too
    neighbour = prs.slides[2]

    def look(slide: Any) -> list[Any]:
        out = []
        for shape in slide.shapes:
            rpr = shape._element.find(f".//{qn('a:r')}/{qn('a:rPr')}")
            ppr = shape._element.find(f".//{qn('a:p')}/{qn('a:pPr')}")
            fill = rpr.find(f"{qn('a:solidFill')}/{qn('a:srgbClr')}") if rpr is not None else None
            bullet = ppr.find(qn("a:buChar")) if ppr is not None else None
            out.append((rpr.get("sz") if rpr is not None else None, fill.get("val") if fill is not None else None,
                        bullet.get("char") if bullet is not None else None))
        return out

    assert look(new) == look(neighbour) and look(new)[0][1].lower() == "2e7d32"


def test_a_slide_with_only_a_chart_a_drawn_shape_or_a_connector_is_not_empty(ws: Workspace) -> None:
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.enum.shapes import MSO_CONNECTOR, MSO_SHAPE
    from pptx.util import Inches

    prs = Presentation()
    blank = prs.slide_layouts[6]
    data = CategoryChartData()
    data.categories = ["Q1", "Q2"]
    data.add_series("Sales", (3, 5))
    prs.slides.add_slide(blank).shapes.add_chart(XL_CHART_TYPE.PIE, Inches(1), Inches(1), Inches(4), Inches(4), data)
    prs.slides.add_slide(blank).shapes.add_shape(MSO_SHAPE.RIGHT_ARROW, Inches(1), Inches(1), Inches(3), Inches(1))
    prs.slides.add_slide(blank).shapes.add_connector(MSO_CONNECTOR.STRAIGHT, Inches(1), Inches(1), Inches(5), Inches(3))
    prs.slides.add_slide(blank).shapes.add_textbox(Inches(1), Inches(1), Inches(3), Inches(1))  # an empty box: nothing
    prs.save(str(ws.root / "drawn.pptx"))

    result = get_command("pptx_verify").run(ws, {"path": "drawn.pptx"})
    [check] = [c for c in result.evidence[0].checks if c.name == "no empty slides"]
    assert check.status == "failed" and check.detail.params == {"slides": [4]}, check
    inspected = get_command("pptx_inspect").run(ws, {"path": "drawn.pptx"})
    assert [s["graphics"] for s in inspected.data["slides"]] == [["chart"], ["shape"], ["connector"], []]


def test_an_edit_is_not_failed_by_a_slide_that_was_empty_before_it(ws: Workspace) -> None:
    """A real deck often keeps a blank slide: editing another slide must not fail "no empty slides" for it,
    and a slide the edit itself leaves empty still fails, named by where it is now."""
    from pptx.util import Inches

    prs = Presentation()
    prs.slides.add_slide(prs.slide_layouts[0]).shapes.title.text = "Kickoff"
    prs.slides.add_slide(prs.slide_layouts[6])  # left blank by its author
    prs.slides.add_slide(prs.slide_layouts[6]).shapes.add_textbox(Inches(1), Inches(1), Inches(3), Inches(1)
                                                                   ).text_frame.text = "Draft"
    prs.save(str(ws.root / "kept.pptx"))
    edit = get_command("pptx_edit")

    result = edit.run(ws, {"path": "kept.pptx", "operations": [
        {"op": "set_title", "slide": 1, "text": "Launch"}, {"op": "move_slide", "slide": 2, "to": 3}]})
    assert result.ok and result.evidence[0].passed, result.message
    [check] = [c for c in result.evidence[0].checks if c.name in ("no empty slides", "no slide emptied")]
    assert check.name == "no slide emptied" and check.detail.params == {"slides": [3]}, check
    assert Presentation(str(ws.root / "kept.pptx")).slides[0].shapes.title.text == "Launch"

    result = edit.run(ws, {"path": "kept.pptx", "operations": [{"op": "replace_text", "find": "Draft", "replace": ""}]})
    assert not result.evidence[0].passed
    [check] = [c for c in result.evidence[0].checks if c.name == "no empty slides"]
    assert check.status == "failed" and check.detail.params == {"slides": [2]}, check

    # verifying the deck on its own still says a slide is empty: nothing there was before
    verified = get_command("pptx_verify").run(ws, {"path": "kept.pptx"})
    [check] = [c for c in verified.evidence[0].checks if c.name == "no empty slides"]
    assert check.status == "failed" and check.detail.params == {"slides": [2, 3]}, check
