"""What python-pptx's shape API does not hand out: ``mc:AlternateContent`` fallbacks, picture
fallbacks of OLE objects and media, SmartArt's saved drawing, and text with line breaks and
fields (slide numbers). Read-only, no widgets; used by :mod:`renderers.pptx._model`."""
from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from lxml import etree
from pptx.enum.shapes import PP_PLACEHOLDER
from pptx.enum.text import PP_ALIGN
from pptx.text.text import _Run
from PySide6.QtGui import QImage

from renderers._common import ImageBudget
from skills.api import drawingml_color, family_css
from renderers.pptx._styles import RunStyle, TextStyles, autonumber
from renderers.pptx._tabs import line_stops

if TYPE_CHECKING:
    from pptx.dml.color import ColorFormat
    from pptx.shapes.autoshape import Shape as AutoShape
    from pptx.shapes.base import BaseShape
    from pptx.shapes.shapetree import _BaseShapes
    from pptx.slide import Slide

_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_DGM = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}"
_DSP = "{http://schemas.microsoft.com/office/drawing/2008/diagram}"
_SHAPE_TAGS = {f"{_P}{t}" for t in ("sp", "grpSp", "graphicFrame", "cxnSp", "pic")}
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
ACCENT = "#4472c4"  # Office default accent 1, used for styled shapes without an explicit fill
MAX_DIAGRAM_SHAPES = 300


@dataclass
class SlideContext:
    """Per slide: its number (for slide-number fields), the deck's picture budget, and the slide with the
    deck's text inheritance (master → layout → placeholder) its text is styled by."""

    budget: ImageBudget
    number: int
    slide: Slide | None = None
    styles: TextStyles | None = None


def iter_shapes(shapes: _BaseShapes) -> Iterator[BaseShape]:
    """The shapes of a tree as python-pptx shapes, including those inside ``mc:AlternateContent``
    (python-pptx skips them): the Fallback's shapes, which Office writes for readers like us."""
    for el in shapes._spTree.iterchildren():
        if el.tag in _SHAPE_TAGS:
            yield shapes._shape_factory(el)
        elif el.tag == f"{_MC}AlternateContent":
            branch = _branch(el)
            for child in branch if branch is not None else ():
                if child.tag in _SHAPE_TAGS:
                    yield shapes._shape_factory(child)


def _branch(alt: Any) -> Any:
    fallback = alt.find(f"{_MC}Fallback")
    if fallback is not None and any(c.tag in _SHAPE_TAGS for c in fallback):
        return fallback
    return alt.find(f"{_MC}Choice")


def part_image(part: Any, rid: str, budget: ImageBudget) -> tuple[QImage | None, str]:
    """Decode the picture ``rid`` of ``part`` within the budget."""
    try:
        blob = part.related_part(rid).blob
    except (KeyError, AttributeError, ValueError):
        return None, ""
    return budget.decode(blob)


def fallback_blip(shape: BaseShape, budget: ImageBudget) -> tuple[QImage | None, str]:
    """The first picture a shape carries (a video poster frame, an OLE object's preview image)."""
    for blip in shape._element.iter(f"{{{_A}}}blip"):
        rid = blip.get(f"{_R}embed")
        if rid:
            image, reason = part_image(shape.part, rid, budget)
            if image is not None or reason:
                return image, reason
    return None, ""


def smartart_shapes(shape: BaseShape) -> list[dict[str, Any]]:
    """SmartArt as PowerPoint last drew it (the diagram drawing part): one dict per box with
    ``x, y, w, h`` in EMU relative to the frame, ``kind``, ``fill``, ``html``; [] when absent."""
    rel_ids = next(shape._element.iter(f"{_DGM}relIds"), None)
    if rel_ids is None:
        return []
    part = shape.part
    try:
        data = etree.fromstring(part.related_part(rel_ids.get(f"{_R}dm")).blob, _PARSER)
        ext = next(data.iter(f"{_DSP}dataModelExt"), None)
        drawing = etree.fromstring(part.related_part(ext.get("relId")).blob, _PARSER) if ext is not None else None
    except (KeyError, AttributeError, ValueError, etree.XMLSyntaxError):
        return []
    if drawing is None:
        texts = [t.text for t in data.iter(f"{_DGM}t") if t.text]
        body = "".join(f"<p align='center'>{html.escape(t)}</p>" for t in texts)
        return [{"kind": "text", "x": 0, "y": 0, "w": int(shape.width or 0), "h": int(shape.height or 0),
                 "fill": None, "html": body, "text": "\n".join(texts)}] if texts else []
    out: list[dict[str, Any]] = []
    for sp in drawing.iter(f"{_DSP}sp"):
        if len(out) >= MAX_DIAGRAM_SHAPES:
            break
        off = sp.find(f"{_DSP}spPr/{{{_A}}}xfrm/{{{_A}}}off")
        ext_el = sp.find(f"{_DSP}spPr/{{{_A}}}xfrm/{{{_A}}}ext")
        if off is None or ext_el is None:
            continue
        geom = sp.find(f"{_DSP}spPr/{{{_A}}}prstGeom")
        prst = geom.get("prst", "rect") if geom is not None else "rect"
        fill = _solid(sp.find(f"{_DSP}spPr/{{{_A}}}solidFill"))
        if sp.find(f"{_DSP}spPr/{{{_A}}}noFill") is not None:
            fill = None
        body = sp.find(f"{_DSP}txBody")
        paras = []
        for p in body.iter(f"{{{_A}}}p") if body is not None else ():
            paras.append("<p align='center' style='margin:0'>" + _plain_runs(p, fill is not None) + "</p>")
        out.append({"kind": {"ellipse": "ellipse", "roundRect": "roundrect"}.get(prst, "rect"),
                    "x": _int(off.get("x")), "y": _int(off.get("y")),
                    "w": _int(ext_el.get("cx")), "h": _int(ext_el.get("cy")), "fill": fill,
                    "html": "".join(paras), "text": "\n".join(
                        "".join(t.text or "" for t in p.iter(f"{{{_A}}}t"))
                        for p in (body.iter(f"{{{_A}}}p") if body is not None else ()))})
    return out


def _int(raw: str | None) -> int:
    try:
        return int(raw or 0)
    except ValueError:
        return 0


def _solid(fill: Any) -> str | None:
    if fill is None:
        return None
    srgb = fill.find(f"{{{_A}}}srgbClr")
    if srgb is not None and len(srgb.get("val", "")) == 6:
        return f"#{srgb.get('val')}"
    return ACCENT  # a theme colour: the default accent is the honest approximation


def _plain_runs(p: Any, white: bool) -> str:
    parts = []
    for child in p:
        if child.tag in (f"{{{_A}}}r", f"{{{_A}}}fld"):
            parts.append(html.escape("".join(t.text or "" for t in child.iter(f"{{{_A}}}t"))))
        elif child.tag == f"{{{_A}}}br":
            parts.append("<br/>")
    text = "".join(parts) or "&nbsp;"
    size = next((r.get("sz") for r in p.iter(f"{{{_A}}}rPr", f"{{{_A}}}endParaRPr") if r.get("sz", "").isdigit()),
                "1800")  # hundredths of a point; PowerPoint's default body size otherwise
    color = "color:#ffffff;" if white else ""
    return f"<span style='{color}font-size:{int(size) / 100:.1f}pt'>{text}</span>"


# -- text frames --------------------------------------------------------------------------------
def is_title(shape: BaseShape) -> bool:
    if not shape.is_placeholder:
        return False
    try:
        return shape.placeholder_format.type in (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE)
    except ValueError:
        return False


def _default_size(shape: BaseShape, level: int) -> float:
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


def _font_scale(shape: AutoShape) -> float:
    """PowerPoint's shrink-on-overflow factor (``<a:normAutofit fontScale="62500"/>``)."""
    autofit = shape.text_frame._txBody.find(f"{{{_A}}}bodyPr/{{{_A}}}normAutofit")
    try:
        scale = int(autofit.get("fontScale", "100000")) / 100000 if autofit is not None else 1.0
    except ValueError:
        return 1.0
    return min(max(scale, 0.1), 1.0)


Stops = tuple[tuple[float, str], ...]


def text_html(shape: AutoShape, ctx: SlideContext, *, white: bool,
              centered: bool) -> tuple[str, str, tuple[Stops, ...]]:
    """The shape's text as HTML (sizes in pt, spacing in px at 96 dpi), as plain text, and per HTML
    paragraph the tab stops its tabs go to (:func:`renderers.pptx._tabs.line_stops`; () without a tab).

    With the slide known, every property is resolved down PowerPoint's chain (see
    :mod:`renderers.pptx._styles`); else the older defaults apply."""
    if ctx.styles is None or ctx.slide is None:
        plain_html, plain_text = _text_html_plain(shape, ctx, white=white, centered=centered)
        return plain_html, plain_text, ()
    styles, slide = ctx.styles, ctx.slide
    lists, bodies = styles.chain(shape, slide)
    body = styles.body(bodies)
    shrink = min(max(body.get("font_scale", 1.0), 0.1), 1.0)
    line_cut = body.get("line_reduction", 0.0)
    base_color = _style_font_color(shape, styles, slide) or ("#ffffff" if white else "")
    paras, plain = [], []
    stops: list[Stops] = []
    numbers: dict[int, int] = {}
    for p in shape.text_frame.paragraphs:
        plain.append("".join("\n" if r is None else _run_text(r, ctx) for r in _runs(p)))
        ppr = p._p.find(f"{{{_A}}}pPr")
        para, props = styles.paragraph(lists, ppr, p.level, slide)
        if base_color and "color" not in styles.paragraph(styles.own_lists(lists), ppr, p.level, slide)[1]:
            props["color"] = base_color
            para = replace(para, run=replace(para.run, color=base_color))
        runs = []
        first_run: RunStyle | None = None
        for r in _runs(p):
            if r is None:
                runs.append("<br/>")
                continue
            look = styles.run(props, r._r.find(f"{{{_A}}}rPr"), slide)
            first_run = first_run or look
            text = _run_text(r, ctx)
            if look.caps:
                text = text.upper()
            # a tab goes to the paragraph's next stop (renderers.pptx._tabs) and a run of spaces stays as
            # wide as typed: PowerPoint folds neither, HTML would fold both into one space
            shown = html.escape(text).replace("\v", "<br/>").replace("  ", " &nbsp;").replace("\t", TAB)
            runs.append(f'<span style="{_run_css(look, shrink)}">{shown}</span>')
        end = p._p.find(f"{{{_A}}}endParaRPr")
        mark = first_run or styles.run(props, end, slide)
        has_text = bool(plain[-1].strip())
        bullet = ""
        if has_text and (para.bullet or para.bullet_auto):
            if para.bullet_auto:
                numbers[p.level] = numbers.get(p.level, 0) + 1
                label = autonumber(para.bullet_auto, numbers[p.level])
            else:
                label = _bullet_char(para.bullet, para.bullet_font)
            color = para.bullet_color or mark.color
            size = mark.size_pt * shrink * para.bullet_scale
            family = family_css(mark.font or "Arial", mark.east_asia_font)
            # under a hanging indent the text starts at marL, the bullet in the indent (PowerPoint, LibreOffice)
            gap = TAB if para.indent_pt < 0 else "&nbsp;"
            bullet = (f'<span style="color:{color}; font-size:{size:.1f}pt; font-weight:400; font-style:normal; '
                      f'font-family:{family}; text-decoration:none">{html.escape(label)}{gap}</span>')
        elif not has_text:
            numbers.pop(p.level, None)
        size = mark.size_pt * shrink
        before = para.space_before_pt + para.space_before_pct / 100 * size * 1.2
        css = [f"margin-top:{_px(before * (1 - line_cut))}", f"margin-bottom:{_px(para.space_after_pt)}",
               f"margin-left:{_px(max(0.0, para.margin_left_pt))}", f"font-size:{size:.1f}pt"]
        if para.indent_pt:
            css.append(f"text-indent:{_px(para.indent_pt)}")
        line = (para.line_pct or 100.0) * (1 - line_cut)
        if abs(line - 100.0) > 1:
            css.append(f"line-height:{round(line)}%")
        segments = _segments(runs, "\t" in plain[-1])
        tail = css[1]
        for i, segment in enumerate(segments):
            # a line after a break is a paragraph of its own when it has a tab: Qt measures a block's stops
            # from its first line's start, and that line starts at marL, not at marL + indent
            block_css = css if len(segments) == 1 else (
                [*css[:1], "margin-bottom:0px", *css[2:]] if i == 0 else
                ["margin-top:0px", tail if i == len(segments) - 1 else "margin-bottom:0px",
                 *(c for c in css[2:] if not c.startswith("text-indent"))])
            head = bullet if i == 0 else ""
            start = max(0.0, para.margin_left_pt) + (para.indent_pt if i == 0 else 0.0)
            tabbed = TAB in head or any(TAB in r for r in segment)
            stops.append(line_stops(para, start) if tabbed else ())
            content = "".join(segment) or "&nbsp;"
            paras.append(f'<p align="{para.align}" style="{"; ".join(block_css)}">{head}{content}</p>')
    return "".join(paras), "\n".join(plain), tuple(stops)


def _segments(runs: list[str], tabbed: bool) -> list[list[str]]:
    """A paragraph's runs cut at its line breaks when a tab is in it, else whole."""
    if not tabbed or "<br/>" not in runs:
        return [runs]
    out: list[list[str]] = [[]]
    for r in runs:
        if r == "<br/>":
            out.append([])
        else:
            out[-1].append(r)
    return out


def text_anchor(shape: AutoShape, ctx: SlideContext, default: str) -> str:
    """Where the text sits in its box (``bodyPr anchor`` down the chain), else ``default``."""
    if ctx.styles is None or ctx.slide is None:
        return default
    _, bodies = ctx.styles.chain(shape, ctx.slide)
    anchor: str = ctx.styles.body(bodies).get("anchor", default)
    return anchor


def text_insets(shape: AutoShape, ctx: SlideContext) -> tuple[float, float, float, float]:
    """Left, top, right, bottom insets in pt (PowerPoint's 0.1 in / 0.05 in unless the chain says else)."""
    if ctx.styles is None or ctx.slide is None:
        return (7.2, 3.6, 7.2, 3.6)
    _, bodies = ctx.styles.chain(shape, ctx.slide)
    body = ctx.styles.body(bodies)
    return (body.get("lIns", 7.2), body.get("tIns", 3.6), body.get("rIns", 7.2), body.get("bIns", 3.6))


def text_wraps(shape: BaseShape, ctx: SlideContext) -> bool:
    """Whether lines wrap at the box's width: ``bodyPr wrap="none"`` down the chain runs each paragraph on
    as one line (past the box, as PowerPoint draws it); ``square``, the default, wraps."""
    if ctx.styles is None or ctx.slide is None:
        return True
    _, bodies = ctx.styles.chain(shape, ctx.slide)
    wraps: bool = ctx.styles.body(bodies).get("wrap", True)
    return wraps


def text_shrinks(shape: BaseShape, ctx: SlideContext) -> bool:
    """Whether the text is fitted to its box: the last autofit choice down the chain is ``normAutofit``."""
    if ctx.styles is None or ctx.slide is None:
        return False
    _, bodies = ctx.styles.chain(shape, ctx.slide)
    choice = ""
    for body in bodies:
        for name in ("normAutofit", "noAutofit", "spAutoFit"):
            if body.find(f"{{{_A}}}{name}") is not None:
                choice = name
    return choice == "normAutofit"


# A tab kept as a tab (HTML folds it into a space); renderers.pptx._paint sets the block's stops. After a
# bullet in a hanging indent it ends at marL, where the paragraph's text starts.
TAB = '<span style="white-space:pre">\t</span>'


def _px(pt: float) -> str:
    return f"{round(pt * 96 / 72)}px"  # Qt rich text reads margins in px only


def _run_css(look: RunStyle, shrink: float) -> str:
    out = [f"font-size:{look.size_pt * shrink:.1f}pt", f"color:{look.color}",
           f"font-weight:{700 if look.bold else 400}", f"font-style:{'italic' if look.italic else 'normal'}"]
    if look.font or look.east_asia_font:
        out.append(f"font-family:{family_css(look.font or 'Calibri', look.east_asia_font)}")
    lines = [n for n, on in (("underline", look.underline), ("line-through", look.strike)) if on]
    out.append(f"text-decoration:{' '.join(lines) or 'none'}")
    return "; ".join(out)


# Symbol-font bullets are private-use code points; they are drawn as the shapes they stand for
_SYMBOL_BULLETS = {"\uf0a7": "▪", "\uf0b7": "•", "\uf0d8": "➢", "\uf0fc": "✓", "\uf076": "❖", "\uf0a8": "◆",
                   "§": "▪", "Ø": "➢", "ü": "✓", "v": "❖", "q": "❑", "n": "■", "l": "●", "Ÿ": "•"}


def _bullet_char(char: str, font: str) -> str:
    if font.lower() in ("wingdings", "symbol", "wingdings 2", "wingdings 3") or "\uf000" <= char <= "\uf0ff":
        return _SYMBOL_BULLETS.get(char, "•")
    return char


def _style_font_color(shape: BaseShape, styles: TextStyles, slide: Slide) -> str:
    """The text colour a shape's theme style (``p:style/a:fontRef``) gives, e.g. white on an accent fill."""
    ref = shape._element.find(f"{_P}style/{{{_A}}}fontRef")
    if ref is None:
        return ""
    for child in ref:
        if isinstance(child.tag, str) and child.tag.endswith("Clr"):
            return drawingml_color(child, styles.colors(slide))
    return ""


def _text_html_plain(shape: AutoShape, ctx: SlideContext, *, white: bool, centered: bool) -> tuple[str, str]:
    paras, plain = [], []
    shrink = _font_scale(shape)
    title = is_title(shape)
    subtitle = _is_subtitle(shape)
    body_placeholder = shape.is_placeholder and not title and not subtitle
    for p in shape.text_frame.paragraphs:
        plain.append("".join("\n" if r is None else _run_text(r, ctx) for r in _runs(p)))
        runs = []
        for r in _runs(p):
            if r is None:
                runs.append("<br/>")
                continue
            f = r.font
            size = (f.size.pt if f.size is not None else _default_size(shape, p.level)) * shrink
            style = [f"font-size:{size:.1f}pt"]
            color = rgb(f.color) or ("#ffffff" if white else None)
            if color:
                style.append(f"color:{color}")
            text = html.escape(_run_text(r, ctx)).replace("\v", "<br/>")
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
        bullet = "• " if body_placeholder and plain[-1].strip() else ""
        indent = 24 * p.level
        size = _default_size(shape, p.level) * shrink
        content = "".join(runs) or "&nbsp;"
        paras.append(f"<p align='{align}' style='margin:0; margin-left:{indent}pt; font-size:{size:.1f}pt'>"
                     f"{bullet}{content}</p>")
    return "".join(paras), "\n".join(plain)


def _is_subtitle(shape: BaseShape) -> bool:
    try:
        return shape.placeholder_format.type == PP_PLACEHOLDER.SUBTITLE
    except ValueError:
        return False


def rgb(color: ColorFormat | None) -> str | None:
    try:
        if color is not None and color.type is not None and color.rgb is not None:
            return f"#{color.rgb}"
    except (AttributeError, TypeError, ValueError):
        return None
    return None




def _runs(p: Any) -> Iterator[_Run | None]:
    """Runs and fields of a paragraph in order; None for a line break (``a:br``)."""
    for child in p._p:
        if child.tag in (f"{{{_A}}}r", f"{{{_A}}}fld"):
            yield _Run(child, p)
        elif child.tag == f"{{{_A}}}br":
            yield None


def _run_text(r: _Run, ctx: SlideContext) -> str:
    if r._r.tag == f"{{{_A}}}fld" and r._r.get("type") == "slidenum":
        return str(ctx.number)
    return "".join(t.text or "" for t in r._r.iter(f"{{{_A}}}t"))
