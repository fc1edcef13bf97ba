"""A sheet's top-left corner as an image (cards, command line), as the panel's grid shows it: the file's column
widths and row heights, cell fonts, fills and number formats, and the charts and pictures placed there.

Two steps, like the DOCX and PPTX cards: :func:`thumbnail_part` reads the cells in a worker,
:func:`draw_thumbnail` draws them on the UI thread (drawing text lays it out, which must not
happen in a worker: docs/renderers.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

from openpyxl.utils import get_column_letter
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from renderers._chart import paint_chart
from renderers.xlsx._data import SheetReader, height_px, right_aligned, shown, width_px
from renderers.xlsx._drawings import Drawing, sheet_drawings
from renderers.xlsx._styles import CellStyle

__all__ = ["SheetCorner", "draw_thumbnail", "render_image", "thumbnail_part"]

GRID_W, GRID_H, ROW_H, HEAD_W = 640, 480, 22, 40
ROWS = int(GRID_H / ROW_H)
READ_ROWS = 60  # more than fit: rows may be shorter than the default
_PLAIN = CellStyle()


@dataclass(frozen=True)
class Cell:
    row: int  # position among the shown rows
    column: int  # position among the shown columns
    text: str
    numeric: bool
    style: CellStyle
    rows: int = 1  # a merged cell spans this many shown rows and columns
    columns: int = 1
    muted: bool = False  # a formula the file saved no value for: its text, greyed (as in the panel)


@dataclass(frozen=True)
class SheetCorner:
    """What the thumbnail shows, as plain values: column letters at their left edges, row tops, the cells and
    the drawings that reach the corner (at their pixel boxes)."""

    lefts: tuple[int, ...]  # one more than ``letters``: the right edge of the last column
    letters: tuple[str, ...]
    numbers: tuple[int, ...]  # the shown rows' numbers (a hidden row is skipped, as in the panel)
    tops: tuple[int, ...]  # one more than ``numbers``: the bottom edge of the last
    cells: tuple[Cell, ...]
    sheets: int
    drawings: tuple[tuple[tuple[int, int, int, int], Drawing], ...] = ()  # (left, top, right, bottom), drawing


def thumbnail_part(path: Path, index: int, width: int) -> SheetCorner:
    """Worker: the cells of sheet ``index`` that fit the thumbnail, read and formatted, and its drawings there."""
    reader = SheetReader(path, index)
    try:
        chunk = reader.read(0, READ_ROWS - 1)
        merged = reader.merged_ranges()  # known when the sheet ended within the rows read
    finally:
        reader.close()
    drawings = sheet_drawings(path, reader.part) if reader.part else ()
    reach = max([reader.columns, *(d.to_col + 1 for d in drawings)])
    # every sheet column's width (hidden ones 0) as far as the corner shows, and each row's height
    widths = [width_px(reader.layout.widths.get(c, reader.layout.default_width or 8.43)) for c in range(min(reach, 200))]
    xs = list(accumulate(widths, initial=HEAD_W))  # each column's left edge, then the last one's right
    heights = [height_px(chunk.heights[r]) if r in chunk.heights else ROW_H for r in range(READ_ROWS)]
    ys = list(accumulate(heights, initial=ROW_H))
    columns = [c for c in range(len(widths)) if widths[c] > 0 and xs[c] < GRID_W]
    rows = [r for r in range(len(heights)) if heights[r] > 0 and ys[r] < GRID_H]
    styles = reader.styles
    spans: dict[tuple[int, int], tuple[int, int]] = {}
    covered: set[tuple[int, int]] = set()
    for r0, c0, rspan, cspan in merged:
        spans[(r0, c0)] = (sum(1 for r in rows if r0 <= r < r0 + rspan), sum(1 for c in columns if c0 <= c < c0 + cspan))
        covered |= {(r, c) for r in range(r0, min(r0 + rspan, READ_ROWS)) for c in range(c0, min(c0 + cspan, len(widths)))}
    cells: list[Cell] = []
    for at, r in enumerate(rows):
        values = chunk.values.get(r, ())
        for i, c in enumerate(columns):
            if (r, c) in covered and (r, c) not in spans:
                continue
            value = values[c] if c < len(values) else None
            sid = chunk.styles.get((r, c))
            style = styles[sid] if sid is not None and sid < len(styles) else _PLAIN
            formula = chunk.formulas.get((r, c)) if value is None else None
            text = formula or (shown(value, style.number_format, reader.epoch) if value is not None else "")
            if text or style.fill or style.borders:
                numeric = right_aligned(value)
                down, across = spans.get((r, c), (1, 1))
                cells.append(Cell(at, i, text, numeric, style, max(down, 1), max(across, 1), formula is not None))
    lefts = tuple([xs[c] for c in columns] + [xs[columns[-1]] + widths[columns[-1]]] if columns else [HEAD_W])
    tops = tuple([ys[r] for r in rows] + [ys[rows[-1]] + heights[rows[-1]]] if rows else [ROW_H])

    def x(col: int) -> int:
        return xs[col] if col < len(xs) else xs[-1] + (col - len(xs) + 1) * width_px(8.43)

    def y(row: int) -> int:
        return ys[row] if row < len(ys) else ys[-1] + (row - len(ys) + 1) * ROW_H

    placed = tuple(((x(d.col), y(d.row), max(x(d.to_col), x(d.col) + 120), max(y(d.to_row), y(d.row) + 80)), d)
                   for d in drawings if x(d.col) < GRID_W and y(d.row) < GRID_H)
    return SheetCorner(lefts, tuple(get_column_letter(c + 1) for c in columns), tuple(r + 1 for r in rows), tops,
                       tuple(cells), len(reader.sheet_names), placed)


def _font(base: QFont, style: CellStyle) -> QFont:
    font = QFont(base)
    font.setBold(style.bold)
    font.setItalic(style.italic)
    font.setUnderline(style.underline)
    font.setPixelSize(max(6, round(base.pixelSize() * style.size_pt / 11.0)))
    return font


def draw_thumbnail(corner: SheetCorner, width: int) -> tuple[QImage, int]:
    """UI thread: the corner :func:`thumbnail_part` read, ``width`` px wide, with the sheet count."""
    scale = width / GRID_W
    image = QImage(width, int(width * 0.75), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.scale(scale, scale)
    base = QFont()
    base.setPixelSize(12)
    p.setFont(base)
    lefts, tops = corner.lefts, corner.tops

    def box_of(cell: Cell) -> QRectF:
        right = lefts[min(cell.column + cell.columns, len(lefts) - 1)]
        bottom = tops[min(cell.row + cell.rows, len(tops) - 1)]
        return QRectF(lefts[cell.column], tops[cell.row], right - lefts[cell.column], bottom - tops[cell.row])

    for cell in corner.cells:  # fills first: the grid lines stay visible over them, as in the panel
        if cell.style.fill:
            p.fillRect(box_of(cell), QColor(cell.style.fill))
    p.fillRect(QRectF(0, 0, GRID_W, ROW_H), QColor("#f1f3f4"))
    p.fillRect(QRectF(0, 0, HEAD_W, GRID_H), QColor("#f1f3f4"))
    p.setPen(QPen(QColor("#dadce0"), 1))
    for y in (0, *tops):
        p.drawLine(0, y, GRID_W, y)
    for y in range(tops[-1] + ROW_H, GRID_H + 1, ROW_H):  # below the rows read: the default height
        p.drawLine(0, y, GRID_W, y)
    for x in lefts:
        p.drawLine(x, 0, x, GRID_H)
    p.setPen(QColor("#5f6368"))
    for i, letter in enumerate(corner.letters):
        p.drawText(QRectF(lefts[i], 0, lefts[i + 1] - lefts[i], ROW_H), Qt.AlignmentFlag.AlignCenter, letter)
    for i, number in enumerate(corner.numbers):
        p.drawText(QRectF(0, tops[i], HEAD_W, tops[i + 1] - tops[i]), Qt.AlignmentFlag.AlignCenter, str(number))
    for cell in corner.cells:
        box = box_of(cell)
        if cell.columns > 1 or cell.rows > 1:  # a merged cell: one box, no grid lines inside it
            p.fillRect(box.adjusted(1, 1, -1, -1), QColor(cell.style.fill or "white"))
        for side, color in cell.style.borders.items():
            p.setPen(QPen(QColor(color), 1))
            edge = {"top": (box.topLeft(), box.topRight()), "bottom": (box.bottomLeft(), box.bottomRight()),
                    "left": (box.topLeft(), box.bottomLeft()), "right": (box.topRight(), box.bottomRight())}[side]
            p.drawLine(*edge)
        if not cell.text:
            continue
        style = cell.style
        halign = {"left": Qt.AlignmentFlag.AlignLeft, "center": Qt.AlignmentFlag.AlignHCenter,
                  "right": Qt.AlignmentFlag.AlignRight}.get(style.halign) or (
            Qt.AlignmentFlag.AlignRight if cell.numeric else Qt.AlignmentFlag.AlignLeft)
        p.setFont(_font(base, style) if style is not _PLAIN else base)
        p.setPen(QColor("#9aa0a6") if cell.muted else QColor(style.color) if style.color else QColor("#202124"))
        p.drawText(box.adjusted(4, 0, -4, 0), halign | Qt.AlignmentFlag.AlignVCenter, cell.text)
    p.setClipRect(QRectF(HEAD_W, ROW_H, GRID_W - HEAD_W, GRID_H - ROW_H))
    p.setRenderHint(QPainter.RenderHint.Antialiasing)  # the charts; the grid's lines stay crisp
    for (left, top, right, bottom), drawing in corner.drawings:
        box = QRectF(left, top, right - left, bottom - top).adjusted(0.5, 0.5, -0.5, -0.5)
        if drawing.chart is not None:
            p.fillRect(box, QColor("white"))
            paint_chart(p, box, drawing.chart, 1.0)
        elif drawing.image is not None:
            p.drawImage(box, drawing.image)
        else:
            p.fillRect(box, QColor("#f1f3f4"))
        p.setPen(QPen(QColor("#9aa0a6"), 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(box)
    p.end()
    return image, corner.sheets


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """The top-left of sheet ``index`` as a grid image ``width`` px wide, with the sheet count
    (``mira preview``: one thread; the window's cards use the two steps above)."""
    return draw_thumbnail(thumbnail_part(path, index, width), width)
