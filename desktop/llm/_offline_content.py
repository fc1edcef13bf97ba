"""The offline planner's content work: the user's markdown and CSV become command specs.

Markdown goes through markdown-it-py (CommonMark + pipe tables) into the block
spec of ``docx_create``/``pdf_create``; blocks become slides for ``pptx_create``
and tables/CSV become sheets for ``xlsx_create``. Nothing here invents text:
every word in a spec comes from the user's request or files.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

_MD = MarkdownIt("commonmark").enable("table").enable("strikethrough")
_NUMBER = re.compile(r"^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[-+]?\.\d+$")
MAX_BULLETS_PER_SLIDE = 7
MAX_LIST_LEVEL = 4
# The commands' schemas cap text sizes; long material is split (paragraphs) or cut (titles, cells) to fit.
MAX_PARAGRAPH = 20_000
MAX_HEADING = 500
MAX_CELL = 5_000
MAX_BLOCKS = 20_000
MAX_SLIDES = 300
MAX_SLIDE_TITLE = 300


@dataclass
class Content:
    """What the user's material turned into: blocks plus the tables found (for sheets)."""

    blocks: list[dict[str, Any]] = field(default_factory=list)
    tables: list[tuple[str, list[str], list[list[str]]]] = field(default_factory=list)  # (name, header, rows)

    @property
    def empty(self) -> bool:
        return not self.blocks and not self.tables


# -- inline runs --------------------------------------------------------------


def _runs(inline: Token) -> list[dict[str, Any]]:
    """Inline markdown as runs: bold/italic flags and links carried over, code kept as text."""
    runs: list[dict[str, Any]] = []
    bold = italic = 0
    link: str | None = None

    def add(text: str) -> None:
        if not text:
            return
        run: dict[str, Any] = {"text": text}
        if bold:
            run["bold"] = True
        if italic:
            run["italic"] = True
        if link:
            run["link"] = link
        if runs and {k: v for k, v in runs[-1].items() if k != "text"} == {k: v for k, v in run.items() if k != "text"}:
            runs[-1]["text"] += text
        else:
            runs.append(run)

    for child in inline.children or ():
        if child.type in ("text", "code_inline", "html_inline"):
            add(child.content)
        elif child.type == "softbreak":
            add(" ")
        elif child.type == "hardbreak":
            add("\n")
        elif child.type == "strong_open":
            bold += 1
        elif child.type == "strong_close":
            bold = max(0, bold - 1)
        elif child.type == "em_open":
            italic += 1
        elif child.type == "em_close":
            italic = max(0, italic - 1)
        elif child.type == "link_open":
            href = str(child.attrs.get("href", ""))
            link = href if re.match(r"^(https?://|mailto:)\S+$", href) else None
        elif child.type == "link_close":
            link = None
        elif child.type == "image":
            add(child.content or "")
    return runs


def plain(inline: Token) -> str:
    """The visible text of an inline token, markup removed."""
    return "".join(r["text"] for r in _runs(inline)).strip()


def _paragraph(inline: Token) -> dict[str, Any] | None:
    runs = _runs(inline)
    text = "".join(r["text"] for r in runs).strip()
    if not text:
        return None
    if all(set(r) == {"text"} for r in runs):
        return {"type": "paragraph", "text": text}
    return {"type": "paragraph", "runs": runs}


# -- size limits ------------------------------------------------------------------


def _split_text(text: str, limit: int) -> list[str]:
    """Cut text into pieces of at most ``limit`` characters, at a space where one is near."""
    pieces = []
    while len(text) > limit:
        cut = text.rfind(" ", limit // 2, limit)
        cut = cut if cut > 0 else limit
        pieces.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    if text:
        pieces.append(text)
    return pieces


def fit_blocks(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Keep every block within the block spec's size limits without dropping the user's words."""
    out: list[dict[str, Any]] = []
    for b in blocks:
        kind = b["type"]
        if kind == "paragraph":
            text = b.get("text") if "text" in b else "".join(r["text"] for r in b["runs"])
            if len(text) > MAX_PARAGRAPH:  # formatting of a giant paragraph is given up to keep its text
                out += [{"type": "paragraph", "text": t} for t in _split_text(text, MAX_PARAGRAPH)]
                continue
        elif kind == "heading":
            b = {**b, "text": b["text"][:MAX_HEADING]}
        elif kind in ("bullets", "numbered"):
            items = []
            for it in b["items"]:
                text, level = (it, 0) if isinstance(it, str) else (it["text"], it.get("level", 0))
                for piece in _split_text(text, MAX_PARAGRAPH):
                    items.append(piece if level == 0 else {"text": piece, "level": level})
            b = {**b, "items": items}
        elif kind == "table":
            b = {**b, "header": [h[:MAX_CELL] for h in b["header"]],
                 "rows": [[c[:MAX_CELL] if isinstance(c, str) else c for c in r] for r in b["rows"]]}
        out.append(b)
    return out[:MAX_BLOCKS]


# -- markdown -> blocks ---------------------------------------------------------


def parse_markdown(text: str, table_name: str = "") -> Content:
    """Markdown (or plain text) as document blocks and the tables it contains."""
    tokens = _MD.parse(text)
    content = Content()
    last_heading = table_name
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type == "heading_open":
            heading = plain(tokens[i + 1])
            if heading:
                content.blocks.append({"type": "heading", "text": heading, "level": int(tok.tag[1])})
                last_heading = heading
            i += 3
        elif tok.type == "paragraph_open":
            block = _paragraph(tokens[i + 1])
            if block:
                content.blocks.append(block)
            i += 3
        elif tok.type in ("bullet_list_open", "ordered_list_open"):
            end = _matching_close(tokens, i)
            items = _list_items(tokens[i:end + 1])
            if items:
                kind = "numbered" if tok.type == "ordered_list_open" else "bullets"
                content.blocks.append({"type": kind, "items": items})
            i = end + 1
        elif tok.type == "table_open":
            end = _matching_close(tokens, i)
            header, rows = _table(tokens[i:end + 1])
            if header:
                content.blocks.append({"type": "table", "header": header, "rows": rows})
                content.tables.append((last_heading, header, rows))
            i = end + 1
        elif tok.type in ("fence", "code_block", "html_block"):
            code = tok.content.strip("\n")
            if code.strip():
                content.blocks.append({"type": "paragraph", "text": code})
            i += 1
        else:  # blockquote/hr wrappers: their inner paragraphs are picked up as we go
            i += 1
    return content


def _matching_close(tokens: list[Token], start: int) -> int:
    depth = 0
    for j in range(start, len(tokens)):
        depth += tokens[j].nesting
        if depth == 0:
            return j
    return len(tokens) - 1


def _list_items(tokens: list[Token]) -> list[str | dict[str, Any]]:
    """Every list item with its nesting level (0 = top), nested lists of any kind flattened in order."""
    items: list[str | dict[str, Any]] = []
    depth = -1
    taken: set[int] = set()
    for tok in tokens:
        if tok.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif tok.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif tok.type == "list_item_open":
            taken.discard(depth)  # a new item takes its first paragraph as its text
        elif tok.type == "inline" and depth not in taken:
            text = plain(tok)
            if text:
                level = min(depth, MAX_LIST_LEVEL)
                items.append(text if level == 0 else {"text": text, "level": level})
            taken.add(depth)
    return items


def _table(tokens: list[Token]) -> tuple[list[str], list[list[str]]]:
    header: list[str] = []
    rows: list[list[str]] = []
    row: list[str] | None = None
    in_head = False
    for j, tok in enumerate(tokens):
        if tok.type == "thead_open":
            in_head = True
        elif tok.type == "thead_close":
            in_head = False
        elif tok.type == "tr_open":
            row = []
        elif tok.type == "tr_close" and row is not None:
            if in_head:
                header = row
            else:
                rows.append(row)
            row = None
        elif tok.type in ("th_open", "td_open") and row is not None:
            nxt = tokens[j + 1]
            row.append(plain(nxt) if nxt.type == "inline" else "")
    width = len(header)
    rows = [(r + [""] * width)[:width] for r in rows]
    return header, rows


# -- CSV -----------------------------------------------------------------------


def parse_csv(text: str) -> tuple[list[str], list[list[str]]]:
    """Header and rows of CSV text (comma, semicolon or tab, sniffed); ragged rows padded."""
    text = text.lstrip("\ufeff")
    sample = text[:4096]
    try:
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = [r for r in csv.reader(io.StringIO(text), dialect) if any(c.strip() for c in r)]
    if not rows:
        return [], []
    header = [c.strip() for c in rows[0]]
    width = max(len(header), *(len(r) for r in rows))
    header += [f"Column {n}" for n in range(len(header) + 1, width + 1)]
    body = [[c.strip() for c in r] + [""] * (width - len(r)) for r in rows[1:]]
    return header, body


def looks_like_csv(text: str) -> bool:
    """True for two or more lines that all split into the same number (>1) of comma/tab fields."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) < 2 or any(ln.lstrip().startswith(("#", "|", "-", "*")) for ln in lines):
        return False
    for sep in (",", "\t", ";"):
        counts = {len(next(csv.reader([ln], delimiter=sep))) for ln in lines}
        if len(counts) == 1 and counts.pop() > 1:
            return True
    return False


def number(value: str) -> str | int | float:
    """A cell as a number when it is one ("1,234.5" -> 1234.5); otherwise the text unchanged."""
    v = value.strip()
    if not v or not _NUMBER.match(v):
        return value
    v = v.replace(",", "")
    try:
        return int(v) if re.fullmatch(r"[-+]?\d+", v) else float(v)
    except ValueError:
        return value


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
    cont = "（续）" if chinese else " (cont.)"
    section = title
    bullets: list[str | dict[str, Any]] = []

    def flush() -> None:
        chunks = [bullets[k:k + MAX_BULLETS_PER_SLIDE] for k in range(0, len(bullets), MAX_BULLETS_PER_SLIDE)]
        for n, chunk in enumerate(chunks):
            if isinstance(chunk[0], dict):  # a slide must not start indented
                chunk = [chunk[0]["text"], *chunk[1:]]
            slides.append({"layout": "bullets", "title": (section + (cont if n else ""))[:MAX_SLIDE_TITLE],
                           "bullets": chunk})
        bullets.clear()

    for block in blocks:
        kind = block["type"]
        if kind == "heading" and block["level"] == top:
            flush()
            section = block["text"][:MAX_SLIDE_TITLE - 10]
        elif kind == "heading":
            bullets.append(_item(block["text"], 0))
        elif kind == "table":
            flush()
            slides.append({"layout": "table", "title": section, "header": block["header"], "rows": block["rows"]})
        elif kind == "image":
            flush()
            slides.append({"layout": "image", "title": section, "image": block["path"]})
        else:
            nested = any(b["type"] == "heading" and b["level"] > top for b in blocks)
            base = 1 if nested and bullets else 0
            bullets.extend(_block_bullets(block, base))
    flush()
    return slides[:MAX_SLIDES]


# -- tables -> sheets ---------------------------------------------------------

_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")


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


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def table_to_sheet(name: str, header: list[str], rows: list[list[str]], *, totals: bool, chinese: bool,
                   ) -> dict[str, Any]:
    """One xlsx_create sheet: header row, numbers as numbers, optional =SUM total row."""
    parsed = [[number(c) for c in r] for r in rows]
    sheet: dict[str, Any] = {"name": name, "header": header, "rows": parsed, "freeze": "A2", "autofilter": True}
    if totals and parsed:
        total_row: list[Any] = [""] * len(header)
        numeric_cols = [
            c for c in range(len(header))
            if any(isinstance(r[c], (int, float)) for r in parsed)
            and all(isinstance(r[c], (int, float)) or str(r[c]).strip() == "" for r in parsed)
        ]
        first, last = 2, len(parsed) + 1
        for c in numeric_cols:
            col = column_letter(c)
            total_row[c] = f"=SUM({col}{first}:{col}{last})"
        if numeric_cols and 0 not in numeric_cols:
            total_row[0] = "合计" if chinese else "Total"
        if numeric_cols:
            parsed.append(total_row)
    return sheet
