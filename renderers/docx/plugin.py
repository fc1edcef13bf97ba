"""The DOCX plugin: a readable page flow built from python-docx (no office suite)."""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from html import escape as html_escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QTimer, QUrl
from PySide6.QtGui import QImage, QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

from renderers._api import ArtifactView, RendererHost
from renderers._common import MAX_PAGES
from renderers.docx._html import PAGE_SEPARATOR, Builder, open_builder
from renderers.docx._parts import PageGeometry
from renderers.docx._pages import (
    CSS,
    LAYOUT_SCALE,
    _base_font,
    _document as _document,  # the tests lay documents out through this module
    _draw_page,
    _on_page,
    _paginated,
    banded_page,
    device_html,
    flow_html as flow_html,
    own_heading_sizes,
    render_image,
    render_page,
    set_html,
)
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


@dataclass
class DocxChunk:
    """A piece of the document flow read in a worker: HTML and the pictures it brings."""

    builder: Builder
    html: str
    images: dict[str, QImage]
    done: bool
    held: str = ""  # a page break that ended this piece, opened at the start of the next one
    bands: tuple[str, str] = ("", "")  # page 1's header and footer, for a page drawn with its margins


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
            set_html(doc, f"<html><body>{device_html(chunk.html)}</body></html>")
            _on_page(doc, self.page)
            block = doc.begin()
        else:
            block = doc.lastBlock()
            append_html(doc, device_html(chunk.html))
        lay = doc.documentLayout()
        height = self.page.height * LAYOUT_SCALE
        page = len(self.starts) - 1
        while block.isValid():
            at = int(lay.blockBoundingRect(block).y() // height)
            while page < at:
                page += 1
                self.starts.append(block.blockNumber())
            block = block.next()
        # the pages a last paragraph runs on to (one paragraph of links can fill several)
        last = doc.lastBlock()
        end = int((lay.blockBoundingRect(last).bottom() - 1) // height)
        while page < end:
            page += 1
            self.starts.append(last.blockNumber())


def thumbnail_part(path: Path, index: int, width: int) -> DocxChunk:
    """Worker: read the blocks that fill page 1 for the card's thumbnail (parsing only, as in the
    preview; the page is laid out from them on the UI thread by :func:`draw_thumbnail`)."""
    builder = open_builder(path, bands=True)
    html = builder.first_page()
    bands = (builder.band_html("header", 1), builder.band_html("footer", 1))
    return DocxChunk(builder=builder, html=html, images=dict(builder.images), done=builder.done, bands=bands)


def draw_thumbnail(chunk: DocxChunk, width: int) -> tuple[QImage, int]:
    """UI thread: page 1 laid out from the blocks that fill it, so a long document costs what a short
    one does; the count is of the pages those blocks fill (the card shows page 1)."""
    page = banded_page(chunk.builder.page, chunk.bands, chunk.images)
    doc = _paginated(chunk.images, f"<html><body>{chunk.html}</body></html>", page)
    return _draw_page(doc, 0, width, page, chunk.bands, chunk.images), max(1, doc.pageCount())


def paginated(images: dict[str, QImage], html: str, page: PageGeometry | None = None) -> QTextDocument:
    """UI thread: ``html`` laid out on ``page`` (A4 by default; the compare view draws two versions' pages)."""
    return _paginated(images, html, page)


def draw_page(doc: QTextDocument, index: int, width: int, page: PageGeometry | None = None) -> QImage:
    """UI thread: page ``index`` of a :func:`paginated` document drawn ``width`` px wide."""
    return _draw_page(doc, index, width, page or PageGeometry())


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

    def loadResource(self, kind: int, url: QUrl | str) -> QImage | None:
        return self.images.get(url.toString() if isinstance(url, QUrl) else url)


def scaled_html(html: str, factor: float) -> str:
    """``html`` with its point sizes and picture widths multiplied by ``factor`` (zoom)."""
    if factor == 1.0:
        return html
    html = _PT_RE.sub(lambda m: f"font-size:{float(m.group(1)) * factor:.1f}pt", html)
    html = _PX_RE.sub(lambda m: f"{m.group(1)}:{round(int(m.group(2)) * factor)}px", html)
    html = _LINE_RE.sub(lambda m: f"line-height:{float(m.group(1)) * factor:.2f}px", html)
    return _WIDTH_RE.sub(lambda m: f'{m.group(1)}width="{int(int(m.group(2)) * factor)}"', html)


_PT_RE = re.compile(r"font-size:\s*([0-9.]+)pt")
_PX_RE = re.compile(r"(margin-(?:top|bottom|left|right)|text-indent):(-?[0-9]+)px")
_LINE_RE = re.compile(r"line-height:([0-9.]+)px")
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

    def browser(self) -> _Browser:
        assert isinstance(self.native, _Browser)
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


