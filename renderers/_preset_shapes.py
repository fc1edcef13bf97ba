"""DrawingML preset geometries (``a:prstGeom prst=…``) drawn with a QPainter from their definitions.

Every preset PowerPoint and Word know (186 of them: arrows, callouts, stars, flowchart symbols, brackets,
gears…) is defined in ECMA-376 as guide formulas and paths (``presetShapeDefinitions.xml``, shipped
gzipped beside this module, from Apache POI). The guides are evaluated for the shape's box and its
adjustments (``a:avLst``), and each path is filled and stroked as its ``fill``/``stroke`` attributes say,
as Office draws it. The same definitions give the text rectangle (``rect``) that text wraps in. A name
that is not defined (or a definition that fails) falls back to the bounding rectangle.
"""
from __future__ import annotations

import gzip
import hashlib
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from lxml import etree
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath

__all__ = ["adjustments", "custom_geometry", "paint_preset", "preset_path", "preset_text_rect", "preset_names"]

_DEFS = Path(__file__).with_name("presets") / "presetShapeDefinitions.xml.gz"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_ANGLE = 60000.0  # DrawingML angles are in 60,000ths of a degree


@dataclass(frozen=True)
class _Path:
    w: float  # the path's own coordinate space (0: the shape's)
    h: float
    fill: str  # norm | none | lighten | lightenLess | darken | darkenLess
    stroke: bool
    commands: tuple[tuple[str, tuple[Any, ...]], ...]


@dataclass(frozen=True)
class _Preset:
    defaults: tuple[tuple[str, str], ...]  # avLst: name, formula
    guides: tuple[tuple[str, str], ...]  # gdLst
    rect: tuple[str, str, str, str] | None  # text rectangle l, t, r, b (guide names or numbers)
    paths: tuple[_Path, ...]


@lru_cache(maxsize=1)
def _definitions() -> dict[str, Any]:
    """Preset name → its definition element (the file is parsed once, each preset on first use)."""
    try:
        root = etree.fromstring(gzip.decompress(_DEFS.read_bytes()))
    except (OSError, etree.XMLSyntaxError):
        return {}
    return {etree.QName(el).localname: el for el in root if isinstance(el.tag, str)}


def preset_names() -> frozenset[str]:
    return frozenset(_definitions())


# Custom geometries (a:custGeom) read from files, by the name custom_geometry gives them; bounded: past
# MAX_CUSTOM the oldest goes (a shape whose geometry went is drawn as its rectangle)
_CUSTOM: dict[str, _Preset] = {}
MAX_CUSTOM = 4096


def custom_geometry(el: Any) -> str:
    """A shape's own geometry (``a:custGeom``: the same guides, text rectangle and paths as a preset's
    definition) under a name that :func:`paint_preset`, :func:`preset_path` and :func:`preset_text_rect`
    take like a preset's; "" when it has no path."""
    try:
        name = "custom:" + hashlib.sha1(etree.tostring(el)).hexdigest()
    except (TypeError, ValueError):
        return ""
    if name not in _CUSTOM:
        geometry = _parse(el)
        if not geometry.paths:
            return ""
        while len(_CUSTOM) >= MAX_CUSTOM:
            _CUSTOM.pop(next(iter(_CUSTOM)))
        _CUSTOM[name] = geometry
    return name


def _preset(name: str) -> _Preset | None:
    return _CUSTOM.get(name) or _named(name)


@lru_cache(maxsize=256)
def _named(name: str) -> _Preset | None:
    el = _definitions().get(name)
    return None if el is None else _parse(el)


def _parse(el: Any) -> _Preset:
    def guides(tag: str) -> tuple[tuple[str, str], ...]:
        holder = el.find(f"{_A}{tag}")
        return tuple((g.get("name", ""), g.get("fmla", "")) for g in holder.iter(f"{_A}gd")) if holder is not None else ()

    rect_el = el.find(f"{_A}rect")
    rect = (rect_el.get("l", "l"), rect_el.get("t", "t"), rect_el.get("r", "r"), rect_el.get("b", "b")) \
        if rect_el is not None else None
    paths = []
    holder = el.find(f"{_A}pathLst")
    for path in holder.iter(f"{_A}path") if holder is not None else ():
        commands: list[tuple[str, tuple[Any, ...]]] = []
        for cmd in path:
            if not isinstance(cmd.tag, str):
                continue
            kind = etree.QName(cmd).localname
            if kind == "arcTo":
                commands.append((kind, (cmd.get("wR", "0"), cmd.get("hR", "0"), cmd.get("stAng", "0"),
                                        cmd.get("swAng", "0"))))
            else:
                commands.append((kind, tuple((pt.get("x", "0"), pt.get("y", "0")) for pt in cmd.iter(f"{_A}pt"))))
        paths.append(_Path(w=float(path.get("w", "0") or 0), h=float(path.get("h", "0") or 0),
                           fill=path.get("fill", "norm"), stroke=path.get("stroke", "true") not in ("0", "false"),
                           commands=tuple(commands)))
    return _Preset(defaults=guides("avLst"), guides=guides("gdLst"), rect=rect, paths=tuple(paths))


def adjustments(geom: Any) -> dict[str, float]:
    """A ``prstGeom``'s own adjustments (``a:avLst/a:gd fmla="val N"``) by name."""
    out: dict[str, float] = {}
    holder = geom.find(f"{_A}avLst") if geom is not None else None
    for gd in holder.iter(f"{_A}gd") if holder is not None else ():
        parts = gd.get("fmla", "").split()
        if len(parts) == 2 and parts[0] == "val":
            try:
                out[gd.get("name", "")] = float(parts[1])
            except ValueError:
                continue
    return out


def _builtins(w: float, h: float) -> dict[str, float]:
    ss, ls = min(w, h), max(w, h)
    out = {"w": w, "h": h, "l": 0.0, "t": 0.0, "r": w, "b": h, "hc": w / 2, "vc": h / 2, "ss": ss, "ls": ls,
           "cd2": 10800000.0, "cd4": 5400000.0, "cd8": 2700000.0, "3cd4": 16200000.0, "3cd8": 8100000.0,
           "5cd8": 13500000.0, "7cd8": 18900000.0}
    for n in (2, 3, 4, 5, 6, 8, 10, 12, 32):
        out[f"wd{n}"], out[f"hd{n}"] = w / n, h / n
    for n in (2, 4, 6, 8, 16, 32):
        out[f"ssd{n}"] = ss / n
    return out


def _evaluate(fmla: str, v: dict[str, float]) -> float:
    op, *args = fmla.split()

    def a(i: int) -> float:
        token = args[i]
        return v[token] if token in v else float(token)

    if op == "val":
        return a(0)
    if op == "*/":
        return a(0) * a(1) / a(2) if a(2) else 0.0
    if op == "+-":
        return a(0) + a(1) - a(2)
    if op == "+/":
        return (a(0) + a(1)) / a(2) if a(2) else 0.0
    if op == "?:":
        return a(1) if a(0) > 0 else a(2)
    if op == "abs":
        return abs(a(0))
    if op == "at2":
        return math.degrees(math.atan2(a(1), a(0))) * _ANGLE
    if op == "cat2":
        return a(0) * math.cos(math.atan2(a(2), a(1)))
    if op == "sat2":
        return a(0) * math.sin(math.atan2(a(2), a(1)))
    if op == "cos":
        return a(0) * math.cos(math.radians(a(1) / _ANGLE))
    if op == "sin":
        return a(0) * math.sin(math.radians(a(1) / _ANGLE))
    if op == "tan":
        return a(0) * math.tan(math.radians(a(1) / _ANGLE))
    if op == "max":
        return max(a(0), a(1))
    if op == "min":
        return min(a(0), a(1))
    if op == "mod":
        return math.sqrt(a(0) ** 2 + a(1) ** 2 + a(2) ** 2)
    if op == "pin":
        return min(max(a(1), a(0)), a(2))
    if op == "sqrt":
        return math.sqrt(max(0.0, a(0)))
    raise ValueError(f"unknown guide operator {op!r}")


def _guides(preset: _Preset, w: float, h: float, adjust: dict[str, float] | None) -> dict[str, float]:
    v = _builtins(w, h)
    for name, fmla in preset.defaults:
        v[name] = adjust[name] if adjust and name in adjust else _evaluate(fmla, v)
    for name, fmla in preset.guides:
        v[name] = _evaluate(fmla, v)
    return v


def _visual_to_parametric(angle: float, rx: float, ry: float) -> float:
    """A DrawingML arc angle (the direction from the centre) as the ellipse's parametric angle (radians)."""
    rad = math.radians(angle)
    return math.atan2(rx * math.sin(rad), ry * math.cos(rad)) if rx > 0 and ry > 0 else rad


def _build(path: _Path, v: dict[str, float], r: QRectF) -> QPainterPath:
    sx = r.width() / path.w if path.w else 1.0
    sy = r.height() / path.h if path.h else 1.0

    def val(token: str) -> float:
        return v[token] if token in v else float(token)

    def pt(xy: tuple[str, str]) -> QPointF:
        return QPointF(r.left() + val(xy[0]) * sx, r.top() + val(xy[1]) * sy)

    out = QPainterPath()
    for kind, args in path.commands:
        if kind == "moveTo" and args:
            out.moveTo(pt(args[0]))
        elif kind == "lnTo" and args:
            out.lineTo(pt(args[0]))
        elif kind == "cubicBezTo" and len(args) == 3:
            out.cubicTo(pt(args[0]), pt(args[1]), pt(args[2]))
        elif kind == "quadBezTo" and len(args) == 2:
            out.quadTo(pt(args[0]), pt(args[1]))
        elif kind == "close":
            out.closeSubpath()
        elif kind == "arcTo":
            rx, ry = val(args[0]) * sx, val(args[1]) * sy
            start, sweep = val(args[2]) / _ANGLE, val(args[3]) / _ANGLE
            t1 = _visual_to_parametric(start, rx, ry)
            t2 = _visual_to_parametric(start + sweep, rx, ry)
            turn = t2 - t1
            if abs(sweep) >= 359.999:
                turn = math.copysign(2 * math.pi, sweep)
            else:
                while sweep > 0 and turn < 0:
                    turn += 2 * math.pi
                while sweep < 0 and turn > 0:
                    turn -= 2 * math.pi
            here = out.currentPosition()
            cx, cy = here.x() - rx * math.cos(t1), here.y() - ry * math.sin(t1)
            # Qt's angles run counter-clockwise on screen, DrawingML's clockwise
            out.arcTo(QRectF(cx - rx, cy - ry, 2 * rx, 2 * ry), -math.degrees(t1), -math.degrees(turn))
    return out


def preset_path(prst: str, r: QRectF, adjust: dict[str, float] | None = None) -> list[tuple[QPainterPath, str, bool]]:
    """The preset's paths in ``r``: (path, fill mode, stroked) each, or [] for an unknown preset."""
    preset = _preset(prst)
    if preset is None or not preset.paths:
        return []
    try:
        v = _guides(preset, r.width(), r.height(), adjust)
        return [(_build(path, v, r), path.fill, path.stroke) for path in preset.paths]
    except (KeyError, ValueError, ZeroDivisionError, OverflowError):
        return []


def preset_text_rect(prst: str, r: QRectF, adjust: dict[str, float] | None = None) -> QRectF:
    """Where the preset's text goes (its ``rect``), in the coordinates of ``r``; ``r`` itself when the
    preset names none."""
    preset = _preset(prst)
    if preset is None or preset.rect is None:
        return QRectF(r)
    try:
        v = _guides(preset, r.width(), r.height(), adjust)
        left, top, right, bottom = (v[t] if t in v else float(t) for t in preset.rect)
    except (KeyError, ValueError, ZeroDivisionError, OverflowError):
        return QRectF(r)
    if right <= left or bottom <= top:
        return QRectF(r)
    return QRectF(r.left() + left, r.top() + top, right - left, bottom - top)


def _shaded(brush: QBrush, mode: str) -> QBrush:
    """The brush of a ``lighten``/``darken`` path (a fold, a scroll's curl): Office's fixed factors."""
    if brush.style() == Qt.BrushStyle.NoBrush:
        return brush
    color = QColor(brush.color())
    factor = {"darken": 60, "darkenLess": 80, "lighten": 140, "lightenLess": 120}.get(mode)
    if factor is None:
        return brush
    return QBrush(color.darker(100 * 100 // factor) if factor < 100 else color.lighter(factor))


def paint_preset(p: QPainter, prst: str, r: QRectF, adj: float | None = None,
                 adjust: dict[str, float] | None = None) -> None:
    """Draw preset ``prst`` in ``r`` with the painter's pen and brush. ``adjust`` holds the shape's own
    adjustments by name (``adj``, ``adj1``…, in the file's units); ``adj`` is a first adjustment as a
    fraction (SmartArt boxes), kept for callers that have only that."""
    if adj is not None and not adjust:
        adjust = {"adj": adj * 100000, "adj1": adj * 100000}
    paths = preset_path(prst, r, adjust)
    if not paths:
        p.drawRect(r)
        return
    pen, brush = p.pen(), p.brush()
    for path, fill, stroke in paths:
        if fill != "none":
            p.fillPath(path, _shaded(brush, fill))
        if stroke and pen.style() != Qt.PenStyle.NoPen:
            p.strokePath(path, pen)
