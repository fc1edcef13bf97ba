"""The PDF plugin: pages via PyMuPDF with zoom and page navigation."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

from renderers._i18n import tr
from renderers._pdfcanvas import PasswordForm, PasswordNeeded, PdfCanvas, open_and_render, render_image
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
        self._password: str | None = None  # memory only: never saved, logged or sent elsewhere
        self.password_form: PasswordForm | None = None
        self._first: tuple[int, QImage, float] | None = None  # the page read with the count, shown once
        return canvas

    def _retranslate_native(self) -> None:
        self._describe(self.native, tr("Page picture"),
                       tr("The current page as a picture; Ctrl+Page Down moves to the next page"))

    def _native_load(self) -> tuple[Any, ...]:
        # count and first page in one job: one open, one thread hop before the first paint
        return (open_and_render, self.path, self._index, self.canvas().fit_width_px(), self._password)

    def _native_loaded(self, document: Any) -> int:
        assert isinstance(self.path, Path)
        if isinstance(document, PasswordNeeded):
            self._ask_password(str(document))
            return 1  # the question is what is on screen until the password opens the file
        count, index, image, scale = document
        if self.password_form is not None:
            self.password_form.hide()  # the page takes its place on the next image
        self.canvas().set_document(self.path, self._password, int(count))
        self._first = (index, image, scale)
        return int(count)

    def needs_password(self) -> bool:
        return self.password_form is not None and self.password_form.isVisible()

    def _ask_password(self, message: str) -> None:
        if self.password_form is None:
            self.password_form = PasswordForm()
            self.password_form.sig_submitted.connect(self._unlock)
        self.canvas().show_form(self.password_form)
        self.password_form.show()
        self.password_form.ask(message)

    def _unlock(self, password: str) -> None:
        self._password = password
        fn, *args = self._native_load()
        self.jobs.submit(fn, *args, on_done=self._on_document, on_error=self._fail)

    def _native_show(self, index: int) -> None:
        if self.needs_password():
            return
        first, self._first = self._first, None
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
