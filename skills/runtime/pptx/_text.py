"""Text on slides: East Asian fonts, fitting bullet lists, keeping run formatting."""
from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from typing import Any

from pptx.enum.text import MSO_AUTO_SIZE
from pptx.oxml.ns import qn
from pptx.slide import Slide
from pptx.util import Emu, Pt

from skills.runtime._pptx_xlsx_common import CJK_FONT, display_width

BODY_SIZES = (28, 26, 24, 22, 20, 18, 16)
SPLIT_SIZE = 20  # when a list does not fit even at the smallest size, split it into chunks that fit at this


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


def fits(items: Sequence[tuple[str, int]], size: int, width: int, height: int) -> bool:
    """The items fit a box of ``width`` × ``height`` EMU at ``size`` points."""
    return _text_height_pt(items, size, Emu(width).pt - 14) <= Emu(height).pt * 0.92 - 7


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


def fill_bullets(text_frame: Any, items: Sequence[tuple[str, int]], size: int | None) -> None:
    """The bullets at ``size`` points, or (None) at the size the placeholder inherits from the deck."""
    text_frame.clear()
    text_frame.word_wrap = True
    for i, (text, level) in enumerate(items):
        para = text_frame.paragraphs[0] if i == 0 else text_frame.add_paragraph()
        para.level = level
        run = para.add_run()
        run.text = text
        if size is not None:
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
