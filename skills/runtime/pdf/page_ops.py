"""PDF page operations that keep every page as it is: extract, delete, rotate, reorder.

The pages are moved, never redrawn: MuPDF rearranges the page tree of the same
document, so each page keeps its content stream, images, fonts, links, annotations
and form fields. The evidence proves it object by object: every output page's
decompressed content, image streams, annotations (with their rectangles and link
targets) and form fields equal those of the source page it came from.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, fields
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pymupdf

from skills.messages import Said, count, english, msg
from skills.runtime._base import (
    AnyCommand,
    Check,
    Command,
    CommandError,
    CommandResult,
    WritePlan,
    changes_of,
    get_command,
    register,
)
from skills.runtime._common import artifact_for, evidence_for, publish_pdf, resolve
from skills.runtime._validate import checked_args
from skills.runtime.pdf.args import (
    DeletePagesArgs,
    ExtractPagesArgs,
    PageItem,
    PageOpArgs,
    PdfPagesArgs,
    ReorderPagesArgs,
    RotatePagesArgs,
)
from skills.runtime.pdf.read import open_pdf
from skills.runtime.json_types import JsonObject, JsonValue
from skills.runtime.workspace import Workspace

_PATH: JsonObject = {"type": "string", "minLength": 1, "maxLength": 500}
# Kept short: every schema is in the skill agent's first request (bench/bench_prompt_size.py). page_numbers()
# checks each item and says which one is wrong.
_PAGES: JsonObject = {"type": "array", "minItems": 1, "maxItems": 2000, "items": {"type": ["integer", "string"]},
          "description": "pages or ranges: 2, \"2-5\""}
EXTRACT_SCHEMA: JsonObject = {"type": "object", "required": ["path", "pages", "out"], "additionalProperties": False,
                                  "properties": {"path": _PATH, "pages": _PAGES, "out": _PATH}}
DELETE_SCHEMA: JsonObject = {"type": "object", "required": ["path", "pages"], "additionalProperties": False,
                                 "properties": {"path": _PATH, "pages": _PAGES, "output": _PATH}}
_ANGLE: JsonObject = {"enum": [90, 180, 270, -90]}
ROTATE_SCHEMA: JsonObject = {"type": "object", "required": ["path", "pages", "angle"],
                                 "additionalProperties": False,
                                 "properties": {"path": _PATH, "pages": _PAGES, "output": _PATH,
                                                "angle": _ANGLE}}
REORDER_SCHEMA: JsonObject = {
    "type": "object", "required": ["path", "order"], "additionalProperties": False,
    "properties": {"path": _PATH, "output": _PATH,
                   "order": {"type": "array", "minItems": 1, "maxItems": 5000, "items": {"type": "integer", "minimum": 1}}}}
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


def _ends(item: int | str, i: int, field: str) -> tuple[int, int]:
    """The first and last page of one item of a page list: ``2`` or ``"2-5"``."""
    m = _RANGE.match(str(item))
    if not m:
        raise CommandError(msg("error.pdf_page_ops.page_number_range_like", field=field, i=i, item=repr(item)))
    return int(m.group(1)), int(m.group(2) or m.group(1))


def page_numbers(pages: Sequence[int | str], total: int, field: str = "pages") -> list[int]:
    """The 1-based page numbers ``pages`` names, in the order given, each once."""
    out: list[int] = []
    for i, item in enumerate(pages):
        a, b = _ends(item, i, field)
        if a < 1 or b < a or b > total:
            raise CommandError(msg("error.pdf_page_ops.outside_pages_reversed", field=field, i=i, item=repr(item), total=total))
        out += [p for p in range(a, b + 1) if p not in out]
    return out


# -- what a page is made of -------------------------------------------------------


def _digest(data: bytes | None) -> str:
    return hashlib.sha256(data or b"").hexdigest()[:16]


@dataclass(frozen=True, slots=True, kw_only=True)
class PageParts:
    """A page's own objects, comparable across documents (digests of its streams)."""

    content: str
    images: list[str]
    annotations: list[tuple[tuple[str, str], ...]]
    fields: list[tuple[str, str]]
    size: tuple[float, ...]


def page_parts(doc: pymupdf.Document, index: int) -> PageParts:
    """A page's own objects, comparable across documents: content, images, annotations, fields."""
    page = doc[index]
    annots = []
    for xref, _kind, *_ in page.annot_xrefs():
        keys = {k: doc.xref_get_key(xref, k)[1] for k in ("Subtype", "Rect", "A/URI", "A/S", "Contents", "FT", "T",
                                                          "V")}
        annots.append(tuple(sorted(keys.items())))
    return PageParts(content=_digest(page.read_contents()),
                     images=sorted(_digest(doc.xref_stream(img[0])) for img in page.get_images(full=True)),
                     annotations=annots,
                     fields=sorted((w.field_name or "", str(w.field_value)) for w in page.widgets() or ()),
                     size=tuple(round(v, 2) for v in page.mediabox))


def kept_check(sources: Sequence[PageParts], out: Path) -> tuple[Check, int]:
    """Each page of ``out`` holds exactly the objects of its source page (``page_parts``, read before
    the output replaced anything: the output may be one of the inputs)."""
    try:
        doc = open_pdf(out)
    except CommandError as exc:
        return Check(name="opens", status="failed", detail=str(exc)), 0
    try:
        pages = doc.page_count
        if pages != len(sources):
            return Check(name="pages kept", status="failed", detail=f"{pages} pages, expected {len(sources)}"), pages
        differ = []
        for i, theirs in enumerate(sources):
            mine = page_parts(doc, i)
            bad = [f.name for f in fields(PageParts) if getattr(mine, f.name) != getattr(theirs, f.name)]
            if bad:
                differ.append(f"page {i + 1} ({', '.join(bad)})")
        if differ:
            return Check(name="pages kept", status="failed", detail="changed: " + "; ".join(differ[:10])), pages
        images = sum(len(p.images) for p in sources)
        annots = sum(len(p.annotations) for p in sources)
        return Check(name="pages kept", status="passed",
                     detail=f"{pages} pages, each with its own content stream, {images} images and {annots} "
                     f"annotations/fields as in the source"), pages
    finally:
        doc.close()


# -- the operations ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _PageCall:
    """One page command's checked arguments, read the same way whichever of the four it is."""

    path: str
    out: str  # the file written: ``out`` for an extract, else ``output`` or the source itself
    pages: tuple[PageItem, ...] = ()  # extract, delete, rotate
    order: tuple[int, ...] = ()  # reorder
    angle: int = 0  # rotate


def _call(name: str, args: object) -> _PageCall:
    if name == "pdf_extract_pages":
        extract = checked_args(name, EXTRACT_SCHEMA, args, ExtractPagesArgs)
        return _PageCall(path=extract["path"], out=extract["out"], pages=tuple(extract["pages"]))
    if name == "pdf_delete_pages":
        delete = checked_args(name, DELETE_SCHEMA, args, DeletePagesArgs)
        return _PageCall(path=delete["path"], out=delete.get("output") or delete["path"], pages=tuple(delete["pages"]))
    if name == "pdf_rotate_pages":
        rotate = checked_args(name, ROTATE_SCHEMA, args, RotatePagesArgs)
        return _PageCall(path=rotate["path"], out=rotate.get("output") or rotate["path"], pages=tuple(rotate["pages"]),
                         angle=int(rotate["angle"]))
    reorder = checked_args(name, REORDER_SCHEMA, args, ReorderPagesArgs)
    return _PageCall(path=reorder["path"], out=reorder.get("output") or reorder["path"], order=tuple(reorder["order"]))


def _plan(ws: Workspace, args: object, name: str) -> tuple[_PageCall, Path, str, list[int], int]:
    """(the call, source path, output path, the 0-based source page of each output page, source pages)."""
    call = _call(name, args)
    src = resolve(ws, call.path, "path", suffix=".pdf", must_exist=True)
    out = call.out
    resolve(ws, out, "out" if name == "pdf_extract_pages" else "output", suffix=".pdf")
    doc = open_pdf(src)
    total = doc.page_count
    doc.close()
    if name == "pdf_reorder_pages":
        order = list(call.order)
        if sorted(order) != list(range(1, total + 1)):
            missing = sorted(set(range(1, total + 1)) - set(order))
            if missing:
                raise CommandError(msg("error.pdf_page_ops.order_missing", field="order", order=order, total=total,
                                       missing=missing[:20]))
            raise CommandError(msg("error.pdf_page_ops.order", field="order", order=order, total=total))
        return call, src, out, [p - 1 for p in order], total
    chosen = page_numbers(call.pages, total)
    if name == "pdf_extract_pages":
        keep = [p - 1 for p in chosen]
    elif name == "pdf_delete_pages":
        if len(chosen) == total:
            raise CommandError(msg("error.pdf_page_ops.pages_deleting_every_page", field="pages", path=call.path))
        keep = [i for i in range(total) if i + 1 not in chosen]
    else:
        keep = list(range(total))
    return call, src, out, keep, total


def _run(name: str) -> Callable[[Workspace, PageOpArgs], CommandResult]:
    def run(ws: Workspace, args: PageOpArgs) -> CommandResult:
        call, src, out, keep, _total = _plan(ws, args, name)
        doc = open_pdf(src)
        try:
            # what each page holds and how it is turned, read before the output may replace the source
            sources = [page_parts(doc, i) for i in range(doc.page_count)]
            rotations = [page.rotation for page in doc]
            turned = set(page_numbers(call.pages, doc.page_count)) if name == "pdf_rotate_pages" else set()
            for p in turned:
                page = doc[p - 1]
                page.set_rotation((page.rotation + call.angle) % 360)
            if keep != list(range(doc.page_count)):
                doc.select(keep)
        except BaseException:
            doc.close()
            raise
        path = publish_pdf(ws, doc, out, garbage=3)
        kept, pages = kept_check([sources[i] for i in keep], path)
        checks = [Check(name="opens", status="passed", detail=f"PyMuPDF reopened {pages} page(s)"), kept] \
            if kept.name != "opens" else [kept]
        if turned:
            checks.append(_rotation_check(path, rotations, turned, call.angle))
        ev = evidence_for(ws, path, "pdf", checks, {"pages": pages})
        verb = {"pdf_extract_pages": "Copied", "pdf_delete_pages": "Removed", "pdf_rotate_pages": "Turned",
                "pdf_reorder_pages": "Reordered"}[name]
        message = (f"{verb} pages of {call.path}" + (f" into {ev.path}" if out != call.path else "")
                   + f": {pages} page(s), each kept as it was" if ev.passed
                   else f"{verb} pages of {call.path}, but verification failed: "
                        + "; ".join(english(c.detail) for c in checks if c.status == "failed"))
        return CommandResult(ok=ev.passed, message=message, data={"pages": pages, "from": [i + 1 for i in keep]},
                             artifacts=(artifact_for(ev, Path(out).stem),), evidence=(ev,))
    return run


def _rotation_check(path: Path, before: Sequence[int], turned: set[int], angle: int) -> Check:
    doc = open_pdf(path)
    try:
        wrong = [p for p in range(1, doc.page_count + 1)
                 if doc[p - 1].rotation != ((before[p - 1] + (angle if p in turned else 0)) % 360)]
    finally:
        doc.close()
    return Check(name="pages turned", status="failed" if wrong else "passed",
                 detail=f"pages {wrong[:20]} are not turned as asked" if wrong else f"{len(turned)} page(s) turned {angle}°")


def _pages_said(numbers: Sequence[int]) -> Any:
    """"Page 3" or "Pages 2–5" for a run, else the count."""
    if len(numbers) == 1:
        return msg("change.page", page=numbers[0])
    if list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return msg("change.pages", first=numbers[0], last=numbers[-1])
    return count("count.pages", len(numbers))


def _describe(name: str) -> Callable[[Workspace, PageOpArgs], WritePlan]:
    def describe(ws: Workspace, args: PageOpArgs) -> WritePlan:
        call, _src, out, keep, total = _plan(ws, args, name)
        into = out != call.path
        changes: list[list[Said]] = []
        if name == "pdf_extract_pages":
            changes = [[msg("change.page", page=j + 1), msg("change.page.copied", page=i + 1,
                                                                               output=out)]
                       for i, j in enumerate(keep)]
            said = msg("summary.pages.extract", name=call.path, output=out,
                       pages=_pages_said([j + 1 for j in keep]))
        elif name == "pdf_delete_pages":
            gone = [p for p in range(1, total + 1) if p - 1 not in keep]
            changes = [[msg("change.page", page=p), msg("change.page.deleted")] for p in gone]
            said = msg("summary.pages.delete.into" if into else "summary.pages.delete", name=call.path,
                       output=out, pages=_pages_said(gone))
        elif name == "pdf_rotate_pages":
            turned = page_numbers(call.pages, total)
            angle = call.angle % 360
            changes = [[msg("change.page", page=p), msg("change.page.rotated", angle=angle)]
                       for p in turned]
            said = msg("summary.pages.rotate.into" if into else "summary.pages.rotate", name=call.path,
                       output=out, pages=_pages_said(turned), angle=angle)
        else:
            changes = [[msg("change.page", page=j + 1), msg("change.page.moved", page=i + 1)]
                       for i, j in enumerate(keep) if i != j]
            said = msg("summary.pages.reorder.into" if into else "summary.pages.reorder", name=call.path,
                       output=out, pages=count("count.pages", total))
        return WritePlan(summary=said, changes=changes_of(changes[:500]))
    return describe


_COMMANDS: dict[str, tuple[JsonObject, type[PageOpArgs], str, str]] = {
    "pdf_extract_pages": (EXTRACT_SCHEMA, ExtractPagesArgs, "Copy pages of a PDF into a new PDF, each page kept as it is.",
                          "out"),
    "pdf_delete_pages": (DELETE_SCHEMA, DeletePagesArgs, "Delete pages of a PDF; the others stay as they are.", "path"),
    "pdf_rotate_pages": (ROTATE_SCHEMA, RotatePagesArgs, "Turn pages of a PDF clockwise; nothing on them changes.", "path"),
    "pdf_reorder_pages": (REORDER_SCHEMA, ReorderPagesArgs, "Put a PDF's pages in a new order (every page once).", "path"),
}
for _name, (_schema, _shape, _text, _target) in _COMMANDS.items():
    register(Command(name=_name, description=_text, input_schema=_schema, writes=True, args_type=_shape,
                     run=_run(_name), target_arg=_target, describe=_describe(_name)))


# -- one tool for the model: pdf_pages {"op": ...} -------------------------------------------------------------
# The skill agent sees one page tool instead of six (its first request stays within its token budget: bench/
# bench_prompt_size.py); each op runs the command above (or pdf_merge / pdf_split), with the same checks and the
# same words on the approval card. ``output`` is always named (``path`` itself to change a file in place; the
# folder for split): the file a call writes is then the one its approval is frozen on.

_OPS: dict[str, tuple[str, tuple[str, ...]]] = {  # op -> (command, the fields it needs besides output)
    "merge": ("pdf_merge", ("inputs",)),
    "split": ("pdf_split", ("path", "pages")),
    "extract": ("pdf_extract_pages", ("path", "pages")),
    "delete": ("pdf_delete_pages", ("path", "pages")),
    "rotate": ("pdf_rotate_pages", ("path", "pages", "angle")),
    "reorder": ("pdf_reorder_pages", ("path", "pages")),
}
# where each command takes the file or folder it writes, and its page list: one ``pages`` list serves every op
# (split: one file per item; reorder: every page once, in the new order)
_OUTPUT_AS = {"pdf_split": "output_dir", "pdf_extract_pages": "out"}
_PAGES_AS = {"pdf_split": "ranges", "pdf_reorder_pages": "order"}
PAGES_SCHEMA: JsonObject = {
    "type": "object", "required": ["op", "output"], "additionalProperties": False,
    "properties": {"op": {"enum": list(_OPS)}, "path": _PATH,
                   "inputs": {"type": "array", "items": _PATH, "minItems": 1, "maxItems": 200},
                   "pages": {**_PAGES, "maxItems": 5000}, "angle": _ANGLE,
                   "output": _PATH}}


def _order(pages: Sequence[int | str]) -> list[int]:
    """A new page order as numbers, ranges written out, repeats kept (the reorder says what is wrong)."""
    out: list[int] = []
    for i, item in enumerate(pages):
        a, b = _ends(item, i, "pages")
        out += list(range(a, b + 1)) if a <= b else list(range(a, b - 1, -1))
    return out


def pages_call(args: PdfPagesArgs) -> tuple[AnyCommand, dict[str, JsonValue]]:
    """The command a ``pdf_pages`` call runs and its arguments (the model's JSON, as that command checks it);
    the fields that do not fit the op are refused."""
    args = checked_args("pdf_pages", PAGES_SCHEMA, args, PdfPagesArgs)
    name, needs = _OPS[args["op"]]
    given = set(args) - {"op", "output"}
    missing = [f for f in needs if f not in given]
    extra = sorted(given - set(needs))
    if missing or extra:
        problems = ([msg("error.pdf_page_ops.missing", fields=missing)] if missing else []) + (
            [msg("error.pdf_page_ops.not_taken", fields=extra)] if extra else [])
        raise CommandError(msg("error.pdf_page_ops.op_fields", command="pdf_pages", op=args["op"], needs=list(needs), problems=problems))
    fields: dict[str, JsonValue] = {"path": args.get("path"), "inputs": args.get("inputs"), "pages": args.get("pages"),
                                    "angle": args.get("angle")}
    inner = {f: fields[f] for f in needs}  # each one given: checked just above
    inner[_OUTPUT_AS.get(name, "output")] = args["output"]
    if name in _PAGES_AS:
        del inner["pages"]
        pages = args.get("pages", [])
        inner[_PAGES_AS[name]] = _order(pages) if name == "pdf_reorder_pages" else [str(p).strip() for p in pages]
    return get_command(name), inner


def _run_pages(ws: Workspace, args: PdfPagesArgs) -> CommandResult:
    cmd, inner = pages_call(args)
    return cmd.run(ws, inner)


def _describe_pages(ws: Workspace, args: PdfPagesArgs) -> WritePlan:
    cmd, inner = pages_call(args)
    assert cmd.describe is not None  # every page command tells its plan
    return cmd.describe(ws, inner)


register(Command(name="pdf_pages", description="Merge, split, extract, delete, rotate or reorder PDF pages; every "
                 "page is kept as it is.", input_schema=PAGES_SCHEMA, writes=True, args_type=PdfPagesArgs, run=_run_pages,
                 target_arg="output", describe=_describe_pages))
