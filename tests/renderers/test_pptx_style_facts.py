"""Style facts for slides: what PowerPoint shows for a title and body text (alignment, size, font, colour,
bullets, autofit) read from the file, and the native preview's layout using the same, one test per level of
PowerPoint's inheritance: master (titleStyle/bodyStyle) → layout → placeholder → shape → paragraph → run,
with theme fonts and scheme colours."""
from __future__ import annotations

import colorsys
import copy
from pathlib import Path

import pytest
from lxml import etree
from pptx import Presentation
from pptx.util import Pt
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from renderers.pptx._model import load

pytestmark = pytest.mark.usefixtures("qapp")  # QTextDocument needs an application

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_docs: list[QTextDocument] = []


def _deck(path: Path, edit=None) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])  # Title and Content
    slide.shapes.title.text = "Quarterly review"
    body = slide.placeholders[1].text_frame
    body.text = "Budget on track"
    if edit is not None:
        edit(prs, slide)
    prs.save(str(path))
    return path


def _text(path: Path, text: str) -> QTextDocument:
    """The laid-out text frame of the shape whose text is ``text``, as the preview draws it."""
    slide = load(path).slide(0)
    shape = next(s for s in slide.shapes if text in s.html)
    doc = QTextDocument()
    doc.setHtml(shape.html)
    _docs.append(doc)  # blocks read below must not outlive their document
    return doc


def _first(doc: QTextDocument, text: str):
    block = doc.begin()
    while block.isValid():
        if text in block.text():
            it = block.begin()
            while not it.atEnd():
                if text in it.fragment().text():
                    return block, it.fragment().charFormat()
                it += 1
        block = block.next()
    raise AssertionError(text)


def _master_title(prs) -> etree._Element:
    return prs.slide_masters[0]._element.find(f"{P}txStyles/{P}titleStyle/{A}lvl1pPr")


def _theme(prs) -> etree._Element:
    part = next(r.target_part for r in prs.slide_masters[0].part.rels.values() if r.reltype.endswith("/theme"))
    return etree.fromstring(part.blob)


def test_master_title_style_centres_and_sizes_the_title(tmp_path: Path) -> None:
    path = _deck(tmp_path / "m.pptx")
    prs = Presentation(str(path))
    lvl = _master_title(prs)
    assert lvl.get("algn") == "ctr"  # what PowerPoint centres the title by
    size = int(lvl.find(f"{A}defRPr").get("sz")) / 100
    block, fmt = _first(_text(path, "Quarterly review"), "Quarterly review")
    assert block.blockFormat().alignment() & Qt.AlignmentFlag.AlignHCenter
    assert fmt.fontPointSize() == pytest.approx(size)


def test_master_theme_font_and_scheme_colour_with_lum_mod(tmp_path: Path) -> None:
    def edit(prs, slide) -> None:
        fill = _master_title(prs).find(f"{A}defRPr/{A}solidFill")
        fill.clear()
        clr = etree.SubElement(fill, f"{A}schemeClr", val="accent2")
        etree.SubElement(clr, f"{A}lumMod", val="75000")

    path = _deck(tmp_path / "c.pptx", edit)
    theme = _theme(Presentation(str(path)))
    accent = theme.find(f".//{A}clrScheme/{A}accent2/{A}srgbClr").get("val")
    h, lum, s = colorsys.rgb_to_hls(*(int(accent[i:i + 2], 16) / 255 for i in (0, 2, 4)))
    expected = "#" + "".join(f"{round(c * 255):02x}" for c in colorsys.hls_to_rgb(h, lum * 0.75, s))
    major = theme.find(f".//{A}majorFont/{A}latin").get("typeface")
    _, fmt = _first(_text(path, "Quarterly review"), "Quarterly review")
    assert fmt.foreground().color().name() == expected
    assert fmt.fontFamilies()[0] == major  # +mj-lt


def test_layout_placeholder_overrides_the_master(tmp_path: Path) -> None:
    def edit(prs, slide) -> None:
        layout_title = slide.slide_layout.placeholders[0]._element
        lst = layout_title.find(f"{P}txBody/{A}lstStyle")
        lvl = etree.SubElement(lst, f"{A}lvl1pPr", algn="r")
        etree.SubElement(lvl, f"{A}defRPr", sz="5000")

    path = _deck(tmp_path / "l.pptx", edit)
    block, fmt = _first(_text(path, "Quarterly review"), "Quarterly review")
    assert block.blockFormat().alignment() & Qt.AlignmentFlag.AlignRight
    assert fmt.fontPointSize() == 50


def test_body_bullets_and_levels_come_from_the_master_body_style(tmp_path: Path) -> None:
    def edit(prs, slide) -> None:
        p = slide.placeholders[1].text_frame.add_paragraph()
        p.text = "Supplier delay"
        p.level = 1

    path = _deck(tmp_path / "b.pptx", edit)
    body = Presentation(str(path)).slide_masters[0]._element.find(f"{P}txStyles/{P}bodyStyle")
    chars = [body.find(f"{A}lvl{n}pPr/{A}buChar").get("char") for n in (1, 2)]
    sizes = [int(body.find(f"{A}lvl{n}pPr/{A}defRPr").get("sz")) / 100 for n in (1, 2)]
    doc = _text(path, "Budget on track")
    for text, char, size in zip(("Budget on track", "Supplier delay"), chars, sizes):
        block, fmt = _first(doc, text)
        assert block.text().startswith(char)
        assert fmt.fontPointSize() == pytest.approx(size)
    assert _first(doc, "Supplier delay")[0].blockFormat().leftMargin() > _first(doc, "Budget")[0].blockFormat().leftMargin()


def test_autofit_font_scale_shrinks_the_text(tmp_path: Path) -> None:
    def edit(prs, slide) -> None:
        body_pr = slide.placeholders[1].text_frame._txBody.find(f"{A}bodyPr")
        etree.SubElement(body_pr, f"{A}normAutofit", fontScale="50000")

    path = _deck(tmp_path / "a.pptx", edit)
    master = Presentation(str(path)).slide_masters[0]._element
    size = int(master.find(f"{P}txStyles/{P}bodyStyle/{A}lvl1pPr/{A}defRPr").get("sz")) / 100
    _, fmt = _first(_text(path, "Budget on track"), "Budget on track")
    assert fmt.fontPointSize() == pytest.approx(size * 0.5)


def test_shape_paragraph_and_run_formatting_win(tmp_path: Path) -> None:
    def edit(prs, slide) -> None:
        tf = slide.shapes.title.text_frame
        lst = tf._txBody.find(f"{A}lstStyle")
        etree.SubElement(etree.SubElement(lst, f"{A}lvl1pPr", algn="l"), f"{A}defRPr", sz="3000")
        run = tf.paragraphs[0].runs[0]
        run.font.size = Pt(36)
        run.font.bold = True
        box = slide.shapes.add_textbox(Pt(40), Pt(400), Pt(300), Pt(40))
        box.text_frame.text = "Free text"
        p = box.text_frame.paragraphs[0]
        p._p.get_or_add_pPr().set("algn", "ctr")

    path = _deck(tmp_path / "s.pptx", edit)
    block, fmt = _first(_text(path, "Quarterly review"), "Quarterly review")
    assert block.blockFormat().alignment() & Qt.AlignmentFlag.AlignLeft  # the shape's list style
    assert fmt.fontPointSize() == 36 and fmt.fontWeight() >= 700  # the run's own size
    free_block, free = _first(_text(path, "Free text"), "Free text")
    assert free_block.blockFormat().alignment() & Qt.AlignmentFlag.AlignHCenter  # the paragraph's algn
    default = Presentation(str(path)).part._element.find(f"{P}defaultTextStyle/{A}lvl1pPr/{A}defRPr")
    assert free.fontPointSize() == int(default.get("sz")) / 100  # a text box starts from defaultTextStyle


def test_shape_fill_in_a_scheme_colour_and_a_table_without_header_row(tmp_path: Path) -> None:
    from pptx.enum.shapes import MSO_SHAPE

    def edit(prs, slide) -> None:
        box = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Pt(20), Pt(300), Pt(100), Pt(60))
        box.text_frame.text = "Filled box"
        solid = box._element.spPr.find(f"{A}solidFill")
        if solid is None:
            solid = etree.SubElement(box._element.spPr, f"{A}solidFill")
        solid.clear()
        etree.SubElement(solid, f"{A}schemeClr", val="accent2")
        table = slide.shapes.add_table(2, 2, Pt(200), Pt(300), Pt(200), Pt(60)).table
        table._tbl.tblPr.set("firstRow", "0")
        table.cell(0, 0).text = "plain head"

    path = _deck(tmp_path / "f.pptx", edit)
    accent = "#" + _theme(Presentation(str(path))).find(f".//{A}clrScheme/{A}accent2/{A}srgbClr").get("val").lower()
    slide = load(path).slide(0)
    box = next(s for s in slide.shapes if "Filled box" in s.html)
    assert box.fill == accent
    table = next(s for s in slide.shapes if s.kind == "table")
    assert table.table_look[0] is False and table.rows[0][0] == "plain head"


def test_a_shapes_theme_style_font_colour_wins_over_the_default_text_style(tmp_path: Path) -> None:
    """An autoshape as PowerPoint inserts it: its ``p:style`` says ``fontRef`` ``lt1`` (white text on the
    accent fill) while the presentation's ``defaultTextStyle`` says ``tx1`` (black). PowerPoint draws the
    text white; a run with its own colour keeps it; a text box (no style) stays black."""
    from pptx.dml.color import RGBColor
    from pptx.enum.shapes import MSO_SHAPE

    def edit(prs, slide) -> None:
        slide.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, Pt(20), Pt(300), Pt(120), Pt(60)).text_frame.text = \
            "Styled shape"
        own = slide.shapes.add_shape(MSO_SHAPE.OVAL, Pt(200), Pt(300), Pt(120), Pt(60))
        own.text_frame.text = "Own red"
        own.text_frame.paragraphs[0].runs[0].font.color.rgb = RGBColor(0xC0, 0x00, 0x00)
        slide.shapes.add_textbox(Pt(400), Pt(300), Pt(120), Pt(60)).text_frame.text = "Plain box"

    path = _deck(tmp_path / "s.pptx", edit)
    prs = Presentation(str(path))
    scheme = _theme(prs).find(f".//{A}clrScheme")
    lt1 = scheme.find(f"{A}lt1")[0]
    white = "#" + (lt1.get("lastClr") or lt1.get("val")).lower()
    shape = next(s for s in prs.slides[0].shapes if s.has_text_frame and s.text_frame.text == "Styled shape")
    ref = shape._element.find(f"{P}style/{A}fontRef/{A}schemeClr")
    default = prs.part._element.find(f"{P}defaultTextStyle/{A}lvl1pPr/{A}defRPr/{A}solidFill/{A}schemeClr")
    assert ref.get("val") == "lt1" and default.get("val") == "tx1"  # the file's two claims
    assert _first(_text(path, "Styled shape"), "Styled shape")[1].foreground().color().name() == white
    assert _first(_text(path, "Own red"), "Own red")[1].foreground().color().name() == "#c00000"
    assert _first(_text(path, "Plain box"), "Plain box")[1].foreground().color().name() == "#000000"


def test_text_set_to_shrink_on_overflow_stays_in_its_box(tmp_path: Path) -> None:
    from renderers.pptx.plugin import render_image

    def edit(prs, slide) -> None:
        for shape in list(slide.placeholders):
            shape._element.getparent().remove(shape._element)
        box = slide.shapes.add_textbox(Pt(40), Pt(40), Pt(300), Pt(120))
        box.text_frame.word_wrap = True
        box.text_frame.text = "Overflowing words " * 40
        body_pr = box.text_frame._txBody.find(f"{A}bodyPr")
        for child in list(body_pr):
            body_pr.remove(child)
        etree.SubElement(body_pr, f"{A}normAutofit")

    path = _deck(tmp_path / "fit.pptx", edit)
    image, _ = render_image(path, 0, 720)  # 720 pt wide deck: 1 px a point
    below = sum(1 for x in range(40, 340, 2) for y in range(175, 400, 2) if image.pixelColor(x, y).lightness() < 128)
    inside = sum(1 for x in range(40, 340, 2) for y in range(40, 160, 2) if image.pixelColor(x, y).lightness() < 128)
    assert inside > 50 and below == 0


def test_a_preset_outline_is_drawn_as_its_shape_not_its_box(tmp_path: Path) -> None:
    from pptx.enum.shapes import MSO_SHAPE

    from renderers.pptx.plugin import render_image

    def edit(prs, slide) -> None:
        for shape in list(slide.placeholders):
            shape._element.getparent().remove(shape._element)
        slide.shapes.add_shape(MSO_SHAPE.DIAMOND, Pt(100), Pt(100), Pt(200), Pt(200))

    path = _deck(tmp_path / "diamond.pptx", edit)
    assert load(path).slide(0).shapes[-1].preset == "diamond"
    image, _ = render_image(path, 0, 720)  # 1 px a point
    centre, corner = image.pixelColor(200, 200), image.pixelColor(110, 110)
    assert centre.name() != "#ffffff" and corner.name() == "#ffffff"  # filled in the middle, not at the box's corner


def test_a_preset_is_drawn_from_its_definition_with_the_files_adjustments(tmp_path: Path) -> None:
    """A right arrow whose shaft the file makes thin (``adj1``) and whose head it makes long (``adj2``):
    the outline follows ECMA-376's definition with those values, and its text wraps in the preset's text
    rectangle (the shaft), not the whole box."""
    from pptx.enum.shapes import MSO_SHAPE

    from renderers.pptx.plugin import render_image

    def edit(prs, slide) -> None:
        for shape in list(slide.placeholders):
            shape._element.getparent().remove(shape._element)
        arrow = slide.shapes.add_shape(MSO_SHAPE.RIGHT_ARROW, Pt(100), Pt(100), Pt(400), Pt(200))
        arrow.adjustments[0] = 0.2  # shaft 20 % of the height
        arrow.adjustments[1] = 0.5  # head as long as half the height

    path = _deck(tmp_path / "arrow.pptx", edit)
    prs = Presentation(str(path))
    av = {g.get("name"): g.get("fmla") for g in prs.slides[0].shapes[-1]._element.iter(f"{A}gd")}
    assert av == {"adj1": "val 20000", "adj2": "val 50000"}  # what PowerPoint draws the arrow by
    shape = load(path).slide(0).shapes[-1]
    assert shape.preset == "rightArrow" and dict(shape.adjust) == {"adj1": 20000.0, "adj2": 50000.0}
    image, _ = render_image(path, 0, 720)  # 1 px a point: the box is x 100–500, y 100–300
    # shaft: y 180–220 (20 % of 200 about the middle), head from x 400 (half of the 200 pt height)
    assert image.pixelColor(250, 200).name() != "#ffffff"  # on the shaft
    assert image.pixelColor(250, 160).name() == "#ffffff"  # above the thin shaft, inside the box
    assert image.pixelColor(420, 120).name() != "#ffffff"  # the head's wide base
    assert image.pixelColor(490, 120).name() == "#ffffff"  # beyond the head's slope
    from PySide6.QtCore import QRectF

    from renderers._preset_shapes import preset_text_rect

    text = preset_text_rect("rightArrow", QRectF(0, 0, 400, 200), dict(shape.adjust))
    assert text.top() == pytest.approx(80) and text.bottom() == pytest.approx(120)  # the shaft's height


def test_a_chart_takes_the_themes_accents_its_own_text_style_gap_and_combined_line(tmp_path: Path) -> None:
    """A column chart combined with a line plot, on a dark slide, in a chart area without fill, with a
    grey 18 pt non-bold title and a 300 % gap: what PowerPoint draws by, read from the file, is what the
    preview's chart uses; and its value axis is Office's (data up to 5 → 0–6 by 1)."""
    from pptx.chart.data import CategoryChartData
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_CHART_TYPE

    from renderers._chart import axis_scale
    from renderers.pptx.plugin import render_image

    C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"

    def edit(prs, slide) -> None:
        for shape in list(slide.placeholders):
            shape._element.getparent().remove(shape._element)
        slide.background.fill.solid()
        slide.background.fill.fore_color.rgb = RGBColor(0x10, 0x10, 0x10)
        data = CategoryChartData()
        data.categories = ["A", "B", "C"]
        data.add_series("Bars", (4.3, 2.5, 3.5))
        data.add_series("Trend", (2.0, 3.0, 5.0))
        frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Pt(60), Pt(60), Pt(600), Pt(400), data)
        space = frame.chart._chartSpace
        bar = space.find(f".//{C}barChart")
        line = etree.SubElement(bar.getparent(), f"{C}lineChart")
        bar.addnext(line)
        line.append(bar.findall(f"{C}ser")[1])  # the second series becomes a line over the bars
        for ax in bar.findall(f"{C}axId"):
            line.append(copy.deepcopy(ax))
        bar.find(f"{C}axId").addprevious(etree.Element(f"{C}gapWidth", val="300"))  # the schema's order
        title = etree.fromstring(
            f'<c:title xmlns:c="{C[1:-1]}" xmlns:a="{A[1:-1]}"><c:tx><c:rich><a:bodyPr/><a:p><a:pPr>'
            '<a:defRPr sz="1800" b="0"><a:solidFill><a:srgbClr val="7F7F7F"/></a:solidFill></a:defRPr></a:pPr>'
            '<a:r><a:t>Test title</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>')
        space.find(f"{C}chart").insert(0, title)
        sppr = etree.SubElement(space, f"{C}spPr")
        etree.SubElement(sppr, f"{A}noFill")
        space.find(f"{C}txPr").addprevious(sppr)

    path = _deck(tmp_path / "combo.pptx", edit)
    prs = Presentation(str(path))
    theme = _theme(prs)
    accent = {n: "#" + theme.find(f".//{A}{n}")[0].get("val").lower() for n in ("accent1", "accent2")}
    chart = next(s for s in load(path).slide(0).shapes if s.kind == "chart").chart
    assert chart is not None and chart.kind == "column"
    assert [s.name for s in chart.series] == ["Bars"] and [s.name for s in chart.lines] == ["Trend"]
    assert chart.series[0].color == accent["accent1"] and chart.lines[0].color == accent["accent2"]
    assert chart.title == "Test title" and chart.title_pt == 18 and chart.title_bold is False
    assert chart.text_color == "#7f7f7f" and chart.gap == 3.0 and chart.background is None
    assert axis_scale(5.0, 0.0) == (6.0, 0.0, 1.0) and axis_scale(12.3, 0.0) == (14.0, 0.0, 2.0)
    image, _ = render_image(path, 0, 720)  # 1 px a point; the chart is x 60–660, y 60–460
    assert image.pixelColor(70, 450).name() == "#101010"  # no chart-area fill: the dark slide shows through
    assert _count(image, accent["accent2"], (60, 60, 660, 460)) > 30  # the combined line, in its accent


def test_a_charts_gridlines_are_as_thin_as_the_file_says(tmp_path: Path) -> None:
    """White 0.75 pt gridlines on a black slide (no chart-area fill), as Office's chart styles write them:
    on a slide drawn 360 px wide (half a pixel a point) the rule is a faint grey, as PowerPoint and
    LibreOffice draw a line thinner than a pixel; drawn 1,440 px wide (two pixels a point) it is white.
    The width is the file's: a 3 pt rule is white at 360 px."""
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_CHART_TYPE

    from renderers.pptx.plugin import render_image

    def deck(name: str, width_pt: float) -> Path:
        def then(slide, chart) -> None:
            slide.background.fill.solid()
            slide.background.fill.fore_color.rgb = RGBColor(0, 0, 0)
            chart.plots[0].series[0].format.fill.solid()
            chart.plots[0].series[0].format.fill.fore_color.rgb = RGBColor(0, 0, 0)  # bars out of the way
            chart.value_axis.has_major_gridlines = True
            line = chart.value_axis.major_gridlines.format.line
            line.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
            line.width = Pt(width_pt)
            space = chart._chartSpace
            sppr = etree.SubElement(space, f"{{{C}}}spPr")
            etree.SubElement(sppr, f"{A}noFill")
            space.find(f"{{{C}}}txPr").addprevious(sppr)
        return _chart_deck(tmp_path, name, XL_CHART_TYPE.COLUMN_CLUSTERED, ["A", "B"], [("S", (4.0, 6.0))],
                           (40, 40, 640, 460), then)

    C = "http://schemas.openxmlformats.org/drawingml/2006/chart"

    def brightest_row(path: Path, width: int) -> int:
        image, _ = render_image(path, 0, width)
        x = image.width() // 2  # the middle of the plot, between the two bars' groups
        return max(image.pixelColor(x, y).lightness() for y in range(image.height() // 6, image.height() * 2 // 3))

    thin, thick = deck("thin.pptx", 0.75), deck("thick.pptx", 3.0)
    assert next(s for s in load(thin).slide(0).shapes if s.kind == "chart").chart.grid_pt == 0.75
    assert 40 < brightest_row(thin, 360) < 200  # half a pixel: a faint rule, not a white one
    assert brightest_row(thin, 1440) > 240
    assert brightest_row(thick, 360) > 240


def _chart_deck(tmp_path: Path, name: str, kind, categories, series, frame, then=None) -> Path:
    """A slide holding one python-pptx chart, its labels 10 pt, in ``frame`` (left, top, width, height, pt);
    ``then(slide, chart)`` changes it further."""
    from pptx.chart.data import CategoryChartData

    def edit(prs, slide) -> None:
        for shape in list(slide.placeholders):
            shape._element.getparent().remove(shape._element)
        data = CategoryChartData()
        data.categories = categories
        for title, values in series:
            data.add_series(title, values)
        chart = slide.shapes.add_chart(kind, *(Pt(v) for v in frame), data).chart
        chart.font.size = Pt(10)
        chart.has_legend = len(series) > 1
        if chart.has_legend:
            from pptx.enum.chart import XL_LEGEND_POSITION
            chart.legend.position = XL_LEGEND_POSITION.BOTTOM
            chart.legend.include_in_layout = False
        if then is not None:
            then(slide, chart)
    return _deck(tmp_path / name, edit)


def test_category_labels_wider_than_their_band_wrap_inside_it(tmp_path: Path) -> None:
    """Three long category names under a narrow column chart (10 pt labels, bands about 65 pt wide):
    PowerPoint wraps each name onto two lines inside its band; the preview draws three separate labels
    two lines high, not one run of overlapping words."""
    from pptx.enum.chart import XL_CHART_TYPE

    from renderers.pptx.plugin import render_image

    path = _chart_deck(tmp_path, "wrap.pptx", XL_CHART_TYPE.COLUMN_CLUSTERED,
                       ["Northern region", "Southern region", "Western region"], [("Sales", (3, 4, 5))],
                       (40, 40, 240, 220))
    chart = next(s for s in load(path).slide(0).shapes if s.kind == "chart").chart
    assert chart.label_pt == 10
    image, _ = render_image(path, 0, 720)  # a pixel a point: the chart is x 40–280, y 40–260
    def text(x: int, y: int) -> bool:  # the labels' dark grey, not the bars' blue
        c = image.pixelColor(x, y)
        return c.lightness() < 150 and max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue()) < 30

    def bar(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return c.blue() - c.red() > 60

    axis = max(y for y in range(40, 262) if any(bar(x, y) for x in range(40, 282)))  # the bars' foot
    label_rows = [y for y in range(axis + 1, 262) if any(text(x, y) for x in range(40, 282))]
    assert label_rows and max(label_rows) - min(label_rows) >= 18  # two lines of 10 pt text
    inked = [any(text(x, y) for y in label_rows) for x in range(40, 282)]
    runs = sum(1 for i in range(1, len(inked)) if inked[i] and not inked[i - 1])
    gaps = [i for i in range(1, len(inked) - 1) if not inked[i]]
    assert runs >= 3 and gaps  # the labels stand apart


def test_a_line_series_legend_key_is_a_line(tmp_path: Path) -> None:
    """A line chart's legend, as PowerPoint draws it: each series keyed by a short line in its colour (wider
    than high), where a column chart's key is a square."""
    from pptx.enum.chart import XL_CHART_TYPE

    from renderers.pptx.plugin import render_image

    def key_box(kind) -> tuple[int, int]:
        path = _chart_deck(tmp_path, f"{kind}.pptx", kind, ["A", "B", "C"], [("One", (1, 2, 3)), ("Two", (3, 1, 2))],
                           (40, 40, 480, 300))
        prs = Presentation(str(path))
        accent = "#" + _theme(prs).find(f".//{A}clrScheme/{A}accent1/{A}srgbClr").get("val").lower()
        image, _ = render_image(path, 0, 720)
        from PySide6.QtGui import QColor
        want = QColor(accent)
        hits = [(x, y) for x in range(40, 520) for y in range(318, 340)  # the legend row, under the labels
                if max(abs(image.pixelColor(x, y).red() - want.red()), abs(image.pixelColor(x, y).green() - want.green()),
                       abs(image.pixelColor(x, y).blue() - want.blue())) < 40]
        assert hits, "no legend key in the series' colour"
        xs, ys = [h[0] for h in hits], [h[1] for h in hits]
        return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1

    line_w, line_h = key_box(XL_CHART_TYPE.LINE)
    bar_w, bar_h = key_box(XL_CHART_TYPE.COLUMN_CLUSTERED)
    assert line_w >= 2 * line_h and line_w >= 2 * bar_w  # a line, not a square
    assert abs(bar_w - bar_h) <= 2


def _count(image, color: str, box: tuple[int, int, int, int], tol: int = 40) -> int:
    """Pixels (every second one) within ``tol`` of ``color`` in ``box`` (left, top, right, bottom)."""
    from PySide6.QtGui import QColor

    want = QColor(color)

    def near(got) -> bool:
        return max(abs(got.red() - want.red()), abs(got.green() - want.green()), abs(got.blue() - want.blue())) <= tol

    return sum(1 for x in range(box[0], box[2], 2) for y in range(box[1], box[3], 2) if near(image.pixelColor(x, y)))


def test_a_background_picture_is_cropped_and_stretched_as_its_blip_fill_says(tmp_path: Path) -> None:
    """A slide background picture, top half red and bottom half blue, with ``a:srcRect b="50%"`` (only the
    red half used) stretched by ``a:fillRect`` to the slide's right half: PowerPoint paints the red half
    over the right half of the slide and leaves the left half to the slide's colour."""
    import io

    from PySide6.QtCore import QBuffer, QIODevice
    from PySide6.QtGui import QColor, QImage, QPainter

    from renderers.pptx.plugin import render_image

    picture = QImage(100, 100, QImage.Format.Format_RGB32)
    painter = QPainter(picture)
    painter.fillRect(0, 0, 100, 50, QColor("#ff0000"))
    painter.fillRect(0, 50, 100, 50, QColor("#0000ff"))
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    picture.save(buffer, "PNG")
    png = bytes(buffer.data())

    def edit(prs, slide) -> None:
        for shape in list(slide.placeholders):
            shape._element.getparent().remove(shape._element)
        _, rid = slide.part.get_or_add_image_part(io.BytesIO(png))
        R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        bg = etree.fromstring(
            f'<p:bg xmlns:p="{P[1:-1]}" xmlns:a="{A[1:-1]}" xmlns:r="{R}"><p:bgPr><a:blipFill><a:blip r:embed="{rid}"/>'
            '<a:srcRect b="50000"/><a:stretch><a:fillRect l="50000"/></a:stretch></a:blipFill><a:effectLst/>'
            '</p:bgPr></p:bg>')
        slide._element.cSld.insert(0, bg)

    path = _deck(tmp_path / "bg.pptx", edit)
    fill = Presentation(str(path)).slides[0]._element.cSld.bg.find(f".//{A}blipFill")
    assert fill.find(f"{A}srcRect").get("b") == "50000" and fill.find(f"{A}stretch/{A}fillRect").get("l") == "50000"
    slide = load(path).slide(0)
    assert slide.background_box == (0.5, 0.0, 0.5, 1.0)
    image, _ = render_image(path, 0, 720)
    assert image.pixelColor(540, 100).name() == "#ff0000" and image.pixelColor(540, 500).name() == "#ff0000"
    assert image.pixelColor(180, 270).name() == "#ffffff"  # the slide's own colour where the picture is not


def test_a_large_picture_drawn_small_is_averaged_not_sampled(tmp_path: Path) -> None:
    """A 400 px picture of one-pixel black and white stripes drawn 137 pt wide: PowerPoint shows it grey
    (each screen pixel averages about three stripes); sampling pixels would show bands of black and white."""
    import io

    from PySide6.QtCore import QBuffer, QIODevice
    from PySide6.QtGui import QColor, QImage

    from renderers.pptx.plugin import render_image

    stripes = QImage(400, 400, QImage.Format.Format_RGB32)
    for x in range(400):
        color = QColor("#000000" if x % 2 else "#ffffff")
        for y in range(400):
            stripes.setPixelColor(x, y, color)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    stripes.save(buffer, "PNG")

    def edit(prs, slide) -> None:
        for shape in list(slide.placeholders):
            shape._element.getparent().remove(shape._element)
        slide.shapes.add_picture(io.BytesIO(bytes(buffer.data())), Pt(100), Pt(100), Pt(137), Pt(137))

    path = _deck(tmp_path / "stripes.pptx", edit)
    image, _ = render_image(path, 0, 720)  # 1 px a point
    greys = [image.pixelColor(x, 150).lightness() for x in range(110, 230)]
    assert all(60 <= g <= 195 for g in greys), greys[:10]  # sampled, they run from 15 to 255


def _label_ink(path: Path) -> tuple[list[tuple[int, int]], int]:
    """The grey label pixels under the plot of a chart drawn at a pixel a point (from a little left of
    the first bar on), and the bars' foot."""
    from renderers.pptx.plugin import render_image

    image, _ = render_image(path, 0, 720)

    def bar(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return c.blue() - c.red() > 60

    def text(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return c.lightness() < 170 and max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue()) < 30

    axis = max(y for y in range(40, 300) if any(bar(x, y) for x in range(40, 400)))
    first_bar = min(x for x in range(40, 400) if bar(x, axis))
    # from the first band on (the value axis' "0" stands beside the axis, to the left of it)
    left = first_bar - 12
    return [(x, y) for x in range(left, 400) for y in range(axis + 1, 300) if text(x, y)], axis


def test_category_labels_too_long_even_wrapped_are_turned_45_degrees(tmp_path: Path) -> None:
    """One long word a category under a narrow column chart (bands about 40 pt, words about 60 pt): no
    wrap makes them fit, so Office turns them 45°, each ending at its tick; the preview does the same
    instead of drawing the words over one another."""
    from pptx.enum.chart import XL_CHART_TYPE

    from renderers._chart import read_chart

    names = ["Administration", "Manufacturing", "Distribution", "Engineering", "Procurement"]
    path = _chart_deck(tmp_path, "turned.pptx", XL_CHART_TYPE.COLUMN_CLUSTERED, names,
                       [("Staff", (3, 4, 5, 4, 2))], (40, 40, 240, 260))
    prs = Presentation(str(path))
    part = next(s for s in prs.slides[0].shapes if s.has_chart).chart.part
    chart = read_chart(part.blob)
    assert chart is not None and chart.label_rot is None and chart.label_skip == 0  # Office chooses
    ink, axis = _label_ink(path)
    assert ink
    assert _left_of_first_label(path) > 42  # the first label is whole (the chart starts at 40): the plot moved for it
    ys = [y for _, y in ink]
    assert max(ys) - min(ys) > 30  # much deeper than two lines of 10 pt text
    # turned: the ink near the axis sits further right than the ink far below it
    near = [x for x, y in ink if y < axis + 12]
    far = [x for x, y in ink if y > max(ys) - 12]
    assert near and far and sum(near) / len(near) > sum(far) / len(far) + 20


def _left_of_first_label(path: Path) -> int:
    """The leftmost column with label ink below the axis, over the whole slide width."""
    from renderers.pptx.plugin import render_image

    image, _ = render_image(path, 0, 720)
    _ink, axis = _label_ink(path)
    for x in range(400):
        for y in range(axis + 8, 300):
            c = image.pixelColor(x, y)
            if c.lightness() < 170:
                return x
    return -1


def test_the_files_label_skip_and_angle_are_followed(tmp_path: Path) -> None:
    """``c:tickLblSkip val=2`` and a fixed ``bodyPr rot`` of −45°: every other category labelled, turned."""
    from pptx.enum.chart import XL_CHART_TYPE

    from renderers._chart import read_chart

    C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"

    def then(slide, chart) -> None:
        axis = chart._chartSpace.find(f".//{C}catAx")
        skip = etree.SubElement(axis, f"{C}tickLblSkip")
        skip.set("val", "2")
        tx = etree.SubElement(axis, f"{C}txPr")
        body = etree.SubElement(tx, f"{A}bodyPr")
        body.set("rot", "-2700000")
        etree.SubElement(tx, f"{A}lstStyle")
        etree.SubElement(etree.SubElement(tx, f"{A}p"), f"{A}pPr")

    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]
    path = _chart_deck(tmp_path, "skip.pptx", XL_CHART_TYPE.COLUMN_CLUSTERED, months,
                       [("Orders", (3, 4, 5, 4, 2, 6))], (40, 40, 360, 240), then)
    prs = Presentation(str(path))
    chart = read_chart(next(s for s in prs.slides[0].shapes if s.has_chart).chart.part.blob)
    assert chart is not None and chart.label_skip == 2 and chart.label_rot == -45.0
    ink, _axis = _label_ink(path)
    xs = sorted({x for x, _ in ink})
    runs = [x for i, x in enumerate(xs) if i == 0 or x - xs[i - 1] > 6]  # the labels, left to right
    assert len(runs) == 3  # Jan, Mar, May


def test_text_after_a_hanging_bullet_starts_at_the_left_margin(tmp_path: Path) -> None:
    """The master's body style hangs the bullet (marL 342900, indent -342900): PowerPoint draws the bullet in
    the indent and starts the paragraph's first line at marL, where its wrapped lines start too."""
    from renderers.pptx._paint import _tab_stops

    def edit(prs, slide) -> None:
        slide.placeholders[1].text_frame.text = "A first point long enough to wrap onto a second line of the body " * 2

    path = _deck(tmp_path / "hang.pptx", edit)
    level = Presentation(str(path)).slide_masters[0]._element.find(f"{P}txStyles/{P}bodyStyle/{A}lvl1pPr")
    assert int(level.get("indent")) < 0 < int(level.get("marL"))  # a hanging bullet, as the file says
    doc = _text(path, "A first point")
    shape = next(s for s in load(path).slide(0).shapes if "A first point" in s.html)
    _tab_stops(doc, shape.tabs)  # what the slide drawing does after setHtml
    doc.setTextWidth(500)
    doc.size()  # laid out
    block, _ = _first(doc, "A first point")
    layout = block.layout()
    assert layout.lineCount() >= 2
    margin = block.blockFormat().leftMargin()
    at = block.text().index("A first point")
    first = layout.lineForTextPosition(at)
    assert first.cursorToX(at)[0] == pytest.approx(margin, abs=0.5)  # the text, not the bullet, at marL
    assert layout.lineAt(1).x() == pytest.approx(margin, abs=0.5)
    assert first.cursorToX(0)[0] < margin - 10  # the bullet in the indent
