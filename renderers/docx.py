"""The DOCX plugin: a readable page flow built from python-docx (no office suite)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, QSizeF, QUrl
from PySide6.QtGui import QColor, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

from renderers._common import MAX_PAGES
from renderers._docx_html import DocxContent, load
from renderers._plugin import FormatRenderer
from renderers.qt_preview import PreviewBase

__all__ = ["DocxPreview", "DocxRenderer", "render_image"]

PAGE_WIDTH_PX = 794  # A4 at 96 dpi
PAGE_HEIGHT_PX = 1123
PAGE_MARGIN_PX = 72
CSS = ("body { font-family: 'Noto Sans', 'Noto Sans CJK SC', sans-serif; font-size: 11pt; color: #202124; } "
       "h1 { font-size: 20pt; } h2 { font-size: 16pt; } h3 { font-size: 13pt; } "
       "td { vertical-align: top; }")


def flow_html(content: DocxContent) -> str:
    """All parts in one flow; each explicit page break is a rule and a forced page break."""
    parts = []
    for i, page in enumerate(content.pages):
        parts.append(f"<hr/><div style='page-break-before: always'>{page}</div>" if i else page)
    return f"<html><body>{''.join(parts)}</body></html>"


@dataclass(frozen=True)
class DocxLayout:
    """The document laid out on A4 pages: where each page starts, as a block number of the flow."""

    content: DocxContent
    html: str
    page_blocks: tuple[int, ...]


def _document(content: DocxContent, html: str) -> QTextDocument:
    doc = QTextDocument()
    doc.setDefaultStyleSheet(CSS)
    for name, image in content.images.items():
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    doc.setHtml(html)
    return doc


def _paginated(content: DocxContent, html: str) -> QTextDocument:
    doc = _document(content, html)
    doc.setDocumentMargin(PAGE_MARGIN_PX)
    doc.setPageSize(QSizeF(PAGE_WIDTH_PX, PAGE_HEIGHT_PX))
    return doc


def layout(path: Path) -> DocxLayout:
    """Worker: parse ``path`` and paginate it on A4 (explicit breaks honoured) like a word processor would."""
    content = load(path)
    html = flow_html(content)
    doc = _paginated(content, html)
    starts: list[int] = []
    block = doc.begin()
    lay = doc.documentLayout()
    while block.isValid() and len(starts) < MAX_PAGES:
        page = int(lay.blockBoundingRect(block).y() // PAGE_HEIGHT_PX)
        while len(starts) <= page and len(starts) < MAX_PAGES:
            starts.append(block.blockNumber())  # a block taller than a page covers the pages it spans
        block = block.next()
    return DocxLayout(content, html, tuple(starts) or (0,))


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """A4 page ``index`` of the document drawn ``width`` px wide, with the page count."""
    content = load(path)
    doc = _paginated(content, flow_html(content))
    count = max(1, min(doc.pageCount(), MAX_PAGES))
    index = max(0, min(index, count - 1))
    scale = width / PAGE_WIDTH_PX
    image = QImage(width, int(PAGE_HEIGHT_PX * scale), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    painter.translate(0, -index * PAGE_HEIGHT_PX)
    doc.drawContents(painter, QRectF(0, index * PAGE_HEIGHT_PX, PAGE_WIDTH_PX, PAGE_HEIGHT_PX))
    painter.end()
    return image, count


class _Browser(QTextBrowser):
    """A QTextBrowser whose pictures come from the parsed document, never from disk or network."""

    def __init__(self) -> None:
        super().__init__()
        self.images: dict[str, QImage] = {}
        self.setOpenLinks(False)
        self.setLineWrapMode(QTextBrowser.LineWrapMode.FixedPixelWidth)
        self.setLineWrapColumnOrWidth(PAGE_WIDTH_PX - 2 * PAGE_MARGIN_PX)
        self.setStyleSheet("QTextBrowser { background: #ffffff; border: none; padding: 8px 24px; }")
        self.document().setDefaultStyleSheet(CSS)

    def loadResource(self, kind: int, url: QUrl) -> Any:  # noqa: N802 - Qt override
        return self.images.get(url.toString())


class DocxPreview(PreviewBase):
    """Headings, paragraphs, lists, tables and pictures in one flow; pages as laid out on A4."""

    unit = "Page"

    def _native_widget(self) -> QWidget:
        return _Browser()

    def _native_load(self) -> tuple[Any, ...]:
        return (layout, self.path)

    def _native_loaded(self, document: Any) -> int:
        self.layout_info: DocxLayout = document
        self.content = self.layout_info.content
        browser = self.browser()
        browser.images = dict(self.content.images)
        browser.setHtml(self.layout_info.html)
        return len(self.layout_info.page_blocks)

    def _native_show(self, index: int) -> None:
        browser = self.browser()
        doc = browser.document()
        block = doc.findBlockByNumber(self.layout_info.page_blocks[index])
        y = doc.documentLayout().blockBoundingRect(block).y() if index and block.isValid() else 0
        browser.verticalScrollBar().setValue(int(y))
        self._shown(index)

    def browser(self) -> QTextBrowser:
        assert isinstance(self.native, QTextBrowser)
        return self.native

    def text(self) -> str:
        """The plain text on screen (all pages)."""
        return self.browser().toPlainText()


class DocxRenderer(FormatRenderer):
    kind = "docx"
    preview_class = DocxPreview
    render_image = staticmethod(render_image)


