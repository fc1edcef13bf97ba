"""The XLSX plugin: a virtual grid (rows loaded by chunks), sheet tabs, merged cells, formula bar."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QTabBar, QTableView, QVBoxLayout, QWidget

from renderers import _colors as colors
from renderers._i18n import tr
from renderers._jobs import Jobs
from renderers._plugin import FormatRenderer
from renderers._xlsx_data import PREFETCH_BYTES, Rows, SheetReader, display, height_px, open_sheet, width_px
from renderers._xlsx_drawings import Drawing, sheet_drawings
from renderers.qt_preview import PreviewBase
from renderers.qt_xlsx_overlay import DrawingOverlay

__all__ = ["SheetModel", "XlsxPreview", "XlsxRenderer", "render_image"]

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
        self.heights: dict[int, float] = {}
        self._covered: list[tuple[int, int]] = []  # row ranges read (values known, absent = empty)
        self._done = False
        self._count = reader.total_rows
        self._wanted: tuple[int, int] | None = None
        self._prefetching = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._request)
        self.jobs = Jobs(self)
        self._take(first)

    # -- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self.reader.columns

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole and not self.covered(r):
            self._want(r)
            return None
        value = self.value(r, c)
        if role == Qt.ItemDataRole.DisplayRole:
            if value is None and (r, c) in self._formulas:
                return self._formulas[(r, c)]  # never calculated: show what will compute it
            return display(value)
        if role == Qt.ItemDataRole.ForegroundRole and value is None and (r, c) in self._formulas:
            return QColor(colors.status("muted"))
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, (int, float)) and not isinstance(value, bool):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and (r, c) in self._formulas:
            return self._formulas[(r, c)]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return get_column_letter(section + 1)
        return str(section + 1)

    def canFetchMore(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008, N802
        # only a sheet that declares no size grows as it is read
        return not parent.isValid() and not self._done and not self.reader.total_rows

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:  # noqa: B008, N802
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
        self.heights.update(rows.heights)
        self._covered = _merge_ranges([*self._covered, (rows.first, (1 << 40) if rows.done else rows.last)])
        grown = max(self._count, max(rows.values, default=-1) + 1)
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
        self._covered = [(max(a, lo), min(b, hi)) for a, b in self._covered if b >= lo and a <= hi]

    # -- data ----------------------------------------------------------------------------
    def rows_loaded(self) -> int:
        """Rows with cells held in memory now."""
        return len(self._rows)

    def total_rows(self) -> int:
        """Rows the grid scrolls through: the declared size, or what was read when none is declared."""
        return self._count

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


class _SheetView(QWidget):
    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 0, 6, 0)
        self.cell_label = QLabel("")
        self.cell_label.setMinimumWidth(60)
        self.formula_bar = QLineEdit()
        self.formula_bar.setReadOnly(True)
        bar.addWidget(QLabel("ƒx"))
        bar.addWidget(self.cell_label)
        bar.addWidget(self.formula_bar, 1)
        layout.addLayout(bar)
        self.table = QTableView()
        self.table.setAlternatingRowColors(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setDefaultSectionSize(90)
        layout.addWidget(self.table, 1)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 6, 0)
        self.tabs = QTabBar()
        self.tabs.setShape(QTabBar.Shape.RoundedSouth)
        self.tabs.setExpanding(False)
        bottom.addWidget(self.tabs)
        bottom.addStretch(1)
        self.note_label = QLabel("")
        bottom.addWidget(self.note_label)
        layout.addLayout(bottom)
        self.retranslate()

    def retranslate(self) -> None:
        """Placeholder text in the current language; grid and note colours from the palette."""
        self.formula_bar.setPlaceholderText(tr("Select a cell to see its formula or value"))
        pal = colors.palette()
        colors.apply_sheets(((self.table, f"QTableView {{ gridline-color: {colors.color(colors.Role.Mid, pal)}; }}"),
                             (self.note_label, f"color: {colors.status('muted', pal)};")))


class XlsxPreview(PreviewBase):
    """Sheets as a grid of cached values; the formula of the selected cell in the formula bar."""

    sig_spans_ready = Signal(int)  # merged ranges of the current sheet are known (their count)
    unit = "Sheet"

    def _native_widget(self) -> QWidget:
        view = _SheetView()
        self.model: SheetModel | None = None
        self._sheet_names: tuple[str, ...] = ()
        self._pending: tuple[SheetReader, Rows] | None = None
        self.sheet_jobs = Jobs(self)
        self._track(self.sheet_jobs)
        self.drawing_jobs = Jobs(self)
        self.overlays: list[DrawingOverlay] = []
        table = view.table
        for bar in (table.verticalScrollBar(), table.horizontalScrollBar()):
            bar.valueChanged.connect(self._place_overlays)
        table.horizontalHeader().sectionResized.connect(self._place_overlays)
        table.verticalHeader().sectionResized.connect(self._place_overlays)
        self._merged: tuple[tuple[int, int, int, int], ...] = ()
        view.tabs.currentChanged.connect(self._on_tab)
        return view

    def _native_load(self) -> tuple[Any, ...]:
        return (open_sheet, self.path, self._index)

    def _native_loaded(self, document: Any) -> int:
        reader, chunk = document
        self._sheet_names = reader.sheet_names
        self._pending = (reader, chunk)
        tabs = self.sheet_view().tabs
        tabs.blockSignals(True)
        for name in self._sheet_names:
            tabs.addTab(name)
        tabs.blockSignals(False)
        tabs.setMinimumHeight(tabs.sizeHint().height())
        return len(self._sheet_names)

    def _native_show(self, index: int) -> None:
        if self._pending is not None and self._pending[0].index == index:
            reader, chunk = self._pending
            self._pending = None
            self._install(reader, chunk)
            return
        self.sheet_jobs.submit(open_sheet, self.path, index,
                               on_done=lambda result: self._install(*result), on_error=self._fail)

    def _install(self, reader: SheetReader, rows: Rows) -> None:
        view = self.sheet_view()
        old = self.model
        self.model = SheetModel(reader, rows, self)
        # Close the workbook streams with the widget, even when it is destroyed without closeEvent
        # (an open handle would lock the file on Windows while the user overwrites it).
        self.destroyed.connect(lambda *_args, r=reader: r.close())
        self.model.sig_rows_added.connect(self._on_rows)
        view.table.clearSpans()
        view.table.setModel(self.model)
        self._apply_sizes(reader)
        view.table.selectionModel().currentChanged.connect(self._on_current)
        view.formula_bar.clear()
        view.cell_label.clear()
        if old is not None:
            old.jobs.cancel()
            old.reader.close()
            old.deleteLater()
        self._merged = ()
        for overlay in self.overlays:
            overlay.deleteLater()
        self.overlays = []
        self.drawing_jobs.submit(sheet_drawings, self.path, reader.part, on_done=self._on_drawings,
                                 on_error=lambda _message: None)  # the cells are shown either way
        self._on_rows(rows.first, min(rows.last, self.model.rowCount() - 1))
        if not self.model.is_done() and (reader.size <= PREFETCH_BYTES or not reader.total_rows):
            # a small sheet, or one that does not declare its size: the rest (and the merged cells)
            # come in the background
            self.model.read_all()
        view.tabs.blockSignals(True)
        view.tabs.setCurrentIndex(reader.index)
        view.tabs.blockSignals(False)
        self._shown(reader.index)

    def _on_drawings(self, drawings: tuple[Drawing, ...]) -> None:
        table = self.sheet_view().table
        self.overlays = [DrawingOverlay(d, table) for d in drawings]
        self._place_overlays()

    def _place_overlays(self, *_args: object) -> None:
        for overlay in self.overlays:
            overlay.place()

    def drawings(self) -> tuple[Drawing, ...]:
        """The charts and pictures on the sheet shown."""
        return tuple(o.drawing for o in self.overlays)

    def _apply_sizes(self, reader: SheetReader) -> None:
        """Column widths and the default row height as the file sets them (Excel's units → px), zoomed."""
        table = self.sheet_view().table
        layout = reader.layout
        z = self._zoom_factor()
        font = table.font()
        font.setPointSizeF(self._base_point_size() * z)
        table.setFont(font)
        table.horizontalHeader().setDefaultSectionSize(int(width_px(layout.default_width or 8.43) * z))
        table.verticalHeader().setDefaultSectionSize(int(height_px(layout.default_height or 15.0) * z))
        for column, chars in layout.widths.items():
            if column < reader.columns:
                if chars <= 0:
                    table.setColumnHidden(column, True)
                else:
                    table.setColumnWidth(column, int(width_px(chars) * z))

    def _zoom_factor(self) -> float:
        return getattr(self, "_zoom", 1.0)

    def _base_point_size(self) -> float:
        if not hasattr(self, "_base_size"):
            self._base_size = self.sheet_view().table.font().pointSizeF()
        return self._base_size

    def _native_zoomable(self) -> bool:
        return self.model is not None

    def _native_zoom(self, step: int) -> None:
        factor = 1.0 if step == 0 else self._zoom_factor() * (1.25 if step > 0 else 0.8)
        self._zoom = max(0.5, min(3.0, factor))
        if self.model is not None:
            self._apply_sizes(self.model.reader)
            self._on_rows(0, self.model.rowCount() - 1)

    def zoom_factor(self) -> float:
        return self._zoom_factor()

    def _on_rows(self, first: int, last: int) -> None:
        model = self.model
        if model is None:
            return
        table = self.sheet_view().table
        for row, points in model.heights.items():
            if first <= row <= last:
                if points <= 0:
                    table.setRowHidden(row, True)
                else:
                    table.setRowHeight(row, int(height_px(points) * self._zoom_factor()))
        if model.is_done() and not self._merged:
            self._merged = model.reader.merged_ranges()
            if self._merged:
                self._apply_spans(0, model.rowCount() - 1)
                self.sig_spans_ready.emit(len(self._merged))
        elif self._merged:
            self._apply_spans(first, last)
        self._update_note()

    def _retranslate_native(self) -> None:
        self.sheet_view().retranslate()
        self._update_note()
        model = self.model
        if model is not None and model.rowCount() and model.columnCount():
            # never-calculated formulas take the new muted colour
            model.dataChanged.emit(model.index(0, 0), model.index(model.rowCount() - 1, model.columnCount() - 1),
                                   [Qt.ItemDataRole.ForegroundRole])

    def _update_note(self) -> None:
        model = self.model
        if model is None:
            return
        rows = model.total_rows()
        if model.reader.total_rows or model.is_done():
            text = tr("{loaded} rows", loaded=f"{rows:,}")
        else:
            text = tr("{loaded}+ rows read", loaded=f"{rows:,}")
        self.sheet_view().note_label.setText(text)

    def merged_ranges(self) -> tuple[tuple[int, int, int, int], ...]:
        return self._merged

    def _apply_spans(self, first: int, last: int) -> None:
        if self.model is None:
            return
        table = self.sheet_view().table
        cols = self.model.columnCount()
        for row, col, rspan, cspan in self._merged:
            if first <= row <= last and col < cols and (rspan > 1 or cspan > 1):
                table.setSpan(row, col, rspan, min(cspan, cols - col))

    def _on_tab(self, index: int) -> None:
        if index >= 0 and index != self._index:
            self.set_index(index)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        view = self.sheet_view()
        if self.model is None or not current.isValid():
            return
        r, c = current.row(), current.column()
        view.cell_label.setText(f"{get_column_letter(c + 1)}{r + 1}")
        view.formula_bar.setText(self.model.formula(r, c) or display(self.model.value(r, c)))

    def sheet_view(self) -> _SheetView:
        assert isinstance(self.native, _SheetView)
        return self.native

    def sheet_names(self) -> tuple[str, ...]:
        return self._sheet_names

    def closeEvent(self, event) -> None:  # noqa: ANN001 - Qt override
        if self.model is not None:
            self.model.reader.close()
        super().closeEvent(event)


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
    row_h, col_w, head_w = 22, 90, 40
    rows = int(480 / row_h)
    cols = min(reader.columns, int((640 - head_w) / col_w) + 1)
    p.fillRect(QRectF(0, 0, 640, row_h), QColor("#f1f3f4"))
    p.fillRect(QRectF(0, 0, head_w, 480), QColor("#f1f3f4"))
    p.setPen(QPen(QColor("#dadce0"), 1))
    for r in range(rows + 1):
        p.drawLine(0, r * row_h, 640, r * row_h)
    for c in range(cols + 1):
        p.drawLine(head_w + c * col_w, 0, head_w + c * col_w, 480)
    p.setPen(QColor("#5f6368"))
    for c in range(cols):
        p.drawText(QRectF(head_w + c * col_w, 0, col_w, row_h), Qt.AlignmentFlag.AlignCenter, get_column_letter(c + 1))
    for r in range(rows - 1):
        p.drawText(QRectF(0, (r + 1) * row_h, head_w, row_h), Qt.AlignmentFlag.AlignCenter, str(r + 1))
    p.setPen(QColor("#202124"))
    for r, row in sorted(chunk.values.items()):
        if r >= rows - 1:
            break
        for c, value in enumerate(row[:cols]):
            text = display(value)
            if text:
                numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
                align = Qt.AlignmentFlag.AlignRight if numeric else Qt.AlignmentFlag.AlignLeft
                p.drawText(QRectF(head_w + c * col_w + 4, (r + 1) * row_h, col_w - 8, row_h),
                           align | Qt.AlignmentFlag.AlignVCenter, text)
    p.end()
    return image, len(reader.sheet_names)


class XlsxRenderer(FormatRenderer):
    kind = "xlsx"
    preview_class = XlsxPreview
    render_image = staticmethod(render_image)
