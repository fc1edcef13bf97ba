"""The one delegate: paints a message row from its :class:`RowLayout`."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QPen, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from uchat._actions import TextRange
from uchat._layout import LayoutEngine, RowLayout, error_label
from uchat._model import ChatRole
from uchat._types import Message, Role

ExtHeights = Callable[[Message, int], tuple[int, ...]]


class ChatDelegate(QStyledItemDelegate):
    """Paints markdown bubbles; ``sizeHint`` and ``paint`` share one layout."""

    def __init__(self, engine: LayoutEngine, ext_heights: ExtHeights, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        self._ext_heights = ext_heights
        self.phase = 0  # streaming indicator animation step
        self.text_range: TextRange | None = None  # painted as a selection in its message

    def row_layout(self, message: Message, width: int) -> RowLayout:
        return self.engine.layout(message, width, self._ext_heights(message, width))

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        message = index.data(ChatRole.MESSAGE)
        if not isinstance(message, Message):
            return QSize(0, 0)
        width = option.rect.width()
        return QSize(width, self.row_layout(message, width).height)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        message = index.data(ChatRole.MESSAGE)
        if isinstance(message, Message):
            self.paint_message(painter, option, message)

    def paint_message(self, painter: QPainter, option: QStyleOptionViewItem, message: Message) -> None:
        rect: QRect = option.rect
        state = option.state
        row = self.row_layout(message, rect.width())
        colors = self.engine.colors
        painter.save()
        painter.translate(rect.topLeft())
        painter.setClipRect(QRect(0, 0, rect.width(), rect.height()))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        bubble = QRectF(row.bubble).adjusted(0.5, 0.5, -0.5, -0.5)
        if not row.bubble.isEmpty():
            if message.role == Role.USER:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(colors.user_bubble)
            elif message.role == Role.ASSISTANT:
                # Assistant answers read as the page itself, full width, like the chat apps people know;
                # only the user's own messages are bubbles.
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
            else:
                painter.setPen(QPen(colors.border, 1, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(bubble, 10, 10)
        # The selected message, and the one under the keyboard (also when Tab just arrived, nothing selected yet).
        if state & (QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_HasFocus):
            outline = QRectF(row.bubble if not row.bubble.isEmpty() else _union(row.ext_rects))
            painter.setPen(QPen(colors.accent, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(outline.adjusted(-1, -1, 1, 1), 11, 11)
        if row.document is not None:
            painter.save()
            painter.translate(row.text_origin)
            ctx = QAbstractTextDocumentLayout.PaintContext()
            palette = QPalette(self.engine.palette)
            palette.setColor(QPalette.ColorRole.Text, colors.muted if message.role == Role.SYSTEM else colors.text)
            ctx.palette = palette
            ctx.clip = QRectF(0, 0, row.bubble.width(), row.bubble.height())
            sel = self.text_range
            if sel is not None and sel.message_id == message.id and sel.anchor != sel.position:
                start, end = sel.bounds()
                cursor = QTextCursor(row.document)
                cursor.setPosition(start)
                cursor.setPosition(min(end, row.document.characterCount() - 1), QTextCursor.MoveMode.KeepAnchor)
                chosen = QAbstractTextDocumentLayout.Selection()
                chosen.cursor = cursor
                fmt = QTextCharFormat()
                fmt.setBackground(self.engine.palette.color(QPalette.ColorRole.Highlight))
                fmt.setForeground(self.engine.palette.color(QPalette.ColorRole.HighlightedText))
                chosen.format = fmt
                ctx.selections = [chosen]
            row.document.documentLayout().draw(painter, ctx)
            painter.restore()
        if row.error_rect is not None:
            painter.setPen(colors.error)
            painter.setFont(self.engine.font)
            painter.drawText(row.error_rect, int(Qt.TextFlag.TextWordWrap), error_label(message.error))
        if row.indicator_rect is not None:
            self._paint_indicator(painter, row.indicator_rect)
        painter.restore()

    def _paint_indicator(self, painter: QPainter, r: QRect) -> None:
        colors = self.engine.colors
        painter.setPen(Qt.PenStyle.NoPen)
        for i in range(3):
            painter.setBrush(colors.accent if i == self.phase % 3 else colors.muted)
            painter.drawEllipse(QRectF(r.x() + i * 12, r.center().y() - 3, 7, 7))


def _union(rects: tuple[QRect, ...]) -> QRect:
    out = QRect()
    for r in rects:
        out = out.united(r)
    return out
