"""PDF commands: pdf_create, pdf_inspect, pdf_verify, pdf_merge, pdf_split."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pymupdf

from skills.runtime import file_inspect
from skills.runtime.file_inspect import InspectOptions
from skills.runtime._base import Check, Command, CommandError, CommandResult, Evidence, WritePlan, changes_of, register
from skills.runtime._common import (
    artifact_for,
    check,
    create_target,
    evidence_for,
    expected_found,
    failed_summary,
    resolve,
    text_samples,
)
from skills.runtime._validate import checked_args
from skills.messages import Said, count, msg
from skills.runtime.blocks import (
    check_blocks,
    clean_strings,
    created_summary,
    first_texts,
    outline_summary,
    summary_parts,
    summary_text,
)
from skills.runtime.docx.cmds import CREATE_PROPERTIES as _DOCX_CREATE_PROPERTIES
from skills.runtime.docx.cmds import CREATE_SCHEMA as _DOCX_CREATE_SCHEMA
from skills.runtime.isolate import WorkerError, run_isolated
from skills.runtime.pdf.args import PdfCreateArgs, PdfExpect, PdfInspectArgs, PdfMergeArgs, PdfSplitArgs, PdfVerifyArgs
from skills.runtime.pdf.read import (
    count_tables,
    fonts_embedded,
    image_count,
    open_pdf,
    page_text,
    tight,
)
from skills.runtime.pdf.page_ops import PageParts, kept_check, page_parts
from skills.runtime.pdf.write import build_pdf
from skills.runtime.workspace import Workspace
from skills.runtime.json_types import JsonObject

_PATH: JsonObject = {"type": "string", "minLength": 1, "maxLength": 500}
# The same block spec and arguments, less the Word-only ones (fields, templates).
CREATE_SCHEMA: JsonObject = {**_DOCX_CREATE_SCHEMA, "properties": {
    k: v for k, v in _DOCX_CREATE_PROPERTIES.items()
    if k not in ("template", "page_numbers", "new_page_level")}}
INSPECT_SCHEMA: JsonObject = {
    "type": "object", "required": ["path"], "additionalProperties": False,
    "properties": {"path": _PATH,
                   "pages": {"type": "array", "items": {"type": "integer", "minimum": 1}, "maxItems": 50},
                   "password": {"type": "string", "maxLength": 200}},
}
VERIFY_SCHEMA: JsonObject = {
    "type": "object", "required": ["path"], "additionalProperties": False,
    "properties": {
        "path": _PATH,
        "expect": {"type": "object", "additionalProperties": False, "properties": {
            "text": {"type": "array", "items": {"type": "string"}},
            "pages": {"type": "integer", "minimum": 1},
            "tables": {"type": "integer", "minimum": 0},
        }},
    },
}
MERGE_SCHEMA: JsonObject = {
    "type": "object", "required": ["inputs", "output"], "additionalProperties": False,
    "properties": {"inputs": {"type": "array", "items": _PATH, "minItems": 1, "maxItems": 200},
                   "output": _PATH},
}
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")
SPLIT_SCHEMA: JsonObject = {
    "type": "object", "required": ["path", "ranges", "output_dir"], "additionalProperties": False,
    "properties": {"path": _PATH,
                   "ranges": {"type": "array", "minItems": 1, "maxItems": 500,
                              "items": {"type": "string", "pattern": r"^\s*\d+\s*(-\s*\d+\s*)?$"}},
                   "output_dir": _PATH},
}


def pdf_evidence(ws: Workspace, path: Path, expect: PdfExpect) -> Evidence:
    """Open the real PDF and check ``expect`` (text, pages, tables, images, fonts)."""
    try:
        doc = open_pdf(path)
    except CommandError as exc:
        return evidence_for(ws, path, "pdf", [Check(name="opens", status="failed", detail=str(exc))], {})
    try:
        checks = [Check(name="opens", status="passed", detail=f"PyMuPDF opened {doc.page_count} page(s)")]
        texts = [page_text(p) for p in doc]
        index = tight("".join(texts))
        words = sum(len(t.split()) for t in texts)
        if expect.get("text"):
            # Only a prefix of long passages: a paragraph may run across a page footer.
            missing = [t for t in expect["text"] if tight(t)[:60] and tight(t)[:60] not in index]
            checks.append(check("text_present", not missing,
                                f"missing: {[m[:60] for m in missing[:5]]}" if missing
                                else f"{len(expect['text'])} passages found as selectable text"))
        if "pages" in expect:
            checks.append(expected_found("pages_count", expect["pages"], doc.page_count))
        tables = None
        if expect.get("tables"):
            # Table detection is the slow part: stop once enough are found. A table running
            # across a page break is found once per page, hence "at least".
            tables = 0
            for page in doc:
                tables += count_tables(page)
                if tables >= expect["tables"]:
                    break
            checks.append(check("tables_found", tables >= expect["tables"],
                                f"expected {expect['tables']}, found {tables}"
                                + (" or more" if tables >= expect["tables"] else "")))
        images = image_count(doc)
        if expect.get("images"):
            checks.append(check("images_count", images >= expect["images"],
                                f"expected {expect['images']}, found {images}"))
        if expect.get("fonts", True):  # a merge keeps its inputs' fonts as they were: nothing to judge
            ok, missing_fonts = fonts_embedded(doc)
            checks.append(check("fonts_embedded", ok, f"not embedded: {missing_fonts[:5]}" if not ok else ""))
        counts = {"pages": doc.page_count, "images": images, "words": words}
        if tables is not None:
            counts["tables"] = tables
        return evidence_for(ws, path, "pdf", checks, counts)
    finally:
        doc.close()


def _result(verb: str, ev: Evidence, title: str) -> CommandResult:
    c = ev.counts
    if ev.passed:
        msg = f"{verb} {ev.path} ({ev.bytes} bytes): {c.get('pages', 0)} page(s); verified"
    else:
        msg = f"{verb} {ev.path}, but verification failed: {failed_summary(ev)}"
    return CommandResult(ok=ev.passed, message=msg, data={"counts": dict(c)},
                         artifacts=(artifact_for(ev, title),), evidence=(ev,))


def run_create(ws: Workspace, args: PdfCreateArgs) -> CommandResult:
    args = clean_strings(checked_args("pdf_create", CREATE_SCHEMA, args, PdfCreateArgs))
    target = create_target(ws, args["path"], ".pdf", overwrite=args.get("overwrite", False))
    blocks = args["blocks"]
    images = check_blocks(ws, blocks)
    data = build_pdf(args.get("title"), blocks, images, args.get("header"), args.get("footer"))
    with ws.publish(args["path"]) as staging:
        staging.write_bytes(data)
    heads = [b["text"] for b in blocks if b["type"] == "heading"]
    expect: PdfExpect = {"text": heads + text_samples(blocks) + ([args["title"]] if args.get("title") else []),
              "tables": sum(b["type"] == "table" for b in blocks),
              "images": sum(b["type"] == "image" for b in blocks)}
    ev = pdf_evidence(ws, target, expect)
    return _result("created", ev, args.get("title") or target.stem)


def describe_create(ws: Workspace, args: PdfCreateArgs) -> WritePlan:
    args = checked_args("pdf_create", CREATE_SCHEMA, args, PdfCreateArgs)
    counts = outline_summary(args["blocks"])
    new = summary_text(counts)
    target = resolve(ws, args["path"], "path", suffix=".pdf")
    heads = "\n".join(b["text"] for b in args["blocks"] if b["type"] == "heading")
    after = heads[:2000] or "\n".join(first_texts(args["blocks"])) or new
    if target.exists():
        if not args.get("overwrite"):
            return WritePlan(summary=msg("summary.will_fail_exists", name=args["path"]))
        try:  # the file being replaced is read like any inspect: in a worker, under its limits
            _text, data = file_inspect.inspect(target, {"pages": [1]})
            details = data.get("page_details")
            first = details[0] if isinstance(details, list) and details else {}
            old = str(first.get("text") or "")[:2000] if isinstance(first, dict) else ""
        except (CommandError, AttributeError, IndexError, TypeError):
            old = ""
        return WritePlan(summary=created_summary(args["path"], summary_parts(counts), replace=True),
                         changes=changes_of([[old or msg("change.unreadable"), after]]))
    return WritePlan(summary=created_summary(args["path"], summary_parts(counts), replace=False), changes=changes_of([["", after]]))


def run_inspect(ws: Workspace, args: PdfInspectArgs) -> CommandResult:
    args = checked_args("pdf_inspect", INSPECT_SCHEMA, args, PdfInspectArgs)
    path = resolve(ws, args["path"], "path", must_exist=True)
    options = InspectOptions()
    if args.get("pages"):
        options["pages"] = args["pages"]
    if args.get("password"):
        options["password"] = args["password"]
    message, info = file_inspect.inspect(path, options, label=args["path"])
    return CommandResult(ok=True, message=message, data=info)


def run_verify(ws: Workspace, args: PdfVerifyArgs) -> CommandResult:
    args = checked_args("pdf_verify", VERIFY_SCHEMA, args, PdfVerifyArgs)
    path = resolve(ws, args["path"], "path", must_exist=True)
    # A user's PDF may crash or stall MuPDF: the evidence is computed in a worker process.
    try:
        ev = run_isolated("skills.runtime.pdf.cmds:pdf_evidence", ws, path, args.get("expect") or {},
                          limits=file_inspect.INSPECT_LIMITS, name=path.name)
    except WorkerError as exc:
        ev = evidence_for(ws, path, "pdf", [Check(name="opens", status="failed", detail=str(exc))], {})
    lines = [f"{c.name}: {c.status}" + (f" ({c.detail})" if c.detail else "") for c in ev.checks]
    head = "verified" if ev.passed else "verification FAILED"
    return CommandResult(ok=ev.passed, message=f"{args['path']}: {head}\n" + "\n".join(lines),
                         data={"counts": dict(ev.counts)}, evidence=(ev,))


def _open_inputs(ws: Workspace, inputs: list[str]) -> list[tuple[str, pymupdf.Document]]:
    opened = []
    try:
        for i, rel in enumerate(inputs):
            path = resolve(ws, rel, f"inputs[{i}]", suffix=".pdf", must_exist=True)
            opened.append((rel, open_pdf(path)))
    except CommandError:
        for _, d in opened:
            d.close()
        raise
    return opened


def run_merge(ws: Workspace, args: PdfMergeArgs) -> CommandResult:
    args = checked_args("pdf_merge", MERGE_SCHEMA, args, PdfMergeArgs)
    out = resolve(ws, args["output"], "output", suffix=".pdf")
    opened = _open_inputs(ws, args["inputs"])
    try:
        merged = pymupdf.open()
        try:
            for _, d in opened:
                merged.insert_pdf(d)  # the pages themselves: content, images, links, annotations, fields
            expected_pages = merged.page_count
            firsts = [" ".join(page_text(d[0]).split()[:8]) for _, d in opened]
            # read before publishing: the output may be one of the inputs
            sources = [page_parts(d, i) for _, d in opened for i in range(d.page_count)]
            data = merged.tobytes(garbage=3, deflate=True)
        finally:
            merged.close()
    finally:
        for _, d in opened:
            d.close()
    with ws.publish(args["output"]) as staging:
        staging.write_bytes(data)
    kept, _ = kept_check(sources, out)
    ev = pdf_evidence(ws, out, {"pages": expected_pages, "text": [t for t in firsts if t], "fonts": False})
    if kept.name != "opens":
        ev = dataclasses.replace(ev, checks=(*ev.checks, kept))
    return _result(f"merged {len(opened)} file(s) into", ev, out.stem)


def describe_merge(ws: Workspace, args: PdfMergeArgs) -> WritePlan:
    args = checked_args("pdf_merge", MERGE_SCHEMA, args, PdfMergeArgs)
    opened = _open_inputs(ws, args["inputs"])
    changes: list[list[Said]] = [[rel, count("count.pages", d.page_count)] for rel, d in opened]
    total = sum(d.page_count for _, d in opened)
    for _, d in opened:
        d.close()
    out = resolve(ws, args["output"], "output", suffix=".pdf")
    verb = "Replace" if out.exists() else "Create"
    said = msg(f"summary.merge.{verb.lower()}", name=args["output"], files=count("count.files", len(changes)),
               pages=count("count.pages", total))
    return WritePlan(summary=said, changes=changes_of(changes))


def _parse_ranges(ranges: list[str], pages: int) -> list[tuple[int, int]]:
    out = []
    for i, r in enumerate(ranges):
        m = _RANGE.match(r)
        if not m:
            raise CommandError(msg("error.pdf_cmds.ranges_like", where=f"ranges[{i}]", r=repr(r)))
        a = int(m.group(1))
        b = int(m.group(2) or a)
        if a < 1 or b < a or b > pages:
            raise CommandError(msg("error.pdf_cmds.ranges_outside_pages_reversed", where=f"ranges[{i}]", r=repr(r), pages=pages))
        out.append((a, b))
    return out


def _split_plan(ws: Workspace, args: PdfSplitArgs) -> tuple[Path, list[tuple[int, int, str]]]:
    args = checked_args("pdf_split", SPLIT_SCHEMA, args, PdfSplitArgs)
    src = resolve(ws, args["path"], "path", suffix=".pdf", must_exist=True)
    resolve(ws, args["output_dir"], "output_dir")
    doc = open_pdf(src)
    pages = doc.page_count
    doc.close()
    plan = []
    for a, b in _parse_ranges(args["ranges"], pages):
        label = f"{a}" if a == b else f"{a}-{b}"
        rel = f"{args['output_dir'].rstrip('/')}/{src.stem}_p{label}.pdf"
        resolve(ws, rel, "output_dir")
        plan.append((a, b, rel))
    return src, plan


def run_split(ws: Workspace, args: PdfSplitArgs) -> CommandResult:
    src, plan = _split_plan(ws, args)
    doc = open_pdf(src)
    results: list[tuple[str, bytes, int, str, list[PageParts]]] = []
    try:
        for a, b, rel in plan:
            part = pymupdf.open()
            part.insert_pdf(doc, from_page=a - 1, to_page=b - 1)
            first = " ".join(page_text(part[0]).split()[:8])
            sources = [page_parts(doc, i) for i in range(a - 1, b)]
            results.append((rel, part.tobytes(garbage=3, deflate=True), b - a + 1, first, sources))
            part.close()
    finally:
        doc.close()
    artifacts, evidence = [], []
    for rel, data, n, first, sources in results:
        with ws.publish(rel) as staging:
            staging.write_bytes(data)
        ev = pdf_evidence(ws, ws.resolve(rel), {"pages": n, "text": [first] if first else [], "fonts": False})
        kept, _ = kept_check(sources, ws.resolve(rel))
        if kept.name != "opens":
            ev = dataclasses.replace(ev, checks=(*ev.checks, kept))
        evidence.append(ev)
        artifacts.append(artifact_for(ev, Path(rel).stem))
    ok = all(e.passed for e in evidence)
    names = ", ".join(f"{e.path} ({e.counts.get('pages', 0)} p.)" for e in evidence)
    msg = f"split {args['path']} into {names}" + ("; verified" if ok else "; verification FAILED: " + "; ".join(
        failed_summary(e) for e in evidence if not e.passed))
    return CommandResult(ok=ok, message=msg, artifacts=tuple(artifacts), evidence=tuple(evidence))


def describe_split(ws: Workspace, args: PdfSplitArgs) -> WritePlan:
    _, plan = _split_plan(ws, args)
    changes: list[list[Said]] = [[msg("change.pages", first=a, last=b) if a != b else msg("change.page", page=a), rel]
               for a, b, rel in plan]
    said = msg("summary.split", name=args["path"], files=count("count.files", len(plan)), folder=args["output_dir"])
    return WritePlan(summary=said, changes=changes_of(changes))


register(Command(name="pdf_create", description="Create a PDF with real, selectable text from blocks, with optional "
                 "title, header and footer.", input_schema=CREATE_SCHEMA, writes=True, args_type=PdfCreateArgs,
                 run=run_create, target_arg="path", describe=describe_create))
register(Command(name="pdf_inspect", description="Pages, page sizes, text per page, tables, images and metadata of a PDF.",
                 input_schema=INSPECT_SCHEMA, writes=False, args_type=PdfInspectArgs, run=run_inspect))
register(Command(name="pdf_verify", description="Check a PDF against expectations (text, page count, tables).",
                 input_schema=VERIFY_SCHEMA, writes=False, args_type=PdfVerifyArgs, run=run_verify))
register(Command(name="pdf_merge", description="Merge PDFs (in the given order) into one output PDF.", input_schema=MERGE_SCHEMA, writes=True,
                 args_type=PdfMergeArgs, run=run_merge, target_arg="output", describe=describe_merge))
register(Command(name="pdf_split", description="Split a PDF into files by page ranges like '1-3' and '4'.", input_schema=SPLIT_SCHEMA, writes=True,
                 args_type=PdfSplitArgs, run=run_split, target_arg="output_dir", describe=describe_split))
