"""PPTX slides painted from their read shapes (UI thread: text is laid out with QTextDocument).

Text layout in a worker deadlocked against the window's own painting (docs/renderers.md), so the
worker only reads (:mod:`renderers.pptx._model`) and the UI thread draws what was read.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QTextCursor,
    QTextDocument,
    QTextOption,
)

from renderers._chart import paint_chart
from renderers._common import MAX_RENDER_PIXELS
from renderers._preset_shapes import paint_preset, preset_path, preset_text_rect
from renderers.pptx._model import EMU_PER_PT, Deck, Shape, Slide
from renderers.pptx._parts import ACCENT

__all__ = ["draw_slide", "paint_slide"]


def paint_slide(deck: Deck, index: int, width: int) -> QImage:
    """Read slide ``index`` if needed and draw it: one thread does both (``mira preview``). The window
    reads in a worker (:meth:`Deck.slide`) and draws with :func:`draw_slide` on the UI thread."""
    return draw_slide(deck, deck.slide(index), width)


def draw_slide(deck: Deck, slide: Slide, width: int) -> QImage:
    """UI thread: ``slide`` (already read) drawn ``width`` pixels wide; its text is laid out here."""
    scale = width / deck.width
    height = max(1, round(deck.height * scale))
    if width * height > MAX_RENDER_PIXELS:
        factor = math.sqrt(MAX_RENDER_PIXELS / (width * height))
        width, height, scale = int(width * factor), int(height * factor), scale * factor
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(slide.background))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    if slide.background_image is not None:
        x, y, w, h = slide.background_box
        target = QRectF(x * width, y * height, w * width, h * height)
        p.drawImage(target, _downscaled(slide.background_image, target))
    px_per_pt = EMU_PER_PT * scale
    for s in slide.shapes:
        rect = QRectF(s.x * scale, s.y * scale, s.w * scale, s.h * scale)
        _paint_shape(p, s, rect, px_per_pt)
    p.end()
    return image


def _downscaled(image: QImage, target: QRectF) -> QImage:
    """``image`` averaged down to the size it is drawn at when that is much smaller: the painter's
    bilinear sampling of a large picture skips pixels and shimmers (fine patterns, photographs)."""
    w, h = round(target.width()), round(target.height())
    if w < 1 or h < 1 or (image.width() < w * 1.5 and image.height() < h * 1.5):
        return image
    return image.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)


def _paint_shape(p: QPainter, s: Shape, rect: QRectF, px_per_pt: float) -> None:
    p.setPen(QPen(QColor(s.line), max(1.0, px_per_pt)) if s.line else Qt.PenStyle.NoPen)
    p.setBrush(QColor(s.fill) if s.fill else Qt.BrushStyle.NoBrush)
    adjust = dict(s.adjust)
    if (s.fill or s.line) and s.preset and s.preset != "rect":
        paint_preset(p, s.preset, rect, adjust=adjust)
    elif s.fill or s.line:
        if s.kind == "ellipse":
            p.drawEllipse(rect)
        elif s.kind == "roundrect":
            radius = min(rect.width(), rect.height()) * 0.16
            p.drawRoundedRect(rect, radius, radius)
        else:
            p.drawRect(rect)
    if s.kind == "picture":
        if s.image is not None:
            p.save()
            if s.preset:  # a picture in a shape (rounded corners, a star) shows only inside it
                outline = QPainterPath()
                for path, fill_mode, _stroked in preset_path(s.preset, rect, adjust):
                    if fill_mode != "none":
                        outline.addPath(path)
                if not outline.isEmpty():
                    p.setClipPath(outline, Qt.ClipOperation.IntersectClip)
            p.drawImage(rect, _downscaled(s.image, rect))
            p.restore()
        else:
            p.setPen(QPen(QColor("#9aa0a6"), 1, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect)
            if s.label:
                p.setPen(QColor("#5f6368"))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, f"[{s.label}]")
        return
    if s.kind == "table":
        _paint_table(p, s, rect, px_per_pt)
        return
    if s.kind == "chart" and s.chart is not None:
        paint_chart(p, rect, s.chart, px_per_pt)
        return
    if s.label:
        p.setPen(QColor("#5f6368"))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, s.label)
    if s.html:
        # text wraps in the preset's own text rectangle (inside an arrow's shaft, a callout's box), as Office does
        box = preset_text_rect(s.preset, rect, adjust) if s.preset else rect
        _paint_text(p, s.html, box, s.anchor, px_per_pt, s.insets, s.shrink, s.tabs, s.wrap)


_TAB_KIND = {"l": QTextOption.TabType.LeftTab, "r": QTextOption.TabType.RightTab,
             "ctr": QTextOption.TabType.CenterTab}


def _tab(px: float, algn: str) -> QTextOption.Tab:
    if algn == "dec":
        return QTextOption.Tab(px, QTextOption.TabType.DelimiterTab, ".")
    return QTextOption.Tab(px, _TAB_KIND.get(algn, QTextOption.TabType.LeftTab))


def _tab_stops(doc: QTextDocument, stops: tuple[tuple[tuple[float, str], ...], ...]) -> None:
    """Each paragraph's stops (``Shape.tabs``, pt from its first line's start, where Qt measures them from)
    set on its block; a decimal stop aligns the first '.' after the tab."""
    block = doc.begin()
    for line in stops:
        if not block.isValid():
            break
        if line:
            look = block.blockFormat()
            look.setTabPositions([_tab(pos * 96 / 72, algn) for pos, algn in line])
            QTextCursor(block).setBlockFormat(look)
        block = block.next()


def _paint_text(p: QPainter, body: str, rect: QRectF, anchor: str, px_per_pt: float,
                insets: tuple[float, float, float, float] = (7.2, 3.6, 7.2, 3.6), shrink: bool = False,
                tabs: tuple[tuple[tuple[float, str], ...], ...] = (), wrap: bool = True) -> None:
    doc = QTextDocument()
    font = doc.defaultFont()
    # a CJK font before a Latin one would make every line as tall as a CJK line
    font.setFamilies(["Noto Sans", "DejaVu Sans", "Noto Sans CJK SC"])
    doc.setDefaultFont(font)
    # HTML sizes are in pt; scale the painter so 1 pt lands on px_per_pt pixels
    zoom = px_per_pt * 72 / 96
    doc.setHtml(body)
    _tab_stops(doc, tabs)
    # the shape's insets (pt) in the document's px; setHtml resets the frame, so they are set after it
    frame = doc.rootFrame().frameFormat()
    left, top_in, right, bottom = (v * 96 / 72 for v in insets)
    frame.setLeftMargin(left)
    frame.setTopMargin(top_in)
    frame.setRightMargin(right)
    frame.setBottomMargin(bottom)
    doc.rootFrame().setFrameFormat(frame)
    past = _set_width(doc, rect.width() / zoom, wrap)
    text_h = doc.size().height() * zoom
    if shrink and text_h > rect.height() > 0:
        # "Shrink text on overflow" (normAutofit): PowerPoint fits the text to its box when it draws
        # it; scale it down until it fits (a smaller scale rewraps to fewer lines)
        for _ in range(4):
            scale = rect.height() / text_h
            if scale >= 0.995:
                break
            zoom *= scale
            past = _set_width(doc, rect.width() / zoom, wrap)
            text_h = doc.size().height() * zoom
    top = rect.top()
    if anchor == "middle":
        top += (rect.height() - text_h) / 2
    elif anchor == "bottom":
        top += rect.height() - text_h
    p.save()
    p.translate(rect.left() - past * zoom, top)
    p.scale(zoom, zoom)
    # Text without its own colour is the slide's default dark text, never the app palette's
    # (under the dark theme that would be near-white on a white slide).
    context = QAbstractTextDocumentLayout.PaintContext()
    context.palette.setColor(QPalette.ColorRole.Text, QColor("#000000"))
    doc.documentLayout().draw(p, context)
    p.restore()


def _set_width(doc: QTextDocument, width: float, wrap: bool) -> float:
    """Lay ``doc`` out ``width`` wide; unwrapped text (``wrap="none"``) as wide as its longest line when
    that is wider, reaching past the box as PowerPoint draws it: to the right of left-aligned text, both
    ways of centred text, to the left of right-aligned. Returns how far (doc px) it reaches left."""
    if wrap:
        doc.setTextWidth(width)
        return 0.0
    doc.setTextWidth(-1)
    natural = doc.idealWidth()
    if natural <= width:
        doc.setTextWidth(width)
        return 0.0
    doc.setTextWidth(natural)
    align = doc.begin().blockFormat().alignment()
    if align & Qt.AlignmentFlag.AlignHCenter:
        return (natural - width) / 2
    if align & Qt.AlignmentFlag.AlignRight:
        return natural - width
    return 0.0


def _row_height(font: QFont, row: tuple[str, ...], widths: list[float], px_per_pt: float) -> float:
    """The height a row's text needs in cells of ``widths`` with PowerPoint's cell insets (0.1 in, 0.05 in)."""
    metrics = QFontMetricsF(font)
    tallest = metrics.height()
    for text, width in zip(row, widths):
        box = QRectF(0, 0, max(1.0, width - 14.4 * px_per_pt), 1e6)
        tallest = max(tallest, metrics.boundingRect(box, Qt.TextFlag.TextWordWrap, text).height())
    return tallest + 7.2 * px_per_pt


def _paint_table(p: QPainter, s: Shape, rect: QRectF, px_per_pt: float) -> None:
    """A table in PowerPoint's default style (Medium Style 2): header row and banding only where the
    table switches them on, rows at the heights the file saves (a row saved without one as tall as its
    text), the cells' own fills over the style's."""
    if not s.rows:
        return
    total = sum(s.col_widths) or 1.0
    widths = [rect.width() * w / total for w in s.col_widths] or [rect.width()]
    header, banded = s.table_look
    try:
        size_pt = float(s.label)
    except ValueError:
        size_pt = 18.0
    font = p.font()
    font.setPixelSize(max(6, round(size_pt * px_per_pt)))
    saved = [h for h in s.row_heights if h > 0]
    scale = rect.width() / (sum(s.col_widths) or 1.0)
    if len(saved) == len(s.rows):
        heights = [h * scale for h in s.row_heights]
    else:
        # a row's saved height is its least (h="0": as tall as its text), as PowerPoint lays a table out;
        # the frame's own height is not the table's
        heights = [max(s.row_heights[r] * scale if r < len(s.row_heights) else 0.0,
                       _row_height(font, row, widths, px_per_pt)) for r, row in enumerate(s.rows)]
    y = rect.top()
    for r, row in enumerate(s.rows):
        x = rect.left()
        row_h = heights[r]
        is_header = header and r == 0
        body_index = r - (1 if header else 0)
        for c, text in enumerate(row[: len(widths)]):
            cell = QRectF(x, y, widths[c], row_h)
            own = s.cell_fills[r][c] if r < len(s.cell_fills) and c < len(s.cell_fills[r]) else None
            fill = own or (ACCENT if is_header else "#cfd5ea" if banded and body_index % 2 == 0 else "#e9ebf5")
            p.setPen(QPen(QColor("#ffffff"), 1))
            p.setBrush(QColor(fill))
            p.drawRect(cell)
            p.setPen(QColor("#ffffff" if is_header else "#000000"))
            font.setBold(is_header)
            p.setFont(font)
            p.drawText(cell.adjusted(7.2 * px_per_pt, 3.6 * px_per_pt, -7.2 * px_per_pt, -3.6 * px_per_pt),
                       Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap, text)
            x += widths[c]
        y += row_h
