"""A readable outline of an inspect result, in the reader's language: the offline planner's answer to
"What's in report.docx?" and what ``mira inspect`` prints.

Headings become an indented list (not one markdown title each), and whatever is left out
is said: "Tables 1–20 of 25; 5 more not shown". ``say`` renders a message in the reader's
language (``Msg.english`` by default; the window and the terminal pass their translator).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from skills.messages import Msg, count, msg, nonzero_counts

Say = Callable[[Msg], str]

MAX_HEADINGS_SHOWN = 60
MAX_TABLES_SHOWN = 20
MAX_CELL_CHARS = 40


def _int(value: Any) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    return len(value) if isinstance(value, (list, tuple)) else 0


def _clip(value: Any) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= MAX_CELL_CHARS else text[:MAX_CELL_CHARS - 1] + "…"


def docx_outline(name: str, data: Mapping[str, Any], say: Say = Msg.english) -> str | None:
    """Markdown for a docx_inspect result's data, or None when the data is not an outline."""
    headings = [h for h in data.get("headings") or () if isinstance(h, Mapping)]
    if "headings_total" not in data and not headings:
        return None
    tables = [t for t in data.get("tables") or () if isinstance(t, Mapping)]
    total_tables = _int(data.get("tables_total") or len(tables))
    parts: list[Msg] = nonzero_counts([
        ("count.headings", _int(data.get("headings_total") or len(headings))),
        ("count.paragraphs", _int(data.get("paragraphs"))), ("count.lists", _int(data.get("lists"))),
        ("count.tables", total_tables), ("count.images", _int(data.get("images"))),
        ("count.words", _int(data.get("words")))])
    lines = [say(msg("outline.summary", name=name, parts=parts))]
    if data.get("title"):
        lines += ["", say(msg("outline.doc_title", title=_clip(data["title"])))]
    lines += ["", f"**{say(msg('outline.headings'))}**"]
    if not headings:
        lines.append(say(msg("outline.no_headings")))
        if data.get("begins"):
            lines += ["", f"**{say(msg('outline.begins'))}**", f"> {data['begins']}"]
    top = min((_int(h.get("level")) or 1 for h in headings), default=1)
    for h in headings[:MAX_HEADINGS_SHOWN]:
        depth = max(0, min((_int(h.get("level")) or 1) - top, 5))
        lines.append(f"{'  ' * depth}- {_clip(h.get('text', '')) or '…'}")
    hidden = _int(data.get("headings_total") or len(headings)) - min(len(headings), MAX_HEADINGS_SHOWN)
    if hidden > 0:
        lines.append(f"- *{say(count('outline.more_headings', hidden))}*")
    if tables:
        shown = tables[:MAX_TABLES_SHOWN]
        more = total_tables - len(shown)
        head = (msg("outline.tables_partial", more, first=1, last=len(shown), total=total_tables) if more > 0
                else msg("outline.tables"))
        lines += ["", f"**{say(head)}**"]
        for i, t in enumerate(shown, start=1):
            size = msg("outline.table_size", rows=count("count.rows", _int(t.get("rows"))),
                       cols=count("count.columns", _int(t.get("cols"))))
            header = " | ".join(c for c in (_clip(c) for c in (t.get("header") or ())[:6]) if c)
            lines.append(f"{i}. " + say(msg("outline.table", size=size, header=header or "—")))
    return _joined(lines, data, say)


def pptx_outline(name: str, data: Mapping[str, Any], say: Say = Msg.english) -> str | None:
    """Markdown for a pptx_inspect result: the slide titles in order, and what was left out."""
    slides = [s for s in data.get("slides") or () if isinstance(s, Mapping)]
    if "slide_count" not in data and not slides:
        return None
    total = _int(data.get("slide_count") or len(slides))
    pictures = sum(_int(s.get("pictures")) for s in slides)
    notes = sum(1 for s in slides if str(s.get("notes") or "").strip())
    parts = nonzero_counts([("count.slides", total), ("count.pictures", pictures), ("count.notes", notes)])
    lines = [say(msg("outline.summary", name=name, parts=parts)), "", f"**{say(msg('outline.slides'))}**"]
    for s in slides[:MAX_HEADINGS_SHOWN]:
        title = _clip(s.get("title") or "") or say(msg("outline.untitled"))
        lines.append(f"{_int(s.get('index')) or len(lines)}. {title}")
    hidden = total - min(len(slides), MAX_HEADINGS_SHOWN)
    if hidden > 0:
        lines.append(f"- *{say(count('outline.more_slides', hidden))}*")
    return _joined(lines, data, say)


def xlsx_outline(name: str, data: Mapping[str, Any], say: Say = Msg.english) -> str | None:
    """Markdown for an xlsx_inspect result: each sheet with its size and header, formula errors counted."""
    sheets = [s for s in data.get("sheets") or () if isinstance(s, Mapping)]
    if "sheets" not in data:
        return None
    formulas = sum(_int(s.get("formula_count")) for s in sheets)
    errors = sum(_int(s.get("formula_error_count")) for s in sheets)
    charts = len(data.get("chart_sheets") or ())
    parts = nonzero_counts([("count.sheets", len(sheets)), ("count.formulas", formulas), ("count.charts", charts),
                            ("count.formula_errors", errors)])
    lines = [say(msg("outline.summary", name=name, parts=parts)), "", f"**{say(msg('outline.sheets'))}**"]
    for s in sheets[:MAX_TABLES_SHOWN]:
        size = msg("outline.table_size", rows=count("count.rows", _int(s.get("rows"))),
                   cols=count("count.columns", _int(s.get("columns"))))
        header = " | ".join(c for c in (_clip(c) for c in (s.get("header") or ())[:6] if c is not None) if c)
        lines.append("- " + say(msg("outline.sheet", name=_clip(s.get("name") or "?"), size=size,
                                    header=header or "—")))
    hidden = len(sheets) - MAX_TABLES_SHOWN
    if hidden > 0:
        lines.append(f"- *{say(count('outline.more_sheets', hidden))}*")
    # A file saved by a program that does not calculate (a script, openpyxl) shows empty cells in a viewer
    # that reads saved values only: worth saying.
    uncalculated = sum(max(0, _int(s.get("formula_count")) - _int(s.get("formulas_with_cached_values")))
                       for s in sheets if "formulas_with_cached_values" in s)
    if uncalculated:
        lines += ["", say(msg("outline.uncalculated", uncalculated))]
    return _joined(lines, data, say)


def pdf_outline(name: str, data: Mapping[str, Any], say: Say = Msg.english) -> str | None:
    """Markdown for a pdf_inspect result: its bookmarks (or the start of its first page), pages that broke."""
    if "pages" not in data or not isinstance(data.get("pages"), int):
        return None
    parts = nonzero_counts([("count.pages", _int(data.get("pages"))), ("count.images", _int(data.get("images")))])
    lines = [say(msg("outline.summary", name=name, parts=parts))]
    facts: list[str] = []  # title and page sizes, one block
    found = data.get("metadata")
    metadata: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    if metadata.get("title"):
        facts.append(say(msg("outline.doc_title", title=_clip(metadata["title"]))))
    sizes = sorted(((label, n) for label, n in (data.get("page_sizes") or {}).items() if isinstance(n, int)),
                   key=lambda pair: -pair[1])
    if len(sizes) == 1:
        facts.append(say(msg("outline.page_size", size=_paper(sizes[0][0]))))
    elif sizes:
        facts.append(say(msg("outline.page_sizes", sizes=[
            msg("outline.size_pages", size=_paper(label), pages=count("count.pages", n)) for label, n in sizes[:6]])))
    if facts:
        lines += ["", *facts]
    toc = [t for t in data.get("toc") or () if isinstance(t, (list, tuple)) and len(t) >= 2]
    if toc:
        lines += ["", f"**{say(msg('outline.headings'))}**"]
        top = min((_int(t[0]) or 1 for t in toc), default=1)
        for level, title, *_ in toc[:MAX_HEADINGS_SHOWN]:
            lines.append(f"{'  ' * max(0, min((_int(level) or 1) - top, 5))}- {_clip(title) or '…'}")
        if len(toc) > MAX_HEADINGS_SHOWN:
            lines.append(f"- *{say(count('outline.more_headings', len(toc) - MAX_HEADINGS_SHOWN))}*")
    else:
        first = next((p for p in data.get("page_details") or () if isinstance(p, Mapping)), None)
        text = " ".join(str(first.get("text") or "").split())[:300] if first else ""
        if text:
            lines += ["", f"**{say(msg('outline.first_page'))}**", text]
    broken = [str(b) for b in data.get("broken_pages") or ()]
    if broken:
        lines += ["", say(msg("outline.broken_pages", pages=", ".join(broken[:20])))]
    return _joined(lines, data, say)


def _paper(label: str) -> Msg | str:
    """The words for a page size label of pdf_inspect ("A4 portrait", "612x792 pt"), translatable."""
    paper, _, orientation = str(label).partition(" ")
    if orientation in ("portrait", "landscape"):
        return msg("outline.paper", paper=paper, orientation=msg(f"outline.{orientation}"))
    width, _, height = paper.partition("x")
    if orientation == "pt" and width.isdigit() and height.isdigit():
        return msg("outline.points", width=width, height=height)
    return _clip(label)


def _joined(lines: list[str], data: Mapping[str, Any], say: Say) -> str:
    if data.get("macros"):  # read-only: they never run, and nothing Mira writes carries them
        lines += ["", say(msg("outline.macros"))]
    return "\n".join(lines)


# The outline for each inspect command's data (the answer to "What's in X?").
OUTLINES = {"docx_inspect": docx_outline, "pptx_inspect": pptx_outline, "xlsx_inspect": xlsx_outline,
            "pdf_inspect": pdf_outline}
