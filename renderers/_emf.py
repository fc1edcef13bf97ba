"""EMF pictures (Windows Enhanced Metafiles, what Visio and Office paste into documents) drawn with a
QPainter: Qt reads no metafiles, and converting through LibreOffice would cost the preview its speed.

The GDI records are played back (MS-EMF): window/viewport mapping and world transforms, pens, brushes,
fonts, polygons, polylines and Béziers (16- and 32-bit), rectangles, ellipses, paths (fill, stroke,
both), text (``EXTTEXTOUTW``) and bitmaps (``STRETCHDIBITS``, ``BITBLT``, ``STRETCHBLT``) with their raster
operations (copies, brush fills, inversions, AND/OR/XOR masks). An EMF+ file carries the same
drawing as GDI records ("dual" files, which Office writes); an EMF+-only file, or records not listed
here, are skipped. Coordinates and counts are bounded: a hostile file cannot make the player loop or
allocate without limit.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPolygonF, QTransform

__all__ = ["draw_emf", "emf_size", "is_emf"]

MAX_RECORDS = 200_000
MAX_POINTS = 100_000  # in one record


def is_emf(blob: bytes) -> bool:
    return len(blob) >= 88 and blob[:4] == b"\x01\x00\x00\x00" and blob[40:44] == b" EMF"


def emf_size(blob: bytes) -> tuple[float, float]:
    """The picture's size in points (its frame, in 0.01 mm), or (0, 0) when unreadable."""
    if not is_emf(blob):
        return 0.0, 0.0
    left, top, right, bottom = struct.unpack_from("<4i", blob, 24)
    return max(0.0, (right - left) / 2540 * 72), max(0.0, (bottom - top) / 2540 * 72)


@dataclass
class _State:
    pen: QPen = field(default_factory=lambda: QPen(QColor("#000000"), 0))
    brush: QBrush = field(default_factory=lambda: QBrush(QColor("#ffffff")))
    font: QFont = field(default_factory=QFont)
    font_height: float = 12.0
    font_angle: float = 0.0
    text_color: QColor = field(default_factory=lambda: QColor("#000000"))
    text_align: int = 0
    fill_rule: Qt.FillRule = Qt.FillRule.OddEvenFill
    map_mode: int = 1
    window_org: tuple[float, float] = (0.0, 0.0)
    window_ext: tuple[float, float] = (1.0, 1.0)
    viewport_org: tuple[float, float] = (0.0, 0.0)
    viewport_ext: tuple[float, float] = (1.0, 1.0)
    world: QTransform = field(default_factory=QTransform)
    position: QPointF = field(default_factory=QPointF)


def _color(value: int) -> QColor:
    return QColor(value & 0xFF, (value >> 8) & 0xFF, (value >> 16) & 0xFF)


_STOCK_BRUSH = {0: "#ffffff", 1: "#c0c0c0", 2: "#808080", 3: "#404040", 4: "#000000"}


class _Player:
    def __init__(self, blob: bytes, p: QPainter, device: QTransform) -> None:
        self.blob = blob
        self.p = p
        self.device = device  # device units → image pixels
        self.state = _State()
        self.saved: list[_State] = []
        self.objects: dict[int, object] = {}
        self.path: QPainterPath | None = None

    # -- coordinates -------------------------------------------------------------------------
    def _transform(self) -> QTransform:
        s = self.state
        if s.map_mode in (7, 8):  # MM_ISOTROPIC, MM_ANISOTROPIC: window → viewport
            sx = s.viewport_ext[0] / s.window_ext[0] if s.window_ext[0] else 1.0
            sy = s.viewport_ext[1] / s.window_ext[1] if s.window_ext[1] else 1.0
            if s.map_mode == 7:
                k = min(abs(sx), abs(sy))
                sx, sy = math.copysign(k, sx), math.copysign(k, sy)
        else:
            sx = sy = 1.0
        page = QTransform(sx, 0, 0, sy, s.viewport_org[0] - s.window_org[0] * sx, s.viewport_org[1] - s.window_org[1] * sy)
        return s.world * page * self.device

    def _points(self, offset: int, count: int, wide: bool) -> list[QPointF]:
        count = min(count, MAX_POINTS)
        fmt, step = ("<ii", 8) if wide else ("<hh", 4)
        end = offset + count * step
        if count <= 0 or end > len(self.blob):
            return []
        return [QPointF(*struct.unpack_from(fmt, self.blob, offset + i * step)) for i in range(count)]

    # -- playback ----------------------------------------------------------------------------
    def play(self) -> None:
        pos, done = 0, 0
        blob = self.blob
        while pos + 8 <= len(blob) and done < MAX_RECORDS:
            kind, size = struct.unpack_from("<II", blob, pos)
            if size < 8 or pos + size > len(blob):
                break
            if kind == 14:  # EOF
                break
            try:
                self.record(kind, pos, size)
            except (struct.error, ValueError, ZeroDivisionError, OverflowError):
                pass  # one bad record is skipped, as GDI skips it
            pos += size
            done += 1

    def record(self, kind: int, pos: int, size: int) -> None:
        blob, s, body = self.blob, self.state, pos + 8
        if kind == 9:  # SETWINDOWEXTEX
            s.window_ext = struct.unpack_from("<ii", blob, body)
        elif kind == 10:  # SETWINDOWORGEX
            s.window_org = struct.unpack_from("<ii", blob, body)
        elif kind == 11:
            s.viewport_ext = struct.unpack_from("<ii", blob, body)
        elif kind == 12:
            s.viewport_org = struct.unpack_from("<ii", blob, body)
        elif kind == 17:  # SETMAPMODE
            s.map_mode = struct.unpack_from("<I", blob, body)[0]
        elif kind == 33:  # SAVEDC
            self.saved.append(replace(s, pen=QPen(s.pen), brush=QBrush(s.brush), font=QFont(s.font),
                                      world=QTransform(s.world), position=QPointF(s.position)))
        elif kind == 34:  # RESTOREDC
            back = struct.unpack_from("<i", blob, body)[0]
            for _ in range(min(-back, len(self.saved)) if back < 0 else 0):
                self.state = self.saved.pop()
        elif kind in (35, 36):  # SETWORLDTRANSFORM, MODIFYWORLDTRANSFORM
            m11, m12, m21, m22, dx, dy = struct.unpack_from("<6f", blob, body)
            t = QTransform(m11, m12, m21, m22, dx, dy)
            mode = struct.unpack_from("<I", blob, body + 24)[0] if kind == 36 else 4
            if mode == 1:  # MWT_IDENTITY
                s.world = QTransform()
            elif mode == 2:  # MWT_LEFTMULTIPLY
                s.world = t * s.world
            elif mode == 3:  # MWT_RIGHTMULTIPLY
                s.world = s.world * t
            else:  # MWT_SET / SETWORLDTRANSFORM
                s.world = t
        elif kind == 38:  # CREATEPEN
            index, style, width, _, color = struct.unpack_from("<IIiiI", blob, body)
            self.objects[index] = self._pen(style, width, color)
        elif kind == 95:  # EXTCREATEPEN
            index, _, _, _, _, style, width, _, color = struct.unpack_from("<9I", blob, body)
            self.objects[index] = self._pen(style, width, color)
        elif kind == 39:  # CREATEBRUSHINDIRECT
            index, style, color = struct.unpack_from("<III", blob, body)
            self.objects[index] = QBrush(Qt.BrushStyle.NoBrush) if style == 1 else QBrush(_color(color))
        elif kind == 82:  # EXTCREATEFONTINDIRECTW
            index, height, _, escapement, _, weight = struct.unpack_from("<Iiiiii", blob, body)
            italic = blob[body + 24]
            face = blob[body + 32:body + 96].decode("utf-16-le", "ignore").split("\x00", 1)[0]
            font = QFont(face or "Sans")
            font.setFamilies([face or "Sans", "DejaVu Sans", "Noto Sans CJK SC"])
            font.setBold(weight >= 600)
            font.setItalic(bool(italic))
            self.objects[index] = (font, abs(height) or 12, escapement / 10)
        elif kind == 37:  # SELECTOBJECT
            self._select(struct.unpack_from("<I", blob, body)[0])
        elif kind == 40:  # DELETEOBJECT
            self.objects.pop(struct.unpack_from("<I", blob, body)[0], None)
        elif kind == 24:  # SETTEXTCOLOR
            s.text_color = _color(struct.unpack_from("<I", blob, body)[0])
        elif kind == 22:
            s.text_align = struct.unpack_from("<I", blob, body)[0]
        elif kind == 19:  # SETPOLYFILLMODE: 1 alternate, 2 winding
            s.fill_rule = Qt.FillRule.WindingFill if struct.unpack_from("<I", blob, body)[0] == 2 else Qt.FillRule.OddEvenFill
        elif kind == 27:  # MOVETOEX
            s.position = QPointF(*struct.unpack_from("<ii", blob, body))
            if self.path is not None:
                self.path.moveTo(s.position)
        elif kind == 54:  # LINETO
            to = QPointF(*struct.unpack_from("<ii", blob, body))
            if self.path is not None:
                self.path.lineTo(to)
            else:
                self._stroke_poly([s.position, to], closed=False)
            s.position = to
        elif kind in (86, 87, 85, 88, 89, 3, 4, 2, 5, 6):
            self._poly(kind, body)
        elif kind in (91, 90, 8, 7):  # POLYPOLYGON(16), POLYPOLYLINE(16)
            self._polypoly(kind, body)
        elif kind in (43, 42, 44):  # RECTANGLE, ELLIPSE, ROUNDRECT
            left, top, right, bottom = struct.unpack_from("<4i", blob, body)
            path = QPainterPath()
            rect = QRectF(QPointF(left, top), QPointF(right, bottom))
            if kind == 42:
                path.addEllipse(rect)
            elif kind == 44:
                rx, ry = struct.unpack_from("<ii", blob, body + 16)
                path.addRoundedRect(rect, rx / 2, ry / 2)
            else:
                path.addRect(rect)
            self._draw(path, fill=True, stroke=True)
        elif kind == 59:  # BEGINPATH
            self.path = QPainterPath()
            self.path.setFillRule(s.fill_rule)
            self.path.moveTo(s.position)
        elif kind == 61 and self.path is not None:  # CLOSEFIGURE
            self.path.closeSubpath()
        elif kind == 60:  # ENDPATH: kept for the fill/stroke that follows
            pass
        elif kind in (62, 63, 64) and self.path is not None:  # FILLPATH, STROKEANDFILLPATH, STROKEPATH
            path, self.path = self.path, None
            self._draw(path, fill=kind in (62, 63), stroke=kind in (63, 64))
        elif kind == 84:  # EXTTEXTOUTW
            self._text(body)
        elif kind == 81:  # STRETCHDIBITS
            self._dib(pos, body, stretch=True)
        elif kind in (76, 77):  # BITBLT, STRETCHBLT (the same fields first; the source's own size after)
            self._dib(pos, body, stretch=False)

    # -- objects -----------------------------------------------------------------------------
    def _pen(self, style: int, width: int, color: int) -> QPen:
        if style & 0xF == 5:  # PS_NULL
            return QPen(Qt.PenStyle.NoPen)
        pen = QPen(_color(color), max(0, width))
        pen.setCosmetic(width <= 1)  # a 0/1-unit pen is one pixel whatever the scale
        if width <= 1:
            pen.setWidthF(1.0)
        pen.setStyle({1: Qt.PenStyle.DashLine, 2: Qt.PenStyle.DotLine, 3: Qt.PenStyle.DashDotLine,
                      4: Qt.PenStyle.DashDotDotLine}.get(style & 0xF, Qt.PenStyle.SolidLine))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        return pen

    def _select(self, index: int) -> None:
        s = self.state
        if index & 0x80000000:  # a stock object
            stock = index & 0x7FFFFFFF
            if stock in _STOCK_BRUSH:
                s.brush = QBrush(QColor(_STOCK_BRUSH[stock]))
            elif stock == 5:  # NULL_BRUSH
                s.brush = QBrush(Qt.BrushStyle.NoBrush)
            elif stock == 6:
                s.pen = QPen(QColor("#ffffff"), 0)
            elif stock == 7:
                s.pen = QPen(QColor("#000000"), 0)
            elif stock == 8:  # NULL_PEN
                s.pen = QPen(Qt.PenStyle.NoPen)
            return
        obj = self.objects.get(index)
        if isinstance(obj, QPen):
            s.pen = obj
        elif isinstance(obj, QBrush):
            s.brush = obj
        elif isinstance(obj, tuple):
            s.font, s.font_height, s.font_angle = obj[0], float(obj[1]), float(obj[2])

    # -- drawing -----------------------------------------------------------------------------
    def _draw(self, path: QPainterPath, *, fill: bool, stroke: bool) -> None:
        t = self._transform()
        mapped = t.map(path)
        if fill and self.state.brush.style() != Qt.BrushStyle.NoBrush:
            self.p.fillPath(mapped, self.state.brush)
        if stroke and self.state.pen.style() != Qt.PenStyle.NoPen:
            pen = QPen(self.state.pen)
            if not pen.isCosmetic():
                pen.setWidthF(max(1.0, pen.widthF() * math.sqrt(abs(t.determinant()))))
            self.p.strokePath(mapped, pen)

    def _stroke_poly(self, points: list[QPointF], *, closed: bool) -> None:
        path = QPainterPath()
        path.addPolygon(QPolygonF(points))
        if closed:
            path.closeSubpath()
        self._draw(path, fill=closed, stroke=True)

    def _poly(self, kind: int, body: int) -> None:
        wide = kind in (2, 3, 4, 5, 6)
        count = struct.unpack_from("<I", self.blob, body + 16)[0]
        points = self._points(body + 20, count, wide)
        if not points:
            return
        s = self.state
        if kind in (88, 89, 5, 6):  # ...TO: from the current position, which moves
            if self.path is not None:
                if kind in (88, 5):
                    for i in range(0, len(points) - 2, 3):
                        self.path.cubicTo(points[i], points[i + 1], points[i + 2])
                else:
                    for pt in points:
                        self.path.lineTo(pt)
            else:
                path = QPainterPath(s.position)
                if kind in (88, 5):
                    for i in range(0, len(points) - 2, 3):
                        path.cubicTo(points[i], points[i + 1], points[i + 2])
                else:
                    for pt in points:
                        path.lineTo(pt)
                self._draw(path, fill=False, stroke=True)
            s.position = points[-1]
            return
        path = QPainterPath(points[0])
        path.setFillRule(s.fill_rule)
        if kind in (85, 2):  # POLYBEZIER
            for i in range(1, len(points) - 2, 3):
                path.cubicTo(points[i], points[i + 1], points[i + 2])
        else:
            for pt in points[1:]:
                path.lineTo(pt)
        closed = kind in (86, 3)  # POLYGON
        if closed:
            path.closeSubpath()
        if self.path is not None:
            self.path.addPath(path)
        else:
            self._draw(path, fill=closed, stroke=True)

    def _polypoly(self, kind: int, body: int) -> None:
        wide = kind in (8, 7)
        polys, total = struct.unpack_from("<II", self.blob, body + 16)
        polys = min(polys, MAX_POINTS)
        counts = struct.unpack_from(f"<{polys}I", self.blob, body + 24)
        points = self._points(body + 24 + 4 * polys, total, wide)
        path = QPainterPath()
        path.setFillRule(self.state.fill_rule)
        at = 0
        closed = kind in (91, 8)
        for n in counts:
            chunk = points[at:at + n]
            at += n
            if not chunk:
                continue
            path.moveTo(chunk[0])
            for pt in chunk[1:]:
                path.lineTo(pt)
            if closed:
                path.closeSubpath()
        self._draw(path, fill=closed, stroke=True)

    def _text(self, body: int) -> None:
        blob, s = self.blob, self.state
        # EMREXTTEXTOUTW: bounds (16), graphics mode, ex/ey scales, then an EMRTEXT
        text_at = body + 16 + 12
        x, y, chars, offset = struct.unpack_from("<iiII", blob, text_at)
        chars = min(chars, 10_000)
        start = body - 8 + offset  # offsets count from the record's start
        text = blob[start:start + 2 * chars].decode("utf-16-le", "ignore")
        if not text.strip():
            return
        t = self._transform()
        origin = t.map(QPointF(x, y))
        height = max(1.0, s.font_height * math.sqrt(abs(t.determinant())))
        font = QFont(s.font)
        font.setPixelSize(max(1, round(height * 0.8)))  # a font's height includes its internal leading
        self.p.save()
        self.p.setFont(font)
        self.p.setPen(s.text_color)
        self.p.translate(origin)
        if s.font_angle:
            self.p.rotate(-s.font_angle)
        metrics = self.p.fontMetrics()
        width = metrics.horizontalAdvance(text)
        dx = {6: -width / 2, 2: -width}.get(s.text_align & 6, 0.0)  # TA_CENTER, TA_RIGHT
        align_v = s.text_align & 24
        dy = metrics.ascent() if align_v == 0 else (0.0 if align_v == 24 else -metrics.descent())  # TOP, BASELINE, BOTTOM
        self.p.drawText(QPointF(dx, dy), text)
        self.p.restore()

    def _dib(self, pos: int, body: int, *, stretch: bool) -> None:
        blob = self.blob
        if stretch:
            dest_x, dest_y, _sx, _sy, src_w, src_h, off_bmi, cb_bmi, off_bits, cb_bits = \
                struct.unpack_from("<iiiiiiIIII", blob, body + 16)
            rop = struct.unpack_from("<I", blob, body + 16 + 40 + 4)[0]  # after the colour usage
            dest_w, dest_h = struct.unpack_from("<ii", blob, body + 16 + 40 + 8)
        else:
            dest_x, dest_y, dest_w, dest_h, rop = struct.unpack_from("<iiiiI", blob, body + 16)
            # after the raster op, the source origin, its transform, background colour and colour usage
            off_bmi, cb_bmi, off_bits, cb_bits = struct.unpack_from("<IIII", blob, body + 16 + 16 + 4 + 8 + 24 + 4 + 4)
        image: QImage | None = None
        if cb_bmi and cb_bits:
            header = blob[pos + off_bmi:pos + off_bmi + cb_bmi]
            bits = blob[pos + off_bits:pos + off_bits + cb_bits]
            # a DIB is a BMP without its 14-byte file header
            bmp = b"BM" + struct.pack("<IHHI", 14 + len(header) + len(bits), 0, 0, 14 + len(header)) + header + bits
            image = QImage.fromData(bmp)  # "BM": Qt detects the format
            if image.isNull():
                image = None
        t = self._transform()
        self._blit(t.mapRect(QRectF(dest_x, dest_y, dest_w, dest_h)), image, rop)

    def _blit(self, target: QRectF, image: QImage | None, rop: int) -> None:
        """Combine ``image`` (or the brush, or nothing) with what is drawn in ``target`` as the ternary raster
        operation ``rop`` says: the copies, fills and inversions, and the bitwise masks GDI programs draw
        transparent bitmaps with (an AND mask, then the picture OR-ed or XOR-ed in)."""
        op = (rop >> 16) & 0xFF
        p = self.p
        if op == 0xCC:  # SRCCOPY
            if image is not None:
                p.drawImage(target, image)
            return
        if op in (0x00, 0xFF):  # BLACKNESS, WHITENESS
            p.fillRect(target, QColor("#000000" if op == 0x00 else "#ffffff"))
            return
        if op == 0xF0:  # PATCOPY: the brush
            if self.state.brush.style() != Qt.BrushStyle.NoBrush:
                p.fillRect(target, self.state.brush)
            return
        mode = _ROPS.get(op)
        if mode is None or (image is None and op not in (0x55, 0x5A)):
            if image is not None:
                p.drawImage(target, image)  # an operation not listed: the picture as it is
            return
        p.save()
        # GDI combines bits with an opaque page: where nothing is drawn yet the page is white
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationOver)
        p.fillRect(target, QColor("#ffffff"))
        p.setCompositionMode(mode)
        if op == 0x55:  # DSTINVERT
            p.fillRect(target, QColor("#ffffff"))
        elif op == 0x5A:  # PATINVERT: the brush XOR-ed in
            p.fillRect(target, self.state.brush)
        elif image is not None:
            p.drawImage(target, image.convertToFormat(QImage.Format.Format_RGB32))
        p.restore()


_CM = QPainter.CompositionMode
# ternary raster operation index (the high word of a BitBlt code) → the Qt raster op doing the same
_ROPS = {
    0x88: _CM.RasterOp_SourceAndDestination,  # SRCAND
    0xEE: _CM.RasterOp_SourceOrDestination,  # SRCPAINT
    0x66: _CM.RasterOp_SourceXorDestination,  # SRCINVERT
    0x44: _CM.RasterOp_SourceAndNotDestination,  # SRCERASE
    0x33: _CM.RasterOp_NotSource,  # NOTSRCCOPY
    0x11: _CM.RasterOp_NotSourceAndNotDestination,  # NOTSRCERASE
    0xBB: _CM.RasterOp_NotSourceOrDestination,  # MERGEPAINT
    0x55: _CM.RasterOp_SourceXorDestination,  # DSTINVERT: white XOR-ed in
    0x5A: _CM.RasterOp_SourceXorDestination,  # PATINVERT
}


def draw_emf(blob: bytes, max_side: int) -> QImage | None:
    """The EMF ``blob`` drawn at most ``max_side`` pixels on its longer side (None when unreadable)."""
    if not is_emf(blob):
        return None
    left, top, right, bottom = struct.unpack_from("<4i", blob, 8)  # bounds, device units
    width, height = right - left + 1, bottom - top + 1
    if width <= 0 or height <= 0 or width > 1 << 20 or height > 1 << 20:
        return None
    points_w, points_h = emf_size(blob)
    # drawn at 150 dpi of the picture's own size, within max_side
    scale = min(max_side / max(width, height), (points_w / 72 * 150 / width) if points_w else 1.0)
    scale = max(scale, min(1.0, max_side / max(width, height)))
    out_w, out_h = max(1, round(width * scale)), max(1, round(height * scale))
    image = QImage(out_w, out_h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(255, 255, 255, 0))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    try:
        _Player(blob, p, QTransform(scale, 0, 0, scale, -left * scale, -top * scale)).play()
    finally:
        p.end()
    return image
