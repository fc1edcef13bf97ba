"""Pieces of a DOCX the block builder looks up: style names as Word shows them, heading levels, pages and
sections (no Qt; footnotes and endnotes are read by ``skills.api.read_notes``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from docx.oxml.ns import qn
from lxml import etree

if TYPE_CHECKING:
    from docx.document import Document as DocxDocument

UI_NAMES = {"heading 1": "Heading 1", "heading 2": "Heading 2", "heading 3": "Heading 3",
            "heading 4": "Heading 4", "heading 5": "Heading 5", "heading 6": "Heading 6",
            "heading 7": "Heading 7", "heading 8": "Heading 8", "heading 9": "Heading 9",
            "title": "Title", "subtitle": "Subtitle", "normal": "Normal"}


def heading_tag(style: str) -> str:
    if style == "Title":
        return "h1"
    if style == "Subtitle":
        return "h3"
    if style.startswith("Heading "):
        digits = style.removeprefix("Heading ").strip()
        if digits.isdigit():
            return f"h{min(int(digits), 6)}"
    return ""




@dataclass(frozen=True)
class PageGeometry:
    """The first section's page size and margins in px at 96 dpi (Letter with 1-inch margins when the
    file names none, as Word and LibreOffice use then)."""

    width: int = 816
    height: int = 1056
    left: int = 96
    top: int = 96
    right: int = 96
    bottom: int = 96
    header: int = 48  # w:pgMar/@w:header: from the page's top edge to the header's top
    footer: int = 48  # w:pgMar/@w:footer: from the page's bottom edge to the footer's bottom


def section_properties(document: DocxDocument) -> list[etree._Element]:
    """Each section's ``w:sectPr`` in order (a paragraph's ends its section, the body's is the last)."""
    body = document.element.body
    return [sect for sect in body.iter(qn("w:sectPr")) if sect.getparent() is body
            or sect.getparent().tag == qn("w:pPr")]


def starts_continuous(sect: etree._Element) -> bool:
    """Whether the section of ``sect`` starts on the page before it (``w:type w:val="continuous"``)."""
    kind = sect.find(qn("w:type"))
    return kind is not None and kind.get(qn("w:val")) == "continuous"


def page_number_start(sect: etree._Element | None) -> int:
    """The number of the section's first page (``w:pgNumType/@w:start``); 0: it goes on counting."""
    numbering = sect.find(qn("w:pgNumType")) if sect is not None else None
    raw = numbering.get(qn("w:start")) if numbering is not None else None
    try:
        return max(0, min(int(raw), 1_000_000)) if raw is not None else 0
    except ValueError:
        return 0


def page_geometry(document: DocxDocument, section: int = 0) -> PageGeometry:
    """The page of section ``section`` (from 0; the last one past the end): its ``w:sectPr``'s size and
    margins."""
    sects = section_properties(document)
    if not sects:
        return PageGeometry()
    sect = sects[min(section, len(sects) - 1)]
    size, margin = sect.find(qn("w:pgSz")), sect.find(qn("w:pgMar"))

    def px(el: etree._Element | None, name: str, default: int) -> int:
        raw = el.get(qn(f"w:{name}")) if el is not None else None
        try:
            value = round(abs(int(raw)) * 96 / 1440) if raw is not None else default
        except ValueError:
            return default
        return value

    width = min(max(px(size, "w", 816), 200), 3000)
    height = min(max(px(size, "h", 1056), 200), 4000)
    left, right = px(margin, "left", 96), px(margin, "right", 96)
    top, bottom = px(margin, "top", 96), px(margin, "bottom", 96)
    if left + right > width - 100:
        left = right = 96
    if top + bottom > height - 100:
        top = bottom = 96
    header = min(px(margin, "header", 48), max(0, height // 2 - 50))
    footer = min(px(margin, "footer", 48), max(0, height // 2 - 50))
    return PageGeometry(width=width, height=height, left=left, top=top, right=right, bottom=bottom,
                        header=header, footer=footer)
