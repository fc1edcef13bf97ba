"""The PDF plugin: pages via PyMuPDF with zoom and page navigation."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from renderers._pdfcanvas import PdfCanvas, open_and_render, render_image
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
        # count and first page in one job: one open, one thread hop before the first paint
        return (open_and_render, self.path, self._index, self.canvas().fit_width_px())

    def _native_loaded(self, document: Any) -> int:
        assert isinstance(self.path, Path)
        count, index, image, scale = document
        self.canvas().set_document(self.path)
        self._first = (index, image, scale)
        return int(count)

    def _native_show(self, index: int) -> None:
        first, self._first = getattr(self, "_first", None), None
        if first is not None and first[0] == index and self.canvas().zoom() is None:
            self.canvas().show_rendered(*first)
        else:
            self.canvas().show_page(index)

    def canvas(self) -> PdfCanvas:
        assert isinstance(self.native, PdfCanvas)
        return self.native


class PdfRenderer(FormatRenderer):
    kind = "pdf"
    preview_class = PdfPreview
    render_image = staticmethod(render_image)
