"""The outline of one office file, read in a worker process, importing only its format's reader.

``pdf_inspect``, ``docx_inspect``, ``pptx_inspect``, ``xlsx_inspect`` and
``mira inspect`` all come here, so the agent and the command line see the same
facts, and a parser crash, a runaway file or a memory blow-up on an untrusted
file becomes one clear :class:`~skills.runtime.isolate.WorkerError` instead of
taking the process down. Macro-enabled and template packages are read here
read-only and the outline says they carry macros.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, TypedDict

from skills.runtime.isolate import Limits, run_isolated
from skills.runtime.json_types import JsonValue
from skills.messages import count
from skills.runtime.safety import check_file, family_of, has_macros

__all__ = ["INSPECT_LIMITS", "InspectOptions", "inspect", "inspect_here", "probe_here"]

# One file's inspect: a deadline and a memory ceiling generous for real documents.
INSPECT_LIMITS = Limits(seconds=60.0, memory_bytes=2 * 1024 ** 3)
MACRO_NOTE = "the file contains macros; they were not run (opened read-only)"


class InspectOptions(TypedDict, total=False):
    pages: list[int]  # a PDF's pages to describe (default: the first five)
    password: str  # a PDF's password
    max_rows: int  # a workbook's sample rows per sheet (default 20)


Outline = dict[str, JsonValue]  # the file's facts as JSON: what a model reads, what `mira inspect --json` prints


def inspect(path: Path, options: InspectOptions | None = None, *, label: str | None = None,
            limits: Limits = INSPECT_LIMITS) -> tuple[str, Outline]:
    """``(message, data)`` for ``path``, computed in a child process under ``limits``."""
    check_file(path, family_of(path), allow_macros=True)  # cheap refusals need no worker
    # What inspect_here returned, back through the worker's pipe (which carries no types).
    said: tuple[str, Outline] = run_isolated("skills.runtime.file_inspect:inspect_here", str(path),
                                             dict(options or {}), label, limits=limits, name=path.name)
    return said


def inspect_here(path_text: str, options: InspectOptions, label: str | None = None) -> tuple[str, Outline]:
    """The worker side: open with the format's library and describe the file."""
    path = Path(path_text)
    family = family_of(path)
    name = label or path.name
    if family == "pdf":
        from skills.runtime.pdf.read import inspect_file

        return inspect_file(path_text, options.get("pages"), options.get("password"), name)
    check_file(path, family, allow_macros=True)
    macros = has_macros(path)
    if family == "docx":
        message, data = _docx(path, name)
    elif family == "pptx":
        message, data = _pptx(path, name)
    elif family == "xlsx":
        message, data = _xlsx(path, name, int(options.get("max_rows", 20)))
    else:
        raise ValueError(f"{path.name}: unsupported file type")
    data["macros"] = macros
    if macros:
        message = message.replace("\n", f"\n{MACRO_NOTE}\n", 1) if "\n" in message else f"{message}\n{MACRO_NOTE}"
    return message, data


def _docx(path: Path, name: str) -> tuple[str, Outline]:
    from skills.runtime.docx.read import open_checked_docx, read_outline

    outline = read_outline(open_checked_docx(path, read_only=True))
    return outline.message(name), outline.to_data()


def _pptx(path: Path, name: str) -> tuple[str, Outline]:
    from skills.runtime.pptx._read import deck_errors, open_deck, outline

    with deck_errors(path.name):
        o = outline(open_deck(path))
    lines = [f"{name}: {count('count.slides', o['slide_count'])}, {o['slide_width_in']}x{o['slide_height_in']} in"]
    for s in o["slides"][:60]:
        extra = [str(count("count.tables", len(s["tables"]))) if s["tables"] else "",
                 str(count("count.pictures", len(s["pictures"]))) if s["pictures"] else "",
                 "notes" if s["notes"].strip() else ""]
        extra_s = ", ".join(x for x in extra if x)
        lines.append(f"{s['index']}. [{s['layout']}] {s['title'] or '(no title)'}" + (f" ({extra_s})" if extra_s else ""))
    return "\n".join(lines), {"path": name, **o}


def _show(value: Any) -> str:
    if value is None or value == "":
        return "(empty)"
    text = str(value)
    return text if len(text) <= 80 else text[:79] + "…"


def _xlsx(path: Path, name: str, max_rows: int) -> tuple[str, Outline]:
    from skills.runtime.xlsx._read import scan_workbook

    scans, charts = scan_workbook(path, max_rows=max_rows)
    lines = [f"{name}: {count('count.sheets', len(scans))}"]
    for s in scans:
        extra = (f", {count('count.formulas', s.formulas)} ({s.cached} calculated, "
                 f"{count('count.formula_errors', s.error_count)})" if s.formulas else "")
        lines.append(f"- {s.name}: {s.used_range or 'empty'}{extra}"
                     + (f"; header: {', '.join(_show(h) for h in s.header[:10])}" if s.header else ""))
    return "\n".join(lines), {"path": name, "sheets": [s.to_dict() for s in scans], "chart_sheets": charts}


PROBE_ROWS = 200  # rows of each worksheet a preview's isolated check parses (the first screens)


def probe_here(path_text: str) -> bool:
    """The worker side of a preview's check: open the file with its library as the preview will.

    Cheap by design (no outline): a Word body is parsed, a deck's slides are parsed, a workbook's
    styles and the first rows of each sheet are parsed. A parser that crashes, hangs or runs away
    here does so in the worker; returns True once all of it was read.
    """
    path = Path(path_text)
    family = family_of(path)
    check_file(path, family, allow_macros=True)
    if family == "docx":
        from skills.runtime.docx.read import open_checked_docx

        open_checked_docx(path, read_only=True)
    elif family == "pptx":
        from skills.runtime.pptx._read import deck_errors, open_deck

        with deck_errors(path.name):
            for slide in open_deck(path).slides:
                len(slide.shapes)
    elif family == "xlsx":
        _probe_xlsx(path)
    else:
        raise ValueError(f"{path.name}: unsupported file type")
    return True


def _probe_xlsx(path: Path) -> None:
    from lxml import etree

    from skills.runtime.xlsx._read import _Book

    book = _Book(path)
    try:
        for _name, part in book.worksheets:
            with book.archive.open(part) as fh:
                for n, (_event, row) in enumerate(etree.iterparse(
                        fh, tag="{http://schemas.openxmlformats.org/spreadsheetml/2006/main}row")):
                    row.clear()
                    if n >= PROBE_ROWS:
                        break
    finally:
        if hasattr(book.shared, "close"):
            book.shared.close()
        book.archive.close()
