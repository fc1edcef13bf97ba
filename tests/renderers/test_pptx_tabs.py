"""Tabs in slide text go where PowerPoint puts them: to the paragraph's own stops (``a:tabLst``, left,
centre, right, decimal), past them to the default stops every ``defTabSz``, under a hanging indent to the
margin; every stop measured from the text origin (the box's left edge plus its left inset), not from
``marL``. Checked on the drawn slide, at two slide widths and two drawing scales."""
from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree
from pptx import Presentation
from pptx.util import Emu, Inches, Pt
from PySide6.QtGui import QImage, QTextDocument

from renderers.pptx._model import Shape, load
from renderers.pptx._paint import _tab_stops, draw_slide
from renderers.pptx._styles import MAX_TABS
from renderers.pptx._tabs import MAX_STOPS

pytestmark = pytest.mark.usefixtures("qapp")  # QTextDocument needs an application

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
IN = 914400
BOX_X, INSET = 1.0, 0.1  # in: the text boxes' left edge and PowerPoint's default left inset
ORIGIN = BOX_X + INSET
ROW_Y, ROW_H = 0.5, 0.8  # in


def _stops(ppr: etree._Element, stops: list[tuple[int, str]]) -> None:
    lst = etree.SubElement(ppr, f"{A}tabLst")
    for pos, algn in stops:
        tab = etree.SubElement(lst, f"{A}tab")
        tab.set("pos", str(pos))
        tab.set("algn", algn)


def _deck(path: Path, slide_width_in: float, rows: list[tuple[int, int, list[tuple[int, str]], str]],
          def_tab: int | None = None) -> Path:
    """One text box per row (marL, indent, stops, text), each at its own height, 20 pt text."""
    prs = Presentation()
    prs.slide_width = Emu(int(slide_width_in * IN))
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for i, (mar_l, indent, stops, text) in enumerate(rows):
        box = slide.shapes.add_textbox(Inches(BOX_X), Inches(ROW_Y + i * ROW_H), Inches(8), Inches(0.6))
        box.text_frame.word_wrap = True
        p = box.text_frame.paragraphs[0]
        run = p.add_run()
        run.text = text
        run.font.size = Pt(20)
        ppr = p._p.get_or_add_pPr()
        ppr.set("marL", str(mar_l))
        ppr.set("indent", str(indent))
        if def_tab is not None:
            ppr.set("defTabSz", str(def_tab))
        if stops:
            _stops(ppr, stops)
    prs.save(str(path))
    return path


def _words(image: QImage, row: int, px_per_in: float) -> list[tuple[int, int]]:
    """The ink of row ``row`` as (left, right) pixel columns of its words (gaps over a third of an em apart)."""
    top, bottom = int((ROW_Y + row * ROW_H) * px_per_in), int((ROW_Y + row * ROW_H + 0.6) * px_per_in)
    cols = [x for x in range(image.width())
            if any(image.pixelColor(x, y).lightness() < 128 for y in range(top, bottom))]
    gap = 20 / 72 * px_per_in / 3
    words: list[tuple[int, int]] = []
    for x in cols:
        if words and x - words[-1][1] <= gap:
            words[-1] = (words[-1][0], x)
        else:
            words.append((x, x))
    return words


_docs: list[QTextDocument] = []


def _laid_out(shape: Shape) -> QTextDocument:
    """The shape's text with its tab stops as the slide drawing sets them, laid out without wrapping
    (x in px at 96 dpi from the text origin: the insets are not set)."""
    doc = QTextDocument()
    _docs.append(doc)  # blocks read by the caller must not outlive their document
    doc.setHtml(shape.html)
    _tab_stops(doc, shape.tabs)
    doc.setTextWidth(2000)
    doc.size()
    return doc


ROWS = [
    (0, 0, [(2 * IN, "l")], "Name\tValue"),  # a left stop 2 in from the origin
    (IN // 2, 0, [(2 * IN, "l")], "Name\tValue"),  # marL does not move the stop
    (0, 0, [(6 * IN, "r")], "Left\tRight"),  # a right stop: the text ends there
    (0, 0, [(4 * IN, "ctr")], "L\tCentred"),  # a centre stop: the text is centred on it
    (342900, -342900, [], "A\tB"),  # a hanging indent: the tab ends at the margin
    (342900, 0, [], "A\tB"),  # past the margin: the next default stop (defTabSz 1 in) from the origin
    (0, 0, [(IN, "l")], "One\tTwo\tThree"),  # past the last stop: default stops after it
]


@pytest.mark.parametrize(("slide_in", "width"), [(10.0, 960), (13.333, 800)])
def test_a_tabbed_lines_columns_start_at_the_stops(tmp_path: Path, slide_in: float, width: int) -> None:
    path = _deck(tmp_path / "tabs.pptx", slide_in, ROWS, def_tab=IN)
    deck = load(path)
    image = draw_slide(deck, deck.slide(0), width)
    px = width / slide_in  # pixels per inch
    tol = 0.06 * px  # a glyph's side bearing; a stop measured from marL would be 0.375 in or more off

    def at(inches: float) -> float:
        return (ORIGIN + inches) * px

    words = [_words(image, i, px) for i in range(len(ROWS))]
    assert all(len(w) >= 2 for w in words), words
    assert words[0][0][0] == pytest.approx(at(0), abs=tol)  # the text starts at the origin
    assert words[0][1][0] == pytest.approx(at(2), abs=tol)
    assert words[1][0][0] == pytest.approx(at(0.5), abs=tol)  # marL moves the text …
    assert words[1][1][0] == pytest.approx(at(2), abs=tol)  # … and not the stop
    assert words[2][-1][1] == pytest.approx(at(6), abs=tol)
    assert (words[3][-1][0] + words[3][-1][1]) / 2 == pytest.approx(at(4), abs=tol)
    assert words[4][1][0] == pytest.approx(at(0.375), abs=tol)
    assert words[5][0][0] == pytest.approx(at(0.375), abs=tol)
    assert words[5][1][0] == pytest.approx(at(1), abs=tol)  # from the origin, not marL + 1 in
    assert [w[0] for w in words[6][1:3]] == [pytest.approx(at(1), abs=tol), pytest.approx(at(2), abs=tol)]


def test_a_tab_after_a_line_break_under_a_hanging_bullet_goes_to_the_stop(tmp_path: Path) -> None:
    """A bulleted body paragraph (the master's marL 342900, indent −342900) with a line break, then a tab:
    the line after the break starts at marL and its tab still reaches the stop measured from the origin."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Plan"
    body = slide.placeholders[1]
    p = body.text_frame.paragraphs[0]
    p.text = "Form of work:\v\t- in groups"  # a vertical tab is a line break (a:br)
    for run in p.runs:
        run.font.size = Pt(24)
    _stops(p._p.get_or_add_pPr(), [(3 * IN, "l")])
    path = tmp_path / "br.pptx"
    prs.save(str(path))
    assert len(Presentation(str(path)).slides[0].placeholders[1]._element.findall(f".//{A}br")) == 1

    deck = load(path)
    doc = _laid_out(next(s for s in deck.slide(0).shapes if "in groups" in s.html))
    block = doc.begin()
    while block.isValid() and "in groups" not in block.text():
        block = block.next()
    assert block.isValid() and "Form of work" not in block.text()  # the line after the break is its own block
    at = block.text().index("- in groups")
    x = block.layout().lineAt(0).cursorToX(at)[0]
    # the document's x (px at 96 dpi) from the text origin: the stop at 3 in
    assert x == pytest.approx(3 * 96, abs=1.0)


def test_a_decimal_stop_lines_up_the_point(tmp_path: Path) -> None:
    path = _deck(tmp_path / "dec.pptx", 10.0, [(0, 0, [(3 * IN, "dec")], "Total\t1234.50"),
                                               (0, 0, [(3 * IN, "dec")], "Tax\t7.25")])
    deck = load(path)
    xs = []
    for s in deck.slide(0).shapes:
        block = _laid_out(s).begin()
        xs.append(block.layout().lineAt(0).cursorToX(block.text().index("."))[0])
    assert xs == [pytest.approx(3 * 96, abs=1.5), pytest.approx(3 * 96, abs=1.5)]


def test_default_stops_follow_the_inherited_def_tab_size(tmp_path: Path) -> None:
    """No defTabSz on the paragraph: the presentation's default text style gives it (0.5 in in python-pptx's
    template), and the tab after a short word goes to the first half-inch past it."""
    path = _deck(tmp_path / "inherit.pptx", 10.0, [(0, 0, [], "Ab\tCd")])
    root = etree.fromstring(Presentation(str(path)).part.blob)
    inherited = root.find(f".//{A}lvl1pPr").get("defTabSz")
    assert inherited == "457200"
    image = draw_slide(load(path), load(path).slide(0), 960)
    words = _words(image, 0, 96)
    assert words[1][0] == pytest.approx((ORIGIN + 0.5) * 96, abs=3)


def test_hostile_tab_lists_are_bounded(tmp_path: Path) -> None:
    """Thousands of stops and a 1-EMU default pitch: the lists kept stay small and the slide still draws."""
    many = [(i * 1000, "l") for i in range(5000)]
    far = [(10**15, "r")]  # past any slide (and past what Qt's fixed-point layout holds)
    path = _deck(tmp_path / "hostile.pptx", 10.0, [(0, 0, many, "a\tb\tc"), (0, 0, [(-5, "x")], "d\te"),
                                                   (0, 0, far, "f\tg")], def_tab=1)
    deck = load(path)
    slide = deck.slide(0)
    assert all(len(line) <= MAX_STOPS for s in slide.shapes for line in s.tabs)
    assert all(pos < 5000 for s in slide.shapes for line in s.tabs for pos, _ in line)
    assert MAX_TABS <= MAX_STOPS
    image = draw_slide(deck, slide, 480)
    assert not image.isNull()


def _ink_box(image: QImage) -> tuple[int, int, int, int]:
    """Left, top, right, bottom of the dark ink on ``image``."""
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y).lightness() < 128:
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("algn", ["l", "ctr"])
def test_unwrapped_text_runs_on_past_its_box(tmp_path: Path, algn: str) -> None:
    """``bodyPr wrap="none"``: a line longer than its box stays one line and reaches past the box, to the
    right of left-aligned text and both ways of centred text; ``square`` (the default) wraps it."""
    width = 960  # 96 px per inch on the default 10 in slide
    heights = {}
    for wrap in ("none", "square"):
        prs = Presentation()
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        box = slide.shapes.add_textbox(Inches(4), Inches(3), Inches(2), Inches(0.6))
        box.text_frame._txBody.find(f"{A}bodyPr").set("wrap", wrap)
        p = box.text_frame.paragraphs[0]
        p._p.get_or_add_pPr().set("algn", algn)
        run = p.add_run()
        run.text = "A heading far longer than its box"
        run.font.size = Pt(20)
        path = tmp_path / f"{wrap}.pptx"
        prs.save(str(path))
        assert Presentation(str(path)).slides[0].shapes[0]._element.find(f".//{A}bodyPr").get("wrap") == wrap
        deck = load(path)
        left, top, right, bottom = _ink_box(draw_slide(deck, deck.slide(0), width))
        heights[wrap] = bottom - top
        if wrap == "none":
            assert right > 6 * 96 + 20  # past the box's right edge (6 in)
            if algn == "ctr":
                assert left < 4 * 96 - 20 and abs((left + right) / 2 - 5 * 96) < 6  # centred on the box
            else:
                assert left == pytest.approx(4.1 * 96, abs=6)  # from the box's left inset
        else:
            assert 4 * 96 - 2 <= left and right <= 6 * 96 + 2  # wrapped inside the box
    assert heights["square"] > 2 * heights["none"]  # three lines against one


def test_def_tab_size_from_the_default_paragraph_style(tmp_path: Path) -> None:
    """A list style's ``a:defPPr defTabSz`` holds for every level that does not set its own."""
    path = _deck(tmp_path / "defppr.pptx", 10.0, [(0, 0, [], "Ab\tCd")])
    prs = Presentation(str(path))
    style = prs.part._element.find(
        "{http://schemas.openxmlformats.org/presentationml/2006/main}defaultTextStyle")
    style.find(f"{A}defPPr").set("defTabSz", str(2 * IN))
    for level in style:
        if level.tag != f"{A}defPPr":
            level.attrib.pop("defTabSz", None)
    prs.save(str(path))
    deck = load(path)
    words = _words(draw_slide(deck, deck.slide(0), 960), 0, 96)
    assert words[1][0] == pytest.approx((ORIGIN + 2) * 96, abs=6)
