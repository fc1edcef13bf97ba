"""Read a DOCX back: the outline a model can work from, and evidence checks.

Everything here opens the real file (after :func:`safety.check_file`) and walks
the body in document order, so verification never trusts what was asked for.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import docx
from docx.opc.part import PartFactory
from docx.package import Package
from docx.parts.document import DocumentPart
from docx.styles import BabelFish
from docx.oxml.ns import qn
from docx.table import Table
from docx.text.paragraph import Paragraph

from skills.runtime._base import CommandError
from skills.runtime.docx._text import cell_text, paragraph_text
from skills.messages import count, msg
from skills.runtime.office_theme import roman
from skills.runtime.safety import UnsafeFileError, check_file

MAX_OUTLINE_HEADINGS = 400
MAX_TEXT_CHARS = 4_000
# "Heading 1"; Word's localized names and LibreOffice/Google Docs ids ("标题 1", "Heading1")
_HEADING = re.compile(r"^(?:Heading|标题)\s*(\d)$", re.IGNORECASE)
_ASCII_WORD = re.compile(r"\w+")  # on ASCII text the same runs as the Unicode pattern below finds


# Macro-enabled documents and templates have the same document part under another content
# type; python-docx refuses them by type only. Read-only uses open them as documents.
_READ_ONLY_MAIN_TYPES = (
    "application/vnd.ms-word.document.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
    "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
)
for _ct in _READ_ONLY_MAIN_TYPES:
    PartFactory.part_type_for.setdefault(_ct, DocumentPart)


class NoteMarks:
    """The marks of a document's notes as Word numbers them: footnotes 1, 2… and endnotes i, ii… apart, in the
    order the text refers to them, whatever their ids (keys "f<id>", "e<id>" as :func:`read_notes` gives)."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}

    def mark(self, key: str) -> str:
        kind = key[:1]
        if key not in self.numbers:
            self.numbers[key] = 1 + sum(1 for k in self.numbers if k[:1] == kind)
        number = self.numbers[key]
        return roman(number).lower() if kind == "e" else str(number)


def read_notes(main_part: Any) -> dict[str, tuple[Any, Any]]:
    """Footnotes ("f<id>") and endnotes ("e<id>") of a document's main part, each with the part its pictures
    resolve in; Word's separators are left out."""
    from lxml import etree

    notes: dict[str, tuple[Any, Any]] = {}
    for rel in main_part.rels.values():
        if rel.is_external or not rel.reltype.endswith(("/footnotes", "/endnotes")):
            continue
        part = rel.target_part
        try:
            root = part.element if hasattr(part, "element") else etree.fromstring(
                part.blob, etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False))
        except (etree.XMLSyntaxError, ValueError):
            continue
        kind = "e" if rel.reltype.endswith("/endnotes") else "f"
        for note in root:
            if note.get(qn("w:type")) not in ("separator", "continuationSeparator", "continuationNotice"):
                notes[f"{kind}{note.get(qn('w:id'), '')}"] = (note, part)
    return notes


def open_docx(path: Path, read_only: bool = False) -> Any:
    """Safety-check and open a DOCX, turning every parser failure into one clear error.

    ``read_only`` (inspect, preview) also opens .docm/.dotx/.dotm and macro content
    renamed to .docx; nothing opened that way is ever saved.
    """
    check_file(path, "docx", allow_macros=read_only)
    return open_checked_docx(path, read_only)


def open_checked_docx(path: Path, read_only: bool = False) -> Any:
    """:func:`open_docx` for a file :func:`~skills.runtime.safety.check_file` has just passed (the
    check reads every part's head: once is enough)."""
    try:
        if read_only:
            part = Package.open(str(path)).main_document_part
            if not isinstance(part, DocumentPart):
                raise ValueError(f"content type {part.content_type}")
            doc = part.document
        else:
            doc = docx.Document(str(path))
        # Core properties and styles are parsed lazily; a damaged part must fail here as
        # "corrupt", not later in the middle of reading or editing.
        doc.core_properties.title  # noqa: B018
        doc.styles  # noqa: B018
        return doc
    except UnsafeFileError:
        raise
    except Exception as exc:  # noqa: BLE001 - any parse failure of untrusted input is "corrupt"
        raise CommandError(msg("error.docx_read.file_corrupt_word_document", name=path.name, type=type(exc).__name__)) from None


def norm(text: str) -> str:
    """Whitespace-collapsed, case-folded text for matching."""
    return " ".join(text.split()).casefold()


@dataclass
class Outline:
    """What is in a document, in reading order."""

    title: str = ""
    headings: list[tuple[int, str]] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)  # body text paragraphs (not headings/lists)
    lists: list[dict[str, Any]] = field(default_factory=list)
    tables: list[dict[str, Any]] = field(default_factory=list)
    images: int = 0
    sections: int = 0
    header: str = ""
    footer: str = ""
    words: int = 0
    all_text: list[str] = field(default_factory=list)  # every text the user can read

    def to_data(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "headings": [{"level": lv, "text": t} for lv, t in self.headings[:MAX_OUTLINE_HEADINGS]],
            "headings_total": len(self.headings),
            "paragraphs": len(self.paragraphs),
            "lists": self.lists[:100],
            "tables": self.tables[:100],
            "tables_total": len(self.tables),
            "images": self.images,
            "sections": self.sections,
            "header": self.header,
            "footer": self.footer,
            "words": self.words,
            "begins": self.begins(),
        }

    def begins(self, limit: int = 300) -> str:
        """The start of the body text (what "what does it say?" is answered with when there are no headings)."""
        text = " ".join(" ".join(p.split()) for p in self.paragraphs[:6] if p.strip())
        return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"

    def message(self, name: str) -> str:
        counts = [("count.headings", len(self.headings)), ("count.paragraphs", len(self.paragraphs)),
                  ("count.lists", len(self.lists)), ("count.tables", len(self.tables)),
                  ("count.images", self.images), ("count.sections", self.sections), ("count.words", self.words)]
        lines = [f"{name}: " + ", ".join(count(i, n).english() for i, n in counts)]
        if self.title:
            lines.append(f"title: {self.title}")
        if self.header or self.footer:
            lines.append(f"header: {self.header!r}; footer: {self.footer!r}")
        used = sum(map(len, lines))
        for level, text in self.headings:
            line = f"{'  ' * (level - 1)}{'#' * level} {text}"
            used += len(line)
            if used > MAX_TEXT_CHARS:
                lines.append(f"... ({len(self.headings)} headings in all)")
                break
            lines.append(line)
        for i, t in enumerate(self.tables[:20]):
            lines.append(f"table {i + 1}: {t['rows']} rows x {t['cols']} cols; header: {' | '.join(t['header'])}")
        if len(self.tables) > 20:
            lines.append(f"(tables 1-20 of {len(self.tables)} shown; {len(self.tables) - 20} more not shown)")
        return "\n".join(lines)


class StyleIndex:
    """Paragraph style names and heading levels, read once per document.

    python-docx rescans every style on each lookup, which dominates large files.
    A heading is a "Heading N" style, or any paragraph whose own or style
    outline level is set (custom heading styles, documents from other editors).
    """

    def __init__(self, doc: Any) -> None:
        self.names: dict[str | None, str] = {}
        self.outline: dict[str | None, int] = {}
        default = "Normal"
        for st in doc.styles.element.iter(qn("w:style")):
            sid = st.get(qn("w:styleId"))
            name_el = st.find(qn("w:name"))
            name = BabelFish.internal2ui(name_el.get(qn("w:val"))) if name_el is not None else ""
            self.names[sid] = name
            lvl = st.find(f"{qn('w:pPr')}/{qn('w:outlineLvl')}")
            if lvl is not None and (lvl.get(qn("w:val")) or "").isdigit() and int(lvl.get(qn("w:val"))) < 9:
                self.outline[sid] = int(lvl.get(qn("w:val"))) + 1
            if st.get(qn("w:type")) == "paragraph" and st.get(qn("w:default")) in ("1", "true"):
                default = name
        self.names[None] = default

    @staticmethod
    def _sid(p_el: Any) -> str | None:
        ppr = p_el.pPr
        return ppr.pStyle.val if ppr is not None and ppr.pStyle is not None else None

    def name(self, p_el: Any) -> str:
        return self.names.get(self._sid(p_el), "")

    def heading_level(self, p_el: Any) -> int | None:
        m = _HEADING.match(self.name(p_el)) or _HEADING.match(self._sid(p_el) or "")
        if m and m.group(1) != "0":
            return int(m.group(1))
        ppr = p_el.pPr
        lvl = ppr.find(qn("w:outlineLvl")) if ppr is not None else None
        if lvl is not None:
            val = lvl.get(qn("w:val")) or ""
            return int(val) + 1 if val.isdigit() and int(val) < 9 else None
        return self.outline.get(self._sid(p_el))


def _list_kind(p: Paragraph, style: str) -> str | None:
    if "Number" in style:
        return "numbered"
    if "Bullet" in style:
        return "bullets"
    ppr = p._p.pPr
    if ppr is not None and ppr.find(qn("w:numPr")) is not None:
        return "list"
    if style.startswith("List"):
        return "list"
    return None


def _num_id(p: Paragraph) -> str | None:
    ppr = p._p.pPr
    el = ppr.find(f"{qn('w:numPr')}/{qn('w:numId')}") if ppr is not None else None
    return el.get(qn("w:val")) if el is not None else None


@cache
def _unicode_words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """CJK characters (a word each) and runs of other word characters. Compiled on first need:
    compiling these ranges visits every code point in them (~3 ms, a fifth of a small inspect)."""
    return (re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]"),
            re.compile(r"[^\W\u2e80-\u9fff\uac00-\ud7af]+", re.UNICODE))


def count_words(text: str) -> int:
    if text.isascii():
        return len(_ASCII_WORD.findall(text))
    cjk, word = _unicode_words()
    return len(cjk.findall(text)) + len(word.findall(text))


def read_outline(doc: Any) -> Outline:
    out = Outline(title=doc.core_properties.title or "")
    current: dict[str, Any] | None = None
    styles = StyleIndex(doc)
    for block in doc.iter_inner_content():
        if isinstance(block, Table):
            current = None
            rows = block.rows
            ncols = len(block.columns)
            header = [cell_text(c._tc).strip() for c in rows[0].cells] if len(rows) else []
            for row in rows:
                for cell in row.cells:
                    out.all_text.append(cell_text(cell._tc))
            out.tables.append({"rows": len(rows), "cols": ncols, "header": header[:30]})
            continue
        text = paragraph_text(block._p)
        style = styles.name(block._p)
        level = styles.heading_level(block._p)
        kind = _list_kind(block, style)
        if text.strip():
            out.all_text.append(text)
            out.words += count_words(text)
        if level is not None and style != "Title":
            current = None
            out.headings.append((level, text.strip()))
        elif style == "Title":
            current = None
            out.title = out.title or text.strip()
        elif kind:
            num_id = _num_id(block)
            if current is None or current["type"] != kind or current.get("_num") != num_id:
                current = {"type": kind, "items": 0, "first": text.strip()[:80], "_num": num_id}
                out.lists.append(current)
            current["items"] += 1
        elif text.strip():
            current = None
            out.paragraphs.append(text)
    for lst in out.lists:
        lst.pop("_num", None)
    body = doc.element.body
    out.images = len(body.xpath(".//a:blip"))
    sections = doc.sections
    out.sections = len(sections)
    if len(sections):  # Word writes a w:sectPr; other producers may not (default page setup)
        s0 = sections[0]
        out.header = " ".join(p.text for p in s0.header.paragraphs if p.text.strip())[:300]
        out.footer = " ".join(p.text for p in s0.footer.paragraphs if p.text.strip())[:300]
    for part_text in (out.header, out.footer):
        if part_text:
            out.all_text.append(part_text)
    return out


def text_index(outline: Outline) -> str:
    return "\n".join(norm(t) for t in outline.all_text)
