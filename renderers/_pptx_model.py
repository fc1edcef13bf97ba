"""PPTX slides read into plain shapes and painted with QPainter (worker thread, no office suite).

What is drawn: slide size and solid backgrounds; text frames at their positions
with sizes, bold/italic, colours and alignment; pictures; tables; solid fills of
auto shapes (rectangles, rounded rectangles, ellipses); group transforms. Charts
and other graphics show as a labelled box. Sizes of what is decoded are bounded.
"""
from __future__ import annotations

import html
import math
import threading
from dataclasses import dataclass
from pathlib import Path

from pptx import Presentation
from pptx.enum.dml import MSO_FILL
from pptx.enum.shapes import MSO_SHAPE, MSO_SHAPE_TYPE, PP_PLACEHOLDER
from pptx.enum.text import PP_ALIGN
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QColor, QImage, QPainter, QPalette, QPen, QTextDocument

from renderers._common import MAX_PAGES, MAX_RENDER_PIXELS, ImageBudget, checked_path
from renderers._i18n import tr
from renderers._jobs import PreviewError

EMU_PER_PT = 12700
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
ACCENT = "#4472c4"  # Office default accent 1, used for styled shapes without an explicit fill


@dataclass(frozen=True)
class Shape:
    kind: str  # rect | ellipse | roundrect | text | picture | table | other
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    line: str | None = None
    html: str = ""  # text frame as HTML, sizes in pt
    anchor: str = "top"  # top | middle | bottom
    image: QImage | None = None
    rows: tuple[tuple[str, ...], ...] = ()
    col_widths: tuple[float, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class Slide:
    shapes: tuple[Shape, ...]
    background: str = "#ffffff"
    notes: str = ""
    text: str = ""


class Deck:
    """An open presentation; each slide is read into :class:`Slide` on first use (worker threads)."""

    def __init__(self, prs, count: int) -> None:  # noqa: ANN001 - a python-pptx Presentation
        self._prs = prs
        self.width = int(prs.slide_width or 12192000)
        self.height = int(prs.slide_height or 6858000)
        self.count = count
        self._slides: dict[int, Slide] = {}
        self._budget = ImageBudget()
        self._lock = threading.Lock()

    def slide(self, index: int) -> Slide:
        with self._lock:
            if index not in self._slides:
                self._slides[index] = _read_slide(self._prs.slides[index], self._budget)
            return self._slides[index]


def load(path: Path) -> Deck:
    """Open ``path``; slides are read when first shown. Raise PreviewError with one line."""
    checked_path(path, "pptx")
    try:
        prs = Presentation(str(path))
        count = min(len(prs.slides), MAX_PAGES)
    except Exception as exc:
        raise PreviewError(tr("{name}: the presentation could not be opened ({detail})", name=path.name, detail=type(exc).__name__)) from None
    if not count:
        raise PreviewError(tr("{name}: the presentation has no slides", name=path.name))
    return Deck(prs, count)


def _read_slide(slide, budget: ImageBudget) -> Slide:  # noqa: ANN001
    shapes: list[Shape] = []
    texts: list[str] = []
    # What the template draws under every slide (bars, logos): master, then layout, unless hidden.
    for owner in _inherited_owners(slide):
        for shape in owner.shapes:
            if not shape.is_placeholder:
                _collect(shape, (0.0, 0.0, 1.0, 1.0), shapes, [], budget)
    for shape in slide.shapes:
        _collect(shape, (0.0, 0.0, 1.0, 1.0), shapes, texts, budget)
    notes = ""
    if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
        notes = slide.notes_slide.notes_text_frame.text
    background = next((bg for bg in map(_background, (slide, *reversed(_owners(slide)))) if bg), "#ffffff")
    return Slide(tuple(shapes), background, notes, "\n".join(texts))


def _owners(slide) -> tuple:  # noqa: ANN001
    """(master, layout) of a slide, when python-pptx can resolve them."""
    try:
        layout = slide.slide_layout
        return (layout.slide_master, layout)
    except (AttributeError, KeyError):
        return ()


def _inherited_owners(slide) -> list:  # noqa: ANN001
    """Master and layout whose own shapes show on this slide (``showMasterSp`` not "0")."""
    owners = _owners(slide)
    if not owners or slide._element.get("showMasterSp") in ("0", "false"):
        return []
    master, layout = owners
    shown = [layout]
    if layout._element.get("showMasterSp") not in ("0", "false"):
        shown.insert(0, master)
    return shown


def _collect(shape, tf: tuple[float, float, float, float], out: list[Shape],  # noqa: ANN001, C901
             texts: list[str], budget: ImageBudget) -> None:
    ox, oy, sx, sy = tf
    if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
        xfrm = shape._element.grpSpPr.find("{http://schemas.openxmlformats.org/drawingml/2006/main}xfrm")
        try:
            ch_off, ch_ext = xfrm.chOff, xfrm.chExt
            gsx = shape.width / ch_ext.cx if ch_ext.cx else 1.0
            gsy = shape.height / ch_ext.cy if ch_ext.cy else 1.0
            inner = (ox + sx * (shape.left - ch_off.x * gsx), oy + sy * (shape.top - ch_off.y * gsy), sx * gsx, sy * gsy)
        except AttributeError:
            inner = tf
        for child in shape.shapes:
            _collect(child, inner, out, texts, budget)
        return
    if shape.left is None or shape.width is None:
        return  # an inherited placeholder position; nothing we can place honestly
    x, y = ox + sx * shape.left, oy + sy * shape.top
    w, h = sx * shape.width, sy * (shape.height or 0)
    if shape.shape_type == MSO_SHAPE_TYPE.PICTURE:
        try:
            image, reason = budget.decode(shape.image.blob)
        except (AttributeError, KeyError, ValueError):  # a picture whose part is missing
            image, reason = None, tr("picture")
        out.append(Shape("picture", x, y, w, h, image=image, label=reason))
        return
    if getattr(shape, "has_table", False) and shape.has_table:
        table = shape.table
        rows = tuple(tuple(cell.text for cell in row.cells) for row in table.rows)
        texts.extend(" | ".join(r) for r in rows)
        widths = tuple(float(c.width) for c in table.columns)
        out.append(Shape("table", x, y, w, h, rows=rows, col_widths=widths))
        return
    if getattr(shape, "has_chart", False) and shape.has_chart:
        title = ""
        try:
            if shape.chart.has_title:
                title = shape.chart.chart_title.text_frame.text
        except Exception:  # noqa: BLE001 - the title is decoration
            title = ""
        out.append(Shape("other", x, y, w, h, fill="#f1f3f4", line="#9aa0a6", label=tr("Chart {title}", title=title).strip()))
        return
    kind, fill, line = "text", None, None
    if shape.shape_type == MSO_SHAPE_TYPE.AUTO_SHAPE:
        kind = "rect"
        try:
            auto = shape.auto_shape_type
            kind = {MSO_SHAPE.OVAL: "ellipse", MSO_SHAPE.ROUNDED_RECTANGLE: "roundrect"}.get(auto, "rect")
        except (NotImplementedError, ValueError):
            pass
        fill = _fill(shape)
        if fill is None and shape._element.find("{http://schemas.openxmlformats.org/presentationml/2006/main}style") is not None:
            fill, line = ACCENT, "#2f528f"
    elif getattr(shape, "fill", None) is not None:
        fill = _fill(shape)
    body, anchor = "", "top"
    if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
        body, plain = _text_html(shape, white=fill == ACCENT, centered=kind != "text")
        texts.append(plain)
        anchor = "middle" if kind != "text" or _is_title(shape) else "top"
    out.append(Shape(kind, x, y, w, h, fill=fill, line=line, html=body, anchor=anchor))


def _is_title(shape) -> bool:  # noqa: ANN001
    if not shape.is_placeholder:
        return False
    try:
        return shape.placeholder_format.type in (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE)
    except ValueError:
        return False


def _default_size(shape, level: int) -> float:  # noqa: ANN001
    if shape.is_placeholder:
        try:
            ph = shape.placeholder_format.type
        except ValueError:
            ph = None
        if ph in (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE):
            return 40.0
        if ph == PP_PLACEHOLDER.SUBTITLE:
            return 24.0
        return max(14.0, 28.0 - 4 * level)
    return 18.0


def _font_scale(shape) -> float:  # noqa: ANN001
    """PowerPoint's shrink-on-overflow factor (``<a:normAutofit fontScale="62500"/>``)."""
    autofit = shape.text_frame._txBody.find(f"{{{_A}}}bodyPr/{{{_A}}}normAutofit")
    try:
        scale = int(autofit.get("fontScale", "100000")) / 100000 if autofit is not None else 1.0
    except ValueError:
        return 1.0
    return min(max(scale, 0.1), 1.0)


def _text_html(shape, *, white: bool, centered: bool) -> tuple[str, str]:  # noqa: ANN001
    paras, plain = [], []
    shrink = _font_scale(shape)
    title = _is_title(shape)
    subtitle = _is_subtitle(shape)
    body_placeholder = shape.is_placeholder and not title and not subtitle
    for p in shape.text_frame.paragraphs:
        plain.append(p.text)
        runs = []
        for r in p.runs:
            f = r.font
            size = (f.size.pt if f.size is not None else _default_size(shape, p.level)) * shrink
            style = [f"font-size:{size:.1f}pt"]
            color = _rgb(f.color) or ("#ffffff" if white else None)
            if color:
                style.append(f"color:{color}")
            text = html.escape(r.text).replace("\v", "<br/>")
            if f.bold:
                text = f"<b>{text}</b>"
            if f.italic:
                text = f"<i>{text}</i>"
            if f.underline:
                text = f"<u>{text}</u>"
            runs.append(f"<span style='{';'.join(style)}'>{text}</span>")
        align = {PP_ALIGN.CENTER: "center", PP_ALIGN.RIGHT: "right", PP_ALIGN.JUSTIFY: "justify"}.get(
            p.alignment, "center" if centered or subtitle or (
                title and shape.placeholder_format.type == PP_PLACEHOLDER.CENTER_TITLE) else "left")
        bullet = "• " if body_placeholder and p.text.strip() else ""
        indent = 24 * p.level
        size = _default_size(shape, p.level) * shrink
        content = "".join(runs) or "&nbsp;"
        paras.append(f"<p align='{align}' style='margin:0; margin-left:{indent}pt; font-size:{size:.1f}pt'>"
                     f"{bullet}{content}</p>")
    return "".join(paras), "\n".join(plain)


def _is_subtitle(shape) -> bool:  # noqa: ANN001
    try:
        return shape.placeholder_format.type == PP_PLACEHOLDER.SUBTITLE
    except ValueError:
        return False


def _rgb(color) -> str | None:  # noqa: ANN001
    try:
        if color is not None and color.type is not None and color.rgb is not None:
            return f"#{color.rgb}"
    except (AttributeError, TypeError, ValueError):
        return None
    return None


def _fill(shape) -> str | None:  # noqa: ANN001
    try:
        if shape.fill.type == MSO_FILL.SOLID:
            return _rgb(shape.fill.fore_color) or ACCENT
        if shape.fill.type == MSO_FILL.BACKGROUND:
            return None
    except (AttributeError, TypeError, ValueError, NotImplementedError):
        return None
    return None


def _background(owner) -> str:  # noqa: ANN001 - a slide, layout or master
    """An explicit solid background colour, or "" to look further up (layout, master)."""
    # Only read an explicit <p:bg>; python-pptx would add one if we asked for .background.
    if owner._element.cSld.bg is None:
        return ""
    try:
        fill = owner.background.fill
        if fill.type == MSO_FILL.SOLID:
            return _rgb(fill.fore_color) or ""
    except (AttributeError, TypeError, ValueError, NotImplementedError):
        pass
    return ""


def paint_slide(deck: Deck, index: int, width: int) -> QImage:
    """Draw slide ``index`` of ``deck`` ``width`` pixels wide (safe in a worker thread)."""
    slide = deck.slide(index)
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
    px_per_pt = EMU_PER_PT * scale
    for s in slide.shapes:
        rect = QRectF(s.x * scale, s.y * scale, s.w * scale, s.h * scale)
        _paint_shape(p, s, rect, px_per_pt)
    p.end()
    return image


def _paint_shape(p: QPainter, s: Shape, rect: QRectF, px_per_pt: float) -> None:
    p.setPen(QPen(QColor(s.line), max(1.0, px_per_pt)) if s.line else Qt.PenStyle.NoPen)
    p.setBrush(QColor(s.fill) if s.fill else Qt.BrushStyle.NoBrush)
    if s.fill or s.line:
        if s.kind == "ellipse":
            p.drawEllipse(rect)
        elif s.kind == "roundrect":
            radius = min(rect.width(), rect.height()) * 0.16
            p.drawRoundedRect(rect, radius, radius)
        else:
            p.drawRect(rect)
    if s.kind == "picture":
        if s.image is not None:
            p.drawImage(rect, s.image)
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
    if s.label:
        p.setPen(QColor("#5f6368"))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, s.label)
    if s.html:
        _paint_text(p, s.html, rect, s.anchor, px_per_pt)


def _paint_text(p: QPainter, body: str, rect: QRectF, anchor: str, px_per_pt: float) -> None:
    doc = QTextDocument()
    doc.setDocumentMargin(7.2 * px_per_pt)  # PowerPoint's default inset of 0.1 in
    font = doc.defaultFont()
    font.setFamilies(["Noto Sans", "Noto Sans CJK SC", "DejaVu Sans"])
    doc.setDefaultFont(font)
    # HTML sizes are in pt; scale the painter so 1 pt lands on px_per_pt pixels
    zoom = px_per_pt * 72 / 96
    doc.setHtml(body)
    doc.setTextWidth(rect.width() / zoom)
    text_h = doc.size().height() * zoom
    top = rect.top()
    if anchor == "middle":
        top += (rect.height() - text_h) / 2
    elif anchor == "bottom":
        top += rect.height() - text_h
    p.save()
    p.translate(rect.left(), top)
    p.scale(zoom, zoom)
    # Text without its own colour is the slide's default dark text, never the app palette's
    # (under the dark theme that would be near-white on a white slide).
    context = QAbstractTextDocumentLayout.PaintContext()
    context.palette.setColor(QPalette.ColorRole.Text, QColor("#000000"))
    doc.documentLayout().draw(p, context)
    p.restore()


def _paint_table(p: QPainter, s: Shape, rect: QRectF, px_per_pt: float) -> None:
    if not s.rows:
        return
    total = sum(s.col_widths) or 1.0
    widths = [rect.width() * w / total for w in s.col_widths] or [rect.width()]
    row_h = rect.height() / len(s.rows)
    font = p.font()
    font.setPixelSize(max(6, int(min(row_h * 0.45, 14 * px_per_pt))))
    p.setFont(font)
    for r, row in enumerate(s.rows):
        x = rect.left()
        for c, text in enumerate(row[: len(widths)]):
            cell = QRectF(x, rect.top() + r * row_h, widths[c], row_h)
            p.setPen(QPen(QColor("#ffffff"), 1))
            p.setBrush(QColor(ACCENT if r == 0 else ("#cfd5ea" if r % 2 else "#e9ebf5")))
            p.drawRect(cell)
            p.setPen(QColor("#ffffff" if r == 0 else "#202124"))
            font.setBold(r == 0)
            p.setFont(font)
            p.drawText(cell.adjusted(4, 2, -4, -2),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap, text)
            x += widths[c]
