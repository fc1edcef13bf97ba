"""PowerPoint commands: pptx_create, pptx_edit, pptx_inspect, pptx_verify."""
from __future__ import annotations

from pathlib import Path

from skills.messages import Said, count, msg, said_error
from skills.runtime.blocks import created_summary
import skills.runtime.pptx._schema as schema
from skills.runtime.pptx._schema import Bullet, PptxCreateArgs, PptxEditArgs, PptxInspectArgs, PptxVerifyArgs, Slide
from skills.runtime import file_inspect
from skills.runtime._base import Command, CommandError, CommandResult, Evidence, WritePlan, changes_of, english_changes, register
from skills.runtime.pptx._build import build_slides
from skills.runtime.pptx._deck import new_presentation
from skills.runtime.pptx._template import from_template
from skills.runtime.pptx._edit import apply_operations
from skills.runtime.pptx._read import all_text, deck_errors, deck_evidence, empty_slide_ids, open_deck, outline
from skills.runtime._common import artifact_for, create_target
from skills.runtime._pptx_xlsx_common import (
    check_tagged_args,
    edit_output,
    failed_checks_text,
    input_file,
    require_suffix,
)
from skills.runtime.json_types import JsonObject
from skills.runtime.workspace import Workspace, WorkspaceError

__all__ = ["pptx_create", "pptx_edit", "pptx_inspect", "pptx_verify"]


def _spec_texts(spec: Slide) -> list[str]:
    """The visible text a slide spec asks for, to check it is present in the written file."""
    out = [spec["subtitle"] if spec["layout"] == "title" and "subtitle" in spec else "",
           spec["caption"] if spec["layout"] == "image" and "caption" in spec else "", spec.get("notes") or ""]
    bullets: list[Bullet] = []
    if spec["layout"] == "bullets":
        bullets = spec["bullets"]
    elif spec["layout"] == "two_column":
        bullets = spec["left"] + spec["right"]
    out += [b if isinstance(b, str) else b["text"] for b in bullets]
    if spec["layout"] == "table":
        from skills.runtime.pptx._build import cell_text

        out += [cell_text(h) for h in spec["header"]]
        out += [cell_text(v) for row in spec["rows"] for v in row]
    return [t for t in out if t.strip()]


def _result(ev: Evidence, message: str, title: str, data: JsonObject) -> CommandResult:
    if not ev.passed:
        message += f" Verification FAILED: {failed_checks_text(ev)}"
    return CommandResult(ok=ev.passed, message=message, data=data, artifacts=(artifact_for(ev, title),),
                         evidence=(ev,))


def _create(ws: Workspace, args: PptxCreateArgs) -> CommandResult:
    args = check_tagged_args(schema.CREATE, args, PptxCreateArgs)
    rel = args["path"]
    target = create_target(ws, rel, ".pptx", overwrite=bool(args.get("overwrite", False)))
    prs = from_template(ws, args["template"]) if args.get("template") else new_presentation()
    if args.get("title"):
        prs.core_properties.title = args["title"]
    notes = []
    for i, spec in enumerate(args["slides"]):
        try:
            made = build_slides(prs, spec, ws)
        except CommandError as exc:
            raise CommandError(msg("error.pptx_cmds.slides", where=f"slides[{i}]", n=i + 1, exc=exc)) from None
        if len(made) > 1:
            notes.append(f"slide spec {i + 1} ({spec['title']!r}) was split over {len(made)} slides so the text fits")
    with ws.publish(rel) as staging:
        prs.save(str(staging))
    n = len(prs.slides)
    texts = [t for s in args["slides"] for t in _spec_texts(s)]
    ev, _ = deck_evidence(ws, target, {"slides": n, "titles": [s["title"] for s in args["slides"]], "text": texts},
                          min_pictures=sum(1 for s in args["slides"] if s["layout"] == "image"), check_cjk=True)
    shape = f"on the template {args['template']}" if args.get("template") else "(16:9)"
    text = f"Created {ev.path}: {n} slides {shape}." + (" " + "; ".join(notes) + "." if notes else "")
    return _result(ev, text, args.get("title") or args["slides"][0]["title"], {"slides": n, "split": notes})


def _describe_create(ws: Workspace, args: PptxCreateArgs) -> WritePlan:
    try:
        args = check_tagged_args(schema.CREATE, args, PptxCreateArgs)
    except CommandError as exc:
        return WritePlan(summary=msg("summary.cannot_run", error=said_error(exc)))
    slides = args.get("slides") or []
    rel = args.get("path", "?")
    try:
        exists = ws.resolve(rel).exists()
    except WorkspaceError:
        exists = False
    changes: list[list[Said]] = [["", msg("change.slide", number=i, title=s.get("title", ""))]
               for i, s in enumerate(slides, 1)]
    said = created_summary(rel, [count("count.slides", len(slides))], replace=exists)
    return WritePlan(summary=said, changes=changes_of(changes))


def _edit(ws: Workspace, args: PptxEditArgs) -> CommandResult:
    args = check_tagged_args(schema.EDIT, args, PptxEditArgs)
    src = input_file(ws, args["path"], "pptx")
    out = edit_output(ws, args, ".pptx")
    with deck_errors(src.name):
        prs = open_deck(src)
        empty = set(empty_slide_ids(prs))
        changes = apply_operations(prs, ws, args["operations"], empty)
        empty_before = frozenset(empty)
        expected = outline(prs)
    with ws.publish(out) as staging:
        prs.save(str(staging))
    target = ws.resolve(out)
    titles = [s["title"] for s in expected["slides"] if s["title"]]
    texts = [t for t in all_text(expected).split("\n") if t.strip()][:2000]
    # No East Asian font check here: a user's own deck may rely on its theme for CJK fonts.
    ev, _ = deck_evidence(ws, target, {"slides": expected["slide_count"], "titles": titles, "text": texts},
                          empty_before=empty_before)
    msg = (f"Edited {args['path']}" + (f" into {ev.path}" if out != args["path"] else "")
           + f": {len(args['operations'])} operations, {len(changes)} changes; now {expected['slide_count']} slides.")
    return _result(ev, msg, titles[0] if titles else Path(out).stem, {"changes": english_changes(changes)})


def _describe_edit(ws: Workspace, args: PptxEditArgs) -> WritePlan:
    """Run the operations on an in-memory copy so the card shows exactly what will change."""
    try:
        args = check_tagged_args(schema.EDIT, args, PptxEditArgs)
        src = input_file(ws, args["path"], "pptx")
        out = edit_output(ws, args, ".pptx")
        with deck_errors(src.name):
            changes = apply_operations(open_deck(src), ws, args["operations"])
    except (CommandError, WorkspaceError) as exc:
        return WritePlan(summary=msg("summary.cannot_run", error=said_error(exc)))
    said = msg("summary.edit.short" if out == args["path"] else "summary.edit.short.into", name=args["path"],
               output=out, operations=count("count.operations", len(args["operations"])))
    return WritePlan(summary=said, changes=changes_of(changes))


def _inspect(ws: Workspace, args: PptxInspectArgs) -> CommandResult:
    args = check_tagged_args(schema.INSPECT, args, PptxInspectArgs)
    require_suffix(args["path"], (".pptx", ".pptm", ".potx", ".potm"), "path")
    try:
        src = ws.resolve(args["path"], must_exist=True)
    except WorkspaceError as exc:
        raise CommandError(msg("error.office_read.path", field="path", exc=exc)) from exc
    message, data = file_inspect.inspect(src, label=args["path"])
    return CommandResult(ok=True, message=message, data=data)


def _verify(ws: Workspace, args: PptxVerifyArgs) -> CommandResult:
    args = check_tagged_args(schema.VERIFY, args, PptxVerifyArgs)
    path = input_file(ws, args["path"], "pptx")
    ev, _ = deck_evidence(ws, path, args.get("expect"))
    status = "passed" if ev.passed else f"FAILED: {failed_checks_text(ev)}"
    return CommandResult(ok=ev.passed, message=f"Verification of {ev.path} {status}", evidence=(ev,),
                         data={"counts": dict(ev.counts)})


pptx_create = register(Command(
    name="pptx_create",
    description="Create a 16:9 PowerPoint deck from slides; long lists and tables continue on "
                "further slides so text fits.",
    input_schema=schema.CREATE, writes=True, args_type=PptxCreateArgs, run=_create, target_arg="path", describe=_describe_create))
pptx_edit = register(Command(
    name="pptx_edit",
    description="Edit a deck by operations in order (slides 1-based); the rest stays intact. An "
                "operation that matches nothing fails and nothing is written.",
    input_schema=schema.EDIT, writes=True, args_type=PptxEditArgs, run=_edit, target_arg="path", describe=_describe_edit))
pptx_inspect = register(Command(
    name="pptx_inspect",
    description="Outline of a deck: slide size, and per slide the layout, title, text, tables, pictures, notes.",
    input_schema=schema.INSPECT, writes=False, args_type=PptxInspectArgs, run=_inspect, target_arg=None))
pptx_verify = register(Command(
    name="pptx_verify",
    description="Check a deck against expectations (slide count, titles, text).",
    input_schema=schema.VERIFY, writes=False, args_type=PptxVerifyArgs, run=_verify, target_arg=None))
