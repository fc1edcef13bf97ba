"""DrawingML preset geometries (``a:prstGeom prst=…``) drawn with a QPainter: the common outlines of
PowerPoint shapes and SmartArt boxes, each from its bounding box and first adjustment; anything else
is drawn as its rectangle."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPolygonF

__all__ = ["paint_preset"]


def paint_preset(p: QPainter, prst: str, r: QRectF, adj: float | None = None) -> None:
    """Draw preset ``prst`` in ``r`` with the painter's pen and brush; ``adj`` is the first adjustment as
    a fraction (None: the preset's default)."""
    short = min(r.width(), r.height())
    if prst in ("ellipse", "circle", "flowChartConnector"):
        p.drawEllipse(r)
    elif prst in ("roundRect", "snipRoundRect", "round2SameRect", "flowChartAlternateProcess"):
        radius = short * (0.1667 if adj is None else adj)
        p.drawRoundedRect(r, radius, radius)
    elif prst == "triangle":
        p.drawPolygon(_poly((r.left() + r.width() * (0.5 if adj is None else adj), r.top()),
                            (r.right(), r.bottom()), (r.left(), r.bottom())))
    elif prst == "rtTriangle":
        p.drawPolygon(_poly((r.left(), r.top()), (r.right(), r.bottom()), (r.left(), r.bottom())))
    elif prst in ("diamond", "flowChartDecision"):
        c = r.center()
        p.drawPolygon(_poly((c.x(), r.top()), (r.right(), c.y()), (c.x(), r.bottom()), (r.left(), c.y())))
    elif prst == "trapezoid":
        inset = min(r.width() / 2, short * (0.25 if adj is None else adj))
        p.drawPolygon(_poly((r.left() + inset, r.top()), (r.right() - inset, r.top()),
                            (r.right(), r.bottom()), (r.left(), r.bottom())))
    elif prst == "parallelogram":
        inset = min(r.width(), short * (0.25 if adj is None else adj))
        p.drawPolygon(_poly((r.left() + inset, r.top()), (r.right(), r.top()),
                            (r.right() - inset, r.bottom()), (r.left(), r.bottom())))
    elif prst in ("hexagon", "octagon", "pentagon"):
        sides = {"hexagon": 6, "octagon": 8, "pentagon": 5}[prst]
        start = -math.pi / 2 if prst == "pentagon" else (0.0 if prst == "hexagon" else math.pi / 8)
        p.drawPolygon(_regular(r, sides, start))
    elif prst in ("chevron", "homePlate", "rightArrow", "notchedRightArrow"):
        tip = min(r.width() * 0.5, short * (0.5 if adj is None else adj))
        points = [(r.left(), r.top()), (r.right() - tip, r.top()), (r.right(), r.center().y()),
                  (r.right() - tip, r.bottom()), (r.left(), r.bottom())]
        if prst == "chevron":
            points.append((r.left() + tip, r.center().y()))
        if prst in ("rightArrow", "notchedRightArrow"):
            shaft = r.height() * 0.25
            points = [(r.left(), r.top() + shaft), (r.right() - tip, r.top() + shaft), (r.right() - tip, r.top()),
                      (r.right(), r.center().y()), (r.right() - tip, r.bottom()), (r.right() - tip, r.bottom() - shaft),
                      (r.left(), r.bottom() - shaft)]
        p.drawPolygon(_poly(*points))
    elif prst in ("star5", "star6", "star8", "star10", "star12", "star16", "star24", "star32"):
        points_n = int(prst[4:])
        outer = _regular(r, points_n, -math.pi / 2)
        inner = _regular(QRectF(r.center().x() - r.width() * 0.19, r.center().y() - r.height() * 0.19,
                                r.width() * 0.38, r.height() * 0.38), points_n, -math.pi / 2 + math.pi / points_n)
        p.drawPolygon(QPolygonF([pt for i in range(outer.size()) for pt in (outer.at(i), inner.at(i))]))
    elif prst in ("plus", "mathPlus"):
        t = short * (0.25 if adj is None else adj)
        c = r.center()
        p.drawPolygon(_poly((c.x() - t, r.top()), (c.x() + t, r.top()), (c.x() + t, c.y() - t), (r.right(), c.y() - t),
                            (r.right(), c.y() + t), (c.x() + t, c.y() + t), (c.x() + t, r.bottom()),
                            (c.x() - t, r.bottom()), (c.x() - t, c.y() + t), (r.left(), c.y() + t),
                            (r.left(), c.y() - t), (c.x() - t, c.y() - t)))
    else:
        p.drawRect(r)


def _poly(*points: tuple[float, float]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def _regular(r: QRectF, sides: int, start: float) -> QPolygonF:
    c, rx, ry = r.center(), r.width() / 2, r.height() / 2
    return QPolygonF([QPointF(c.x() + rx * math.cos(start + 2 * math.pi * i / sides),
                              c.y() + ry * math.sin(start + 2 * math.pi * i / sides)) for i in range(sides)])
