"""The window's DOCX view: the pages as :mod:`renderers.docx._pages` lays them out, painted scaled.

The text is laid out once, for the page device (:data:`~renderers.docx._pages.LAYOUT_SCALE`), exactly
as the card's thumbnail, ``mira preview`` and the fidelity bench lay it out (one
:class:`~renderers.docx._pages.PageLayout`): the same line breaks and page breaks at every zoom and
panel width. Zooming or resizing only changes the scale it is painted at, so neither lays anything
out again.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QRegularExpression, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QAccessible,
    QAccessibleTextCursorEvent,
    QAccessibleTextInsertEvent,
    QAccessibleTextSelectionEvent,
    QColor,
    QContextMenuEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QMenu, QWidget

from renderers import _colors as colors
from renderers._i18n import tr
from renderers.docx import _access
from renderers.docx._html import BandSet
from renderers.docx._pages import LAYOUT_SCALE, Bands, PageLayout, SectionPages, band_docs, lines_by_page, paint_page
from renderers.docx._parts import PageGeometry
from renderers.docx._select import Spot, TextSpan, plain

__all__ = ["PageFlow"]

PAD = 12  # px round the pages
GAP = 12  # px between pages


# where a footnote or endnote mark may stand in a paragraph's text: after a word or its punctuation (escaped)
_MARK_AFTER = re.compile(r"((?:\\[.,;:!?)]|[.,;:!?)。，；：！？）\w]))(?=\\ |\\\s|$)")

class PageFlow(QAbstractScrollArea):
    """The document's pages one below the other, the widest fitted to the width (``factor`` 1) or zoomed.

    Text positions (a :class:`QTextCursor` of a section's layout) map to the screen through
    :meth:`cursorRect` and back through :meth:`cursorForPosition`. A cursor with a selection (the
    changed text) is highlighted on its page. The reader selects as in any document viewer: press and
    drag (Shift+click extends), double-click a word, Ctrl+A; Ctrl+C or the context menu copies."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _access.install(PageFlow)  # a screen reader reads the pages' text (they are painted)
        self.pages = PageLayout()
        self.factor = 1.0
        self._empty = QTextDocument(self)
        self.span = TextSpan()
        self._told = 0  # characters a screen reader was told of
        self._dragging = False
        self._band_docs: dict[tuple[int, tuple[str, str]], Bands] = {}
        self._tops: list[float] = []  # each page's top in the unscaled content (page px, padding scaled too)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setCursor(Qt.CursorShape.IBeamCursor)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)  # the fit width stays put
        self.setFrameShape(QAbstractScrollArea.Shape.NoFrame)
        self.verticalScrollBar().setSingleStep(40)
        self.horizontalScrollBar().setSingleStep(40)

    # -- content ------------------------------------------------------------------------
    def set_layout(self, layout: PageLayout) -> None:
        """Show ``layout``'s pages (it grows as the rest of the document is read: :meth:`relayout`)."""
        self.pages = layout
        self.span.clear()
        self._told = 0
        self._band_docs.clear()
        self.relayout()

    def document(self) -> QTextDocument:
        """The first section's layout (the whole document's when it has one section)."""
        return self.pages.sections[0].doc if self.pages.sections else self._empty

    def documents(self) -> list[QTextDocument]:
        return [part.doc for part in self.pages.sections]

    def find_text(self, needle: str) -> QTextCursor:
        """The first place ``needle`` is in the body's text (a null cursor when nowhere). The file's text has
        no note marks and the page's has ("Test footnote.1 Test endnote.2"): a mark may follow a word."""
        for doc in self.documents():
            found = doc.find(needle)
            if not found.isNull():
                return found
        marked = QRegularExpression(_MARK_AFTER.sub(r"\1(?:[0-9]{1,3}|[ivxlc]{1,5}|\\*)?",
                                                    QRegularExpression.escape(needle)))
        for doc in self.documents():
            found = doc.find(marked)
            if not found.isNull():
                return found
        return QTextCursor()

    def page_count(self) -> int:
        return self.pages.count()

    def relayout(self) -> None:
        """The pages' places and the scroll range, for what is laid out now (after more text came in,
        a zoom or a resize)."""
        tops: list[float] = []
        y = PAD / self.scale()
        for part in self.pages.sections:
            for _ in range(part.first, part.first + max(1, part.doc.pageCount())):
                tops.append(y)
                y += part.page.height + GAP / self.scale()
        self._tops = tops or [y]
        total = (y - GAP / self.scale()) * self.scale() + PAD
        view = self.viewport()
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, round(total - view.height())))
        bar.setPageStep(view.height())
        across = self.horizontalScrollBar()
        across.setRange(0, max(0, round(self._widest() * self.scale() + 2 * PAD - view.width())))
        across.setPageStep(view.width())
        view.update()
        self._tell_new_text()

    def _tell_new_text(self) -> None:
        """Tell a screen reader of the text that came in since it last heard (the rest of a document is
        read while it is shown)."""
        if not QAccessible.isActive():
            return
        reader = QAccessible.queryAccessibleInterface(self)
        text = reader.textInterface() if reader is not None else None
        count = text.characterCount() if text is not None else 0
        if text is not None and count > self._told:
            QAccessible.updateAccessibility(QAccessibleTextInsertEvent(self, self._told, text.text(self._told, count)))
        self._told = count

    # -- geometry ------------------------------------------------------------------------
    def _widest(self) -> int:
        return max((part.page.width for part in self.pages.sections), default=816)

    def scale(self) -> float:
        """Screen px per page px (96 dpi): the widest page fills the width less its padding at factor 1."""
        return max(60.0, self.viewport().width() - 2 * PAD) * self.factor / self._widest()

    def page_width(self, index: int = 0) -> int:
        """The width page ``index`` is shown at, in screen px."""
        return round(self._part(index)[0].page.width * self.scale())

    def page_top(self, index: int) -> float:
        """Where page ``index`` starts, in the scrolled content's px."""
        if not self._tops:
            return float(PAD)
        index = max(0, min(index, len(self._tops) - 1))
        return self._tops[index] * self.scale()

    def page_left(self, index: int = 0) -> float:
        """Where page ``index``'s left edge is on the viewport."""
        width = self._part(index)[0].page.width * self.scale()
        return max(float(PAD), (self.viewport().width() - width) / 2) - self.horizontalScrollBar().value()

    def page_at(self, y: float) -> int:
        """The page shown at content height ``y`` (the gap above a page is its own)."""
        return max(0, min(bisect_right(self._tops, (y + GAP) / self.scale()) - 1, self.page_count() - 1))

    def _part(self, index: int) -> tuple[SectionPages, int]:
        if not self.pages.sections:
            self.pages.add("", lambda _k: (PageGeometry(), BandSet()))
        return self.pages.locate(index)

    def _section_of(self, doc: QTextDocument) -> SectionPages | None:
        return next((part for part in self.pages.sections if part.doc is doc), None)

    def laid_to_view(self, part: SectionPages, point: QPointF) -> QPointF:
        """A point of a section's layout (the page device's units) on the viewport."""
        height_laid = part.page.height * LAYOUT_SCALE
        local = max(0, int(point.y() // height_laid))
        index = part.first + local
        scale = self.scale() / LAYOUT_SCALE
        y = self.page_top(index) + (point.y() - local * height_laid) * scale - self.verticalScrollBar().value()
        y += part.shift(local) * self.scale()
        return QPointF(self.page_left(index) + point.x() * scale, y)

    def block_y(self, cursor: QTextCursor | int) -> int:
        """The content height (for the scroll bar) of the line holding ``cursor`` (or a position in the
        first section)."""
        return round(self.cursorRect(cursor).top()) + self.verticalScrollBar().value()

    def cursorRect(self, cursor: QTextCursor | int | None = None) -> QRect:
        """As :meth:`QTextEdit.cursorRect`: where ``cursor`` (the view's own by default) is on the viewport."""
        if isinstance(cursor, int):
            position = cursor
            cursor = QTextCursor(self.document())
            cursor.setPosition(min(max(0, position), self.document().characterCount() - 1))
        cursor = cursor if cursor is not None else self.textCursor()
        return self._line_rect(cursor).toAlignedRect()

    def _line_rect(self, cursor: QTextCursor) -> QRectF:
        part = self._section_of(cursor.document())
        block = cursor.block()
        if part is None or not block.isValid():
            return QRectF()
        box = part.doc.documentLayout().blockBoundingRect(block)
        layout = block.layout()
        at = cursor.position() - block.position()
        line = layout.lineForTextPosition(at) if layout is not None else None
        if line is None or not line.isValid():
            top, left, height = box.top(), box.left(), box.height()
        else:
            x = line.cursorToX(at)  # PySide answers (x, position)
            top, height = box.top() + line.y(), line.height()
            left = box.left() + (float(x[0]) if isinstance(x, tuple) else 0.0)
        corner = self.laid_to_view(part, QPointF(left, top))
        scale = self.scale() / LAYOUT_SCALE
        return QRectF(corner.x(), corner.y(), max(1.0, 4 * scale), height * scale)

    def cursorForPosition(self, point: QPoint) -> QTextCursor:
        """As :meth:`QTextEdit.cursorForPosition`: the text nearest ``point`` of the viewport; a point
        in a page's margin or between pages is taken to the nearest line of that page's text."""
        y = point.y() + self.verticalScrollBar().value()
        index = self.page_at(y)
        part, local = self._part(index)
        page = part.page
        scale = self.scale() / LAYOUT_SCALE
        within = (y - self.page_top(index) - part.shift(local) * self.scale()) / scale
        within = max(page.top * LAYOUT_SCALE + 1.0, min(within, (page.height - page.bottom) * LAYOUT_SCALE - 1.0))
        x = (point.x() - self.page_left(index)) / scale
        x = max(page.left * LAYOUT_SCALE + 1.0, min(x, (page.width - page.right) * LAYOUT_SCALE - 1.0))
        spot = QPointF(x, local * page.height * LAYOUT_SCALE + within)
        hit = part.doc.documentLayout().hitTest(spot, Qt.HitTestAccuracy.FuzzyHit)
        cursor = QTextCursor(part.doc)
        cursor.setPosition(max(0, hit))
        return cursor

    # -- the selection ---------------------------------------------------------------------
    def textCursor(self) -> QTextCursor:
        """The selection as a cursor of the section its moving end is in (a selection that crosses
        sections: that section's share of it)."""
        section, position = self.span.head
        docs = self.documents()
        if section >= len(docs):
            return QTextCursor(self.document())
        share = self.span.cursor_in(docs, section)
        if share is not None:
            return share
        cursor = QTextCursor(docs[section])
        cursor.setPosition(min(position, docs[section].characterCount() - 1))
        return cursor

    def setTextCursor(self, cursor: QTextCursor) -> None:
        """Highlight ``cursor``'s selection (the changed text) and keep it."""
        section = self._index_of(cursor.document())
        if section is None:
            return
        self.set_span((section, cursor.anchor()), (section, cursor.position()))

    def set_span(self, anchor: Spot, head: Spot) -> None:
        """Select from ``anchor`` to ``head``, draw it and tell a screen reader."""
        self.span.set(anchor, head)
        self.viewport().update()
        if not QAccessible.isActive():
            return
        reader = QAccessible.queryAccessibleInterface(self)
        text = reader.textInterface() if reader is not None else None
        if text is None:
            return
        if self.span.empty():
            QAccessible.updateAccessibility(QAccessibleTextCursorEvent(self, text.cursorPosition()))
        else:
            QAccessible.updateAccessibility(QAccessibleTextSelectionEvent(self, *text.selection(0)))

    def selected_text(self) -> str:
        """The selection as plain text, a line per paragraph."""
        return self.span.text(self.documents())

    def body_text(self) -> str:
        """The text of every section's body (no headers or footers), a line per paragraph."""
        return "\n".join(plain(doc.toPlainText()) for doc in self.documents())

    def select_all(self) -> None:
        docs = self.documents()
        if docs:
            self.set_span((0, 0), (len(docs) - 1, docs[-1].characterCount() - 1))

    def copy(self) -> None:
        """Put the selection on the clipboard (nothing selected: nothing changes)."""
        if not self.span.empty():
            QApplication.clipboard().setText(self.selected_text())

    def copy_all(self) -> None:
        QApplication.clipboard().setText(self.body_text())

    def _index_of(self, doc: QTextDocument) -> int | None:
        return next((n for n, part in enumerate(self.pages.sections) if part.doc is doc), None)

    def _spot(self, point: QPoint) -> Spot:
        cursor = self.cursorForPosition(point)
        return (self._index_of(cursor.document()) or 0, cursor.position())

    # -- the reader's mouse and keys -------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self.pages.sections:
            super().mousePressEvent(event)
            return
        spot = self._spot(event.position().toPoint())
        extend = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._dragging = True
        self.set_span(self.span.anchor if extend else spot, spot)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self._dragging:
            super().mouseMoveEvent(event)
            return
        point = event.position().toPoint()
        bar, height = self.verticalScrollBar(), self.viewport().height()
        if point.y() < 0 or point.y() > height:  # dragged past the edge: the pages follow
            bar.setValue(bar.value() + (point.y() if point.y() < 0 else point.y() - height))
        self.set_span(self.span.anchor, self._spot(point))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._dragging and event.button() == Qt.MouseButton.LeftButton:
            self._dragging = False
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self.pages.sections:
            super().mouseDoubleClickEvent(event)
            return
        cursor = self.cursorForPosition(event.position().toPoint())
        cursor.select(QTextCursor.SelectionType.WordUnderCursor)
        self.setTextCursor(cursor)
        self._dragging = False
        event.accept()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and (
                event.matches(QKeySequence.StandardKey.Copy) or event.matches(QKeySequence.StandardKey.SelectAll)):
            event.accept()  # the view's own keys, before a window-wide shortcut takes them
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.SelectAll):
            self.select_all()
        elif event.matches(QKeySequence.StandardKey.Copy):
            self.copy()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = QMenu(self)
        copy = menu.addAction(tr("Copy"), self.copy)
        copy.setShortcut(QKeySequence.StandardKey.Copy)  # shown, the view handles the key
        copy.setEnabled(not self.span.empty())
        menu.addAction(tr("Copy all text"), self.copy_all)
        menu.addAction(tr("Select all"), self.select_all).setShortcut(QKeySequence.StandardKey.SelectAll)
        menu.exec(event.globalPos())
        menu.deleteLater()

    def ensure_visible(self, cursor: QTextCursor, margin: int = 24) -> None:
        """Scroll so that the line at ``cursor`` is near the top."""
        self.verticalScrollBar().setValue(max(0, self.block_y(cursor) - margin))

    # -- what the pages show ----------------------------------------------------------------
    def page_lines(self, index: int) -> list[str]:
        """The text of each line page ``index`` shows (its body, not its margins)."""
        return self.pages.lines(index)

    def page_bands(self, index: int) -> tuple[str, str]:
        """The header and footer HTML page ``index`` shows in its margins."""
        return self.pages.bands(index, self.page_count())

    def text(self) -> str:
        """Every page's text as it is on screen: its header, its paragraphs, its footer."""
        out: list[str] = []
        for part in self.pages.sections:
            lines = lines_by_page(part.doc, part.page, paragraphs=True)  # one pass over the section
            for local in range(max(1, part.doc.pageCount())):
                header, footer = self._bands_of(part.first + local)
                out += [header.toPlainText()] if header is not None else []
                out += lines.get(local, [])
                out += [footer.toPlainText()] if footer is not None else []
        return "\n".join(out)

    # -- painting ------------------------------------------------------------------------
    def _bands_of(self, index: int) -> Bands:
        part, _local = self._part(index)
        key = (part.first, self.page_bands(index))
        if key not in self._band_docs:
            if len(self._band_docs) > 64:  # a page number in the header makes a band per page
                self._band_docs.clear()
            self._band_docs[key] = band_docs(key[1], self.pages.images, part.page)
        return self._band_docs[key]

    def _selections(self, part: SectionPages) -> list[QAbstractTextDocumentLayout.Selection]:
        section = self._index_of(part.doc)
        cursor = self.span.cursor_in(self.documents(), section) if section is not None else None
        if cursor is None:
            return []
        selection = QAbstractTextDocumentLayout.Selection()
        selection.cursor = cursor
        look = QTextCharFormat()
        look.setBackground(self.palette().color(QPalette.ColorRole.Highlight))
        look.setForeground(self.palette().color(QPalette.ColorRole.HighlightedText))
        selection.format = look
        return [selection]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        area = QRectF(event.rect())
        painter.fillRect(area, colors.surround())
        if not self.pages.sections:
            painter.end()
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        scroll = self.verticalScrollBar().value()
        scale = self.scale()
        for index in range(self.page_at(scroll + area.top()), self.page_at(scroll + area.bottom()) + 1):
            part, local = self._part(index)
            top, left = self.page_top(index) - scroll, self.page_left(index)
            box = QRectF(left, top, part.page.width * scale, part.page.height * scale)
            if not box.intersects(area):
                continue
            painter.fillRect(box, QColor("white"))
            painter.save()
            painter.setClipRect(box.intersected(area))
            painter.translate(left, top)
            painter.scale(scale, scale)
            paint_page(painter, part.doc, local, part.page, self._bands_of(index), self._selections(part),
                       part.shift(local))
            painter.restore()
        painter.end()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.relayout()
