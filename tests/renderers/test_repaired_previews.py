"""Files real viewers show that Mira once refused or drew blank: a PDF with no ``%PDF-`` header
(MuPDF repairs it), a page whose only image is JPEG 2000, and a slide whose only content is ink
(InkML traces, with or without a fallback picture)."""
from __future__ import annotations

import io
from pathlib import Path

import pymupdf
import pytest
from lxml import etree
from PIL import Image, ImageDraw
from pptx import Presentation
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.util import Emu
from PySide6.QtGui import QImage

import renderers.pptx._ink as _pptx_ink
from renderers.pdf._source import open_pdf_pages, render_page
from renderers.pptx._model import load
from renderers.pptx._paint import paint_slide
from skills.runtime import CommandError
from skills.runtime.file_inspect import inspect


def _inked(image: QImage, threshold: int = 200) -> int:
    """Pixels clearly darker than white, sampled on a grid."""
    step = max(1, image.width() // 200)
    return sum(1 for x in range(0, image.width(), step) for y in range(0, image.height(), step)
               if min(image.pixelColor(x, y).getRgb()[:3]) < threshold)


def _headerless(tmp_path: Path) -> Path:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), "Headerless yet readable: quarterly figures", fontsize=16)
    raw = doc.tobytes()
    path = tmp_path / "headerless.pdf"
    path.write_bytes(raw[raw.index(b"1 0 obj"):])  # no %PDF- line, no binary comment
    return path


def test_a_pdf_without_its_header_is_inspected_and_previewed(qapp, tmp_path: Path) -> None:
    path = _headerless(tmp_path)
    assert b"%PDF" not in path.read_bytes()[:1024]
    message, data = inspect(path)
    assert "Headerless yet readable" in message
    assert open_pdf_pages(path) == 1
    assert _inked(render_page(path, 0, 600)) > 50


def test_junk_without_a_header_or_objects_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.pdf"
    path.write_bytes(b"Dear team, the figures are attached.\n" * 40)
    with pytest.raises(CommandError, match="not a PDF|corrupt"):
        inspect(path)


@pytest.mark.parametrize("codestream", [False, True], ids=["jp2", "j2k-no-colour-space"])
def test_a_page_whose_only_image_is_jpeg_2000_previews_it(qapp, tmp_path: Path, codestream: bool) -> None:
    picture = Image.new("RGB", (400, 300), (240, 240, 240))
    ImageDraw.Draw(picture).rectangle((40, 40, 360, 260), fill=(20, 40, 190))
    buffer = io.BytesIO()
    picture.save(buffer, format="JPEG2000", no_jp2=codestream)
    doc = pymupdf.open()
    page = doc.new_page()
    png = io.BytesIO()
    Image.new("RGB", (4, 4)).save(png, format="PNG")
    xref = page.insert_image(pymupdf.Rect(72, 72, 472, 372), stream=png.getvalue())
    doc.update_stream(xref, buffer.getvalue(), compress=False)  # the JPX data itself, as a PDF object
    for key, value in (("Filter", "/JPXDecode"), ("DecodeParms", "null"), ("Width", "400"), ("Height", "300")):
        doc.xref_set_key(xref, key, value)
    if codestream:  # JPX carries its own colour space; a PDF may leave it out
        doc.xref_set_key(xref, "ColorSpace", "null")
        doc.xref_set_key(xref, "BitsPerComponent", "null")
    path = tmp_path / "jpx.pdf"
    doc.save(path)
    reopened = pymupdf.open(path)
    assert [reopened.xref_get_key(x, "Filter")[1] for x in range(1, reopened.xref_length())].count("/JPXDecode") == 1
    assert not reopened[0].get_text().strip()  # the image is all there is
    assert open_pdf_pages(path) == 1
    assert _inked(render_page(path, 0, 600)) > 500


INKML = """<inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML">
 <inkml:definitions>
  <inkml:context xml:id="ctx0"><inkml:traceFormat>
   <inkml:channel name="X" type="integer"/><inkml:channel name="Y" type="integer"/>
   <inkml:channel name="F" type="integer" max="32767"/></inkml:traceFormat></inkml:context>
  <inkml:brush xml:id="br0"><inkml:brushProperty name="width" value="0.2" units="cm"/>
   <inkml:brushProperty name="color" value="#C00000"/></inkml:brush>
 </inkml:definitions>
 <inkml:trace contextRef="#ctx0" brushRef="#br0">{trace1}</inkml:trace>
 <inkml:trace contextRef="#ctx0" brushRef="#br0">{trace2}</inkml:trace>
</inkml:ink>"""

# A diagonal written explicitly, and a zigzag in PowerPoint's difference encodings ('  and ").
TRACES = {"trace1": ", ".join(f"{1000 + 40 * k} {1000 + 25 * k} 12000" for k in range(120)),
          "trace2": "1000 6000 9000, '300'-200'0, 300 200 0, 300 -200 0, \"0\"0\"0, 0 0 0, 0 0 0"}


def _ink_deck(tmp_path: Path, fallback: bool) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank: the ink is all there is
    ink = Part(PackURI("/ppt/ink/ink1.xml"), "application/inkml+xml", prs.part.package,
               INKML.format(**TRACES).encode())
    rid = slide.part.relate_to(ink, "http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml")
    branch = ""
    if fallback:  # the picture Office saves for readers without ink support
        png = io.BytesIO()
        Image.new("RGB", (60, 40), (0, 120, 0)).save(png, format="PNG")
        _, pic_rid = slide.part.get_or_add_image_part(io.BytesIO(png.getvalue()))
        branch = f"""<mc:Fallback><p:pic><p:nvPicPr><p:cNvPr id="3" name="Ink 2"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>
          <p:blipFill><a:blip r:embed="{pic_rid}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>
          <p:spPr><a:xfrm><a:off x="1524000" y="1524000"/><a:ext cx="4572000" cy="3048000"/></a:xfrm>
          <a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic></mc:Fallback>"""
    xml = f"""<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"
      xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"
      xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"
      xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"
      xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main">
      <mc:Choice Requires="p14"><p14:contentPart r:id="{rid}">
        <p14:nvContentPartPr><p14:cNvPr id="2" name="Ink 1"/><p14:cNvContentPartPr/><p14:nvPr/></p14:nvContentPartPr>
        <p14:xfrm><a:off x="1524000" y="1524000"/><a:ext cx="4572000" cy="3048000"/></p14:xfrm>
      </p14:contentPart></mc:Choice>{branch}</mc:AlternateContent>"""
    slide.shapes._spTree.append(etree.fromstring(xml))
    path = tmp_path / ("ink_fallback.pptx" if fallback else "ink.pptx")
    prs.save(path)
    assert Emu(prs.slide_width) > 0 and len(Presentation(path).slides[0].shapes) == 0  # python-pptx sees nothing
    return path


@pytest.mark.parametrize("fallback", [False, True], ids=["traces-only", "with-fallback-picture"])
def test_an_ink_only_slide_previews_its_ink(qapp, tmp_path: Path, fallback: bool) -> None:
    image = paint_slide(load(_ink_deck(tmp_path, fallback)), 0, 800)
    assert _inked(image) > 100
    # The strokes are red; the fallback picture green: each file shows its own, never both.
    colours = {image.pixelColor(x, y).getRgb()[:3] for x in range(0, 800, 4) for y in range(0, image.height(), 4)}
    red = any(r > 150 and g < 80 and b < 80 for r, g, b in colours)
    green = any(g > 90 and r < 60 and b < 60 for r, g, b in colours)
    assert (red, green) == ((False, True) if fallback else (True, False))


def test_ink_difference_encodings_decode_to_the_same_points() -> None:
    """A qualifier holds for its own channel until the next one (InkML 3.2.1)."""
    assert _pptx_ink.decode_trace("10 20, '5'-5, 5 -5, \"1\"0, 0 0") == [
        (10, 20), (15, 15), (20, 10), (26, 5), (32, 0)]
    assert len(_pptx_ink.decode_trace(", ".join("1 1" for _ in range(50)), limit=10)) == 10
