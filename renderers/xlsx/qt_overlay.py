"""Charts and pictures drawn over the grid at the cells they are anchored to."""
from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QTableView, QWidget

from renderers._chart import paint_chart
from renderers._i18n import tr
from renderers.xlsx._drawings import Drawing


class DrawingOverlay(QWidget):
    """One chart, picture or labelled box, a child of the table's viewport; follows scrolling."""

    def __init__(self, drawing: Drawing, table: QTableView) -> None:
        super().__init__(table.viewport())
        self.drawing = drawing
        self.table = table
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setToolTip(drawing.title)

    def place(self) -> None:
        model = self.table.model()
        if model is None:
            return
        d = self.drawing
        rows, cols = model.rowCount(), model.columnCount()
        if not rows or not cols:
            self.hide()
            return
        left, top = self._x(d.col, cols), self._y(d.row, rows)
        x, y = self._x(d.to_col, cols), self._y(d.to_row, rows)
        top_left = QRect(left, top, 0, 0)
        rect = QRect(top_left.topLeft(), top_left.topLeft())
        rect.setRight(max(x, top_left.left() + 120))
        rect.setBottom(max(y, top_left.top() + 80))
        self.setGeometry(rect)
        self.setVisible(rect.intersects(self.table.viewport().rect()))

    def _x(self, col: int, cols: int) -> int:
        """Left edge of ``col``; past the grid's last column, at the default column width."""
        t = self.table
        if col < cols:
            return t.columnViewportPosition(col)
        end = t.columnViewportPosition(cols - 1) + t.columnWidth(cols - 1)
        return end + (col - cols) * t.horizontalHeader().defaultSectionSize()

    def _y(self, row: int, rows: int) -> int:
        t = self.table
        if row < rows:
            return t.rowViewportPosition(row)
        end = t.rowViewportPosition(rows - 1) + t.rowHeight(rows - 1)
        return end + (row - rows) * t.verticalHeader().defaultSectionSize()

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        d = self.drawing
        if d.chart is not None:
            paint_chart(p, rect, d.chart, 1.0)
        elif d.image is not None:
            p.drawImage(rect, d.image)
        else:
            p.fillRect(rect, QColor("#f1f3f4"))
            p.setPen(QColor("#5f6368"))
            label = {"chart": tr("Chart"), "picture": tr("picture")}.get(d.kind, "")
            text = f"{label}: {d.title}" if label and d.title else (d.title or label)
            p.drawText(rect.adjusted(6, 6, -6, -6), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)
        p.setPen(QPen(QColor("#9aa0a6"), 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(rect)
        p.end()
