"""The offline planner's layouts: document blocks become slides, tables become sheets."""
from __future__ import annotations

from typing import Any

from desktop.llm._patterns import later
from desktop.llm.offline._cells import column_letter, typed_columns
from desktop.llm.offline._content import MAX_LIST_LEVEL
from desktop.translations import render_plain
from skills.messages import msg


def _word(id: str, chinese: bool) -> str:
    """A word the planner writes into a file (a continued slide's mark, a totals label), in the request's language."""
    return render_plain(msg(id), "zh_CN" if chinese else "en")

MAX_BULLETS_PER_SLIDE = 7
MAX_SLIDES = 300
MAX_SLIDE_TITLE = 300


# -- blocks -> slides ---------------------------------------------------------


def _item(text: str, level: int) -> str | dict[str, Any]:
    return text if level == 0 else {"text": text, "level": min(level, MAX_LIST_LEVEL)}


def _block_bullets(block: dict[str, Any], base: int) -> list[str | dict[str, Any]]:
    if block["type"] == "paragraph":
        text = block.get("text") or "".join(r["text"] for r in block["runs"])
        return [_item(text, base)]
    if block["type"] in ("bullets", "numbered"):
        out = []
        for it in block["items"]:
            text, level = (it, 0) if isinstance(it, str) else (it["text"], int(it.get("level", 0)))
            out.append(_item(text, base + level))
        return out
    return []


def blocks_to_slides(title: str, blocks: list[dict[str, Any]], *, chinese: bool, subtitle: str = "",
                     ) -> list[dict[str, Any]]:
    """A title slide, one bullets slide per top section (deeper headings nest), tables on their own slides."""
    heads = [b["level"] for b in blocks if b["type"] == "heading"]
    top = min(heads) if heads else 1
    lead = next((k for k, b in enumerate(blocks) if b["type"] == "heading" and b["level"] == top), len(blocks))
    if not subtitle and lead == 1 and blocks[0]["type"] == "paragraph" and len(_block_bullets(blocks[0], 0)[0]) <= 160:
        # One short paragraph before the first section reads best as the subtitle.
        subtitle = str(_block_bullets(blocks[0], 0)[0])
        blocks = blocks[1:]
    slides: list[dict[str, Any]] = [{"layout": "title", "title": title[:MAX_SLIDE_TITLE],
                                     **({"subtitle": subtitle} if subtitle else {})}]
    cont = _word("planner.cont", chinese)
    section = title
    bullets: list[str | dict[str, Any]] = []
    shown = [True]  # whether the current section has a slide (the deck's title is on the title slide)

    def flush() -> None:
        if not bullets and not shown[0]:  # a section named with nothing under it: its own title slide
            slides.append({"layout": "title", "title": section[:MAX_SLIDE_TITLE]})
        shown[0] = True
        chunks = [bullets[k:k + MAX_BULLETS_PER_SLIDE] for k in range(0, len(bullets), MAX_BULLETS_PER_SLIDE)]
        for n, chunk in enumerate(chunks):
            if isinstance(chunk[0], dict):  # a slide must not start indented
                chunk = [chunk[0]["text"], *chunk[1:]]
            slides.append({"layout": "bullets", "title": (section + (cont if n else ""))[:MAX_SLIDE_TITLE],
                           "bullets": chunk})
        bullets.clear()

    # With sub-headings inside sections, their text is indented under the sub-heading bullet.
    nested = any(b["type"] == "heading" and b["level"] > top for b in blocks)
    for block in blocks:
        kind = block["type"]
        if kind == "heading" and block["level"] == top:
            flush()
            section = block["text"][:MAX_SLIDE_TITLE - 10]
            shown[0] = False
        elif kind == "heading":
            bullets.append(_item(block["text"], 0))
        elif kind == "table":
            shown[0] = shown[0] or not bullets  # the table's slide carries the section's title
            flush()
            slides.append({"layout": "table", "title": section, "header": block["header"], "rows": block["rows"]})
        elif kind == "image":
            shown[0] = shown[0] or not bullets
            flush()
            slides.append({"layout": "image", "title": section, "image": block["path"]})
        else:
            base = 1 if nested and bullets else 0
            bullets.extend(_block_bullets(block, base))
    flush()
    return slides


def promote_headings(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """With the leading heading used as the title, move the remaining headings up one level."""
    heads = [b["level"] for b in blocks if b["type"] == "heading"]
    if not heads or min(heads) <= 1:
        return blocks
    shift = min(heads) - 1
    return [{**b, "level": b["level"] - shift} if b["type"] == "heading" else b for b in blocks]


def deck_slides(title: str, blocks: list[dict[str, Any]], *, chinese: bool) -> list[dict[str, Any]]:
    """The slide specs for a deck: the layout's slides, with long or wide tables cut to readable slides."""
    slides = blocks_to_slides(title, blocks, chinese=chinese)
    out: list[dict[str, Any]] = []
    cont = _word("planner.cont", chinese)
    for slide in slides:
        if slide["layout"] != "table":
            out.append(slide)
            continue
        # Keep tables readable: at most 12 rows and 20 columns per slide; the rest goes on
        # continuation slides (columns first), so no cell is dropped.
        first = True
        for c in range(0, len(slide["header"]), 20):
            header = slide["header"][c:c + 20]
            rows = [r[c:c + 20] for r in slide["rows"]] or [[""] * len(header)]
            for k in range(0, len(rows), 12):
                out.append({**slide, "title": slide["title"] + ("" if first else cont), "header": header,
                            "rows": rows[k:k + 12]})
                first = False
    return out


# -- tables -> sheets ---------------------------------------------------------

_BAD_SHEET_CHARS = later(r"[\[\]:*?/\\]")


def sheet_name(raw: str, taken: set[str], fallback: str) -> str:
    """A valid, unique Excel sheet name (max 31 chars, none of []:*?/\\)."""
    base = _BAD_SHEET_CHARS.sub(" ", raw).strip().strip("'")[:31] or fallback
    name, n = base, 2
    while name.lower() in {t.lower() for t in taken}:
        suffix = f" ({n})"
        name = base[:31 - len(suffix)] + suffix
        n += 1
    taken.add(name)
    return name


def table_to_sheet(name: str, header: list[str], rows: list[list[str]], *, totals: bool, chinese: bool,
                   title: str | None = None, chart: str | None = None) -> dict[str, Any]:
    """One xlsx_create sheet: typed columns (numbers, dates, percentages, currency) with their number
    formats, an optional merged title row, =SUM total row and native chart over the table."""
    parsed, formats, summable = typed_columns(rows, len(header))
    first = 3 if title else 2  # the first data row, below the title and the header
    last = first + len(parsed) - 1
    sheet: dict[str, Any] = {"name": name, "header": header, "rows": parsed, "freeze": f"A{first}",
                             "autofilter": True}
    if title:
        sheet["title"] = title
    if formats:
        sheet["number_formats"] = {column_letter(c): f for c, f in formats.items()}
    numeric_cols = sorted(summable)
    if totals and parsed and numeric_cols:
        total_row: list[Any] = [None] * len(header)
        for c in numeric_cols:
            col = column_letter(c)
            total_row[c] = f"=SUM({col}{first}:{col}{last})"
        if 0 not in numeric_cols:
            total_row[0] = _word("planner.total", chinese)
        parsed.append(total_row)
    series = [c for c in numeric_cols if c != 0] or sorted(c for c in formats if formats[c].endswith("%"))
    if chart and parsed and series:
        spec: dict[str, Any] = {"type": chart, "values": [column_letter(c) for c in series[:1 if chart == "pie" else 10]],
                                "last_row": last, "title": title or name}
        if 0 not in series:
            spec["categories"] = "A"
        sheet["charts"] = [spec]
    return sheet
