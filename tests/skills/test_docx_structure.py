"""A new section in a user's document takes the document's own heading and body styles and goes where asked."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import docx
import pytest
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt, RGBColor

from skills.runtime import Workspace, get_command
from skills.runtime.docx.read import StyleIndex

needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")


def _sections(doc: Any, heading_style: str | None = None) -> None:
    for title, text in (("Scope", "What the project covers."), ("Budget", "Money we have."),
                        ("Risks", "What may go wrong.")):
        doc.add_paragraph(title, style=heading_style or "Heading 1")
        doc.add_paragraph(text)


def _chinese_word(path: Path) -> None:
    """Chinese Word saves its built-in headings under the ids "1", "2" (named "heading 1")."""
    doc = docx.Document()
    styles = doc.styles.element
    for level in (1, 2):
        st = next(s for s in styles.iter(qn("w:style")) if s.get(qn("w:styleId")) == f"Heading{level}")
        st.set(qn("w:styleId"), str(level))
    doc.styles["Heading 1"].font.color.rgb = RGBColor(0xC0, 0x30, 0x30)
    for title in ("范围", "预算", "风险"):
        p = doc.add_paragraph(title)
        p._p.get_or_add_pPr().get_or_add_pStyle().set(qn("w:val"), "1")
        doc.add_paragraph(f"{title}的说明。")
    doc.save(path)


def _custom_heading(path: Path) -> None:
    """A user's own heading style with an outline level; the template's Heading 1 stays unused."""
    doc = docx.Document()
    kap = doc.styles.add_style("Kapitel", WD_STYLE_TYPE.PARAGRAPH)
    kap.base_style = doc.styles["Normal"]
    kap.font.size, kap.font.bold = Pt(20), True
    lvl = OxmlElement("w:outlineLvl")
    lvl.set(qn("w:val"), "0")
    kap.element.get_or_add_pPr().append(lvl)
    body = doc.styles.add_style("Fliesstext", WD_STYLE_TYPE.PARAGRAPH)
    body.font.size = Pt(12)
    for title in ("Scope", "Budget", "Risks"):
        doc.add_paragraph(title, style="Kapitel")
        doc.add_paragraph(f"About {title.lower()}.", style="Fliesstext")
        doc.add_paragraph(f"More about {title.lower()}.", style="Fliesstext")
    doc.save(path)


def _edit(ws: Workspace, path: str, op: dict[str, Any]) -> Any:
    res = get_command("docx_edit").run(ws, {"path": path, "operations": [op]})
    assert res.ok, res.message
    return docx.Document(ws.root / path)


def _body(doc: Any) -> list[tuple[str, str | None]]:
    out = []
    for p in doc.element.body.iterchildren(qn("w:p")):
        text = "".join(t.text or "" for t in p.iter(qn("w:t")))
        out.append((text, StyleIndex._sid(p)))
    return out


_COSTS = [{"type": "heading", "text": "Costs", "level": 1}, {"type": "paragraph", "text": "Hotel 300, Food 120"}]


def test_a_section_appended_to_a_chinese_word_file_uses_its_heading_style_id(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _chinese_word(ws.root / "zh.docx")
    doc = _edit(ws, "zh.docx", {"op": "append", "blocks": [{"type": "heading", "text": "费用", "level": 1},
                                                             {"type": "paragraph", "text": "酒店 300"}]})
    body = _body(doc)
    assert body[-2] == ("费用", "1") and body[-1][0] == "酒店 300"
    assert not any(s.get(qn("w:styleId")) == "Heading1" for s in doc.styles.element.iter(qn("w:style")))


def test_a_section_after_a_named_heading_uses_the_custom_heading_and_body_styles(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _custom_heading(ws.root / "c.docx")
    doc = _edit(ws, "c.docx", {"op": "insert_after_heading", "heading": "budget", "blocks": _COSTS})
    body = _body(doc)
    names = [t for t, _ in body]
    at = names.index("Costs")
    assert names[at - 3:at + 3] == ["Budget", "About budget.", "More about budget.", "Costs", "Hotel 300, Food 120",
                                    "Risks"]
    assert body[at][1] == "Kapitel" and body[at + 1][1] == "Fliesstext"
    assert StyleIndex(doc).heading_level(doc.element.body.findall(qn("w:p"))[at]) == 1


def test_a_heading_named_in_part_is_found_and_an_unknown_one_changes_nothing(tmp_path: Path) -> None:
    from skills.runtime import CommandError

    ws = Workspace(tmp_path / "task")
    doc = docx.Document()
    _sections(doc)
    doc.paragraphs[2].text = "2. Budget and costs"
    doc.save(ws.root / "d.docx")
    after = _edit(ws, "d.docx", {"op": "insert_after_heading", "heading": "Budget",
                                 "blocks": [{"type": "paragraph", "text": "Extra line"}]})
    names = [t for t, _ in _body(after)]
    assert names.index("Extra line") == names.index("Risks") - 1
    before = (ws.root / "d.docx").read_bytes()
    with pytest.raises(CommandError, match="no heading 'Timeline'"):
        get_command("docx_edit").run(ws, {"path": "d.docx", "operations": [
            {"op": "insert_after_heading", "heading": "Timeline", "blocks": _COSTS}]})
    assert (ws.root / "d.docx").read_bytes() == before


@pytest.mark.slow
@needs_soffice
def test_a_libreoffice_document_gets_its_own_heading_and_body_styles(tmp_path: Path) -> None:
    from skills.runtime.soffice import convert

    made = docx.Document()
    _sections(made)
    made.save(tmp_path / "made.docx")
    odt = convert(tmp_path / "made.docx", tmp_path / "odt", "odt")
    produced = convert(odt, tmp_path / "lo", "docx:MS Word 2007 XML")
    ws = Workspace(tmp_path / "task")
    shutil.copyfile(produced, ws.root / "lo.docx")
    theirs = _body(docx.Document(ws.root / "lo.docx"))
    heading_sid = next(s for t, s in theirs if t == "Budget")
    body_sid = next(s for t, s in theirs if t == "Money we have.")
    doc = _edit(ws, "lo.docx", {"op": "insert_after_heading", "heading": "Budget", "blocks": _COSTS})
    body = _body(doc)
    at = [t for t, _ in body].index("Costs")
    assert body[at][1] == heading_sid and body[at + 1][1] == body_sid
    assert body[at + 2][0] == "Risks"


def test_headings_on_a_style_named_in_chinese_are_found_and_reused(tmp_path: Path) -> None:
    """WPS and some converters name the style itself "标题 1" (id "a3"), with no outline level."""
    ws = Workspace(tmp_path / "task")
    doc = docx.Document()
    style = doc.styles.add_style("标题 1", WD_STYLE_TYPE.PARAGRAPH)
    style.element.set(qn("w:styleId"), "a3")
    style.font.size, style.font.bold = Pt(18), True
    for title in ("背景", "预算", "风险"):
        p = doc.add_paragraph(title)
        p._p.get_or_add_pPr().get_or_add_pStyle().set(qn("w:val"), "a3")
        doc.add_paragraph(f"{title}说明。")
    doc.save(ws.root / "wps.docx")
    after = _edit(ws, "wps.docx", {"op": "insert_after_heading", "heading": "预算",
                                   "blocks": [{"type": "heading", "text": "费用", "level": 1}]})
    body = _body(after)
    at = [t for t, _ in body].index("费用")
    assert body[at] == ("费用", "a3") and body[at - 1][0] == "预算说明。" and body[at + 1][0] == "风险"
    outline = get_command("docx_inspect").run(ws, {"path": "wps.docx"}).data
    assert [h["text"] for h in outline["headings"]] == ["背景", "预算", "费用", "风险"]
