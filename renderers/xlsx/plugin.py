"""The XLSX plugin: a virtual grid (rows loaded by chunks), sheet tabs, merged cells, formula bar."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from openpyxl.utils import get_column_letter
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QCloseEvent, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractButton,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTabBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from renderers import _colors as colors
from renderers._api import ArtifactView, RendererHost
from renderers._i18n import tr, tr_msg
from renderers._jobs import STREAMS, Jobs
from renderers._plugin import FormatRenderer
from renderers.xlsx._data import PREFETCH_BYTES, Rows, SheetReader, display, height_px, open_sheet, width_px
from renderers.xlsx._drawings import Drawing, sheet_drawings
from renderers.xlsx._model import SheetModel
from renderers.xlsx._thumb import draw_thumbnail, render_image, thumbnail_part
from renderers.qt_card import ArtifactCard
from renderers.qt_preview import PreviewBase
from renderers.xlsx.qt_overlay import DrawingOverlay
from skills.api import msg

__all__ = ["SheetModel", "XlsxPreview", "XlsxRenderer", "render_image"]

class _CellDelegate(QStyledItemDelegate):
    """Cells as Qt draws them, then the borders the cell's format gives (the grid lines stay faint)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        super().paint(painter, option, index)
        model = index.model()
        style = model.style(index.row(), index.column()) if isinstance(model, SheetModel) else None
        if style is None or not style.borders:
            return
        rect = option.rect
        painter.save()
        for side, color in style.borders.items():
            painter.setPen(QPen(QColor(color), 1))
            if side == "bottom":
                painter.drawLine(rect.bottomLeft(), rect.bottomRight())
            elif side == "top":
                painter.drawLine(rect.topLeft(), rect.topRight())
            elif side == "left":
                painter.drawLine(rect.topLeft(), rect.bottomLeft())
            elif side == "right":
                painter.drawLine(rect.topRight(), rect.bottomRight())
        painter.restore()


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
        self.table.setItemDelegate(_CellDelegate(self.table))
        self.table.setAlternatingRowColors(False)
        # Tab leaves the grid for the next control, as everywhere else in the window; arrows move between cells.
        self.table.setTabKeyNavigation(False)
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
        for widget, name, description in (
                (self.formula_bar, tr("Formula"), tr("Select a cell to see its formula or value")),
                (self.table, tr("Cells"), tr("Arrow keys move between cells; the formula bar shows the selected one")),
                (self.table.findChild(QAbstractButton), tr("Select all cells"), tr("Select every cell of the sheet")),
                (self.tabs, tr("Sheets"), tr("Choose the sheet to show"))):
            if widget is not None:
                widget.setAccessibleName(name)
                widget.setAccessibleDescription(description)
        self.describe_tabs()

    def describe_tabs(self) -> None:
        # A tab bar is described by its current tab's tool tip (Qt's accessible tab bar reads that).
        for i in range(self.tabs.count()):
            self.tabs.setTabToolTip(i, tr("Show the sheet “{sheet}”", sheet=self.tabs.tabText(i)))
        pal = colors.palette()
        colors.apply_sheets(((self.table, f"QTableView {{ gridline-color: {colors.color(colors.Role.Mid, pal)}; }}"),
                             (self.note_label, f"color: {colors.status('muted', pal)};")))


class XlsxPreview(PreviewBase):
    """Sheets as a grid of cached values; the formula of the selected cell in the formula bar."""

    sig_spans_ready = Signal(int)  # merged ranges of the current sheet are known (their count)
    unit = "Sheet"
    LOAD_LANE = STREAMS  # the first sheet's stream is opened where the model's reads will advance it

    def _native_widget(self) -> QWidget:
        view = _SheetView()
        self.model: SheetModel | None = None
        self._sheet_names: tuple[str, ...] = ()
        self._pending: tuple[SheetReader, Rows] | None = None
        self.sheet_jobs = Jobs(self, lane=STREAMS)  # opens the stream the model's reads advance
        self._track(self.sheet_jobs)
        self.drawing_jobs = Jobs(self)
        self.overlays: list[DrawingOverlay] = []
        self._revealed: tuple[int, int] | None = None  # the cell a change is shown at, its drawing still to come
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
        self.sheet_view().describe_tabs()
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
        self._revealed = None
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

    def _native_reveal(self, text: str, cell: tuple[int, int] | None) -> None:
        """Select the changed cell and scroll it into view (its value shows in the formula bar)."""
        if self.model is None or cell is None:
            return
        row, column = cell
        index = self.model.index(min(row, self.model.rowCount() - 1), min(column, self.model.columnCount() - 1))
        if index.isValid():
            table = self.sheet_view().table
            table.setCurrentIndex(index)
            table.scrollTo(index, table.ScrollHint.PositionAtCenter)
            self._revealed = cell
            self._reveal_drawing()

    def _reveal_drawing(self) -> None:
        """A chart or picture whose corner is the revealed cell (a chart just added) is shown whole where it
        fits, with as much of the sheet before it as fits too; centring its corner showed half of it."""
        drawing = next((o.drawing for o in self.overlays if (o.drawing.row, o.drawing.col) == self._revealed), None)
        if drawing is None:
            return
        self._revealed = None  # once: the user's own scrolling is theirs
        table = self.sheet_view().table
        per_item = table.horizontalScrollMode() == table.ScrollMode.ScrollPerItem
        table.horizontalScrollBar().setValue(_scrolled_to(
            table.columnWidth, drawing.col, drawing.to_col, table.viewport().width(), per_item))
        per_item = table.verticalScrollMode() == table.ScrollMode.ScrollPerItem
        table.verticalScrollBar().setValue(_scrolled_to(
            table.rowHeight, drawing.row, drawing.to_row, table.viewport().height(), per_item))

    def _on_drawings(self, drawings: tuple[Drawing, ...]) -> None:
        table = self.sheet_view().table
        if self.model is not None and drawings:
            # the grid scrolls as far as its drawings reach: a chart right of the data can be reached
            self.model.reach(max(d.to_row for d in drawings) + 1, max(d.to_col for d in drawings) + 1)
            self._apply_sizes(self.model.reader)
        self.overlays = [DrawingOverlay(d, table) for d in drawings]
        self._place_overlays()
        self._reveal_drawing()  # the drawings come after the cells: a reveal may be waiting for them

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
        if self.model is not None:
            self.model.base_font = QFont(font)
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
            self._place_overlays()  # drawings keep to their cells, so they grow and shrink with them

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
            text = tr_msg(msg("count.rows_shown", rows, loaded=f"{rows:,}"))
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

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.model is not None:
            self.model.reader.close()
        super().closeEvent(event)


class XlsxRenderer(FormatRenderer):
    kind = "xlsx"
    preview_class = XlsxPreview
    render_image = staticmethod(render_image)

    def card(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None) -> ArtifactCard:
        return ArtifactCard(view, host, parent, render_image=thumbnail_part, finish_image=draw_thumbnail,
                            wants=needs)


def needs(view: ArtifactView) -> tuple[str, ...]:
    """What a written workbook needs besides opening: Recalculate while some formulas have no values yet (nothing
    could compute them when it was written), so its values show here and not only in a spreadsheet program."""
    counts = view.evidence.counts if view.evidence is not None else {}
    return ("recalc",) if counts.get("formulas", 0) > counts.get("formulas_calculated", 0) else ()


def _scrolled_to(size: Callable[[int], int], first: int, last: int, room: int, per_item: bool) -> int:
    """Where a scroll bar goes to show the sections ``first`` to ``last`` (exclusive edge; columns or rows
    of ``size`` pixels) in ``room`` pixels: the earliest start from which they fit, else ``first``."""
    start, width = first, sum(size(i) for i in range(first, max(last, first + 1)))
    while start > 0 and width + size(start - 1) <= room:
        start -= 1
        width += size(start)
    return start if per_item else sum(size(i) for i in range(start))
