"""A new slide in a user's deck takes the look of a neighbour of its kind.

A deck's look lives in its master and layouts (PowerPoint), or on every slide as
direct formatting (LibreOffice Impress writes each title's colour and size, each
bullet's character and indent onto the slide). A slide built on a layout only
gets the first; this copies the second from the nearest existing slide of the
same kind: placeholder position, text-frame properties, paragraph properties per
level and the run properties of the first run, so the new slide reads like its
neighbours. The words stay the new slide's own.
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from pptx.oxml.ns import qn

from skills.runtime.pptx._deck import kind_of, placeholders
from skills.runtime.pptx._text import fits


def model_slide(slides: Sequence[Any], kind: str | None, before: int) -> Any:
    """The nearest slide of ``kind`` before position ``before`` (else after it), or None."""
    if kind is None:
        return None
    order = list(range(before - 1, -1, -1)) + list(range(before, len(slides)))
    return next((slides[i] for i in order if kind_of(slides[i]) == kind), None)


def _level(p: Any) -> int:
    ppr = p.find(qn("a:pPr"))
    value = ppr.get("lvl") if ppr is not None else None
    return int(value) if value and value.isdigit() else 0


def _take_text_look(shape: Any, model: Any) -> None:
    sp = shape._element
    body, theirs = sp.find(qn("p:txBody")), model.find(qn("p:txBody"))
    if body is None or theirs is None:
        return
    own_bp, their_bp = body.find(qn("a:bodyPr")), theirs.find(qn("a:bodyPr"))
    if their_bp is not None and own_bp is not None:
        body.replace(own_bp, copy.deepcopy(their_bp))
    by_level: dict[int, Any] = {}
    for p in theirs.iter(qn("a:p")):
        if p.find(qn("a:r")) is not None:
            by_level.setdefault(_level(p), p)
    if not by_level:
        return
    items = [("".join(t.text or "" for t in p.iter(qn("a:t"))), _level(p)) for p in body.iter(qn("a:p"))]
    their_sz = next((r.get("sz") for p in by_level.values() for r in p.iter(qn("a:rPr")) if r.get("sz")), None)
    # the neighbour's size where the new text fits the box at it, else the size chosen to fit
    roomy = bool(their_sz and shape.width and shape.height
                 and fits(items, int(their_sz) // 100, int(shape.width), int(shape.height)))
    for p in body.iter(qn("a:p")):
        level = _level(p)
        their = by_level[level] if level in by_level else by_level[min(by_level)]
        their_ppr = their.find(qn("a:pPr"))
        if their_ppr is not None:
            new_ppr = copy.deepcopy(their_ppr)
            if level:
                new_ppr.set("lvl", str(level))
            old = p.find(qn("a:pPr"))
            if old is not None:
                p.replace(old, new_ppr)
            else:
                p.insert(0, new_ppr)
        their_rpr = their.find(f"{qn('a:r')}/{qn('a:rPr')}")
        if their_rpr is None:
            continue
        for r in p.iter(qn("a:r")):
            rpr = copy.deepcopy(their_rpr)
            old = r.find(qn("a:rPr"))
            if old is not None:
                if old.get("sz") and not roomy:
                    rpr.set("sz", old.get("sz"))
                r.replace(old, rpr)
            else:
                r.insert(0, rpr)


def take_look(slide: Any, model: Any) -> None:
    """Give ``slide``'s title and bodies the position and formatting of ``model``'s."""
    mine, theirs = placeholders(slide), placeholders(model)
    pairs = [(mine[0], theirs[0]), *zip(mine[1], theirs[1], strict=False)]
    for new, old in pairs:
        if new is None or old is None:
            continue
        sp, msp = new._element, old._element
        their_xfrm = msp.spPr.find(qn("a:xfrm"))
        if their_xfrm is not None and sp.spPr.find(qn("a:xfrm")) is None:
            sp.spPr.insert(0, copy.deepcopy(their_xfrm))
        _take_text_look(new, msp)
