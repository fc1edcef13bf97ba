"""Kind icons drawn with QPainter: a page with a folded corner and a coloured label."""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap

from renderers._i18n import tr

COLORS = {"docx": "#2b579a", "pdf": "#c4302b", "pptx": "#c43e1c", "xlsx": "#217346"}


def kind_name(kind: str) -> str:
    """What a kind icon says to a screen reader, in the current language."""
    names = {"docx": tr("Word document"), "pdf": tr("PDF document"), "pptx": tr("Presentation"),
             "xlsx": tr("Spreadsheet")}
    return names.get(kind, tr("File"))


@lru_cache(maxsize=32)
def kind_icon(kind: str, size: int = 36) -> QPixmap:
    """A ``size``×``size`` icon for ``docx``/``pdf``/``pptx``/``xlsx`` (grey for others)."""
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    w = size * 0.72
    left = (size - w) / 2
    fold = size * 0.22
    page = QPainterPath()
    page.moveTo(left, 1)
    page.lineTo(left + w - fold, 1)
    page.lineTo(left + w, 1 + fold)
    page.lineTo(left + w, size - 1)
    page.lineTo(left, size - 1)
    page.closeSubpath()
    p.setPen(QPen(QColor("#9aa0a6"), 1))
    p.setBrush(QColor("white"))
    p.drawPath(page)
    p.setBrush(QColor("#dadce0"))
    p.drawPolygon([QPointF(left + w - fold, 1), QPointF(left + w - fold, 1 + fold), QPointF(left + w, 1 + fold)])
    color = QColor(COLORS.get(kind, "#5f6368"))
    band = QRectF(0, size * 0.48, size * 0.86, size * 0.36)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    p.drawRoundedRect(band, 2, 2)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(size * 0.24)))
    p.setFont(font)
    p.setPen(QColor("white"))
    p.drawText(band, Qt.AlignmentFlag.AlignCenter, kind.upper()[:4])
    p.end()
    return pix
