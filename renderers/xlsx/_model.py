"""The grid's model of one sheet: the declared row count from the start, rows read around what
the view asks for, dropped far from it past the memory bound (no widgets)."""
from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont

from renderers import _colors as colors
from renderers._common import MAX_COLUMNS
from renderers._jobs import STREAMS, Jobs
from renderers.xlsx._data import Rows, SheetReader, right_aligned, shown
from renderers.xlsx._styles import CellStyle

_Index = QModelIndex | QPersistentModelIndex
MAX_CELLS_LOADED = 5_000_000  # rows × shown columns kept in memory; rows far from the view go past it
MARGIN_ROWS = 100  # read this many rows above a request, three times as many below
CHUNK_ROWS = 500  # a sheet without a declared size grows by this much as it is scrolled
PREFETCH_ROWS = 5000  # rows per background read of a small sheet


class SheetModel(QAbstractTableModel):
    """Cached values of one sheet. The row count is the sheet's declared size from the start;
    rows are read in a worker around what the view asks for, and dropped far from it when the
    memory bound is reached."""

    sig_rows_added = Signal(int, int)  # rows read (first, last; 0-based, inclusive)

    def __init__(self, reader: SheetReader, first: Rows, parent: Any = None) -> None:
        super().__init__(parent)
        self.reader = reader
        self._rows: dict[int, tuple[Any, ...]] = {}
        self._formulas: dict[tuple[int, int], str] = {}
        self._styles: dict[tuple[int, int], int] = {}
        self._reach_columns = 0  # columns the drawings reach past the data
        self.base_font = QFont()  # the grid's font at the current zoom; styled cells scale from it
        self.heights: dict[int, float] = {}
        self._covered: list[tuple[int, int]] = []  # row ranges read (values known, absent = empty)
        self._done = False
        self._count = reader.total_rows  # the grid's rows: the sheet's, or more to reach a drawing below them
        self._sheet_rows = reader.total_rows  # the sheet's own rows (what the note under the grid counts)
        self._wanted: tuple[int, int] | None = None
        self._prefetching = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._request)
        self.jobs = Jobs(self, lane=STREAMS)  # on the thread that opened the sheet's stream
        self._take(first)

    # -- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else max(self.reader.columns, self._reach_columns)

    def reach(self, rows: int, columns: int) -> None:
        """Grow the grid to at least ``rows`` × ``columns`` (a drawing anchored past the data)."""
        columns = min(columns, MAX_COLUMNS)
        if columns > self.columnCount():
            self.beginInsertColumns(QModelIndex(), self.columnCount(), columns - 1)
            self._reach_columns = columns
            self.endInsertColumns()
        if rows > self._count:
            self.beginInsertRows(QModelIndex(), self._count, rows - 1)
            self._count = rows
            self.endInsertRows()

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole and not self.covered(r):
            self._want(r)
            return None
        value = self.value(r, c)
        style = self.style(r, c)
        if role == Qt.ItemDataRole.DisplayRole:
            if value is None and (r, c) in self._formulas:
                return self._formulas[(r, c)]  # never calculated: show what will compute it
            return shown(value, style.number_format if style is not None else "General", self.reader.epoch)
        if role == Qt.ItemDataRole.ForegroundRole:
            if value is None and (r, c) in self._formulas:
                return QColor(colors.status("muted"))
            return QColor(style.color) if style is not None and style.color else None
        if role == Qt.ItemDataRole.BackgroundRole:
            return QColor(style.fill) if style is not None and style.fill else None
        if role == Qt.ItemDataRole.FontRole:
            if style is None or not (style.bold or style.italic or style.underline or style.size_pt != 11.0):
                return None
            font = QFont(self.base_font)
            font.setBold(style.bold)
            font.setItalic(style.italic)
            font.setUnderline(style.underline)
            if self.base_font.pointSizeF() > 0:
                font.setPointSizeF(self.base_font.pointSizeF() * style.size_pt / 11.0)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole:
            horizontal = {"left": Qt.AlignmentFlag.AlignLeft, "center": Qt.AlignmentFlag.AlignHCenter,
                          "right": Qt.AlignmentFlag.AlignRight}.get(style.halign if style is not None else "")
            if horizontal is None:
                horizontal = Qt.AlignmentFlag.AlignRight if right_aligned(value) else Qt.AlignmentFlag.AlignLeft
            vertical = {"top": Qt.AlignmentFlag.AlignTop, "bottom": Qt.AlignmentFlag.AlignBottom}.get(
                style.valign if style is not None else "", Qt.AlignmentFlag.AlignVCenter)
            return int(horizontal | vertical)
        if role == Qt.ItemDataRole.ToolTipRole and (r, c) in self._formulas:
            return self._formulas[(r, c)]
        return None

    def style(self, row: int, column: int) -> CellStyle | None:
        """The cell's format (font, fill, alignment, borders, number format), None for the default."""
        sid = self._styles.get((row, column))
        styles = self.reader.styles
        return styles[sid] if sid is not None and sid < len(styles) else None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return get_column_letter(section + 1)
        return str(section + 1)

    def canFetchMore(self, parent: _Index = QModelIndex()) -> bool:
        # only a sheet that declares no size grows as it is read
        return not parent.isValid() and not self._done and not self.reader.total_rows

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:
        if self.canFetchMore(parent):
            self._want(self._count + CHUNK_ROWS)

    # -- reading around the view ---------------------------------------------------------
    def covered(self, row: int) -> bool:
        return any(a <= row <= b for a, b in self._covered)

    def ensure(self, first: int, last: int) -> None:
        """Read rows ``first``…``last`` if they are not here yet (coalesced, in a worker)."""
        for r in (first, last):
            if not self.covered(r):
                self._want(r)

    def _want(self, row: int) -> None:
        lo, hi = self._wanted or (row, row)
        self._wanted = (min(lo, row), max(hi, row))
        if not self.jobs.busy():
            self._timer.start(0)

    def _request(self) -> None:
        if self._wanted is None or self.jobs.busy():
            return
        lo, hi = self._wanted
        self._wanted = None
        first, last = max(0, lo - MARGIN_ROWS), hi + 3 * MARGIN_ROWS
        self.jobs.submit(self.reader.read, first, last, on_done=self._take, on_error=self._on_error)

    def read_all(self) -> None:
        """Read the rest of the sheet in the background, a chunk at a time so rows the view asks
        for go first; stops at the memory bound. Merged ranges come at the end of the sheet."""
        self._prefetching = True
        self._prefetch()

    def _prefetch(self) -> None:
        if self._done or self.jobs.busy() or not self._prefetching:
            return
        if len(self._rows) * max(self.reader.columns, 1) >= MAX_CELLS_LOADED * 0.8:
            self._prefetching = False
            return
        start = self._covered[0][1] + 1 if self._covered and self._covered[0][0] == 0 else 0
        self.jobs.submit(self.reader.read, start, start + PREFETCH_ROWS - 1, on_done=self._take,
                         on_error=self._on_error)

    def _take(self, rows: Rows) -> None:
        self._done = self._done or rows.done
        self._rows.update(rows.values)
        self._formulas.update(rows.formulas)
        self._styles.update(rows.styles)
        self.heights.update(rows.heights)
        self._covered = _merge_ranges([*self._covered, (rows.first, (1 << 40) if rows.done else rows.last)])
        self._sheet_rows = max(self._sheet_rows, max(rows.values, default=-1) + 1)
        grown = max(self._count, self._sheet_rows)
        if grown > self._count:  # no declared size, or a size that undercounts
            self.beginInsertRows(QModelIndex(), self._count, grown - 1)
            self._count = grown
            self.endInsertRows()
        self._evict(rows.first, rows.last)
        last = min(rows.last, self._count - 1)
        if rows.first <= last and self.columnCount():
            self.dataChanged.emit(self.index(rows.first, 0), self.index(last, self.columnCount() - 1))
            self.sig_rows_added.emit(rows.first, last)
        if self._wanted is not None:
            self._timer.start(0)
        else:
            self._prefetch()

    def _evict(self, first: int, last: int) -> None:
        """Past the memory bound, keep only the rows near the last read."""
        if len(self._rows) * max(self.reader.columns, 1) < MAX_CELLS_LOADED:
            return
        keep = max(MAX_CELLS_LOADED // max(self.reader.columns, 1) // 2, 1)
        lo, hi = max(0, first - keep // 2), last + keep // 2
        self._rows = {r: v for r, v in self._rows.items() if lo <= r <= hi}
        self._formulas = {k: v for k, v in self._formulas.items() if lo <= k[0] <= hi}
        self._styles = {k: v for k, v in self._styles.items() if lo <= k[0] <= hi}
        self._covered = [(max(a, lo), min(b, hi)) for a, b in self._covered if b >= lo and a <= hi]

    # -- data ----------------------------------------------------------------------------
    def rows_loaded(self) -> int:
        """Rows with cells held in memory now."""
        return len(self._rows)

    def total_rows(self) -> int:
        """The sheet's rows: the declared size, or what was read when none is declared (a drawing anchored below
        them makes the grid longer, not the sheet)."""
        return self._sheet_rows

    def value(self, row: int, column: int) -> Any:
        values = self._rows.get(row)
        return values[column] if values is not None and column < len(values) else None

    def formula(self, row: int, column: int) -> str | None:
        return self._formulas.get((row, column))

    def is_done(self) -> bool:
        return self._done

    def _on_error(self, message: str) -> None:
        self._done = True  # stop asking; what was read stays on screen


def _merge_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(ranges):
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out
