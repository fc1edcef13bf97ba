"""The DOCX plugin: a readable page flow built from python-docx (no office suite)."""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from html import escape as html_escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QRectF, QSizeF, QTimer, QUrl
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QTextBlock, QTextCursor, QTextDocument, QTextFormat
from PySide6.QtWidgets import QTextBrowser, QWidget

from renderers._api import ArtifactView, RendererHost
from renderers._common import MAX_PAGES
from renderers._docx_html import PAGE_SEPARATOR, Builder, DocxContent, open_builder
from renderers._docx_parts import PageGeometry
from renderers._i18n import tr
from renderers._jobs import Jobs
from renderers._plugin import FormatRenderer
from renderers.qt_card import ArtifactCard
from renderers.qt_preview import PreviewBase

__all__ = ["DocxPreview", "DocxRenderer", "draw_thumbnail", "render_image", "render_page", "thumbnail_part"]

FIRST_BLOCKS = 60  # paragraphs and table rows in the first piece: more than a screenful, shown at once
CHUNK_BLOCKS = 200  # each later piece: read in a worker, laid out on the UI thread in one short step
# Pieces end sooner when their text (estimated) fills this many pages: one paragraph of a file
# made of hyperlinks can run for pages, and reading 60 of them held the first paint for seconds.
FIRST_PAGES = 3.0
CHUNK_PAGES = 20.0
SHORT_PAGES = 3.0  # `mira preview` reads this much at least: a document this short gets its exact page count
# Text the file gives no look (notes, messages) is in this font. Not a "body" rule: Qt's style sheet
# hands a body's font size to every span below it, over the size its paragraph carries.
CSS = "td { vertical-align: top; }"


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


@dataclass
class DocxChunk:
    """A piece of the document flow read in a worker: HTML and the pictures it brings."""

    builder: Builder
    html: str
    images: dict[str, QImage]
    done: bool
    held: str = ""  # a page break that ended this piece, opened at the start of the next one


def _document(images: dict[str, QImage], html: str) -> QTextDocument:
    doc = QTextDocument()
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


def _paginated(images: dict[str, QImage], html: str, page: PageGeometry | None = None) -> QTextDocument:
    """``html`` laid out on the document's own page: its size and margins from the first section."""
    doc = _document(images, html)
    _on_page(doc, page or PageGeometry())
    return doc


def _on_page(doc: QTextDocument, page: PageGeometry) -> None:
    """Page size and margins (setHtml resets the margins: set them after it)."""
    frame = doc.rootFrame().frameFormat()
    frame.setLeftMargin(page.left)
    frame.setRightMargin(page.right)
    frame.setTopMargin(page.top)
    frame.setBottomMargin(page.bottom)
    doc.rootFrame().setFrameFormat(frame)
    doc.setPageSize(QSizeF(page.width, page.height))


def first_chunk(path: Path) -> DocxChunk:
    """Worker: open ``path`` and read its first blocks; the rest follows in :func:`next_chunk`.

    Only parsing happens here. Laying text out (QTextDocument) stays on the UI thread: a text
    layout in a worker thread deadlocked against the window's own painting under load."""
    builder = open_builder(path)
    return _chunk(builder, FIRST_BLOCKS, FIRST_PAGES, "")


def next_chunk(previous: DocxChunk) -> DocxChunk:
    """Worker: the next piece of the flow."""
    return _chunk(previous.builder, CHUNK_BLOCKS, CHUNK_PAGES, previous.held)


def _chunk(builder: Builder, blocks: int, pages: float, held: str) -> DocxChunk:
    known = set(builder.images)
    html = held + builder.next_chunk(blocks, until_pt=builder.filled_pt + pages * builder.page_pt())
    images = {k: v for k, v in builder.images.items() if k not in known}
    # A piece ending right after a page break would leave an empty page-break block behind, and the
    # next piece would break the page again: the break moves to the start of the next piece.
    held = ""
    if not builder.done and html.endswith(PAGE_SEPARATOR):
        html, held = html[:-len(PAGE_SEPARATOR)], PAGE_SEPARATOR
    return DocxChunk(builder=builder, html=html, images=images, done=builder.done, held=held)


def append_html(doc: QTextDocument, html: str) -> None:
    """Add a piece of the flow at the end of ``doc``, laid out exactly as if it had come with the rest.

    A fragment pasted at the end would continue the last paragraph and lose the body's font (it
    has no body of its own): start a new block and give the fragment its body."""
    if not html.strip():
        return
    cursor = QTextCursor(doc)
    cursor.movePosition(QTextCursor.MoveOperation.End)
    cursor.insertBlock()
    start = cursor.block()
    cursor.insertHtml(f"<html><body>{html}</body></html>")
    own_heading_sizes(doc, start)


class Pager:
    """Lays the flow out on A4 as it arrives (UI thread) and keeps where each page starts.

    Chunks go in with the same operations the preview's own document gets (the first one set,
    later ones appended), so block numbers here are block numbers there."""

    def __init__(self, page: PageGeometry | None = None) -> None:
        self.page = page or PageGeometry()
        self.doc = _paginated({}, "", self.page)
        self.starts: list[int] = [0]

    def add(self, chunk: DocxChunk, *, first: bool) -> None:
        doc = self.doc
        for name, image in chunk.images.items():
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
        if first:
            set_html(doc, f"<html><body>{chunk.html}</body></html>")
            _on_page(doc, self.page)
            block = doc.begin()
        else:
            block = doc.lastBlock()
            append_html(doc, chunk.html)
        lay = doc.documentLayout()
        page = len(self.starts) - 1
        while block.isValid():
            at = int(lay.blockBoundingRect(block).y() // self.page.height)
            while page < at:
                page += 1
                self.starts.append(block.blockNumber())
            block = block.next()
        # the pages a last paragraph runs on to (one paragraph of links can fill several)
        last = doc.lastBlock()
        end = int((lay.blockBoundingRect(last).bottom() - 1) // self.page.height)
        while page < end:
            page += 1
            self.starts.append(last.blockNumber())


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """A4 page ``index`` of the document drawn ``width`` px wide, with the page count, exact or estimated
    (see :func:`render_page`; the window's cards use :func:`thumbnail_part` and :func:`draw_thumbnail`)."""
    image, count, _exact = render_page(path, index, width)
    return image, count


def render_page(path: Path, index: int, width: int) -> tuple[QImage, int, bool]:
    """``mira preview`` (one thread): page ``index`` laid out from the blocks up to it and not the rest.

    Blocks are read until the layout runs past page ``index`` (then that page is complete, as in the
    whole document) or the document ends. Returns the page, the page count and whether the count is
    exact: a document read only in part gets an estimate from the share of its text laid out."""
    builder = open_builder(path)
    page = builder.page
    parts: list[str] = []
    wanted = max(index + 1.25, SHORT_PAGES) * builder.page_pt()
    while True:
        parts.append(builder.next_chunk(1 << 30, until_pt=wanted))
        doc = _paginated(builder.images, f"<html><body>{''.join(parts)}</body></html>", page)
        laid = doc.pageCount()
        if builder.done or laid > index + 1:
            break
        wanted = max(wanted * 2, builder.filled_pt + builder.page_pt())
    if builder.done:
        count = laid
    else:
        bottom = doc.documentLayout().blockBoundingRect(doc.lastBlock()).bottom() / page.height
        count = max(laid + 1, round(bottom / max(builder.share_read(), 1e-6)))
    count = max(1, min(count, MAX_PAGES))
    index = max(0, min(index, count - 1))
    return _draw_page(doc, index, width, page), count, builder.done


def thumbnail_part(path: Path, index: int, width: int) -> DocxChunk:
    """Worker: read the blocks that fill page 1 for the card's thumbnail (parsing only, as in the
    preview; the page is laid out from them on the UI thread by :func:`draw_thumbnail`)."""
    builder = open_builder(path)
    html = builder.first_page()
    return DocxChunk(builder=builder, html=html, images=dict(builder.images), done=builder.done)


def draw_thumbnail(chunk: DocxChunk, width: int) -> tuple[QImage, int]:
    """UI thread: page 1 laid out from the blocks that fill it, so a long document costs what a short
    one does; the count is of the pages those blocks fill (the card shows page 1)."""
    page = chunk.builder.page
    doc = _paginated(chunk.images, f"<html><body>{chunk.html}</body></html>", page)
    return _draw_page(doc, 0, width, page), max(1, doc.pageCount())


def paginated(images: dict[str, QImage], html: str, page: PageGeometry | None = None) -> QTextDocument:
    """UI thread: ``html`` laid out on ``page`` (A4 by default; the compare view draws two versions' pages)."""
    return _paginated(images, html, page)


def draw_page(doc: QTextDocument, index: int, width: int, page: PageGeometry | None = None) -> QImage:
    """UI thread: page ``index`` of a :func:`paginated` document drawn ``width`` px wide."""
    return _draw_page(doc, index, width, page or PageGeometry())


def _draw_page(doc: QTextDocument, index: int, width: int, page: PageGeometry) -> QImage:
    scale = width / page.width
    image = QImage(width, int(page.height * scale), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    painter.translate(0, -index * page.height)
    doc.drawContents(painter, QRectF(0, index * page.height, page.width, page.height))
    painter.end()
    return image


class _Browser(QTextBrowser):
    """A QTextBrowser whose pictures come from the parsed document, never from disk or network.

    Lines wrap at the panel's width (fit width), so there is no horizontal scrolling."""

    def __init__(self) -> None:
        super().__init__()
        self.images: dict[str, QImage] = {}
        self.setOpenLinks(False)
        self.setLineWrapMode(QTextBrowser.LineWrapMode.WidgetWidth)
        self.setStyleSheet("QTextBrowser { background: #ffffff; border: none; padding: 8px 24px; }")
        self.document().setDefaultStyleSheet(CSS)
        self.document().setDefaultFont(_base_font())

    def loadResource(self, kind: int, url: QUrl) -> Any:
        return self.images.get(url.toString())


def scaled_html(html: str, factor: float) -> str:
    """``html`` with its point sizes and picture widths multiplied by ``factor`` (zoom)."""
    if factor == 1.0:
        return html
    html = _PT_RE.sub(lambda m: f"font-size:{float(m.group(1)) * factor:.1f}pt", html)
    html = _PX_RE.sub(lambda m: f"{m.group(1)}:{round(int(m.group(2)) * factor)}px", html)
    return _WIDTH_RE.sub(lambda m: f'{m.group(1)}width="{int(int(m.group(2)) * factor)}"', html)


_PT_RE = re.compile(r"font-size:\s*([0-9.]+)pt")
_PX_RE = re.compile(r"(margin-(?:top|bottom|left|right)|text-indent):(-?[0-9]+)px")
_WIDTH_RE = re.compile(r'(<img src="[^"]*" )width="([0-9]+)"')
ZOOM_STEP = 1.25
ZOOM_RANGE = (0.5, 3.0)


class DocxPreview(PreviewBase):
    """Headings, paragraphs, lists, tables and pictures in one flow, fitted to the panel's width.

    The first pages are shown as soon as they are read; the rest is read and appended a piece at
    a time. Pages are counted as the document would lay out on A4, and the page counter follows
    the scrolling."""

    unit = "Page"

    def _native_widget(self) -> QWidget:
        self.more_jobs = Jobs(self, timeout=120)
        self._page_starts: list[int] = [0]
        self._pager: Pager | None = None
        self._chunks: list[str] = []
        self._factor = 1.0
        self._scrolling_to = False
        browser = _Browser()
        browser.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        return browser

    def _native_load(self) -> tuple[Any, ...]:
        return (first_chunk, self.path)

    def _retranslate_native(self) -> None:
        self._describe(self.native, tr("Document text"), tr("The document as it reads; arrow keys and Page Down scroll it"))

    def _native_loaded(self, chunk: Any) -> int:
        browser = self.browser()
        browser.images = dict(chunk.images)
        self._chunks = [chunk.html]
        self._read_more(chunk)  # the worker reads on while this piece is laid out here
        set_html(browser.document(), f"<html><body>{scaled_html(chunk.html, self._factor)}</body></html>")
        self._pager = Pager(chunk.builder.page)
        self._pager.add(chunk, first=True)
        self._page_starts = self._pager.starts
        self._free_pager(chunk)
        return len(self._page_starts)

    def _read_more(self, chunk: DocxChunk) -> None:
        if not chunk.done:
            self.more_jobs.submit(next_chunk, chunk, on_done=self._on_chunk, on_error=self._on_more_failed)

    def _native_reveal(self, text: str, cell: tuple[int, int] | None) -> None:
        """Scroll the changed paragraph near the top; one still being read is looked for as it arrives."""
        self._reveal_text = ""
        needle = " ".join(text.split())[:80]
        if not needle:
            return
        browser = self.browser()
        found = browser.document().find(needle)
        if found.isNull():
            self._reveal_text = text if not self.loaded_everything() else ""
            return
        browser.setTextCursor(found)
        browser.ensureCursorVisible()

        def near_top() -> None:  # once laid out (the scroll range grows with the layout)
            y = browser.document().documentLayout().blockBoundingRect(found.block()).y()
            browser.verticalScrollBar().setValue(max(0, int(y) - 24))

        QTimer.singleShot(0, browser, near_top)

    def _on_chunk(self, chunk: DocxChunk) -> None:
        self._read_more(chunk)
        browser = self.browser()
        browser.images.update(chunk.images)
        self._chunks.append(chunk.html)
        append_html(browser.document(), scaled_html(chunk.html, self._factor))
        if self._pager is not None:
            self._pager.add(chunk, first=False)
            self._free_pager(chunk)
        self._count = min(len(self._page_starts), MAX_PAGES)
        self._update_nav()
        if getattr(self, "_reveal_text", ""):
            self._native_reveal(self._reveal_text, None)

    def _free_pager(self, chunk: DocxChunk) -> None:
        # its second copy of the text is only needed until the page starts of the last piece are known
        if chunk.done:
            self._pager = None

    def _on_more_failed(self, message: str) -> None:
        # what was read stays on screen; the rest is missing, and the user is told why
        self.browser().append(f"<p><i>{html_escape(tr('The rest of the document could not be read: {reason}', reason=message))}</i></p>")

    def loaded_everything(self) -> bool:
        return not self.more_jobs.busy()

    def _native_show(self, index: int) -> None:
        browser = self.browser()
        y = self._page_y(index)
        self._scrolling_to = True
        try:
            browser.verticalScrollBar().setValue(int(y))
        finally:
            self._scrolling_to = False
        self._shown(index)

    def _page_y(self, index: int) -> float:
        doc = self.browser().document()
        if index <= 0 or index >= len(self._page_starts):
            return 0.0
        block = doc.findBlockByNumber(self._page_starts[index])
        return doc.documentLayout().blockBoundingRect(block).y() if block.isValid() else 0.0

    def _on_scrolled(self, _value: int) -> None:
        if self._scrolling_to or not self._count:
            return
        browser = self.browser()
        top = browser.cursorForPosition(QPoint(8, 8)).blockNumber()
        index = max(0, min(bisect_right(self._page_starts, top) - 1, self._count - 1))
        if index != self._index:
            self._index = index
            self._update_nav()

    # -- zoom ------------------------------------------------------------------------------
    def _native_zoomable(self) -> bool:
        return bool(self._chunks)

    def _native_zoom(self, step: int) -> None:
        factor = 1.0 if step == 0 else self._factor * (ZOOM_STEP if step > 0 else 1 / ZOOM_STEP)
        factor = max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], factor))
        if abs(factor - self._factor) < 1e-6:
            return
        browser = self.browser()
        bar = browser.verticalScrollBar()
        where = bar.value() / max(1, bar.maximum())
        self._factor = factor
        browser.document().setDefaultStyleSheet(_css(factor))
        set_html(browser.document(), f"<html><body>{scaled_html(''.join(self._chunks), factor)}</body></html>")
        bar.setValue(int(where * bar.maximum()))

    def zoom_factor(self) -> float:
        return self._factor

    def browser(self) -> QTextBrowser:
        assert isinstance(self.native, QTextBrowser)
        return self.native

    def text(self) -> str:
        """The plain text on screen (all pages)."""
        return self.browser().toPlainText()


def _css(factor: float) -> str:
    return scaled_html(CSS, factor)


class DocxRenderer(FormatRenderer):
    kind = "docx"
    preview_class = DocxPreview
    render_image = staticmethod(render_image)

    def card(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None) -> ArtifactCard:
        return ArtifactCard(view, host, parent, render_image=thumbnail_part, finish_image=draw_thumbnail)


