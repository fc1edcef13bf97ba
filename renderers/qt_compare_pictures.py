"""Two versions drawn side by side for the compare view: slides as pictures, pages as pages (a pair that differs
is framed in colour), a workbook's cells as a grid with the changed ones marked (the earlier value in the tool
tip). Reading runs in a worker; drawing stays on the UI thread, one picture per turn of the event loop."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QImage, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QTableWidget, QTableWidgetItem, QWidget

from renderers import _colors as colors
from renderers._i18n import tr, tr_msg
from renderers._jobs import Jobs
from renderers.compare import Comparison, RowKind
from skills.api import CHART, said_item

if TYPE_CHECKING:
    from renderers.pptx._model import Deck

# A document's first pages as read in a worker (the DOCX plugin's DocxChunk), laid out on the UI thread.
DocumentParts = object

PICTURE_WIDTH = 300
MAX_PICTURES = 60  # pairs drawn; a longer document is compared in the text table
# (light, dark) per difference kind, as in the text table
HIGHLIGHT = {"changed": ("#fff4c2", "#5a4a12"), "added": ("#dcf5dc", "#1f4d2a"), "removed": ("#fbdada", "#5c2326")}
FRAME = {"changed": "#d9a400", "added": "#2e9d4a", "removed": "#c5221f"}

Pair = tuple[int | None, int | None, RowKind]  # left index, right index, kind of difference


def _number(item: str) -> int | None:
    head = item.split(". ", 1)[0]
    return int(head) - 1 if head.isdigit() else None


def slide_pairs(comparison: Comparison) -> list[Pair]:
    return [(_number(r.left) if r.left else None, _number(r.right) if r.right else None, r.kind)
            for r in comparison.rows][:MAX_PICTURES]


def _read_decks(left: Path, right: Path, pairs: list[Pair]) -> tuple[Deck, Deck]:
    """Worker: both decks opened and the slides of ``pairs`` read (pictures decoded, nothing drawn)."""
    from renderers.pptx._model import load

    decks = load(left), load(right)
    for side, deck in enumerate(decks):
        for pair in pairs:
            index = pair[0] if side == 0 else pair[1]
            if index is not None and index < deck.count:
                deck.slide(index)
    return decks


def _docx() -> ModuleType:
    # The DOCX plugin, found as the registry finds it (by name): its card shows this view, so no import cycle.
    from importlib import import_module

    return import_module("renderers.docx.plugin")


def _read_documents(left: Path, right: Path) -> tuple[DocumentParts, DocumentParts]:
    """Worker: both documents' first pages read as the preview reads them (laid out into pages, each
    section on its own page, on the UI thread)."""
    read: Callable[[Path, int], DocumentParts] = _docx().pages_part
    return read(left, MAX_PICTURES), read(right, MAX_PICTURES)


def _slide_picture(deck: Deck, index: int) -> QImage:
    from renderers.pptx._paint import draw_slide

    return draw_slide(deck, deck.slide(index), PICTURE_WIDTH)


def _same(image: QImage) -> QImage:
    return image


def _read_pdf_pages(left: Path, right: Path) -> tuple[list[QImage], list[QImage], list[str]]:
    """Worker: every page of both PDFs rasterised (PyMuPDF, as the PDF preview does) and each pair's kind."""
    import pymupdf

    from renderers.pdf._source import render_page

    texts = []
    for path in (left, right):
        with pymupdf.open(stream=path.read_bytes(), filetype="pdf") as doc:
            texts.append([page.get_text() for page in doc][:MAX_PICTURES])
    images = [[render_page(path, n, PICTURE_WIDTH) for n in range(len(side))] for path, side in zip((left, right), texts)]
    kinds = []
    for n in range(max(len(texts[0]), len(texts[1]))):
        if n >= len(texts[0]):
            kinds.append("added")
        elif n >= len(texts[1]):
            kinds.append("removed")
        else:
            kinds.append("same" if texts[0][n] == texts[1][n] else "changed")
    return images[0], images[1], kinds


class SideBySide(QScrollArea):
    """Version ``left`` and ``right`` of a deck, document or PDF drawn next to each other, pair by pair; a
    double-click on a picture asks for that version at that slide or page in the preview (``sig_open``)."""

    sig_open = Signal(int, int)  # side (0: left, 1: right), slide or page index

    def __init__(self, left: Path, right: Path, kind: str, comparison: Comparison | None,
                 labels: tuple[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.kind = kind
        self.pairs: list[Pair] = []
        self.pictures: list[tuple[QLabel, QLabel, str]] = []
        self._drawers: list[Callable[[], None]] = []
        body = QWidget()
        self.grid = QGridLayout(body)
        self.grid.setHorizontalSpacing(16)
        self.grid.setVerticalSpacing(12)
        for column, label in enumerate(labels):
            head = QLabel(label)
            colors.bold(head)
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.grid.addWidget(head, 0, column)
        self.status = QLabel(tr("Loading…"))
        self.grid.addWidget(self.status, 1, 0, 1, 2)
        self.setWidget(body)
        self.jobs = Jobs(self)
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._draw_one)
        if kind == "pptx" and comparison is not None:
            self.pairs = slide_pairs(comparison)
            self.jobs.submit(_read_decks, left, right, self.pairs, on_done=self._on_decks, on_error=self._failed)
        elif kind == "docx":
            self.jobs.submit(_read_documents, left, right, on_done=self._on_documents, on_error=self._failed)
        elif kind == "pdf":
            self.jobs.submit(_read_pdf_pages, left, right, on_done=self._on_pdf, on_error=self._failed)

    def done(self) -> bool:
        """Every picture is drawn."""
        return not self.jobs.busy() and not self._drawers and not self._timer.isActive() and bool(self.pictures)

    def changed_rows(self) -> list[str]:
        """The kind of every pair that differs, top to bottom (for tests and the screen reader)."""
        return [kind for _l, _r, kind in self.pictures if kind != "same"]

    def _failed(self, message: str) -> None:
        self.status.setText(message)

    def _row(self, kind: str) -> tuple[QLabel, QLabel]:
        row = len(self.pictures) + 1
        labels = (QLabel(), QLabel())
        dark = colors.is_dark()
        for column, label in enumerate(labels):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            if kind != "same":
                label.setStyleSheet(f"border: 3px solid {FRAME[kind]}; "
                                    f"background: {HIGHLIGHT[kind][1 if dark else 0]}; padding: 2px;")
            self.grid.addWidget(label, row, column)
        self.pictures.append((labels[0], labels[1], kind))
        return labels

    def _openable(self, label: QLabel, side: int, index: int) -> None:
        label.setProperty("compare_at", (side, index))
        label.setToolTip(tr("Double-click to open this version here in the preview"))
        label.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        at = watched.property("compare_at") if isinstance(watched, QLabel) else None
        if event.type() == QEvent.Type.MouseButtonDblClick and at is not None:
            self.sig_open.emit(int(at[0]), int(at[1]))
            return True
        return super().eventFilter(watched, event)

    def _queue(self, label: QLabel, draw: Callable[[], QImage | None]) -> None:
        def run() -> None:
            image = draw()
            if image is None:
                label.setText(tr("(none)"))
            else:
                pixmap = QPixmap.fromImage(image)
                label.setPixmap(pixmap)
                label.setMinimumSize(pixmap.size())  # the whole slide or page, never cut by the rows
        self._drawers.append(run)
        self._timer.start()

    def _draw_one(self) -> None:
        if self._drawers:
            self._drawers.pop(0)()
        if not self._drawers:
            self._timer.stop()
            self.status.hide()
            first = next((right for _left, right, kind in self.pictures if kind != "same"), None)
            if first is not None:  # the first difference in view, as in the text table
                QTimer.singleShot(0, self, lambda: self.ensureWidgetVisible(first, 0, 40))

    def _on_decks(self, decks: tuple[Deck, Deck]) -> None:
        for left, right, kind in self.pairs:
            labels = self._row(kind)
            for side, index in enumerate((left, right)):
                deck = decks[side]
                if index is None or index >= deck.count:
                    labels[side].setText(tr("(new)") if side == 0 else tr("(removed)"))
                    continue
                self._queue(labels[side], partial(_slide_picture, deck, index))
                self._openable(labels[side], side, index)

    def _on_documents(self, documents: tuple[DocumentParts, DocumentParts]) -> None:
        draw: Callable[[DocumentParts, int, int], list[QImage]] = _docx().draw_pages
        self._pages(draw(documents[0], PICTURE_WIDTH, MAX_PICTURES), draw(documents[1], PICTURE_WIDTH, MAX_PICTURES),
                    None)

    def _on_pdf(self, result: tuple[list[QImage], list[QImage], list[str]]) -> None:
        self._pages(*result)

    def _pages(self, left: list[QImage], right: list[QImage], kinds: list[str] | None) -> None:
        for n in range(max(len(left), len(right))):
            a = left[n] if n < len(left) else None
            b = right[n] if n < len(right) else None
            kind = kinds[n] if kinds is not None else (
                "added" if a is None else "removed" if b is None else "same" if a == b else "changed")
            labels = self._row(kind)
            for side, image in enumerate((a, b)):
                if image is None:
                    labels[side].setText(tr("(new)") if side == 0 else tr("(removed)"))
                else:
                    self._queue(labels[side], partial(_same, image))
                    self._openable(labels[side], side, n)


class CellGrid(QTableWidget):
    """The changed workbook's cells as a grid (one sheet after another), changed cells marked in colour with
    their earlier value in the tool tip; only the sheets that changed."""

    def __init__(self, comparison: Comparison, labels: tuple[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.marked: dict[str, str] = {}  # "Sheet!A1" → kind, for tests and the screen reader
        from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
        from openpyxl.utils.exceptions import CellCoordinatesException

        cells: dict[str, dict[tuple[int, int], tuple[str, str, str]]] = {}
        charts: list[tuple[str, tuple[int, int], tuple[str, str, str]]] = []
        for row in comparison.rows:
            item = row.right or row.left
            address, _sep, _value = item.partition(": ")
            chart = address.endswith(CHART)
            sheet, _bang, coordinate = address.removesuffix(CHART).rpartition("!")
            try:
                letters, number = coordinate_from_string(coordinate)
            except (ValueError, CellCoordinatesException):
                continue
            at = (number - 1, column_index_from_string(letters) - 1)
            if chart:  # named in the cell under its corner ("Chart “Sales” at Sheet!E2"), unless a value is there
                said = [tr_msg(said_item(text, "xlsx")) if text else "" for text in (row.left, row.right)]
                charts.append((sheet, at, (row.kind, said[0], said[1])))
            else:
                cells.setdefault(sheet, {})[at] = (row.kind, row.left.partition(": ")[2], row.right.partition(": ")[2])
            if row.kind != "same":
                self.marked[address] = row.kind
        for sheet, at, shown in charts:
            cells.setdefault(sheet, {}).setdefault(at, shown)
        changed = [s for s, grid in cells.items() if any(kind != "same" for kind, _o, _n in grid.values())]
        rows = sum(max(r for r, _c in cells[s]) + 2 for s in changed)
        columns = max((max(c for _r, c in cells[s]) + 1 for s in changed), default=1)
        self.setRowCount(rows)
        self.setColumnCount(columns)
        from openpyxl.utils import get_column_letter

        self.setHorizontalHeaderLabels([get_column_letter(c + 1) for c in range(columns)])
        dark = colors.is_dark()
        top = 0
        headers: list[str] = []
        for sheet in changed:
            height = max(r for r, _c in cells[sheet]) + 1
            title = QTableWidgetItem(sheet)
            bold = title.font()
            bold.setBold(True)
            title.setFont(bold)
            self.setItem(top, 0, title)
            headers.append("")
            for (r, c), (kind, old, new) in cells[sheet].items():
                cell = QTableWidgetItem(new if kind != "removed" else old)
                if kind != "same":
                    cell.setBackground(QBrush(QColor(HIGHLIGHT[kind][1 if dark else 0])))
                    cell.setToolTip(tr("{left}: {value}", left=labels[0], value=old or tr("(empty)")))
                self.setItem(top + 1 + r, c, cell)
            headers += [str(n + 1) for n in range(height)]
            top += height + 1
        self.setVerticalHeaderLabels(headers)
        self.resizeColumnsToContents()


def side_by_side(left: Path, right: Path, kind: str, comparison: Comparison | None,
                 labels: tuple[str, str], parent: QWidget | None = None) -> QWidget | None:
    """The drawn comparison of ``kind``, or None when there is none (a version that cannot be read)."""
    if kind == "xlsx":
        return CellGrid(comparison, labels, parent) if comparison is not None else None
    if kind in ("pptx", "docx", "pdf"):
        return SideBySide(left, right, kind, comparison, labels, parent)
    return None


__all__ = ["CellGrid", "SideBySide", "side_by_side"]
