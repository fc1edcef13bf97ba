"""Building slides from the structured slide spec: layouts, text fitting, tables, images."""
from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE, PP_PLACEHOLDER
from pptx.enum.text import MSO_AUTO_SIZE, PP_ALIGN
from pptx.oxml.ns import qn
from pptx.presentation import Presentation as PresentationT
from pptx.shapes.shapetree import SlideShapeFactory
from pptx.slide import Slide, SlideLayout
from pptx.util import Emu, Inches, Pt

from skills.runtime._base import CommandError
from skills.runtime._pptx_xlsx_common import CJK_FONT, display_width

SLIDE_W, SLIDE_H = Inches(13.333), Inches(7.5)
ACCENT = RGBColor(0x1F, 0x4E, 0x79)
TITLE_COLOR = RGBColor(0x1F, 0x2A, 0x44)
MUTED = RGBColor(0x59, 0x59, 0x59)
BODY_SIZES = (28, 26, 24, 22, 20, 18, 16)
SPLIT_SIZE = 20  # when a list does not fit even at the smallest size, split it into chunks that fit at this
TABLE_SIZES = (18, 16, 14, 12)
MAX_IMAGE_PIXELS = 60_000_000
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff"}

# Preferred layout names in the default template, with a structural fallback for foreign decks.
_LAYOUT_NAMES = {"title": "Title Slide", "bullets": "Title and Content", "two_column": "Two Content",
                 "table": "Title Only", "image": "Title Only"}
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
            return etree.fromstring(part.blob), part
    return None


def pick_layout(prs: PresentationT, layout: str) -> SlideLayout:
    """The layout for a slide kind, remembered per deck (looking it up walks every layout)."""
    cache = prs.__dict__.setdefault("_mira_layouts", {})
    if layout not in cache:
        cache[layout] = _find_layout(prs, layout)
    return cache[layout]


def _find_layout(prs: PresentationT, layout: str) -> SlideLayout:
    layouts = list(prs.slide_layouts)
    for lay in layouts:
        if lay.name == _LAYOUT_NAMES[layout]:
            return lay

    def kinds(lay: SlideLayout) -> list[Any]:
        return [ph.placeholder_format.type for ph in lay.placeholders]

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
        raise CommandError("the deck has no slide layout with a title placeholder to build a slide on")
    return best


# --- text --------------------------------------------------------------------------------

def set_ea_font(run_or_rpr: Any) -> None:
    """Set the East Asian typeface on a run so Chinese/Japanese/Korean text is not tofu."""
    rpr = run_or_rpr if run_or_rpr.tag.endswith("}rPr") or run_or_rpr.tag.endswith("}endParaRPr") \
        else run_or_rpr.get_or_add_rPr()
    for old in rpr.findall(qn("a:ea")):
        rpr.remove(old)
    ea = rpr.makeelement(qn("a:ea"), {"typeface": CJK_FONT})
    latin = rpr.find(qn("a:latin"))
    if latin is not None:
        latin.addnext(ea)
        return
    for tag in ("a:cs", "a:sym", "a:hlinkClick", "a:hlinkMouseOver", "a:rtl", "a:extLst"):
        nxt = rpr.find(qn(tag))
        if nxt is not None:
            nxt.addprevious(ea)
            return
    rpr.append(ea)


def apply_ea_fonts(slide: Slide) -> None:
    for r in slide._element.iter(qn("a:r")):
        set_ea_font(r)


def bullet_items(bullets: Sequence[Any]) -> list[tuple[str, int]]:
    return [(b, 0) if isinstance(b, str) else (b["text"], int(b.get("level", 0))) for b in bullets]


def _text_height_pt(items: Sequence[tuple[str, int]], size: int, width_pt: float) -> float:
    total = 0.0
    for text, level in items:
        s = max(size - 2 * level, 12)
        avail = max(width_pt - 27 * (level + 1), 40)  # bullet indent per level (~0.375 in)
        per_line = max(int(avail / (0.52 * s)), 4)
        lines = max(1, math.ceil(display_width(text) / per_line))
        total += lines * 1.2 * s + 0.35 * s  # line height + paragraph spacing
    return total


def fit_bullets(items: Sequence[tuple[str, int]], width: int, height: int) -> tuple[int, list[list[tuple[str, int]]]]:
    """Pick the largest readable size that fits; otherwise split into chunks that fit."""
    w_pt, h_pt = Emu(width).pt - 14, Emu(height).pt * 0.92 - 7
    for size in BODY_SIZES:
        if _text_height_pt(items, size, w_pt) <= h_pt:
            return size, [list(items)]
    chunks: list[list[tuple[str, int]]] = [[]]
    for item in items:
        if chunks[-1] and _text_height_pt([*chunks[-1], item], SPLIT_SIZE, w_pt) > h_pt:
            chunks.append([])
        chunks[-1].append(item)
    even = balanced(items, len(chunks))  # 7 + 7 reads better than 10 + 4
    if all(_text_height_pt(c, SPLIT_SIZE, w_pt) <= h_pt for c in even):
        chunks = even
    size = min(next((s for s in BODY_SIZES if _text_height_pt(c, s, w_pt) <= h_pt), BODY_SIZES[-1])
               for c in chunks)
    return size, chunks


def balanced(items: Sequence[Any], n: int) -> list[list[Any]]:
    """Split ``items`` into ``n`` consecutive groups whose sizes differ by at most one."""
    q, r = divmod(len(items), n)
    out, start = [], 0
    for i in range(n):
        end = start + q + (1 if i < r else 0)
        out.append(list(items[start:end]))
        start = end
    return out


def fill_bullets(text_frame: Any, items: Sequence[tuple[str, int]], size: int) -> None:
    text_frame.clear()
    text_frame.word_wrap = True
    for i, (text, level) in enumerate(items):
        para = text_frame.paragraphs[0] if i == 0 else text_frame.add_paragraph()
        para.level = level
        run = para.add_run()
        run.text = text
        run.font.size = Pt(max(size - 2 * level, 12))
    # Sizes are chosen by fit_bullets; an autofit flag makes LibreOffice shrink text further.
    text_frame.auto_size = MSO_AUTO_SIZE.NONE


def set_plain_text(text_frame: Any, text: str, size: int | None = None) -> None:
    """Replace the text but keep the formatting of the first run (bold, colour, size)."""
    paras = text_frame.paragraphs
    first_run = next((r for p in paras for r in p.runs), None)
    rpr = copy.deepcopy(first_run._r.rPr) if first_run is not None and first_run._r.rPr is not None else None
    text_frame.clear()
    lines = text.split("\n")
    for i, line in enumerate(lines):
        para = text_frame.paragraphs[0] if i == 0 else text_frame.add_paragraph()
        run = para.add_run()
        run.text = line
        if rpr is not None:
            run._r.insert(0, copy.deepcopy(rpr))
        if size:
            run.font.size = Pt(size)


def title_size(title: str, big: int = 40) -> int:
    w = display_width(title)
    return big if w <= 32 else (big - 6 if w <= 52 else (big - 10 if w <= 80 else big - 14))


# --- slides ------------------------------------------------------------------------------

_P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
# One compiled query instead of python-pptx's per-shape xpath calls (the hot spot of building).
_PH_SHAPES = etree.XPath("./p:cSld/p:spTree/p:sp[p:nvSpPr/p:nvPr/p:ph]", namespaces={"p": _P_NS})
_PH_PATH = f"{{{_P_NS}}}nvSpPr/{{{_P_NS}}}nvPr/{{{_P_NS}}}ph"


def _placeholders(slide: Slide) -> tuple[Any, list[Any], Any]:
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
    _, bodies, _ = _placeholders(slide)
    if len(bodies) <= 1:
        return bodies[0] if bodies else None
    return max(bodies, key=lambda p: (p.width or 0) * (p.height or 0))


def _box(prs: PresentationT, shape: Any) -> tuple[int, int]:
    """Width and height of a shape; inherited placeholder sizes are remembered per layout."""
    if not getattr(shape, "is_placeholder", False) or shape._element.spPr.xfrm is not None:
        return shape.width, shape.height
    key = (str(shape.part.slide_layout.part.partname), shape.placeholder_format.idx)
    cache = prs.__dict__.setdefault("_mira_boxes", {})
    if key not in cache:
        cache[key] = (shape.width, shape.height)
    return cache[key]


def _drop_empty_placeholders(slide: Slide) -> None:
    for sp in _PH_SHAPES(slide._element):
        if not any((t.text or "").strip() for t in sp.iter(qn("a:t"))):
            sp.getparent().remove(sp)


def _content_box(prs: PresentationT, slide: Slide) -> tuple[int, int, int, int]:
    margin = Inches(0.5)
    title = slide.shapes.title
    top = (title.top + title.height + Inches(0.15)) if title is not None and title.top is not None \
        else Inches(0.6)
    return margin, top, prs.slide_width - 2 * margin, prs.slide_height - top - Inches(0.45)


def _new_slide(prs: PresentationT, layout: str, title: str) -> Slide:
    slide = prs.slides.add_slide(pick_layout(prs, layout))
    ph = _placeholders(slide)[0]
    if ph is not None:
        set_plain_text(ph.text_frame, title, title_size(title, 44 if layout == "title" else 36))
        for r in ph.text_frame._txBody.iter(qn("a:r")):
            r.get_or_add_rPr()
        for p in ph.text_frame.paragraphs:
            for r in p.runs:
                r.font.color.rgb = ACCENT if layout == "title" else TITLE_COLOR
                r.font.bold = layout != "title" or None
    return slide


def _part_titles(title: str, n: int) -> list[str]:
    return [title] if n == 1 else [f"{title} ({i}/{n})" for i in range(1, n + 1)]


def build_slides(prs: PresentationT, spec: dict[str, Any], images_root: Any) -> list[Slide]:
    """Append the slide(s) for one spec; long lists and tables are split over several slides."""
    layout = spec["layout"]
    made: list[Slide] = []
    if layout == "title":
        slide = _new_slide(prs, "title", spec["title"])
        _, _, sub = _placeholders(slide)
        if sub is not None and spec.get("subtitle"):
            set_plain_text(sub.text_frame, spec["subtitle"], 24)
            for r in sub.text_frame.paragraphs[0].runs:
                r.font.color.rgb = MUTED
        made.append(slide)
    elif layout == "bullets":
        made += _bullet_slides(prs, spec)
    elif layout == "two_column":
        slide = _new_slide(prs, "two_column", spec["title"])
        _, bodies, _ = _placeholders(slide)
        cols = [bullet_items(spec["left"]), bullet_items(spec["right"])]
        if len(bodies) < 2:
            left, top, width, height = _content_box(prs, slide)
            gap = Inches(0.4)
            half = (width - gap) // 2
            bodies = [slide.shapes.add_textbox(left + i * (half + gap), top, half, height) for i in range(2)]
        size = min(fit_bullets(c, *_box(prs, b))[0] for c, b in zip(cols, bodies))
        for col, box in zip(cols, bodies):
            fill_bullets(box.text_frame, col, size)
        made.append(slide)
    elif layout == "table":
        made += _table_slides(prs, spec)
    elif layout == "image":
        made.append(_image_slide(prs, spec, images_root))
    for slide in made:
        if spec.get("notes"):
            slide.notes_slide.notes_text_frame.text = spec["notes"]
        _drop_empty_placeholders(slide)
        apply_ea_fonts(slide)
    return made


def _bullet_slides(prs: PresentationT, spec: dict[str, Any]) -> list[Slide]:
    items = bullet_items(spec["bullets"])
    first = _new_slide(prs, "bullets", spec["title"])
    body = body_placeholder(first)
    if body is None:
        left, top, width, height = _content_box(prs, first)
        body = first.shapes.add_textbox(left, top, width, height)
    size, chunks = fit_bullets(items, *_box(prs, body))
    titles = _part_titles(spec["title"], len(chunks))
    slides = [first]
    if len(chunks) > 1:
        set_plain_text(first.shapes.title.text_frame, titles[0])
    fill_bullets(body.text_frame, chunks[0], size)
    for chunk, title in zip(chunks[1:], titles[1:]):
        slide = _new_slide(prs, "bullets", title)
        b = body_placeholder(slide) or slide.shapes.add_textbox(*_content_box(prs, slide))
        fill_bullets(b.text_frame, chunk, size)
        slides.append(slide)
    return slides


def cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value)


def _table_layout(header: list[str], rows: list[list[str]], width: int, height: int
                  ) -> tuple[int, list[int], list[list[list[str]]]]:
    ncols = max(len(header), *(len(r) for r in rows)) if rows else len(header)
    widths = [max(6, min(40, max((display_width(r[c]) if c < len(r) else 0) for r in [header, *rows])))
              for c in range(ncols)]
    scale = width / sum(widths)
    col_w = [int(w * scale) for w in widths]
    h_pt = Emu(height).pt * 0.95

    def row_h(row: list[str], size: int) -> float:
        lines = max((math.ceil(display_width(row[c]) / max(Emu(col_w[c]).pt / (0.52 * size) - 1, 2))
                     if c < len(row) and row[c] else 1) for c in range(ncols))
        return lines * 1.2 * size + 10  # same minimum row height as the table rows get

    for size in TABLE_SIZES:
        if sum(row_h(r, size) for r in [header, *rows]) <= h_pt:
            return size, col_w, [rows]
    size = TABLE_SIZES[-1]
    chunks: list[list[list[str]]] = [[]]
    used = row_h(header, size)
    for r in rows:
        rh = row_h(r, size)
        if chunks[-1] and used + rh > h_pt:
            chunks.append([])
            used = row_h(header, size)
        chunks[-1].append(r)
        used += rh
    even = balanced(rows, len(chunks))
    if all(sum(row_h(r, size) for r in [header, *c]) <= h_pt for c in even):
        chunks = even
    return size, col_w, chunks


def _table_slides(prs: PresentationT, spec: dict[str, Any]) -> list[Slide]:
    header = [cell_text(h) for h in spec["header"]]
    raw_rows = spec["rows"]
    rows = [[cell_text(v) for v in r] for r in raw_rows]
    numeric = [all(isinstance(r[c], (int, float)) and not isinstance(r[c], bool)
                   for r in raw_rows if c < len(r) and r[c] is not None) and bool(raw_rows)
               for c in range(len(header))]
    probe = _new_slide(prs, "table", spec["title"])
    left, top, width, height = _content_box(prs, probe)
    size, col_w, chunks = _table_layout(header, rows, width, height)
    titles = _part_titles(spec["title"], len(chunks))
    slides = []
    for i, (chunk, title) in enumerate(zip(chunks, titles)):
        slide = probe if i == 0 else _new_slide(prs, "table", title)
        if i == 0 and len(chunks) > 1:
            set_plain_text(slide.shapes.title.text_frame, title)
        ncols = len(col_w)
        row_height = int(Pt(1.2 * size + 10))  # a minimum: rows still grow when a cell wraps
        frame = slide.shapes.add_table(len(chunk) + 1, ncols, left, top, width, row_height * (len(chunk) + 1))
        table = frame.table
        for c, w in enumerate(col_w):
            table.columns[c].width = w
        for row_obj in table.rows:
            row_obj.height = row_height
        for r_idx, row in enumerate([header, *chunk]):
            for c in range(ncols):
                cell = table.cell(r_idx, c)
                cell.text = row[c] if c < len(row) else ""
                for para in cell.text_frame.paragraphs:
                    if r_idx and c < len(numeric) and numeric[c]:
                        para.alignment = PP_ALIGN.RIGHT
                    for run in para.runs:
                        run.font.size = Pt(size)
                        run.font.bold = True if r_idx == 0 else None
        slides.append(slide)
    return slides


def load_image_path(images_root: Any, rel: str) -> Path:
    """Resolve and sanity-check an image in the workspace (type, pixel count)."""
    from PIL import Image, UnidentifiedImageError

    from skills.runtime.workspace import WorkspaceError

    try:
        path = images_root.resolve(rel, must_exist=True)
    except WorkspaceError as exc:
        raise CommandError(f"image: {exc}") from exc
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise CommandError(f"image: {rel} is not a PNG, JPEG, GIF, BMP or TIFF image")
    try:
        with Image.open(path) as im:
            w, h = im.size
            if w * h > MAX_IMAGE_PIXELS:
                raise CommandError(f"image: {rel} is {w}x{h} pixels; the limit is {MAX_IMAGE_PIXELS:,} pixels")
            im.verify()
    except CommandError:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise CommandError(f"image: {rel} cannot be read as an image ({exc})") from None
    return path


def _image_slide(prs: PresentationT, spec: dict[str, Any], images_root: Any) -> Slide:
    path = load_image_path(images_root, spec["image"])
    slide = _new_slide(prs, "image", spec["title"])
    left, top, width, height = _content_box(prs, slide)
    caption = spec.get("caption")
    cap_h = Inches(0.6) if caption else 0
    pic = slide.shapes.add_picture(str(path), left, top)
    ratio = min(width / pic.width, (height - cap_h) / pic.height)
    pic.width, pic.height = int(pic.width * ratio), int(pic.height * ratio)
    pic.left = left + (width - pic.width) // 2
    pic.top = top + (height - cap_h - pic.height) // 2
    if caption:
        box = slide.shapes.add_textbox(left, pic.top + pic.height + Inches(0.1), width, cap_h)
        box.text_frame.word_wrap = True
        para = box.text_frame.paragraphs[0]
        para.alignment = PP_ALIGN.CENTER
        run = para.add_run()
        run.text = caption
        run.font.size = Pt(16)
        run.font.color.rgb = MUTED
    return slide


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
