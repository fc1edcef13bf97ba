"""Style facts: what Word shows for a paragraph (font, size, colour, alignment, borders, a table's header
fill, list numbering) read from the file, and the native preview's text layout using the same, one test per
level of Word's inheritance: document defaults → style chain → table style → paragraph → run, with theme
fonts and colours."""
from __future__ import annotations

import colorsys
import copy
from pathlib import Path

import docx
import pytest
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Pt, RGBColor
from PySide6.QtGui import QColor, QTextBlock, QTextCursor, QTextDocument, QTextListFormat

from renderers.docx._css import RULE_STATE
from renderers.docx._html import load
from renderers.docx._pages import render_page
from renderers.docx.plugin import _document, draw_thumbnail, flow_html, thumbnail_part

pytestmark = pytest.mark.usefixtures("qapp")  # QTextDocument needs an application

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def _laid_out(path: Path) -> QTextDocument:
    content = load(path)
    return _document(content.images, flow_html(content))


_docs: list[QTextDocument] = []


def _keep(path: Path) -> QTextDocument:
    """A laid-out document kept alive while its blocks are read (a block outliving it crashes)."""
    _docs.append(_laid_out(path))
    return _docs[-1]


def _block(doc: QTextDocument, text: str) -> QTextBlock:
    block = doc.begin()
    while block.isValid():
        if block.text() == text:
            return block
        block = block.next()
    raise AssertionError(f"no block {text!r}")


def _fmt(block: QTextBlock):
    return block.begin().fragment().charFormat()


def _theme(document: docx.document.Document) -> tuple[dict[str, str], dict[str, str]]:
    """The theme's colours and major/minor Latin fonts, read from the file's theme part."""
    part = next(r.target_part for r in document.part.rels.values() if r.reltype.endswith("/theme"))
    root = parse_xml(part.blob)
    colors = {}
    for el in root.find(f".//{A}clrScheme"):
        value = el[0]
        colors[el.tag.split("}")[1]] = "#" + (value.get("val") if value.get("lastClr") is None else value.get("lastClr")).lower()
    fonts = {g: root.find(f".//{A}{g}Font/{A}latin").get("typeface") for g in ("major", "minor")}
    return colors, fonts


def _shaded(color: str, shade: int) -> str:
    """Word's themeShade: the HSL luminance scaled, truncated."""
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, lum, s = colorsys.rgb_to_hls(r, g, b)
    return "#" + "".join(f"{int(c * 255 + 1e-6):02x}" for c in colorsys.hls_to_rgb(h, lum * shade / 255, s))


def test_document_defaults_give_the_body_its_font_and_size(tmp_path: Path) -> None:
    document = docx.Document()
    defaults = document.styles.element.find(qn("w:docDefaults")).find(qn("w:rPrDefault")).find(qn("w:rPr"))
    fonts = defaults.find(qn("w:rFonts"))
    for attr in ("w:asciiTheme", "w:hAnsiTheme"):
        fonts.attrib.pop(qn(attr), None)
    fonts.set(qn("w:ascii"), "Georgia")
    fonts.set(qn("w:hAnsi"), "Georgia")
    defaults.find(qn("w:sz")).set(qn("w:val"), "26")
    document.add_paragraph("Body from the defaults")
    document.save(str(tmp_path / "d.docx"))
    fmt = _fmt(_block(_keep(tmp_path / "d.docx"), "Body from the defaults"))
    assert fmt.fontFamilies()[0] == "Georgia" and "DejaVu Serif" in fmt.fontFamilies()  # serif stays serif
    assert fmt.fontPointSize() == 13


def test_heading_style_gives_theme_font_theme_colour_with_shade_and_size(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_heading("Schedule", 1)
    document.save(str(tmp_path / "h.docx"))
    colors, fonts = _theme(document)
    style = document.styles["Heading 1"].element
    color = style.find(qn("w:rPr")).find(qn("w:color"))
    expected = _shaded(colors[color.get(qn("w:themeColor"))], int(color.get(qn("w:themeShade")), 16))
    fmt = _fmt(_block(_keep(tmp_path / "h.docx"), "Schedule"))
    shown = fmt.foreground().color().name()
    assert shown == expected
    # Word also saves the colour it computed (365F91): the theme arithmetic lands within a step of it
    saved = color.get(qn("w:val"))
    assert all(abs(int(shown[1 + 2 * i:3 + 2 * i], 16) - int(saved[2 * i:2 + 2 * i], 16)) <= 1 for i in range(3))
    assert fmt.fontFamilies()[0] == fonts["major"]  # asciiTheme="majorHAnsi"
    assert fmt.fontPointSize() == document.styles["Heading 1"].font.size.pt
    assert fmt.fontWeight() >= 700


def test_title_has_its_rule_in_the_theme_colour_and_body_the_minor_font(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_heading("Office move", 0)
    document.add_paragraph("Body text")
    document.save(str(tmp_path / "t.docx"))
    colors, fonts = _theme(document)
    bottom = document.styles["Title"].element.find(qn("w:pPr")).find(qn("w:pBdr")).find(qn("w:bottom"))
    doc = _laid_out(tmp_path / "t.docx")
    title = _block(doc, "Office move")
    assert _fmt(title).fontPointSize() == document.styles["Title"].font.size.pt == 26
    rule = title.next()
    assert rule.userState() == RULE_STATE and rule.text().strip("\xa0") == ""
    assert rule.charFormat().foreground().color().name() == colors[bottom.get(qn("w:themeColor"))]
    body = _fmt(_block(doc, "Body text"))
    assert body.fontFamilies()[0] == fonts["minor"] and "serif" in body.fontFamilies()


@pytest.mark.parametrize("width", [300, 480, 1200])
def test_a_titles_thin_rule_is_a_solid_line_on_a_card(tmp_path: Path, width: int) -> None:
    """The Title's 1 pt rule, drawn at a card's width, is at least one whole row of pixels in its own
    colour across the text's width, as a screen draws a thin border at any zoom. Qt's ``<hr>`` drew it with
    a pen a quarter of a pixel wide: a card showed a row of (234, 240, 247)."""
    document = docx.Document()
    document.add_heading("Office move", 0)
    document.add_paragraph("Body text")
    document.save(str(tmp_path / "t.docx"))
    colour = QColor(_theme(document)[0]["accent1"])
    image, _ = draw_thumbnail(thumbnail_part(tmp_path / "t.docx", 0, width), width)
    solid = [y for y in range(image.height() // 3)
             if sum(image.pixelColor(x, y) == colour for x in range(image.width())) > image.width() * 0.6]
    assert 1 <= len(solid) <= max(1, round(width / 600)) + 1, solid  # one line, not a smear or a bar


def test_an_indented_quotes_rules_are_as_wide_as_the_quote_and_below_its_space_before(tmp_path: Path) -> None:
    """An Intense Quote (1 in indents each side, 24 pt before, top and bottom borders 10 pt from the text):
    its rules start and end at the indents, and the top one stands under the space before, its border
    spacing above the text, as Word draws it. Both rules spanned the text width, and the space before sat
    between the top rule and the text."""
    document = docx.Document()
    document.add_paragraph("Above")
    quote = document.add_paragraph("Quoted words")
    quote.paragraph_format.left_indent = quote.paragraph_format.right_indent = Pt(72)
    quote.paragraph_format.space_before = Pt(24)
    quote._p.get_or_add_pPr().append(parse_xml(
        f'<w:pBdr {nsdecls("w")}><w:top w:val="single" w:sz="8" w:space="10" w:color="C00000"/>'
        '<w:bottom w:val="single" w:sz="8" w:space="10" w:color="C00000"/></w:pBdr>'))
    document.save(str(tmp_path / "q.docx"))
    width = 816  # 96 px per inch on US Letter, python-docx's page: 1.25 in margins
    image, _ = draw_thumbnail(thumbnail_part(tmp_path / "q.docx", 0, width), width)
    red = QColor("#c00000")
    rows = {y: [x for x in range(width) if image.pixelColor(x, y) == red] for y in range(image.height() // 2)}
    rules = [y for y, xs in rows.items() if len(xs) > 200]
    assert rules, "no rule drawn"
    for y in rules:
        assert abs(rows[y][0] - (120 + 96)) <= 2 and abs(rows[y][-1] - (width - 120 - 96)) <= 3
    top = rules[0]
    ink = [y for y in range(image.height() // 2)
           if any(max(image.pixelColor(x, y).getRgb()[:3]) < 110 for x in range(0, width, 2))]
    above_text = max(y for y in ink if y < top)  # the foot of "Above"
    quote_text = min(y for y in ink if y > top)  # the top of "Quoted words"
    # 24 pt before is 32 px, plus the line's descent; 10 pt of border spacing is 13 px, plus its ascent gap
    assert 30 <= top - above_text <= 44 and 12 <= quote_text - top <= 24, (above_text, top, quote_text)


def test_based_on_chain_and_linked_character_style(tmp_path: Path) -> None:
    document = docx.Document()
    parent = document.styles.add_style("Report Parent", 1)
    parent.font.color.rgb = RGBColor(0xC0, 0x10, 0x20)
    parent.font.size = Pt(15)
    child = document.styles.add_style("Report Child", 1)
    child.base_style = parent
    child.font.italic = True
    char_parent = document.styles.add_style("Accent Base", 2)
    char_parent.font.color.rgb = RGBColor(0x00, 0x70, 0x30)
    char = document.styles.add_style("Accent Words", 2)
    char.base_style = char_parent
    char.font.bold = True
    p = document.add_paragraph("Inherited words ", style="Report Child")
    p.add_run("accented", style="Accent Words")
    document.save(str(tmp_path / "c.docx"))
    block = _block(_keep(tmp_path / "c.docx"), "Inherited words accented")
    first = _fmt(block)
    assert first.foreground().color().name() == "#c01020" and first.fontPointSize() == 15 and first.fontItalic()
    it = block.begin()
    it += 1
    second = it.fragment().charFormat()
    assert it.fragment().text() == "accented"
    assert second.foreground().color().name() == "#007030" and second.fontWeight() >= 700
    assert second.fontPointSize() == 15 and second.fontItalic()  # the paragraph's look goes on under the run's


def test_table_style_header_fill_banding_and_borders(tmp_path: Path) -> None:
    document = docx.Document()
    table = document.add_table(rows=3, cols=2)
    table.style = "Medium Shading 1 Accent 1"
    for r in range(3):
        for c in range(2):
            table.cell(r, c).text = f"cell {r}{c}"
    document.save(str(tmp_path / "tbl.docx"))
    style = document.styles["Medium Shading 1 Accent 1"].element
    header = next(p for p in style.findall(qn("w:tblStylePr")) if p.get(qn("w:type")) == "firstRow")
    colors, _ = _theme(document)
    fill = colors[header.find(qn("w:tcPr")).find(qn("w:shd")).get(qn("w:themeFill"))]
    header_text = header.find(qn("w:rPr")).find(qn("w:color"))
    doc = _laid_out(tmp_path / "tbl.docx")
    head = _block(doc, "cell 00")
    table_obj = next(f for f in doc.rootFrame().childFrames() if f.__class__.__name__ == "QTextTable")
    first = table_obj.cellAt(0, 0).format()
    assert first.background().color().name() == fill
    assert _fmt(head).foreground().color().name() == "#" + header_text.get(qn("w:val")).lower()  # white on blue
    assert _fmt(head).fontWeight() >= 700
    band = table_obj.cellAt(1, 0).format().background().color().name()
    assert band not in (fill, "#000000") and table_obj.cellAt(2, 0).format().background().color().name() != band


def test_direct_paragraph_and_run_formatting_win(tmp_path: Path) -> None:
    document = docx.Document()
    p = document.add_heading("Centred red", 2)
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    p.paragraph_format.space_before = Pt(30)
    p.runs[0].font.color.rgb = RGBColor(0xAA, 0x00, 0x00)
    p.runs[0].font.size = Pt(21)
    document.save(str(tmp_path / "p.docx"))
    block = _block(_keep(tmp_path / "p.docx"), "Centred red")
    assert block.blockFormat().alignment() & 0x4  # Qt.AlignHCenter
    assert block.blockFormat().topMargin() == 40  # 30 pt at 96 dpi
    assert _fmt(block).foreground().color().name() == "#aa0000" and _fmt(block).fontPointSize() == 21


def _abstract_num(document, abstract_id: str, fmt: str):
    """The numbering part, with a copy of its first list definition as ``abstract_id`` in ``fmt`` at every level."""
    numbering = document.part.numbering_part.element
    abstract = copy.deepcopy(numbering.find(qn("w:abstractNum")))
    abstract.set(qn("w:abstractNumId"), abstract_id)
    for lvl in abstract.findall(qn("w:lvl")):
        lvl.find(qn("w:numFmt")).set(qn("w:val"), fmt)
    numbering.insert(0, abstract)
    return numbering


def test_list_numbering_formats_are_drawn(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_paragraph("Step one", style="List Number")
    document.add_paragraph("A point", style="List Bullet")
    numbering = _abstract_num(document, "90", "lowerLetter")
    numbering.append(parse_xml(f'<w:num {nsdecls("w")} w:numId="90"><w:abstractNumId w:val="90"/></w:num>'))
    p = document.add_paragraph("Lettered")
    p._p.get_or_add_pPr().append(parse_xml(f'<w:numPr {nsdecls("w")}><w:ilvl w:val="0"/><w:numId w:val="90"/></w:numPr>'))
    document.save(str(tmp_path / "l.docx"))
    doc = _laid_out(tmp_path / "l.docx")
    assert _block(doc, "Step one").textList().format().style() == QTextListFormat.Style.ListDecimal
    assert _block(doc, "A point").textList().format().style() == QTextListFormat.Style.ListDisc
    assert _block(doc, "Lettered").textList().format().style() == QTextListFormat.Style.ListLowerAlpha


def test_footnotes_are_numbered_in_reference_order_as_word_numbers_them(tmp_path: Path) -> None:
    from tests.renderers import office_xml as ox

    body = ox.para(ox.run("Revenue grew"), ox.footnote_ref(9), ox.run(" and costs fell"), ox.footnote_ref(11))
    path = ox.docx_with_body(tmp_path / "notes.docx", body,
                             add_types=ox.FOOTNOTES_TYPE, add_rels={"word/_rels/document.xml.rels": ox.FOOTNOTES_REL})
    ox.rewrite(path, {"word/footnotes.xml": ox.footnotes_part({9: "Audited.", 11: "Before tax."})})
    text = load(path).text
    assert "Revenue grew[1] and costs fell[2]" in text  # ids 9 and 11 are the first and second notes


def test_footnotes_stand_at_the_foot_of_their_page_under_a_short_separator(tmp_path: Path) -> None:
    """Word sets a page's footnotes at its foot, under a rule two inches long at the margin; the preview set
    them right after the text, under a rule across the page."""
    from renderers.docx._css import NOTES_STATE
    from renderers.docx._pages import LAYOUT_SCALE, laid_out
    from tests.renderers import office_xml as ox

    body = ox.para(ox.run("Revenue grew"), ox.footnote_ref(9)) + ox.para(ox.run("Costs fell."))
    path = ox.docx_with_body(tmp_path / "foot.docx", body,
                             add_types=ox.FOOTNOTES_TYPE, add_rels={"word/_rels/document.xml.rels": ox.FOOTNOTES_REL})
    ox.rewrite(path, {"word/footnotes.xml": ox.footnotes_part({9: "Audited."})})
    laid = laid_out(path, 0)
    part = laid.layout.sections[0]
    doc, page = part.doc, part.page
    layout = doc.documentLayout()
    block, found = doc.begin(), {}
    while block.isValid():
        if "Audited." in block.text():
            found["note"] = block
        elif block.userState() == RULE_STATE and "note" not in found:
            found["rule"] = block
        elif "Costs fell." in block.text():
            found["text"] = block
        block = block.next()
    foot = (page.height - page.bottom) * LAYOUT_SCALE
    note = layout.blockBoundingRect(found["note"])
    assert foot - 60 * LAYOUT_SCALE < note.bottom() <= foot  # at the foot of the body, not under the text
    assert layout.blockBoundingRect(found["text"]).bottom() < (page.top + 200) * LAYOUT_SCALE
    rule = found["rule"].layout().lineAt(0).width()
    assert 130 * LAYOUT_SCALE < rule < 150 * 96 / 72 * LAYOUT_SCALE  # two inches, not the page's width
    assert any(b.userState() == NOTES_STATE for b in _iter_blocks(doc)) and laid.count == 1


def test_endnotes_follow_the_last_paragraph_and_footnotes_stand_at_the_foot(tmp_path: Path) -> None:
    """Word sets endnotes after the document's last paragraph, numbered i, ii…, and footnotes at the page's
    foot: an endnote pushed down with the footnotes stood where Word has none."""
    from renderers.docx._pages import LAYOUT_SCALE, laid_out
    from tests.renderers import office_xml as ox

    body = ox.para(ox.run("Revenue grew"), ox.footnote_ref(9), ox.run(" and costs fell"), ox.endnote_ref(4))
    path = ox.docx_with_body(tmp_path / "end.docx", body, add_types=ox.FOOTNOTES_TYPE + ox.ENDNOTES_TYPE,
                             add_rels={"word/_rels/document.xml.rels": ox.FOOTNOTES_REL + ox.ENDNOTES_REL})
    ox.rewrite(path, {"word/footnotes.xml": ox.footnotes_part({9: "Audited."}),
                      "word/endnotes.xml": ox.endnotes_part({4: "Before tax."})})
    part = laid_out(path, 0).layout.sections[0]
    layout, page = part.doc.documentLayout(), part.page
    bottoms = {text: layout.blockBoundingRect(b).bottom() for b in _iter_blocks(part.doc)
               for text in ("Revenue grew", "Before tax.", "Audited.") if text in b.text()}
    marks = {text: b.text() for b in _iter_blocks(part.doc) for text in ("Before tax.", "Audited.") if text in b.text()}
    assert marks["Before tax."].startswith("i") and marks["Audited."].startswith("1")
    assert bottoms["Before tax."] - bottoms["Revenue grew"] < 80 * LAYOUT_SCALE  # right after the text
    assert bottoms["Audited."] > (page.height - page.bottom - 60) * LAYOUT_SCALE  # at the foot


def _iter_blocks(doc: QTextDocument):
    block = doc.begin()
    while block.isValid():
        yield block
        block = block.next()


def test_smartart_is_drawn_in_its_theme_colour_from_the_saved_drawing(tmp_path: Path) -> None:
    from renderers.docx.plugin import render_image
    from tests.renderers import office_xml as ox

    dgm = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
    dsp = "http://schemas.microsoft.com/office/drawing/2008/diagram"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    drawing = (f'<w:r><w:drawing><wp:inline><wp:extent cx="3000000" cy="1500000"/><wp:docPr id="1" name="d"/>'
               f'<a:graphic><a:graphicData uri="{dgm}"><dgm:relIds xmlns:dgm="{dgm}" r:dm="rIdDm" r:lo="rIdLo" '
               f'r:qs="rIdQs" r:cs="rIdCs"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')
    data = (f'<dgm:dataModel xmlns:dgm="{dgm}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
            f'xmlns:dsp="{dsp}"><dgm:ptLst><dgm:pt modelId="1"><dgm:t><a:p><a:r><a:t>Plan step</a:t></a:r></a:p>'
            f'</dgm:t></dgm:pt></dgm:ptLst><dgm:extLst><a:ext uri="x"><dsp:dataModelExt relId="rIdDr"/></a:ext>'
            f'</dgm:extLst></dgm:dataModel>').encode()
    shapes = (f'<dsp:drawing xmlns:dsp="{dsp}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
              f'<dsp:spTree><dsp:sp><dsp:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="3000000" cy="1500000"/>'
              f'</a:xfrm><a:prstGeom prst="rect"/><a:solidFill><a:schemeClr val="accent2"/></a:solidFill></dsp:spPr>'
              f'</dsp:sp></dsp:spTree></dsp:drawing>').encode()
    path = ox.docx_with_body(tmp_path / "dgm.docx", ox.para(drawing),
                             add_rels={"word/_rels/document.xml.rels":
                                       f'<Relationship Id="rIdDm" Target="diagrams/data1.xml" Type="{rel}/diagramData"/>'
                                       f'<Relationship Id="rIdDr" Target="diagrams/drawing1.xml" '
                                       f'Type="http://schemas.microsoft.com/office/2007/relationships/diagramDrawing"/>'},
                             add_types='<Default Extension="xml" ContentType="application/xml"/>')
    ox.rewrite(path, {"word/diagrams/data1.xml": data, "word/diagrams/drawing1.xml": shapes})
    colors, _ = _theme(docx.Document(str(path)))
    assert "Plan step" in load(path).pages[0]  # the boxes' words are shown with the picture
    image, _ = render_image(path, 0, 816)
    inked = {image.pixelColor(x, y).name() for x in range(100, 400, 20) for y in range(110, 250, 20)}
    assert colors["accent2"] in inked  # the box's fill, the theme's accent 2


def test_numbering_goes_on_across_paragraphs_between_the_items(tmp_path: Path) -> None:
    document = docx.Document()
    for i in range(3):
        document.add_paragraph(f"Initiative {i + 1}", style="List Number")
        document.add_paragraph(f"Goal of initiative {i + 1}")
    document.save(str(tmp_path / "n.docx"))
    doc = _keep(tmp_path / "n.docx")
    labels = [_block(doc, f"Initiative {i + 1}").textList().itemText(_block(doc, f"Initiative {i + 1}")) for i in range(3)]
    assert labels == ["1.", "2.", "3."]  # as Word numbers them, not 1. 1. 1.


def test_a_list_number_is_drawn_in_the_paragraph_marks_look(tmp_path: Path) -> None:
    """A numbered item whose paragraph mark (``w:pPr/w:rPr``) is 14 pt blue, its text a 14 pt blue run and
    a plain run after it: Word draws the number "1." 14 pt blue, the plain run in the paragraph's own
    11 pt black; the preview's list marker (drawn in its block's character format) and runs do too."""
    document = docx.Document()
    numbering = _abstract_num(document, "95", "decimal")
    numbering.append(parse_xml(f'<w:num {nsdecls("w")} w:numId="95"><w:abstractNumId w:val="95"/></w:num>'))
    p = document.add_paragraph()
    blue = '<w:rPr {w}><w:color w:val="2E75B5"/><w:sz w:val="28"/></w:rPr>'.format(w=nsdecls("w"))
    ppr = p._p.get_or_add_pPr()
    ppr.append(parse_xml(f'<w:numPr {nsdecls("w")}><w:ilvl w:val="0"/><w:numId w:val="95"/></w:numPr>'))
    ppr.append(parse_xml(blue))
    run = p.add_run("State of things")
    run._r.insert(0, parse_xml(blue))
    p.add_run(" plain")
    path = tmp_path / "mark.docx"
    document.save(str(path))
    reread = docx.Document(str(path)).paragraphs[0]
    assert reread.runs[0].font.size == Pt(14) and reread.runs[1].font.size is None  # the file's claims
    block = _block(_keep(path), "State of things plain")
    assert block.textList() is not None and block.textList().itemText(block) == "1."
    marker = block.charFormat()  # what Qt draws the number in
    assert marker.fontPointSize() == 14 and marker.foreground().color().name() == "#2e75b5"
    it = block.begin()
    first = it.fragment().charFormat()
    it += 1
    plain = it.fragment().charFormat()
    assert first.fontPointSize() == 14 and first.foreground().color().name() == "#2e75b5"
    assert plain.fontPointSize() == 11 and plain.foreground().color().name() == "#000000"


def test_a_calibri_paragraph_falls_back_to_a_narrow_face(tmp_path: Path) -> None:
    """The same sentence in Calibri and in Arial, 11 pt, neither installed here: Word sets Calibri
    narrower than Arial (fewer lines for a long paragraph). The preview's Calibri falls back to a
    condensed sans (as LibreOffice Writer sets it), Arial to the regular one, so the Calibri line is the
    narrower one, as in Word."""
    from PySide6.QtGui import QFontMetricsF

    document = docx.Document()
    sentence = "Goal: content is accessible to new employees and is better organized"
    for face in ("Calibri", "Arial"):
        run = document.add_paragraph().add_run(f"{face}: {sentence}")
        run.font.name = face
        run.font.size = Pt(11)
    document.save(str(tmp_path / "faces.docx"))
    doc = _keep(tmp_path / "faces.docx")
    calibri = _fmt(_block(doc, f"Calibri: {sentence}"))
    arial = _fmt(_block(doc, f"Arial: {sentence}"))
    assert calibri.fontFamilies()[:2] == ["Calibri", "DejaVu Sans Condensed"]
    assert "DejaVu Sans Condensed" not in arial.fontFamilies()
    assert QFontMetricsF(calibri.font()).horizontalAdvance(sentence) < \
        0.95 * QFontMetricsF(arial.font()).horizontalAdvance(sentence)


def test_a_code_block_style_is_one_bordered_shaded_box_with_its_spaces(tmp_path: Path) -> None:
    """A "Source Code" paragraph style as pandoc writes it (borders on four sides, a grey fill, no space
    after, Courier New 10 pt) on consecutive lines: Word draws one box round them, keeps each line's
    leading spaces, and sets the lines with no space between; the preview's layout does the same."""
    document = docx.Document()
    document.add_paragraph("Before the code.")
    style = document.styles.add_style("Source Code", 1)
    style.base_style = document.styles["Normal"]
    style.font.name = "Courier New"
    style.font.size = Pt(10)
    style.paragraph_format.space_after = Pt(0)
    ppr = style.element.get_or_add_pPr()
    ppr.append(parse_xml(f'<w:pBdr {nsdecls("w")}>' + "".join(
        f'<w:{side} w:val="single" w:sz="4" w:space="{1 if side in ("top", "bottom") else 4}" w:color="auto"/>'
        for side in ("top", "left", "bottom", "right")) + "</w:pBdr>"))
    ppr.append(parse_xml(f'<w:shd {nsdecls("w")} w:val="clear" w:color="auto" w:fill="F2F2F2"/>'))
    lines = ["# ifconfig -a", "eth0      Link encap:Ethernet", "          inet addr:172.16.0.108"]
    for line in lines:
        document.add_paragraph(line, style="Source Code")
    document.add_paragraph("After the code.")
    path = tmp_path / "code.docx"
    document.save(str(path))

    reread = docx.Document(str(path))
    resolved = reread.styles["Source Code"]
    assert resolved.paragraph_format.space_after == Pt(0) and resolved.font.name == "Courier New"
    html = flow_html(load(path))
    assert "<hr" not in html  # the box's four sides are drawn by one cell, not as rules
    doc = _keep(path)
    blocks = []
    block = doc.begin()
    while block.isValid():
        if block.text().replace("\u00a0", " ") in lines:
            blocks.append(block)
        block = block.next()
    assert [b.text().replace("\u00a0", " ") for b in blocks] == lines  # each line as Word shows it
    third = blocks[2]
    assert third.text().startswith("\u00a0" * 10)  # all ten leading spaces, the first one too
    for block in blocks:
        assert block.blockFormat().background().color().name() == "#f2f2f2"
        assert "Courier New" in _fmt(block).fontFamilies() and _fmt(block).fontPointSize() == 10
    for block in blocks[:2]:  # no space between the lines of the box
        assert block.blockFormat().bottomMargin() == 0
    cells = set()
    for block in blocks:
        cursor = QTextCursor(block)
        table = cursor.currentTable()
        assert table is not None  # the lines sit in the box
        cell = table.cellAt(cursor)
        cells.add((table.format().objectIndex(), cell.row(), cell.column()))
        fmt = cell.format().toTableCellFormat()
        for side in ("Left", "Right", "Top", "Bottom"):  # sz="4": a half-point rule, black ("auto")
            assert getattr(fmt, f"{side.lower()}Border")() >= 1
            assert getattr(fmt, f"{side.lower()}BorderBrush")().color().name() == "#000000"
    assert len(cells) == 1  # one box round the three lines
    assert QTextCursor(_block(doc, "After the code.")).currentTable() is None


def test_side_borders_are_drawn_beside_the_lines(tmp_path: Path) -> None:
    """Paragraphs with only a left and a right border (a red bar each side, three lines): the page shows
    two vertical red lines running the height of the three lines, left and right of the text, and no
    red line across."""
    document = docx.Document()
    for text in ("First boxed line", "Second boxed line", "Third boxed line"):
        p = document.add_paragraph(text)
        p.paragraph_format.space_after = Pt(0)
        p._p.get_or_add_pPr().append(parse_xml(f'<w:pBdr {nsdecls("w")}>' + "".join(
            f'<w:{side} w:val="single" w:sz="24" w:space="4" w:color="FF0000"/>' for side in ("left", "right"))
            + "</w:pBdr>"))
    document.add_paragraph("Outside the box.")
    path = tmp_path / "sides.docx"
    document.save(str(path))
    image, _count, _exact = render_page(path, 0, 816)

    def red(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return c.red() > 180 and c.green() < 90 and c.blue() < 90

    columns = [x for x in range(image.width()) if sum(red(x, y) for y in range(image.height() // 3)) > 20]
    assert columns, "no vertical red line"
    left, right = min(columns), max(columns)
    # beside the text, at the page's 1.25 in (120 px) margins (Word stands them a few points further out)
    assert 110 < left < 126 and image.width() - 126 < right < image.width() - 110
    rows = [y for y in range(image.height() // 3) if red(left, y)]
    height = max(rows) - min(rows)
    assert 45 <= height <= 90  # three lines of 11 pt, no more: the box ends before "Outside the box."
    for y in range(image.height() // 3):  # nothing drawn across: these paragraphs have no top or bottom
        assert sum(red(x, y) for x in range(left + 10, right - 10)) < 20


def test_numbered_headings_show_the_numbers_of_the_levels_above_them(tmp_path: Path) -> None:
    """Headings numbered through their styles (Heading 1–3 → one multilevel list whose levels write "%1",
    "%1.%2", "%1.%2.%3", as pandoc's reference document and Word's "1 Heading" list do): Word shows 1, 1.1,
    1.1.1, 1.2, 2, 2.1 at the margin. The preview drew "1." at every level, each indented further."""
    document = docx.Document()
    numbering = document.part.numbering_part.element
    levels = "".join(
        f'<w:lvl w:ilvl="{i}"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
        f'<w:lvlText w:val="{".".join(f"%{k + 1}" for k in range(i + 1))}"/>'
        f'<w:pPr><w:ind w:left="{432 + 144 * i}" w:hanging="{432 + 144 * i}"/></w:pPr></w:lvl>' for i in range(3))
    numbering.insert(0, parse_xml(f'<w:abstractNum {nsdecls("w")} w:abstractNumId="70">{levels}</w:abstractNum>'))
    numbering.append(parse_xml(f'<w:num {nsdecls("w")} w:numId="70"><w:abstractNumId w:val="70"/></w:num>'))
    for i in range(3):
        style = document.styles[f"Heading {i + 1}"]
        style.element.get_or_add_pPr().append(parse_xml(
            f'<w:numPr {nsdecls("w")}><w:ilvl w:val="{i}"/><w:numId w:val="70"/></w:numPr>'))
    for text, level in (("Scope", 1), ("Goals", 2), ("Detail", 3), ("Risks", 2), ("Plan", 1), ("Steps", 2)):
        document.add_heading(text, level)
        document.add_paragraph(f"About {text.lower()}.")
    path = tmp_path / "numbered.docx"
    document.save(str(path))
    reread = docx.Document(str(path))
    written = [lvl.find(qn("w:lvlText")).get(qn("w:val")) for lvl in reread.part.numbering_part.element.iter(qn("w:lvl"))
               if lvl.getparent().get(qn("w:abstractNumId")) == "70"]
    assert written == ["%1", "%1.%2", "%1.%2.%3"]  # what the file says Word draws
    doc = _keep(path)
    for label, text in (("1", "Scope"), ("1.1", "Goals"), ("1.1.1", "Detail"), ("1.2", "Risks"), ("2", "Plan"),
                        ("2.1", "Steps")):
        block = _block(doc, f"{label}\u00a0\u00a0{text}")
        assert block.textList() is None  # not one of Qt's lists, which number each level alone
        assert block.blockFormat().leftMargin() + block.blockFormat().textIndent() == pytest.approx(0, abs=1)


def test_an_empty_heading_is_a_blank_line_and_leaves_the_next_list_item_its_own_look(tmp_path: Path) -> None:
    """An empty Heading 3 between a bold heading and a numbered item (pandoc's lists_level_override, saved by
    Word): Word shows a blank line and the item's number in the item's look. Qt folded the empty heading
    into the item: the line was gone and "5." was drawn bold in the heading's black."""
    document = docx.Document()
    document.add_heading("Goal: comments", 3)
    document.add_heading("", 3)
    document.add_paragraph("Code documentation", style="List Number")
    path = tmp_path / "empty-heading.docx"
    document.save(str(path))
    assert [p.text for p in docx.Document(str(path)).paragraphs] == ["Goal: comments", "", "Code documentation"]
    doc = _keep(path)
    item = _block(doc, "Code documentation")
    assert item.previous().text().strip(" \u00a0") == "" and item.previous() != _block(doc, "Goal: comments")
    assert item.textList() is not None
    assert item.charFormat().fontWeight() < 600  # the number is not drawn in the heading's bold


def test_a_lists_start_override_numbers_its_first_item(tmp_path: Path) -> None:
    """Lists sharing one decimal definition, each ``w:num`` restarting level 0 at its own value
    (``w:lvlOverride/w:startOverride``, as pandoc writes "4. …" items): Word numbers them 1., 4., 5. and the
    preview's lists do too."""
    document = docx.Document()
    numbering = _abstract_num(document, "91", "decimal")
    for num_id, start in (("91", 1), ("92", 4), ("93", 5)):
        numbering.append(parse_xml(
            f'<w:num {nsdecls("w")} w:numId="{num_id}"><w:abstractNumId w:val="91"/>'
            f'<w:lvlOverride w:ilvl="0"><w:startOverride w:val="{start}"/></w:lvlOverride></w:num>'))
        p = document.add_paragraph(f"Item of list {num_id}")
        p._p.get_or_add_pPr().append(parse_xml(
            f'<w:numPr {nsdecls("w")}><w:ilvl w:val="0"/><w:numId w:val="{num_id}"/></w:numPr>'))
        document.add_paragraph(f"Goal of list {num_id}")  # a plain paragraph between the lists
    document.save(str(tmp_path / "starts.docx"))
    reread = docx.Document(str(tmp_path / "starts.docx")).part.numbering_part.element
    said = {n.get(qn("w:numId")): n.find(f"{qn('w:lvlOverride')}/{qn('w:startOverride')}").get(qn("w:val"))
            for n in reread.findall(qn("w:num")) if n.get(qn("w:numId")) in ("91", "92", "93")}
    assert said == {"91": "1", "92": "4", "93": "5"}
    doc = _laid_out(tmp_path / "starts.docx")
    shown = [(_block(doc, f"Item of list {n}").textList().itemText(_block(doc, f"Item of list {n}")))
             for n in ("91", "92", "93")]
    assert shown == ["1.", "4.", "5."]


def _emf(records: list[tuple[int, bytes]], size: tuple[int, int] = (200, 100)) -> bytes:
    """A small EMF: a header for ``size`` device units (1 unit = 0.1 mm), the records, EOF."""
    import struct

    w, h = size
    body = b"".join(struct.pack("<II", kind, 8 + len(data)) + data for kind, data in records)
    eof = struct.pack("<IIIII", 14, 20, 0, 0, 20)
    header_size = 88
    total = header_size + len(body) + len(eof)
    header = struct.pack("<II4i4i", 1, header_size, 0, 0, w - 1, h - 1, 0, 0, w * 10, h * 10)
    header += b" EMF" + struct.pack("<IIIHHIII", 0x10000, total, len(records) + 2, 0, 0, 0, 0, 0)
    header += struct.pack("<iiii", w * 10, h * 10, w, h)  # reference device: pixels and millimetres
    return header + body + eof


def test_an_emf_picture_is_played_back_in_its_colours_and_shapes(tmp_path: Path) -> None:
    """An EMF picture (what Visio pastes) in a document: Word plays its records back; the preview's
    picture has the red rectangle and the blue triangle where the records put them, not a placeholder."""
    import struct

    from tests.renderers import office_xml as ox

    red, blue = 0x0000FF, 0xFF0000  # COLORREF is 0x00BBGGRR
    emf = _emf([
        (39, struct.pack("<IIII", 1, 0, red, 0)),  # CREATEBRUSHINDIRECT #1: solid red
        (39, struct.pack("<IIII", 2, 0, blue, 0)),  # #2: solid blue
        (37, struct.pack("<I", 0x80000008)),  # SELECTOBJECT NULL_PEN (a stock object)
        (37, struct.pack("<I", 1)),
        (43, struct.pack("<4i", 10, 10, 90, 90)),  # RECTANGLE, left half
        (37, struct.pack("<I", 2)),
        (86, struct.pack("<4iI", 110, 10, 190, 90, 3) + struct.pack("<6h", 150, 10, 190, 90, 110, 90)),  # POLYGON16
    ])
    document = docx.Document()
    png = tmp_path / "p.png"
    png.write_bytes(ox.png_bytes("#00ff00", (200, 100)))
    document.add_picture(str(png))
    path = tmp_path / "emf.docx"
    document.save(str(path))
    media = next(n for n in __import__("zipfile").ZipFile(path).namelist() if n.startswith("word/media/"))
    ox.rewrite(path, {media: emf})  # the picture's part now holds the metafile
    content = load(path)
    image = next(iter(content.images.values()))
    assert not image.isNull() and image.width() >= 200
    sx, sy = image.width() / 200, image.height() / 100

    def at(x: float, y: float) -> str:
        return image.pixelColor(int(x * sx), int(y * sy)).name()

    assert at(50, 50) == "#ff0000"  # inside the rectangle
    assert at(150, 70) == "#0000ff"  # inside the triangle
    assert image.pixelColor(int(115 * sx), int(15 * sy)).alpha() == 0  # outside the triangle: nothing drawn


def test_an_emf_pictures_raster_operations_combine_with_what_is_drawn(qapp) -> None:
    """GDI programs draw a bitmap with a transparent background as two blits: an AND mask (black where the
    picture is, white elsewhere), then the picture OR-ed in; they fill with the brush by a pattern blit
    (PATCOPY, no bitmap) and invert with DSTINVERT. Played back over a green rectangle: the red picture
    shows inside the mask and the green round it, the pattern blit is the brush's blue, the inverted
    strip of green is magenta, and the BLACKNESS blit is black."""
    import struct

    from renderers._emf import draw_emf

    def dib(rows: list[list[tuple[int, int, int]]]) -> tuple[bytes, bytes]:
        """A 24-bit bottom-up DIB: its BITMAPINFOHEADER and its bits (rows given top first, as RGB)."""
        h, w = len(rows), len(rows[0])
        stride = (w * 3 + 3) & ~3
        bits = b"".join(b"".join(bytes((b, g, r)) for r, g, b in row).ljust(stride, b"\0") for row in reversed(rows))
        return struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(bits), 0, 0, 0, 0), bits

    def bitblt(x: int, y: int, w: int, h: int, rop: int, bitmap: tuple[bytes, bytes] | None = None) -> bytes:
        head, bits = bitmap or (b"", b"")
        fixed = 8 + 92  # the record's header and fields before the bitmap
        return (struct.pack("<4i", x, y, x + w, y + h) + struct.pack("<iiiiI", x, y, w, h, rop)
                + struct.pack("<ii6f", 0, 0, 1, 0, 0, 1, 0, 0) + struct.pack("<II", 0xFFFFFF, 0)
                + struct.pack("<IIII", fixed if head else 0, len(head), fixed + len(head) if bits else 0, len(bits))
                + head + bits)

    black, white, red = (0, 0, 0), (255, 255, 255), (255, 0, 0)
    # a 4x4 picture: a red 2x2 square in the middle of a black background, and its mask
    picture = dib([[black] * 4, [black, red, red, black], [black, red, red, black], [black] * 4])
    mask = dib([[white] * 4, [white, black, black, white], [white, black, black, white], [white] * 4])
    green, blue = 0x00FF00, 0xFF0000  # COLORREF is 0x00BBGGRR
    emf = _emf([
        (39, struct.pack("<IIII", 1, 0, green, 0)),  # CREATEBRUSHINDIRECT #1: solid green
        (39, struct.pack("<IIII", 2, 0, blue, 0)),  # #2: solid blue
        (37, struct.pack("<I", 0x80000008)),  # SELECTOBJECT NULL_PEN
        (37, struct.pack("<I", 1)),
        (43, struct.pack("<4i", 0, 0, 200, 100)),  # RECTANGLE: the green ground
        (76, bitblt(100, 10, 80, 80, 0x008800C6, mask)),  # SRCAND
        (76, bitblt(100, 10, 80, 80, 0x00EE0086, picture)),  # SRCPAINT
        (37, struct.pack("<I", 2)),
        (76, bitblt(10, 10, 40, 40, 0x00F00021)),  # PATCOPY: the blue brush, no bitmap
        (76, bitblt(10, 60, 40, 30, 0x00550009)),  # DSTINVERT
        (76, bitblt(60, 60, 20, 20, 0x00000042)),  # BLACKNESS
    ])
    image = draw_emf(emf, 400)
    assert image is not None
    sx, sy = image.width() / 200, image.height() / 100

    def at(x: float, y: float) -> str:
        return image.pixelColor(int(x * sx), int(y * sy)).name()

    assert at(140, 50) == "#ff0000"  # the picture inside its mask
    assert at(105, 15) == "#00ff00" and at(175, 85) == "#00ff00"  # round it the ground shows, not black
    assert at(30, 30) == "#0000ff"  # the pattern blit
    assert at(30, 75) == "#ff00ff"  # green inverted
    assert at(70, 70) == "#000000"
    assert at(190, 50) == "#00ff00"  # outside every blit: as drawn


@pytest.mark.parametrize(("east_asia", "drawn_in"), [("Noto Sans CJK SC", "Noto Sans CJK SC"),
                                                     ("Noto Serif CJK SC", "Noto Serif CJK SC"),
                                                     ("黑体", "Noto Sans CJK SC"), ("宋体", "Noto Serif CJK SC")])
def test_chinese_text_is_drawn_in_the_runs_east_asian_font_in_a_serif_body(tmp_path: Path, east_asia: str,
                                                                          drawn_in: str) -> None:
    """A run that names its East Asian font (w:rFonts/@w:eastAsia) has its CJK text in that font, or in an installed
    one of its kind (黑体 sans, 宋体 serif); in a serif body the serif CJK face came first and won every time."""
    from PySide6.QtGui import QFontDatabase

    d = docx.Document()
    d.styles["Normal"].font.name = "Cambria"
    run = d.add_paragraph().add_run("通知期为三十天")
    run._r.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), east_asia)
    d.save(str(tmp_path / "c.docx"))
    families = _fmt(_block(_keep(tmp_path / "c.docx"), "通知期为三十天")).fontFamilies()
    installed = set(QFontDatabase.families())
    # Qt draws a CJK letter in the first listed family that is installed and has it
    first = next(f for f in families if f in installed and QFontDatabase.writingSystems(f).count(
        QFontDatabase.WritingSystem.SimplifiedChinese))
    assert first == drawn_in, families
