"""A sheet's top-left corner as an image (cards, command line), column widths from the file.

Two steps, like the DOCX and PPTX cards: :func:`thumbnail_part` reads the cells in a worker,
:func:`draw_thumbnail` draws them on the UI thread (drawing text lays it out, which must not
happen in a worker: docs/renderers.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from openpyxl.utils import get_column_letter
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from renderers.xlsx._data import SheetReader, display, width_px

__all__ = ["SheetCorner", "draw_thumbnail", "render_image", "thumbnail_part"]

GRID_W, GRID_H, ROW_H, HEAD_W = 640, 480, 22, 40
ROWS = int(GRID_H / ROW_H)


@dataclass(frozen=True)
class SheetCorner:
    """What the thumbnail shows, as plain values: column letters at their left edges, cell texts."""

    lefts: tuple[int, ...]  # one more than ``letters``: the right edge of the last column
    letters: tuple[str, ...]
    cells: tuple[tuple[int, int, str, bool], ...]  # (row, column position, text, numeric)
    sheets: int


def thumbnail_part(path: Path, index: int, width: int) -> SheetCorner:
    """Worker: the cells of sheet ``index`` that fit the thumbnail, read and formatted (no drawing)."""
    reader = SheetReader(path, index)
    try:
        chunk = reader.read(0, 59)
    finally:
        reader.close()
    lefts = [HEAD_W]  # the sheet's own column widths (hidden ones skipped), as far as the grid reaches
    columns: list[int] = []
    for c in range(reader.columns):
        if lefts[-1] >= GRID_W:
            break
        w = width_px(reader.layout.widths.get(c, reader.layout.default_width or 8.43))
        if w > 0:
            columns.append(c)
            lefts.append(lefts[-1] + w)
    cells: list[tuple[int, int, str, bool]] = []
    for r, row in sorted(chunk.values.items()):
        if r >= ROWS - 1:
            break
        for i, c in enumerate(columns):
            value = row[c] if c < len(row) else None
            text = display(value)
            if text:
                cells.append((r, i, text, isinstance(value, (int, float)) and not isinstance(value, bool)))
    return SheetCorner(tuple(lefts), tuple(get_column_letter(c + 1) for c in columns), tuple(cells),
                       len(reader.sheet_names))


def draw_thumbnail(corner: SheetCorner, width: int) -> tuple[QImage, int]:
    """UI thread: the grid :func:`thumbnail_part` read, ``width`` px wide, with the sheet count."""
    scale = width / GRID_W
    image = QImage(width, int(width * 0.75), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.scale(scale, scale)
    font = QFont()
    font.setPixelSize(12)
    p.setFont(font)
    lefts = corner.lefts
    p.fillRect(QRectF(0, 0, GRID_W, ROW_H), QColor("#f1f3f4"))
    p.fillRect(QRectF(0, 0, HEAD_W, GRID_H), QColor("#f1f3f4"))
    p.setPen(QPen(QColor("#dadce0"), 1))
    for r in range(ROWS + 1):
        p.drawLine(0, r * ROW_H, GRID_W, r * ROW_H)
    for x in lefts:
        p.drawLine(x, 0, x, GRID_H)
    p.setPen(QColor("#5f6368"))
    for i, letter in enumerate(corner.letters):
        p.drawText(QRectF(lefts[i], 0, lefts[i + 1] - lefts[i], ROW_H), Qt.AlignmentFlag.AlignCenter, letter)
    for r in range(ROWS - 1):
        p.drawText(QRectF(0, (r + 1) * ROW_H, HEAD_W, ROW_H), Qt.AlignmentFlag.AlignCenter, str(r + 1))
    p.setPen(QColor("#202124"))
    for r, i, text, numeric in corner.cells:
        align = Qt.AlignmentFlag.AlignRight if numeric else Qt.AlignmentFlag.AlignLeft
        p.drawText(QRectF(lefts[i] + 4, (r + 1) * ROW_H, lefts[i + 1] - lefts[i] - 8, ROW_H),
                   align | Qt.AlignmentFlag.AlignVCenter, text)
    p.end()
    return image, corner.sheets


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """The top-left of sheet ``index`` as a grid image ``width`` px wide, with the sheet count
    (``mira preview``: one thread; the window's cards use the two steps above)."""
    return draw_thumbnail(thumbnail_part(path, index, width), width)
