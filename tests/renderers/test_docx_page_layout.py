"""The DOCX page as Word lays it out, from generated files: which header and footer each page shows
(first page, even pages), exact and at-least line spacing, and a bordered code block's lines (their
height unrounded, the space above the box kept)."""
from __future__ import annotations

from pathlib import Path

import docx
import pytest
from docx.enum.text import WD_LINE_SPACING
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls
from docx.shared import Pt
from PySide6.QtGui import QFont, QFontMetricsF, QImage, QTextBlock, QTextDocument

from renderers.docx._html import load, open_builder
from renderers.docx._pages import LAYOUT_SCALE, _paginated, laid_out, render_image
from skills.api import read_stylesheet

pytestmark = pytest.mark.usefixtures("qapp")  # QTextDocument needs an application

_docs: list[QTextDocument] = []  # laid-out documents stay alive while their blocks are read


def _page_layout(path: Path) -> QTextDocument:
    builder = open_builder(path)
    html = builder.first_page()
    _docs.append(_paginated(builder.images, f"<html><body>{html}</body></html>", builder.page))
    return _docs[-1]


def _blocks(doc: QTextDocument) -> list[QTextBlock]:
    out, block = [], doc.begin()
    while block.isValid():
        out.append(block)
        block = block.next()
    return out


def _block(doc: QTextDocument, starts: str) -> QTextBlock:
    return next(b for b in _blocks(doc) if b.text().startswith(starts))


def _line_tops(doc: QTextDocument, block: QTextBlock) -> list[float]:
    """Each line's top in px at 96 dpi."""
    y = doc.documentLayout().blockBoundingRect(block).y()
    layout = block.layout()
    return [(y + layout.lineAt(i).y()) / LAYOUT_SCALE for i in range(layout.lineCount())]


def _three_pages(path: Path, *, first: bool, even: bool, define_first: bool = True) -> Path:
    document = docx.Document()
    section = document.sections[0]
    section.different_first_page_header_footer = first
    document.settings.odd_and_even_pages_header_footer = even
    section.header.paragraphs[0].text = "Odd running head"
    section.footer.paragraphs[0].text = "Odd running foot"
    if define_first:
        section.first_page_header.paragraphs[0].text = "Cover head"
        section.first_page_footer.paragraphs[0].text = "Cover foot"
    section.even_page_header.paragraphs[0].text = "Even running head"
    section.even_page_footer.paragraphs[0].text = "Even running foot"
    for n in (1, 2, 3):
        document.add_paragraph(f"Body of page {n}.")
        if n < 3:
            document.add_page_break()
    document.save(path)
    return path


def _shown(page_html: str) -> set[str]:
    names = ("Cover head", "Cover foot", "Odd running head", "Odd running foot", "Even running head",
             "Even running foot")
    return {name for name in names if name in page_html}


def test_the_first_page_and_even_pages_show_their_own_header_and_footer(tmp_path: Path) -> None:
    path = _three_pages(tmp_path / "report.docx", first=True, even=True)
    settings = docx.Document(str(path)).settings.element.xml
    assert "evenAndOddHeaders" in settings  # what Word reads, in settings.xml
    pages = load(path).pages
    assert len(pages) == 3
    assert _shown(pages[0]) == {"Cover head", "Cover foot"}
    assert _shown(pages[1]) == {"Even running head", "Even running foot"}
    assert _shown(pages[2]) == {"Odd running head", "Odd running foot"}
    assert pages[1].index("Even running head") < pages[1].index("Body of page 2.") < pages[1].index("Even running foot")


def test_without_the_settings_every_page_shows_the_default_header(tmp_path: Path) -> None:
    pages = load(_three_pages(tmp_path / "plain.docx", first=False, even=False)).pages
    assert [_shown(p) for p in pages] == [{"Odd running head", "Odd running foot"}] * 3


def test_a_title_page_without_its_own_header_shows_none(tmp_path: Path) -> None:
    """``w:titlePg`` with no first-page header part: Word leaves page 1's header and footer empty."""
    pages = load(_three_pages(tmp_path / "bare.docx", first=True, even=False, define_first=False)).pages
    assert _shown(pages[0]) == set()
    assert _shown(pages[1]) == {"Odd running head", "Odd running foot"}


def test_the_window_shows_the_cover_header_first_and_the_even_header_on_page_2(show_preview, tmp_path: Path) -> None:
    path = _three_pages(tmp_path / "window.docx", first=True, even=True)
    flow = show_preview(path, (700, 500)).browser()
    assert flow.page_count() == 3
    shown = [_shown("".join(flow.page_bands(i))) for i in range(3)]
    assert shown == [{"Cover head", "Cover foot"}, {"Even running head", "Even running foot"},
                     {"Odd running head", "Odd running foot"}]
    assert [[t for t in flow.page_lines(i) if t.strip()] for i in range(3)] == [[f"Body of page {n}."] for n in (1, 2, 3)]
    assert "Cover head" not in flow.document().toPlainText()  # in the margins, not in the body's flow


def _spaced(path: Path) -> Path:
    document = docx.Document()
    for name, rule, points in (("exact", WD_LINE_SPACING.EXACTLY, 30), ("least", WD_LINE_SPACING.AT_LEAST, 30),
                               ("low", WD_LINE_SPACING.AT_LEAST, 6), ("tight", WD_LINE_SPACING.EXACTLY, 8)):
        paragraph = document.add_paragraph(" ".join([f"{name}word"] * 60))
        paragraph.paragraph_format.line_spacing_rule = rule
        paragraph.paragraph_format.line_spacing = Pt(points)
        paragraph.paragraph_format.space_after = Pt(0)
    single = document.add_paragraph(" ".join(["singleword"] * 60))
    single.paragraph_format.line_spacing = 1.0
    document.save(path)
    return path


def test_exact_and_at_least_line_spacing_set_each_lines_height(tmp_path: Path) -> None:
    path = _spaced(tmp_path / "spacing.docx")
    ppr = docx.Document(str(path)).paragraphs[0]._p.pPr
    sheet = read_stylesheet(docx.Document(str(path)))
    look = sheet.paragraph(ppr)
    assert (look.line_rule, look.line_pt, look.line) == ("exact", 30.0, 0.0)  # as the file says
    doc = _page_layout(path)

    def pitch(word: str) -> float:
        tops = _line_tops(doc, _block(doc, word))
        assert len(tops) >= 3
        return (tops[-1] - tops[0]) / (len(tops) - 1)

    single = pitch("singleword")
    assert 15 < single < 20  # an 11 pt line
    assert pitch("exactword") == pytest.approx(40.0, abs=0.05)  # 30 pt, whatever the text
    assert pitch("leastword") == pytest.approx(40.0, abs=0.05)  # at least 30 pt: taller than the text
    assert pitch("lowword") == pytest.approx(single, abs=0.05)  # at least 6 pt: the text's own height wins
    assert pitch("tightword") == pytest.approx(8 * 96 / 72, abs=0.05)  # exactly 8 pt: lines closer than the text
    # the next paragraph starts where the last exact line ends (5 lines of 40 px, no space after)
    exact = _block(doc, "exactword")
    start = doc.documentLayout().blockBoundingRect(exact).y() / LAYOUT_SCALE
    least = doc.documentLayout().blockBoundingRect(_block(doc, "leastword")).y() / LAYOUT_SCALE
    assert least - start == pytest.approx(exact.layout().lineCount() * 40.0, abs=0.5)


def test_a_paragraphs_auto_spacing_replaces_its_styles_exact_spacing(tmp_path: Path) -> None:
    document = docx.Document()
    style = document.styles["Normal"]
    style.paragraph_format.line_spacing_rule = WD_LINE_SPACING.EXACTLY
    style.paragraph_format.line_spacing = Pt(20)
    inherits = document.add_paragraph("Inherits the style's exact 20 pt.")
    own = document.add_paragraph("Sets its own double spacing.")
    own.paragraph_format.line_spacing = 2.0
    sheet = read_stylesheet(document)
    assert (sheet.paragraph(inherits._p.pPr).line_rule, sheet.paragraph(inherits._p.pPr).line_pt) == ("exact", 20.0)
    look = sheet.paragraph(own._p.pPr)
    assert (look.line_rule, look.line) == ("", 2.0)


_BORDERS = ("<w:pBdr>" + "".join(f'<w:{side} w:val="single" w:sz="4" w:space="{space}" w:color="auto"/>'
                                  for side, space in (("top", 1), ("left", 4), ("bottom", 1), ("right", 4)))
            + "</w:pBdr>")


def _code_block(path: Path) -> Path:
    document = docx.Document()
    normal = document.styles["Normal"].paragraph_format
    normal.space_after = Pt(12)
    normal.line_spacing = 1.0
    document.add_paragraph("Run the command below to list the interfaces.")
    for n in range(12):
        line = document.add_paragraph(f"line {n:02d}   inet addr:172.16.0.{n}  Mask:255.255.255.0")
        line.paragraph_format.space_after = Pt(0)
        ppr = line._p.get_or_add_pPr()
        ppr.append(parse_xml(f"<w:pBdr {nsdecls('w')}>{_BORDERS[len('<w:pBdr>'):]}"))
        ppr.append(parse_xml(f'<w:shd {nsdecls("w")} w:val="clear" w:color="auto" w:fill="F2F2F2"/>'))
        run = line.runs[0]
        run.font.name = "Courier New"
        run.font.size = Pt(10)
    document.add_paragraph("After the box.")
    document.save(path)
    return path


def test_a_code_blocks_lines_are_as_high_as_the_font_and_the_space_above_the_box_is_kept(tmp_path: Path) -> None:
    doc = _page_layout(_code_block(tmp_path / "code.docx"))
    above = _block(doc, "Run the command")
    above_bottom = _line_tops(doc, above)[-1] + above.layout().lineAt(0).height() / LAYOUT_SCALE
    first = _block(doc, "line 00")
    # the paragraph's 12 pt after, then the box's 0.5 pt border and 1 pt space, then the first line
    gap = _line_tops(doc, first)[0] - above_bottom
    assert gap == pytest.approx(16 + 1 + 1, abs=1.0)
    tops = [_line_tops(doc, _block(doc, f"line {n:02d}"))[0] for n in range(12)]
    font = QFont(first.charFormat().font())
    font.setPixelSize(1000)  # the face's own line height, unrounded, as Word and LibreOffice use it
    metrics = QFontMetricsF(font)
    design = (metrics.ascent() + metrics.descent()) / 1000 * 10 * 96 / 72
    assert (tops[-1] - tops[0]) / 11 == pytest.approx(design, abs=0.05)


def _rows_of(image, color: str) -> list[int]:
    from PySide6.QtGui import QColor

    want = QColor(color)

    def near(c) -> bool:
        return abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 120

    return [y for y in range(image.height()) if any(near(image.pixelColor(x, y)) for x in range(0, image.width(), 2))]


def test_a_pages_header_and_footer_are_drawn_in_its_margins(tmp_path: Path) -> None:
    """Word sets the header half an inch below the page's top edge (``w:pgMar/@w:header``), the body at
    the top margin, the footer's last line half an inch above the bottom edge; page 1 shows the
    first-page header (``w:titlePg``), page 2 the running one."""
    from docx.shared import RGBColor

    from renderers.docx._pages import render_page

    document = docx.Document()
    section = document.sections[0]
    section.different_first_page_header_footer = True
    for story, text, rgb in ((section.first_page_header, "Cover head", RGBColor(0xE0, 0, 0)),
                             (section.header, "Running head", RGBColor(0, 0xA0, 0)),
                             (section.first_page_footer, "Cover foot", RGBColor(0, 0, 0xE0)),
                             (section.footer, "Running foot", RGBColor(0, 0xA0, 0))):
        story.paragraphs[0].add_run(text).font.color.rgb = rgb
    document.add_paragraph("Body of page one. " * 20)
    document.add_page_break()
    document.add_paragraph("Body of page two.")
    path = tmp_path / "bands.docx"
    document.save(path)
    top, bottom, header, footer = (round(v.twips * 96 / 1440) for v in (section.top_margin, section.bottom_margin,
                                                                          section.header_distance,
                                                                          section.footer_distance))
    image, count, _exact = render_page(path, 0, 816)  # the page is 816 px wide: a pixel a pixel
    assert count == 2 and image.height() == 1056
    red, blue, green = _rows_of(image, "#e00000"), _rows_of(image, "#0000e0"), _rows_of(image, "#00a000")
    assert red and header - 1 <= min(red) and max(red) < top  # in the top margin, from the header distance
    assert blue and 1056 - bottom < min(blue) and max(blue) <= 1056 - footer + 1
    assert not green  # the running header and footer are not on page 1
    dark = [y for y in _rows_of(image, "#000000") if top - 2 <= y < 1056 - bottom]
    assert dark and min(dark) >= top - 1  # the body starts at the top margin, not below the header
    second, _, _ = render_page(path, 1, 816)
    assert _rows_of(second, "#00a000") and not _rows_of(second, "#e00000")


def test_a_header_taller_than_the_margin_pushes_the_body_down(tmp_path: Path) -> None:
    """Five header lines from half an inch down reach past the 1-inch top margin: Word starts the body
    below the header's last line, not under it."""
    from docx.shared import RGBColor

    from renderers.docx._pages import render_page

    document = docx.Document()
    header = document.sections[0].header
    header.paragraphs[0].text = "Header line 1"
    for n in range(2, 6):
        header.add_paragraph(f"Header line {n}")
    for paragraph in header.paragraphs:
        paragraph.runs[0].font.color.rgb = RGBColor(0xE0, 0, 0)
    document.add_paragraph("The body's first line.")
    path = tmp_path / "tall.docx"
    document.save(path)
    image, _, _ = render_page(path, 0, 816)
    red = _rows_of(image, "#e00000")
    body = [y for y in _rows_of(image, "#000000") if y > 40]
    assert red and max(red) > 96  # the header runs past the margin
    assert body and min(body) > max(red)  # and the body begins after it


def test_a_headers_space_before_is_kept_in_its_band(tmp_path: Path) -> None:
    """A header paragraph 12 pt below the header distance (its space before), as Word sets it."""
    from docx.shared import RGBColor

    from renderers.docx._pages import render_page

    def header_top(space_pt: float) -> int:
        document = docx.Document()
        paragraph = document.sections[0].header.paragraphs[0]
        paragraph.add_run("Spaced head").font.color.rgb = RGBColor(0xE0, 0, 0)
        paragraph.paragraph_format.space_before = Pt(space_pt)
        document.add_paragraph("Body.")
        path = tmp_path / f"head{space_pt:g}.docx"
        document.save(path)
        image, _, _ = render_page(path, 0, 816)
        return min(_rows_of(image, "#e00000"))

    assert header_top(12) - header_top(0) == pytest.approx(16, abs=1.5)


def _two_sections(path: Path) -> Path:
    """Section 1 with a one-line header, section 2 with a five-line header and a title page of its own."""
    from docx.enum.section import WD_SECTION

    document = docx.Document()
    document.sections[0].header.paragraphs[0].text = "Short head"
    for n in range(3):
        document.add_paragraph(f"First section paragraph {n}.")
    second = document.add_section(WD_SECTION.NEW_PAGE)
    second.header.is_linked_to_previous = False
    header = second.header
    header.paragraphs[0].text = "Tall head line 0"
    for n in range(1, 5):
        header.add_paragraph(f"Tall head line {n}")
    second.different_first_page_header_footer = True
    second.first_page_header.is_linked_to_previous = False
    second.first_page_header.paragraphs[0].text = "Second cover head"
    for n in range(1, 6):
        second.first_page_header.add_paragraph(f"Second cover line {n}")
    for n in range(60):
        document.add_paragraph(f"Second section paragraph {n} " + "with words enough to wrap once or twice " * 3)
    document.save(path)
    return path


def _lines_above(image: QImage, top: int) -> int:
    """How many lines of text (runs of inked rows) a page drawn at 96 dpi shows above ``top``."""
    runs, inked = 0, False
    for y in range(top):
        now = any(image.pixelColor(x, y).lightness() < 160 for x in range(0, image.width(), 2))
        runs += now and not inked
        inked = now
    return runs


def test_each_section_lays_its_pages_out_below_its_own_header(show_preview, tmp_path: Path) -> None:
    path = _two_sections(tmp_path / "sections.docx")
    laid = laid_out(path, 2)
    layout = laid.layout
    assert len(layout.sections) == 2 and layout.sections[1].first == 1
    first, second = layout.sections
    # the body of section 2 is pushed down by its own (taller) headers, section 1's is not; its first page
    # further, by its six-line first-page header
    assert first.page.top == 96 and second.page.top > first.page.top + 40 and second.opening > 10
    assert _shown_heads(layout.bands(0)) == {"Short head"}
    assert _shown_heads(layout.bands(1)) == {"Second cover head"}  # section 2's first page
    assert _shown_heads(layout.bands(2)) == {"Tall head line 0"}
    assert layout.lines(1)[1].startswith("Second section paragraph 0")
    # drawn: every header line above the body's top, none under the body's first lines
    tops = (first.page.top, second.page.top + second.opening, second.page.top)
    assert [_lines_above(render_image(path, i, 816)[0], top) for i, top in enumerate(tops)] == [1, 6, 5]
    assert layout.lines(1)[0] == "\xa0" and layout.lines(2)[0].startswith("words enough")  # the first-page spacer
    # the window lays the pages out the same way
    flow = show_preview(path, (600, 700)).browser()
    assert flow.page_count() >= 3
    assert [flow.page_lines(i) for i in range(3)] == [layout.lines(i) for i in range(3)]
    assert [_shown_heads(flow.page_bands(i)) for i in range(3)] == [
        {"Short head"}, {"Second cover head"}, {"Tall head line 0"}]


def _shown_heads(bands: tuple[str, str]) -> set[str]:
    return {name for name in ("Short head", "Second cover head", "Tall head line 0") if name in bands[0]}


def test_a_title_page_keeps_its_body_up_while_later_pages_go_below_their_tall_header(tmp_path: Path) -> None:
    """``w:titlePg`` with no first-page header and a five-line default header reaching past the margin: Word
    starts page 1's body at the margin and the other pages' below the header."""
    document = docx.Document()
    section = document.sections[0]
    section.different_first_page_header_footer = True
    section.header.paragraphs[0].text = "Tall head line 0"
    for n in range(1, 5):
        section.header.add_paragraph(f"Tall head line {n}")
    for n in range(80):
        document.add_paragraph(f"Body paragraph {n} " + "with words enough to wrap once or twice " * 3)
    path = tmp_path / "title.docx"
    document.save(path)
    layout = laid_out(path, 1).layout
    part = layout.sections[0]
    assert part.page.top == 96 and part.later > 20  # page 1 at the margin, the others drawn lower
    assert _shown_heads(layout.bands(0)) == set() and _shown_heads(layout.bands(1)) == {"Tall head line 0"}
    one, two = (render_image(path, i, 816)[0] for i in (0, 1))
    assert _lines_above(one, 96) == 0  # no header, body from the margin
    assert _lines_above(two, 96 + part.later) == 5  # every header line above the body, none under it
