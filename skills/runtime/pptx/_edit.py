"""Edit operations on an open deck. Each returns a readable [before, after] pair."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pptx.presentation import Presentation as PresentationT

from skills.messages import Msg, Said, msg
from skills.runtime._base import CommandError
from skills.runtime.pptx._build import build_slides
from skills.runtime.pptx._copy import duplicate_slide
from skills.runtime.pptx._deck import (
    body_placeholder,
    inherits,
    kind_of,
    learn_layouts,
    move_slide,
    notes_frame,
    remove_slide,
)
from skills.runtime.pptx._look import model_slide, take_look
from skills.runtime.pptx._text import apply_ea_fonts, bullet_items, fill_bullets, fit_bullets, set_plain_text
from skills.runtime.pptx._read import _walk, slide_title
from skills.runtime.pptx._schema import PptxOperation, PptxReplaceTextOp
from skills.runtime.workspace import Workspace

Change = list[Said]


def _short(text: str, n: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _slide(prs: PresentationT, number: int, where: str) -> Any:
    count = len(prs.slides)
    if not 1 <= number <= count:
        raise CommandError(msg("error.pptx_edit.slide_does_exist_deck", where=where, number=number, count=count))
    return prs.slides[number - 1]


def _label(slide: Any, number: int) -> Msg:
    title = slide_title(slide)
    return (msg("change.slide", number=number, title=_short(title, 80)) if title
            else msg("change.slide.plain", number=number))


def _text_frames(slide: Any) -> list[Any]:
    frames = []
    for shape in _walk(slide.shapes):
        if shape.has_text_frame:
            frames.append(shape.text_frame)
        if getattr(shape, "has_table", False) and shape.has_table:
            frames += [c.text_frame for row in shape.table.rows for c in row.cells]
    return frames


def _replace_in_paragraph(para: Any, find: str, repl: str) -> int:
    runs = para.runs
    if find not in "".join(r.text for r in runs):
        return 0
    hits = 0
    for r in runs:  # keep each run's formatting when the match sits inside one run
        if find in r.text:
            hits += r.text.count(find)
            r.text = r.text.replace(find, repl)
    rest = "".join(r.text for r in runs)
    if find in rest:  # the match spans runs: merge them into the first run's formatting
        hits += rest.count(find)
        runs[0].text = rest.replace(find, repl)
        for r in runs[1:]:
            r._r.getparent().remove(r._r)
    return hits


def _replace_text(prs: PresentationT, op: PptxReplaceTextOp, where: str) -> list[Change]:
    find, repl = op["find"], op["replace"]
    numbers = [op["slide"]] if op.get("slide") else range(1, len(prs.slides) + 1)
    changes: list[Change] = []
    for n in numbers:
        slide = _slide(prs, n, where)
        for tf in _text_frames(slide):
            for para in tf.paragraphs:
                before = para.text
                if _replace_in_paragraph(para, find, repl):
                    changes.append([msg("change.slide", number=n, title=_short(before)),
                                    msg("change.slide", number=n, title=_short(para.text))])
        apply_ea_fonts(slide)
    if not changes:
        scope = f"slide {op['slide']}" if op.get("slide") else "any slide"
        raise CommandError(msg("error.pptx_edit.was_found_nothing_was", where=where, find=repr(find), scope=scope))
    return changes


def _title_from_layout(slide: Any) -> Any:
    """The title a slide without one gets back from its layout (a chart slide whose title was deleted): the
    layout's title placeholder cloned onto it first in reading order, so it stands where the layout puts
    titles, in the theme's title style; None when the layout has no title either."""
    from pptx.enum.shapes import PP_PLACEHOLDER

    wanted = (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE, PP_PLACEHOLDER.VERTICAL_TITLE)
    model = next((ph for ph in slide.slide_layout.placeholders if ph.placeholder_format.type in wanted), None)
    if model is None:
        return None
    slide.shapes.clone_placeholder(model)
    tree = slide.shapes._spTree
    added = tree[-1]
    tree.remove(added)
    tree.insert(2, added)  # after the tree's own nvGrpSpPr and grpSpPr
    return slide.shapes.title


def apply_operation(prs: PresentationT, ws: Workspace, op: PptxOperation, where: str,
                    empty: set[int] | None = None) -> list[Change]:
    """One operation on ``prs``; ``empty``: the ids of the slides that showed nothing before the edit, which
    a copy of one of them joins (a blank slide duplicated is blank for the same reason, not the edit's)."""
    kind = op["op"]
    if op["op"] == "replace_text":
        return _replace_text(prs, op, where)
    if op["op"] == "add_slide":
        count = len(prs.slides)
        at = op.get("at", count + 1)
        if not 1 <= at <= count + 1:
            raise CommandError(msg("error.pptx_edit.outside", where=where, at=at, count=count + 1))
        learn_layouts(prs)  # the deck's own layouts and styles, not the default template's
        existing = list(prs.slides)
        made = build_slides(prs, op["slide"], ws)
        if inherits(prs):  # a user's deck: each new slide also takes a neighbour's direct formatting
            for slide in made:
                model = model_slide(existing, kind_of(slide), at - 1)
                if model is not None:
                    take_look(slide, model)
                    apply_ea_fonts(slide)
        for i in range(len(made)):
            move_slide(prs, count + i, at - 1 + i)
        return [["", msg("change.slide", number=at + i, title=slide_title(s))] for i, s in enumerate(made)]
    slide = _slide(prs, op["slide"], where)
    n = op["slide"]
    label = _label(slide, n)
    if op["op"] == "set_title":
        title = slide.shapes.title
        had = title is not None
        if title is None:
            title = _title_from_layout(slide)
        if title is None:
            raise CommandError(msg("error.pptx_edit.slide_title_placeholder", where=where, n_value=n))
        before = title.text_frame.text if had else ""
        set_plain_text(title.text_frame, op["text"])
        apply_ea_fonts(slide)
        return [[msg("change.slide.title", number=n, text=_short(before)) if had else msg("change.slide.no_title", number=n),
                 msg("change.slide.title", number=n, text=_short(op["text"]))]]
    if op["op"] == "set_bullets":
        body = body_placeholder(slide)
        if body is None:
            raise CommandError(msg("error.pptx_edit.slide_bullet_body_placeholder", where=where, n_value=n))
        before = [p.text for p in body.text_frame.paragraphs if p.text.strip()]
        items = bullet_items(op["bullets"])
        size, chunks = fit_bullets(items, body.width, body.height)
        if len(chunks) > 1:
            raise CommandError(msg("error.pptx_edit.bullets_do_fit_one", where=where, length=len(items)))
        fill_bullets(body.text_frame, items, size)
        apply_ea_fonts(slide)
        return [[msg("change.slide.bullets", number=n, items=[_short(b, 60) for b in before]),
                 msg("change.slide.bullets", number=n, items=[_short(t, 60) for t, _ in items])]]
    if op["op"] == "remove_slide":
        if len(prs.slides) == 1:
            raise CommandError(msg("error.pptx_edit.remove_slide_deck", where=where))
        remove_slide(prs, n - 1)
        return [[label, msg("change.removed")]]
    if op["op"] == "move_slide":
        to = op["to"]
        if to > len(prs.slides):
            raise CommandError(msg("error.pptx_edit.past_last_slide", where=where, to=to, length=len(prs.slides)))
        move_slide(prs, n - 1, to - 1)
        return [[label, _label(slide, to)]]
    if op["op"] == "duplicate_slide":
        count = len(prs.slides)
        to = op.get("to", n + 1)
        if not 1 <= to <= count + 1:
            raise CommandError(msg("error.pptx_edit.outside", where=where, at=to, count=count + 1))
        copied = duplicate_slide(prs, n - 1)
        if empty is not None and slide.slide_id in empty:
            empty.add(copied.slide_id)
        move_slide(prs, count, to - 1)
        return [[label, msg("change.slide.copied", number=to, title=slide_title(copied))]]
    if op["op"] == "set_notes":
        had_notes = slide.has_notes_slide
        frame = notes_frame(slide)
        before = frame.text if had_notes else ""
        frame.text = op["text"]
        return [[msg("change.slide.notes", number=n, text=_short(before)) if before.strip()
                         else msg("change.slide.no_notes", number=n),
                 msg("change.slide.notes", number=n, text=_short(op["text"]))]]
    raise CommandError(msg("error.pptx_edit.unknown_op", where=where, kind=repr(kind)))  # pragma: no cover - the schema forbids it


def apply_operations(prs: PresentationT, ws: Workspace, ops: Sequence[PptxOperation],
                     empty: set[int] | None = None) -> list[Change]:
    """Apply every operation in order; the first failing one raises before anything is written (``empty``:
    see :func:`apply_operation`)."""
    changes: list[Change] = []
    for i, op in enumerate(ops):
        changes += apply_operation(prs, ws, op, f"operations[{i}] ({op['op']})", empty)
    return changes
