"""Messages a person reads, as ids with parameters (ARCHITECTURE §11).

Code in the Qt-free layers never builds a sentence for the user: it returns a
:class:`Msg` (an id, its English template and the values), and the UI or the
CLI renders it in the user's language (``desktop.i18n.render``). English is
always available from the value itself (``msg.english()``), so logs, the model
and a terminal without translations still read well.

A plural message has two English forms (one, other) and a count ``n``; its
translation picks the form the language needs (Chinese has one). ``%n`` stands
for the count, ``{name}`` for a parameter. A parameter may itself be a
:class:`Msg` or a list of them (joined with the language's list separator).
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# English templates of the skill layer's messages, by id. A tuple is (one, other) of a plural.
MESSAGES: dict[str, str | tuple[str, str]] = {
    "list.separator": ", ",
    # counts
    "count.headings": ("%n heading", "%n headings"),
    "count.paragraphs": ("%n paragraph", "%n paragraphs"),
    "count.lists": ("%n list", "%n lists"),
    "count.tables": ("%n table", "%n tables"),
    "count.images": ("%n image", "%n images"),
    "count.slides": ("%n slide", "%n slides"),
    "count.sheets": ("%n sheet", "%n sheets"),
    "count.pages": ("%n page", "%n pages"),
    "count.operations": ("%n change", "%n changes"),
    "count.files": ("%n file", "%n files"),
    "count.checks": ("%n check", "%n checks"),
    "count.rows": ("%n row", "%n rows"),
    "count.rows_shown": ("{loaded} row", "{loaded} rows"),  # %n with digit grouping (the xlsx preview)
    "count.sections": ("%n section", "%n sections"),
    "count.words": ("%n word", "%n words"),
    "count.cells": ("%n cell", "%n cells"),
    "count.formulas": ("%n formula", "%n formulas"),
    "count.charts": ("%n chart", "%n charts"),
    "count.titled_slides": ("%n slide with a title", "%n slides with a title"),
    "count.pictures": ("%n picture", "%n pictures"),
    "count.notes": ("%n slide with notes", "%n slides with notes"),
    "count.formulas_calculated": ("%n formula calculated", "%n formulas calculated"),
    "count.formula_errors": ("%n formula error", "%n formula errors"),
    # the offline planner's delivery message
    "reply.made": "Done. Here is what I made:",
    "reply.done": "Done.",
    "reply.declined": "You declined the change, so nothing was written.",
    "reply.not_finished": "The task did not finish.",
    "reply.did_not_work": "That did not work: {reason}",
    "reply.did_not_work.plain": "That did not work.",
    "reply.partial": "The files listed above come from steps that did finish in this task.",
    "reply.file": "**{name}** — {kind}, {size}",
    "reply.check": "{mark} {label}: **{status}**",
    "reply.no_content": "{kind}: I can make one from content you give me, but I can't write that content myself. "
                        "Paste your points, markdown or CSV into the request, or attach a text file.",
    "reply.help": (
        "I'm the **offline planner**: I work without a network or an AI model, so I can only use content you "
        "give me.\n\n"
        "What I can do:\n"
        "- Turn your own content into files: markdown headings, lists and tables, CSV data, or attached `.md`, "
        "`.csv` and `.txt` files become a **Word** document, a **PDF**, **PowerPoint** slides or an **Excel** "
        "workbook (with totals if you ask).\n"
        "- Add a chart, a table of contents or page numbers on request, or build on your own template: "
        "*Make a spreadsheet with a bar chart*, *Use template.pptx*.\n"
        "- Turn one office file into another: *Turn report.docx into slides*.\n"
        "- Edit text in an existing file: *In report.docx replace \"2024\" with \"2025\"* (*suggest changes* "
        "marks them for review in Word).\n"
        "- Fill in a PDF form: *fill in form.pdf: Name = Ada Lovelace*.\n"
        "- Inspect a file you attach: *What's in budget.xlsx?*\n\n"
        "What I can't do: write prose, summaries or ideas I don't have. For that, connect a real model in "
        "**Settings** (any OpenAI-compatible service or a local one such as Ollama).\n\n"
        "Try: *Make a Word document from this:* followed by your notes, or attach `notes.md` and ask for slides."),
    "kind.docx": "Word document",
    "kind.pdf": "PDF",
    "kind.pptx": "PowerPoint deck",
    "kind.xlsx": "Excel workbook",
    # what a write will do (the approval card's headline)
    "write.create": "Create {name}",
    "write.create.parts": "Create {name} — {parts}",
    "write.replace.parts": "Replace {name} — {parts}",
    "write.edit": "Edit {name} — {parts}",
    "write.edit.into": "Edit {name} into {output} — {parts}",
    "write.merge": "Merge {parts} into {name}",
    "write.split": "Split {name} into separate files in {folder}",
    "write.recalculate": "Recalculate the formulas in {name}",
    "write.export": "Export {name} as the PDF {output}",
    "write.restore": "Restore {name} to version {version}",
    "write.restore.earlier": "Restore an earlier version of {name}",
    "write.fill": "Fill in the form {name} — {parts}",
    "write.replace_text": "Replace “{find}” with “{replace}” in {name}",
    "write.other": "Write {name}",
    "approval.more_changes": ("… and %n more change", "… and %n more changes"),
    # evidence: one verdict line per file, then each check in plain words (details on demand)
    "check.verdict.passed": ("%n check passed", "All %n checks passed"),
    "check.verdict.partial": ("{passed} of %n check passed, {not_run} not run",
                              "{passed} of %n checks passed, {not_run} not run"),
    "check.verdict.failed": ("{failed} of %n check failed", "{failed} of %n checks failed"),
    "check.verdict.failed_not_run": ("{failed} of %n check failed, {not_run} not run",
                                     "{failed} of %n checks failed, {not_run} not run"),
    "check.none": "No checks ran on this file",
    "check.passed": "passed",
    "check.failed": "failed",
    "check.skipped": "not run",
    "check.label.opens": "The file opens",
    "check.label.render": "LibreOffice renders the pages",
    "check.label.cells": "The cells hold the values",
    "check.label.fields_hold_the_values": "The form fields hold the values",
    "check.label.new_text_present": "The new text is there",
    "check.label.old_text_gone": "The old text is gone",
    "check.label.suggestions_recorded": "The suggested changes are recorded for review",
    "check.label.pages_not_blank": "No page is blank",
    "check.label.page_not_blank": "Page {page} is not blank",
    "check.label.headings_present": "All headings are there",
    "check.label.text_present": "The text is there",
    "check.label.titles_present": "The slide titles are there",
    "check.label.text_removed": "The replaced text is gone",
    "check.label.title": "The document title is set",
    "check.label.pages_count": "The page count is right",
    "check.label.tables_found": "The tables are there",
    "check.label.images_count": "The images are there",
    "check.label.tables_count": "The table count is right",
    "check.label.lists_count": "The list count is right",
    "check.label.paragraphs_count": "The paragraph count is right",
    "check.label.fonts_embedded": "The fonts are embedded",
    "check.label.east_asian_font": "Chinese text has a Chinese font",
    "check.label.has_slides": "The deck has slides",
    "check.label.slide_count": "The slide count is right",
    "check.label.pictures_present": "The pictures are there",
    "check.label.pictures_readable": "The pictures can be read",
    "check.label.no_empty_slides": "No slide is empty",
    "check.label.content_matches_spec": "The cells hold the requested values",
    "check.label.no_formula_errors": "No formula shows an error",
    "check.label.has_sheets": "The workbook has sheets",
    "check.label.sheets_present": "All sheets are there",
    "check.label.other": "Check “{name}”",
    # why a check failed or did not run (the details under the badge)
    "check.detail.expected": "expected {expected}, found {found}",
    "check.detail.not_rendered": "The pages were not drawn: {reason}",
    "check.detail.not_calculated": "These formulas were never calculated: {cells}. Recalculating the workbook "
                                   "computes them.",
    "check.detail.formulas_uncached": ("{missing} of %n formula has no calculated value yet; recalculating the "
                                       "workbook computes it.",
                                       "{missing} of %n formulas have no calculated value yet; recalculating the "
                                       "workbook computes them."),
    "check.detail.formula_errors": ("%n cell shows an error: {cells}", "%n cells show an error: {cells}"),
    # LibreOffice (page view, recalculation, render checks)
    "soffice.missing": "LibreOffice is not installed, so this could not run",
    "soffice.timeout": "LibreOffice did not finish converting {name} within {seconds} s",
    "soffice.failed": "LibreOffice could not convert {name}",
    # file problems (corrupt, encrypted, too large)
    "problem.corrupt": "{name} could not be opened: the file is corrupt or truncated, or not really a {kind} file.",
    "problem.encrypted": "{name} is protected with a password, so it cannot be read.",
    "problem.encrypted_or_old": "{name} is protected with a password or saved in an old Office format. "
                                "Save it without a password as {kind} and try again.",
    "problem.empty": "{name} is empty.",
    "problem.needs_password": "{name} is protected with a password. Type it in the preview to open it.",
    "problem.wrong_password": "The password does not open {name}.",
    "problem.too_large_to_edit": "{name} is too large to edit safely here. Look inside it, or split it first.",
    "problem.would_lose": "Editing {name} would lose parts Mira cannot keep, so nothing was written. Make a new "
                          "workbook instead.",
    "problem.sheet_unreadable": "A worksheet of {name} cannot be read.",
    "problem.too_slow": "Reading {name} took longer than {seconds} s; the file is too large or damaged.",
    "problem.crashed": "The reader crashed on {name}; the file is damaged or hostile.",
    "problem.too_much_memory": "Reading {name} needs more than {limit} of memory; the file is too large or damaged.",
    "problem.unreadable": "{name} cannot be read.",
    "problem.failed": "That failed, so no file was changed: {reason}",
    "problem.failed.plain": "That failed, so no file was changed.",
    "problem.too_large": "{name} is too large to open here ({size}; the limit is {limit}).",
    "problem.missing": "{name} is not in the workspace.",
    # outlines ("What's in big_report.docx?")
    "outline.holds": "Holds {parts}",
    "outline.summary": "**{name}** — {parts}",
    "outline.doc_title": "Title: {title}",
    "outline.headings": "Outline",
    "outline.no_headings": "The document has no headings.",
    "outline.more_headings": ("… %n more heading not shown", "… %n more headings not shown"),
    "outline.tables": "Tables",
    "outline.tables_partial": ("Tables {first}–{last} of {total}; %n more not shown",
                               "Tables {first}–{last} of {total}; %n more not shown"),
    "outline.table": "{size}: {header}",
    "outline.table_size": "{rows} × {cols}",
    "count.columns": ("%n column", "%n columns"),
    "outline.slides": "Slides",
    "outline.untitled": "(no title)",
    "outline.more_slides": ("… %n more slide not shown", "… %n more slides not shown"),
    "outline.sheets": "Sheets",
    "outline.sheet": "{name}: {size} — {header}",
    "outline.more_sheets": ("… %n more sheet not shown", "… %n more sheets not shown"),
    "outline.first_page": "First page",
    "outline.broken_pages": "Pages that cannot be read: {pages}",
    # what a write will do, in the approval card's details (a command's describe(): "summary_msg")
    "summary.will_fail_exists": "This would fail: {name} exists and the call does not replace it",
    "summary.create": "Create {name}: {parts}",
    "summary.replace": "Replace {name}: {parts}",
    "summary.create.empty": "Create {name}",
    "summary.replace.empty": "Replace {name}",
    "summary.edit": "Edit {name} in place: {operations}, {changed}",
    "summary.edit.into": "Edit {name} into {output}: {operations}, {changed}",
    "summary.edit.short": "Edit {name} in place: {operations}",
    "summary.edit.short.into": "Edit {name} into {output}: {operations}",
    "summary.suggest": "Suggest changes in {name} for review (author Mira): {suggestions}, {comments}",
    "summary.suggest.into": "Suggest changes in {name}, saved as {output}, for review (author Mira): {suggestions}, "
                            "{comments}",
    "summary.restore": "Restore {name} to version {version}",
    "summary.restore.earlier": "Restore {name} to an earlier version",
    "summary.export": "Export {name} as the PDF {output}",
    "summary.merge.create": "Create {name} by merging {files}, {pages}",
    "summary.merge.replace": "Replace {name} by merging {files}, {pages}",
    "summary.split": "Split {name} into {files} in {folder}",
    "summary.fill": "Fill {fields} in {name}",
    "summary.fill.into": "Fill {fields} in {name}, saved as {output}",
    "summary.pdf_replace": "Replace {occurrences} of “{find}” with “{replace}” in {name}",
    "summary.pdf_replace.into": "Replace {occurrences} of “{find}” with “{replace}” in {name}, saved as {output}",
    "summary.recalculate": "Recalculate the formulas in {name} with LibreOffice and save the computed values",
    "summary.recalculate.into": "Recalculate the formulas in {name} with LibreOffice and save them as {output}",
    "summary.cannot_run": "This call cannot run: {error}",
    "summary.writes": "Writes {name}",
    "summary.uses": "Uses {files}",
    "summary.uses.more": ("Uses {files} and %n more file", "Uses {files} and %n more files"),
    "count.paragraphs_changed": ("%n paragraph changed", "%n paragraphs changed"),
    "count.suggestions": ("%n tracked replacement", "%n tracked replacements"),
    "count.comments": ("%n comment", "%n comments"),
    "count.fields": ("%n form field", "%n form fields"),
    "count.occurrences": ("%n occurrence", "%n occurrences"),
    # one side of a before/after pair on the approval card
    "change.slide": "Slide {number}: {title}",
    "change.sheet": ("Sheet {name}: %n row", "Sheet {name}: %n rows"),
    "change.sheet.columns": ("Sheet {name}: %n row; columns {columns}", "Sheet {name}: %n rows; columns {columns}"),
    "change.pages": "Pages {first}–{last}",
    "change.page": "Page {page}",
    "change.page.text": "Page {page}: …{text}…",
    "change.formulas.before": ("%n formula, {cached} with stored results", "%n formulas, {cached} with stored results"),
    "change.formulas.after": ("%n formula recalculated by LibreOffice", "%n formulas recalculated by LibreOffice"),
    "change.unreadable": "(the existing file cannot be read)",
    "change.slide.plain": "Slide {number}",
    "change.slide.title": "Title of slide {number}: {text}",
    "change.slide.bullets": "Slide {number}: {items}",
    "change.slide.notes": "Notes of slide {number}: {text}",
    "change.slide.no_notes": "Notes of slide {number}: (none)",
    "change.removed": "(removed)",
    "change.suggested": "suggested: {text}",
    "change.comment": "comment on “{anchor}”: {comment}",
    "change.removed.refs": ("(removed; %n formula in other sheets refers to it and will show #REF!)",
                            "(removed; %n formulas in other sheets refer to it and will show #REF!)"),
    "change.rows_added": "Sheet {name}: rows {first}–{last} added (first: {sample})",
    "change.new_sheet": ("New sheet {name}: %n row", "New sheet {name}: %n rows"),
    "change.new_sheet.header": ("New sheet {name}: a header and %n row", "New sheet {name}: a header and %n rows"),
    "change.sheet.name": "Sheet {name}",
    "change.sheet.renamed": ("Sheet {name} (%n formula updated)", "Sheet {name} (%n formulas updated)"),
}

# A text made of message ids starts with this mark (a control character nobody types), then a JSON list of
# lines: a message (Msg.to_dict) or a plain string. The skills write one where a string field reaches a person
# (a before/after side of an approval card); desktop.messages reads it in the reader's language.
STORED = "\x1emira-msg:"


def plain(text: str) -> str:
    """An encoded text in English (for the model and the log); any other text as it is."""
    if not text.startswith(STORED):
        return text
    try:
        lines = json.loads(text[len(STORED):])
    except ValueError:
        return text
    if not isinstance(lines, list):
        return text
    return "\n".join(Msg.from_dict(line).english() if isinstance(line, dict) else str(line) for line in lines)


def plain_changes(changes: Sequence[Sequence[str]]) -> list[list[str]]:
    """Before/after pairs in English, for a command's result (the model reads it)."""
    return [[plain(str(side)) for side in pair] for pair in changes]


def encoded(*lines: Msg | str) -> str:
    """Lines of messages as one string that every reader renders in its own language."""
    return STORED + json.dumps([line.to_dict() if isinstance(line, Msg) else line for line in lines],
                               ensure_ascii=False)


def _english_form(template: str | tuple[str, str], n: int | None) -> str:
    if isinstance(template, tuple):
        return template[0] if n == 1 else template[1]
    return template


@dataclass(frozen=True)
class Msg:
    """A message id, its English template (a pair for plurals) and its parameters."""

    id: str
    english_template: str | tuple[str, str]
    params: Mapping[str, Any] = field(default_factory=dict)
    n: int | None = None

    @property
    def plural(self) -> bool:
        return isinstance(self.english_template, tuple)

    def source(self) -> str:
        """The text translators see for this id (the "other" form of a plural)."""
        t = self.english_template
        return t[1] if isinstance(t, tuple) else t

    def english(self) -> str:
        """The message in English, parameters filled (nested messages too)."""
        return render_with(self, lambda m: _english_form(m.english_template, m.n), ", ")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (skill results cross the ledger as JSON)."""
        t = self.english_template
        return {"id": self.id, "english": list(t) if isinstance(t, tuple) else t,
                "params": {k: _dump(v) for k, v in self.params.items()}, "n": self.n}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Msg:
        english = data.get("english") or ""
        template: str | tuple[str, str] = (
            (str(english[0]), str(english[1])) if isinstance(english, list) and len(english) == 2 else str(english))
        n = data.get("n")
        return cls(str(data.get("id") or ""), template,
                   {str(k): _load(v) for k, v in dict(data.get("params") or {}).items()},
                   int(n) if isinstance(n, (int, float)) else None)

    def __str__(self) -> str:
        return self.english()


def _dump(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"$msg": value.to_dict()}
    if isinstance(value, (list, tuple)):
        return [_dump(v) for v in value]
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def _load(value: Any) -> Any:
    if isinstance(value, Mapping) and "$msg" in value:
        return Msg.from_dict(value["$msg"])
    if isinstance(value, list):
        return [_load(v) for v in value]
    return value


def msg(id: str, n: int | None = None, /, **params: Any) -> Msg:
    """The message ``id`` of this layer's catalogue with its parameters (``n`` for plurals)."""
    return Msg(id, MESSAGES[id], params, n)


def said_error(exc: BaseException) -> Msg | str:
    """What a person reads for an error: its message (``exc.msg``) when it has one, else its own text."""
    message = getattr(exc, "msg", None)
    return message if isinstance(message, Msg) else str(exc)


def count(id: str, n: int) -> Msg:
    """A plural count such as ``count.tables``: "1 table", "2 tables", "2 个表格"."""
    return Msg(id, MESSAGES[id], {}, n)


def render_with(message: Msg, template_of: Any, separator: str) -> str:
    """Fill ``message`` using ``template_of(msg) -> template`` for it and every nested message.

    A template whose placeholders do not match the parameters falls back to the English form, so a
    broken translation shows English rather than failing.
    """
    def value(v: Any) -> str:
        if isinstance(v, Msg):
            return render_with(v, template_of, separator)
        if isinstance(v, (list, tuple)):
            return separator.join(value(x) for x in v)
        return str(v)

    values = {k: value(v) for k, v in message.params.items()}
    shown = str(template_of(message))
    if message.n is not None:
        shown = shown.replace("%n", str(message.n))
    try:
        return shown.format(**values)
    except (KeyError, IndexError, ValueError):
        fallback = _english_form(message.english_template, message.n)
        if message.n is not None:
            fallback = fallback.replace("%n", str(message.n))
        return fallback.format(**values)


_PAGE_CHECK = re.compile(r"page_(\d+)_not_blank")


def check_label(name: str) -> Msg:
    """A check's name in plain words ("headings_present" → "All headings are there")."""
    page = _PAGE_CHECK.fullmatch(name)
    if page:
        return msg("check.label.page_not_blank", page=int(page.group(1)))
    key = "check.label." + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return msg(key) if key in MESSAGES else msg("check.label.other", name=name)


def checks_verdict(statuses: Sequence[str]) -> Msg:
    """One line for a file's checks: "All 6 checks passed", "1 of 6 checks failed, 2 not run"."""
    total = len(statuses)
    failed, not_run = statuses.count("failed"), statuses.count("not_run")
    if not total:
        return msg("check.none")
    if failed:
        return msg("check.verdict.failed_not_run" if not_run else "check.verdict.failed", total,
                   failed=failed, not_run=not_run)
    if not_run:
        return msg("check.verdict.partial", total, passed=total - not_run, not_run=not_run)
    return msg("check.verdict.passed", total)


def status_word(status: str) -> Msg:
    """passed / failed / not run."""
    return msg({"passed": "check.passed", "failed": "check.failed"}.get(status, "check.skipped"))


def counts_line(counts: Mapping[str, Any]) -> Msg:
    """What a file holds ("3 headings, 1 table"); a count without a plain word keeps its key."""
    parts: list[Any] = []
    for key, value in counts.items():
        mid = f"count.{key}"
        if isinstance(value, int) and mid in MESSAGES:
            if value:  # "0 images" says nothing a person needs
                parts.append(count(mid, value))
        else:
            parts.append(f"{key}: {value}")
    return msg("outline.holds", parts=parts)


def nonzero_counts(pairs: Sequence[tuple[str, int]]) -> list[Msg]:
    """Count messages for the non-zero counts, in order ("4 headings, 3 lists, 1 table")."""
    return [count(id, n) for id, n in pairs if n]
