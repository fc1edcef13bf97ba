"""docx_edit keeps everything it does not touch, and refuses edits that match nothing."""
from __future__ import annotations

from pathlib import Path

import docx
import pytest
from docx.shared import Pt
from hostile import small_png

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.workspace import sha256_file


@pytest.fixture
def styled(ws: Workspace) -> Workspace:
    """A document made with plain python-docx (not by us): custom style, split runs, image, table."""
    small_png(ws.root / "logo.png")
    doc = docx.Document()
    doc.styles["Normal"].font.size = Pt(13)
    doc.add_heading("Introduction", 1)
    p = doc.add_paragraph()
    for piece in ("The project ", "Ph", "oen", "ix starts in 2023."):  # "Phoenix" split over runs
        p.add_run(piece)
    p.runs[1].bold = True
    doc.add_paragraph("Draft only: remove before sending.")
    doc.add_heading("Budget", 1)
    doc.add_paragraph("Money matters.")
    doc.add_heading("Detail", 2)
    doc.add_paragraph("Deep detail.")
    doc.add_heading("Risks", 1)
    doc.add_picture(str(ws.root / "logo.png"))
    t = doc.add_table(rows=2, cols=2)
    t.cell(0, 0).text, t.cell(1, 1).text = "Risk", "High"
    doc.save(str(ws.root / "plan.docx"))
    return ws


def test_replace_across_runs_keeps_the_rest(styled: Workspace) -> None:
    ws = styled
    result = get_command("docx_edit").run(ws, {"path": "plan.docx", "operations": [
        {"op": "replace_text", "find": "Phoenix", "replace": "Firebird"},
        {"op": "replace_text", "find": "2023", "replace": "2024"}]})
    assert result.ok, result.message
    assert result.data["replacements"] == [1, 1]
    assert "replacements made: 1, 1" in result.message
    doc = docx.Document(str(ws.root / "plan.docx"))
    assert doc.paragraphs[1].text == "The project Firebird starts in 2024."
    assert doc.paragraphs[1].runs[1].bold  # the match started in the bold run; it keeps that format
    assert doc.styles["Normal"].font.size == Pt(13)
    assert len(doc.inline_shapes) == 1 and doc.tables[0].cell(1, 1).text == "High"
    assert result.data["changes"][0] == ["The project Phoenix starts in 2023.",
                                         "The project Firebird starts in 2023."]


def test_insert_after_heading_goes_at_the_end_of_that_section(styled: Workspace) -> None:
    ws = styled
    result = get_command("docx_edit").run(ws, {"path": "plan.docx", "output": "plan-v2.docx", "operations": [
        {"op": "insert_after_heading", "heading": "budget",
         "blocks": [{"type": "paragraph", "text": "New budget line."},
                    {"type": "table", "header": ["Item", "Cost"], "rows": [["Servers", 1200]]}]}]})
    assert result.ok, result.message
    doc = docx.Document(str(ws.root / "plan-v2.docx"))
    texts = [p.text for p in doc.paragraphs if p.text]
    # After the Budget section's own text (including its subsection), before the next level-1 heading.
    assert texts.index("New budget line.") == texts.index("Deep detail.") + 1
    assert texts.index("Risks") == texts.index("New budget line.") + 1
    assert len(doc.tables) == 2 and doc.tables[0].cell(1, 0).text == "Servers"
    assert result.artifacts[0].path == "plan-v2.docx"
    assert sha256_file(ws.root / "plan.docx") != result.artifacts[0].sha256  # source untouched


def test_append_and_delete(styled: Workspace) -> None:
    ws = styled
    edit = get_command("docx_edit")
    args = {"path": "plan.docx", "operations": [
        {"op": "delete_paragraph_containing", "text": "draft only"},
        {"op": "append", "blocks": [{"type": "heading", "text": "Appendix", "level": 1},
                                    {"type": "bullets", "items": ["one", "two"]}]}]}
    card = edit.describe(ws, args)
    assert ["Draft only: remove before sending.", ""] in card.pairs()
    assert ["", "Appendix"] in card.pairs()
    result = edit.run(ws, args)
    assert result.ok, result.message
    doc = docx.Document(str(ws.root / "plan.docx"))
    texts = [p.text for p in doc.paragraphs]
    assert "Draft only: remove before sending." not in texts
    assert texts[-3:] == ["Appendix", "one", "two"]
    assert doc.element.body[-1].tag.endswith("sectPr")  # section properties stay last
    assert {c.name: c.status for c in result.evidence[0].checks}["text_removed"] == "passed"


@pytest.mark.parametrize("op", [
    {"op": "replace_text", "find": "Nonexistent", "replace": "x"},
    {"op": "insert_after_heading", "heading": "Nope", "blocks": [{"type": "paragraph", "text": "x"}]},
    {"op": "delete_paragraph_containing", "text": "not in the document"},
])
def test_edit_that_matches_nothing_writes_nothing(styled: Workspace, op: dict) -> None:
    ws = styled
    before = sha256_file(ws.root / "plan.docx")
    ops = [{"op": "replace_text", "find": "Phoenix", "replace": "X"}, op]
    with pytest.raises(CommandError, match=r"operations\[1\]"):
        get_command("docx_edit").run(ws, {"path": "plan.docx", "operations": ops})
    assert sha256_file(ws.root / "plan.docx") == before
    assert ws.stray_staging_files() == []


def test_unknown_heading_lists_the_real_ones(styled: Workspace) -> None:
    with pytest.raises(CommandError, match="'Introduction', 'Budget'"):
        get_command("docx_edit").run(styled, {"path": "plan.docx", "operations": [
            {"op": "insert_after_heading", "heading": "Intro", "blocks": [{"type": "page_break"}]}]})


def test_bad_operation_is_named(styled: Workspace) -> None:
    with pytest.raises(CommandError, match=r"operations\[0\]"):
        get_command("docx_edit").run(styled, {"path": "plan.docx", "operations": [{"op": "rewrite_all"}]})
    with pytest.raises(CommandError, match="does not exist"):
        get_command("docx_edit").run(styled, {"path": "missing.docx", "operations": [
            {"op": "replace_text", "find": "a", "replace": "b"}]})


def test_custom_heading_styles_and_user_styles_are_respected(ws: Workspace) -> None:
    """Headings from other editors (outline level on a custom style) count; the user's fonts stay."""
    from docx.enum.style import WD_STYLE_TYPE
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    doc = docx.Document()
    custom = doc.styles.add_style("Chapter", WD_STYLE_TYPE.PARAGRAPH)
    lvl = OxmlElement("w:outlineLvl")
    lvl.set(qn("w:val"), "0")
    custom.element.get_or_add_pPr().append(lvl)
    doc.add_paragraph("第一章 开始", style="Chapter")
    doc.add_paragraph("正文。")
    doc.add_paragraph("第二章 结束", style="Chapter")
    doc.save(str(ws.root / "book.docx"))
    themed_before = len(doc.styles.element.xpath(".//w:rFonts[@w:eastAsiaTheme]"))
    outline = get_command("docx_inspect").run(ws, {"path": "book.docx"}).data["headings"]
    assert outline == [{"level": 1, "text": "第一章 开始"}, {"level": 1, "text": "第二章 结束"}]
    result = get_command("docx_edit").run(ws, {"path": "book.docx", "operations": [
        {"op": "insert_after_heading", "heading": "第一章 开始", "blocks": [{"type": "paragraph", "text": "新增段落。"}]}]})
    assert result.ok, result.message
    edited = docx.Document(str(ws.root / "book.docx"))
    assert [p.text for p in edited.paragraphs] == ["第一章 开始", "正文。", "新增段落。", "第二章 结束"]
    assert len(edited.styles.element.xpath(".//w:rFonts[@w:eastAsiaTheme]")) == themed_before > 0


def test_edit_a_document_missing_our_styles(ws: Workspace) -> None:
    """Word files often define only the styles they use: headings/tables get the style copied in,
    lists fall back to visible markers; nothing crashes."""
    from docx.oxml.ns import qn

    small_png(ws.root / "p.png")
    doc = docx.Document()
    doc.add_paragraph("Body only.")
    styles = doc.styles.element
    for st in list(styles.iter(qn("w:style"))):
        if st.find(qn("w:name")).get(qn("w:val")) in ("heading 2", "List Bullet", "List Number",
                                                       "Table Grid", "caption"):
            styles.remove(st)
    doc.save(str(ws.root / "lean.docx"))
    result = get_command("docx_edit").run(ws, {"path": "lean.docx", "operations": [{"op": "append", "blocks": [
        {"type": "heading", "text": "Added", "level": 2},
        {"type": "bullets", "items": ["apple", {"text": "pear", "level": 1}]},
        {"type": "numbered", "items": ["first", "second"]},
        {"type": "table", "header": ["k", "v"], "rows": [["a", 1]]},
        {"type": "image", "path": "p.png", "caption": "Pic"}]}]})
    assert result.ok, result.message
    out = docx.Document(str(ws.root / "lean.docx"))
    texts = [(p.style.name, p.text) for p in out.paragraphs if p.text]
    assert ("Heading 2", "Added") in texts and ("Caption", "Pic") in texts
    assert [t for _, t in texts if t[0] in "•12"] == ["• apple", "1. first", "2. second"]
    assert ("List Bullet 2", "pear") in texts  # that list style still exists, so it is used
    assert out.tables[0].style.name == "Table Grid"


def test_the_edited_file_is_named_by_its_title_as_after_create(ws: Workspace) -> None:
    get_command("docx_create").run(ws, {"path": "memo.docx", "title": "Office Move",
                                        "blocks": [{"type": "heading", "text": "Timeline", "level": 1}]})
    edited = get_command("docx_edit").run(ws, {"path": "memo.docx", "operations": [
        {"op": "replace_text", "find": "Office Move", "replace": "Office Move 2027"}]})
    assert edited.ok and edited.artifacts[0].title == "Office Move 2027"
    docx.Document().save(str(ws.root / "bare.docx"))  # no title at all: the file's name stands in
    bare = get_command("docx_edit").run(ws, {"path": "bare.docx", "operations": [
        {"op": "append", "blocks": [{"type": "paragraph", "text": "Hello"}]}]})
    assert bare.ok and bare.artifacts[0].title == "bare"


def test_a_paragraph_under_a_heading_goes_before_its_subsections(styled: Workspace) -> None:
    result = get_command("docx_edit").run(styled, {"path": "plan.docx", "output": "plan-v2.docx", "operations": [
        {"op": "insert_after_heading", "heading": "Budget", "before_subheadings": True,
         "blocks": [{"type": "paragraph", "text": "Costs fell too."}]}]})
    assert result.ok, result.message
    doc = docx.Document(str(styled.root / "plan-v2.docx"))
    paragraphs = [p for p in doc.paragraphs if p.text]
    texts = [p.text for p in paragraphs]
    new = texts.index("Costs fell too.")
    # right after Budget's own text, above its subheading "Detail", in the body's style
    assert texts[new - 2:new + 2] == ["Budget", "Money matters.", "Costs fell too.", "Detail"]
    assert paragraphs[new].style.name == paragraphs[new - 1].style.name


def test_the_title_is_a_heading_to_write_under(styled: Workspace) -> None:
    doc = docx.Document(str(styled.root / "plan.docx"))
    title = doc.paragraphs[0].insert_paragraph_before("Project plan", style="Title")
    doc.save(str(styled.root / "plan.docx"))
    result = get_command("docx_edit").run(styled, {"path": "plan.docx", "operations": [
        {"op": "insert_after_heading", "heading": title.text, "before_subheadings": True,
         "blocks": [{"type": "paragraph", "text": "Owner: Ada."}]}]})
    assert result.ok, result.message
    texts = [p.text for p in docx.Document(str(styled.root / "plan.docx")).paragraphs if p.text]
    assert texts.index("Owner: Ada.") == 1


def test_rename_heading_changes_that_heading_only_in_its_own_formatting(tmp_path: Path) -> None:
    """"Rename the Term section to Duration": the heading's words, not every "Term" in the text (replace_text
    would change "The Term runs…" too); its style and its run's formatting stay."""
    import docx as python_docx
    from docx.shared import RGBColor

    from skills.runtime import CommandError, Workspace, get_command

    ws = Workspace(tmp_path / "w")
    d = python_docx.Document()
    d.add_heading("Service contract", 0)
    run = d.add_heading("2. Term", 1).runs[0]
    run.font.color.rgb = RGBColor(0xC0, 0x00, 0x00)
    d.add_paragraph("The Term runs for one year.")
    d.save(ws.root / "c.docx")
    edit = get_command("docx_edit")
    result = edit.run(ws, {"path": "c.docx", "operations": [{"op": "rename_heading", "heading": "term", "to": "Duration"}]})
    assert result.ok and result.evidence[0].passed, result.message
    after = python_docx.Document(ws.root / "c.docx")
    assert [p.text for p in after.paragraphs] == ["Service contract", "2. Duration", "The Term runs for one year."]
    heading = after.paragraphs[1]
    assert heading.style.name == "Heading 1" and heading.runs[0].font.color.rgb == RGBColor(0xC0, 0x00, 0x00)
    assert result.data["changes"] == [["2. Term", "2. Duration"]]
    before = (ws.root / "c.docx").read_bytes()
    with pytest.raises(CommandError, match="no heading 'Nope'"):
        edit.run(ws, {"path": "c.docx", "operations": [{"op": "rename_heading", "heading": "Nope", "to": "X"}]})
    assert (ws.root / "c.docx").read_bytes() == before


def test_delete_section_takes_the_heading_its_text_and_its_subsections(tmp_path: Path) -> None:
    """"Delete the Term section": the heading, the text under it, a table and its subsections, up to the next
    heading of its level; the section break and the rest stay. The Title is no section: refused in words."""
    ws = Workspace(tmp_path / "w")
    d = docx.Document()
    d.add_heading("Service contract", 0)
    d.add_heading("Parties", 1)
    d.add_paragraph("Acme and Mira.")
    d.add_heading("2. Term", 1)
    d.add_paragraph("The term runs for one year.")
    d.add_table(rows=1, cols=2).rows[0].cells[0].text = "Start"
    d.add_heading("Renewal", 2)
    d.add_paragraph("It renews by itself.")
    d.add_heading("Prices", 1)
    d.add_paragraph("See the price list.")
    d.save(ws.root / "c.docx")
    edit = get_command("docx_edit")
    result = edit.run(ws, {"path": "c.docx", "operations": [{"op": "delete_section", "heading": "Term"}]})
    assert result.ok and result.evidence[0].passed, result.message
    after = docx.Document(ws.root / "c.docx")
    assert [p.text for p in after.paragraphs] == ["Service contract", "Parties", "Acme and Mira.", "Prices",
                                                  "See the price list."]
    assert len(after.tables) == 0 and after.sections[0].page_width == d.sections[0].page_width
    assert ["2. Term", ""] in result.data["changes"] and ["It renews by itself.", ""] in result.data["changes"]
    assert ["Table: Start", ""] in result.data["changes"]  # a table in words, its cells apart, not "[table] …"
    before = (ws.root / "c.docx").read_bytes()
    with pytest.raises(CommandError, match="title, not a section"):
        edit.run(ws, {"path": "c.docx", "operations": [{"op": "delete_section", "heading": "Service contract"}]})
    assert (ws.root / "c.docx").read_bytes() == before
