"""DOCX pages without widgets: the flow laid out on the document's page and drawn (QtGui only).

``mira preview`` imports this and not :mod:`renderers.docx.plugin`, whose preview brings the widgets and,
through the shared preview base, PyMuPDF: a quarter of a second of imports a DOCX page never uses.
"""
from __future__ import annotations

import math
import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

from PySide6.QtCore import QRect, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QImage,
    QPainter,
    QPalette,
    QTextBlock,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)

from renderers._common import MAX_PAGES
from renderers.docx._css import NOTES_STATE, RULE_STATE
from renderers.docx._html import CONTINUOUS_MARK, PAGE_SEPARATOR, SECTION_MARK, BandSet, DocxContent, open_builder
from renderers.docx._parts import PageGeometry

__all__ = ["CSS", "LAYOUT_SCALE", "LaidPage", "PageLayout", "SectionPages", "append_html", "device_html", "flow_html",
           "laid_out", "lines_by_page", "own_heading_sizes", "page_lines", "render_image", "render_page", "set_html"]

# Text the file gives no look (notes, messages) is in this font. Not a "body" rule: Qt's style sheet
# hands a body's font size to every span below it, over the size its paragraph carries.
CSS = "td { vertical-align: top; }"
SHORT_PAGES = 3.0
# Pages are laid out for a device this many times 96 dpi. Qt sets text at a whole pixel size, so at
# 96 dpi a 10 pt font (13.33 px) is set at 13 px: every line was narrower and its height rounded,
# and a page of code lines drifted against Word's. At 384 dpi the rounding is a quarter of that.
LAYOUT_SCALE = 4  # `mira preview` reads this much at least: a document this short gets its exact page count


def _base_font() -> QFont:
    font = QFont()
    font.setFamilies(["Noto Sans", "DejaVu Sans", "Noto Sans CJK SC"])
    font.setPointSizeF(11)
    return font


def flow_html(content: DocxContent) -> str:
    """All parts in one flow; each explicit page break is a rule and a forced page break."""
    parts = []
    for i, page in enumerate(content.pages):
        parts.append(f"{PAGE_SEPARATOR}{page}</div>" if i else page)
    return f"<html><body>{''.join(parts)}</body></html>"


def _document(images: dict[str, QImage], html: str, *, paged: bool = False) -> QTextDocument:
    """``html`` in a document; ``paged``: laid out for the page device (see :data:`LAYOUT_SCALE`)."""
    doc = QTextDocument()
    if paged:
        doc.documentLayout().setPaintDevice(_layout_device())
        html = device_html(html)
    doc.setDefaultStyleSheet(CSS)
    doc.setDefaultFont(_base_font())
    for name, image in images.items():
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    set_html(doc, html)
    return doc


def set_html(doc: QTextDocument, html: str) -> None:
    doc.setHtml(html)
    own_heading_sizes(doc, doc.begin())


def own_heading_sizes(doc: QTextDocument, block: QTextBlock) -> None:
    """Headings from ``block`` on drawn at the size their style gives them.

    Qt marks heading text with a size step (h1 is "xx-large") that overrides any point size the
    text carries; the step is dropped where the text has its own size."""
    while block.isValid():
        if block.blockFormat().headingLevel():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                fmt = fragment.charFormat()
                if fmt.hasProperty(QTextFormat.Property.FontSizeAdjustment) and fmt.fontPointSize() > 0:
                    fmt.clearProperty(QTextFormat.Property.FontSizeAdjustment)
                    cursor = QTextCursor(doc)
                    cursor.setPosition(fragment.position())
                    cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                    cursor.setCharFormat(fmt)
                it += 1
        block = block.next()


@lru_cache(maxsize=1)
def _layout_device() -> QImage:
    device = QImage(1, 1, QImage.Format.Format_RGB32)
    dots = round(96 * LAYOUT_SCALE / 0.0254)
    device.setDotsPerMeterX(dots)
    device.setDotsPerMeterY(dots)
    return device


def device_html(html: str) -> str:
    """``html`` for a page layout (see :data:`LAYOUT_SCALE`): Qt scales every length to the layout's
    device except a paragraph's side margins and first-line indent, which are scaled here."""
    # a page break's rule marks it in a flow; on a page (as in Word) the break is only the next page
    html = html.replace(PAGE_SEPARATOR, _PAGE_BREAK)
    return _SIDE_RE.sub(lambda m: f"{m.group(1)}:{int(m.group(2)) * LAYOUT_SCALE}px", html)


_PAGE_BREAK = PAGE_SEPARATOR.removeprefix("<hr/>")
_SIDE_RE = re.compile(r"(margin-left|margin-right|text-indent):(-?[0-9]+)px")


def _paginated(images: dict[str, QImage], html: str, page: PageGeometry | None = None) -> QTextDocument:
    """``html`` laid out on the document's own page: its size and margins from the first section, in
    the layout device's units (:data:`LAYOUT_SCALE` per px)."""
    doc = _document(images, html, paged=True)
    _on_page(doc, page or PageGeometry())
    return doc


def _on_page(doc: QTextDocument, page: PageGeometry) -> None:
    """Page size and margins (setHtml resets the margins: set them after it); the margins are px, which
    the layout scales to its device, the page size is in the device's units."""
    frame = doc.rootFrame().frameFormat()
    frame.setLeftMargin(page.left)
    frame.setRightMargin(page.right)
    frame.setTopMargin(page.top)
    frame.setBottomMargin(page.bottom)
    doc.rootFrame().setFrameFormat(frame)
    doc.setPageSize(QSizeF(page.width * LAYOUT_SCALE, page.height * LAYOUT_SCALE))


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """A4 page ``index`` of the document drawn ``width`` px wide, with the page count, exact or estimated
    (see :func:`render_page`; the window's cards use :func:`thumbnail_part` and :func:`draw_thumbnail`)."""
    image, count, _exact = render_page(path, index, width)
    return image, count


def render_page(path: Path, index: int, width: int) -> tuple[QImage, int, bool]:
    """``mira preview`` (one thread): page ``index`` laid out from the blocks up to it and not the rest
    (see :func:`laid_out`), drawn ``width`` px wide, with the page count and whether it is exact."""
    laid = laid_out(path, index)
    return laid.layout.draw(laid.index, width, laid.count), laid.count, laid.exact


@dataclass(slots=True, kw_only=True)
class SectionPages:
    """One section laid out on its own page: its size and margins (pushed in by its header and footer)."""

    doc: QTextDocument
    page: PageGeometry
    bands: BandSet
    first: int  # the document's index of the section's first page
    empty: bool = False  # nothing laid out yet: the first text is set, not appended
    opening: int = 0  # px more above the body on the section's first page (its taller first-page header)
    later: int = 0  # px the body of the pages after the first is drawn lower (their taller headers)
    number: int = 1  # the PAGE number its first page shows (w:pgNumType/@w:start restarts it)
    # a continuous section that started on this section's page ``page`` at ``position``: (its index,
    # page, position); what reaches the page after moves to that section's own layout
    waiting: tuple[int, int, int] | None = None
    opens: bool = True  # its first page is the section's first (not: the rest of a continuous section)

    def shift(self, local: int) -> int:
        """How much lower than the layout the body of the section's page ``local`` is drawn."""
        return self.later if local > 0 else 0


class PageLayout:
    """The document's pages: each section laid out for the page device on its own page, one after
    another (the card's thumbnail, ``mira preview``, the fidelity bench and the window's view).

    Text comes in as the builder's flow, in pieces; a :data:`SECTION_MARK` in it starts the next
    section, whose page and headers ``section`` gives (read by the builder in its worker); after a
    :data:`CONTINUOUS_MARK` the text goes on on the page, and the section it starts gets its own
    layout from the next page on."""

    def __init__(self, images: dict[str, QImage] | None = None) -> None:
        self.images: dict[str, QImage] = images if images is not None else {}
        self.sections: list[SectionPages] = []
        self._seen = 1  # the section the next mark in the flow starts
        self._section: Callable[[int], tuple[PageGeometry, BandSet]] | None = None

    def add(self, html: str, section: Callable[[int], tuple[PageGeometry, BandSet]],
            images: dict[str, QImage] | None = None) -> None:
        """Lay out a piece of the flow after what came before (UI thread); ``images``: new pictures."""
        for name, image in (images or {}).items():
            self.images[name] = image
            for part in self.sections:
                part.doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
        self._section = section
        if not self.sections:
            self._start(*section(0))
        for n, piece in enumerate(html.split(SECTION_MARK)):
            if n:
                self._move_on()
                self._start(*section(self._seen))
                self._seen += 1
            for m, run in enumerate(piece.split(CONTINUOUS_MARK)):
                if m:
                    self._wait(self._seen)
                    self._seen += 1
                self._append(run)
                self._move_on()

    def _wait(self, section: int) -> None:
        """Section ``section`` starts here, on the page the text is on (a continuous break)."""
        last = self.sections[-1]
        if last.empty:
            last.waiting = (section, 0, 0)
            return
        doc = last.doc
        page = max(0, int(_last_line_top(doc.documentLayout(), doc.lastBlock()) // (last.page.height * LAYOUT_SCALE)))
        last.waiting = (section, page, doc.characterCount() - 1)

    def _move_on(self) -> None:
        """The text that reached the page after a continuous section's first page goes to that
        section's own layout, on its own page size and margins below its own headers, as Word does."""
        last = self.sections[-1]
        if last.waiting is None or self._section is None or last.doc.pageCount() <= last.waiting[1] + 1:
            return
        section, page, position = last.waiting
        doc = last.doc
        height = last.page.height * LAYOUT_SCALE
        layout = doc.documentLayout()
        # from the section's first block on: the first one that does not end on its first page moves,
        # whole (Word would split a paragraph over the pages, line by line)
        block = doc.findBlock(position).next() if position else doc.begin()
        while block.isValid() and _last_line_top(layout, block) < (page + 1) * height:
            block = block.next()
        if not block.isValid():
            return
        last.waiting = None
        cursor = QTextCursor(doc)
        cursor.setPosition(block.position())
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        moved = cursor.selection()
        cursor.removeSelectedText()
        cursor.deletePreviousChar()  # the empty block the cut left
        self._start(*self._section(section), opens=False)  # its first page was the one it shares
        fresh = self.sections[-1]
        set_html(fresh.doc, f"<html><body>{_spacer(fresh.opening) if fresh.opening else ''}</body></html>")
        _on_page(fresh.doc, fresh.page)
        into = QTextCursor(fresh.doc)
        into.movePosition(QTextCursor.MoveOperation.End)
        if fresh.opening:
            into.insertBlock()
        into.insertFragment(moved)
        first = fresh.doc.findBlock(0) if not fresh.opening else fresh.doc.begin().next()
        look = first.blockFormat()
        if look.pageBreakPolicy() & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore:
            look.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_Auto)
            QTextCursor(first).setBlockFormat(look)
        fresh.empty = False

    def _start(self, page: PageGeometry, bands: BandSet, *, opens: bool = True) -> None:
        first = self.count() if self.sections else 0
        number = bands.start or (self.sections[-1].number + first - self.sections[-1].first if self.sections else 1)
        banded, opening, later = self._margins(page, bands, number - 1, opens)
        self.sections.append(SectionPages(doc=_paginated(self.images, "", banded), page=banded, bands=bands,
                                          first=first, empty=True, opening=opening, later=later, number=number,
                                          opens=opens))

    def _margins(self, page: PageGeometry, bands: BandSet, first: int,
                 opens: bool = True) -> tuple[PageGeometry, int, int]:
        """A section's page pushed in by the headers and footers its pages show, as Word pushes each page
        (Qt lays a document out with one set of margins): the body above the tallest footer; below the
        first page's header on the first page and below the tallest other header on the others. Returns
        the page to lay out on, the px a taller first-page header holds the first page's body down
        (a spacer), and the px the other pages' bodies are drawn lower (their room is kept in the bottom
        margin: the first page then ends that much early)."""
        def pushed(number: int, opening: bool) -> PageGeometry:
            return banded_page(page, (bands.html("header", number, first=opening),
                                      bands.html("footer", number, first=opening)), self.images)

        opening = pushed(first + 1, opens)
        later = [pushed(number, False) for number in (first + 2, first + 3)]  # an even and an odd page
        top = max(p.top for p in later)
        bottom = max(p.bottom for p in (opening, *later))
        if opening.top > top:  # a taller first-page header: a spacer holds the first page's body down
            if opening.top + bottom > page.height - 100:
                return opening, 0, 0
            return replace(page, top=top, bottom=bottom), opening.top - top, 0
        lower = top - opening.top  # the other pages' taller headers: their bodies drawn lower
        if top + bottom > page.height - 100:
            return opening, 0, 0
        return replace(page, top=opening.top, bottom=bottom + lower), 0, lower

    def _append(self, html: str) -> None:
        last = self.sections[-1]
        since = 0 if last.empty else last.doc.characterCount() - 1
        if last.empty:
            if not html.strip():
                return
            if last.opening:
                html = _spacer(last.opening) + html
            set_html(last.doc, f"<html><body>{device_html(html)}</body></html>")
            _on_page(last.doc, last.page)
            last.empty = False
        else:
            append_html(last.doc, device_html(html))
        notes_to_foot(last.doc, last.page, since)

    def count(self) -> int:
        if not self.sections:
            return 1
        last = self.sections[-1]
        return last.first + max(1, last.doc.pageCount())

    def locate(self, index: int) -> tuple[SectionPages, int]:
        """The section showing page ``index`` and the page's index in it."""
        at = max(0, bisect_right([s.first for s in self.sections], index) - 1)
        part = self.sections[at]
        return part, index - part.first

    def bands(self, index: int, count: int = 0) -> tuple[str, str]:
        """The header and footer HTML page ``index`` (of ``count``) shows in its margins: its PAGE field
        the section's numbering (restarted where the section says), NUMPAGES the document's count."""
        part, local = self.locate(index)
        number, first = part.number + local, local == 0 and part.opens
        return (part.bands.html("header", number, count, first=first),
                part.bands.html("footer", number, count, first=first))

    def lines(self, index: int, *, paragraphs: bool = False) -> list[str]:
        """The text of each line page ``index`` shows (its body, not its margins)."""
        part, local = self.locate(index)
        return lines_by_page(part.doc, part.page, local + 1, paragraphs=paragraphs).get(local, [])

    def draw(self, index: int, width: int, count: int = 0) -> QImage:
        """Page ``index`` drawn ``width`` px wide, its header and footer in its margins."""
        part, local = self.locate(index)
        return _draw_page(part.doc, local, width, part.page, self.bands(index, count), self.images, part.shift(local))


def _last_line_top(layout: QAbstractTextDocumentLayout, block: QTextBlock) -> float:
    """Where the block's last line starts (its rectangle does not follow a line Qt moved onto the next
    page: the line's place does)."""
    top = layout.blockBoundingRect(block).top()
    lines = block.layout()
    count = lines.lineCount() if lines is not None else 0
    return top + lines.lineAt(count - 1).y() if count else top


def notes_to_foot(doc: QTextDocument, page: PageGeometry, since: int = 0) -> None:
    """Each page's footnotes (from position ``since`` on: what was just laid out) moved down to the foot of
    the page their group starts on, as Word sets them, when the whole group fits there (a group that runs
    over onto the next page stays where it is)."""
    layout = doc.documentLayout()
    height = page.height * LAYOUT_SCALE
    block = doc.findBlock(since)
    while block.isValid():
        if block.userState() != NOTES_STATE:
            block = block.next()
            continue
        start, last = block, block
        following = block.next()
        while following.isValid() and not (following.blockFormat().pageBreakPolicy()
                                           & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore):
            last, following = following, following.next()
        look = start.blockFormat()
        top, bottom = layout.blockBoundingRect(start).top(), layout.blockBoundingRect(last).bottom()
        number = int(top // height)
        gap = (number + 1) * height - page.bottom * LAYOUT_SCALE - bottom - 1
        if look.topMargin() or int(bottom // height) != number or gap <= 0:
            block = following  # moved already, or the group runs onto the next page, or fills this one
            continue
        # a block's margin is not in the layout's units one for one: move by a guess, then by what it moved
        pages = doc.pageCount()
        margin = gap / LAYOUT_SCALE
        for _ in range(3):
            look.setTopMargin(margin)
            QTextCursor(start).setBlockFormat(look)
            moved = layout.blockBoundingRect(last).bottom() - bottom
            if moved <= 0 or abs(moved - gap) < 2:
                break
            margin *= gap / moved
        if doc.pageCount() > pages and moved > 0:
            # the document's end (the last block's space under it) ran onto a new page: back off by that much
            over = layout.documentSize().height() - pages * height
            look.setTopMargin(max(0.0, margin - (over + LAYOUT_SCALE) * margin / moved))
            QTextCursor(start).setBlockFormat(look)
        if int(layout.blockBoundingRect(last).bottom() // height) != number or doc.pageCount() > pages:
            look.setTopMargin(0)  # it ran onto the next page after all
            QTextCursor(start).setBlockFormat(look)
        block = following


def _spacer(px: int) -> str:
    """An empty line ``px`` high (Qt drops a page's first block's space above, not a line's height)."""
    return f"<p style='margin-top:0px; margin-bottom:0px; font-size:1px; line-height:{px}px'>&nbsp;</p>"


def append_html(doc: QTextDocument, html: str) -> None:
    """Add a piece of the flow at the end of ``doc``, laid out exactly as if it had come with the rest.

    A fragment pasted at the end would continue the last paragraph and lose the body's font (it
    has no body of its own): start a new block and give the fragment its body."""
    if not html.strip():
        return
    cursor = QTextCursor(doc)
    cursor.movePosition(QTextCursor.MoveOperation.End)
    cursor.insertBlock()
    if html.startswith(_PAGE_BREAK):
        # a page break that opens the piece: pasted, its block would take the new block's format
        look = cursor.blockFormat()
        look.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        cursor.setBlockFormat(look)
        html = html.removeprefix(_PAGE_BREAK)
    start = cursor.block()
    cursor.insertHtml(f"<html><body>{html}</body></html>")
    own_heading_sizes(doc, start)


@dataclass(frozen=True, slots=True, kw_only=True)
class LaidPage:
    """A page as :func:`laid_out` finds it, in the layout holding it."""

    layout: PageLayout
    index: int  # the page wanted, within the page count
    count: int
    exact: bool  # whether ``count`` is exact (the whole document was laid out) or estimated


def laid_out(path: Path, index: int) -> LaidPage:
    """Page ``index`` laid out from the blocks up to it and not the rest.

    Blocks are read until the layout runs past page ``index`` (then that page is complete, as in the
    whole document) or the document ends. A document read only in part gets an estimated page count
    from the share of its text laid out."""
    builder = open_builder(path, bands=True)

    def section(k: int) -> tuple[PageGeometry, BandSet]:
        return builder.section_page(k), builder.band_set(k)

    parts: list[str] = []
    wanted = max(index + 1.25, SHORT_PAGES) * builder.page_pt()
    while True:
        parts.append(builder.next_chunk(1 << 30, until_pt=wanted))
        layout = PageLayout(builder.images)
        layout.add("".join(parts), section)
        laid = layout.count()
        if builder.done or laid > index + 1:
            break
        wanted = max(wanted * 2, builder.filled_pt + builder.page_pt())
    if builder.done:
        count = laid
    else:
        last = layout.sections[-1]
        bottom = last.first + last.doc.documentLayout().blockBoundingRect(last.doc.lastBlock()).bottom() / (
            last.page.height * LAYOUT_SCALE)
        count = max(laid + 1, round(bottom / max(builder.share_read(), 1e-6)))
    count = max(1, min(count, MAX_PAGES))
    return LaidPage(layout=layout, index=max(0, min(index, count - 1, laid - 1)), count=count, exact=builder.done)


def page_lines(doc: QTextDocument, index: int, page: PageGeometry) -> list[str]:
    """The text of each line that page ``index`` of the paginated ``doc`` shows, top to bottom."""
    return lines_by_page(doc, page, index + 1).get(index, [])


def lines_by_page(doc: QTextDocument, page: PageGeometry, pages: int | None = None, *,
                  paragraphs: bool = False) -> dict[int, list[str]]:
    """The text of each line of the paginated ``doc`` by page (the first ``pages`` pages, or all);
    ``paragraphs``: the lines of one paragraph on one page as one text."""
    height = page.height * LAYOUT_SCALE
    layout = doc.documentLayout()
    found: dict[int, list[str]] = {}
    block = doc.begin()
    while block.isValid():
        top = layout.blockBoundingRect(block).y()
        if pages is not None and top > pages * height:
            break
        text = block.text()
        lay = block.layout()
        last = -1
        for n in range(lay.lineCount() if lay is not None else 0):
            line = lay.lineAt(n)
            at = int((top + line.y()) // height)
            if pages is None or at < pages:
                piece = text[line.textStart():line.textStart() + line.textLength()]
                shown = found.setdefault(at, [])
                if paragraphs and at == last:
                    shown[-1] += piece
                else:
                    shown.append(piece)
                last = at
        block = block.next()
    return found


def _draw_page(doc: QTextDocument, index: int, width: int, page: PageGeometry, bands: tuple[str, str] = ("", ""),
               images: dict[str, QImage] | None = None, shift: float = 0.0) -> QImage:
    """Page ``index`` of ``doc`` drawn ``width`` px wide, with the header and footer HTML ``bands`` in
    its margins (see :func:`paint_page`)."""
    scale = width / page.width
    image = QImage(width, int(page.height * scale), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    paint_page(painter, doc, index, page, band_docs(bands, images or {}, page), shift=shift)
    painter.end()
    return image


Bands = tuple["QTextDocument | None", "QTextDocument | None"]


def band_docs(bands: tuple[str, str], images: dict[str, QImage], page: PageGeometry) -> Bands:
    """The header and footer HTML laid out for their bands (none where the page shows none)."""
    header, footer = bands
    return (_band(header, images, page) if header else None, _band(footer, images, page) if footer else None)


def paint_page(painter: QPainter, doc: QTextDocument, index: int, page: PageGeometry, bands: Bands = (None, None),
               selections: Sequence[QAbstractTextDocumentLayout.Selection] = (), shift: float = 0.0) -> None:
    """Page ``index`` of the paginated ``doc`` painted with ``painter``, whose units are the page's px
    (96 dpi) from its top left corner: the one drawing of a page, for pictures and for the window.
    The header band's top sits ``page.header`` below the page's top edge, the footer's bottom
    ``page.footer`` above its bottom edge, as Word places them; ``selections`` are highlighted; the body
    is drawn ``shift`` px lower than it is laid out (:meth:`SectionPages.shift`)."""
    width_laid, height_laid = page.width * LAYOUT_SCALE, page.height * LAYOUT_SCALE
    painter.save()
    painter.translate(0, shift)
    painter.scale(1 / LAYOUT_SCALE, 1 / LAYOUT_SCALE)
    painter.translate(0, -index * height_laid)
    clip = QRectF(0, index * height_laid, width_laid, height_laid)
    painter.setClipRect(clip, Qt.ClipOperation.IntersectClip)
    context = QAbstractTextDocumentLayout.PaintContext()
    context.clip = clip
    context.palette.setColor(QPalette.ColorRole.Text, QColor("black"))  # as drawContents paints
    if selections:
        context.selections = list(selections)
    doc.documentLayout().draw(painter, context)
    paint_rules(painter, doc, clip)
    painter.restore()
    for band, top in zip(bands, (True, False), strict=True):
        if band is None:
            continue
        height = band.size().height()
        painter.save()
        painter.translate(page.left, page.header if top else page.height - page.footer - height / LAYOUT_SCALE)
        painter.scale(1 / LAYOUT_SCALE, 1 / LAYOUT_SCALE)
        area = QRectF(0, 0, band.textWidth(), height)
        band.drawContents(painter, area)
        paint_rules(painter, band, area)
        painter.restore()


def paint_rules(painter: QPainter, doc: QTextDocument, clip: QRectF) -> None:
    """The paragraph rules of ``doc`` within ``clip`` (its layout's units), each on whole device pixels
    and at least one high, as a screen shows a thin border at any zoom: drawn to scale, a 0.75 pt rule on
    a card is 0.6 px, smeared over two faint rows."""
    layout = doc.documentLayout()
    device = layout.paintDevice()
    per_px = device.logicalDpiY() / 96 if device is not None else 1.0  # a rule's height is px, laid out on the device
    block = doc.findBlock(layout.hitTest(clip.topLeft(), Qt.HitTestAccuracy.FuzzyHit))
    end = layout.hitTest(clip.bottomRight(), Qt.HitTestAccuracy.FuzzyHit)
    while block.isValid() and block.position() <= end:
        if block.userState() == RULE_STATE:
            # the block's rectangle starts at the frame's edge whatever the paragraph's indents; its line
            # starts at the left indent and is as wide as the paragraph
            line = block.layout().lineAt(0)
            at = layout.blockBoundingRect(block).topLeft()
            box = QRectF(at.x() + line.x(), at.y(), line.width(), block.blockFormat().lineHeight() * per_px)
            shown = painter.transform().mapRect(box)
            top = round(shown.top())
            pixels = QRect(round(shown.left()), top, round(shown.right()) - round(shown.left()),
                           max(1, round(shown.bottom()) - top))
            painter.save()
            painter.resetTransform()
            painter.fillRect(pixels, block.charFormat().foreground().color())
            painter.restore()
        block = block.next()


def banded_page(page: PageGeometry, bands: tuple[str, str], images: dict[str, QImage]) -> PageGeometry:
    """``page`` with its text pushed in where a header or footer (``bands``) reaches past the margin,
    as Word does: the body starts below the header and ends above the footer."""
    top, bottom = page.top, page.bottom
    if bands[0]:
        top = max(top, page.header + math.ceil(_band(bands[0], images, page).size().height() / LAYOUT_SCALE))
    if bands[1]:
        bottom = max(bottom, page.footer + math.ceil(_band(bands[1], images, page).size().height() / LAYOUT_SCALE))
    if top + bottom > page.height - 100:
        return page
    return replace(page, top=top, bottom=bottom)


def _band(html: str, images: dict[str, QImage], page: PageGeometry) -> QTextDocument:
    band = _document(images, f"<html><body>{html}</body></html>", paged=True)
    band.setDocumentMargin(0)
    first = band.begin()
    above = first.blockFormat().topMargin()
    if above > 0:
        # Qt drops the space above a document's first block; Word keeps a header's: the frame keeps it
        frame = band.rootFrame().frameFormat()
        frame.setTopMargin(above)
        band.rootFrame().setFrameFormat(frame)
    band.setTextWidth((page.width - page.left - page.right) * LAYOUT_SCALE)
    return band
