"""SmartArt in a DOCX drawn from the drawing Word saved with it (``diagrams/drawing*.xml``): its boxes'
shapes and fills painted into a picture, the boxes' text listed under it (worker thread).

Only shapes are painted here: text in a worker is laid out by nobody (a text layout off the UI thread
deadlocked against the window's painting), so the words follow the picture as a line of text."""
from __future__ import annotations

from typing import Any

from lxml import etree
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from skills.api import drawingml_color
from renderers._preset_shapes import paint_preset

__all__ = ["diagram_picture"]

_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_DGM = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}"
_DSP = "{http://schemas.microsoft.com/office/drawing/2008/diagram}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_SAFE_XML = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
MAX_SHAPES = 300
MAX_SIDE = 1600


def diagram_picture(graphic: Any, part: Any, colors: dict[str, str], width_px: int, height_px: int
                    ) -> tuple[QImage | None, list[str]]:
    """The SmartArt in ``graphic`` (a ``w:drawing``) as a picture ``width_px`` × ``height_px`` and its
    texts; (None, texts) when Word saved no drawing for it."""
    rel_ids = next(graphic.iter(f"{_DGM}relIds"), None)
    if rel_ids is None:
        return None, []
    try:
        data = etree.fromstring(part.related_parts[rel_ids.get(f"{_R}dm")].blob, _SAFE_XML)
    except (KeyError, AttributeError, ValueError, etree.XMLSyntaxError):
        return None, []
    texts = [t.text for t in data.iter(f"{_DGM}t", f"{_A}t") if t.text and t.text.strip()]
    ext = next(data.iter(f"{_DSP}dataModelExt"), None)
    try:
        drawing = etree.fromstring(part.related_parts[ext.get("relId")].blob, _SAFE_XML) if ext is not None else None
    except (KeyError, AttributeError, ValueError, etree.XMLSyntaxError):
        drawing = None
    if drawing is None or width_px <= 0 or height_px <= 0:
        return None, texts
    extent = next(graphic.iter("{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}extent"), None)
    cx = int(extent.get("cx", "0")) if extent is not None and extent.get("cx", "").isdigit() else 0
    cy = int(extent.get("cy", "0")) if extent is not None and extent.get("cy", "").isdigit() else 0
    if not cx or not cy:
        return None, texts
    scale = min(1.0, MAX_SIDE / max(width_px, height_px))
    image = QImage(int(width_px * scale), int(height_px * scale), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    sx, sy = image.width() / cx, image.height() / cy
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    for sp in list(drawing.iter(f"{_DSP}sp"))[:MAX_SHAPES]:
        off = sp.find(f"{_DSP}spPr/{_A}xfrm/{_A}off")
        size = sp.find(f"{_DSP}spPr/{_A}xfrm/{_A}ext")
        if off is None or size is None:
            continue
        try:
            rect = QRectF(int(off.get("x", "0")) * sx, int(off.get("y", "0")) * sy,
                          int(size.get("cx", "0")) * sx, int(size.get("cy", "0")) * sy)
        except ValueError:
            continue
        fill = _fill(sp, colors)
        if not fill:
            continue
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(fill))
        geom = sp.find(f"{_DSP}spPr/{_A}prstGeom")
        adj = next((g.get("fmla", "") for g in geom.iter(f"{_A}gd") if g.get("name") == "adj"), "") \
            if geom is not None else ""
        xfrm = sp.find(f"{_DSP}spPr/{_A}xfrm")
        turn = int(xfrm.get("rot", "0")) / 60000 if xfrm.get("rot", "0").lstrip("-").isdigit() else 0.0
        p.save()
        p.translate(rect.center())
        p.rotate(turn)
        p.scale(-1 if xfrm.get("flipH") in ("1", "true") else 1, -1 if xfrm.get("flipV") in ("1", "true") else 1)
        p.translate(-rect.center())
        paint_preset(p, geom.get("prst", "rect") if geom is not None else "rect", rect,
               int(adj.split()[-1]) / 100000 if adj.startswith("val ") and adj.split()[-1].isdigit() else None)
        p.restore()
    p.end()
    return image, texts


def _fill(sp: Any, colors: dict[str, str]) -> str:
    sppr = sp.find(f"{_DSP}spPr")
    if sppr is None or sppr.find(f"{_A}noFill") is not None:
        return ""
    holder = sppr.find(f"{_A}solidFill")
    if holder is None:
        stop = sppr.find(f"{_A}gradFill/{_A}gsLst/{_A}gs")
        holder = stop
    if holder is None:
        holder = sp.find(f"{_DSP}style/{_A}fillRef")
    if holder is None:
        return ""
    for child in holder:
        if isinstance(child.tag, str) and child.tag.endswith("Clr"):
            return drawingml_color(child, colors)
    return ""
