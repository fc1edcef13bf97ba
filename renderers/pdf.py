"""The PDF plugin: pages via PyMuPDF with zoom and page navigation."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from renderers._pdfcanvas import PdfCanvas, page_count, render_image
from renderers._plugin import FormatRenderer
from renderers.qt_preview import PreviewBase

__all__ = ["PdfPreview", "PdfRenderer", "render_image"]


class PdfPreview(PreviewBase):
    """PDF pages, fit to width by default, with +/- zoom."""

    unit = "Page"
    offers_page_view = False  # the native view already is the page view

    def _native_widget(self) -> QWidget:
        canvas = PdfCanvas()
        canvas.sig_rendered.connect(self._shown)
        canvas.sig_failed.connect(self._fail)
        self._track(canvas.jobs)
        return canvas

    def _native_load(self) -> tuple[Any, ...]:
        return (page_count, self.path)

    def _native_loaded(self, document: Any) -> int:
        assert isinstance(self.native, PdfCanvas) and isinstance(self.path, Path)
        self.native.set_document(self.path)
        return int(document)

    def _native_show(self, index: int) -> None:
        assert isinstance(self.native, PdfCanvas)
        self.native.show_page(index)

    def canvas(self) -> PdfCanvas:
        assert isinstance(self.native, PdfCanvas)
        return self.native


class PdfRenderer(FormatRenderer):
    kind = "pdf"
    preview_class = PdfPreview
    render_image = staticmethod(render_image)
