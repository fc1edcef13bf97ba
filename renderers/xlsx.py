"""The XLSX plugin: a virtual grid (rows loaded by chunks), sheet tabs, merged cells, formula bar."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QTableView, QTabBar, QVBoxLayout, QWidget

from renderers import _colors as colors
from renderers._i18n import tr
from renderers._jobs import Jobs
from renderers._plugin import FormatRenderer
from renderers._xlsx_data import CHUNK_ROWS, Chunk, SheetReader, display, open_sheet
from renderers.qt_preview import PreviewBase

__all__ = ["SheetModel", "XlsxPreview", "XlsxRenderer", "render_image"]

_Index = QModelIndex | QPersistentModelIndex
MAX_CELLS_LOADED = 5_000_000  # rows × shown columns kept in memory; the grid stops reading there


class SheetModel(QAbstractTableModel):
    """Cached values of one sheet; more rows are read in a worker as the view scrolls."""

    sig_rows_added = Signal(int, int)  # first, last (0-based, inclusive)

    def __init__(self, reader: SheetReader, first: Chunk, parent: Any = None) -> None:
        super().__init__(parent)
        self.reader = reader
        self._rows: list[tuple[Any, ...]] = list(first.values)
        self._formulas: dict[tuple[int, int], str] = dict(first.formulas)
        self._done = first.done
        self._fetches = 0
        self.jobs = Jobs(self)

    # -- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self.reader.columns

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if r >= len(self._rows):
            return None
        row = self._rows[r]
        value = row[c] if c < len(row) else None
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
        return not parent.isValid() and not self._done and not self.capped()

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:  # noqa: B008, N802
        if parent.isValid() or not self.canFetchMore() or self.jobs.busy():
            return
        # chunks grow as the user keeps scrolling down, so reaching row 90,000 takes few steps
        size = min(CHUNK_ROWS * 2 ** min(self._fetches, 4), 8000)
        self._fetches += 1
        self.jobs.submit(self.reader.next_chunk, size, on_done=self._append, on_error=self._on_error)

    def capped(self) -> bool:
        """True when the memory bound stops reading: the grid shows the first rows only."""
        return len(self._rows) * max(self.reader.columns, 1) >= MAX_CELLS_LOADED

    # -- data ----------------------------------------------------------------------------
    def rows_loaded(self) -> int:
        return len(self._rows)

    def total_rows(self) -> int:
        """Rows the sheet declares (its dimension), which may be more than loaded."""
        return max(self.reader.total_rows, len(self._rows))

    def value(self, row: int, column: int) -> Any:
        if row < len(self._rows) and column < len(self._rows[row]):
            return self._rows[row][column]
        return None

    def formula(self, row: int, column: int) -> str | None:
        return self._formulas.get((row, column))

    def is_done(self) -> bool:
        return self._done

    def _append(self, chunk: Chunk) -> None:
        self._done = chunk.done
        if chunk.done:
            self.reader.close()  # every row is here: let go of the file
        if chunk.values:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(chunk.values) - 1)
            self._rows.extend(chunk.values)
            self._formulas.update(chunk.formulas)
            self.endInsertRows()
            self.sig_rows_added.emit(first, len(self._rows) - 1)

    def _on_error(self, message: str) -> None:
        self._done = True  # stop asking; what was read stays on screen


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
        self._pending: tuple[SheetReader, Chunk] | None = None
        self.sheet_jobs = Jobs(self)
        self._track(self.sheet_jobs)
        self.merge_jobs = Jobs(self)
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

    def _install(self, reader: SheetReader, chunk: Chunk) -> None:
        view = self.sheet_view()
        old = self.model
        self.model = SheetModel(reader, chunk, self)
        if chunk.done:
            reader.close()
        # Close the workbook streams with the widget, even when it is destroyed without closeEvent
        # (an open handle would lock the file on Windows while the user overwrites it).
        self.destroyed.connect(lambda *_args, r=reader: r.close())
        self.model.sig_rows_added.connect(self._apply_spans)
        self.model.sig_rows_added.connect(self._update_note)
        view.table.clearSpans()
        view.table.setModel(self.model)
        view.table.selectionModel().currentChanged.connect(self._on_current)
        view.formula_bar.clear()
        view.cell_label.clear()
        if old is not None:
            old.jobs.cancel()
            old.reader.close()
            old.deleteLater()
        self._update_note()
        self._merged = ()
        self.merge_jobs.submit(reader.merged_ranges, on_done=self._on_merged, on_error=lambda _m: None)
        view.tabs.blockSignals(True)
        view.tabs.setCurrentIndex(reader.index)
        view.tabs.blockSignals(False)
        self._shown(reader.index)

    def _retranslate_native(self) -> None:
        self.sheet_view().retranslate()
        self._update_note()
        model = self.model
        if model is not None and model.rowCount() and model.columnCount():
            # never-calculated formulas take the new muted colour
            model.dataChanged.emit(model.index(0, 0), model.index(model.rowCount() - 1, model.columnCount() - 1),
                                   [Qt.ItemDataRole.ForegroundRole])

    def _update_note(self, *_rows: int) -> None:
        model = self.model
        if model is None:
            return
        loaded = model.rows_loaded()
        if model.capped():
            text = tr("Showing the first {loaded} rows (preview memory limit)", loaded=f"{loaded:,}")
        elif model.is_done():
            text = tr("{loaded} rows", loaded=f"{loaded:,}")
        else:
            total = model.reader.total_rows
            text = (tr("{loaded} of {total} rows read", loaded=f"{loaded:,}", total=f"{total:,}") if total > loaded
                    else tr("{loaded}+ rows read", loaded=f"{loaded:,}"))
        self.sheet_view().note_label.setText(text)

    def _on_merged(self, merged: tuple[tuple[int, int, int, int], ...]) -> None:
        self._merged = merged
        if self.model is not None:
            self._apply_spans(0, self.model.rows_loaded() - 1)
        self.sig_spans_ready.emit(len(merged))

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
        chunk = reader.next_chunk(60)
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
    for r, row in enumerate(chunk.values[: rows - 1]):
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
