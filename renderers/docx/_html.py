"""DOCX → readable HTML pages (no Qt widgets; runs in a worker).

Pages are the document's explicit page and section breaks: a native preview
does not repaginate like a word processor, so a break the author put in is the
only page boundary it can honestly show. Headings, lists, bold/italic/underline
runs, tables (with column spans) and inline pictures are kept; everything is
escaped, nothing from the file is passed through as markup.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

import docx
from docx.oxml.ns import qn
from lxml import etree
from PySide6.QtGui import QImage

from renderers._common import MAX_BLOCKS, ImageBudget, checked_path, isolated_check
from renderers.docx._diagram import diagram_picture
from renderers.docx._css import BOX_CLOSE, box_open_html, cell_css, list_type, notes_html, para_css, rule_html, run_css
from renderers.docx._inline import Fields, InlineWalker, choose
from renderers.docx._parts import (
    UI_NAMES,
    PageGeometry,
    heading_tag,
    page_geometry,
    page_number_start,
    section_properties,
    starts_continuous,
)
from skills.api import CellLook, ParaLook, list_number, read_notes, read_stylesheet, table_rows
from renderers import _i18n
from renderers._jobs import PreviewError
from skills.api import CommandError, open_docx

if TYPE_CHECKING:
    from docx.opc.part import Part

    from skills.api import Border

EMU_PER_PX = 9525  # 914400 EMU per inch / 96 px per inch
MAX_IMAGE_WIDTH_PX = 640
MAX_IMAGES = 200


@dataclass(frozen=True)
class DocxContent:
    """The document as HTML pages plus the decoded pictures they reference."""

    pages: tuple[str, ...]
    images: dict[str, QImage] = field(default_factory=dict)
    text: str = ""  # plain text, for search and tests
    truncated: bool = False
    page: PageGeometry = field(default_factory=PageGeometry)


PAGE_SEPARATOR = "<hr/><div style='page-break-before: always'>"
# Page numbers in a header or footer read before the pages are laid out: filled in by BandSet.html
PAGE_MARK, PAGES_MARK = 918_273_645, 918_273_646


# Where the flow's section ends and the next starts on a page of its own (its size, margins, header and footer)
SECTION_MARK = "<!--mira-section-->"
# Where a continuous section starts: the text goes on on the same page; the section's own page and
# headers from the next page (PageLayout moves what reaches that page into the section's own layout)
CONTINUOUS_MARK = "<!--mira-continuous-->"


def _variant(page: int, title_page: bool, even_odd: bool, first: bool | None = None) -> str:
    if (page == 1 if first is None else first) and title_page:
        return "first"
    return "even" if even_odd and page % 2 == 0 else "default"


@dataclass(frozen=True, slots=True, kw_only=True)
class BandSet:
    """A section's headers and footers as HTML by kind ("header:first", "footer:default"...), their
    page numbers still to fill in, and which kind each page shows."""

    texts: dict[str, str] = field(default_factory=dict)
    title_page: bool = False
    even_odd: bool = False
    start: int = 0  # the number of the section's first page (w:pgNumType/@w:start); 0: counting on

    def html(self, kind: str, page: int, pages: int = 0, *, first: bool | None = None) -> str:
        """What page ``page`` of ``pages`` shows as ``kind``; ``first``: whether it is its section's first
        page (by default: page 1)."""
        text = self.texts.get(f"{kind}:{_variant(page, self.title_page, self.even_odd, first)}", "")
        return text.replace(str(PAGE_MARK), str(page)).replace(str(PAGES_MARK), str(pages) if pages else "")


def load(path: Path) -> DocxContent:
    """Parse ``path`` (worker thread) into :class:`DocxContent`."""
    return open_builder(path).build()


def open_builder(path: Path, *, bands: bool = False) -> Builder:
    """Open ``path`` (worker thread) for reading a chunk at a time with :meth:`Builder.next_chunk`;
    ``bands``: headers and footers are left out of the flow, for a page to draw in its margins
    (:meth:`Builder.band_html`)."""
    checked_path(path, "docx")
    isolated_check(path)  # a parser crash on this file happens in the worker, not here
    try:
        # Read-only, by the main part's content type: docx.Document refuses .docm/.dotx/.dotm and
        # macro content renamed to .docx by type alone; the preview only reads (macros never run).
        document = open_docx(path, read_only=True)
    except CommandError as exc:
        raise PreviewError(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - any parser failure is the preview's one clear error
        raise PreviewError(_i18n.tr("{name}: the document could not be opened ({detail})", name=path.name,
                                     detail=type(exc).__name__)) from None
    return Builder(document, bands=bands)


class Builder:
    """Turns the body into HTML, all at once (:meth:`build`) or a chunk at a time (:meth:`next_chunk`).

    Chunks are the document flow in order: a page break is :data:`PAGE_SEPARATOR` (a rule, then a
    block that starts a new page when paginated). One worker at a time.
    """

    def __init__(self, document: docx.document.Document, *, bands: bool = False) -> None:
        self.doc = document
        self.bands = bands
        self.pages: list[list[str]] = [[]]
        self.text: list[str] = []
        self.images: dict[str, QImage] = {}
        self.list_stack: list[str] = []  # open <ul>/<ol> tags, one per level
        self.blocks = 0
        self.truncated = False
        self._num_formats: dict[tuple[str, str], str] = {}
        self._num_starts: dict[tuple[str, str], int] = {}  # where a list level counts from
        # a level's number as Word writes it ("%1.%2": the numbers of the levels above it too) and its indent
        self._num_texts: dict[tuple[str, str], str] = {}
        self._num_indents: dict[tuple[str, str], tuple[float, float]] = {}  # (left, hanging) in points
        self.budget = ImageBudget()
        self.fields = Fields()
        self._walker = InlineWalker(self._image, self.fields)
        self._walker.diagram = self._diagram
        self._part: Part = document.part  # the part whose relationships resolve pictures being read
        self._stories: dict[str, tuple[etree._Element, Part] | None] = {}
        self._variants: dict[int, tuple[bool, bool]] = {}  # section → (w:titlePg, w:evenAndOddHeaders), when asked
        self._band_sets: dict[int, BandSet] = {}
        self._notes: dict[str, tuple[etree._Element, Part]] | None = None
        self._page_notes: list[str] = []  # footnotes referenced on the page being read
        self._end_notes: list[str] = []  # endnotes: Word sets them after the document's last paragraph
        self._in_box = False
        self._children = list(document.element.body.iterchildren())
        self._position = 0  # next body child to read
        self.flow: list[str] = []  # everything shown at the top level, in order, page separators included
        self._flow_mark = 0
        self._started = False
        self.done = False
        self._style_names, self._default_style = self._read_style_names()
        self.sheet = read_stylesheet(document)
        self.page = page_geometry(document)
        self.section = 0  # the section being read (each ends with a SECTION_MARK or CONTINUOUS_MARK in the flow)
        self._sects = section_properties(document)
        self._div_open = False  # a page's block opened by PAGE_SEPARATOR, closed at the next break
        self._cell: CellLook | None = None  # the table cell being read, whose style its paragraphs start from
        self._list_types: list[str] = []  # list-style-type of each open list level
        self._counters: dict[tuple[str, int], int] = {}  # (numId, level) → items numbered so far
        self._pending_rule: tuple[dict[str, Border], str] | None = None  # a bottom border drawn unless the next paragraph shares it
        # the space after the last paragraph: Qt drops a block's bottom margin before a table, so the
        # table (or a bordered box) that follows carries it as its own top margin
        self._space_after = 0.0
        self.filled_pt = 0.0  # a low estimate of how far down the pages the text read so far reaches
        self._weights: list[int] | None = None  # text length of each body child, read when asked

    def _read_style_names(self) -> tuple[dict[str, str], str]:
        """Paragraph style id → name, read once (python-docx looks each one up by scanning)."""
        names: dict[str, str] = {}
        default = "Normal"
        try:
            styles = self.doc.part.styles.element
        except (AttributeError, KeyError, NotImplementedError):
            return names, default
        for style in styles.findall(qn("w:style")):
            if style.get(qn("w:type")) not in (None, "paragraph"):
                continue
            name_el = style.find(qn("w:name"))
            name = name_el.get(qn("w:val")) if name_el is not None else style.get(qn("w:styleId"), "")
            names[style.get(qn("w:styleId"), "")] = name or ""
            if style.get(qn("w:default")) in ("1", "true", "on"):
                default = name or default
        return names, default

    def _style_name(self, ppr: etree._Element | None) -> str:
        style_el = ppr.find(qn("w:pStyle")) if ppr is not None else None
        if style_el is None:
            return self._default_style
        sid: str = style_el.get(qn("w:val"), "")
        name = self._style_names.get(sid, sid)
        # python-docx names built-in styles in lower case in the XML ("heading 1"); show them as Word does
        return UI_NAMES.get(name.lower(), name)

    def build(self) -> DocxContent:
        while not self.done:
            self.next_chunk(1 << 30)
        pages = tuple("".join(p) for p in self.pages if p or len(self.pages) == 1)
        return DocxContent(pages=pages or ("",), images=self.images, text="\n".join(self.text),
                           truncated=self.truncated, page=self.page)

    def next_chunk(self, max_blocks: int, until_pt: float = float("inf")) -> str:
        """HTML of the next ``max_blocks`` or so paragraphs and table rows (the rest at the end), or
        fewer once :attr:`filled_pt` reaches ``until_pt`` (a paragraph can hold pages of text)."""
        if not self._started:
            self._started = True
            self._part_header()
        stop = self.blocks + max_blocks
        while (self._position < len(self._children) and self.blocks < stop and self.filled_pt < until_pt
               and not self.truncated):
            child = self._children[self._position]
            self._position += 1
            self._blocks_of([child])
        if self._position >= len(self._children) or self.truncated:
            if not self.done:
                self.done = True
                self._close_lists()
                self._flush_rule()
                if self.truncated:
                    said = _i18n.tr("… the rest of the document is not shown (over {count} blocks).", count=MAX_BLOCKS)
                    self._out(f"<p><i>{html.escape(said)}</i></p>")
                if self._end_notes and not self._in_box:
                    self._notes_out(self._end_notes, foot=False)
                    self._end_notes = []
                self._end_page()
        chunk = "".join(self.flow[self._flow_mark:])
        self._flow_mark = len(self.flow)
        return chunk

    def page_pt(self) -> float:
        """The text height of one page in points."""
        page = self.page
        return max(72.0, (page.height - page.top - page.bottom) * 72 / 96)

    def share_read(self) -> float:
        """How much of the body's text has been read, 0 to 1 (to estimate the page count early)."""
        if self._weights is None:
            # lxml's own text serialisation: python-docx's elements answer ``text`` with an XPath per run
            self._weights = [len(etree.tostring(child, method="text", encoding=str)) + 1 for child in self._children]
        total = sum(self._weights)
        return sum(self._weights[:self._position]) / total if total else 1.0

    def first_page(self) -> str:
        """HTML of about the first page: blocks are read until they surely fill it (or a break ends it),
        so a thumbnail lays out what page 1 shows and not the document."""
        wanted = self.page_pt() * 1.25
        parts: list[str] = []
        while not self.done and self.filled_pt < wanted and len(self.pages) == 1:
            parts.append(self.next_chunk(1))
        return "".join(parts)

    def _estimate(self, look: ParaLook, chars: int) -> None:
        """Add a paragraph's height, counted low (wide letters, no wrapping slack), to :attr:`filled_pt`."""
        width_pt = max(72.0, (self.page.width - self.page.left - self.page.right) * 72 / 96)
        size = look.run.size_pt
        lines = max(1, -(-int(chars * size * 0.45) // int(width_pt)))
        self.filled_pt += lines * size * 1.15 * max(1.0, look.line) + look.before_pt + look.after_pt

    def _blocks(self, container: etree._Element) -> None:
        self._blocks_of(container.iterchildren())

    def _blocks_of(self, children: Iterable[etree._Element]) -> None:
        for child in children:
            if self.blocks >= MAX_BLOCKS:
                self.truncated = True
                return
            tag = child.tag
            if tag == qn("w:p"):
                self._paragraph(child)
            elif tag == qn("w:tbl"):
                self._close_lists()
                self._table(child)
            elif tag in (qn("w:sdt"), qn("w:customXml")):
                inner = child.find(qn("w:sdtContent")) if tag == qn("w:sdt") else child
                if inner is not None:
                    self._blocks(inner)
            elif tag == _ALT:
                chosen = choose(child)
                if chosen is not None:
                    self._blocks(chosen)

    def _out(self, chunk: str) -> None:
        self.pages[-1].append(chunk)
        if not self._in_box:
            self.flow.append(chunk)

    def _new_page(self, *, section: bool = False) -> None:
        """A page break; ``section``: the section ends here and the next one starts (on a new page)."""
        self._close_lists()
        self._flush_rule()
        if self.pages[-1]:
            self._end_page()
            self.pages.append([])
            if section:
                self.flow.append(("</div>" if self._div_open else "") + SECTION_MARK)
                self._div_open = False
            else:
                self.flow.append(("</div>" if self._div_open else "") + PAGE_SEPARATOR)
                self._div_open = True
            self._part_header()
        elif section:
            self.flow.append(SECTION_MARK)
        if section:
            self.section += 1

    def _continues(self) -> bool:
        """Whether the file's next section starts on this page (a continuous break, as Word lays one
        out unless the page size changes): a CONTINUOUS_MARK then, not a SECTION_MARK."""
        following = self.section + 1
        if following >= len(self._sects) or not starts_continuous(self._sects[following]):
            return False
        here, there = page_geometry(self.doc, following - 1), page_geometry(self.doc, following)
        return (here.width, here.height) == (there.width, there.height)

    def _flush_rule(self) -> None:
        if self._pending_rule is not None:
            rule, self._pending_rule = self._pending_rule[1], None
            self._out(rule)

    def _end_page(self) -> None:
        """Footnotes referenced on this page, then the footer, as a reader sees them at the page foot."""
        if self._in_box:
            return
        self._close_lists()
        if self._page_notes:
            self._notes_out(self._page_notes, foot=True)
            self._page_notes = []
        footer = None if self.bands else self._story("footer", len(self.pages))
        if footer is not None:
            self.fields.page = len(self.pages)
            self._out(f"<div style='color:#5f6368; font-size:9pt'>{self._render_into(*footer)}</div>")

    def _notes_out(self, keys: list[str], *, foot: bool) -> None:
        """Notes under Word's separator; ``foot``: footnotes, which the page layout moves to the page's foot."""
        page = self.section_page(self.section)
        self._out(notes_html((page.width - page.left - page.right) * 72 / 96, foot=foot))
        for key in keys:
            mark = f"<sup>{html.escape(self.fields.note_mark(key))}</sup> "
            body = _FIRST_P.sub(_after_tag(mark), self._note_html(key), count=1)
            self._out(f"<div style='font-size:9pt'>{body}</div>")

    # -- stories outside the body: header, footer, footnotes ---------------------------
    def _part_header(self) -> None:
        """The header of the page that starts here (each explicit page starts with its own)."""
        header = None if self.bands else self._story("header", len(self.pages))
        if header is not None:
            self.fields.page = len(self.pages)
            self._out(f"<div style='color:#5f6368; font-size:9pt'>{self._render_into(*header)}</div>")

    def _story(self, kind: str, page: int, section: int = 0) -> tuple[etree._Element, Part] | None:
        """The header or footer element of ``section`` shown on ``page`` (from 1, the section's own page
        count for the first-page kind), when it has any text or picture: Word shows the first-page one on
        a section's first page when the section asks for it (``w:titlePg``) and the even-page one on even
        pages when the settings do (``w:evenAndOddHeaders``); a kind the section does not define itself
        is the previous section's (linked), and the first section's shows none."""
        return self._story_of(kind, self._story_variant(page, section), section)

    def _story_of(self, kind: str, variant: str, section: int) -> tuple[etree._Element, Part] | None:
        key = f"{kind}:{variant}:{section}"
        if key not in self._stories:
            self._stories[key] = None
            name = kind if variant == "default" else f"{variant}_page_{kind}"
            try:
                sections = self.doc.sections
                index = min(section, len(sections) - 1)
                part = getattr(sections[index], name)
                while part.is_linked_to_previous and index > 0:  # read only: python-docx adds a missing one
                    index -= 1
                    part = getattr(sections[index], name)
                element = None if part.is_linked_to_previous else part._element
            except (IndexError, AttributeError, KeyError, NotImplementedError, ValueError):
                element = None
            if element is not None and (any(t.text for t in element.iter(qn("w:t")))
                                        or any(True for _ in element.iter(qn("w:fldSimple"), qn("w:instrText")))
                                        or any(True for _ in element.iter(_BLIP))):
                self._stories[key] = (element, part.part)
        return self._stories[key]

    def band_html(self, kind: str, page: int, pages: int = 0, section: int = 0) -> str:
        """The ``kind`` ("header" or "footer") page ``page`` of ``pages`` shows, as HTML for its band
        (worker thread: this reads the part)."""
        return self.band_set(section).html(kind, page, pages)

    def section_page(self, section: int) -> PageGeometry:
        """Section ``section``'s page size and margins (worker thread)."""
        return self.page if section == 0 else page_geometry(self.doc, section)

    def band_set(self, section: int = 0) -> BandSet:
        """Every header and footer kind ``section`` shows, with their page numbers left to fill in once
        the pages are laid out (worker thread: this reads the parts)."""
        if section in self._band_sets:
            return self._band_sets[section]
        texts: dict[str, str] = {}
        saved = (self.fields.page, self.fields.pages)
        self.fields.page, self.fields.pages = PAGE_MARK, PAGES_MARK
        self.fields.live = True
        try:
            for kind in ("header", "footer"):
                for variant in ("first", "even", "default"):
                    story = self._story_of(kind, variant, section)
                    if story is not None:
                        texts[f"{kind}:{variant}"] = self._render_into(*story)
        finally:
            self.fields.page, self.fields.pages = saved
            self.fields.live = False
        title_page, even_odd = self._section_variants(section)
        start = page_number_start(self._sects[section]) if section < len(self._sects) else 0
        found = BandSet(texts=texts, title_page=title_page, even_odd=even_odd, start=start)
        self._band_sets[section] = found
        return found

    def _section_variants(self, section: int) -> tuple[bool, bool]:
        """(w:titlePg of ``section``, w:evenAndOddHeaders of the document)."""
        if section not in self._variants:
            try:
                sections = self.doc.sections
                self._variants[section] = (
                    bool(sections[min(section, len(sections) - 1)].different_first_page_header_footer),
                    bool(self.doc.settings.odd_and_even_pages_header_footer))
            except (IndexError, AttributeError, KeyError, NotImplementedError, ValueError):
                self._variants[section] = (False, False)
        return self._variants[section]

    def _story_variant(self, page: int, section: int = 0) -> str:
        return _variant(page, *self._section_variants(section))

    def _note_html(self, key: str) -> str:
        if self._notes is None:
            self._notes = read_notes(self.doc.part)
        found = self._notes.get(key)
        if found is None:
            return ""
        return self._render_into(*found)

    def _render_into(self, container: etree._Element, part: Part | None = None) -> str:
        """``container``'s blocks as one HTML string, outside the page flow (text boxes, notes, footers)."""
        saved = (self.pages, self.list_stack, self._in_box, self._part, self._list_types, self._pending_rule)
        saved_after, self._space_after = self._space_after, 0.0
        self.pages, self.list_stack, self._in_box, self._list_types = [[]], [], True, []
        self._pending_rule = None
        self._part = part or self._part
        try:
            self._blocks(container)
            self._close_lists()
            self._flush_rule()
            return "".join(chunk for page in self.pages for chunk in page)
        finally:
            self.pages, self.list_stack, self._in_box, self._part, self._list_types, self._pending_rule = saved
            self._space_after = saved_after

    # -- paragraphs ---------------------------------------------------------------------
    def _paragraph(self, p: etree._Element) -> None:
        self.blocks += 1
        ppr = p.find(qn("w:pPr"))
        if ppr is not None and ppr.find(qn("w:pageBreakBefore")) is not None and not self._in_box:
            self._new_page()
        style = self._style_name(ppr)
        look = self.sheet.paragraph(ppr, self._cell)
        level, fmt = self._list_info(ppr, style, look)
        item = look
        mark_rpr = ppr.find(qn("w:rPr")) if level is not None and ppr is not None else None
        if mark_rpr is not None:  # Word draws a list number in the paragraph mark's look (its w:rPr)
            item = replace(look, run=self.sheet.run(look, mark_rpr))
        inline = self._walker.paragraph(p, lambda rpr: self.sheet.run(look, rpr), item.run)
        runs_html = inline.html
        self.text.append(inline.plain)
        self._estimate(look, len(inline.plain))
        align = look.align
        align_attr = f' align="{align}"' if align else ""
        if not self.flow and not self._in_box and look.before_pt > 0:
            # Qt drops the space above the first block of a page; Word keeps it: a 2 px line holds it down
            self._out(_STRUT)
        top, bottom = look.borders.get("top"), look.borders.get("bottom")
        # Word draws one box round consecutive paragraphs with the same borders (a code block)
        grouped = bool(look.borders) and level is None and self._pending_rule is not None \
            and self._pending_rule[0] == look.borders
        boxed = level is None and ("left" in look.borders or "right" in look.borders)
        if grouped:
            top = None
            self._pending_rule = None
        else:
            self._flush_rule()
        if boxed:
            if not grouped:
                self._close_lists()
                self._out(box_open_html(look.borders, self._take_space_after()))
            top = bottom = None  # the box's cell draws them
        tag = heading_tag(style) or (f"h{look.outline_level + 1}" if look.outline_level is not None
                                     and look.outline_level < 6 else "")
        label = self._own_label(ppr, look, level, fmt, bool(tag)) if level is not None else None
        if label is not None:
            # the number as text, then the space Word's tab leaves; the level's indent where the paragraph has none
            runs_html = f"{html.escape(label)}&nbsp;&nbsp;{runs_html}"
            indent = self._num_indents.get((_num_id(ppr, look), str(level)))
            if indent is not None and not look.left_pt and not look.first_line_pt:
                look = replace(look, left_pt=indent[0], first_line_pt=-indent[1])
            level = None
        if level is not None:
            self._open_list(level, fmt, self._count_item(ppr, look, level))
            self._out(f'<li style="{para_css(item, in_list=True)}"{align_attr}>{runs_html}</li>')
        else:
            self._close_lists()
            before = None
            if top is not None:
                # Word's order down the page: the space before, the rule, its border spacing, the text
                self._out(rule_html(top, top.space_pt, look.before_pt, look))
                before = 0.0
            # the rule sits under the text (its border spacing), the paragraph's spacing under the rule; a
            # paragraph of a group keeps its own spacing, since the next one may join the group
            after = 0.0 if bottom is not None and look.after_pt > 0 else None
            if tag:
                # a heading's own size would give way to Qt's heading sizes: its text carries the look
                css = para_css(look, text=False, before_pt=before, after_pt=after)
                if not runs_html.strip():
                    # an empty heading is a blank line in Word; empty, Qt folded it into the next block, which
                    # took its look (a list's "5." bold and black, the line above it gone)
                    runs_html = "&nbsp;"
                self._out(f'<{tag} style="{css}"{align_attr}><span style="{run_css(look.run)}">{runs_html}</span></{tag}>')
            elif runs_html.strip():
                self._out(f'<p style="{para_css(look, before_pt=before, after_pt=after)}"{align_attr}>{runs_html}</p>')
            elif not inline.boxes:
                self._out(f'<p style="{para_css(look, before_pt=before, after_pt=after)}">&nbsp;</p>')
            if boxed:
                self._pending_rule = (look.borders, BOX_CLOSE)
            elif bottom is not None:
                self._pending_rule = (look.borders, rule_html(bottom, look.after_pt, bottom.space_pt, look))
        self._space_after = look.after_pt
        for box in inline.boxes:
            self._close_lists()
            self._space_after = 0.0
            self.text.append("")  # a text box starts on its own line of the plain text
            self._out("<table border='1' cellspacing='0' cellpadding='6' style='border-color:#9aa0a6'>"
                      f"<tr><td>{self._render_into(box)}</td></tr></table>")
        self._page_notes.extend(k for k in inline.notes if not k.startswith("e"))
        self._end_notes.extend(k for k in inline.notes if k.startswith("e"))
        ends_section = ppr is not None and ppr.find(qn("w:sectPr")) is not None
        if ends_section and not self._in_box and self._continues():
            self._close_lists()
            self._flush_rule()
            if inline.page_break:
                self._new_page()
            self.flow.append(("</div>" if self._div_open else "") + CONTINUOUS_MARK)
            self._div_open = False
            self.section += 1
        elif (inline.page_break or ends_section) and not self._in_box:
            self._new_page(section=ends_section)

    def _take_space_after(self) -> float:
        space, self._space_after = self._space_after, 0.0
        return space

    def _image(self, rid: str, graphic: etree._Element) -> str:
        if len(self.images) >= MAX_IMAGES:
            return ""
        try:
            blob = self._part.related_parts[rid].blob
        except (KeyError, AttributeError):
            return ""
        image, reason = self.budget.decode(blob)
        if image is None:
            return f"<i>[{html.escape(reason)}]</i>"
        name = f"docx-image-{len(self.images)}"
        self.images[name] = image
        width = image.width()
        extent = next(graphic.iter(qn("wp:extent")), None)
        if extent is not None and extent.get("cx", "").isdigit():
            width = int(extent.get("cx")) // EMU_PER_PX
        width = max(8, min(width, MAX_IMAGE_WIDTH_PX))
        return f'<img src="{name}" width="{width}"/>'

    def _diagram(self, graphic: etree._Element) -> str:
        extent = next(graphic.iter(qn("wp:extent")), None)
        try:
            width = int(extent.get("cx")) // EMU_PER_PX if extent is not None else 0
            height = int(extent.get("cy")) // EMU_PER_PX if extent is not None else 0
        except (TypeError, ValueError):
            width = height = 0
        width_shown = max(8, min(width, MAX_IMAGE_WIDTH_PX))
        colors = {**self.sheet.theme.colors, "tx1": self.sheet.theme.colors.get("dk1", "#000000"),
                  "bg1": self.sheet.theme.colors.get("lt1", "#ffffff"), "tx2": self.sheet.theme.colors.get("dk2", ""),
                  "bg2": self.sheet.theme.colors.get("lt2", "")}
        image, texts = diagram_picture(graphic, self._part, colors, width, height)
        words = html.escape(" · ".join(texts))
        if image is None or len(self.images) >= MAX_IMAGES:
            return f"<i>{words}</i>" if words else ""
        name = f"docx-image-{len(self.images)}"
        self.images[name] = image
        caption = f"<br/><span style='font-size:9pt; color:#5f6368'>{words}</span>" if words else ""
        return f'<img src="{name}" width="{width_shown}"/>{caption}'

    # -- lists --------------------------------------------------------------------------
    def _list_info(self, ppr: etree._Element | None, style: str, look: ParaLook) -> tuple[int | None, str]:
        """The list level of a paragraph and its numbering format (from the paragraph or its style)."""
        num_pr = ppr.find(qn("w:numPr")) if ppr is not None else None
        num_id = _val(num_pr, "numId") or look.num_id
        if num_id:
            level_text = _val(num_pr, "ilvl")
            level = int(level_text) if level_text.isdigit() else look.num_level
            if num_id == "0":
                return None, ""
            fmt = self._num_format(num_id, str(level))
            if fmt == "none":
                return None, ""
            return level, fmt
        if style.startswith(("List Bullet", "List Number")):
            digits = "".join(ch for ch in style if ch.isdigit())
            level = int(digits) - 1 if digits else 0
            return level, "decimal" if style.startswith("List Number") else "bullet"
        return None, ""

    def _num_format(self, num_id: str, level: str) -> str:
        key = (num_id, level)
        if key not in self._num_formats:
            self._num_formats[key] = ""
            try:
                numbering = self.doc.part.numbering_part.element
                num = next(n for n in numbering.findall(qn("w:num")) if n.get(qn("w:numId")) == num_id)
                abstract_id = num.find(qn("w:abstractNumId")).get(qn("w:val"))
                abstract = next(a for a in numbering.findall(qn("w:abstractNum"))
                                if a.get(qn("w:abstractNumId")) == abstract_id)
                lvl = next(v for v in abstract.findall(qn("w:lvl")) if v.get(qn("w:ilvl")) == level)
                self._num_formats[key] = lvl.find(qn("w:numFmt")).get(qn("w:val"))
                text = lvl.find(qn("w:lvlText"))
                if text is not None:
                    self._num_texts[key] = text.get(qn("w:val"), "")
                ind = lvl.find(f"{qn('w:pPr')}/{qn('w:ind')}")
                if ind is not None:
                    left = ind.get(qn("w:left")) or ind.get(qn("w:start")) or "0"
                    hanging = ind.get(qn("w:hanging")) or "0"
                    if left.lstrip("-").isdigit() and hanging.isdigit():
                        self._num_indents[key] = (int(left) / 20, int(hanging) / 20)
                # the list's own start for this level (w:lvlOverride/w:startOverride) wins over the level's
                override = next((o for o in num.findall(qn("w:lvlOverride")) if o.get(qn("w:ilvl")) == level), None)
                start = (_val(override, "startOverride") if override is not None else "") or _val(lvl, "start")
                if start.isdigit():
                    self._num_starts[key] = int(start)
            except (StopIteration, AttributeError, NotImplementedError, KeyError):
                self._num_formats[key] = "bullet"
        return self._num_formats[key]

    def _count_item(self, ppr: etree._Element | None, look: ParaLook, level: int) -> int:
        """This item's number in its list: Word counts on across paragraphs between the items and
        starts a level again after an item of a higher level."""
        num_id = _num_id(ppr, look)
        if not num_id:
            return 0
        for deeper in [k for k in self._counters if k[0] == num_id and k[1] > level]:
            del self._counters[deeper]
        key = (num_id, level)
        self._num_format(num_id, str(level))
        self._counters[key] = self._counters.get(key, self._num_starts.get((num_id, str(level)), 1) - 1) + 1
        return self._counters[key]

    def _own_label(self, ppr: etree._Element | None, look: ParaLook, level: int, fmt: str, heading: bool) -> str | None:
        """The number of a numbered heading, or of an item whose number names the levels above it ("1.2",
        "1.1.1"), as Word writes it: the text goes before the paragraph's own, since Qt's lists number each
        level alone ("1.", "1.", "1.") and indent every level. None for a list Qt draws as Word does."""
        if fmt in ("bullet", "none", ""):
            return None
        num_id = _num_id(ppr, look)
        text = self._num_texts.get((num_id, str(level)), f"%{level + 1}.")
        if not heading and text == f"%{level + 1}.":
            return None
        number = self._count_item(ppr, look, level)

        def shown(match: re.Match[str]) -> str:
            at = int(match.group(1)) - 1
            if at == level:
                n = number
            else:
                self._num_format(num_id, str(at))
                n = self._counters.get((num_id, at), self._num_starts.get((num_id, str(at)), 1))
            return list_number(n, self._num_formats.get((num_id, str(at)), "decimal"))

        label = re.sub(r"%([1-9])", shown, text)
        return label if label.strip() else None

    def _open_list(self, level: int, fmt: str, number: int = 0) -> None:
        level = min(level, 8)
        kind = list_type(fmt, level)
        tag = "ul" if kind in ("disc", "circle", "square") else "ol"
        while len(self.list_stack) > level + 1:
            self._out(f"</{self.list_stack.pop()}>")
            self._list_types.pop()
        if len(self.list_stack) == level + 1 and self._list_types[-1] != kind:
            self._out(f"</{self.list_stack.pop()}>")
            self._list_types.pop()
        while len(self.list_stack) < level + 1:
            self.list_stack.append(tag)
            self._list_types.append(kind)
            innermost = len(self.list_stack) == level + 1
            start = f' start="{number}"' if tag == "ol" and innermost and number > 1 else ""
            self._out(f'<{tag}{start} style="list-style-type:{kind}; margin-top:0pt; margin-bottom:0pt">')

    def _close_lists(self) -> None:
        while self.list_stack:
            self._out(f"</{self.list_stack.pop()}>")
        self._list_types = []

    # -- tables -------------------------------------------------------------------------
    def _table(self, tbl: etree._Element) -> None:
        self._flush_rule()
        above = self._take_space_after()
        look = self.sheet.table(tbl.find(qn("w:tblPr")))
        own_rows = table_rows(tbl)
        rows = []
        saved_cell = self._cell
        for r, (header, tcs) in enumerate(own_rows):
            self.blocks += 1
            if self.blocks >= MAX_BLOCKS:
                self.truncated = True
                break
            cells = []
            for c, tc in enumerate(tcs):
                tcpr = tc.find(qn("w:tcPr"))
                cell = self.sheet.cell(look, r, len(own_rows), c, len(tcs), tcpr, header=header)
                css = cell_css(cell)
                style = f' style="{css}"' if css else ""
                merge = tcpr.find(qn("w:vMerge")) if tcpr is not None else None
                if merge is not None and merge.get(qn("w:val"), "continue") == "continue":
                    cells.append(f"<td{style}></td>")
                    continue
                span_text = _val(tcpr, "gridSpan")
                span = int(span_text) if span_text.isdigit() else 1
                first_text = len(self.text)
                # the same blocks as body text: bold, pictures, text boxes, nested tables survive in cells
                self._cell = cell
                try:
                    shown = self._render_into(tc)
                finally:
                    self._cell = saved_cell
                self.text[first_text:] = [" | ".join(self.text[first_text:])]
                colspan = f' colspan="{span}"' if span > 1 else ""
                cells.append(f"<td{colspan}{style}>{shown}</td>")
            rows.append(f"<tr>{''.join(cells)}</tr>")
        self._space_after = 0.0
        self._out('<table border="0" cellspacing="0" cellpadding="0" '
                  f'style="border-collapse: collapse; margin-top:{round(above * 96 / 72)}px" width="100%">'
                  f"{''.join(rows)}</table><p style='margin-top:0px; margin-bottom:0px; font-size:1pt'></p>")


_STRUT = "<p style='margin-top:0px; margin-bottom:0px; font-size:1px; line-height:1px'>&nbsp;</p>"
_ALT = "{http://schemas.openxmlformats.org/markup-compatibility/2006}AlternateContent"
_FIRST_P = re.compile(r"<(?:p|h[1-6]|li)\b[^>]*>")
_BLIP = "{http://schemas.openxmlformats.org/drawingml/2006/main}blip"
_ALIGN = {"center": "center", "right": "right", "end": "right", "both": "justify", "distribute": "justify"}
def _after_tag(mark: str) -> Callable[[re.Match[str]], str]:
    """A substitution that puts ``mark`` right after the matched opening tag."""
    def put(m: re.Match[str]) -> str:
        return m.group(0) + mark
    return put


def _val(parent: etree._Element | None, name: str) -> str:
    """``w:val`` of child ``w:name`` of ``parent``, or ""."""
    if parent is None:
        return ""
    child = parent.find(qn(f"w:{name}"))
    return child.get(qn("w:val"), "") if child is not None else ""


def _num_id(ppr: etree._Element | None, look: ParaLook) -> str:
    """The list a paragraph is an item of: its own ``w:numPr``, else its style's."""
    return _val(ppr.find(qn("w:numPr")) if ppr is not None else None, "numId") or look.num_id
