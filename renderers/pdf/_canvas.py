"""A zoomable PDF page canvas (PDF preview and page view) and the password question.

The pages come from :mod:`renderers.pdf._source` (a file worker process first,
then redraws in process); this module only shows them.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from renderers import _colors as colors
from renderers._i18n import tr
from renderers._jobs import Jobs
from renderers.pdf._source import (
    SCREEN_ZOOM,
    PasswordNeeded,
    cached,
    render_page_scaled,
    open_and_render,
    page_count,
    redraw_here,
    render_image,
    render_page,
    let_go,
    reserve,
    start_page,
)

__all__ = ["PasswordForm", "PasswordNeeded", "PdfCanvas", "open_and_render", "page_count", "render_image",
           "render_page"]


AHEAD_AFTER_MS = 250  # on a page this long, the next one is drawn ahead
BUSY_AFTER = 0.15  # seconds a page may take before the preview says it is busy
# (path, page, width in device pixels or None when zoomed, zoom, password): one drawn page of one file version
PageArgs = tuple[Path, int, int | None, float, str | None]


class _Page(QWidget):
    """Paints the page image directly: only the visible part is converted and drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.image: QImage | None = None
        # The page covers the widget (sized to it): nothing behind it is painted first, on every paint.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def set_image(self, image: QImage, dpr: float) -> None:
        self.image = image
        self.resize(int(image.width() / dpr), int(image.height() / dpr))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        if self.image is None:
            painter.fillRect(event.rect(), self.palette().window())
            painter.end()
            return
        dpr = self.image.width() / max(self.width(), 1)
        area = event.rect()
        source = QRectF(area.x() * dpr, area.y() * dpr, area.width() * dpr, area.height() * dpr)
        painter.drawImage(QRectF(area), self.image, source)
        painter.end()


_open = [0]  # PDF canvases alive: when the last one goes, its kept pages and page blocks go too


def _closed() -> None:
    _open[0] -= 1
    if _open[0] == 0:
        let_go()


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

    def changeEvent(self, event: QEvent) -> None:
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
        self._password: str | None = None  # memory only, never written anywhere
        self._page = 0
        self._zoom: float | None = None  # None = fit width
        self._image: QImage | None = None
        self._shown_zoom = 1.0
        self._margin = 12  # px each side of a fit-width page
        self.jobs = Jobs(self, busy_after=BUSY_AFTER)  # a page drawn in time shows no busy bar
        self._resize_timer = QTimer(self)
        self._resize_timer.setSingleShot(True)
        self._resize_timer.setInterval(120)
        self._resize_timer.timeout.connect(self._on_resized)
        # The next page is drawn while the user reads this one, once they have stayed on it a
        # moment: flipping through quickly never waits behind a page nobody asked for.
        self._pages = 0
        self._shown_args: PageArgs | None = None  # the page on screen or on its way
        self.ahead_jobs = Jobs(self)
        self._ahead: tuple[PageArgs, tuple[QImage, float]] | None = None
        self._ahead_args: PageArgs | None = None  # the page being drawn ahead now
        self._adopt = False  # that page was asked for meanwhile: show it when it comes
        self._ahead_timer = QTimer(self)
        self._ahead_timer.setSingleShot(True)
        self._ahead_timer.setInterval(AHEAD_AFTER_MS)
        self._ahead_timer.timeout.connect(self._draw_ahead)
        _open[0] += 1
        self.destroyed.connect(_closed)

    def set_document(self, path: Path, password: str | None = None, pages: int = 0) -> None:
        """The file to show; with its page count ``pages`` the next page is drawn ahead."""
        self._path = path
        self._password = password
        self._pages = pages
        self._ahead = None

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
        """Show a page already rendered at fit width (the first paint), or draw it again when the view
        is no longer that wide: the load starts before the panel lays the view out, and that page shown as
        it came stood wider than the panel until a resize drew it again."""
        self._page = index
        if image.width() != self.fit_width_px():
            self._render()
            return
        self._shown_args = self._args(index)
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

    def set_zoom(self, z: float | None) -> None:
        """A zoom factor, or None to fit the width (what :meth:`zoom` said of another canvas)."""
        if z is None:
            self.fit_width()
        else:
            self._set_zoom(z)

    def shown_zoom(self) -> float:
        """The zoom of the page on screen (also while it fits the width)."""
        return self._current_zoom()

    def set_margin(self, margin: int) -> None:
        """Space left around a fit-width page on each side."""
        self._margin = margin

    def _avail_width(self) -> int:
        return max(self.viewport().width() - 2 * self._margin, 100)

    def _args(self, page: int) -> PageArgs | None:
        """What draws ``page`` at the current size (``None`` without a document)."""
        if self._path is None:
            return None
        dpr = self.devicePixelRatioF()
        if self._zoom is None:
            return self._path, page, int(self._avail_width() * dpr), 1.0, self._password
        return self._path, page, None, self._zoom * dpr, self._password

    def _render(self) -> None:
        args = self._shown_args = self._args(self._page)
        if args is None:
            return
        self._ahead_timer.stop()
        ahead, self._ahead, self._adopt = self._ahead, None, False
        if ahead is not None and ahead[0] == args:
            self.jobs.cancel()
            self._on_image(ahead[1])
            return
        drawn = cached(*args)  # a page shown lately: nothing to draw
        if drawn is not None:
            self.jobs.cancel()
            self._on_image(drawn)
            return
        if self.ahead_jobs.busy() and self._ahead_args == args:
            self.jobs.cancel()
            self._adopt = True
            return
        redrawn = redraw_here(*args)  # a page the worker drew quickly before: drawn here, no round trip
        if redrawn is not None:
            self.jobs.cancel()
            self._on_image(redrawn)
            return
        started = start_page(*args)  # a page the worker draws: no pool thread in between
        if started is not None:
            self.jobs.submit_piped(*started, on_done=self._on_image, on_error=self.sig_failed.emit)
        else:
            self.jobs.submit(render_page_scaled, *args, on_done=self._on_image, on_error=self.sig_failed.emit)

    def show_form(self, form: QWidget) -> None:
        """Show ``form`` (the password question) where the page goes; the page returns with the next image."""
        if self.widget() is self._page_widget:
            self.takeWidget()
        self.setWidgetResizable(True)
        self.setWidget(form)

    def _restore_page(self) -> None:
        if self.widget() is not self._page_widget:
            form = self.takeWidget()
            if form is not None:
                form.hide()
            self.setWidgetResizable(False)
            self.setWidget(self._page_widget)

    def _on_image(self, result: tuple[QImage, float]) -> None:
        self._restore_page()
        image, scale = result
        self._image = image
        # remember the zoom on screen, so +/- continue from what the user sees
        self._shown_zoom = scale / SCREEN_ZOOM / self.devicePixelRatioF()
        self._page_widget.set_image(image, self.devicePixelRatioF())
        self.sig_rendered.emit(self._page)
        if self._path is not None:
            reserve(self._path, self._password, image, self._pages)
        if self._zoom is None and self._page + 1 < self._pages:
            self._ahead_timer.start()

    def _draw_ahead(self) -> None:
        args = self._args(self._page + 1)
        if args is None or cached(*args) is not None:
            return
        started = start_page(*args)  # None: the worker is busy
        if started is not None and self._page + 1 < self._pages:
            self._ahead_args = args
            self.ahead_jobs.submit_piped(*started, on_done=lambda result: self._drawn_ahead(args, result),
                                         on_error=lambda _message: self._drawn_ahead(args, None))

    def _drawn_ahead(self, args: PageArgs, result: tuple[QImage, float] | None) -> None:
        self._ahead_args = None
        self._ahead = (args, result) if result is not None else None
        if self._adopt:  # the page was asked for while it was drawn ahead: show it (or ask again)
            self._adopt = False
            self._render()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._zoom is None and self._image is not None:
            self._resize_timer.start()

    def _on_resized(self) -> None:
        # Only a new width changes a fit-width page. A height change alone (the preview's busy
        # bar coming and going while a page is drawn) redrawing the page would start that bar
        # again: a page drawn over and over, for as long as the preview is open.
        if self._zoom is None and self._args(self._page) != self._shown_args:
            self._render()


class PasswordForm(QWidget):
    """Asks for a PDF's user password; the text goes to ``sig_submitted`` and nowhere else."""

    sig_submitted = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.message)
        row = QHBoxLayout()
        row.addStretch(1)
        self.field = QLineEdit()
        self.field.setEchoMode(QLineEdit.EchoMode.Password)
        self.field.setMinimumWidth(220)
        self.field.returnPressed.connect(self._submit)
        row.addWidget(self.field)
        self.button = QPushButton()
        self.button.clicked.connect(self._submit)
        row.addWidget(self.button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(2)
        self.retranslate()

    def retranslate(self) -> None:
        self.field.setPlaceholderText(tr("Password"))
        self.button.setText(tr("Open"))
        self.field.setAccessibleName(tr("Password"))
        self.field.setAccessibleDescription(tr("The PDF's password; it is kept in memory only, never saved"))
        self.button.setAccessibleName(tr("Open"))
        self.button.setAccessibleDescription(tr("Open the PDF with this password"))

    def ask(self, message: str) -> None:
        self.message.setText(message)
        self.field.clear()
        self.field.setEnabled(True)
        self.button.setEnabled(True)
        self.field.setFocus()

    def _submit(self) -> None:
        if self.field.text():
            self.field.setEnabled(False)
            self.button.setEnabled(False)
            self.sig_submitted.emit(self.field.text())
