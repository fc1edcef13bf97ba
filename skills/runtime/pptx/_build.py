"""Building slides from the structured slide spec: layouts, text fitting, tables, images."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from pptx.dml.color import RGBColor
from pptx.enum.text import PP_ALIGN
from pptx.oxml.ns import qn
from pptx.presentation import Presentation as PresentationT
from pptx.slide import Slide
from pptx.util import Emu, Inches, Pt

from skills.runtime._base import CommandError
from skills.runtime.pptx._chart import add_chart
from skills.runtime.pptx._deck import (
    ACCENT,
    body_placeholder,
    box,
    content_box,
    deck_size,
    drop_empty_placeholders,
    inherits,
    notes_frame,
    pick_layout,
    placeholders,
)
from skills.runtime.pptx._text import (
    apply_ea_fonts,
    balanced,
    bullet_items,
    fill_bullets,
    fit_bullets,
    set_plain_text,
    title_size,
)
from skills.runtime._pptx_xlsx_common import display_width
from skills.messages import msg
from skills.runtime.pptx._schema import BulletsSlide, ImageSlide, TableSlide
from skills.runtime.pptx._schema import Slide as SlideSpec

TITLE_COLOR = RGBColor(0x1F, 0x2A, 0x44)
MUTED = RGBColor(0x59, 0x59, 0x59)
TABLE_SIZES = (18, 16, 14, 12)
MAX_IMAGE_PIXELS = 60_000_000
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff"}


def _new_slide(prs: PresentationT, layout: str, title: str) -> Slide:
    slide: Slide = prs.slides.add_slide(pick_layout(prs, layout))  # python-pptx's lazyproperty hides the type
    ph = placeholders(slide)[0]
    if ph is not None and inherits(prs):
        # a user's deck: the title keeps the layout's font, size and colour unless it is too long for it
        set_plain_text(ph.text_frame, title, title_size(title, 36) if display_width(title) > 52 else None)
    elif ph is not None:
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


def build_slides(prs: PresentationT, spec: SlideSpec, images_root: Any) -> list[Slide]:
    """Append the slide(s) for one spec; long lists and tables are split over several slides."""
    made: list[Slide] = []
    if spec["layout"] == "title":
        slide = _new_slide(prs, "title", spec["title"])
        _, _, sub = placeholders(slide)
        if sub is not None and spec.get("subtitle"):
            own = inherits(prs)  # a user's deck: the subtitle as its layout draws it
            set_plain_text(sub.text_frame, spec["subtitle"], None if own else 24)
            for r in sub.text_frame.paragraphs[0].runs if not own else ():
                r.font.color.rgb = MUTED
        made.append(slide)
    elif spec["layout"] == "bullets":
        made += _bullet_slides(prs, spec)
    elif spec["layout"] == "two_column":
        slide = _new_slide(prs, "two_column", spec["title"])
        _, bodies, _ = placeholders(slide)
        cols = [bullet_items(spec["left"]), bullet_items(spec["right"])]
        if len(bodies) < 2:
            left, top, width, height = content_box(prs, slide)
            gap = Inches(0.4)
            half = (width - gap) // 2
            bodies = [slide.shapes.add_textbox(Emu(left + i * (half + gap)), top, Emu(half), height)
                      for i in range(2)]
        size = min(fit_bullets(c, *box(prs, b))[0] for c, b in zip(cols, bodies))
        for col, frame in zip(cols, bodies):
            fill_bullets(frame.text_frame, col, deck_size(prs, frame, size, col))
        made.append(slide)
    elif spec["layout"] == "table":
        made += _table_slides(prs, spec)
    elif spec["layout"] == "image":
        made.append(_image_slide(prs, spec, images_root))
    elif spec["layout"] == "chart":
        slide = _new_slide(prs, "chart", spec["title"])
        add_chart(prs, slide, spec)
        made.append(slide)
    for slide in made:
        if spec.get("notes"):
            notes_frame(slide).text = spec["notes"]
        drop_empty_placeholders(slide)
        apply_ea_fonts(slide)
    return made


def _bullet_slides(prs: PresentationT, spec: BulletsSlide) -> list[Slide]:
    items = bullet_items(spec["bullets"])
    first = _new_slide(prs, "bullets", spec["title"])
    body = body_placeholder(first)
    if body is None:
        left, top, width, height = content_box(prs, first)
        body = first.shapes.add_textbox(left, top, width, height)
    size, chunks = fit_bullets(items, *box(prs, body))
    titles = _part_titles(spec["title"], len(chunks))
    slides = [first]
    if len(chunks) > 1 and first.shapes.title is not None:  # a layout without a title gets none, as in _new_slide
        set_plain_text(first.shapes.title.text_frame, titles[0])
    fill_bullets(body.text_frame, chunks[0], deck_size(prs, body, size, chunks[0]))
    for chunk, title in zip(chunks[1:], titles[1:]):
        slide = _new_slide(prs, "bullets", title)
        b = body_placeholder(slide) or slide.shapes.add_textbox(*content_box(prs, slide))
        fill_bullets(b.text_frame, chunk, deck_size(prs, b, size, chunk))
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


def _table_slides(prs: PresentationT, spec: TableSlide) -> list[Slide]:
    header = [cell_text(h) for h in spec["header"]]
    raw_rows = spec["rows"]
    rows = [[cell_text(v) for v in r] for r in raw_rows]
    numeric = [all(isinstance(r[c], (int, float)) and not isinstance(r[c], bool)
                   for r in raw_rows if c < len(r) and r[c] is not None) and bool(raw_rows)
               for c in range(len(header))]
    probe = _new_slide(prs, "table", spec["title"])
    left, top, width, height = content_box(prs, probe)
    size, col_w, chunks = _table_layout(header, rows, width, height)
    titles = _part_titles(spec["title"], len(chunks))
    slides = []
    for i, (chunk, title) in enumerate(zip(chunks, titles)):
        slide = probe if i == 0 else _new_slide(prs, "table", title)
        if i == 0 and len(chunks) > 1 and slide.shapes.title is not None:  # as in _new_slide
            set_plain_text(slide.shapes.title.text_frame, title)
        ncols = len(col_w)
        row_height = int(Pt(1.2 * size + 10))  # a minimum: rows still grow when a cell wraps
        frame = slide.shapes.add_table(len(chunk) + 1, ncols, left, top, width, Emu(row_height * (len(chunk) + 1)))
        table = frame.table
        for c, w in enumerate(col_w):
            table.columns[c].width = Emu(w)
        for row_obj in table.rows:
            row_obj.height = Emu(row_height)
        sz = str(size * 100)
        for r_idx, row in enumerate([header, *chunk]):
            for c in range(ncols):
                cell = table.cell(r_idx, c)
                cell.text = row[c] if c < len(row) else ""
                # Styled on the XML directly: the font API costs an xpath per property per cell.
                right = bool(r_idx) and c < len(numeric) and numeric[c]
                for p in cell._tc.iter(qn("a:p")):
                    if right:
                        p.get_or_add_pPr().set("algn", "r")
                    for r in p.iter(qn("a:r")):
                        rpr = r.get_or_add_rPr()
                        rpr.set("sz", sz)
                        if r_idx == 0:
                            rpr.set("b", "1")
        slides.append(slide)
    return slides


def load_image_path(images_root: Any, rel: str) -> Path:
    """Resolve and sanity-check an image in the workspace (type, pixel count)."""
    from PIL import Image, UnidentifiedImageError

    from skills.runtime.workspace import WorkspaceError

    try:
        path: Path = images_root.resolve(rel, must_exist=True)
    except WorkspaceError as exc:
        raise CommandError(msg("error.pptx_build.image", field="image", exc=exc)) from exc
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise CommandError(msg("error.pptx_build.image_png_jpeg_gif", field="image", rel=rel))
    try:
        with Image.open(path) as im:
            w, h = im.size
            if w * h > MAX_IMAGE_PIXELS:
                raise CommandError(msg("error.pptx_build.image_x_pixels_limit", field="image", rel=rel, w=w, h=h,
                                           max_image_pixels=format(MAX_IMAGE_PIXELS, ",")))
            im.verify()
    except CommandError:
        raise
    except Image.DecompressionBombError:
        raise CommandError(msg("error.pptx_build.image_claims_more_pixels", field="image", rel=rel, max_image_pixels=format(MAX_IMAGE_PIXELS, ","))) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise CommandError(msg("error.pptx_build.image_read_image", field="image", rel=rel, exc=exc)) from None
    return path


def _image_slide(prs: PresentationT, spec: ImageSlide, images_root: Any) -> Slide:
    path = load_image_path(images_root, spec["image"])
    slide = _new_slide(prs, "image", spec["title"])
    left, top, width, height = content_box(prs, slide)
    caption = spec.get("caption")
    cap_h = Inches(0.6) if caption else Emu(0)
    pic = slide.shapes.add_picture(str(path), left, top)
    ratio = min(width / pic.width, (height - cap_h) / pic.height)
    pic.width, pic.height = Emu(int(pic.width * ratio)), Emu(int(pic.height * ratio))
    pic.left = Emu(left + (width - pic.width) // 2)
    pic.top = Emu(top + (height - cap_h - pic.height) // 2)
    if caption:
        box = slide.shapes.add_textbox(left, Emu(pic.top + pic.height + Inches(0.1)), width, cap_h)
        box.text_frame.word_wrap = True
        para = box.text_frame.paragraphs[0]
        para.alignment = PP_ALIGN.CENTER
        run = para.add_run()
        run.text = caption
        run.font.size = Pt(16)
        run.font.color.rgb = MUTED
    return slide
