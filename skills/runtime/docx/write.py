"""Turn blocks into python-docx content: create a document or add to one.

East Asian text: Word picks the font for CJK characters from ``w:eastAsia``; the
default template points it at a theme font that is often missing (tofu), so
every style and run gets an explicit East Asian font, and the font table names
a Windows fallback (``altName``) for machines without Noto.
"""
from __future__ import annotations

import copy
import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import docx
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Emu, Mm, RGBColor
from docx.styles import BabelFish

from skills.runtime.docx._fields import add_page_numbers, add_toc
from skills.runtime.paper import paper
from skills.runtime.blocks import ImageInfo, cell_text, item_text

if TYPE_CHECKING:
    from skills.runtime.blocks import (
        Block,
        BulletsBlock,
        HeadingBlock,
        ImageBlock,
        Item,
        NumberedBlock,
        PageBreakBlock,
        ParagraphBlock,
        TableBlock,
        TextRun,
        TocBlock,
    )
    from skills.runtime.docx.args import DocxCreateArgs
    from docx.document import Document
    from docx.text.paragraph import Paragraph

EAST_ASIA_FONT = "Noto Sans CJK SC"
EAST_ASIA_FALLBACK = "Microsoft YaHei"
CODE_FONT = "Consolas"
_BULLET_STYLES = ("List Bullet", "List Bullet 2", "List Bullet 3")
_NUMBER_STYLES = ("List Number", "List Number 2", "List Number 3")


def new_document(title: str | None, header: str | None, footer: str | None, base: Document | None = None
                 ) -> Document:
    """A fresh document (or the emptied ``base`` template) with CJK-safe fonts, header/footer and title set."""
    doc = base if base is not None else docx.Document()
    setup_east_asian_fonts(doc)
    section = doc.sections[0]
    if base is None and paper() == "a4":  # python-docx's template is US Letter; a user's template keeps its page
        section.page_width, section.page_height = Mm(210), Mm(297)
    if header:
        _set_text(section.header.paragraphs[0], header)
    if footer:
        _set_text(section.footer.paragraphs[0], footer)
    if title:
        doc.core_properties.title = title[:250]
        p = doc.add_paragraph()
        p._p.style = BlockWriter(doc, {}).style_id("Title")
        _set_text(p, title)
    return doc


def setup_east_asian_fonts(doc: Document) -> None:
    """Point every style's East Asian font at a CJK font (idempotent)."""
    styles = doc.styles.element
    for rfonts in styles.iter(qn("w:rFonts")):
        rfonts.attrib.pop(qn("w:eastAsiaTheme"), None)
        rfonts.set(qn("w:eastAsia"), EAST_ASIA_FONT)
    normal = doc.styles["Normal"].element
    rpr = normal.get_or_add_rPr()
    rfonts = rpr.find(qn("w:rFonts"))
    if rfonts is None:
        rfonts = OxmlElement("w:rFonts")
        rpr.insert(0, rfonts)
    rfonts.set(qn("w:eastAsia"), EAST_ASIA_FONT)
    lang = rpr.find(qn("w:lang"))
    if lang is None:
        lang = OxmlElement("w:lang")
        rpr.append(lang)
    lang.set(qn("w:eastAsia"), "zh-CN")
    _declare_font_fallback(doc)


def _declare_font_fallback(doc: Document) -> None:
    font_table = None
    for rel in doc.part.rels.values():
        if rel.reltype == RT.FONT_TABLE:
            font_table = rel.target_part
    if font_table is None:
        return
    # python-docx keeps fontTable as a plain Part (bytes); the template is ours, so lxml is safe here.
    from lxml import etree

    root = etree.fromstring(font_table.blob, parser=etree.XMLParser(resolve_entities=False))
    for f in root.findall(qn("w:font")):
        if f.get(qn("w:name")) == EAST_ASIA_FONT:
            return
    font = etree.SubElement(root, qn("w:font"))
    font.set(qn("w:name"), EAST_ASIA_FONT)
    alt = etree.SubElement(font, qn("w:altName"))
    alt.set(qn("w:val"), EAST_ASIA_FALLBACK)
    charset = etree.SubElement(font, qn("w:charset"))
    charset.set(qn("w:val"), "86")  # GB2312
    family = etree.SubElement(font, qn("w:family"))
    family.set(qn("w:val"), "swiss")
    font_table._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _east_asian_run(run: Any) -> None:
    rpr = run._r.get_or_add_rPr()
    rfonts = rpr.find(qn("w:rFonts"))
    if rfonts is None:
        rfonts = OxmlElement("w:rFonts")
        rpr.insert(0, rfonts)
    rfonts.set(qn("w:eastAsia"), EAST_ASIA_FONT)


def _has_cjk(text: str) -> bool:
    return any("\u2e80" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" or "\uff00" <= ch <= "\uffef"
               for ch in text)


def _set_text(paragraph: Paragraph, text: str) -> None:
    run = paragraph.add_run(text)
    if _has_cjk(text):
        _east_asian_run(run)


class BlockWriter:
    """Appends blocks to a document body, optionally before a given element.

    ``anchor`` (a body element) makes every new element go right before it, which
    is how ``insert_after_heading`` places a section's new content.
    """

    def __init__(self, doc: Document, images: dict[int, ImageInfo], anchor: Any = None,
                 own: Mapping[str | None, str] | None = None) -> None:
        self.doc = doc
        self.images = images
        self.anchor = anchor
        # The styles the document itself uses ("Heading 2" → its own id, None → its body text style),
        # so content added to a user's document looks like the rest of it.
        self.own = dict(own or {})
        # python-docx looks a style name up by scanning every style on each call; do it once.
        self._style_ids = {st.get(qn("w:styleId")): st for st in doc.styles.element.iter(qn("w:style"))}
        self._ids_by_name: dict[str, str] = {}
        for sid, st in self._style_ids.items():
            name = st.find(qn("w:name"))
            if name is not None:
                self._ids_by_name[BabelFish.internal2ui(name.get(qn("w:val")))] = sid
        self._missing: set[str] = set()

    def _para(self, style: str | None = None) -> Paragraph:
        p = self.doc.add_paragraph()
        if style in self.own:
            p._p.style = self.own[style]
        elif style is not None:
            sid = self.style_id(style)
            if sid is not None:
                p._p.style = sid
        return p

    def style_id(self, name: str) -> str | None:
        """The style id for ``name``, copying a missing style from the default template.

        Documents from Word often define only the styles they use. List styles are
        tied to the template's numbering part, so they are not copied: callers fall
        back to a plain paragraph with a visible marker.
        """
        sid = self._ids_by_name.get(name)
        if sid is not None or name in self._missing:
            return sid
        template = _template_styles()
        src = template.get(name)
        if src is None or src.find(f"{qn('w:pPr')}/{qn('w:numPr')}") is not None:
            self._missing.add(name)
            return None
        based = src.find(qn("w:basedOn"))
        if based is not None:
            base_name = next((n for n, el in template.items() if el.get(qn("w:styleId")) == based.get(qn("w:val"))),
                             None)
            if base_name is None or self.style_id(base_name) is None:
                self._missing.add(name)
                return None
        copied = src.get(qn("w:styleId"))  # lxml carries no annotations: an attribute is text or absent
        if not isinstance(copied, str):  # a style without an id cannot be referred to: plain paragraph
            self._missing.add(name)
            return None
        styles_el = self.doc.styles.element
        styles_el.append(copy.deepcopy(src))
        self._ids_by_name[name] = copied
        return copied

    def write(self, blocks: Sequence[Block]) -> list[Any]:
        """Write blocks; return the new body elements in order."""
        body = self.doc.element.body
        # New content is inserted before the final sectPr; remember where it starts.
        # (lxml proxies are not stable identities, so positions are used, not id().)
        tail = [el for el in body if el.tag != qn("w:sectPr")]
        marker = tail[-1] if tail else None
        self._headings = [(b["level"], b["text"]) for b in blocks if b["type"] == "heading"]
        for i, block in enumerate(blocks):
            getattr(self, f"_{block['type']}")(block, i)
        new = []
        el = marker.getnext() if marker is not None else (body[0] if len(body) else None)
        while el is not None and el.tag != qn("w:sectPr"):
            new.append(el)
            el = el.getnext()
        if self.anchor is not None:
            for el in new:
                self.anchor.addprevious(el)
        return new

    # Each writer appends at the end of the body; write() moves them to the anchor.
    def _heading(self, block: HeadingBlock, _i: int) -> None:
        p = self._para(f"Heading {block['level']}")
        _set_text(p, block["text"])

    def _paragraph(self, block: ParagraphBlock, _i: int) -> None:
        p = self._para()
        if "runs" not in block:
            _set_text(p, block["text"])
            return
        self._runs(p, block["runs"])

    def _runs(self, p: Paragraph, runs: list[TextRun]) -> None:
        for spec in runs:
            if spec.get("link"):
                run = _add_hyperlink(p, spec["text"], spec["link"])
            else:
                run = p.add_run(spec["text"])
            run.bold = bool(spec.get("bold")) or None
            run.italic = bool(spec.get("italic")) or None
            if spec.get("code"):
                run.font.name = CODE_FONT
            if _has_cjk(spec["text"]):
                _east_asian_run(run)

    def _item_text(self, p: Paragraph, item: Item, text: str) -> None:
        if isinstance(item, dict) and item.get("runs"):
            self._runs(p, item["runs"])
        else:
            _set_text(p, text)

    def _bullets(self, block: BulletsBlock, _i: int) -> None:
        for item in block["items"]:
            text, level = item_text(item)
            style = _BULLET_STYLES[min(level, 2)]
            if self.style_id(style) is None:  # no list style in this document: a visible bullet
                self._fallback_item(f"\u2022 {text}", level)
                continue
            p = self._para(style)
            _indent_deep(p, level)
            self._item_text(p, item, text)

    def _numbered(self, block: NumberedBlock, _i: int) -> None:
        # Each numbered block restarts at 1: a fresh w:num per list level style.
        restart: dict[int, int] = {}
        counters = [0] * 5
        for item in block["items"]:
            text, level = item_text(item)
            style = _NUMBER_STYLES[min(level, 2)]
            if self.style_id(style) is None:  # no list style in this document: number by hand
                counters[level] += 1
                counters[level + 1:] = [0] * (4 - level)
                self._fallback_item(f"{counters[level]}. {text}", level)
                continue
            p = self._para(style)
            _indent_deep(p, level)
            if min(level, 2) not in restart:
                restart[min(level, 2)] = self._restarted_num(style)
            num_id = restart[min(level, 2)]
            if num_id:
                ppr = p._p.get_or_add_pPr()
                numpr = ppr.get_or_add_numPr()
                numpr.get_or_add_numId().val = num_id
                numpr.get_or_add_ilvl().val = 0
            self._item_text(p, item, text)

    def _fallback_item(self, text: str, level: int) -> None:
        p = self._para()
        p.paragraph_format.left_indent = Cm(0.63 * (level + 1))
        _set_text(p, text)

    def _restarted_num(self, style_name: str) -> int:
        style = self.doc.styles[style_name].element
        num_id_el = style.find(f"{qn('w:pPr')}/{qn('w:numPr')}/{qn('w:numId')}")
        if num_id_el is None:
            return 0
        numbering = self.doc.part.numbering_part.element
        base = None
        for num in numbering.findall(qn("w:num")):
            if num.get(qn("w:numId")) == num_id_el.get(qn("w:val")):
                base = num.find(qn("w:abstractNumId")).get(qn("w:val"))
        if base is None:
            return 0
        new_num = numbering.add_num(int(base))
        override = OxmlElement("w:lvlOverride")
        override.set(qn("w:ilvl"), "0")
        start = OxmlElement("w:startOverride")
        start.set(qn("w:val"), "1")
        override.append(start)
        new_num.append(override)
        return int(new_num.numId)

    def _table(self, block: TableBlock, _i: int) -> None:
        header, rows = block["header"], block["rows"]
        table = self.doc.add_table(rows=1 + len(rows), cols=len(header))
        sid = self.style_id("Table Grid")
        if sid is not None:
            table._tbl.tblStyle_val = sid
        all_rows = table.rows
        head = all_rows[0]
        trpr = head._tr.get_or_add_trPr()
        trpr.append(OxmlElement("w:tblHeader"))  # repeat the header on every page
        for cell, text in zip(head.cells, header, strict=True):
            run = cell.paragraphs[0].add_run(str(text))
            run.bold = True
            if _has_cjk(str(text)):
                _east_asian_run(run)
        for row, values in zip(all_rows[1:], rows, strict=True):
            for cell, value in zip(row.cells, values, strict=True):
                _set_text(cell.paragraphs[0], cell_text(value))
        self.doc.add_paragraph()  # Word merges adjacent tables; keep them apart

    def _image(self, block: ImageBlock, i: int) -> None:
        info = self.images[i]
        usable = _usable_width(self.doc)
        if "width_cm" in block:
            width = min(Cm(block["width_cm"]), usable)
        else:
            natural = Emu(int(info.width_px / max(info.dpi[0], 1) * 914400))
            width = min(natural, usable)
        picture = self._para()
        picture.alignment = WD_ALIGN_PARAGRAPH.CENTER
        picture.add_run().add_picture(str(info.path), width=width)
        if block.get("caption"):
            caption = self._para("Caption")
            caption.alignment = WD_ALIGN_PARAGRAPH.CENTER
            _set_text(caption, block["caption"])

    def _toc(self, block: TocBlock, _i: int) -> None:
        add_toc(self.doc, self._para, self._headings, int(block.get("levels", 3)), block.get("title"))

    def _page_break(self, _block: PageBreakBlock, _i: int) -> None:
        self.doc.add_paragraph().add_run().add_break(WD_BREAK.PAGE)


def layout_pages(doc: Document, written: list[Any], blocks: Sequence[Block], args: DocxCreateArgs) -> None:
    """Page numbers in the footer and major sections on a new page, as docx_create's arguments ask."""
    numbers = args.get("page_numbers")
    if numbers:
        if numbers is True:
            cjk = _has_cjk(" ".join(text for b in blocks[:50] if isinstance(text := b.get("text"), str)))
            numbers = "第 {page} 页，共 {pages} 页" if cjk else "Page {page} of {pages}"
        add_page_numbers(doc, str(numbers))
    level = args.get("new_page_level")
    if level:
        heading_styles = {f"Heading{n}" for n in range(1, int(level) + 1)}
        starts = [el for el in written if el.tag == qn("w:p") and el.style in heading_styles]
        from docx.text.paragraph import Paragraph as _Paragraph

        for el in starts[1:]:
            _Paragraph(el, doc._body).paragraph_format.page_break_before = True


@functools.lru_cache(maxsize=1)
def _template_styles() -> dict[str, Any]:
    """Style elements of python-docx's default template, by UI name (read once)."""
    styles = docx.Document().styles.element
    out = {}
    for st in styles.iter(qn("w:style")):
        name = st.find(qn("w:name"))
        if name is not None:
            out[BabelFish.internal2ui(name.get(qn("w:val")))] = st
    return out


def _indent_deep(p: Paragraph, level: int) -> None:
    if level > 2:  # the template has three list levels; deeper items get extra indent
        p.paragraph_format.left_indent = Cm(0.63 * (level + 1) + 0.3)


def _usable_width(doc: Document) -> int:
    s = doc.sections[-1]
    if s.page_width and s.left_margin is not None and s.right_margin is not None:
        return int(s.page_width - s.left_margin - s.right_margin)
    return int(Cm(16))


def _add_hyperlink(paragraph: Paragraph, text: str, url: str) -> Any:
    from docx.text.run import Run

    r_id = paragraph.part.relate_to(url, RT.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), r_id)
    r = OxmlElement("w:r")
    link.append(r)
    paragraph._p.append(link)
    run = Run(r, paragraph)
    run.font.color.rgb = RGBColor(0x05, 0x63, 0xC1)
    run.font.underline = True
    run.text = text
    return run
