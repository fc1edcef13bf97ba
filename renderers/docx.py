"""The DOCX plugin: a readable page flow built from python-docx (no office suite)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, QSizeF, QUrl
from PySide6.QtGui import QColor, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

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


def page_html(content: DocxContent, index: int) -> str:
    return f"<html><body>{content.pages[index]}</body></html>"


def flow_html(content: DocxContent) -> str:
    """All pages in one flow, each starting at an anchor ``page-N`` after a separator."""
    parts = []
    for i, page in enumerate(content.pages):
        if i:
            parts.append(f"<hr/><p align='center' style='color:#80868b'>— page {i + 1} —</p>")
        parts.append(f"<a name='page-{i}'></a>{page}")
    return f"<html><body>{''.join(parts)}</body></html>"


def _document(content: DocxContent, html: str) -> QTextDocument:
    doc = QTextDocument()
    doc.setDefaultStyleSheet(CSS)
    for name, image in content.images.items():
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    doc.setHtml(html)
    return doc


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """Page ``index`` (an explicit page of the document) drawn on an A4 sheet ``width`` px wide."""
    content = load(path)
    count = len(content.pages)
    index = max(0, min(index, count - 1))
    doc = _document(content, page_html(content, index))
    doc.setDocumentMargin(PAGE_MARGIN_PX)
    doc.setPageSize(QSizeF(PAGE_WIDTH_PX, PAGE_HEIGHT_PX))
    scale = width / PAGE_WIDTH_PX
    image = QImage(width, int(PAGE_HEIGHT_PX * scale), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    # only the first laid-out page of this part; longer parts continue in the preview
    doc.drawContents(painter, QRectF(0, 0, PAGE_WIDTH_PX, PAGE_HEIGHT_PX))
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
    """Headings, paragraphs, lists, tables and pictures in one flow; pages at explicit breaks."""

    unit = "Page"

    def _native_widget(self) -> QWidget:
        return _Browser()

    def _native_load(self) -> tuple[Any, ...]:
        return (load, self.path)

    def _native_loaded(self, document: Any) -> int:
        content: DocxContent = document
        self.content = content
        browser = self.browser()
        browser.images = dict(content.images)
        browser.setHtml(flow_html(content))
        return len(content.pages)

    def _native_show(self, index: int) -> None:
        browser = self.browser()
        if index == 0:
            browser.verticalScrollBar().setValue(0)
        else:
            browser.scrollToAnchor(f"page-{index}")
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


