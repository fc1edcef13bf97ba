"""The PPTX plugin: slides drawn from their shapes, slide navigation, speaker notes.

A worker reads the deck and each slide (pictures decoded); the UI thread draws the slide, since
drawing lays text out (docs/renderers.md).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from renderers import _colors as colors
from renderers._api import ArtifactView, RendererHost
from renderers._i18n import tr
from renderers._jobs import Jobs, user_message
from renderers._plugin import FormatRenderer
from renderers._pptx_model import Deck, Slide, load
from renderers._pptx_paint import draw_slide, paint_slide
from renderers.qt_card import ArtifactCard
from renderers.qt_preview import PreviewBase

__all__ = ["PptxPreview", "PptxRenderer", "draw_thumbnail", "render_image", "thumbnail_part"]


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """Slide ``index`` drawn ``width`` px wide, with the slide count (``mira preview``: one thread;
    the window's cards use :func:`thumbnail_part` and :func:`draw_thumbnail` instead)."""
    deck = load(path)
    index = max(0, min(index, deck.count - 1))
    return paint_slide(deck, index, width), deck.count


def thumbnail_part(path: Path, index: int, width: int) -> tuple[Deck, Slide]:
    """Worker: the deck opened and slide ``index`` read, its pictures decoded (no drawing)."""
    deck = load(path)
    return deck, deck.slide(max(0, min(index, deck.count - 1)))


def draw_thumbnail(part: tuple[Deck, Slide], width: int) -> tuple[QImage, int]:
    """UI thread: the slide :func:`thumbnail_part` read, drawn ``width`` px wide, with the slide count."""
    deck, slide = part
    return draw_slide(deck, slide, width), deck.count


def _open_at(path: Path, index: int) -> Deck:
    """Worker: the deck opened and the slide it opens at read, so the first slide needs no second trip."""
    deck = load(path)
    deck.slide(max(0, min(index, deck.count - 1)))
    return deck


class _SlideView(QWidget):
    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        self.slide_label = QLabel()
        self.slide_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.slide_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        # zoomed in, the slide is larger than the panel and scrolls; fitted, it fills the panel
        self.slide_area = QScrollArea()
        self.slide_area.setWidgetResizable(True)
        self.slide_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.slide_area.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.slide_area.setWidget(self.slide_label)
        layout.addWidget(self.slide_area, 1)
        self.notes_label = QLabel()
        self.notes_label.setWordWrap(True)
        self.notes_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notes_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        notes = self.notes_area = QScrollArea()
        notes.setWidgetResizable(True)
        notes.setWidget(self.notes_label)
        notes.setMaximumHeight(130)
        notes.setFrameShape(QScrollArea.Shape.NoFrame)
        layout.addWidget(notes)
        self.restyle()

    def restyle(self) -> None:
        """Backgrounds from the palette: the slide sits on Window's darker/lighter shade, notes on AlternateBase."""
        pal = colors.palette()
        colors.apply_sheets((
            (self.slide_label, f"background: {colors.surround(pal).name()};"),
            (self.notes_label, f"background: {colors.color(colors.Role.AlternateBase, pal)}; "
                               f"color: {colors.color(colors.Role.Text, pal)}; "
                               f"border-top: 1px solid {colors.color(colors.Role.Mid, pal)}; padding: 6px;"),
        ))


class PptxPreview(PreviewBase):
    """One slide at a time, scaled to fit, with its notes below."""

    unit = "Slide"

    def _native_widget(self) -> QWidget:
        self.render_jobs = Jobs(self)
        self._track(self.render_jobs)
        self._deck: Deck | None = None
        self._image: QImage | None = None
        self._drawn: tuple[int, int] | None = None  # (slide, width in pixels) on screen
        self._announce = True  # the next paint shows a slide asked for (not only a refit)
        self._factor = 1.0
        self._resize_timer = QTimer(self)
        self._resize_timer.setSingleShot(True)
        self._resize_timer.setInterval(120)
        self._resize_timer.timeout.connect(self._refit)
        # Requests (page turns, zoom, resize) are drawn on the next turn of the event loop: a burst of
        # them draws only the last one, and drawing (text layout) stays on the UI thread.
        self._wanted = 0
        self._paint_timer = QTimer(self)
        self._paint_timer.setSingleShot(True)
        self._paint_timer.setInterval(0)
        self._paint_timer.timeout.connect(self._paint_wanted)
        view = _SlideView()
        view.slide_area.installEventFilter(self)
        return view

    def _native_load(self) -> tuple[Any, ...]:
        return (_open_at, self.path, self.index())

    def _native_loaded(self, document: Any) -> int:
        self._deck = document
        self._drawn = None  # a new version of the file: nothing of it is on screen yet
        return self._deck.count

    def _native_show(self, index: int) -> None:
        self._wanted = index
        self._announce = True
        self._paint_timer.start()

    def _refit(self) -> None:
        """The slide area changed size: the slide on screen is drawn again to fit, and that is not
        a slide newly shown (sig_loaded is for those: a late layout pass on a loaded machine made
        one slide look shown twice)."""
        if self._deck is None:
            return
        if not self._paint_timer.isActive() and self._drawn is not None and self._drawn[0] == self.index():
            self._announce = False
        self._wanted = self.index()
        self._paint_timer.start()

    def _paint_wanted(self) -> None:
        deck, index = self._deck, self._wanted
        if deck is None:
            return
        slide = deck.read(index)
        if slide is None:  # read it in a worker first; drawn when it arrives, if still wanted
            self.render_jobs.submit(deck.slide, index, on_done=lambda _slide: self._on_read(index),
                                    on_error=self._fail)
            return
        self.render_jobs.cancel()  # an older slide still being read is not wanted any more
        area = self.slide_view().slide_area  # its own size, not the viewport: scrollbars of a zoomed slide do not count
        dpr = self.devicePixelRatioF()
        avail_w, avail_h = max(area.width() - 8, 160), max(area.height() - 8, 90)
        width = int(min(avail_w, avail_h * deck.width / deck.height) * dpr * self._factor)
        drawn = (index, max(width, 160))
        announce, self._announce = self._announce, True
        if self._drawn == drawn and self._image is not None:
            # On screen already at this size (a resize that changed nothing drawn, the notes below
            # settling, a return to the slide shown while another was being read): not drawn again.
            if announce:
                self._shown(index)
            return
        try:
            image = draw_slide(deck, slide, max(width, 160))
        except Exception as exc:  # noqa: BLE001 - a slide that cannot be drawn is an error state, not a crash
            self._fail(user_message(exc))
            return
        self._drawn = drawn
        self._on_slide(index, slide, image, announce)

    def _on_read(self, index: int) -> None:
        if index == self._wanted:
            self._paint_timer.start()

    def _on_slide(self, index: int, slide: Slide, image: QImage, announce: bool = True) -> None:
        self._image = image
        view = self.slide_view()
        pix = QPixmap.fromImage(image)
        pix.setDevicePixelRatio(self.devicePixelRatioF())
        view.slide_label.setPixmap(pix)
        zoomed = self._factor > 1.0
        view.slide_area.setWidgetResizable(not zoomed)
        if zoomed:
            view.slide_label.resize(pix.deviceIndependentSize().toSize())
        self._notes = slide.notes.strip()
        self._show_notes()
        if announce:
            self._shown(index)

    def _show_notes(self) -> None:
        notes = getattr(self, "_notes", None)
        if notes is None:
            return  # no slide on screen yet
        self.slide_view().notes_label.setText(tr("Notes: {notes}", notes=notes) if notes
                                              else tr("No notes for this slide."))

    def _retranslate_native(self) -> None:
        view = self.slide_view()
        self._describe(view.slide_area, tr("Slide picture"), tr("The current slide as a picture; its notes are below"))
        self._describe(view.notes_area, tr("Speaker notes"), tr("The notes of the current slide"))
        self.slide_view().restyle()
        self._show_notes()

    def _native_zoomable(self) -> bool:
        return self._deck is not None

    def _native_notes(self, index: int) -> str:
        deck = self._deck
        if deck is None or not 0 <= index < deck.count:
            return ""
        slide = deck.read(index)
        if slide is None:  # read in a worker (never here on the UI thread); the notes line follows
            self.render_jobs.submit(deck.slide, index, on_done=lambda _s: self._show_page_notes(index),
                                    on_error=lambda _message: None)
            return ""
        return slide.notes.strip()

    def _native_zoom(self, step: int) -> None:
        factor = 1.0 if step == 0 else self._factor * (1.25 if step > 0 else 0.8)
        factor = max(0.5, min(3.0, factor))
        if abs(factor - self._factor) > 1e-6:
            self._factor = factor
            self._native_show(self.index())

    def zoom_factor(self) -> float:
        return self._factor

    def slide_view(self) -> _SlideView:
        assert isinstance(self.native, _SlideView)
        return self.native

    def is_loading(self) -> bool:
        """Also while the slide asked for waits for its turn to be drawn."""
        return super().is_loading() or self._paint_timer.isActive()

    def image(self) -> QImage | None:
        """The slide image on screen."""
        return self._image

    def notes(self) -> str:
        return self.slide_view().notes_label.text()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # the slide area changes size with the window and when the notes below it change height
        if event.type() == QEvent.Type.Resize and getattr(self, "_deck", None) is not None \
                and not self.page_view_active():
            self._resize_timer.start()
        return super().eventFilter(watched, event)


class PptxRenderer(FormatRenderer):
    kind = "pptx"
    preview_class = PptxPreview
    render_image = staticmethod(render_image)

    def card(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None) -> ArtifactCard:
        return ArtifactCard(view, host, parent, render_image=thumbnail_part, finish_image=draw_thumbnail)
