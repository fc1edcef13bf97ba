"""RowListView: a vertical list view over per-row pixel heights.

The geometry half of :class:`uchat.ChatView`: rows have individual heights kept
with their prefix sums, so locating a row is a bisection and a height change
costs one pass over a list of ints, never a relayout through the delegate.
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, QPersistentModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QPalette, QRegion
from PySide6.QtWidgets import QAbstractItemView, QAbstractScrollArea, QWidget


def own_viewport(area: QAbstractScrollArea) -> QWidget:
    """Give ``area`` a viewport made in Python, set up as Qt sets up its own (name, a filled Base background).

    The viewport Qt makes reaches Python the first time through PySide's type discovery, which loads the
    Python type and enums of every QWidget subclass (~7 ms of the window's start); one made here is already
    known."""
    viewport = QWidget(area)
    viewport.setObjectName("qt_scrollarea_viewport")
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    area.setViewport(viewport)
    return viewport


class RowListView(QAbstractItemView):
    """Implements QAbstractItemView's geometry for a one-column list of rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        own_viewport(self)
        self._heights: list[int] = []
        self._tops: list[int] = [0]
        self._mouse_down = False  # set by subclasses while a press is handled

    def _offset(self) -> int:
        return self.verticalScrollBar().value()

    def _total(self) -> int:
        return self._tops[-1]

    def _recount(self) -> None:
        self._tops = [0, *accumulate(self._heights)]

    def _row_at_y(self, y: int) -> int:
        """Row containing content coordinate ``y`` (clamped)."""
        n = len(self._heights)
        if n == 0:
            return -1
        return min(n - 1, max(0, bisect_right(self._tops, y) - 1))

    def visualRect(self, index: QModelIndex | QPersistentModelIndex) -> QRect:
        if not index.isValid() or index.row() >= len(self._heights):
            return QRect()
        r = index.row()
        return QRect(0, self._tops[r] - self._offset(), self.viewport().width(), self._heights[r])

    def indexAt(self, point: QPoint) -> QModelIndex:
        y = point.y() + self._offset()
        model = self.model()
        if model is None or not self._heights or y < 0 or y >= self._total():
            return QModelIndex()
        return model.index(self._row_at_y(y), 0)

    def scrollTo(self, index: QModelIndex | QPersistentModelIndex, hint: QAbstractItemView.ScrollHint = QAbstractItemView.ScrollHint.EnsureVisible) -> None:
        if not index.isValid() or index.row() >= len(self._heights) or self._mouse_down:
            return  # a click never scrolls: a tall message must not jump to its top
        top, h, page = self._tops[index.row()], self._heights[index.row()], self.viewport().height()
        value = self._offset()
        H = QAbstractItemView.ScrollHint
        if hint == H.PositionAtTop or (hint == H.EnsureVisible and (top < value or h > page)):
            value = top
        elif hint == H.PositionAtBottom or (hint == H.EnsureVisible and top + h > value + page):
            value = top + h - page
        elif hint == H.PositionAtCenter:
            value = top - (page - h) // 2
        self.verticalScrollBar().setValue(value)

    def moveCursor(self, action: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier) -> QModelIndex:
        model = self.model()
        n = len(self._heights)
        if model is None or n == 0:
            return QModelIndex()
        cur = self.currentIndex()
        A = QAbstractItemView.CursorAction
        page = self.viewport().height()
        if not cur.isValid() and action not in (A.MoveHome, A.MoveEnd):
            # Focus arriving (or the first arrow key) starts at the last message
            # on screen rather than scrolling somewhere else.
            return model.index(self._row_at_y(self._offset() + page - 1), 0)
        row = cur.row()
        if action in (A.MoveUp, A.MovePrevious, A.MoveLeft):
            row -= 1
        elif action in (A.MoveDown, A.MoveNext, A.MoveRight):
            row += 1
        elif action == A.MovePageUp:
            row = self._row_at_y(self._tops[min(row, n - 1)] - page)
        elif action == A.MovePageDown:
            row = self._row_at_y(self._tops[min(row, n - 1)] + page)
        elif action == A.MoveHome:
            row = 0
        elif action == A.MoveEnd:
            row = n - 1
        return model.index(max(0, min(n - 1, row)), 0)

    def horizontalOffset(self) -> int:
        return 0

    def verticalOffset(self) -> int:
        return self._offset()

    def isIndexHidden(self, index: QModelIndex | QPersistentModelIndex) -> bool:
        return False

    def setSelection(self, rect: QRect, command: QItemSelectionModel.SelectionFlag) -> None:
        model = self.model()
        if model is None or not self._heights:
            return
        a = self._row_at_y(rect.top() + self._offset())
        b = self._row_at_y(rect.bottom() + self._offset())
        sel = QItemSelection(model.index(min(a, b), 0), model.index(max(a, b), 0))
        self.selectionModel().select(sel, command)

    def visualRegionForSelection(self, selection: QItemSelection) -> QRegion:
        region = QRegion()
        for rng in (selection.at(i) for i in range(selection.size())):
            for r in range(rng.top(), rng.bottom() + 1):
                region += self.visualRect(self.model().index(r, 0))
        return region
