"""DOCX content LibreOffice draws and the native preview used to leave blank."""
from __future__ import annotations


import pytest
from lxml import etree
from PySide6.QtGui import QImage

from renderers.docx._html import load
from renderers.docx.plugin import render_image
from tests.renderers import office_xml as ox

pytestmark = pytest.mark.usefixtures("qapp")  # QTextDocument needs an application


def _ink(image: QImage, region: tuple[float, float, float, float] = (0, 0, 1, 1)) -> int:
    """Pixels in ``region`` (fractions) that are clearly not white."""
    x0, y0, w, h = region
    n = 0
    for x in range(int(image.width() * x0), int(image.width() * (x0 + w)), 2):
        for y in range(int(image.height() * y0), int(image.height() * (y0 + h)), 2):
            if image.pixelColor(x, y).lightness() < 200:
                n += 1
    return n


@pytest.mark.parametrize("box", [ox.textbox_drawing, ox.vml_textbox])
def test_text_boxes_are_shown(show_preview, qtbot, tmp_path, view_of, box) -> None:
    path = ox.docx_with_body(tmp_path / "box.docx",
                             ox.para(ox.run("Before the box.")) + ox.para(box("Boxed quarterly figure 42")))
    text = show_preview(path, (700, 500)).text()
    assert "Boxed quarterly figure 42" in text
    assert text.count("Boxed quarterly figure 42") == 1  # the fallback copy is not shown twice
    image, _ = render_image(path, 0, 400)
    assert _ink(image, (0, 0.05, 1, 0.2)) > 40


def test_a_document_of_only_text_boxes_is_not_blank(tmp_path) -> None:
    path = ox.docx_with_body(tmp_path / "boxes.docx", "".join(ox.para(ox.textbox_drawing(f"Box number {i}"))
                                                             for i in range(3)))
    content = load(path)
    assert all(f"Box number {i}" in content.text for i in range(3))
    image, _ = render_image(path, 0, 400)
    assert _ink(image) > 30


def test_footnotes_are_shown_with_their_marks(show_preview, qtbot, tmp_path, view_of) -> None:
    body = (ox.para(ox.run("Revenue grew"), ox.footnote_ref(1), ox.run(" and costs fell"), ox.footnote_ref(2))
            + ox.para(ox.run("Closing line.")))
    path = ox.docx_with_body(tmp_path / "notes.docx", body,
                             add_types=ox.FOOTNOTES_TYPE, add_rels={"word/_rels/document.xml.rels": ox.FOOTNOTES_REL})
    ox.rewrite(path, {"word/footnotes.xml": ox.footnotes_part({1: "Audited by KPMG.", 2: "Before tax."})})
    text = show_preview(path, (700, 500)).text()
    assert "Audited by KPMG." in text and "Before tax." in text
    assert text.index("Closing line.") < text.index("Audited by KPMG.")  # at the page foot


def test_content_controls_block_and_inline(show_preview, qtbot, tmp_path, view_of) -> None:
    body = (ox.block_sdt("Contract title in a control")
            + ox.para(ox.run("Party: "), ox.inline_sdt("Acme Corporation")))
    path = ox.docx_with_body(tmp_path / "sdt.docx", body)
    text = show_preview(path, (700, 500)).text()
    assert "Contract title in a control" in text and "Party: Acme Corporation" in text


def test_ruby_text_shows_base_and_reading(tmp_path) -> None:
    path = ox.docx_with_body(tmp_path / "ruby.docx",
                             ox.para(ox.ruby("漢字", "かんじ"), ox.run("の読み方"), ox.ruby("東京", "とうきょう")))
    text = load(path).text
    assert "漢字" in text and "かんじ" in text and "東京" in text and "とうきょう" in text
    image, _ = render_image(path, 0, 400)
    assert _ink(image, (0, 0, 1, 0.2)) > 15  # one line of thin CJK strokes, 7 px high at this width


def test_footer_fields_and_body_fields(show_preview, qtbot, tmp_path, view_of) -> None:
    import docx

    document = docx.Document()
    document.add_paragraph("Body of page one.")
    document.add_page_break()
    document.add_paragraph("Body of page two.")
    footer_p = document.sections[0].footer.paragraphs[0]
    xml = (f'<w:p {ox.W}><w:r><w:t xml:space="preserve">Page </w:t></w:r>'
           f'{ox.complex_field("PAGE", None)}<w:r><w:t xml:space="preserve"> · Confidential</w:t></w:r></w:p>')
    footer_p._p.getparent().replace(footer_p._p, etree.fromstring(xml))
    document.add_paragraph().add_run("Prepared ")
    body_p = document.paragraphs[-1]._p
    for el in etree.fromstring(f'<w:p {ox.W}>{ox.complex_field("DATE", "30 November 2026")}</w:p>'):
        body_p.append(el)
    path = tmp_path / "footer.docx"
    document.save(str(path))
    text = show_preview(path, (700, 500)).text()
    assert "Page 1 · Confidential" in text and "Page 2 · Confidential" in text
    assert "Prepared 30 November 2026" in text and "DATE" not in text  # the result, never the field code


@pytest.mark.parametrize("kind", ["inline", "anchored", "vml"])
def test_a_document_whose_only_content_is_a_picture(tmp_path, kind) -> None:
    import docx
    from docx.shared import Inches

    png = tmp_path / "pic.png"
    png.write_bytes(ox.png_bytes("#1030c0", (300, 200)))
    path = tmp_path / f"{kind}.docx"
    if kind == "vml":
        ox.docx_with_body(path, ox.para(ox.vml_picture("rIdPic")), add_types=ox.PNG_TYPE,
                          add_rels={"word/_rels/document.xml.rels": ox.IMAGE_REL.format(rid="rIdPic", name="pic.png")})
        ox.rewrite(path, {"word/media/pic.png": png.read_bytes()})
    else:
        document = docx.Document()
        document.paragraphs[0]._p.getparent().remove(document.paragraphs[0]._p) if document.paragraphs else None
        document.add_picture(str(png), width=Inches(3))
        if kind == "anchored":  # turn wp:inline into a floating wp:anchor, as Word saves a moved picture
            inline = next(document.element.body.iter("{*}inline"))
            inline.tag = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}anchor"
        document.save(str(path))
    assert len(load(path).images) == 1
    image, _ = render_image(path, 0, 400)
    blue = sum(1 for x in range(0, 400, 4) for y in range(0, image.height() // 3, 4)
               if image.pixelColor(x, y).blue() > 150 and image.pixelColor(x, y).red() < 60)
    assert blue > 50
