"""PPTX slides read into plain shapes (worker thread, no office suite); _pptx_paint draws them.

What is drawn: slide size, solid and picture backgrounds; text frames at their
positions with sizes, bold/italic, colours, alignment, line breaks and fields (slide
numbers); pictures, video poster frames, OLE preview images and the fallback picture
of ``mc:AlternateContent`` (ink, newer shapes); SmartArt from its saved drawing;
charts from their cached values; tables; solid fills of auto shapes (rectangles,
rounded rectangles, ellipses); group transforms. Anything else shows as a labelled
box. Sizes of what is decoded are bounded. Reading happens in a worker; painting lays text
out, so it happens on the UI thread (see docs/renderers.md).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Union

from pptx import Presentation
from pptx.enum.dml import MSO_FILL
from pptx.enum.shapes import MSO_SHAPE, MSO_SHAPE_TYPE
from pptx.shapes.autoshape import Shape as AutoShape
from pptx.shapes.graphfrm import GraphicFrame
from pptx.shapes.group import GroupShape
from pptx.package import Package
from pptx.parts.presentation import PresentationPart
from PySide6.QtGui import QImage

from renderers._chart import ChartData, read_chart
from renderers._common import MAX_PAGES, ImageBudget, checked_path, isolated_check
from renderers._i18n import tr
from renderers._jobs import PreviewError
from renderers.pptx._ink import ink_on
from renderers._preset_shapes import adjustments, custom_geometry
from renderers.pptx._parts import (
    ACCENT,
    SlideContext,
    fallback_blip,
    iter_shapes,
    part_image,
    rgb,
    smartart_shapes,
    text_anchor,
    text_html,
    text_insets,
    text_shrinks,
    text_wraps,
)
from skills.api import drawingml_color
from renderers.pptx._styles import TextStyles

if TYPE_CHECKING:
    from lxml import etree
    from pptx.presentation import Presentation as PresentationObj
    from pptx.shapes.base import BaseShape
    from pptx.slide import Slide as PptxSlide
    from pptx.slide import SlideLayout, SlideMaster
    from pptx.table import _Cell

    # what draws under a slide: the slide itself, its layout or its master
    Owner = Union[PptxSlide, SlideLayout, SlideMaster]

EMU_PER_PT = 12700
_PNS = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_PIC = "{http://schemas.openxmlformats.org/presentationml/2006/main}pic"
_SMARTART = "http://schemas.openxmlformats.org/drawingml/2006/diagram"


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
    chart: ChartData | None = None
    insets: tuple[float, float, float, float] = (7.2, 3.6, 7.2, 3.6)  # text insets in pt: left, top, right, bottom
    shrink: bool = False  # the text shrinks to fit its box (normAutofit)
    wrap: bool = True  # lines wrap at the box's width (bodyPr wrap="none": they run on past it)
    preset: str = ""  # the outline's preset geometry (a:prstGeom prst), "" for the kind's own
    adjust: tuple[tuple[str, float], ...] = ()  # the preset's own adjustments (a:avLst), by name
    row_heights: tuple[float, ...] = ()  # a table's row heights (EMU) as the file saves them
    table_look: tuple[bool, bool] = (True, True)  # a table's header row and banded rows switched on
    cell_fills: tuple[tuple[str | None, ...], ...] = ()  # each cell's own solid fill
    # per paragraph of ``html``, the tab stops (pt from the line's start, alignment) its tabs go to
    tabs: tuple[tuple[tuple[float, str], ...], ...] = ()


@dataclass(frozen=True)
class Slide:
    shapes: tuple[Shape, ...]
    background: str = "#ffffff"
    notes: str = ""
    text: str = ""
    background_image: QImage | None = None
    # where the picture goes, as shares of the slide (x, y, w, h): its a:stretch/a:fillRect
    background_box: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)


class Deck:
    """An open presentation; each slide is read into :class:`Slide` on first use (worker threads)."""

    def __init__(self, prs: PresentationObj, count: int) -> None:
        self._prs = prs
        self.width = int(prs.slide_width or 12192000)
        self.height = int(prs.slide_height or 6858000)
        self.count = count
        self._slides: dict[int, Slide] = {}
        self._budget = ImageBudget()
        self._styles = TextStyles(prs)
        self._lock = threading.Lock()

    def slide(self, index: int) -> Slide:
        with self._lock:
            if index not in self._slides:
                slide = self._prs.slides[index]
                ctx = SlideContext(budget=self._budget, number=index + 1, slide=slide, styles=self._styles)
                self._slides[index] = _read_slide(slide, ctx)
            return self._slides[index]

    def read(self, index: int) -> Slide | None:
        """Slide ``index`` if a worker has read it already, else None (never reads: UI thread)."""
        return self._slides.get(index)  # no lock: a worker reading another slide must not stall the UI


def load(path: Path) -> Deck:
    """Open ``path``; slides are read when first shown. Raise PreviewError with one line."""
    checked_path(path, "pptx")
    isolated_check(path)  # a parser crash on this file happens in the worker, not here
    try:
        # Templates (.potx) carry the same presentation part; Presentation() refuses them by
        # content type only, so the part is taken from the package (as skills' open_deck does).
        part = Package.open(str(path)).main_document_part
        prs = part.presentation if isinstance(part, PresentationPart) else Presentation(str(path))
        count = min(len(prs.slides), MAX_PAGES)
    except Exception as exc:  # noqa: BLE001 - any parser failure is the preview's one clear error
        raise PreviewError(tr("{name}: the presentation could not be opened ({detail})", name=path.name, detail=type(exc).__name__)) from None
    if not count:
        raise PreviewError(tr("{name}: the presentation has no slides", name=path.name))
    return Deck(prs, count)


def _read_slide(slide: PptxSlide, ctx: SlideContext) -> Slide:
    shapes: list[Shape] = []
    texts: list[str] = []
    # What the template draws under every slide (bars, logos): master, then layout, unless hidden.
    for owner in _inherited_owners(slide):
        for shape in iter_shapes(owner.shapes):
            if not shape.is_placeholder:
                _collect(shape, (0.0, 0.0, 1.0, 1.0), shapes, [], ctx)
    for shape in iter_shapes(slide.shapes):
        _collect(shape, (0.0, 0.0, 1.0, 1.0), shapes, texts, ctx)
    for ink in ink_on(slide):  # pen strokes saved without a fallback picture
        shapes.append(Shape(kind="picture", x=ink.x, y=ink.y, w=ink.w, h=ink.h, image=ink.image))
    notes = ""
    if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
        notes = slide.notes_slide.notes_text_frame.text
    background, picture, box = "#ffffff", None, (0.0, 0.0, 1.0, 1.0)
    for owner in (slide, *reversed(_owners(slide))):
        color, picture = _background(owner, ctx)
        if color or picture is not None:
            background = color or background
            if picture is not None:
                picture, box = _fitted(owner._element.cSld.bg, picture)
            break
    return Slide(tuple(shapes), background, notes, "\n".join(texts), picture, box)


def _shares(el: etree._Element | None, default: float = 0.0) -> tuple[float, float, float, float]:
    """An ``a:srcRect``/``a:fillRect``'s l, t, r, b as shares (1/100,000ths in the file)."""
    if el is None:
        return default, default, default, default
    out = []
    for side in ("l", "t", "r", "b"):
        try:
            out.append(int(el.get(side, "0")) / 100000)
        except ValueError:
            out.append(0.0)
    return out[0], out[1], out[2], out[3]


def _fitted(bg: etree._Element | None, image: QImage) -> tuple[QImage, tuple[float, float, float, float]]:
    """A background picture cropped by its ``a:srcRect`` and the box its ``a:fillRect`` stretches it to
    (negative insets reach past the slide's edges, which cut it)."""
    fill = next(bg.iter(f"{{{_A}}}blipFill"), None) if bg is not None else None
    if fill is None:
        return image, (0.0, 0.0, 1.0, 1.0)
    image = _cropped(image, fill.find(f"{{{_A}}}srcRect"))
    left, top, right, bottom = _shares(fill.find(f"{{{_A}}}stretch/{{{_A}}}fillRect"))
    if left + right >= 1 or top + bottom >= 1:
        return image, (0.0, 0.0, 1.0, 1.0)
    return image, (left, top, 1 - left - right, 1 - top - bottom)


def _cropped(image: QImage, src: etree._Element | None) -> QImage:
    """The part of a picture its ``a:srcRect`` shows in the frame (ECMA-376 20.1.8.55: each edge a share of
    the picture inward; a negative one reaches past the picture, which is left empty there)."""
    left, top, right, bottom = _shares(src)
    if not any((left, top, right, bottom)) or left + right >= 1 or top + bottom >= 1:
        return image
    w, h = image.width(), image.height()
    if min(left, top, right, bottom) < 0:
        image = image.convertToFormat(QImage.Format.Format_ARGB32)  # the part past the picture: transparent
    return image.copy(round(left * w), round(top * h), max(1, round((1 - left - right) * w)),
                      max(1, round((1 - top - bottom) * h)))


def _owners(slide: PptxSlide) -> tuple[()] | tuple[SlideMaster, SlideLayout]:
    """(master, layout) of a slide, when python-pptx can resolve them."""
    try:
        layout = slide.slide_layout
        return (layout.slide_master, layout)
    except (AttributeError, KeyError):
        return ()


def _inherited_owners(slide: PptxSlide) -> list[Owner]:
    """Master and layout whose own shapes show on this slide (``showMasterSp`` not "0")."""
    owners = _owners(slide)
    if not owners or slide._element.get("showMasterSp") in ("0", "false"):
        return []
    master, layout = owners
    shown: list[Owner] = [layout]
    if layout._element.get("showMasterSp") not in ("0", "false"):
        shown.insert(0, master)
    return shown


def _collect(shape: BaseShape, tf: tuple[float, float, float, float], out: list[Shape],
             texts: list[str], ctx: SlideContext) -> None:
    ox, oy, sx, sy = tf
    if isinstance(shape, GroupShape):  # python-pptx's class for every p:grpSp (shape_type GROUP)
        xfrm = shape._element.grpSpPr.find(f"{{{_A}}}xfrm")
        try:
            ch_off, ch_ext = xfrm.chOff, xfrm.chExt
            gsx = shape.width / ch_ext.cx if ch_ext.cx else 1.0
            gsy = shape.height / ch_ext.cy if ch_ext.cy else 1.0
            inner = (ox + sx * (shape.left - ch_off.x * gsx), oy + sy * (shape.top - ch_off.y * gsy), sx * gsx, sy * gsy)
        except (AttributeError, TypeError):  # no a:xfrm, or one without a:off (python-pptx's left is None)
            inner = tf
        for child in iter_shapes(shape.shapes):
            _collect(child, inner, out, texts, ctx)
        return
    if shape.left is None or shape.width is None:
        return  # an inherited placeholder position; nothing we can place honestly
    x, y = ox + sx * shape.left, oy + sy * shape.top
    w, h = sx * shape.width, sy * (shape.height or 0)
    if shape._element.tag == _PIC:  # pictures, and the poster frame of a video or audio clip
        image, reason = fallback_blip(shape, ctx.budget)
        fill = shape._element.find(f"{_PNS}blipFill")
        if image is not None and fill is not None:
            image = _cropped(image, fill.find(f"{{{_A}}}srcRect"))
        geom = shape._element.find(f"{_PNS}spPr/{{{_A}}}prstGeom")
        preset = geom.get("prst", "") if geom is not None else ""
        out.append(Shape("picture", x, y, w, h, image=image, label=reason or tr("picture"),
                         preset="" if preset == "rect" else preset,
                         adjust=tuple(adjustments(geom).items()) if preset not in ("", "rect") else ()))
        return
    if isinstance(shape, GraphicFrame) and shape.has_table:
        table = shape.table
        rows = tuple(tuple(cell.text for cell in row.cells) for row in table.rows)
        texts.extend(" | ".join(r) for r in rows)
        widths = tuple(float(table.columns[i].width) for i in range(len(table.columns)))
        heights = tuple(float(r.height or 0) * sy for r in table.rows)
        tbl_pr = table._tbl.tblPr
        flags = (tbl_pr.get("firstRow") in ("1", "true"), tbl_pr.get("bandRow") in ("1", "true")) \
            if tbl_pr is not None else (False, False)
        fills = tuple(tuple(_cell_fill(cell) for cell in row.cells) for row in table.rows)
        sizes = [float(sz) / 100 for sz in (r.get("sz") for r in table._tbl.iter(f"{{{_A}}}rPr", f"{{{_A}}}endParaRPr"))
                 if sz and sz.isdigit()]
        out.append(Shape("table", x, y, w, h, rows=rows, col_widths=widths, row_heights=heights,
                         table_look=flags, cell_fills=fills, label=f"{(sizes[0] if sizes else 18.0):g}"))
        return
    if isinstance(shape, GraphicFrame) and shape.has_chart:
        try:
            scheme = ctx.styles.colors(ctx.slide) if ctx.styles is not None and ctx.slide is not None else None
            chart = read_chart(shape.chart_part.blob, scheme)
        except (KeyError, AttributeError, ValueError):
            chart = None
        if chart is not None:
            texts.append(chart.title)
            out.append(Shape("chart", x, y, w, h, chart=chart, label=chart.title))
        else:
            out.append(Shape("other", x, y, w, h, fill="#f1f3f4", line="#9aa0a6", label=tr("Chart")))
        return
    if shape.shape_type in (MSO_SHAPE_TYPE.EMBEDDED_OLE_OBJECT, MSO_SHAPE_TYPE.LINKED_OLE_OBJECT) \
            or (shape._element.tag.endswith("graphicFrame") and _SMARTART not in _graphic_uri(shape)):
        image, reason = fallback_blip(shape, ctx.budget)  # the preview image Office saved with the object
        out.append(Shape("picture", x, y, w, h, image=image, label=reason or tr("embedded object")))
        return
    if shape._element.tag.endswith("graphicFrame"):
        boxes = smartart_shapes(shape)
        fx, fy = w / shape.width if shape.width else 1.0, h / (shape.height or 1)
        for box in boxes:
            texts.append(box["text"])
            out.append(Shape(box["kind"], x + box["x"] * fx, y + box["y"] * fy, box["w"] * fx, box["h"] * fy,
                             fill=box["fill"], html=box["html"], anchor="middle"))
        if not boxes:
            out.append(Shape("other", x, y, w, h, fill="#f1f3f4", line="#9aa0a6", label=tr("Diagram")))
        return
    kind, fill, line, preset = "text", None, None, ""
    adjust: tuple[tuple[str, float], ...] = ()
    if isinstance(shape, AutoShape) and shape.shape_type == MSO_SHAPE_TYPE.AUTO_SHAPE:
        kind = "rect"
        try:
            auto = shape.auto_shape_type
            kind = {MSO_SHAPE.OVAL: "ellipse", MSO_SHAPE.ROUNDED_RECTANGLE: "roundrect"}.get(auto, "rect")
        except (NotImplementedError, ValueError):
            pass
        fill, line = _fill(shape, ctx), _line(shape, ctx)
        geom = shape._element.find(f"{_PNS}spPr/{{{_A}}}prstGeom")
        preset = geom.get("prst", "") if geom is not None else ""
        adjust = tuple(adjustments(geom).items())
    elif getattr(shape, "fill", None) is not None:
        fill, line = _fill(shape, ctx), _line(shape, ctx)
        drawn = shape._element.find(f"{_PNS}spPr/{{{_A}}}custGeom")  # a freeform: its own paths
        if drawn is not None:
            preset = custom_geometry(drawn)
    body, anchor, insets = "", "top", (7.2, 3.6, 7.2, 3.6)
    tabs: tuple[tuple[tuple[float, str], ...], ...] = ()
    if isinstance(shape, AutoShape) and shape.has_text_frame:
        body, plain, tabs = text_html(shape, ctx, white=fill == ACCENT, centered=kind != "text")
        texts.append(plain)
        anchor = text_anchor(shape, ctx, "middle" if kind != "text" else "top")
        insets = text_insets(shape, ctx)
    out.append(Shape(kind, x, y, w, h, fill=fill, line=line, html=body, anchor=anchor, insets=insets,
                     shrink=text_shrinks(shape, ctx), wrap=text_wraps(shape, ctx), preset=preset, adjust=adjust,
                     tabs=tabs))


def _cell_fill(cell: _Cell) -> str | None:
    """A cell's own solid fill (``a:tcPr/a:solidFill``, sRGB only), or None."""
    tc_pr = cell._tc.tcPr
    fill = tc_pr.find(f"{{{_A}}}solidFill") if tc_pr is not None else None
    srgb = fill.find(f"{{{_A}}}srgbClr") if fill is not None else None
    value = srgb.get("val", "") if srgb is not None else ""
    return f"#{value.lower()}" if len(value) == 6 else None


def _graphic_uri(shape: BaseShape) -> str:
    data = shape._element.find(f".//{{{_A}}}graphicData")
    return data.get("uri", "") if data is not None else ""


def _fill(shape: BaseShape, ctx: SlideContext) -> str | None:
    """The shape's fill colour: its own ``spPr`` fill (scheme colours through the theme), else the
    colour its theme style (``p:style/a:fillRef``) names; None for no fill."""
    sppr = shape._element.find(f"{_PNS}spPr")
    colors = ctx.styles.colors(ctx.slide) if ctx.styles is not None and ctx.slide is not None else {}
    if sppr is not None:
        for child in sppr:
            tag = child.tag
            if tag == f"{{{_A}}}noFill":
                return None
            if tag == f"{{{_A}}}solidFill":
                return _color_of(child, colors) or ACCENT
            if tag == f"{{{_A}}}gradFill":
                stop = next(child.iter(f"{{{_A}}}gs"), None)
                return (_color_of(stop, colors) if stop is not None else "") or ACCENT
            if tag in (f"{{{_A}}}blipFill", f"{{{_A}}}pattFill", f"{{{_A}}}grpFill"):
                return None
    ref = shape._element.find(f"{_PNS}style/{{{_A}}}fillRef")
    if ref is not None and ref.get("idx", "0") not in ("0", ""):
        return _color_of(ref, colors) or ACCENT
    return None


def _line(shape: BaseShape, ctx: SlideContext) -> str | None:
    """The outline colour: ``spPr/a:ln`` (none for ``a:noFill``), else the theme style's ``lnRef``."""
    colors = ctx.styles.colors(ctx.slide) if ctx.styles is not None and ctx.slide is not None else {}
    ln = shape._element.find(f"{_PNS}spPr/{{{_A}}}ln")
    if ln is not None:
        if ln.find(f"{{{_A}}}noFill") is not None:
            return None
        solid = ln.find(f"{{{_A}}}solidFill")
        if solid is not None:
            return _color_of(solid, colors) or None
    ref = shape._element.find(f"{_PNS}style/{{{_A}}}lnRef")
    if ref is not None and ref.get("idx", "0") not in ("0", ""):
        return _color_of(ref, colors) or None
    return None


def _color_of(parent: etree._Element, colors: dict[str, str]) -> str:
    for child in parent:
        if isinstance(child.tag, str) and child.tag.endswith("Clr"):
            return drawingml_color(child, colors)
    return ""


def _background(owner: Owner, ctx: SlideContext) -> tuple[str, QImage | None]:
    """An explicit background: (solid or first gradient colour, picture); ("", None) to look further up."""
    # Only read an explicit <p:bg>; python-pptx would add one if we asked for .background.
    bg = owner._element.cSld.bg
    if bg is None:
        return "", None
    blip = next(bg.iter(f"{{{_A}}}blip"), None)
    rid = blip.get("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed") if blip is not None else None
    if rid:
        image, _reason = part_image(owner.part, rid, ctx.budget)
        if image is not None:
            return "", image
    colors = ctx.styles.colors(ctx.slide) if ctx.styles is not None and ctx.slide is not None else {}
    stop = next(bg.iter(f"{{{_A}}}gs"), None)
    if stop is not None:
        color = _color_of(stop, colors)
        if color:
            return color, None
    for holder in (bg.find(f"{_PNS}bgPr/{{{_A}}}solidFill"), bg.find(f"{_PNS}bgRef")):
        color = _color_of(holder, colors) if holder is not None else ""
        if color:
            return color, None
    try:
        fill = owner.background.fill
        if fill.type == MSO_FILL.SOLID:
            return rgb(fill.fore_color) or "", None
    except (AttributeError, TypeError, ValueError, NotImplementedError):
        pass
    return "", None
