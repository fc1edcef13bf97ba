"""A sheet's top-left corner as an image (cards, command line), column widths from the file."""
from __future__ import annotations

from pathlib import Path

from openpyxl.utils import get_column_letter
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from renderers._xlsx_data import SheetReader, display, width_px


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """The top-left of sheet ``index`` as a grid image ``width`` px wide, with the sheet count."""
    reader = SheetReader(path, index)
    try:
        chunk = reader.read(0, 59)
    finally:
        reader.close()
    scale = width / 640
    height = int(width * 0.75)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.scale(scale, scale)
    font = QFont()
    font.setPixelSize(12)
    p.setFont(font)
    row_h, head_w = 22, 40
    rows = int(480 / row_h)
    lefts = [head_w]  # the sheet's own column widths (hidden ones skipped), as far as 640 px reach
    columns: list[int] = []
    for c in range(reader.columns):
        if lefts[-1] >= 640:
            break
        w = width_px(reader.layout.widths.get(c, reader.layout.default_width or 8.43))
        if w > 0:
            columns.append(c)
            lefts.append(lefts[-1] + w)
    p.fillRect(QRectF(0, 0, 640, row_h), QColor("#f1f3f4"))
    p.fillRect(QRectF(0, 0, head_w, 480), QColor("#f1f3f4"))
    p.setPen(QPen(QColor("#dadce0"), 1))
    for r in range(rows + 1):
        p.drawLine(0, r * row_h, 640, r * row_h)
    for x in lefts:
        p.drawLine(x, 0, x, 480)
    p.setPen(QColor("#5f6368"))
    for i, c in enumerate(columns):
        p.drawText(QRectF(lefts[i], 0, lefts[i + 1] - lefts[i], row_h), Qt.AlignmentFlag.AlignCenter,
                   get_column_letter(c + 1))
    for r in range(rows - 1):
        p.drawText(QRectF(0, (r + 1) * row_h, head_w, row_h), Qt.AlignmentFlag.AlignCenter, str(r + 1))
    p.setPen(QColor("#202124"))
    for r, row in sorted(chunk.values.items()):
        if r >= rows - 1:
            break
        for i, c in enumerate(columns):
            value = row[c] if c < len(row) else None
            text = display(value)
            if text:
                numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
                align = Qt.AlignmentFlag.AlignRight if numeric else Qt.AlignmentFlag.AlignLeft
                p.drawText(QRectF(lefts[i] + 4, (r + 1) * row_h, lefts[i + 1] - lefts[i] - 8, row_h),
                           align | Qt.AlignmentFlag.AlignVCenter, text)
    p.end()
    return image, len(reader.sheet_names)
