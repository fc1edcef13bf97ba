"""Ink on a slide: ``p:contentPart``/``p14:contentPart`` elements whose InkML part holds pen traces.

PowerPoint saves ink as a content part, usually inside ``mc:AlternateContent`` with a fallback
picture (drawn as a picture by :func:`renderers.pptx._parts.iter_shapes`); newer files, and ink
whose fallback was dropped, carry the traces only. Those are drawn here into a transparent picture
at the part's position: the strokes' bounding box fitted into that box, in the pen's colour and
width. The InkML is bounded (part size, points) so a hostile file costs little.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lxml import etree
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen

_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
_P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_INKML = "http://www.w3.org/2003/InkML"
_PARTS = (f"{{{_P}}}contentPart", f"{{{_P14}}}contentPart")
_SHAPES = {f"{{{_P}}}{t}" for t in ("sp", "pic", "grpSp", "graphicFrame", "cxnSp")}

MAX_INK_BYTES = 4 * 1024 * 1024
MAX_POINTS = 200_000
MAX_SIDE = 1600  # pixels of the picture the strokes are drawn into
_TOKEN = re.compile(r"[!'\"]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[TF*?]")
_CM_PER_EMU = 1 / 360000


class Ink:
    """One content part's strokes, in slide EMU: position, size, and the picture of its traces."""

    def __init__(self, *, x: float, y: float, w: float, h: float, image: QImage) -> None:
        self.x, self.y, self.w, self.h, self.image = x, y, w, h, image


def ink_on(slide: Any) -> list[Ink]:
    """The ink of ``slide`` (a python-pptx slide) that no fallback picture shows already."""
    out: list[Ink] = []
    for element in _content_parts(slide.shapes._spTree):
        ink = _read(slide.part, element)
        if ink is not None:
            out.append(ink)
    return out


def _content_parts(tree: Any) -> Iterator[Any]:
    for el in tree.iterchildren():
        if el.tag in _PARTS:
            yield el
        elif el.tag == f"{{{_MC}}}AlternateContent":
            fallback = el.find(f"{{{_MC}}}Fallback")
            if fallback is not None and any(c.tag in _SHAPES for c in fallback):
                continue  # its picture is drawn with the other shapes
            for branch in el:
                yield from (c for c in branch if c.tag in _PARTS)


def _read(part: Any, element: Any) -> Ink | None:
    box = _box(element)
    rid = element.get(_R_ID)
    if box is None or not rid:
        return None
    try:
        blob = part.related_part(rid).blob
    except (KeyError, AttributeError, ValueError):
        return None
    if len(blob) > MAX_INK_BYTES:
        return None
    strokes, pens = _strokes(blob)
    if not strokes:
        return None
    x, y, w, h = box
    return Ink(x=x, y=y, w=w, h=h, image=_draw(strokes, pens, w, h))


def _box(element: Any) -> tuple[float, float, float, float] | None:
    for xfrm in element.iter():
        if isinstance(xfrm.tag, str) and xfrm.tag.endswith("}xfrm"):
            off, ext = xfrm.find(f"{{{_A}}}off"), xfrm.find(f"{{{_A}}}ext")
            try:
                box = (float(off.get("x")), float(off.get("y")), float(ext.get("cx")), float(ext.get("cy")))
            except (AttributeError, TypeError, ValueError):
                return None
            return box if box[2] > 0 and box[3] > 0 else None
    return None


def _strokes(blob: bytes) -> tuple[list[tuple[list[tuple[float, float]], str]], dict[str, tuple[str, float]]]:
    """The traces (points, brush id) and each brush's (colour, width in cm)."""
    try:
        root = etree.fromstring(blob, parser=etree.XMLParser(resolve_entities=False, no_network=True,
                                                             huge_tree=False))
    except etree.XMLSyntaxError:
        return [], {}
    pens: dict[str, tuple[str, float]] = {}
    for brush in root.iter(f"{{{_INKML}}}brush"):
        props = {p.get("name"): p for p in brush.iter(f"{{{_INKML}}}brushProperty")}
        colour = (props["color"].get("value") if "color" in props else None) or "#000000"
        try:
            width = float(props["width"].get("value")) if "width" in props else 0.05
        except (TypeError, ValueError):
            width = 0.05
        pens["#" + (brush.get("{http://www.w3.org/XML/1998/namespace}id") or "")] = (colour, width)
    strokes: list[tuple[list[tuple[float, float]], str]] = []
    left = MAX_POINTS
    for trace in root.iter(f"{{{_INKML}}}trace"):
        points = decode_trace(trace.text or "", left)
        left -= len(points)
        if points:
            strokes.append((points, trace.get("brushRef") or ""))
        if left <= 0:
            break
    return strokes, pens


def decode_trace(text: str, limit: int = MAX_POINTS) -> list[tuple[float, float]]:
    """The (x, y) points of an InkML trace, explicit values and the ``'`` (first difference) and
    ``"`` (second difference) encodings PowerPoint writes; a qualifier holds for its channel until
    the next one."""
    points: list[tuple[float, float]] = []
    modes: list[str] = []
    last: list[float] = []
    step: list[float] = []
    for chunk in text.split(","):
        if len(points) >= limit:
            break
        channel, mode_next = 0, ""
        values: list[float] = []
        for token in _TOKEN.findall(chunk):
            if token in "!'\"":
                mode_next = token
                continue
            if channel >= len(modes):
                modes.append("!")
                last.append(0.0)
                step.append(0.0)
            if mode_next:
                modes[channel], mode_next = mode_next, ""
            try:
                value = float(token)
            except ValueError:  # T/F/*/?: a boolean or a missing value keeps the last one
                value = 0.0 if modes[channel] != "!" else last[channel]
            if modes[channel] == "'":
                value = last[channel] + value
            elif modes[channel] == '"':
                value = last[channel] + step[channel] + value
            step[channel], last[channel] = value - last[channel], value
            values.append(value)
            channel += 1
        if len(values) >= 2:
            points.append((values[0], values[1]))
    return points


def _draw(strokes: list[tuple[list[tuple[float, float]], str]], pens: dict[str, tuple[str, float]],
          w_emu: float, h_emu: float) -> QImage:
    xs = [x for points, _ in strokes for x, _ in points]
    ys = [y for points, _ in strokes for _, y in points]
    min_x, min_y = min(xs), min(ys)
    span_x, span_y = max(max(xs) - min_x, 1e-6), max(max(ys) - min_y, 1e-6)
    scale_px = MAX_SIDE / max(w_emu, h_emu)
    width, height = max(1, round(w_emu * scale_px)), max(1, round(h_emu * scale_px))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    pen_px = width / (w_emu * _CM_PER_EMU)  # pixels per cm of the slide
    margin = 0.02 * min(width, height)
    fit = min((width - 2 * margin) / span_x, (height - 2 * margin) / span_y)
    ox = (width - span_x * fit) / 2
    oy = (height - span_y * fit) / 2
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for points, brush in strokes:
        colour, width_cm = pens.get(brush, ("#000000", 0.05))
        pen = QPen(QColor(colour) if QColor.isValidColorName(colour) else QColor("black"),
                   max(1.0, width_cm * pen_px))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        path = QPainterPath(QPointF(ox + (points[0][0] - min_x) * fit, oy + (points[0][1] - min_y) * fit))
        for x, y in points[1:]:
            path.lineTo(ox + (x - min_x) * fit, oy + (y - min_y) * fit)
        if len(points) == 1:
            painter.drawPoint(path.currentPosition())
        else:
            painter.drawPath(path)
    painter.end()
    return image
