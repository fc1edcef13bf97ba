"""PDF pages rasterised with PyMuPDF and a zoomable page canvas (PDF preview and page view)."""
from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pymupdf
from PySide6.QtCore import QEvent, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtWidgets import QScrollArea, QWidget

from renderers import _colors as colors
from renderers._common import MAX_PAGES, MAX_RENDER_PIXELS, checked_path
from renderers._i18n import tr
from renderers._jobs import FITZ_LOCK, Jobs, PreviewError

T = TypeVar("T")
SCREEN_ZOOM = 96 / 72  # zoom 1.0 shows a page at its physical size on a 96 dpi screen


def page_count(path: Path) -> int:
    """Open the PDF (worker thread) and return its page count; clear errors for bad files."""
    checked_path(path, "pdf")
    return _with_document(path, lambda doc: min(doc.page_count, MAX_PAGES))


def render_page(path: Path, index: int, width: int | None = None, zoom: float = 1.0) -> QImage:
    """Rasterise one page to a QImage: ``width`` pixels wide, or at ``zoom`` (worker thread)."""
    return _render_page_scaled(path, index, width, zoom)[0]


def open_and_render(path: Path, index: int, width: int) -> tuple[int, int, QImage, float]:
    """Worker: page count plus page ``index`` at ``width`` px, with one open (the first paint)."""
    checked_path(path, "pdf")

    def work(doc: pymupdf.Document) -> tuple[int, int, QImage, float]:
        count = min(doc.page_count, MAX_PAGES)
        i = max(0, min(index, count - 1))
        image, scale = _rasterise(doc, path, i, width, 1.0)
        return count, i, image, scale

    return _with_document(path, work)


def _render_page_scaled(path: Path, index: int, width: int | None,
                        zoom: float) -> tuple[QImage, float]:
    return _with_document(path, lambda doc: _rasterise(doc, path, index, width, zoom))


def _with_document(path: Path, work: Callable[[pymupdf.Document], T]) -> T:
    with FITZ_LOCK:
        try:
            doc = pymupdf.open(path)
        except Exception as exc:
            raise PreviewError(tr("{name}: the PDF is corrupt or truncated ({detail})", name=path.name, detail=exc)) from None
        try:
            if doc.needs_pass:
                raise PreviewError(tr("{name}: the PDF is password protected", name=path.name))
            if doc.page_count == 0:
                raise PreviewError(tr("{name}: the PDF has no pages", name=path.name))
            return work(doc)
        finally:
            doc.close()


def _rasterise(doc: pymupdf.Document, path: Path, index: int, width: int | None,
               zoom: float) -> tuple[QImage, float]:
    if not 0 <= index < doc.page_count:
        raise PreviewError(tr("{name}: there is no page {page}", name=path.name, page=index + 1))
    page = doc[index]
    rect = page.rect
    if rect.width <= 0 or rect.height <= 0:
        raise PreviewError(tr("{name}: page {page} has no size", name=path.name, page=index + 1))
    scale = width / rect.width if width else zoom * SCREEN_ZOOM
    if rect.width * rect.height * scale * scale > MAX_RENDER_PIXELS:
        scale = math.sqrt(MAX_RENDER_PIXELS / (rect.width * rect.height))
    pix = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)
    # No copy: the QImage reads MuPDF's buffer, and keeps the Pixmap alive for as long as it lives.
    image = QImage(pix.samples_mv, pix.width, pix.height, pix.stride, QImage.Format.Format_RGB888)
    image._mira_pixmap = pix  # type: ignore[attr-defined]
    return image, scale


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """Native rendering of page ``index`` at ``width`` px, with the page count (thumbnails, CLI)."""
    count = page_count(path)
    return render_page(path, min(index, count - 1), width), count


class _Page(QWidget):
    """Paints the page image directly: only the visible part is converted and drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.image: QImage | None = None

    def set_image(self, image: QImage, dpr: float) -> None:
        self.image = image
        self.resize(int(image.width() / dpr), int(image.height() / dpr))
        self.update()

    def paintEvent(self, event) -> None:  # noqa: ANN001, N802 - Qt override
        if self.image is None:
            return
        painter = QPainter(self)
        dpr = self.image.width() / max(self.width(), 1)
        area = event.rect()
        source = QRectF(area.x() * dpr, area.y() * dpr, area.width() * dpr, area.height() * dpr)
        painter.drawImage(QRectF(area), self.image, source)
        painter.end()


class PdfCanvas(QScrollArea):
    """Shows one page of a PDF file; fit-width or a zoom factor. Used by the page view too."""

    sig_rendered = Signal(int)
    sig_failed = Signal(str)

    def _restyle(self) -> None:
        """The backdrop around the page follows the theme (only Window is set; the rest inherits)."""
        backdrop = colors.surround()
        if self.palette().color(QPalette.ColorRole.Window) != backdrop:
            palette = QPalette()
            palette.setColor(QPalette.ColorRole.Window, backdrop)
            self.setPalette(palette)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() == QEvent.Type.ApplicationPaletteChange:
            self._restyle()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(False)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.setBackgroundRole(self.backgroundRole())
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self._restyle()
        self._page_widget = _Page()
        self.setWidget(self._page_widget)
        self._path: Path | None = None
        self._page = 0
        self._zoom: float | None = None  # None = fit width
        self._image: QImage | None = None
        self._shown_zoom = 1.0
        self.jobs = Jobs(self)
        self._resize_timer = QTimer(self)
        self._resize_timer.setSingleShot(True)
        self._resize_timer.setInterval(120)
        self._resize_timer.timeout.connect(self._on_resized)

    def set_document(self, path: Path) -> None:
        self._path = path

    def page(self) -> int:
        return self._page

    def zoom(self) -> float | None:
        """The zoom factor, or ``None`` when fitting the width."""
        return self._zoom

    def image(self) -> QImage | None:
        """The last rendered page image (for tests and the CLI)."""
        return self._image

    def show_page(self, index: int) -> None:
        self._page = index
        self._render()

    def fit_width_px(self) -> int:
        """Device pixels a fit-width page is rendered at."""
        return int(self._avail_width() * self.devicePixelRatioF())

    def show_rendered(self, index: int, image: QImage, scale: float) -> None:
        """Show a page already rendered at fit width (the first paint)."""
        self._page = index
        self.jobs.cancel()
        self._on_image((image, scale))

    def fit_width(self) -> None:
        self._zoom = None
        self._render()

    def zoom_in(self) -> None:
        self._set_zoom((self._current_zoom()) * 1.25)

    def zoom_out(self) -> None:
        self._set_zoom((self._current_zoom()) / 1.25)

    def _current_zoom(self) -> float:
        return self._zoom if self._zoom is not None else self._shown_zoom

    def _set_zoom(self, z: float) -> None:
        self._zoom = max(0.1, min(z, 8.0))
        self._render()

    def _avail_width(self) -> int:
        return max(self.viewport().width() - 24, 100)

    def _render(self) -> None:
        if self._path is None:
            return
        dpr = self.devicePixelRatioF()
        if self._zoom is None:
            args = (self._path, self._page, int(self._avail_width() * dpr), 1.0)
        else:
            args = (self._path, self._page, None, self._zoom * dpr)
        self.jobs.submit(_render_page_scaled, *args, on_done=self._on_image, on_error=self.sig_failed.emit)

    def _on_image(self, result: tuple[QImage, float]) -> None:
        image, scale = result
        self._image = image
        # remember the zoom on screen, so +/- continue from what the user sees
        self._shown_zoom = scale / SCREEN_ZOOM / self.devicePixelRatioF()
        self._page_widget.set_image(image, self.devicePixelRatioF())
        self.sig_rendered.emit(self._page)

    def resizeEvent(self, event) -> None:  # noqa: ANN001 - Qt override
        super().resizeEvent(event)
        if self._zoom is None and self._image is not None:
            self._resize_timer.start()

    def _on_resized(self) -> None:
        if self._zoom is None:
            self._render()
