"""The deck itself: the 16:9 template, layouts, placeholders and slide order."""
from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterable, Sequence
from typing import Any, cast

from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE, PP_PLACEHOLDER
from pptx.oxml.ns import qn
from pptx.presentation import Presentation as PresentationT
from pptx.shapes.placeholder import LayoutPlaceholder
from pptx.shapes.shapetree import SlideShapeFactory
from pptx.slide import Slide, SlideLayout
from pptx.text.text import TextFrame
from pptx.util import Emu, Inches, Length

from skills.runtime._base import CommandError
from skills.runtime.pptx._read import slide_size
from skills.runtime.pptx._text import fits
from skills.runtime._pptx_xlsx_common import CJK_FONT
from skills.messages import msg

SLIDE_W, SLIDE_H = Inches(13.333), Inches(7.5)
ACCENT = RGBColor(0x1F, 0x4E, 0x79)
# Preferred layout names in the default template, with a structural fallback for foreign decks.
_LAYOUT_NAMES = {"title": "Title Slide", "bullets": "Title and Content", "two_column": "Two Content",
                 "table": "Title Only", "image": "Title Only", "chart": "Title Only"}
_BODY_TYPES = {PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT}
_TITLE_TYPES = {PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE}


def new_presentation() -> PresentationT:
    """A blank 16:9 deck: the default template widened, CJK-capable theme fonts, an accent bar."""
    prs = Presentation()
    factor = SLIDE_W / prs.slide_width
    prs.slide_width, prs.slide_height = SLIDE_W, SLIDE_H
    master = prs.slide_master
    # Only elements with their own xfrm are scaled; inherited positions follow the master.
    for part in (master, *master.slide_layouts):
        for el in part._element.iter(qn("a:off"), qn("a:ext")):
            parent = el.getparent()
            if parent is None or parent.tag != qn("a:xfrm"):
                continue
            attr = "x" if el.tag == qn("a:off") else "cx"
            el.set(attr, str(int(int(el.get(attr)) * factor)))
    theme_el = _theme_element(prs)
    if theme_el is not None:
        for ea in theme_el[0].iter(qn("a:ea")):
            ea.set("typeface", CJK_FONT)
        theme_el[1]._blob = etree.tostring(theme_el[0], xml_declaration=True, encoding="UTF-8",
                                           standalone=True)
    # MasterShapes cannot add autoshapes: draw the bar on a scratch slide and move it over.
    scratch = prs.slides.add_slide(master.slide_layouts[6])
    bar = scratch.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, 0, SLIDE_W, Inches(0.12))
    bar.fill.solid()
    bar.fill.fore_color.rgb = ACCENT
    bar.line.fill.background()
    bar.shadow.inherit = False
    el = copy.deepcopy(bar._element)
    ids = [int(x) for x in master._element.xpath("//p:cNvPr/@id")]
    el.xpath("./p:nvSpPr/p:cNvPr")[0].set("id", str(max(ids, default=1) + 1))
    el.xpath("./p:nvSpPr/p:cNvPr")[0].set("name", "Mira accent bar")
    master.shapes._spTree.append(el)
    remove_slide(prs, 0)
    return prs


def _theme_element(prs: PresentationT) -> tuple[Any, Any] | None:
    for rel in prs.slide_master.part.rels.values():
        if rel.reltype.endswith("/theme"):
            part = rel.target_part
            # The theme comes from the user's file: no entities, DTDs or network (what defusedxml guards).
            parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
            return etree.fromstring(part.blob, parser=parser), part
    return None


def pick_layout(prs: PresentationT, layout: str) -> SlideLayout:
    """The layout for a slide kind, remembered per deck (looking it up walks every layout)."""
    cache: dict[str, SlideLayout] = prs.__dict__.setdefault("_mira_layouts", {})  # a memo kept on the deck object
    if layout not in cache:
        cache[layout] = _find_layout(prs, layout)
    return cache[layout]


def kind_of(part: Any) -> str | None:
    """What a layout (or a slide) is for, from its placeholders: a title slide, one or two bodies, a title only."""
    kinds = [sp.find(_PH_PATH).get("type", "obj") for sp in _PH_SHAPES(part._element)]
    if not any(k in ("title", "ctrTitle") for k in kinds):
        return None
    if "ctrTitle" in kinds or "subTitle" in kinds:
        return "title"
    bodies = sum(k in ("body", "obj") for k in kinds)
    return {0: "title_only", 1: "bullets", 2: "two_column"}.get(bodies)


def is_mira_deck(prs: PresentationT) -> bool:
    """A deck Mira made: its master carries Mira's accent bar (its slides set their own sizes and colours)."""
    return any(sp.get("name") == "Mira accent bar" for m in prs.slide_masters
               for sp in m._element.iter(qn("p:cNvPr")))


def learn_layouts(prs: PresentationT) -> None:
    """Add new slides on the layouts the deck's own slides use, so they look like their neighbours.

    Each kind takes the layout most slides of that kind use. A kind no slide shows on its layout
    (LibreOffice puts its slides on a blank layout with the placeholders on the slide) takes the best
    layout of the master most slides use: a corporate master, not the first one.
    """
    from collections import Counter

    used: dict[str, Counter[Any]] = {}
    masters: Counter[Any] = Counter()
    parts: dict[Any, Any] = {}
    for slide in prs.slides:
        lay = slide.slide_layout
        master = lay.slide_master
        parts[lay.part.partname], parts[master.part.partname] = lay, master
        masters[master.part.partname] += 1
        kind = kind_of(lay)
        if kind is not None and kind == kind_of(slide):
            used.setdefault(kind, Counter())[lay.part.partname] += 1
    if not masters:
        return
    cache = prs.__dict__.setdefault("_mira_layouts", {})
    main = parts[masters.most_common(1)[0][0]]
    for spec, kind in _KINDS.items():
        if kind in used:
            cache[spec] = parts[used[kind].most_common(1)[0][0]]
        else:
            with contextlib.suppress(CommandError):
                cache[spec] = _find_layout(prs, spec, list(main.slide_layouts))
    prs.__dict__["_mira_inherit"] = not is_mira_deck(prs)


_KINDS = {"title": "title", "bullets": "bullets", "two_column": "two_column", "table": "title_only",
          "image": "title_only", "chart": "title_only"}


def deck_size(prs: PresentationT, shape: Any, size: int, items: Sequence[tuple[str, int]]) -> int | None:
    """``size`` for new bullets in ``shape``, or None where they fit at the deck's own body size."""
    if not inherits(prs) or not getattr(shape, "is_placeholder", False):
        return size
    el = shape.part.slide_layout.slide_master._element.find(
        f"{qn('p:txStyles')}/{qn('p:bodyStyle')}/{qn('a:lvl1pPr')}/{qn('a:defRPr')}")
    own = el.get("sz") if el is not None else None
    if own and own.isdigit() and fits(items, int(own) // 100, *box(prs, shape)):
        return None
    return size


def inherits(prs: PresentationT) -> bool:
    """New slides take the deck's own title and text styles (a user's deck), not Mira's."""
    return bool(prs.__dict__.get("_mira_inherit"))


def _find_layout(prs: PresentationT, layout: str, layouts: list[SlideLayout] | None = None) -> SlideLayout:
    layouts = list(prs.slide_layouts) if layouts is None else layouts

    def kinds(lay: SlideLayout) -> list[Any]:
        # python-pptx declares LayoutPlaceholders.__iter__ as a class attribute, which mypy reads as taking no self.
        return [ph.placeholder_format.type for ph in cast("Iterable[LayoutPlaceholder]", lay.placeholders)]

    for lay in layouts:
        # a user's layout of that name may have lost its title: then the best titled one is taken instead
        if lay.name == _LAYOUT_NAMES[layout] and any(t in _TITLE_TYPES for t in kinds(lay)):
            return lay

    def score(lay: SlideLayout) -> int:
        k = kinds(lay)
        titles, bodies = sum(t in _TITLE_TYPES for t in k), sum(t in _BODY_TYPES for t in k)
        if not titles:
            return -1
        if layout == "title":
            return 3 if PP_PLACEHOLDER.CENTER_TITLE in k else (2 if PP_PLACEHOLDER.SUBTITLE in k else 0)
        if layout == "bullets":
            return 3 if bodies == 1 else (1 if bodies else 0)
        if layout == "two_column":
            return 3 if bodies == 2 else (1 if bodies else 0)
        return 3 if bodies == 0 else 1

    best = max(layouts, key=score, default=None)
    if best is None or score(best) < 0:
        raise CommandError(msg("error.pptx_deck.deck_slide_layout_title"))
    return best


_P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
# One compiled query instead of python-pptx's per-shape xpath calls (the hot spot of building).
_PH_SHAPES = etree.XPath("./p:cSld/p:spTree/p:sp[p:nvSpPr/p:nvPr/p:ph]", namespaces={"p": _P_NS})
_PH_PATH = f"{{{_P_NS}}}nvSpPr/{{{_P_NS}}}nvPr/{{{_P_NS}}}ph"


def placeholders(slide: Slide) -> tuple[Any, list[Any], Any]:
    title, bodies, subtitle = None, [], None
    for sp in _PH_SHAPES(slide._element):
        kind = sp.find(_PH_PATH).get("type", "obj")
        if kind in ("title", "ctrTitle"):
            if title is None:
                title = SlideShapeFactory(sp, slide.shapes)
        elif kind == "subTitle":
            subtitle = SlideShapeFactory(sp, slide.shapes)
        elif kind in ("body", "obj"):
            bodies.append(SlideShapeFactory(sp, slide.shapes))
    if len(bodies) > 1:  # inherited positions are costly to look up; only sort when needed
        bodies.sort(key=lambda p: (p.left or 0, p.top or 0))
    return title, bodies, subtitle


def body_placeholder(slide: Slide) -> Any:
    _, bodies, _ = placeholders(slide)
    if len(bodies) <= 1:
        return bodies[0] if bodies else None
    return max(bodies, key=lambda p: (p.width or 0) * (p.height or 0))


def box(prs: PresentationT, shape: Any) -> tuple[int, int]:
    """Width and height of a shape; inherited placeholder sizes are remembered per layout."""
    if not getattr(shape, "is_placeholder", False) or shape._element.spPr.xfrm is not None:
        return shape.width, shape.height
    key = (str(shape.part.slide_layout.part.partname), shape.placeholder_format.idx)
    cache: dict[tuple[str, int], tuple[int, int]] = prs.__dict__.setdefault("_mira_boxes", {})  # memo on the deck
    if key not in cache:
        cache[key] = (shape.width, shape.height)
    return cache[key]


def drop_empty_placeholders(slide: Slide) -> None:
    for sp in _PH_SHAPES(slide._element):
        if not any((t.text or "").strip() for t in sp.iter(qn("a:t"))):
            sp.getparent().remove(sp)


def content_box(prs: PresentationT, slide: Slide) -> tuple[Length, Length, Length, Length]:
    margin = Inches(0.5)
    title = slide.shapes.title
    top = Emu(title.top + title.height + Inches(0.15)) \
        if title is not None and title.top is not None and title.height is not None else Inches(0.6)
    width, height = slide_size(prs)
    return margin, top, Emu(width - 2 * margin), Emu(height - top - Inches(0.45))


def notes_frame(slide: Slide) -> TextFrame:
    """The text of a slide's speaker notes; a clear refusal when the deck's notes page has no place for it."""
    frame = slide.notes_slide.notes_text_frame
    if frame is None:  # a template whose notes master lacks the notes placeholder
        raise CommandError(msg("error.pptx_deck.notes_no_placeholder"))
    return frame


def move_slide(prs: PresentationT, old: int, new: int) -> None:
    """Move the slide at 0-based ``old`` to 0-based ``new`` (python-pptx has no API for this)."""
    lst = prs.slides._sldIdLst
    el = list(lst)[old]
    lst.remove(el)
    lst.insert(new, el)


def remove_slide(prs: PresentationT, index: int) -> None:
    lst = prs.slides._sldIdLst
    el = list(lst)[index]
    prs.part.drop_rel(el.rId)
    lst.remove(el)
