"""The DOCX plugin: a readable page flow built from python-docx (no office suite)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape as html_escape
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QWidget

from renderers._api import ArtifactView, RendererHost
from renderers._common import MAX_PAGES
from renderers.docx._flow import PageFlow
from renderers.docx._html import PAGE_SEPARATOR, SECTION_MARK, BandSet, Builder, open_builder
from renderers.docx._parts import PageGeometry
from renderers.docx._pages import (
    PageLayout,
    _document as _document,  # the tests lay documents out through this module
    _draw_page,
    _paginated,
    flow_html as flow_html,
    render_image,
    render_page,
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
    # the page and headers of each section that starts in this piece (the first piece: section 0's too)
    sections: dict[int, tuple[PageGeometry, BandSet]] = field(default_factory=dict)


def first_chunk(path: Path) -> DocxChunk:
    """Worker: open ``path`` and read its first blocks; the rest follows in :func:`next_chunk`.

    Only parsing happens here. Laying text out (QTextDocument) stays on the UI thread: a text
    layout in a worker thread deadlocked against the window's own painting under load."""
    builder = open_builder(path, bands=True)
    chunk = _chunk(builder, FIRST_BLOCKS, FIRST_PAGES, "", first=True)
    return replace(chunk, images=dict(builder.images))


def next_chunk(previous: DocxChunk) -> DocxChunk:
    """Worker: the next piece of the flow."""
    return _chunk(previous.builder, CHUNK_BLOCKS, CHUNK_PAGES, previous.held)


def _chunk(builder: Builder, blocks: int, pages: float, held: str, *, first: bool = False) -> DocxChunk:
    known = set(builder.images)
    before = 0 if first else builder.section + 1
    html = held + builder.next_chunk(blocks, until_pt=builder.filled_pt + pages * builder.page_pt())
    images = {k: v for k, v in builder.images.items() if k not in known}
    # A piece ending right after a page break would leave an empty page-break block behind, and the
    # next piece would break the page again: the break moves to the start of the next piece.
    held = ""
    if not builder.done and html.endswith(PAGE_SEPARATOR):
        html, held = html[:-len(PAGE_SEPARATOR)], PAGE_SEPARATOR
    sections = {k: (builder.section_page(k), builder.band_set(k)) for k in range(before, builder.section + 1)}
    return DocxChunk(builder=builder, html=html, images=images, done=builder.done, held=held, sections=sections)


def thumbnail_part(path: Path, index: int, width: int) -> DocxChunk:
    """Worker: read the blocks that fill page 1 for the card's thumbnail (parsing only, as in the
    preview; the page is laid out from them on the UI thread by :func:`draw_thumbnail`)."""
    builder = open_builder(path, bands=True)
    html = builder.first_page()
    return DocxChunk(builder=builder, html=html, images=dict(builder.images), done=builder.done,
                     sections={k: (builder.section_page(k), builder.band_set(k)) for k in range(builder.section + 1)})


def draw_thumbnail(chunk: DocxChunk, width: int) -> tuple[QImage, int]:
    """UI thread: page 1 laid out from the blocks that fill it, so a long document costs what a short
    one does; the count is of the pages those blocks fill (the card shows page 1)."""
    layout = PageLayout(dict(chunk.images))
    layout.add(chunk.html.split(SECTION_MARK)[0], chunk.sections.__getitem__)
    return layout.draw(0, width), layout.count()


def pages_part(path: Path, pages: int) -> DocxChunk:
    """Worker: the blocks that fill the first ``pages`` pages (a shorter document: all of it), with
    each section's page and headers (the compare view draws two versions' pages from them)."""
    builder = open_builder(path, bands=True)
    html = builder.next_chunk(1 << 30, until_pt=(pages + 1) * builder.page_pt())  # filled_pt is a low estimate
    if not builder.done and html.endswith(PAGE_SEPARATOR):
        html = html[:-len(PAGE_SEPARATOR)]
    sections = {k: (builder.section_page(k), builder.band_set(k)) for k in range(builder.section + 1)}
    return DocxChunk(builder=builder, html=html, images=dict(builder.images), done=builder.done, sections=sections)


def draw_pages(chunk: DocxChunk, width: int, pages: int) -> list[QImage]:
    """UI thread: the first ``pages`` pages of :func:`pages_part`'s blocks, each section on its own page
    size with its headers and footers, as the window and the card draw them."""
    layout = PageLayout(dict(chunk.images))
    layout.add(chunk.html, chunk.sections.__getitem__)
    count = layout.count()
    return [layout.draw(n, width, count if chunk.done else 0) for n in range(min(count, pages))]


def paginated(images: dict[str, QImage], html: str, page: PageGeometry | None = None) -> QTextDocument:
    """UI thread: ``html`` laid out on ``page`` (A4 by default; the compare view draws two versions' pages)."""
    return _paginated(images, html, page)


def draw_page(doc: QTextDocument, index: int, width: int, page: PageGeometry | None = None) -> QImage:
    """UI thread: page ``index`` of a :func:`paginated` document drawn ``width`` px wide."""
    return _draw_page(doc, index, width, page or PageGeometry())


ZOOM_STEP = 1.25
ZOOM_RANGE = (0.5, 3.0)


class DocxPreview(PreviewBase):
    """The document's pages as the card's thumbnail and ``mira preview`` draw them (:class:`PageFlow`),
    fitted to the panel's width or zoomed.

    The first pages are shown as soon as they are read; the rest is read and laid out a piece at a
    time. The page counter follows the scrolling."""

    unit = "Page"

    def _native_widget(self) -> QWidget:
        self.more_jobs = Jobs(self, timeout=120)
        self._loaded = False
        self._scrolling_to = False
        flow = PageFlow()
        flow.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        return flow

    def _native_load(self) -> tuple[Any, ...]:
        return (first_chunk, self.path)

    def _retranslate_native(self) -> None:
        self._describe(self.native, tr("Document text"),
                       tr("The document as it reads; arrow keys and Page Down scroll it, Ctrl+A selects all and Ctrl+C copies"))

    def _native_loaded(self, chunk: Any) -> int:
        flow = self.browser()
        self._read_more(chunk)  # the worker reads on while this piece is laid out here
        layout = PageLayout(dict(chunk.images))
        layout.add(chunk.html, chunk.sections.__getitem__)
        flow.set_layout(layout)
        self._loaded = True
        return flow.page_count()

    def _read_more(self, chunk: DocxChunk) -> None:
        if not chunk.done:
            self.more_jobs.submit(next_chunk, chunk, on_done=self._on_chunk, on_error=self._on_more_failed)

    def _native_reveal(self, text: str, cell: tuple[int, int] | None) -> None:
        """Select the changed paragraph and scroll it near the top; one still being read is looked for
        as it arrives."""
        self._reveal_text = ""
        needle = " ".join(text.split())[:80]
        if not needle:
            return
        flow = self.browser()
        found = flow.find_text(needle)
        if found.isNull():
            self._reveal_text = text if not self.loaded_everything() else ""
            return
        flow.setTextCursor(found)
        flow.ensure_visible(found)

    def _on_chunk(self, chunk: DocxChunk) -> None:
        self._read_more(chunk)
        flow = self.browser()
        flow.pages.add(chunk.html, chunk.sections.__getitem__, chunk.images)
        flow.relayout()
        self._count = min(flow.page_count(), MAX_PAGES)
        self._update_nav()
        if getattr(self, "_reveal_text", ""):
            self._native_reveal(self._reveal_text, None)

    def _on_more_failed(self, message: str) -> None:
        # what was read stays on screen; the rest is missing, and the user is told why
        flow = self.browser()
        note = html_escape(tr("The rest of the document could not be read: {reason}", reason=message))
        flow.pages.add(f"<p><i>{note}</i></p>", lambda _k: (PageGeometry(), BandSet()))
        flow.relayout()

    def loaded_everything(self) -> bool:
        return not self.more_jobs.busy()

    def _native_show(self, index: int) -> None:
        flow = self.browser()
        self._scrolling_to = True
        try:
            flow.verticalScrollBar().setValue(round(flow.page_top(index)) if index > 0 else 0)
        finally:
            self._scrolling_to = False
        self._shown(index)

    def _on_scrolled(self, value: int) -> None:
        if self._scrolling_to or not self._count:
            return
        # the page that fills the top third of the view is the one being read
        flow = self.browser()
        index = max(0, min(flow.page_at(value + flow.viewport().height() / 3), self._count - 1))
        if index != self._index:
            self._index = index
            self._update_nav()

    # -- zoom ------------------------------------------------------------------------------
    def _native_zoomable(self) -> bool:
        return self._loaded

    def _native_zoom(self, step: int) -> None:
        flow = self.browser()
        factor = 1.0 if step == 0 else flow.factor * (ZOOM_STEP if step > 0 else 1 / ZOOM_STEP)
        factor = max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], factor))
        if abs(factor - flow.factor) < 1e-6:
            return
        bar = flow.verticalScrollBar()
        where = bar.value() / max(1, bar.maximum())
        flow.factor = factor
        flow.relayout()  # nothing is laid out again: the same pages painted at another scale
        bar.setValue(round(where * bar.maximum()))

    def zoom_factor(self) -> float:
        return self.browser().factor

    def browser(self) -> PageFlow:
        """The pages' view (its ``document()`` is the page layout)."""
        assert isinstance(self.native, PageFlow)
        return self.native

    def text(self) -> str:
        """The plain text on the pages (all pages, their headers and footers too)."""
        return self.browser().text()


class DocxRenderer(FormatRenderer):
    kind = "docx"
    preview_class = DocxPreview
    render_image = staticmethod(render_image)

    def card(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None) -> ArtifactCard:
        return ArtifactCard(view, host, parent, render_image=thumbnail_part, finish_image=draw_thumbnail)


