"""docx_create: inline code runs, a real TOC field, page numbers in the footer, sections on new pages."""
from __future__ import annotations

from pathlib import Path

import docx
import fitz
from docx.oxml.ns import qn

from skills.runtime import Workspace, get_command

BLOCKS = [
    {"type": "toc", "title": "Contents"},
    {"type": "heading", "text": "Intro", "level": 1},
    {"type": "paragraph", "runs": [{"text": "Run "}, {"text": "make test", "code": True},
                                   {"text": " — "}, {"text": "very important", "bold": True}]},
    {"type": "heading", "text": "Details", "level": 2},
    {"type": "heading", "text": "Plan", "level": 1},
    {"type": "paragraph", "text": "Last part."},
]


def _instr(el) -> str:  # type: ignore[no-untyped-def]
    return "".join(t.text for t in el.iter(qn("w:instrText")))


def test_toc_page_numbers_new_pages_and_code_runs(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    res = get_command("docx_create").run(ws, {"path": "r.docx", "title": "Report", "blocks": BLOCKS,
                                              "page_numbers": True, "new_page_level": 1})
    assert res.ok, res.message
    d = docx.Document(str(tmp_path / "r.docx"))
    body = d.element.body
    assert 'TOC \\o "1-3"' in _instr(body)
    fld_types = [f.get(qn("w:fldCharType")) for f in body.iter(qn("w:fldChar"))]
    assert fld_types == ["begin", "separate", "end"]
    texts = [p.text for p in d.paragraphs]
    assert "Intro" in texts and texts.index("Details") < texts.index("Plan")
    assert d.settings.element.find(qn("w:updateFields")).get(qn("w:val")) == "true"
    footer = d.sections[0].footer._element
    assert "PAGE" in _instr(footer) and "NUMPAGES" in _instr(footer)
    assert "Page" in "".join(t.text for t in footer.iter(qn("w:t")))
    heads = {p.text: p for p in d.paragraphs if p.style.name.startswith("Heading")}
    assert not heads["Intro"].paragraph_format.page_break_before  # the first section needs no break
    assert heads["Plan"].paragraph_format.page_break_before
    assert not heads["Details"].paragraph_format.page_break_before
    runs = {r.text: r for p in d.paragraphs for r in p.runs}
    assert runs["make test"].font.name == "Consolas" and runs["very important"].bold


def test_chinese_page_numbers_and_a_pdf_with_contents(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    blocks = [{"type": "toc", "title": "目录"}, {"type": "heading", "text": "第一章", "level": 1},
              {"type": "paragraph", "text": "正文内容。"}]
    assert get_command("docx_create").run(ws, {"path": "z.docx", "blocks": blocks, "page_numbers": True}).ok
    footer = docx.Document(str(tmp_path / "z.docx")).sections[0].footer._element
    assert "第" in "".join(t.text for t in footer.iter(qn("w:t")))
    assert get_command("pdf_create").run(ws, {"path": "z.pdf", "blocks": blocks}).ok
    text = fitz.open(tmp_path / "z.pdf")[0].get_text()
    assert text.count("第一章") == 2  # listed in the contents and as the heading


def test_a_document_on_a_user_template_keeps_its_styles_and_header(tmp_path: Path) -> None:
    import zipfile

    from docx.shared import RGBColor

    t = docx.Document()
    t.styles["Heading 1"].font.color.rgb = RGBColor(0xAA, 0x11, 0x22)
    t.styles["Normal"].font.name = "Georgia"
    t.sections[0].header.paragraphs[0].text = "ACME letterhead"
    t.add_paragraph("Template sample text that must not appear")
    t.save(str(tmp_path / "brand.docx"))
    # the same file as a Word template (.dotx): one content type differs
    with zipfile.ZipFile(tmp_path / "brand.docx") as zin, zipfile.ZipFile(tmp_path / "brand.dotx", "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "[Content_Types].xml":
                data = data.replace(b"document.main+xml", b"template.main+xml")
            zout.writestr(info, data)
    ws = Workspace(tmp_path)
    for template in ("brand.docx", "brand.dotx"):
        res = get_command("docx_create").run(ws, {"path": f"from-{template}.docx", "template": template,
                                                  "title": "Offer", "blocks": BLOCKS[1:]})
        assert res.ok, res.message
        d = docx.Document(str(tmp_path / f"from-{template}.docx"))
        assert d.styles["Heading 1"].font.color.rgb == RGBColor(0xAA, 0x11, 0x22)
        assert d.styles["Normal"].font.name == "Georgia"
        assert d.sections[0].header.paragraphs[0].text == "ACME letterhead"
        texts = [p.text for p in d.paragraphs]
        assert "Template sample text that must not appear" not in texts
        assert texts[0] == "Offer" and "Intro" in texts
