"""A group whose a:xfrm has no a:off (python-pptx then reads its left as None) still previews its shapes."""
from __future__ import annotations

from pathlib import Path

from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Emu

from renderers.pptx._model import load

_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def test_group_without_offset_keeps_its_shapes(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    group = slide.shapes.add_group_shape()
    box = group.shapes.add_shape(MSO_SHAPE.RECTANGLE, Emu(100000), Emu(200000), Emu(500000), Emu(500000))
    box.text_frame.text = "inside the group"
    xfrm = group._element.grpSpPr.find(f"{_A}xfrm")
    xfrm.remove(xfrm.find(f"{_A}off"))
    path = tmp_path / "group.pptx"
    prs.save(str(path))
    assert Presentation(str(path)).slides[0].shapes[0].left is None  # the case: no offset to read

    shown = load(path).slide(0)  # raised TypeError (None - float) before

    assert "inside the group" in shown.text
    rect = next(s for s in shown.shapes if s.kind == "rect")
    assert (rect.x, rect.y, rect.w, rect.h) == (100000.0, 200000.0, 500000.0, 500000.0)
