"""DOCX commands: docx_create, docx_edit, docx_inspect, docx_verify."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, cast

from skills.messages import Said, count, msg
from skills.runtime import file_inspect
from skills.runtime._base import Check, Command, CommandError, CommandResult, Evidence, WritePlan, changes_of, english_changes, register
from skills.runtime._common import (
    artifact_for,
    check,
    create_target,
    evidence_for,
    expected_found,
    failed_summary,
    missing_text,
    resolve,
    text_samples,
)
from skills.runtime._validate import checked_args
from skills.runtime.blocks import (
    BLOCKS_SCHEMA,
    Block,
    check_blocks,
    clean_strings,
    created_summary,
    first_texts,
    outline_summary,
    summary_parts,
    summary_text,
)
from skills.runtime.docx._template import open_template
from skills.runtime.docx.args import DocxCreateArgs, DocxEditArgs, DocxExpect, DocxInspectArgs, DocxVerifyArgs
from skills.runtime.docx.edit import apply_operations
from skills.runtime.docx.read import Outline, norm, open_docx, read_outline, text_index
from skills.runtime.docx.write import BlockWriter, layout_pages, new_document
from skills.runtime.workspace import Workspace
from skills.runtime.json_types import JsonObject

_PATH: JsonObject = {"type": "string", "minLength": 1, "maxLength": 500}
_SHORT: JsonObject = {"type": "string", "maxLength": 500}

CREATE_PROPERTIES: JsonObject = {  # pdf_create takes them too, less the Word-only ones
    "path": _PATH,
    "title": _SHORT,
    "blocks": BLOCKS_SCHEMA,
    "header": _SHORT,
    "footer": _SHORT,
    "page_numbers": {"type": ["boolean", "string"], "maxLength": 200,
                     "description": "true, or a pattern with {page} and {pages}"},
    "new_page_level": {"type": "integer", "minimum": 1, "maximum": 3,
                       "description": "headings up to this level start a new page"},
    "template": {"type": "string", "description": "a .docx or .dotx to take styles from"},
    "overwrite": {"type": "boolean"},
}
CREATE_SCHEMA: JsonObject = {
    "type": "object",
    "required": ["path", "blocks"],
    "additionalProperties": False,
    "properties": CREATE_PROPERTIES,
}

_OP_PROPERTIES: tuple[tuple[str, JsonObject], ...] = (
    ("replace_text", {"find": {"type": "string", "minLength": 1}, "replace": {"type": "string"}}),
    ("append", {"blocks": {**BLOCKS_SCHEMA, "minItems": 1}}),
    ("insert_after_heading", {"heading": {"type": "string", "minLength": 1},
                              "blocks": {**BLOCKS_SCHEMA, "minItems": 1},
                              "before_subheadings": {"type": "boolean", "description":
                                                     "right after the heading (default: its section's end)"}}),
    ("rename_heading", {"heading": {"type": "string", "minLength": 1}, "to": {"type": "string", "minLength": 1}}),
    ("delete_paragraph_containing", {"text": {"type": "string", "minLength": 1}}),
    ("delete_section", {"heading": {"type": "string", "minLength": 1}}),  # with its text and subsections
    ("comment", {"text": {"type": "string", "minLength": 1, "description": "the text the comment is on"},
                 "comment": {"type": "string", "minLength": 1, "maxLength": 5000}}),
)
_OPTIONAL = frozenset({"before_subheadings"})  # an operation's properties that may be left out
_OPS: JsonObject = {
    "type": "object",
    "required": ["op"],
    "properties": {"op": {"enum": ["replace_text", "append", "insert_after_heading", "rename_heading",
                                   "delete_paragraph_containing", "delete_section", "comment"]}},
    "allOf": [
        {"if": {"properties": {"op": {"const": name}}, "required": ["op"]},
         "then": {"required": ["op", *(p for p in props if p not in _OPTIONAL)], "additionalProperties": False,
                  "properties": {"op": {"const": name}, **props}}}
        for name, props in _OP_PROPERTIES
    ],
}

EDIT_SCHEMA: JsonObject = {
    "type": "object",
    "required": ["path", "operations"],
    "additionalProperties": False,
    "properties": {
        "path": _PATH,
        "output": _PATH,
        "track_changes": {"type": "boolean", "description": "replacements as tracked changes"},
        "operations": {"type": "array", "items": _OPS, "minItems": 1, "maxItems": 200},
    },
}

INSPECT_SCHEMA: JsonObject = {
    "type": "object", "required": ["path"], "additionalProperties": False, "properties": {"path": _PATH},
}

VERIFY_SCHEMA: JsonObject = {
    "type": "object",
    "required": ["path"],
    "additionalProperties": False,
    "properties": {
        "path": _PATH,
        "expect": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "headings": {"type": "array", "items": {"type": "string"}},
                "text": {"type": "array", "items": {"type": "string"}},
                "tables": {"type": "integer", "minimum": 0},
                "images": {"type": "integer", "minimum": 0},
            },
        },
    },
}


def docx_evidence(ws: Workspace, path: Path, expect: DocxExpect) -> tuple[Evidence, Outline]:
    """Open the real file and check ``expect`` (headings, text, tables, images, title, absent)."""
    try:
        outline = read_outline(open_docx(path))
    except CommandError as exc:
        ev = evidence_for(ws, path, "docx", [Check(name="opens", status="failed", detail=str(exc))], {})
        return ev, Outline()
    checks = [Check(name="opens", status="passed", detail="python-docx opened the file")]
    heading_texts = {norm(t) for _, t in outline.headings}
    if expect.get("headings"):
        missing = [h for h in expect["headings"] if norm(h) not in heading_texts]
        checks.append(check("headings_present", not missing,
                            f"missing: {missing[:5]}" if missing else f"{len(expect['headings'])} found"))
    index = text_index(outline)
    if expect.get("text"):
        missing = missing_text(expect["text"], index, norm)
        checks.append(check("text_present", not missing,
                            f"missing: {[m[:60] for m in missing[:5]]}" if missing
                            else f"{len(expect['text'])} passages found"))
    if expect.get("absent"):
        still = [t for t in expect["absent"] if norm(t) and norm(t) in index]
        checks.append(check("text_removed", not still, f"still present: {still[:3]}" if still else ""))
    if expect.get("title"):
        checks.append(check("title", norm(outline.title) == norm(expect["title"]), outline.title))
    if "tables" in expect:
        checks.append(expected_found("tables_count", expect["tables"], len(outline.tables)))
    if "images" in expect:
        checks.append(expected_found("images_count", expect["images"], outline.images))
    counts = {"headings": len(outline.headings), "paragraphs": len(outline.paragraphs),
              "lists": len(outline.lists), "tables": len(outline.tables), "images": outline.images,
              "sections": outline.sections, "words": outline.words}
    return evidence_for(ws, path, "docx", checks, counts), outline


def _result(verb: str, ev: Evidence, title: str, extra: str = "") -> CommandResult:
    c = ev.counts
    facts = ", ".join(count(f"count.{k}", int(c.get(k, 0))).english()  # "1 table", not "1 tables"
                      for k in ("headings", "paragraphs", "tables", "images"))
    if ev.passed:
        msg = f"{verb} {ev.path} ({ev.bytes} bytes): {facts}; verified{extra}"
    else:
        msg = f"{verb} {ev.path}, but verification failed: {failed_summary(ev)}"
    return CommandResult(ok=ev.passed, message=msg, data={"counts": dict(c)},
                         artifacts=(artifact_for(ev, title),), evidence=(ev,))


# docx_create ------------------------------------------------------------------------------

def run_create(ws: Workspace, args: DocxCreateArgs) -> CommandResult:
    args = clean_strings(checked_args("docx_create", CREATE_SCHEMA, args, DocxCreateArgs))
    create_target(ws, args["path"], ".docx", overwrite=args.get("overwrite", False))
    blocks = args["blocks"]
    images = check_blocks(ws, blocks)
    base = open_template(ws, args["template"]) if args.get("template") else None
    doc = new_document(args.get("title"), args.get("header"), args.get("footer"), base)
    written = BlockWriter(doc, images).write(blocks)
    layout_pages(doc, written, blocks, args)
    with ws.publish(args["path"]) as staging:
        doc.save(str(staging))
    target = ws.resolve(args["path"])
    expect: DocxExpect = {
        "headings": [b["text"] for b in blocks if b["type"] == "heading"],
        "text": text_samples(blocks),
        "tables": sum(b["type"] == "table" for b in blocks),
        "images": sum(b["type"] == "image" for b in blocks),
    }
    if args.get("title"):
        expect["title"] = args["title"]
    ev, _ = docx_evidence(ws, target, expect)
    return _result("created", ev, args.get("title") or target.stem)


def describe_create(ws: Workspace, args: DocxCreateArgs) -> WritePlan:
    args = checked_args("docx_create", CREATE_SCHEMA, args, DocxCreateArgs)
    counts = outline_summary(args["blocks"])
    new = summary_text(counts)
    said = created_summary(args["path"], summary_parts(counts), replace=False)
    target = resolve(ws, args["path"], "path", suffix=".docx")
    if target.exists():
        try:
            existing = read_outline(open_docx(target))
            old: Said = "\n".join(t for _, t in existing.headings[:12]) or "\n".join(existing.all_text[:12])
        except CommandError:
            old = msg("change.unreadable")
        if not args.get("overwrite"):
            return WritePlan(summary=msg("summary.will_fail_exists", name=args["path"]))
        return WritePlan(summary=created_summary(args["path"], summary_parts(counts), replace=True), changes=changes_of([[old, _first(args["blocks"], new)]]))
    return WritePlan(summary=said, changes=changes_of([["", _first(args["blocks"], new)]]))


def _first(blocks: list[Block], fallback: str) -> str:
    """What the new file will say (its headings, else its first texts) for the card's "after" side."""
    heads = [str(b["text"]) for b in blocks if b["type"] == "heading"]
    return "\n".join(heads[:12] or first_texts(blocks)) or fallback


# docx_edit --------------------------------------------------------------------------------

def _prepare_edit(ws: Workspace, args: DocxEditArgs) -> tuple[DocxEditArgs, Path, str, Any, Any, Outline]:
    args = clean_strings(checked_args("docx_edit", EDIT_SCHEMA, args, DocxEditArgs))
    src = resolve(ws, args["path"], "path", suffix=".docx", must_exist=True)
    out_rel = args.get("output") or args["path"]
    out = resolve(ws, out_rel, "output", suffix=".docx")
    if out.is_dir():
        raise CommandError(msg("error.docx_cmds.output_folder", field="output", out_rel=repr(out_rel)))
    images = {}
    for n, op in enumerate(args["operations"]):
        if op["op"] == "append" or op["op"] == "insert_after_heading":
            for i, info in check_blocks(ws, op["blocks"], f"operations[{n}].blocks").items():
                images[(n, i)] = info
    doc = open_docx(src)
    before = read_outline(doc)
    report = apply_operations(doc, args["operations"], images, track=bool(args.get("track_changes")))
    return args, out, out_rel, doc, report, before


def run_edit(ws: Workspace, args: DocxEditArgs) -> CommandResult:
    args, out, out_rel, doc, report, before = _prepare_edit(ws, args)
    with ws.publish(out_rel) as staging:
        doc.save(str(staging))
    added = report.added_blocks
    expect: DocxExpect = {
        "headings": [b["text"] for b in added if b["type"] == "heading"],
        "text": text_samples(added)
        + [op["replace"] for op in args["operations"] if op["op"] == "replace_text" and op["replace"].strip()]
        + [op["to"] for op in args["operations"] if op["op"] == "rename_heading"],
        "tables": len(before.tables) + sum(b["type"] == "table" for b in added) - report.deleted_tables,
        "images": before.images + sum(b["type"] == "image" for b in added) - report.deleted_images,
    }
    # Deleted paragraphs must be gone, unless the same text was also added back.
    added_index = norm(" ".join(text_samples(added, limit=10_000)))
    expect["absent"] = [t for t in report.deleted_texts if norm(t) not in added_index][:20]
    if args.get("track_changes"):
        expect["text"] = text_samples(added)  # suggested text shows only once accepted
    ev, _ = docx_evidence(ws, out, expect)
    if report.suggestions or report.comments:
        ev = dataclasses.replace(ev, checks=(*ev.checks, suggestion_check(out, report.suggestions, report.comments)))
    extra = ""
    if report.replacements:
        extra = f"; replacements made: {', '.join(map(str, report.replacements))}"
    # The card names the document by its title, as after docx_create (a title set by this edit included).
    result = _result("edited", ev, (doc.core_properties.title or "").strip() or out.stem, extra)
    return CommandResult(ok=result.ok, message=result.message,
                         data={**result.data, "replacements": report.replacements,
                               "changes": english_changes(report.changes[:50])},
                         artifacts=result.artifacts, evidence=result.evidence)


def describe_edit(ws: Workspace, args: DocxEditArgs) -> WritePlan:
    args, _out, out_rel, _doc, report, _ = _prepare_edit(ws, args)
    n = len(args["operations"])
    into = out_rel != args["path"]
    if report.suggestions or report.comments:
        said = msg("summary.suggest.into" if into else "summary.suggest", name=args["path"], output=out_rel,
                   suggestions=count("count.suggestions", report.suggestions),
                   comments=count("count.comments", report.comments))
        return WritePlan(summary=said, changes=changes_of(report.changes[:50]))
    said = msg("summary.edit.into" if into else "summary.edit", name=args["path"], output=out_rel,
               operations=count("count.operations", n), changed=count("count.paragraphs_changed", len(report.changes)))
    return WritePlan(summary=said, changes=changes_of(report.changes[:50]))


def suggestion_check(path: Path, suggestions: int, comments: int) -> Check:
    """The saved file really holds Mira's revision marks and comments (counted in its XML)."""
    import zipfile

    with zipfile.ZipFile(path) as zf:
        body = zf.read("word/document.xml")
        notes = zf.read("word/comments.xml") if "word/comments.xml" in zf.namelist() else b""
    marks = body.count(b'w:author="Mira"')
    found = notes.count(b'w:author="Mira"')
    ok = marks >= suggestions and found >= comments
    return Check(name="suggestions recorded", status="passed" if ok else "failed",
                 detail=f"{marks} tracked change marks and {found} comments by Mira")


# read-only commands -----------------------------------------------------------------------

def run_inspect(ws: Workspace, args: DocxInspectArgs) -> CommandResult:
    args = checked_args("docx_inspect", INSPECT_SCHEMA, args, DocxInspectArgs)
    path = resolve(ws, args["path"], "path", must_exist=True)
    message, data = file_inspect.inspect(path, label=args["path"])
    return CommandResult(ok=True, message=message, data=data)


def run_verify(ws: Workspace, args: DocxVerifyArgs) -> CommandResult:
    args = checked_args("docx_verify", VERIFY_SCHEMA, args, DocxVerifyArgs)
    path = resolve(ws, args["path"], "path", must_exist=True)
    # what verify may ask is a part of what docx_evidence checks (the schema allows no other key)
    ev, _ = docx_evidence(ws, path, cast(DocxExpect, args.get("expect") or {}))
    lines = [f"{c.name}: {c.status}" + (f" ({c.detail})" if c.detail else "") for c in ev.checks]
    head = "verified" if ev.passed else "verification FAILED"
    return CommandResult(ok=ev.passed, message=f"{args['path']}: {head}\n" + "\n".join(lines),
                         data={"counts": dict(ev.counts)}, evidence=(ev,))


register(Command(name="docx_create", description="Create a Word document from blocks.", input_schema=CREATE_SCHEMA, writes=True, args_type=DocxCreateArgs,
                 run=run_create, target_arg="path", describe=describe_create))
register(Command(name="docx_edit", description="Edit a Word document's text, blocks, headings and sections; the rest is kept.",
                 input_schema=EDIT_SCHEMA, writes=True, args_type=DocxEditArgs, run=run_edit,
                 target_arg="path", describe=describe_edit))
register(Command(name="docx_inspect", description="Outline of a Word document: headings, lists, tables, images, header/footer.",
                 input_schema=INSPECT_SCHEMA, writes=False, args_type=DocxInspectArgs, run=run_inspect))
register(Command(name="docx_verify", description="Check a Word document against expectations (headings, text, tables, images).",
                 input_schema=VERIFY_SCHEMA, writes=False, args_type=DocxVerifyArgs, run=run_verify))
