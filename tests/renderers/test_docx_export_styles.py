"""The DOCX → PDF export carries the document's styles, and its PDF looks like the DOCX card says.

The README's example (a memo titled Office Move, headings Timeline and Budget, a table of costs) is made
by Mira's own ``docx_create``: a blue Title with a rule under it, blue headings in the theme's heading
font, a serif body. ``export_pdf`` lays it out with LibreOffice when that is installed; without it Mira's
writer does, and that path is what these tests take (LibreOffice is made unavailable), so they run on
any machine.
"""
from __future__ import annotations

from pathlib import Path

import docx
import pymupdf
import pytest
from PySide6.QtGui import QImage

from renderers.docx.plugin import draw_thumbnail, thumbnail_part
from skills.runtime import Workspace, get_command, soffice
from skills.runtime.docx.styles import read_stylesheet

pytestmark = pytest.mark.usefixtures("qapp")


def _memo(ws: Workspace) -> Path:
    get_command("docx_create").run(ws, {
        "path": "office-move.docx", "title": "Office Move",
        "blocks": [
            {"type": "heading", "text": "Timeline", "level": 1},
            {"type": "paragraph", "text": "We move on June 3; the movers arrive at eight and the boxes go first."},
            {"type": "heading", "text": "Budget", "level": 1},
            {"type": "table", "header": ["Item", "Cost"], "rows": [["Movers", 1200], ["Boxes", 150]]},
        ]})
    return ws.root / "office-move.docx"


@pytest.fixture()
def exported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, dict]:
    monkeypatch.setattr(soffice, "soffice_path", lambda: None)  # Mira's writer, on any machine
    ws = Workspace(tmp_path / "task")
    source = _memo(ws)
    result = get_command("export_pdf").run(ws, {"path": "office-move.docx", "output": "office-move.pdf"})
    assert result.ok, result.message
    assert result.data["laid_out_by"] == "Mira's PDF writer" and "LibreOffice is not installed" in result.message
    return source, ws.root / "office-move.pdf", result.data


def _spans(pdf: Path) -> list[dict]:
    flags = pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_LIGATURES  # "ﬃ" read as the letters it joins
    with pymupdf.open(pdf) as doc:
        return [s for b in doc[0].get_text("dict", flags=flags)["blocks"] for line in b.get("lines", [])
                for s in line["spans"] if s["text"].strip()]


def _hex(color: int) -> str:
    return f"#{color:06x}"


def test_the_exported_pdf_has_the_documents_fonts_colours_sizes_and_rule(exported) -> None:
    source, pdf, _ = exported
    document = docx.Document(str(source))
    sheet = read_stylesheet(document)
    paragraphs = {p.text: p for p in document.paragraphs}
    title = sheet.paragraph(paragraphs["Office Move"]._p.pPr)
    heading = sheet.paragraph(paragraphs["Timeline"]._p.pPr)
    body = sheet.paragraph(next(p for t, p in paragraphs.items() if t.startswith("We move"))._p.pPr)
    # what Word shows, read from the file: a coloured Title with a bottom rule, coloured headings, a serif body
    assert title.run.color and title.run.color != "#000000" and "bottom" in title.borders
    assert heading.run.color and heading.run.bold
    assert body.run.font in ("Cambria", "Times New Roman", "Georgia") or "serif" in body.run.font.lower()

    spans = {s["text"].strip(): s for s in _spans(pdf)}
    first = next(s for t, s in spans.items() if t.startswith("We move"))
    assert _hex(spans["Office Move"]["color"]) == title.run.color
    assert spans["Office Move"]["size"] == pytest.approx(title.run.size_pt, abs=0.1)
    assert _hex(spans["Timeline"]["color"]) == heading.run.color == _hex(spans["Budget"]["color"])
    assert spans["Timeline"]["size"] == pytest.approx(heading.run.size_pt, abs=0.1)
    assert spans["Timeline"]["flags"] & 16  # bold
    sans = ("Sans", "Helvetica", "Arial")
    # a serif body and the theme's sans heading font (Calibri), as MuPDF's faces of those kinds
    assert not any(k in first["font"] for k in sans) and any(k in spans["Timeline"]["font"] for k in sans)
    assert first["size"] == pytest.approx(body.run.size_pt, abs=0.1) and _hex(first["color"]) == "#000000"
    assert spans["Movers"]["text"] and spans["1200"]["text"]  # the table's cells, as text
    with pymupdf.open(pdf) as doc:  # the Title's rule: a line in its border colour under the title
        rule = title.borders["bottom"].color
        title_box = pymupdf.Rect(spans["Office Move"]["bbox"])
        lines = [d for d in doc[0].get_drawings()
                 if d.get("fill") or d.get("color")]
        under = [d for d in lines if d["rect"].y0 >= title_box.y1 - 1 and d["rect"].y0 < title_box.y1 + 20
                 and "#%02x%02x%02x" % tuple(round(c * 255) for c in (d.get("fill") or d.get("color"))) == rule]
        assert under, "no rule under the title"


def _ink_rows(image: QImage, bands: int = 120) -> tuple[list[float], float]:
    """Share of ink per horizontal band down the page, and the page's coloured ink: each pixel counts by
    how coloured it is (its chroma), so a rule antialiased over two faint rows weighs what one solid row
    of it does. Every row is read: a rule or a cell border is one pixel high, and reading every other
    row counted it or not by the parity of where it fell."""
    rows = [0.0] * bands
    coloured = 0.0
    count = 0
    for y in range(image.height()):
        band = min(bands - 1, y * bands // image.height())
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            r, g, b = c.red(), c.green(), c.blue()
            count += 1
            if min(r, g, b) < 200:
                rows[band] += 1
            coloured += (max(r, g, b) - min(r, g, b)) / 255
    return rows, coloured / max(count, 1)


def _correlation(a: list[float], b: list[float]) -> float:
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va = sum((x - ma) ** 2 for x in a) ** 0.5
    vb = sum((y - mb) ** 2 for y in b) ** 0.5
    return cov / (va * vb) if va and vb else 0.0


def _agree(source: Path, pdf: Path) -> None:
    width = 480
    card, _ = draw_thumbnail(thumbnail_part(source, 0, width), width)
    with pymupdf.open(pdf) as doc:
        page = doc[0]
        pix = page.get_pixmap(matrix=pymupdf.Matrix(width / page.rect.width, width / page.rect.width), alpha=False)
        shown = QImage(pix.samples, pix.width, pix.height, pix.stride, QImage.Format.Format_RGB888).copy()
    rows_card, colour_card = _ink_rows(card, 40)
    rows_pdf, colour_pdf = _ink_rows(shown, 40)
    assert colour_card > 0.001 and colour_pdf > 0.001  # both show the blue title and headings
    assert 1 / 1.5 <= colour_card / colour_pdf <= 1.5

    def blur(rows: list[float]) -> list[float]:
        return [sum(rows[max(0, i - 1):i + 2]) for i in range(len(rows))]

    assert _correlation(blur(rows_card), blur(rows_pdf)) >= 0.85


@pytest.mark.slow
def test_the_libreoffice_export_agrees_with_the_card_too(tmp_path: Path) -> None:
    """The route when LibreOffice is installed: its PDF and the card's thumbnail, by the same measures."""
    if soffice.soffice_path() is None:
        pytest.skip("LibreOffice is not installed")
    ws = Workspace(tmp_path / "task")
    source = _memo(ws)
    result = get_command("export_pdf").run(ws, {"path": "office-move.docx", "output": "office-move.pdf"})
    assert result.ok and result.data["laid_out_by"] == "LibreOffice", result.message
    _agree(source, ws.root / "office-move.pdf")


def test_the_cards_thumbnail_and_the_pdfs_thumbnail_agree(exported) -> None:
    """Side by side, the DOCX card's thumbnail and the exported PDF's page 1 at the same width: as much
    coloured ink (within a factor of 1.5; measured 1.15 for Mira's writer and 0.92 for LibreOffice) and
    ink in the same bands down the page (correlation of the ink of 40 bands of about 20 pt, each summed
    with its neighbours, ≥ 0.85; measured 0.98 and 0.99). The faces differ (the card draws in the machine's fonts of the
    document's kinds, a PDF in its writer's), so lines are not pixel for pixel."""
    source, pdf, _ = exported
    _agree(source, pdf)



def test_between_two_paragraphs_the_pdf_leaves_the_larger_space_as_word_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """20 pt after one paragraph and 30 pt before the next leave 30 pt between them, not 50: Word takes the
    larger of the two (ECMA-376 17.3.1.33), and LibreOffice lays a DOCX out so too."""
    from docx.shared import Pt

    monkeypatch.setattr(soffice, "soffice_path", lambda: None)
    ws = Workspace(tmp_path / "task")
    document = docx.Document()
    for text, before, after in (("First", 0, 20), ("Second", 30, 0), ("Third", 0, 0), ("Fourth", 0, 0)):
        paragraph = document.add_paragraph(text)
        paragraph.paragraph_format.space_before, paragraph.paragraph_format.space_after = Pt(before), Pt(after)
    document.save(str(ws.root / "spacing.docx"))
    result = get_command("export_pdf").run(ws, {"path": "spacing.docx", "output": "spacing.pdf"})
    assert result.ok and result.data["laid_out_by"] == "Mira's PDF writer", result.message
    with pymupdf.open(ws.root / "spacing.pdf") as doc:
        lines = {line["spans"][0]["text"]: line["spans"][0]["origin"][1]
                 for block in doc[0].get_text("dict")["blocks"] for line in block.get("lines", [])}
    pitch = lines["Fourth"] - lines["Third"]
    assert lines["Second"] - lines["First"] == pytest.approx(pitch + 30, abs=1.5)


def _page_field(paragraph, code: str, cached: str, *, simple: bool) -> None:
    """A ``PAGE``/``NUMPAGES`` field as Word writes it: a ``w:fldSimple`` or begin/instr/separate/end runs,
    its cached text the number it had when saved (Word prints the page's own)."""
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls
    w = nsdecls("w")
    if simple:
        paragraph._p.append(parse_xml(f'<w:fldSimple {w} w:instr=" {code} "><w:r><w:t>{cached}</w:t></w:r></w:fldSimple>'))
        return
    for xml in ('<w:r {w}><w:fldChar w:fldCharType="begin"/></w:r>',
                '<w:r {w}><w:instrText xml:space="preserve"> {code} \\* MERGEFORMAT </w:instrText></w:r>',
                '<w:r {w}><w:fldChar w:fldCharType="separate"/></w:r>', '<w:r {w}><w:t>{cached}</w:t></w:r>',
                '<w:r {w}><w:fldChar w:fldCharType="end"/></w:r>'):
        paragraph._p.append(parse_xml(xml.format(w=w, code=code, cached=cached)))


def test_the_fallback_pdf_has_each_pages_header_and_footer_with_its_page_number(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A report with a first-page header, a running header with a logo and a footer "Page N of M" (a simple PAGE field
    and a complex NUMPAGES one, both cached as 1), over four pages: two forced by page breaks, the rest by
    the text's own length. Without LibreOffice each PDF page shows its header at the top, its own page
    number and the page count at the foot, and its body between them."""
    monkeypatch.setattr(soffice, "soffice_path", lambda: None)
    document = docx.Document()
    section = document.sections[0]
    section.different_first_page_header_footer = True
    section.first_page_header.paragraphs[0].text = "Cover — Quarterly report"
    section.header.paragraphs[0].text = "Quarterly report, running head"
    logo = tmp_path / "logo.png"
    image = QImage(40, 20, QImage.Format.Format_RGB32)
    image.fill(0xFF0000)
    image.save(str(logo))
    section.header.paragraphs[0].add_run().add_picture(str(logo))  # a picture of the header's own part
    footer = section.footer.paragraphs[0]
    footer.text = "Page "
    _page_field(footer, "PAGE", "1", simple=True)
    footer.add_run(" of ")
    _page_field(footer, "NUMPAGES", "1", simple=False)
    section.first_page_footer.paragraphs[0].text = "Confidential"
    document.add_paragraph("The cover page.")
    document.add_page_break()
    document.add_paragraph("The second page starts here.")
    document.add_page_break()
    for i in range(60):
        document.add_paragraph(f"Line {i + 1} of the long part, which runs on past the end of the third page.")
    ws = Workspace(tmp_path / "task")
    document.save(str(ws.root / "report.docx"))
    result = get_command("export_pdf").run(ws, {"path": "report.docx", "output": "report.pdf"})
    assert result.ok and result.data["laid_out_by"] == "Mira's PDF writer", result.message

    with pymupdf.open(ws.root / "report.pdf") as pdf:
        count = pdf.page_count
        assert count >= 4  # the long part needs more than one page
        flags = pymupdf.TEXTFLAGS_TEXT & ~pymupdf.TEXT_PRESERVE_LIGATURES  # "ﬁ" read as the letters it joins
        for number, page in enumerate(pdf, start=1):
            height, width = page.rect.height, page.rect.width
            top = page.get_text(clip=pymupdf.Rect(0, 0, width, 72), flags=flags).strip()
            foot = page.get_text(clip=pymupdf.Rect(0, height - 72, width, height), flags=flags).strip()
            body = page.get_text(clip=pymupdf.Rect(0, 72, width, height - 72), flags=flags)
            if number == 1:
                assert (top, foot) == ("Cover — Quarterly report", "Confidential")
                assert "The cover page." in body and "second page" not in body
            else:
                assert top == "Quarterly report, running head"
                assert foot == f"Page {number} of {count}"
                boxes = [page.get_image_bbox(info) for info in page.get_images(full=True)]
                assert boxes and all(box.y1 <= 72 for box in boxes)  # the logo, in the header's band
            if number == 2:
                assert body.strip() == "The second page starts here."
            if number == count:
                assert "Line 60 of the long part" in body
        assert "running head" not in pdf[0].get_text()  # the first page has its own header only


def test_the_fallback_pdf_keeps_footnotes_and_endnotes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without LibreOffice the writer dropped every note and its mark: a report's sources were gone from
    its PDF. Footnotes now follow their page's text, endnotes the document's, each with the mark the text
    shows (1, 2… and i, ii…), the marks superscript."""
    from tests.renderers import office_xml as ox

    monkeypatch.setattr(soffice, "soffice_path", lambda: None)
    ws = Workspace(tmp_path / "task")
    body = (ox.para(ox.run("Revenue grew"), ox.footnote_ref(9), ox.run(" and costs fell"), ox.endnote_ref(4))
            + ox.para(ox.run("Last paragraph.")))
    path = ox.docx_with_body(ws.root / "notes.docx", body, add_types=ox.FOOTNOTES_TYPE + ox.ENDNOTES_TYPE,
                             add_rels={"word/_rels/document.xml.rels": ox.FOOTNOTES_REL + ox.ENDNOTES_REL})
    ox.rewrite(path, {"word/footnotes.xml": ox.footnotes_part({9: "Audited by KPMG."}),
                      "word/endnotes.xml": ox.endnotes_part({4: "Before tax."})})
    result = get_command("export_pdf").run(ws, {"path": "notes.docx", "output": "notes.pdf"})
    assert result.ok, result.message
    with pymupdf.open(ws.root / "notes.pdf") as doc:
        text = doc[0].get_text()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    assert lines.index("Last paragraph.") < lines.index("i Before tax.")
    assert "1 Audited by KPMG." in lines
    marks = [s for s in _spans(ws.root / "notes.pdf") if s["text"].strip() in ("1", "i")]
    body_size = next(s["size"] for s in _spans(ws.root / "notes.pdf") if "Revenue grew" in s["text"])
    assert marks and all(s["size"] < body_size for s in marks)  # superscript marks
