"""office_read: the content of any office file as markdown, to build a new file from it.

"Turn report.docx into slides" needs the report's headings, lists and tables in a
form every authoring skill already takes: markdown. Read-only; every skill lists it.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from skills.runtime._base import Command, CommandError, CommandResult, register
from skills.runtime._pptx_xlsx_common import check_tagged_args
from skills.runtime.workspace import Workspace, WorkspaceError
from skills.messages import msg
from skills.runtime.json_types import JsonObject

MAX_CHARS = 200_000
MAX_SHEET_ROWS = 2_000
SCHEMA: JsonObject = {
    "type": "object", "required": ["path"], "additionalProperties": False,
    "properties": {"path": {"type": "string", "minLength": 1},
                   "max_chars": {"type": "integer", "minimum": 1000, "maximum": MAX_CHARS}},
}


class OfficeReadArgs(TypedDict):
    path: str
    max_chars: NotRequired[int]


_HEADING = re.compile(r"^(?:Heading|标题)\s*(\d)$", re.IGNORECASE)


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    return " ".join(text.split()).replace("|", "\\|")


def _table(rows: list[list[Any]]) -> list[str]:
    rows = [r for r in rows if any(_cell(v) for v in r)]
    if not rows:
        return []
    width = max(len(r) for r in rows)
    rows = [list(r) + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(_cell(v) or " " for v in rows[0]) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(_cell(v) for v in r) + " |" for r in rows[1:]]
    return ["", *lines, ""]


def _docx(path: Path) -> Iterator[str]:
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    from skills.runtime.docx.read import open_docx

    doc = open_docx(path)
    for item in doc.iter_inner_content():
        if isinstance(item, Table):
            yield from _table([[c.text for c in row.cells] for row in item.rows])
            continue
        assert isinstance(item, Paragraph)
        text = item.text.strip()
        if not text:
            continue
        style = item.style.name if item.style is not None else ""
        m = _HEADING.match(style)
        if style == "Title":
            yield f"# {text}"
        elif m:
            yield f"{'#' * min(int(m.group(1)) + 1, 6)} {text}"
        elif "List Number" in style:
            yield f"1. {text}"
        elif "List" in style:
            yield f"- {text}"
        else:
            yield ""
            yield text
            yield ""


def _pptx(path: Path) -> Iterator[str]:
    from skills.runtime.pptx._read import deck_errors, open_deck, slide_title

    prs = open_deck(path)
    with deck_errors(path.name):
        for n, slide in enumerate(prs.slides, start=1):
            title = slide_title(slide) or f"Slide {n}"
            yield f"{'#' if n == 1 else '##'} {title}"
            for shape in slide.shapes:
                if shape == slide.shapes.title:
                    continue
                if getattr(shape, "has_table", False) and shape.has_table:
                    yield from _table([[c.text for c in row.cells] for row in shape.table.rows])
                elif shape.has_text_frame:
                    for p in shape.text_frame.paragraphs:
                        text = "".join(r.text for r in p.runs).strip()
                        if text:
                            yield f"{'  ' * min(p.level, 4)}- {text}"
            yield ""


def _xlsx(path: Path) -> Iterator[str]:
    from skills.runtime.xlsx._book import load_book
    from skills.runtime.safety import check_file

    check_file(path, "xlsx")
    try:
        wb = load_book(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - any parse failure of untrusted input is "corrupt"
        raise CommandError(msg("error.office_read.file_corrupt_excel_workbook", name=path.name, type=type(exc).__name__)) from None
    try:
        for ws in wb.worksheets:
            rows = []
            for row in ws.iter_rows(values_only=True, max_row=MAX_SHEET_ROWS):
                rows.append(list(row))
            yield f"## {ws.title}"
            yield from _table(rows)
    finally:
        wb.close()


def _pdf(path: Path) -> Iterator[str]:
    from skills.runtime.pdf.read import open_pdf, page_text

    doc = open_pdf(path)
    try:
        for page in doc:
            for para in re.split(r"\n\s*\n", page_text(page)):
                text = " ".join(para.split())
                if text:
                    yield ""
                    yield text
    finally:
        doc.close()


_READERS = {".docx": _docx, ".pptx": _pptx, ".xlsx": _xlsx, ".pdf": _pdf}


def office_markdown(path: Path, max_chars: int = MAX_CHARS) -> tuple[str, bool]:
    """(markdown, truncated) for a DOCX, PPTX, XLSX or PDF file."""
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        raise CommandError(msg("error.office_read.office_read_reads_docx", name=path.name))
    out: list[str] = []
    size = 0
    for line in reader(path):
        out.append(line)
        size += len(line) + 1
        if size > max_chars:
            return "\n".join(out)[:max_chars], True
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"
    return text, False


def run_read(ws: Workspace, args: OfficeReadArgs) -> CommandResult:
    args = check_tagged_args(SCHEMA, args, OfficeReadArgs)
    try:
        path = ws.resolve(args["path"], must_exist=True)
    except WorkspaceError as exc:
        raise CommandError(msg("error.office_read.path", field="path", exc=exc)) from exc
    text, truncated = office_markdown(path, int(args.get("max_chars") or MAX_CHARS))
    note = f" (cut off after {len(text):,} characters)" if truncated else ""
    return CommandResult(ok=True, message=f"{args['path']} as markdown{note}:\n\n{text}",
                         data={"path": args["path"], "text": text, "truncated": truncated})


register(Command(name="office_read", description="Read a .docx, .pptx, .xlsx or .pdf as markdown, to build a new file "
                 "from it.", input_schema=SCHEMA, writes=False, args_type=OfficeReadArgs, run=run_read))
