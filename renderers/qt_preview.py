"""The large preview frame shared by every format: navigation, busy bar, error state, page view.

A format subclass supplies the native view; this frame supplies the rest:

- ``count()``, ``index()``, ``set_index(i)`` and ``sig_loaded(index)`` once the page,
  slide or sheet at that index is on screen; ``sig_failed(message)`` with one clear line.
- the document is parsed in a worker (:class:`~renderers._jobs.Jobs`), never on the UI thread.
- where LibreOffice is installed, a "Page view" toggle shows the faithful rendering
  (LibreOffice → PDF, cached by content hash) in a :class:`~renderers.pdf.plugin.PdfCanvas`, centred with a
  margin, with the slide's notes below it for a deck.
- the wheel turns the page at the end of a page or slide, Ctrl+wheel zooms, the zoom is shown in per cent;
  :meth:`PreviewBase.go_to` shows a change (its page and text or cell) and :meth:`PreviewBase.set_zoom_level`
  carries the zoom over to a newer version of the file.
- in a narrow panel the toolbar's worded buttons turn into icons (their words stay in the tool tip).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import math

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent, QColor, QIcon, QKeySequence, QPainter, QPen, QPixmap, QResizeEvent, QShortcut, QWheelEvent,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from renderers import _colors as colors
from renderers import pageview
from renderers._api import ArtifactView
from renderers._common import checked_path, file_sha256, macros_note
from renderers._i18n import track, tr
from renderers._jobs import Jobs
from renderers.pdf._canvas import PdfCanvas, page_count


# Whole phrases per unit, so a translation never has to glue a noun into a sentence.
POSITION = {"Page": "Page {i} / {n}", "Slide": "Slide {i} / {n}", "Sheet": "Sheet {i} / {n}"}
PREVIOUS = {"Page": "Previous page", "Slide": "Previous slide", "Sheet": "Previous sheet"}
NEXT = {"Page": "Next page", "Slide": "Next slide", "Sheet": "Next sheet"}
WHEEL_STEP = 120  # one notch of a mouse wheel; a touchpad's small steps add up to it before a page turns
ZOOM_STEP = 1.25  # every native view and the PDF canvas zoom by this factor a step
PAGE_VIEW_MARGIN = 24  # px around a page in the page view


def _toolbar_icon(name: str, color: QColor, size: int = 16) -> QIcon:
    """The narrow toolbar's icons, drawn (no icon theme is needed): fit width ↔ and a page."""
    pix = QPixmap(size * 2, size * 2)
    pix.setDevicePixelRatio(2.0)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(color, 1.4))
    mid = size / 2
    if name == "fit":
        p.drawLine(QPointF(2, 2), QPointF(2, size - 2))
        p.drawLine(QPointF(size - 2, 2), QPointF(size - 2, size - 2))
        p.drawLine(QPointF(4, mid), QPointF(size - 4, mid))
        for tip, back in ((4, 7), (size - 4, size - 7)):
            p.drawLine(QPointF(tip, mid), QPointF(back, mid - 3))
            p.drawLine(QPointF(tip, mid), QPointF(back, mid + 3))
    else:  # the page view
        p.drawRect(QRectF(3.5, 1.5, size - 7, size - 3))
        for y in (5, 8, 11):
            p.drawLine(QPointF(6, y), QPointF(size - 6, y))
    p.end()
    return QIcon(pix)


class PreviewBase(QWidget):
    """Frame of a large preview; subclasses implement the ``_native_*`` hooks."""

    sig_loaded = Signal(int)
    sig_failed = Signal(str)

    unit = "Page"  # "Slide", "Sheet" in subclasses
    offers_page_view = True
    LOAD_LANE = ""  # the pool lane the first load runs in (renderers._jobs.STREAMS for a streamed document)

    def __init__(self, view: ArtifactView, parent: QWidget | None = None, index: int = 0, *,
                 cache_dir: Path | None = None, page_view: bool | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.path = view.path
        self.cache_dir = cache_dir
        self._count = 0
        self._index = max(0, index)
        self._error = ""
        self._page_mode = False
        self._pv_canvas: PdfCanvas | None = None
        self._pv_count = 0
        self._pv_index = 0
        self.jobs = Jobs(self, lane=self.LOAD_LANE)
        self.pv_jobs = Jobs(self, timeout=pageview.CONVERT_TIMEOUT + 10)
        self._busy_count = 0
        self._busy_text = "Loading…"
        self._reveal: tuple[str, tuple[int, int] | None] | None = None  # a change to bring into view once shown
        self._zoom_wanted: float | None = None  # a zoom carried over from the previous version, applied once shown
        self._wheel = 0  # wheel movement past the end of a page, towards the next page turn
        self._compact: bool | None = None
        self._build(page_view if page_view is not None else pageview.available())
        self.retranslate()
        track(self)
        # Start on the next turn of the event loop, once the caller has sized and shown us,
        # so the first rasterisation is done at the final width.
        QTimer.singleShot(0, self, self._load)

    # -- public API -------------------------------------------------------------------
    def count(self) -> int:
        """Pages/slides/sheets in the document (0 until loaded or on error)."""
        return self._pv_count if self._page_mode else self._count

    def index(self) -> int:
        """The page/slide/sheet on screen (0-based)."""
        return self._pv_index if self._page_mode else self._index

    def set_index(self, index: int) -> None:
        """Show page/slide/sheet ``index``; ``sig_loaded`` follows once it is on screen."""
        count = self.count()
        if count == 0:
            self._index = max(0, index)  # applied when the document has loaded
            return
        index = max(0, min(index, count - 1))
        if self._page_mode:
            self._pv_index = index
            assert self._pv_canvas is not None
            self._pv_canvas.show_page(index)
        else:
            self._index = index
            self._native_show(index)
        self._update_nav()

    def zoom(self, step: int) -> None:
        """One step in (1) or out (-1), or fit the width (0), in whichever view is shown."""
        canvas = self._canvas()
        if canvas is not None:
            {0: canvas.fit_width, 1: canvas.zoom_in, -1: canvas.zoom_out}[max(-1, min(step, 1))]()
        elif self._native_zoomable():
            self._native_zoom(max(-1, min(step, 1)))
        self._update_nav()

    def error(self) -> str:
        """The error message shown, or ``""``."""
        return self._error

    def is_loading(self) -> bool:
        return self._busy_count > 0

    def page_view_active(self) -> bool:
        return self._page_mode

    def set_page_view(self, on: bool) -> None:
        """Switch to the LibreOffice page view (when offered) or back to the native view."""
        if on != self.page_view_button.isChecked():
            self.page_view_button.setChecked(on)
        else:
            self._on_page_view_toggled(on)

    def go_to(self, index: int, text: str = "", cell: tuple[int, int] | None = None) -> None:
        """Show page/slide/sheet ``index`` with ``text`` (a changed paragraph or line) or ``cell`` (row, column)
        brought into view, where the view can find it."""
        self._reveal = (text, cell) if text or cell is not None else None
        if self.count() and self.index() == max(0, min(index, self.count() - 1)) and not self.is_loading():
            if not self._page_mode:
                self._apply_reveal()  # already there: showing it again would read it again (a sheet)
            return
        self.set_index(index)

    def zoom_level(self) -> float | None:
        """The zoom on screen as a factor (1.0: the view's own fit), or None while a PDF page fits the width."""
        canvas = self._canvas()
        if canvas is not None:
            return canvas.zoom()
        return float(getattr(self, "zoom_factor", lambda: 1.0)())

    def zoom_percent(self) -> int:
        """The zoom in per cent, as the toolbar shows it."""
        canvas = self._canvas()
        level = canvas.shown_zoom() if canvas is not None else self.zoom_level()
        return round((level or 1.0) * 100)

    def set_zoom_level(self, level: float | None) -> None:
        """Zoom to ``level`` (see :meth:`zoom_level`) once the document is on screen."""
        self._zoom_wanted = level
        if self.count():
            self._apply_zoom()

    # -- hooks for subclasses ---------------------------------------------------------
    def _native_widget(self) -> QWidget:
        raise NotImplementedError

    def _native_load(self) -> tuple[Any, ...]:
        """``(fn, *args)`` run in a worker; its result goes to :meth:`_native_loaded`."""
        raise NotImplementedError

    def _native_loaded(self, document: Any) -> int:
        """Keep the parsed document; return the page/slide/sheet count."""
        raise NotImplementedError

    def _native_show(self, index: int) -> None:
        """Put ``index`` on screen, then call :meth:`_shown`."""
        raise NotImplementedError

    def _toolbar_extra(self, bar: QHBoxLayout) -> None:
        """Extra controls after the navigation buttons."""

    def _native_zoomable(self) -> bool:
        """True when the native view zooms through :meth:`_native_zoom`."""
        return False

    def _native_zoom(self, step: int) -> None:
        """Zoom the native view one step in (1) or out (-1), or back to fit the width (0)."""

    def _native_reveal(self, text: str, cell: tuple[int, int] | None) -> None:
        """Bring ``text`` or ``cell`` of the page on screen into view (a view that can find them)."""

    def _native_notes(self, index: int) -> str:
        """The notes of slide ``index``, shown under the page view ("" for a format without notes)."""
        return ""

    # -- frame ------------------------------------------------------------------------
    def _build(self, offer_page_view: bool) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 0)
        self.prev_button = QToolButton()
        self.prev_button.setText("‹")
        self.next_button = QToolButton()
        self.next_button.setText("›")
        self.position_label = QLabel("")
        self.prev_button.clicked.connect(lambda: self.set_index(self.index() - 1))
        self.next_button.clicked.connect(lambda: self.set_index(self.index() + 1))
        # Ctrl+PgUp/PgDn as in spreadsheets and browsers; plain PgUp/PgDn stay with the scrolling view
        for keys, step in (("Ctrl+PgUp", -1), ("Ctrl+PgDown", 1)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda step=step: self._step(step))
        bar.addWidget(self.prev_button)
        bar.addWidget(self.position_label)
        bar.addWidget(self.next_button)
        self._toolbar_extra(bar)
        bar.addStretch(1)
        # Worded buttons drawn as buttons (a frame, not a bare word), that turn into icons in a narrow panel.
        self.fit_button = QToolButton()
        self.zoom_out_button = QToolButton()
        self.zoom_out_button.setText("−")
        self.zoom_label = QLabel("")
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.zoom_in_button = QToolButton()
        self.zoom_in_button.setText("+")
        self.fit_button.clicked.connect(lambda: self.zoom(0))
        self.zoom_out_button.clicked.connect(lambda: self.zoom(-1))
        self.zoom_in_button.clicked.connect(lambda: self.zoom(1))
        for b in (self.fit_button, self.zoom_out_button, self.zoom_label, self.zoom_in_button):
            bar.addWidget(b)
        self.page_view_button = QToolButton()
        self.page_view_button.setCheckable(True)
        for b in (self.fit_button, self.page_view_button):
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            b.setAutoRaise(False)
        self.page_view_button.toggled.connect(self._on_page_view_toggled)
        self.page_view_button.setVisible(offer_page_view and self.offers_page_view)
        bar.addWidget(self.page_view_button)
        layout.addLayout(bar)
        self.macros_label = QLabel()  # read-only view of a macro-enabled package: its macros never run
        self.macros_label.setContentsMargins(8, 0, 8, 0)
        self.macros_label.setVisible(False)
        layout.addWidget(self.macros_label)

        busy = QHBoxLayout()
        busy.setContentsMargins(6, 0, 6, 0)
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumHeight(6)
        self.busy_bar.setTextVisible(False)
        self.busy_label = QLabel()
        busy.addWidget(self.busy_label)
        busy.addWidget(self.busy_bar, 1)
        self.busy_row = QWidget()
        self.busy_row.setLayout(busy)
        self.busy_row.setVisible(False)
        layout.addWidget(self.busy_row)

        self.stack = QStackedWidget()
        self.native = self._native_widget()
        self.stack.addWidget(self.native)
        self._watch_wheel(self.native)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stack.addWidget(self.error_label)
        layout.addWidget(self.stack, 1)
        self.page_notes = QLabel()  # a slide's notes under its page view (the native view shows its own)
        self.page_notes.setWordWrap(True)
        self.page_notes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.page_notes.setContentsMargins(8, 4, 8, 6)
        self.page_notes.setVisible(False)
        layout.addWidget(self.page_notes)
        self._track(self.jobs)
        self._track(self.pv_jobs)
        self._update_nav()

    def retranslate(self) -> None:
        """Show the frame's strings in the current language and its colours from the palette."""
        unit = self.unit if self.unit in POSITION else "Page"
        self.prev_button.setToolTip(tr(PREVIOUS[unit]))
        self.next_button.setToolTip(tr(NEXT[unit]))
        self._describe(self.prev_button, tr(PREVIOUS[unit]), tr("Ctrl+Page Up also goes back"))
        self._describe(self.next_button, tr(NEXT[unit]), tr("Ctrl+Page Down also goes forward"))
        widest = max(tr(POSITION[u], i=8888, n=8888) for u in POSITION)
        self.position_label.setMinimumWidth(self.position_label.fontMetrics().horizontalAdvance(widest))
        self.fit_button.setText(tr("Fit width"))
        self.fit_button.setToolTip(tr("Make the content as wide as the panel"))
        self.zoom_out_button.setToolTip(tr("Zoom out"))
        self.zoom_in_button.setToolTip(tr("Zoom in"))
        self.zoom_label.setToolTip(tr("Zoom (Ctrl+wheel)"))
        self._describe(self.zoom_label, tr("Zoom"), tr("Zoom (Ctrl+wheel)"))
        self.page_view_button.setText(tr("Page view"))
        self.page_view_button.setToolTip(tr("Show the pages as LibreOffice lays them out"))
        self._describe(self.fit_button, tr("Fit width"), tr("Make the content as wide as the panel"))
        self._describe(self.zoom_out_button, tr("Zoom out"), tr("Show the content smaller"))
        self._describe(self.zoom_in_button, tr("Zoom in"), tr("Show the content larger"))
        self._describe(self.page_view_button, tr("Page view"), tr("Show the pages as LibreOffice lays them out"))
        self.busy_label.setText(tr(self._busy_text))
        macros = macros_note(self.path)
        self.macros_label.setText(macros)
        self.macros_label.setVisible(bool(macros))
        if self._error:
            self.error_label.setText(tr("⚠  Cannot show this file") + f"\n\n{self._error}")
        self._compact = None  # the words changed width: decide icons or words again
        self._fit_toolbar()
        self._update_nav()
        self._retranslate_native()
        self._restyle()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_toolbar()

    def _fit_toolbar(self) -> None:
        """Words on the buttons when they fit the panel's width, icons (words in the tool tip) when not."""
        buttons = (self.fit_button, self.page_view_button)
        layout = self.layout()
        bar = layout.itemAt(0) if layout is not None else None
        if bar is None:
            return
        needed = bar.sizeHint().width()
        if self._compact:  # as wide as it would be with words
            needed += sum(b.fontMetrics().horizontalAdvance(b.text()) + 16 - b.sizeHint().width()
                          for b in buttons if not b.isHidden())
        compact = self.width() < needed
        if compact == self._compact:
            return
        self._compact = compact
        color = self.palette().color(self.foregroundRole())
        self.fit_button.setIcon(_toolbar_icon("fit", color))
        self.page_view_button.setIcon(_toolbar_icon("page", color))
        style = Qt.ToolButtonStyle.ToolButtonIconOnly if compact else Qt.ToolButtonStyle.ToolButtonTextOnly
        for b in buttons:
            b.setToolButtonStyle(style)
        self.fit_button.setToolTip(tr("Fit width") if compact else tr("Make the content as wide as the panel"))
        self.page_view_button.setToolTip(tr("Page view") if compact else
                                         tr("Show the pages as LibreOffice lays them out"))

    def compact(self) -> bool:
        """True while the toolbar shows icons instead of words (a narrow panel)."""
        return bool(self._compact)

    def minimumSizeHint(self) -> Any:
        # As narrow as the icons allow, not as wide as the worded toolbar: a panel never widens the window.
        hint = super().minimumSizeHint()
        hint.setWidth(min(hint.width(), 280))
        return hint

    @staticmethod
    def _describe(widget: QWidget, name: str, description: str) -> None:
        """What a screen reader says for a control: its name, then what it does."""
        widget.setAccessibleName(name)
        widget.setAccessibleDescription(description)

    def _restyle(self) -> None:
        # The worded buttons look like buttons in every style (a frame; Page view shows when it is on).
        pal = colors.palette()
        frame = (f"QToolButton {{ border: 1px solid {colors.color(colors.Role.Mid, pal)}; border-radius: 4px; "
                 f"padding: 2px 8px; background: {colors.color(colors.Role.Button, pal)}; }}"
                 f"QToolButton:hover {{ border-color: {colors.color(colors.Role.Highlight, pal)}; }}"
                 f"QToolButton:checked {{ background: {colors.color(colors.Role.Highlight, pal)}; "
                 f"color: {colors.color(colors.Role.HighlightedText, pal)}; }}")
        for b in (self.fit_button, self.page_view_button):
            if b.styleSheet() != frame:
                b.setStyleSheet(frame)
        sheet = f"color: {colors.status('error')}; padding: 24px; font-size: 14px;"
        if self.error_label.styleSheet() != sheet:
            self.error_label.setStyleSheet(sheet)
        muted = f"color: {colors.status('muted')};"
        if self.macros_label.styleSheet() != muted:
            self.macros_label.setStyleSheet(muted)

    def _retranslate_native(self) -> None:
        """Subclasses re-set their own strings and colours here."""

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) \
                and hasattr(self, "error_label"):
            self._restyle()
            self._retranslate_native()

    def _set_busy_text(self, text: str) -> None:
        self._busy_text = text
        self.busy_label.setText(tr(text))

    def _step(self, step: int) -> None:
        target = self.index() + step
        if 0 <= target < self.count():
            self.set_index(target)

    def _track(self, jobs: Jobs) -> None:
        jobs.sig_busy.connect(self._on_busy)

    def _on_busy(self, busy: bool) -> None:
        self._busy_count = max(0, self._busy_count + (1 if busy else -1))
        self.busy_row.setVisible(self._busy_count > 0)

    def _canvas(self) -> PdfCanvas | None:
        if self._page_mode:
            return self._pv_canvas
        return self.native if isinstance(self.native, PdfCanvas) else None

    def _update_nav(self) -> None:
        count, index = self.count(), self.index()
        unit = "Page" if self._page_mode or self.unit not in POSITION else self.unit
        self.position_label.setText(tr(POSITION[unit], i=index + 1, n=count) if count else "")
        self.prev_button.setEnabled(count > 0 and index > 0)
        self.next_button.setEnabled(count > 0 and index < count - 1)
        for b in (self.prev_button, self.next_button):
            b.setVisible(not self._error)
        zoomable = (self._canvas() is not None or (not self._page_mode and self._native_zoomable())) \
            and not self._error
        for w in (self.fit_button, self.zoom_out_button, self.zoom_label, self.zoom_in_button):
            w.setVisible(zoomable)
        self.zoom_label.setText(tr("{percent} %", percent=self.zoom_percent()) if zoomable else "")
        self._fit_toolbar()  # buttons shown or hidden change what the toolbar needs

    def _load(self) -> None:
        fn, *args = self._native_load()
        self.jobs.submit(fn, *args, on_done=self._on_document, on_error=self._fail)

    def _on_document(self, document: Any) -> None:
        self._count = self._native_loaded(document)
        if self._count <= 0:
            self._fail(tr("{name}: nothing to show", name=self.view.title))
            return
        self._index = min(self._index, self._count - 1)
        self._update_nav()
        self._native_show(self._index)

    def _shown(self, index: int) -> None:
        """Subclasses call this when ``index`` is on screen."""
        if not self._page_mode:
            if self._zoom_wanted is not None:
                self._apply_zoom()
            if self._reveal is not None and index == self._index:
                self._apply_reveal()
            self._update_nav()
            self.sig_loaded.emit(index)

    def _apply_reveal(self) -> None:
        reveal, self._reveal = self._reveal, None
        if reveal is not None:
            self._native_reveal(*reveal)

    def _apply_zoom(self) -> None:
        level, self._zoom_wanted = self._zoom_wanted, None
        canvas = self._canvas()
        if canvas is not None:
            canvas.set_zoom(level)
        elif level is not None and self._native_zoomable():
            steps = round(math.log(max(level, 0.01)) / math.log(ZOOM_STEP))
            for _ in range(abs(steps)):
                self._native_zoom(1 if steps > 0 else -1)

    # -- the wheel ------------------------------------------------------------------------
    def _watch_wheel(self, widget: QWidget) -> None:
        """See the wheel over ``widget``'s scrolling parts before they scroll (to turn pages and zoom)."""
        areas = [widget] if isinstance(widget, QAbstractScrollArea) else []
        areas += widget.findChildren(QAbstractScrollArea)
        for area in areas:
            area.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Wheel and isinstance(event, QWheelEvent) and isinstance(watched, QWidget):
            if self._on_wheel(watched, event):
                return True
        return super().eventFilter(watched, event)

    def _on_wheel(self, viewport: QWidget, event: QWheelEvent) -> bool:
        """Ctrl+wheel zooms; the wheel past the end (or start) of a page or slide turns to the next (previous)."""
        delta = event.angleDelta().y()
        if not delta or self._error:
            return False
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom(1 if delta > 0 else -1)
            return True
        if self.unit == "Sheet" and not self._page_mode:
            return False  # a sheet's wheel scrolls its rows; sheets are chosen with their tabs
        area = viewport.parentWidget()
        bar = area.verticalScrollBar() if isinstance(area, QAbstractScrollArea) else None
        at_end = bar is None or (bar.value() >= bar.maximum() if delta < 0 else bar.value() <= bar.minimum())
        step = 1 if delta < 0 else -1
        if not at_end or not 0 <= self.index() + step < self.count():
            self._wheel = 0
            return False
        if self.unit == "Page" and self._canvas() is None:
            return False  # a flowing document (DOCX) scrolls through its pages: nothing to turn
        self._wheel += delta
        if abs(self._wheel) < WHEEL_STEP:
            return True
        self._wheel = 0
        self._step(step)
        return True

    def _fail(self, message: str) -> None:
        name = self.path.name if self.path else self.view.title
        self._error = message if message.startswith(name) else f"{name}: {message}"
        self.error_label.setText(tr("⚠  Cannot show this file") + f"\n\n{self._error}")
        self.stack.setCurrentWidget(self.error_label)
        if not self._page_mode:
            self.page_view_button.setEnabled(False)  # a file we could not read is not sent on
        self._update_nav()
        self.sig_failed.emit(self._error)

    def closeEvent(self, event: QCloseEvent) -> None:
        # Forget pending work (a long document still being read, a sheet read ahead): its callbacks
        # hold this widget, and a widget kept alive by such a cycle may be freed later by Python's
        # garbage collector on a worker thread, which Qt does not allow.
        for jobs in self.findChildren(Jobs):
            jobs.cancel()
        super().closeEvent(event)

    # -- page view ----------------------------------------------------------------------
    def _on_page_view_toggled(self, on: bool) -> None:
        if not on:
            was_paged = self._page_mode
            self._page_mode = False
            self.page_notes.setVisible(False)
            self.pv_jobs.cancel()
            if not self._error:
                self.stack.setCurrentWidget(self.native)
                if was_paged and self._count and self._pv_count:
                    # back where the page view was
                    self._index = min(self._pv_index, self._count - 1)
                    self._native_show(self._index)
            self._update_nav()
            return
        if self.path is None:
            return
        self._page_mode = True
        self._pv_index = self._index  # the page view opens where the native view is
        if self._pv_canvas is None:
            self._pv_canvas = PdfCanvas()
            self._pv_canvas.setAlignment(Qt.AlignmentFlag.AlignCenter)  # a page smaller than the panel sits in its middle
            self._pv_canvas.set_margin(PAGE_VIEW_MARGIN)
            self._watch_wheel(self._pv_canvas)
            self._pv_canvas.sig_rendered.connect(self._on_pv_rendered)
            self._pv_canvas.sig_failed.connect(self._fail)
            self._track(self._pv_canvas.jobs)
            self.stack.addWidget(self._pv_canvas)
        self._set_busy_text("Rendering pages with LibreOffice…")
        sha = self.view.sha256
        self.pv_jobs.submit(_convert, self.path, sha, self.cache_dir,
                            on_done=self._on_pv_pdf, on_error=self._fail)

    def _on_pv_pdf(self, result: tuple[Path, int]) -> None:
        pdf, count = result
        assert self._pv_canvas is not None
        self._set_busy_text("Loading…")
        self._pv_count = count
        self._pv_index = max(0, min(self._pv_index, count - 1))
        self._pv_canvas.set_document(pdf)
        self.stack.setCurrentWidget(self._pv_canvas)
        self._pv_canvas.show_page(self._pv_index)
        self._update_nav()

    def _on_pv_rendered(self, index: int) -> None:
        if self._page_mode:
            self._show_page_notes(index)
            self._update_nav()
            self.sig_loaded.emit(index)

    def _show_page_notes(self, index: int) -> None:
        notes = self._native_notes(index) if self._page_mode else ""
        self.page_notes.setText(tr("Notes: {notes}", notes=notes) if notes else "")
        self.page_notes.setVisible(bool(notes))


def _convert(path: Path, sha256: str, cache_dir: Path | None) -> tuple[Path, int]:
    """Worker: cached LibreOffice conversion, then the page count of the PDF."""
    checked_path(path, path.suffix.lower().lstrip("."))  # never hand a refused file to LibreOffice
    pdf = pageview.cached_pdf(path, sha256 or file_sha256(path), cache_dir)
    return pdf, page_count(pdf)

