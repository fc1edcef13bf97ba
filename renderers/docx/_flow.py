"""The window's DOCX view: the pages as :mod:`renderers.docx._pages` lays them out, painted scaled.

The text is laid out once, for the page device (:data:`~renderers.docx._pages.LAYOUT_SCALE`), exactly
as the card's thumbnail, ``mira preview`` and the fidelity bench lay it out: the same line breaks and
page breaks at every zoom and panel width. Zooming or resizing only changes the scale it is painted
at, so neither lays anything out again.
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QImage,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from renderers import _colors as colors
from renderers.docx._html import BandSet
from renderers.docx._pages import LAYOUT_SCALE, Bands, band_docs, lines_by_page, page_lines, paint_page
from renderers.docx._parts import PageGeometry

__all__ = ["PageFlow"]

PAD = 12  # px round the pages
GAP = 12  # px between pages


class PageFlow(QAbstractScrollArea):
    """The document's pages one below the other, fitted to the width (``factor`` 1) or zoomed.

    ``document()`` is the paginated layout itself; text positions map to the screen through
    :meth:`cursor_rect` and back through :meth:`cursorForPosition`. A text cursor with a selection
    (the changed text) is highlighted on its page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._doc = QTextDocument(self)
        self.page = PageGeometry()
        self.bands = BandSet()
        self.images: dict[str, QImage] = {}
        self.factor = 1.0
        self._cursor = QTextCursor(self._doc)
        self._band_docs: dict[tuple[str, str], Bands] = {}
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)  # the fit width stays put
        self.setFrameShape(QAbstractScrollArea.Shape.NoFrame)
        self.verticalScrollBar().setSingleStep(40)
        self.horizontalScrollBar().setSingleStep(40)

    # -- content ------------------------------------------------------------------------
    def set_document(self, doc: QTextDocument, page: PageGeometry, bands: BandSet) -> None:
        """Show the paginated ``doc`` (laid out on ``page``, with ``bands`` in its margins)."""
        self._doc = doc
        self.page = page
        self.bands = bands
        self._cursor = QTextCursor(doc)
        self._band_docs.clear()
        self.relayout()

    def document(self) -> QTextDocument:
        return self._doc

    def page_count(self) -> int:
        return max(1, self._doc.pageCount())

    def relayout(self) -> None:
        """The scroll range for the pages now laid out (after more text came in, a zoom or a resize)."""
        width, height = self.page_size()
        total = PAD * 2 + self.page_count() * (height + GAP) - GAP
        view = self.viewport()
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, round(total - view.height())))
        bar.setPageStep(view.height())
        across = self.horizontalScrollBar()
        across.setRange(0, max(0, round(width + 2 * PAD - view.width())))
        across.setPageStep(view.width())
        view.update()

    # -- geometry ------------------------------------------------------------------------
    def scale(self) -> float:
        """Screen px per page px (96 dpi): the page fills the width less its padding at factor 1."""
        return max(60.0, self.viewport().width() - 2 * PAD) * self.factor / self.page.width

    def page_size(self) -> tuple[float, float]:
        scale = self.scale()
        return self.page.width * scale, self.page.height * scale

    def page_width(self) -> int:
        """The width a page is shown at, in screen px."""
        return round(self.page_size()[0])

    def page_top(self, index: int) -> float:
        """Where page ``index`` starts, in the scrolled content's px."""
        return PAD + index * (self.page_size()[1] + GAP)

    def _page_left(self) -> float:
        width = self.page_size()[0]
        return max(float(PAD), (self.viewport().width() - width) / 2) - self.horizontalScrollBar().value()

    def page_at(self, y: float) -> int:
        """The page shown at content height ``y``."""
        step = self.page_size()[1] + GAP
        return max(0, min(int((y - PAD + GAP / 2) // step), self.page_count() - 1))

    def laid_to_view(self, point: QPointF) -> QPointF:
        """A point of the layout (the page device's units) on the viewport."""
        height_laid = self.page.height * LAYOUT_SCALE
        index = max(0, int(point.y() // height_laid))
        scale = self.scale() / LAYOUT_SCALE
        y = self.page_top(index) + (point.y() - index * height_laid) * scale - self.verticalScrollBar().value()
        return QPointF(self._page_left() + point.x() * scale, y)

    def block_y(self, position: int) -> int:
        """The content height (for the scroll bar) of the line holding text ``position``."""
        return round(self.cursor_rect(position).top()) + self.verticalScrollBar().value()

    def cursor_rect(self, position: int) -> QRectF:
        """The line at text ``position`` on the viewport, one character wide."""
        block = self._doc.findBlock(position)
        if not block.isValid():
            return QRectF()
        box = self._doc.documentLayout().blockBoundingRect(block)
        layout = block.layout()
        at = position - block.position()
        line = layout.lineForTextPosition(at) if layout is not None else None
        if line is None or not line.isValid():
            top, left, height = box.top(), box.left(), box.height()
        else:
            x = line.cursorToX(at)  # PySide answers (x, position)
            top, height = box.top() + line.y(), line.height()
            left = box.left() + (float(x[0]) if isinstance(x, tuple) else 0.0)
        corner = self.laid_to_view(QPointF(left, top))
        scale = self.scale() / LAYOUT_SCALE
        return QRectF(corner.x(), corner.y(), max(1.0, 4 * scale), height * scale)

    def cursorRect(self, cursor: QTextCursor | None = None) -> QRect:
        """As :meth:`QTextEdit.cursorRect`: where ``cursor`` (the view's own by default) is on the viewport."""
        cursor = cursor or self._cursor
        return self.cursor_rect(cursor.position()).toAlignedRect()

    def cursorForPosition(self, point: QPoint) -> QTextCursor:
        """As :meth:`QTextEdit.cursorForPosition`: the text nearest ``point`` of the viewport; a point
        in a page's margin or between pages is taken to the nearest line of that page's text."""
        y = point.y() + self.verticalScrollBar().value()
        index = self.page_at(y)
        scale = self.scale() / LAYOUT_SCALE
        height_laid = self.page.height * LAYOUT_SCALE
        within = (y - self.page_top(index)) / scale
        within = max(self.page.top * LAYOUT_SCALE + 1.0, min(within, (self.page.height - self.page.bottom) * LAYOUT_SCALE - 1.0))
        x = (point.x() - self._page_left()) / scale
        x = max(self.page.left * LAYOUT_SCALE + 1.0, min(x, (self.page.width - self.page.right) * LAYOUT_SCALE - 1.0))
        hit = self._doc.documentLayout().hitTest(QPointF(x, index * height_laid + within), Qt.HitTestAccuracy.FuzzyHit)
        cursor = QTextCursor(self._doc)
        cursor.setPosition(max(0, hit))
        return cursor

    # -- the selection ---------------------------------------------------------------------
    def textCursor(self) -> QTextCursor:
        return QTextCursor(self._cursor)

    def setTextCursor(self, cursor: QTextCursor) -> None:
        """Highlight ``cursor``'s selection (the changed text) and keep it."""
        self._cursor = QTextCursor(cursor)
        self.viewport().update()

    def ensure_visible(self, position: int, margin: int = 24) -> None:
        """Scroll so that the line at text ``position`` is near the top."""
        self.verticalScrollBar().setValue(max(0, self.block_y(position) - margin))

    # -- painting ------------------------------------------------------------------------
    def page_lines(self, index: int) -> list[str]:
        """The text of each line page ``index`` shows (its body, not its margins)."""
        return page_lines(self._doc, index, self.page)

    def text(self) -> str:
        """Every page's text as it is on screen: its header, its lines, its footer."""
        lines = lines_by_page(self._doc, self.page, paragraphs=True)
        out: list[str] = []
        for index in range(self.page_count()):
            header, footer = self._bands_of(index)
            out += [header.toPlainText()] if header is not None else []
            out += lines.get(index, [])
            out += [footer.toPlainText()] if footer is not None else []
        return "\n".join(out)

    def page_bands(self, index: int) -> tuple[str, str]:
        """The header and footer HTML page ``index`` shows in its margins."""
        count = self.page_count()
        return self.bands.html("header", index + 1, count), self.bands.html("footer", index + 1, count)

    def _bands_of(self, index: int) -> Bands:
        texts = self.page_bands(index)
        if texts not in self._band_docs:
            if len(self._band_docs) > 64:  # a page number in the header makes a band per page
                self._band_docs.clear()
            self._band_docs[texts] = band_docs(texts, self.images, self.page)
        return self._band_docs[texts]

    def _selections(self) -> list[QAbstractTextDocumentLayout.Selection]:
        if not self._cursor.hasSelection():
            return []
        selection = QAbstractTextDocumentLayout.Selection()
        selection.cursor = self._cursor
        look = QTextCharFormat()
        look.setBackground(self.palette().color(QPalette.ColorRole.Highlight))
        look.setForeground(self.palette().color(QPalette.ColorRole.HighlightedText))
        selection.format = look
        return [selection]

    def paintEvent(self, event: QPaintEvent) -> None:
        view = self.viewport()
        painter = QPainter(view)
        painter.fillRect(event.rect(), colors.surround())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        width, height = self.page_size()
        scroll = self.verticalScrollBar().value()
        left = self._page_left()
        first = self.page_at(scroll + event.rect().top())
        last = self.page_at(scroll + event.rect().bottom())
        selections = self._selections()
        for index in range(first, last + 1):
            top = self.page_top(index) - scroll
            box = QRectF(left, top, width, height)
            if not box.intersects(QRectF(event.rect())):
                continue
            painter.fillRect(box, QColor("white"))
            painter.save()
            painter.setClipRect(box.intersected(QRectF(event.rect())))
            painter.translate(left, top)
            painter.scale(self.scale(), self.scale())
            paint_page(painter, self._doc, index, self.page, self._bands_of(index), selections)
            painter.restore()
        painter.end()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.relayout()
