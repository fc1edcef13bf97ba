"""Changing an existing PDF: list and fill its form fields; replace text in place in simple text runs.

Both work on a copy and publish it only when the whole change could be made: a
field that does not exist, a value a field cannot take, text that is not there as
text (drawn as shapes or an image) or a font that cannot draw the new text all
stop the command with the reason, and the file stays as it was.
"""
from __future__ import annotations

import difflib
from pathlib import Path
from collections.abc import Mapping
from typing import Any

import pymupdf

from skills.messages import count, english, msg
from skills.runtime._base import Check, Command, CommandError, CommandResult, WritePlan, changes_of, register
from skills.runtime._common import artifact_for, evidence_for, publish_pdf, resolve
from skills.runtime._validate import checked_args
from skills.runtime.pdf.args import FormValue, PdfFillFormArgs, PdfFormFieldsArgs, PdfReplaceTextArgs
from skills.runtime.pdf.read import open_pdf, page_text, tight
from skills.runtime.pdf.text import Replacement, plan_replacements, redact
from skills.runtime.workspace import Workspace
from skills.runtime.json_types import JsonObject

_PATH: JsonObject = {"type": "string", "minLength": 1, "maxLength": 500}
FIELDS_SCHEMA: JsonObject = {"type": "object", "required": ["path"], "additionalProperties": False,
                                 "properties": {"path": _PATH}}
FILL_SCHEMA: JsonObject = {
    "type": "object", "required": ["path", "values"], "additionalProperties": False,
    "properties": {"path": _PATH, "output": _PATH,
                   "values": {"type": "object", "minProperties": 1, "maxProperties": 500,
                              "description": "field name -> value; checkboxes true/false",
                              "additionalProperties": {"type": ["string", "number", "boolean"]}}},
}
REPLACE_SCHEMA: JsonObject = {
    "type": "object", "required": ["path", "find", "replace"], "additionalProperties": False,
    "properties": {"path": _PATH, "output": _PATH, "find": {"type": "string", "minLength": 1, "maxLength": 500},
                   "replace": {"type": "string", "maxLength": 500}},
}


def _fields(doc: pymupdf.Document) -> list[dict[str, Any]]:
    out = []
    for page in doc:
        for w in page.widgets() or ():
            field: dict[str, Any] = {"name": w.field_name, "type": w.field_type_string, "page": page.number + 1,
                                     "value": w.field_value}
            if w.field_type in (pymupdf.PDF_WIDGET_TYPE_COMBOBOX, pymupdf.PDF_WIDGET_TYPE_LISTBOX):
                field["choices"] = list(w.choice_values or [])
            out.append(field)
    return out


def run_fields(ws: Workspace, args: PdfFormFieldsArgs) -> CommandResult:
    args = checked_args("pdf_form_fields", FIELDS_SCHEMA, args, PdfFormFieldsArgs)
    doc = open_pdf(resolve(ws, args["path"], "path", suffix=".pdf", must_exist=True))
    try:
        fields = _fields(doc)
    finally:
        doc.close()
    if not fields:
        return CommandResult(ok=True, message=f"{args['path']} has no form fields.", data={"fields": []})
    lines = [f"- {f['name']} ({f['type']}, page {f['page']}): {f['value']!r}"
             + (f"; choices: {', '.join(map(str, f['choices']))}" if f.get("choices") else "") for f in fields]
    return CommandResult(ok=True, message=f"{args['path']}: {len(fields)} form fields\n" + "\n".join(lines),
                         data={"fields": fields})


def _set(widget: Any, value: Any, where: str) -> str:
    """Put ``value`` into one widget; returns the value as the field stores it."""
    kind = widget.field_type
    if kind in (pymupdf.PDF_WIDGET_TYPE_CHECKBOX, pymupdf.PDF_WIDGET_TYPE_RADIOBUTTON):
        on = value is True or str(value).strip().lower() in ("true", "yes", "on", "1", "x", "是", "✓")
        widget.field_value = widget.on_state() if on else "Off"
    elif kind in (pymupdf.PDF_WIDGET_TYPE_COMBOBOX, pymupdf.PDF_WIDGET_TYPE_LISTBOX):
        choices = [c if isinstance(c, str) else c[0] for c in widget.choice_values or []]
        if str(value) not in choices:
            raise CommandError(msg("error.pdf_edit.one_choices_nothing_was", where=where, value=repr(value), choices=choices))
        widget.field_value = str(value)
    elif kind == pymupdf.PDF_WIDGET_TYPE_TEXT:
        widget.field_value = str(value)
    else:
        raise CommandError(msg("error.pdf_edit.field_filled_nothing_was", where=where, field_type_string=widget.field_type_string))
    widget.update()
    return str(widget.field_value)


def _key(name: str) -> str:
    return "".join(name.split()).casefold()


def _by_field(values: Mapping[str, FormValue], names: set[str], path: str) -> dict[str, FormValue]:
    """The values by the form's own field names; "name" or "First name" find "Name" / "FirstName"."""
    folded: dict[str, list[str]] = {}
    for n in names:
        folded.setdefault(_key(n), []).append(n)
    out: dict[str, FormValue] = {}
    unknown = []
    for given, value in values.items():
        match = [given] if given in names else folded.get(_key(given), [])
        if len(match) == 1:
            out[match[0]] = value
        else:
            unknown.append(given)
    if not unknown:
        return out
    listed = ", ".join(sorted(names)) or "(none)"
    close = difflib.get_close_matches(unknown[0], sorted(names), n=1, cutoff=0.6)
    raise CommandError(msg("problem.no_field.hint" if close else "problem.no_field", name=path,
                           missing="“" + "”, “".join(unknown) + "”", fields=listed, close=close[0] if close else ""))


def _fill(ws: Workspace, args: PdfFillFormArgs) -> tuple[pymupdf.Document, list[list[str]], str]:
    args = checked_args("pdf_fill_form", FILL_SCHEMA, args, PdfFillFormArgs)
    src = resolve(ws, args["path"], "path", suffix=".pdf", must_exist=True)
    out = args.get("output") or args["path"]
    resolve(ws, out, "output", suffix=".pdf")
    doc = open_pdf(src)
    names = {f["name"] for f in _fields(doc)}
    try:
        values = _by_field(args["values"], names, args["path"])
    except CommandError:
        doc.close()
        raise
    changes = []
    for page in doc:
        for w in page.widgets() or ():
            if w.field_name in values:
                before = w.field_value
                after = _set(w, values[w.field_name], f"values.{w.field_name}")
                changes.append([f"{w.field_name}: {before}", f"{w.field_name}: {after}"])
    return doc, changes, out


def run_fill(ws: Workspace, args: PdfFillFormArgs) -> CommandResult:
    doc, changes, out = _fill(ws, args)
    path = publish_pdf(ws, doc, out, garbage=1)
    checks = [_filled_check(path, changes)]
    if checks[0].name != "opens":
        checks.insert(0, Check(name="opens", status="passed", detail="PyMuPDF reopened the filled form"))
    ev = evidence_for(ws, path, "pdf", checks, {"fields_filled": len(changes)})
    check = checks[-1]
    msg = (f"Filled {len(changes)} field(s) in {ev.path}" if ev.passed
           else f"Filled {ev.path}, but verification failed: {check.detail}")
    return CommandResult(ok=ev.passed, message=msg, data={"changes": changes},
                         artifacts=(artifact_for(ev, Path(out).stem),), evidence=(ev,))


def _filled_check(path: Path, changes: list[list[str]]) -> Check:
    """Every field written reads back with the value the fill gave it."""
    try:
        doc = open_pdf(path)
    except CommandError as exc:
        return Check(name="opens", status="failed", detail=str(exc))
    try:
        got = {f["name"]: f["value"] for f in _fields(doc)}
    finally:
        doc.close()
    bad = [after for _before, after in changes if f"{after.split(': ', 1)[0]}: {got.get(after.split(': ', 1)[0])}"
           != after]
    return Check(name="fields hold the values", status="failed" if bad else "passed",
                 detail=f"not as written: {bad}" if bad else f"{len(changes)} field(s) read back with their values")


def describe_fill(ws: Workspace, args: PdfFillFormArgs) -> WritePlan:
    doc, changes, out = _fill(ws, args)
    doc.close()
    said = msg("summary.fill.into" if out != args["path"] else "summary.fill", name=args["path"], output=out,
               fields=count("count.fields", len(changes)))
    return WritePlan(summary=said, changes=changes_of(changes))


def _replace(ws: Workspace, args: PdfReplaceTextArgs) -> tuple[pymupdf.Document, list[Replacement], str]:
    args = checked_args("pdf_replace_text", REPLACE_SCHEMA, args, PdfReplaceTextArgs)
    src = resolve(ws, args["path"], "path", suffix=".pdf", must_exist=True)
    out = args.get("output") or args["path"]
    resolve(ws, out, "output", suffix=".pdf")
    doc = open_pdf(src)
    try:
        done = plan_replacements(doc, args["find"], args["replace"])
    except CommandError:
        doc.close()
        raise
    return doc, done, out


def run_replace(ws: Workspace, args: PdfReplaceTextArgs) -> CommandResult:
    doc, done, out = _replace(ws, args)
    try:
        redact(doc, done)
        for r in done:
            r.apply(doc)
        if any(r.substituted for r in done):
            doc.subset_fonts()  # a stand-in font goes in with only the characters drawn, not whole (CJK: MBs)
        data = doc.tobytes(garbage=3, deflate=True)
    finally:
        doc.close()
    with ws.publish(out) as staging:
        staging.write_bytes(data)
    path = ws.resolve(out)
    find, repl = args["find"], args["replace"]
    check_doc = open_pdf(path)
    try:
        pages = sorted({r.page for r in done})
        left = sum(tight(page_text(check_doc[p - 1])).count(tight(find)) for p in pages) if tight(find) else 0
        present = all(tight(repl) in tight(page_text(check_doc[p - 1])) for p in pages) if repl.strip() else True
    finally:
        check_doc.close()
    checks = [Check(name="opens", status="passed", detail="PyMuPDF reopened the edited PDF"),
              Check(name="old text gone", status="passed" if left == 0 or tight(find) in tight(repl) else "failed",
                    detail=f"{left} occurrence(s) of the old text left on the changed pages"),
              Check(name="new text present", status="passed" if present else "failed",
                    detail=f"the new text is on page(s) {pages}" if present else "the new text was not found")]
    ev = evidence_for(ws, path, "pdf", checks, {"replacements": len(done)})
    where = ", ".join(f"page {r.page} (“{r.context}”)" for r in done[:20])
    msg = f"Replaced {len(done)} occurrence(s) of {find!r} in {ev.path}: {where}"
    substituted = sorted({r.substituted for r in done if r.substituted})
    if substituted:
        msg += (f"; drawn in {', '.join(substituted)} because the PDF's own font stores only the characters "
                "it used")
    if not ev.passed:
        msg += "; verification failed: " + "; ".join(english(c.detail) for c in checks if c.status == "failed")
    return CommandResult(ok=ev.passed, message=msg,
                         data={"replacements": [{"page": r.page, "font": r.font, "context": r.context,
                                                 "drawn_in": r.substituted or r.font} for r in done]},
                         artifacts=(artifact_for(ev, Path(out).stem),), evidence=(ev,))


def describe_replace(ws: Workspace, args: PdfReplaceTextArgs) -> WritePlan:
    doc, done, out = _replace(ws, args)
    doc.close()
    changes = [[msg("change.page.text", page=r.page, text=r.context),
                msg("change.page.text.font", page=r.page, font=r.substituted,
                            text=r.context.replace(args['find'], args['replace'])) if r.substituted else
                        msg("change.page.text", page=r.page, text=r.context.replace(args['find'], args['replace']))]
               for r in done]
    said = msg("summary.pdf_replace.into" if out != args["path"] else "summary.pdf_replace", name=args["path"],
               output=out, find=args["find"], replace=args["replace"], occurrences=count("count.occurrences", len(done)))
    substituted = sorted({r.substituted for r in done if r.substituted})
    if substituted:  # said before approval: the changed line will look a little different
        fonts = ", ".join(substituted)
        said = msg("summary.pdf_replace.other_font", summary=said, font=fonts)
    return WritePlan(summary=said, changes=changes_of(changes[:50]))


register(Command(name="pdf_form_fields", description="List a PDF's form fields (name, type, page, value, choices).",
                 input_schema=FIELDS_SCHEMA, writes=False, args_type=PdfFormFieldsArgs, run=run_fields))
register(Command(name="pdf_fill_form", description="Fill a PDF's form fields by name; an unknown field or impossible value "
                 "changes nothing.", input_schema=FILL_SCHEMA, writes=True, args_type=PdfFillFormArgs, run=run_fill,
                 target_arg="path", describe=describe_fill))
register(Command(name="pdf_replace_text", description="Replace text in place in a PDF (same size; same font, or a similar one "
                 "when it lacks the new letters); refuses, changing nothing, where it cannot.", input_schema=REPLACE_SCHEMA, writes=True,
                 args_type=PdfReplaceTextArgs, run=run_replace, target_arg="path", describe=describe_replace))
