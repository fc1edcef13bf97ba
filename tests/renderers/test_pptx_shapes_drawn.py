"""A picture shows the part its ``a:srcRect`` keeps (cropped in PowerPoint), stretched to its frame, and
only inside its shape's outline (a picture in an oval or a rounded rectangle); a table row saved without a
height is as tall as its text; a freeform (``a:custGeom``) is drawn along its own paths."""
from __future__ import annotations

from pathlib import Path

import pytest
from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Inches
from PySide6.QtGui import QColor, QImage

from renderers.pptx._model import load
from renderers.pptx._paint import draw_slide

pytestmark = pytest.mark.usefixtures("qapp")

RED, BLUE, GREEN = QColor("#ff0000"), QColor("#0000ff"), QColor("#00ff00")


def _stripes(path: Path) -> Path:
    """Three vertical stripes, red | blue | green, 300×100 px."""
    image = QImage(300, 100, QImage.Format.Format_RGB32)
    for x in range(300):
        color = (RED, BLUE, GREEN)[x // 100]
        for y in range(100):
            image.setPixelColor(x, y, color)
    image.save(str(path))
    return path


def _near(c: QColor, want: QColor) -> bool:
    return abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 60


def test_a_cropped_picture_shows_what_the_crop_keeps(tmp_path: Path) -> None:
    png = _stripes(tmp_path / "stripes.png")
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    pic = slide.shapes.add_picture(str(png), Inches(1), Inches(1), Inches(3), Inches(1))
    pic.crop_left = 1 / 3  # PowerPoint's Crop: the red third is cut away
    whole = slide.shapes.add_picture(str(png), Inches(1), Inches(3), Inches(3), Inches(1))
    path = tmp_path / "crop.pptx"
    prs.save(str(path))
    assert Presentation(str(path)).slides[0].shapes[0].crop_left == pytest.approx(1 / 3, abs=1e-4)
    assert whole.crop_left == 0

    deck = load(path)
    image = draw_slide(deck, deck.slide(0), 960)  # 96 px per inch
    row = int(1.5 * 96)
    # blue then green, each stretched over half of the 3 in frame
    assert _near(image.pixelColor(int(1.7 * 96), row), BLUE)
    assert _near(image.pixelColor(int(3.3 * 96), row), GREEN)
    assert not any(_near(image.pixelColor(x, row), RED) for x in range(96 + 2, 4 * 96 - 2))
    uncut = int(3.5 * 96)
    assert _near(image.pixelColor(int(1.5 * 96), uncut), RED)  # the uncropped one keeps all three
    assert _near(image.pixelColor(int(3.5 * 96), uncut), GREEN)


def test_a_picture_in_an_oval_shows_only_inside_it(tmp_path: Path) -> None:
    png = _stripes(tmp_path / "stripes.png")
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    pic = slide.shapes.add_picture(str(png), Inches(1), Inches(1), Inches(3), Inches(1))
    pic.auto_shape_type = MSO_SHAPE.OVAL
    path = tmp_path / "oval.pptx"
    prs.save(str(path))
    assert 'prst="ellipse"' in Presentation(str(path)).slides[0].shapes[0]._element.xml

    deck = load(path)
    image = draw_slide(deck, deck.slide(0), 960)
    white = QColor("#ffffff")
    assert _near(image.pixelColor(int(1.02 * 96), int(1.02 * 96)), white)  # the frame's corner: outside the oval
    assert _near(image.pixelColor(int(3.98 * 96), int(1.98 * 96)), white)
    assert _near(image.pixelColor(int(2.5 * 96), int(1.5 * 96)), BLUE)  # the middle is drawn
    assert _near(image.pixelColor(int(1.2 * 96), int(1.5 * 96)), RED)  # the left end of the oval too


def _table_bottom(image: QImage, x: int) -> int:
    """The lowest row of column ``x`` that is not white: the table's bottom edge."""
    return max(y for y in range(image.height()) if image.pixelColor(x, y).lightness() < 250)


@pytest.mark.parametrize("saved", [True, False])
def test_a_table_row_saved_without_a_height_is_as_tall_as_its_text(tmp_path: Path, saved: bool) -> None:
    """``a:tr h="0"`` (pandoc writes it) is the row's least height: PowerPoint draws it as tall as its text,
    not shared out over the frame's height; rows with saved heights keep them."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    frame = slide.shapes.add_table(2, 2, Inches(1), Inches(1), Inches(6), Inches(4))
    frame.table.cell(0, 0).text = "plus"
    frame.table.cell(1, 1).text = "a table"
    if not saved:
        for tr in frame.table._tbl.tr_lst:
            tr.set("h", "0")
    path = tmp_path / "rows.pptx"
    prs.save(str(path))
    rows = Presentation(str(path)).slides[0].shapes[0].table._tbl.tr_lst
    assert [tr.get("h") for tr in rows] == (["1828800", "1828800"] if saved else ["0", "0"])

    deck = load(path)
    bottom = _table_bottom(draw_slide(deck, deck.slide(0), 960), int(2 * 96)) / 96  # inches
    if saved:
        assert bottom == pytest.approx(5.0, abs=0.05)  # 1 in + two 2 in rows
    else:
        assert 1.5 < bottom < 2.0  # two lines of 18 pt text with their insets: about 0.9 in


def test_a_freeform_is_drawn_along_its_own_path(tmp_path: Path) -> None:
    """A triangle drawn with PowerPoint's freeform tool (``a:custGeom``): filled inside its path only, not
    as its bounding box."""
    from pptx.dml.color import RGBColor

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    builder = slide.shapes.build_freeform(Inches(1), Inches(4))  # bottom left, then bottom right, then apex
    builder.add_line_segments([(Inches(4), Inches(4)), (Inches(2.5), Inches(1))])
    shape = builder.convert_to_shape()
    shape.fill.solid()
    shape.fill.fore_color.rgb = RGBColor(0xFF, 0x00, 0x00)
    path = tmp_path / "freeform.pptx"
    prs.save(str(path))
    assert Presentation(str(path)).slides[0].shapes[0]._element.find(
        ".//{http://schemas.openxmlformats.org/drawingml/2006/main}custGeom") is not None

    deck = load(path)
    image = draw_slide(deck, deck.slide(0), 960)
    assert _near(image.pixelColor(int(2.5 * 96), int(3.5 * 96)), RED)  # inside, near the base
    assert _near(image.pixelColor(int(2.5 * 96), int(1.3 * 96)), RED)  # inside, near the apex
    white = QColor("#ffffff")
    assert _near(image.pixelColor(int(1.2 * 96), int(1.2 * 96)), white)  # the box's top corners: outside
    assert _near(image.pixelColor(int(3.8 * 96), int(1.2 * 96)), white)


def test_custom_geometries_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the bound the oldest geometry goes; the newest are kept (a long session never stops drawing them)."""
    from lxml import etree

    from renderers import _preset_shapes

    monkeypatch.setattr(_preset_shapes, "MAX_CUSTOM", 3)
    monkeypatch.setattr(_preset_shapes, "_CUSTOM", {})
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    names = []
    for i in range(5):
        geom = etree.fromstring(f'<a:custGeom xmlns:a="{a}"><a:pathLst><a:path w="{i + 1}" h="1"><a:moveTo>'
                                f'<a:pt x="0" y="0"/></a:moveTo><a:lnTo><a:pt x="1" y="1"/></a:lnTo></a:path>'
                                '</a:pathLst></a:custGeom>')
        names.append(_preset_shapes.custom_geometry(geom))
    assert len(set(names)) == 5 and all(n.startswith("custom:") for n in names)
    assert list(_preset_shapes._CUSTOM) == names[2:]
    assert _preset_shapes.custom_geometry(etree.fromstring(f'<a:custGeom xmlns:a="{a}"/>')) == ""  # no path
