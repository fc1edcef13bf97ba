"""PPTX content LibreOffice draws and the native slide painter used to leave blank or grey."""
from __future__ import annotations

import copy
import io
from pathlib import Path

import pytest
from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches
from PySide6.QtGui import QColor, QImage

from renderers.pptx._model import load
from renderers.pptx.plugin import render_image
from tests.renderers import office_xml as ox

pytestmark = pytest.mark.usefixtures("qapp")  # QTextDocument needs an application

P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def _count(image: QImage, color: str, region: tuple[float, float, float, float] = (0, 0, 1, 1), tol: int = 30) -> int:
    want = QColor(color)
    x0, y0, w, h = region
    n = 0
    for x in range(int(image.width() * x0), int(image.width() * (x0 + w)), 2):
        for y in range(int(image.height() * y0), int(image.height() * (y0 + h)), 2):
            c = image.pixelColor(x, y)
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < tol:
                n += 1
    return n


def _blank_deck() -> Presentation:
    return Presentation()


def _png_file(tmp_path: Path, color: str) -> Path:
    path = tmp_path / f"{color.strip('#')}.png"
    path.write_bytes(ox.png_bytes(color, (160, 90)))
    return path


def test_line_breaks_are_kept(tmp_path) -> None:
    prs = _blank_deck()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Quarter\vReview"
    slide.placeholders[1].text_frame.text = "Improve the\vCurrent process"
    path = tmp_path / "br.pptx"
    prs.save(str(path))
    text = load(path).slide(0).text
    assert "Quarter\nReview" in text and "the\nCurrent" in text and "theCurrent" not in text


def test_slide_number_fields_show_the_number(tmp_path) -> None:
    prs = _blank_deck()
    for i in range(3):
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        box = slide.shapes.add_textbox(Inches(8), Inches(6.8), Inches(1.5), Inches(0.5))
        p = box.text_frame.paragraphs[0]._p
        p.append(etree.fromstring(
            f'<a:fld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" id="{{B6F15528-21DE-4FAA-801E-'
            f'634DDDAF4B2{i}}}" type="slidenum"><a:t>‹#›</a:t></a:fld>'))
    path = tmp_path / "numbers.pptx"
    prs.save(str(path))
    deck = load(path)
    assert [deck.slide(i).text.strip() for i in range(3)] == ["1", "2", "3"]


@pytest.mark.parametrize("chart_type, accent", [
    (XL_CHART_TYPE.COLUMN_CLUSTERED, "accent1"), (XL_CHART_TYPE.BAR_STACKED, "accent1"),
    (XL_CHART_TYPE.LINE_MARKERS, "accent1"), (XL_CHART_TYPE.PIE, "accent2"),
])
def test_charts_are_drawn_from_cached_values(tmp_path, chart_type, accent) -> None:
    """Series without a colour of their own take the deck theme's accents in turn (Office's default chart
    style): the first series (or a pie's second slice) in accent1 (accent2)."""
    prs = _blank_deck()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Results"
    data = CategoryChartData()
    data.categories = ["North", "South", "East", "West"]
    data.add_series("2025", (12.0, 30.0, 22.0, 8.0))
    data.add_series("2026", (15.0, 26.0, 28.0, 11.0))
    frame = slide.shapes.add_chart(chart_type, Inches(1), Inches(1.5), Inches(8), Inches(5.5), data)
    frame.chart.has_title = True
    frame.chart.chart_title.text_frame.text = "Sales by region"
    path = tmp_path / "chart.pptx"
    prs.save(str(path))
    deck = load(path)
    shape = next(s for s in deck.slide(0).shapes if s.kind == "chart")
    assert shape.chart is not None and shape.chart.categories == ("North", "South", "East", "West")
    assert shape.chart.series[-1].values == ((12.0, 30.0, 22.0, 8.0) if chart_type == XL_CHART_TYPE.PIE
                                             else (15.0, 26.0, 28.0, 11.0))
    assert "Sales by region" in deck.slide(0).text
    theme = next(r.target_part for r in prs.slide_masters[0].part.rels.values() if r.reltype.endswith("/theme"))
    value = etree.fromstring(theme.blob).find(f".//{{http://schemas.openxmlformats.org/drawingml/2006/main}}{accent}")[0]
    color = "#" + value.get("val", value.get("lastClr", "")).lower()
    image, _ = render_image(path, 0, 800)
    assert _count(image, color, (0.1, 0.25, 0.8, 0.7)) > 40  # the series' colour, not a grey box
    # the grey "chart" placeholder box would cover ~100,000 pixels; text edges alone give a few dozen
    assert _count(image, "#f1f3f4", (0.1, 0.25, 0.8, 0.7), tol=6) < 100


def _wrap_in_alternate_content(element: etree._Element, choice_xml: str) -> None:
    """Put ``element`` in the Fallback of an mc:AlternateContent whose Choice needs ``p14``."""
    alt = etree.SubElement(element.getparent(), f"{{{MC_NS}}}AlternateContent")
    element.addprevious(alt)
    choice = etree.SubElement(alt, f"{{{MC_NS}}}Choice", Requires="p14")
    choice.append(etree.fromstring(choice_xml))
    fallback = etree.SubElement(alt, f"{{{MC_NS}}}Fallback")
    fallback.append(element)


def test_ink_and_other_alternate_content_draw_their_fallback_picture(tmp_path) -> None:
    prs = _blank_deck()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    pic = slide.shapes.add_picture(str(_png_file(tmp_path, "#c01050")), Inches(2), Inches(2), Inches(4), Inches(2.5))
    ink = ('<p14:contentPart xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" '
           'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="rIdInk"/>')
    _wrap_in_alternate_content(pic._element, ink)
    path = tmp_path / "ink.pptx"
    prs.save(str(path))
    image, _ = render_image(path, 0, 800)
    assert _count(image, "#c01050", (0.2, 0.25, 0.45, 0.4)) > 200


def test_ole_object_and_video_draw_their_preview_images(tmp_path) -> None:
    import openpyxl
    from pptx.enum.shapes import PROG_ID

    workbook = io.BytesIO()
    openpyxl.Workbook().save(workbook)
    prs = _blank_deck()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_ole_object(io.BytesIO(workbook.getvalue()), PROG_ID.XLSX, Inches(0.5), Inches(1), Inches(4),
                                Inches(3), icon_file=str(_png_file(tmp_path, "#10a040")),
                                icon_width=Inches(4), icon_height=Inches(3))
    video = tmp_path / "clip.mp4"
    video.write_bytes(b"\x00\x00\x00\x18ftypmp42" + b"\x00" * 64)
    slide.shapes.add_movie(str(video), Inches(5.5), Inches(1), Inches(4), Inches(3),
                           poster_frame_image=str(_png_file(tmp_path, "#2040d0")), mime_type="video/mp4")
    path = tmp_path / "ole.pptx"
    prs.save(str(path))
    image, _ = render_image(path, 0, 800)
    assert _count(image, "#10a040", (0.05, 0.15, 0.4, 0.4)) > 200  # the OLE object's saved preview
    assert _count(image, "#2040d0", (0.55, 0.15, 0.4, 0.4)) > 200  # the video's poster frame


def test_smartart_is_drawn_from_its_saved_drawing(tmp_path) -> None:
    prs = _blank_deck()
    prs.slides.add_slide(prs.slide_layouts[6])
    path = tmp_path / "smartart.pptx"
    prs.save(str(path))
    a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
    frame = (f'<p:graphicFrame xmlns:p="{P_NS}" {a} '
             'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
             '<p:nvGraphicFramePr><p:cNvPr id="9" name="Diagram 1"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>'
             '<p:xfrm><a:off x="914400" y="914400"/><a:ext cx="7315200" cy="3657600"/></p:xfrm><a:graphic>'
             '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram">'
             '<dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rIdDm" '
             'r:lo="rIdDm" r:qs="rIdDm" r:cs="rIdDm"/></a:graphicData></a:graphic></p:graphicFrame>')
    data = ('<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" '
            f'{a}><dgm:ptLst><dgm:pt modelId="1"><dgm:t><a:p><a:r><a:t>Plan</a:t></a:r></a:p></dgm:t></dgm:pt>'
            '</dgm:ptLst><dgm:extLst><a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram">'
            '<dsp:dataModelExt xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" '
            'relId="rIdDd" minVer="http://schemas.openxmlformats.org/drawingml/2006/diagram"/></a:ext></dgm:extLst>'
            '</dgm:dataModel>')
    boxes = "".join(
        f'<dsp:sp modelId="{{{i}}}"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr>'
        f'<dsp:spPr><a:xfrm><a:off x="{i * 2500000}" y="900000"/><a:ext cx="2200000" cy="1500000"/></a:xfrm>'
        f'<a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="E07020"/></a:solidFill>'
        f'</dsp:spPr><dsp:txBody><a:bodyPr/><a:p><a:r><a:t>{word}</a:t></a:r></a:p></dsp:txBody></dsp:sp>'
        for i, word in enumerate(["Plan", "Build", "Ship"]))
    drawing = (f'<dsp:drawing xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" {a}>'
               f'<dsp:spTree><dsp:nvGrpSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr>'
               f'<dsp:grpSpPr/>{boxes}</dsp:spTree></dsp:drawing>')
    import zipfile

    with zipfile.ZipFile(path) as z:
        slide_xml = z.read("ppt/slides/slide1.xml").decode()
    slide_xml = slide_xml.replace("</p:spTree>", frame + "</p:spTree>")
    rel = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramData",
           "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing")
    ox.rewrite(path, {"ppt/slides/slide1.xml": slide_xml.encode(), "ppt/diagrams/data1.xml": data.encode(),
                      "ppt/diagrams/drawing1.xml": drawing.encode()},
               add_types=('<Override PartName="/ppt/diagrams/data1.xml" ContentType="application/'
                          'vnd.openxmlformats-officedocument.drawingml.diagramData+xml"/>'
                          '<Override PartName="/ppt/diagrams/drawing1.xml" ContentType="application/'
                          'vnd.ms-office.drawingml.diagramDrawing+xml"/>'),
               add_rels={"ppt/slides/_rels/slide1.xml.rels":
                         f'<Relationship Id="rIdDm" Type="{rel[0]}" Target="../diagrams/data1.xml"/>'
                         f'<Relationship Id="rIdDd" Type="{rel[1]}" Target="../diagrams/drawing1.xml"/>'})
    deck = load(path)
    text = deck.slide(0).text
    assert text.split() == ["Plan", "Build", "Ship"]  # the words, not markup
    image, _ = render_image(path, 0, 800)
    assert _count(image, "#e07020") > 300


def test_layout_picture_background_and_master_alternate_content(tmp_path) -> None:
    prs = _blank_deck()
    layout = prs.slide_layouts[6]
    scratch = prs.slides.add_slide(layout)
    logo = scratch.shapes.add_picture(str(_png_file(tmp_path, "#8020c0")), Inches(8.5), Inches(0.2), Inches(1.2),
                                      Inches(0.8))
    rid = logo._element.blipFill.blip.rEmbed
    image_part = scratch.part.related_part(rid)
    master = prs.slide_master
    master_rid = master.part.relate_to(image_part, "http://schemas.openxmlformats.org/officeDocument/2006/"
                                                   "relationships/image")
    copied = copy.deepcopy(logo._element)
    copied.blipFill.blip.rEmbed = master_rid
    master.shapes._spTree.append(copied)
    _wrap_in_alternate_content(copied, f'<p:sp xmlns:p="{P_NS}"/>')
    backdrop = scratch.shapes.add_picture(str(_png_file(tmp_path, "#e0f0d0")), 0, 0, Inches(1), Inches(1))
    backdrop_part = scratch.part.related_part(backdrop._element.blipFill.blip.rEmbed)
    layout_rid = layout.part.relate_to(backdrop_part, "http://schemas.openxmlformats.org/officeDocument/2006/"
                                                   "relationships/image")
    bg = etree.fromstring(
        f'<p:bg xmlns:p="{P_NS}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
        f'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:bgPr><a:blipFill>'
        f'<a:blip r:embed="{layout_rid}"/><a:stretch><a:fillRect/></a:stretch></a:blipFill><a:effectLst/>'
        '</p:bgPr></p:bg>')
    layout._element.cSld.insert(0, bg)
    prs.slides.add_slide(layout)
    path = tmp_path / "template.pptx"
    prs.save(str(path))
    image, _ = render_image(path, 1, 400)
    assert image.pixelColor(200, 150).name() == "#e0f0d0"  # the layout's picture background fills the slide
    assert _count(image, "#8020c0", (0.85, 0.02, 0.12, 0.1)) > 20  # the master's logo, inside AlternateContent
