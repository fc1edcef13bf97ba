"""Word fields Mira writes: a table of contents, page numbers, and sections that start a new page.

A field is begin / instruction / separate / result / end. The TOC's result is filled
with the document's headings so it reads right before Word updates it, and the
settings ask Word to update fields on open, which adds the page numbers.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

TOC_INSTRUCTION = 'TOC \\o "1-{levels}" \\h \\z \\u'
_PLACEHOLDER = re.compile(r"\{(page|pages)\}")


def _fld_char(kind: str) -> Any:
    el = OxmlElement("w:fldChar")
    el.set(qn("w:fldCharType"), kind)
    return el


def _run_with(*children: Any) -> Any:
    r = OxmlElement("w:r")
    for child in children:
        r.append(child)
    return r


def _instr(text: str) -> Any:
    el = OxmlElement("w:instrText")
    el.set(qn("xml:space"), "preserve")
    el.text = f" {text} "
    return el


def _text_run(text: str) -> Any:
    t = OxmlElement("w:t")
    t.set(qn("xml:space"), "preserve")
    t.text = text
    return _run_with(t)


def add_field(paragraph: Paragraph, instruction: str, shown: str) -> None:
    """A simple one-paragraph field (PAGE, NUMPAGES…) showing ``shown`` until Word updates it."""
    p = paragraph._p
    p.append(_run_with(_fld_char("begin")))
    p.append(_run_with(_instr(instruction)))
    p.append(_run_with(_fld_char("separate")))
    p.append(_text_run(shown))
    p.append(_run_with(_fld_char("end")))


def add_toc(doc: Any, para: Callable[[str | None], Paragraph], headings: list[tuple[int, str]], levels: int,
            title: str | None) -> None:
    """A TOC field at the end of the body; its result lists ``headings`` (level, text) up to ``levels``.

    ``para(style)`` appends a paragraph in that style (or a plain one when the document has none).
    """
    if title:
        para("TOC Heading").add_run(title).bold = True
    entries = [(lv, text) for lv, text in headings if lv <= levels] or [(1, " ")]
    paragraphs = []
    for lv, _text in entries:
        p = para(f"TOC {lv}")
        if p.style is None or not p.style.name.startswith("TOC") and lv > 1:
            p.paragraph_format.left_indent = 228600 * (lv - 1)  # 0.25 inch per level, in EMU
        paragraphs.append(p)
    first, last = paragraphs[0]._p, paragraphs[-1]._p
    first.append(_run_with(_fld_char("begin")))
    first.append(_run_with(_instr(TOC_INSTRUCTION.format(levels=levels))))
    first.append(_run_with(_fld_char("separate")))
    for p, (_lv, text) in zip(paragraphs, entries, strict=True):
        p._p.append(_text_run(text))
    last.append(_run_with(_fld_char("end")))
    update_fields_on_open(doc)


def update_fields_on_open(doc: Any) -> None:
    settings = doc.settings.element
    if settings.find(qn("w:updateFields")) is None:
        el = OxmlElement("w:updateFields")
        el.set(qn("w:val"), "true")
        settings.append(el)


def add_page_numbers(doc: Any, pattern: str) -> None:
    """Footer of every section: ``pattern`` with {page} and {pages} as live PAGE / NUMPAGES fields."""
    for section in doc.sections:
        footer = section.footer
        p = footer.add_paragraph() if footer.paragraphs[0].text.strip() else footer.paragraphs[0]
        p.alignment = WD_ALIGN_PARAGRAPH.CENTER
        pos = 0
        for m in _PLACEHOLDER.finditer(pattern):
            if m.start() > pos:
                p._p.append(_text_run(pattern[pos:m.start()]))
            add_field(p, "PAGE" if m.group(1) == "page" else "NUMPAGES", "1")
            pos = m.end()
        if pos < len(pattern):
            p._p.append(_text_run(pattern[pos:]))
