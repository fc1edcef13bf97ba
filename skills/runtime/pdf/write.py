"""Lay out blocks as a PDF with real, selectable text (PyMuPDF Story).

Blocks become HTML laid out by MuPDF; text stays text, tables are ruled tables
that ``find_tables`` recognises, and CJK characters fall back to MuPDF's
built-in CJK font, which is embedded. A page break starts a new Story on a new
page (links kept). Header, footer and page numbers are stamped afterwards, one pass per page.
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import pymupdf

from skills.runtime.blocks import (
    Block,
    ImageBlock,
    ImageInfo,
    ListBlock,
    ParagraphBlock,
    TableBlock,
    TextRun,
    cell_text,
    item_text,
)
from skills.runtime.paper import paper

# Keep stdout clean (mira inspect --json prints to stdout); we do not need the suggestion.
getattr(pymupdf, "no_recommend_layout", lambda: None)()

MARGIN = 56  # points (~2 cm)
CSS = """
body { font-family: sans-serif; font-size: 10.5pt; line-height: 1.35; }
h1.title { font-size: 22pt; text-align: center; margin-bottom: 14pt; }
h1 { font-size: 17pt; margin: 12pt 0 6pt 0; }
h2 { font-size: 14pt; margin: 10pt 0 5pt 0; }
h3 { font-size: 12pt; margin: 8pt 0 4pt 0; }
h4, h5, h6 { font-size: 11pt; margin: 6pt 0 3pt 0; }
p { margin: 0 0 6pt 0; }
table { border-collapse: collapse; border-spacing: 0; margin: 4pt 0 10pt 0; }
th, td { border: 0.75pt solid #555555; padding: 2pt 4pt; text-align: left; }
th { background-color: #e8e8e8; font-weight: bold; }
p.caption { font-size: 9pt; font-style: italic; text-align: center; }
a { color: #0563c1; }
"""


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _paragraph(block: ParagraphBlock) -> str:
    if "runs" not in block:
        return f"<p>{_e(block['text'])}</p>"
    return f"<p>{_runs_html(block['runs'])}</p>"


def _runs_html(runs: list[TextRun]) -> str:
    parts = []
    for run in runs:
        t = _e(run["text"])
        if run.get("bold"):
            t = f"<b>{t}</b>"
        if run.get("italic"):
            t = f"<i>{t}</i>"
        if run.get("code"):
            t = f"<code>{t}</code>"
        if run.get("link"):
            t = f'<a href="{_e(run["link"])}">{t}</a>'
        parts.append(t)
    return "".join(parts)


def _list(block: ListBlock, tag: str) -> str:
    items = []
    for item in block["items"]:
        text, level = item_text(item)
        style = f' style="margin-left: {level * 18}pt"' if level else ""
        shown = _runs_html(item["runs"]) if isinstance(item, dict) and item.get("runs") else _e(text)
        items.append(f"<li{style}>{shown}</li>")
    return f"<{tag}>{''.join(items)}</{tag}>"


def _table(block: TableBlock) -> str:
    head = "".join(f"<th>{_e(str(h))}</th>" for h in block["header"])
    rows = "".join("<tr>" + "".join(f"<td>{_e(cell_text(c))}</td>" for c in row) + "</tr>"
                   for row in block["rows"])
    return f'<table cellspacing="0"><tr>{head}</tr>{rows}</table>'


def _page() -> tuple[pymupdf.Rect, pymupdf.Rect]:
    """The page of the user's paper (:func:`skills.runtime.paper.paper`) and the area inside its margins."""
    page = pymupdf.paper_rect(paper())
    return page, page + (MARGIN, MARGIN, -MARGIN, -MARGIN)


def _image(block: ImageBlock, name: str, info: ImageInfo) -> str:
    _, content = _page()
    max_pt = content.width
    if "width_cm" in block:
        width = min(block["width_cm"] / 2.54 * 72, max_pt)
    else:
        width = min(info.width_px / max(info.dpi[0], 1) * 72, max_pt)
    height = width * info.height_px / info.width_px
    if height > content.height * 0.9:  # keep a tall image on one page
        width *= content.height * 0.9 / height
    cap = f'<p class="caption">{_e(block["caption"])}</p>' if block.get("caption") else ""
    return f'<p style="text-align:center"><img src="{name}" style="width:{width:.1f}pt"/></p>{cap}'


def blocks_to_html(title: str | None, blocks: Sequence[Block], images: dict[int, ImageInfo],
                   archive: pymupdf.Archive) -> list[str]:
    """HTML chunks; each chunk starts on a new page."""
    chunks: list[list[str]] = [[]]
    if title:
        chunks[0].append(f'<h1 class="title">{_e(title)}</h1>')
    for i, block in enumerate(blocks):
        if block["type"] == "heading":
            chunks[-1].append(f"<h{block['level']}>{_e(block['text'])}</h{block['level']}>")
        elif block["type"] == "paragraph":
            chunks[-1].append(_paragraph(block))
        elif block["type"] == "bullets":
            chunks[-1].append(_list(block, "ul"))
        elif block["type"] == "numbered":
            chunks[-1].append(_list(block, "ol"))
        elif block["type"] == "table":
            chunks[-1].append(_table(block))
        elif block["type"] == "image":
            info = images[i]
            name = f"img{i}{info.path.suffix.lower()}"
            archive.add(info.path.read_bytes(), name)
            chunks[-1].append(_image(block, name, info))
        elif block["type"] == "page_break":
            chunks.append([])
        elif block["type"] == "toc":  # a PDF has no fields: the headings, listed where the contents go
            levels = int(block.get("levels", 3))
            entries = "".join(f'<p style="margin-left: {(b["level"] - 1) * 18}pt">{_e(b["text"])}</p>'
                              for b in blocks if b["type"] == "heading" and b["level"] <= levels)
            chunks[-1].append((f"<h2>{_e(block['title'])}</h2>" if block.get("title") else "") + entries)
    if len(chunks) > 1 and not chunks[-1]:
        chunks.pop()  # a trailing page break must not add an empty page
    return ["".join(c) for c in chunks]


def build_pdf(title: str | None, blocks: Sequence[Block], images: dict[int, ImageInfo],
              header: str | None, footer: str | None) -> bytes:
    """The finished PDF as bytes."""
    archive = pymupdf.Archive()
    doc = pymupdf.open()
    page, content = _page()

    def rectfn(_num: int, _filled: Any) -> tuple[pymupdf.Rect, pymupdf.Rect, None]:
        return page, content, None

    # write_with_links keeps <a href> as real PDF links; each chunk starts on a new page.
    for chunk in blocks_to_html(title, blocks, images, archive):
        story = pymupdf.Story(html=f"<body>{chunk}</body>", user_css=CSS, archive=archive)
        part = story.write_with_links(rectfn)
        doc.insert_pdf(part)
        part.close()
    try:
        _stamp(doc, header, footer)
        # Full CJK fonts are megabytes; keep only the glyphs used.
        doc.subset_fonts()
        if title:
            doc.set_metadata({"title": title[:250], "creator": "Mira Desktop", "producer": "PyMuPDF"})
        data: bytes = doc.tobytes(garbage=3, deflate=True)  # PyMuPDF leaves it unannotated
        return data
    finally:
        doc.close()


def _stamp(doc: pymupdf.Document, header: str | None, footer: str | None) -> None:
    total = doc.page_count
    css = "* { font-family: sans-serif; font-size: 8.5pt; color: #666666; }"
    for page in doc:
        r = page.rect
        if header:
            page.insert_htmlbox(pymupdf.Rect(MARGIN, 20, r.width - MARGIN, MARGIN - 8),
                                f"<p>{_e(header)}</p>", css=css)
        foot = f"{_e(footer)} — " if footer else ""
        page.insert_htmlbox(pymupdf.Rect(MARGIN, r.height - MARGIN + 14, r.width - MARGIN, r.height - 12),
                            f'<p style="text-align:center">{foot}{page.number + 1} / {total}</p>', css=css)
