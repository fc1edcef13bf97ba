"""The offline planner's content work: the user's markdown and CSV become document blocks.

Markdown goes through markdown-it-py (CommonMark + pipe tables) into the block
spec of ``docx_create``/``pdf_create`` (``_offline_layout`` turns blocks into
slides and tables into sheets). Nothing here invents text: every word in a spec
comes from the user's request or files.
"""
from __future__ import annotations

import csv
import functools
import io
import re
from dataclasses import dataclass, field
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from desktop.llm._patterns import later

_NUMBER = later(r"^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[-+]?\.\d+$")
MAX_LIST_LEVEL = 4
# The commands' schemas cap text sizes; long material is split (paragraphs) or cut (titles, cells) to fit.
MAX_PARAGRAPH = 20_000
MAX_HEADING = 500
MAX_CELL = 5_000
MAX_TABLE_COLUMNS = 60  # a document table's header holds at most this many columns
MAX_BLOCKS = 20_000


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
    """Inline markdown as runs: bold, italic, inline code and links carried over."""
    runs: list[dict[str, Any]] = []
    bold = italic = 0
    link: str | None = None

    def add(text: str, code: bool = False) -> None:
        if not text:
            return
        run: dict[str, Any] = {"text": text}
        if bold:
            run["bold"] = True
        if italic:
            run["italic"] = True
        if code:
            run["code"] = True
        if link:
            run["link"] = link
        if runs and {k: v for k, v in runs[-1].items() if k != "text"} == {k: v for k, v in run.items() if k != "text"}:
            runs[-1]["text"] += text
        else:
            runs.append(run)

    for child in inline.children or ():
        if child.type == "code_inline":
            add(child.content, code=True)
        elif child.type in ("text", "html_inline"):
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
            text = b["text"] if "text" in b else "".join(r["text"] for r in b["runs"])
            if len(text) > MAX_PARAGRAPH:  # formatting of a giant paragraph is given up to keep its text
                out += [{"type": "paragraph", "text": t} for t in _split_text(text, MAX_PARAGRAPH)]
                continue
        elif kind == "heading":
            b = {**b, "text": b["text"][:MAX_HEADING]}
        elif kind in ("bullets", "numbered"):
            items: list[str | dict[str, Any]] = []
            for it in b["items"]:
                text, level = (it, 0) if isinstance(it, str) else (it["text"], it.get("level", 0))
                if isinstance(it, dict) and it.get("runs") and len(text) <= MAX_PARAGRAPH:
                    items.append(it)
                    continue
                for piece in _split_text(text, MAX_PARAGRAPH):
                    items.append(piece if level == 0 else {"text": piece, "level": level})
            b = {**b, "items": items}
        elif kind == "table":
            header = [h[:MAX_CELL] for h in b["header"]]
            rows = [[c[:MAX_CELL] if isinstance(c, str) else c for c in r] for r in b["rows"]]
            # A wider table becomes consecutive tables of at most MAX_TABLE_COLUMNS columns each.
            for start in range(0, len(header), MAX_TABLE_COLUMNS):
                stop = start + MAX_TABLE_COLUMNS
                out.append({**b, "header": header[start:stop], "rows": [r[start:stop] for r in rows]})
            continue
        out.append(b)
    return out[:MAX_BLOCKS]


# -- markdown -> blocks ---------------------------------------------------------


@functools.cache
def _parser() -> MarkdownIt:
    """Made on the first request, not when the planner loads with the window's start."""
    return MarkdownIt("commonmark").enable("table").enable("strikethrough")


def parse_markdown(text: str, table_name: str = "") -> Content:
    """Markdown (or plain text) as document blocks and the tables it contains."""
    tokens = _parser().parse(text)
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
            runs = _runs(tok)
            text = "".join(r["text"] for r in runs).strip()
            if text:
                level = min(depth, MAX_LIST_LEVEL)
                item: dict[str, Any] = {"text": text}
                if level:
                    item["level"] = level
                if any(set(r) != {"text"} for r in runs):  # bold, italic, code or a link in the item
                    item["runs"] = runs
                items.append(item if len(item) > 1 else text)
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
