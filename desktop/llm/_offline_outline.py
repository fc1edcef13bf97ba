"""The offline planner's answer to "What's in report.docx?": a readable outline in the user's language.

Headings become an indented list (not one markdown title each), and whatever is left out
is said: "Tables 1–20 of 25; 5 more not shown".
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop.translations import render_plain
from skills.messages import Msg, count, msg, nonzero_counts

MAX_HEADINGS_SHOWN = 60
MAX_TABLES_SHOWN = 20
MAX_CELL_CHARS = 40


def _int(value: Any) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    return len(value) if isinstance(value, (list, tuple)) else 0


def _clip(text: Any) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= MAX_CELL_CHARS else text[:MAX_CELL_CHARS - 1] + "…"


def docx_outline(name: str, data: Mapping[str, Any], language: str) -> str | None:
    """Markdown for a docx_inspect result's data, or None when the data is not an outline."""
    headings = [h for h in data.get("headings") or () if isinstance(h, Mapping)]
    if "headings_total" not in data and not headings:
        return None
    say = lambda m: render_plain(m, language)  # noqa: E731 - a short local alias reads best here
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
    return "\n".join(lines)
