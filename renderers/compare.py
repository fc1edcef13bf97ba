"""Two versions of one document side by side: the differences a user would look for (no Qt here).

- DOCX: paragraphs and table cells, in document order;
- PDF: the text lines of every page;
- PPTX: one row per slide (its title and text);
- XLSX: one row per non-empty cell, keyed ``Sheet!A1``, and one per chart on a sheet.

Rows are aligned with :class:`difflib.SequenceMatcher`; each says whether it is the same, changed, added or
removed. A file that cannot be read gives a clear error instead of a partial comparison.
"""
from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from renderers._i18n import tr
from renderers.errors import CompareError
from skills.api import CHART, MAX_ITEMS, align, docx_items, pdf_items, pptx_items, pptx_slides, xlsx_items

RowKind = Literal["same", "changed", "added", "removed"]


@dataclass(frozen=True)
class Row:
    kind: RowKind
    left: str
    right: str


@dataclass(frozen=True)
class Comparison:
    rows: tuple[Row, ...]
    unit: str  # what one row is: "paragraph", "line", "slide", "cell"
    note: str = ""

    @property
    def changes(self) -> int:
        return sum(1 for r in self.rows if r.kind != "same")


_READERS: dict[str, tuple[Callable[[bytes], list[str]], str]] = {
    "docx": (docx_items, "paragraph"), "pdf": (pdf_items, "line"), "pptx": (pptx_items, "slide"),
    "xlsx": (xlsx_items, "cell"),
}


def read_items(path: Path, kind: str) -> list[str]:
    reader, _unit = _READERS[kind]
    try:
        return reader(Path(path).read_bytes())  # kept versions have no suffix: read by kind, from bytes
    except Exception as exc:  # noqa: BLE001 - any library failure is one clear message for this file
        raise CompareError(tr("{name} cannot be read for comparison ({detail})", name=Path(path).name,
                                detail=f"{type(exc).__name__}: {exc}")) from None


def compare_items(left: list[str], right: list[str], kind: str) -> list[Row]:
    return [Row(difference, a, b) for difference, a, b in align(left, right, kind)]  # type: ignore[arg-type]


def compare_files(left: Path, right: Path, kind: str) -> Comparison:
    """Compare two versions of a ``kind`` document (left: the older one)."""
    if kind not in _READERS:
        raise CompareError(tr("{kind} files cannot be compared", kind=kind.upper()))
    a, b = read_items(left, kind), read_items(right, kind)
    note = ""
    if max(len(a), len(b)) > MAX_ITEMS:
        a, b, note = a[:MAX_ITEMS], b[:MAX_ITEMS], f"only the first {MAX_ITEMS:,} items are compared"
    return Comparison(tuple(compare_items(a, b, kind)), _READERS[kind][1], note)


@dataclass(frozen=True)
class ChangeSpot:
    """Where a newer version differs first: the page/slide/sheet ``index`` to show, a ``text`` of the change to
    bring into view (DOCX paragraph, PDF line) and, in a workbook, the changed ``cell`` as (row, column), 0-based."""

    index: int = 0
    text: str = ""
    cell: tuple[int, int] | None = None


def _pdf_pages(path: Path) -> list[list[str]]:
    import pymupdf

    with pymupdf.open(stream=path.read_bytes(), filetype="pdf") as doc:
        return [[ln.strip() for ln in page.get_text().splitlines() if ln.strip()] for page in doc]


def _xlsx_sheets(path: Path) -> list[str]:
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(path.read_bytes()), read_only=True)
    try:
        return list(book.sheetnames)
    finally:
        book.close()


def _first_difference(rows: list[Row]) -> tuple[int, Row] | None:
    """(position in the newer version, row) of the first row that is not the same."""
    position = 0
    for row in rows:
        if row.kind != "same":
            return position, row
        position += 1
    return None


def locate_change(left: Path, right: Path, kind: str) -> ChangeSpot:
    """Where ``right`` (the newer version) first differs from ``left``; the start when nothing differs or a
    version cannot be read (a preview still opens, just not at the change)."""
    notes: int | None = None
    try:
        if kind == "pdf":
            return _pdf_spot(_pdf_pages(Path(left)), _pdf_pages(Path(right)))
        if kind == "pptx":  # each deck read once: its slides' texts and their notes
            a, b = pptx_slides(Path(left).read_bytes()), pptx_slides(Path(right).read_bytes())
            rows = compare_items([item for item, _ in a], [item for item, _ in b], kind)
            notes = _notes_changed([n for _, n in a], [n for _, n in b])
        else:
            rows = compare_items(read_items(left, kind), read_items(right, kind), kind)
        sheets = _xlsx_sheets(Path(right)) if kind == "xlsx" else []
    except Exception:  # noqa: BLE001 - no spot rather than no preview
        return ChangeSpot()
    found = _first_difference(rows)
    if kind == "pptx":  # a change to a slide's notes only shows below that slide
        if found is None:
            return ChangeSpot(index=notes) if notes is not None else ChangeSpot()
        position, row = found
        slides = sum(1 for r in rows if r.right)
        number = (row.right or row.left).split(". ", 1)[0]
        index = int(number) - 1 if number.isdigit() else position
        if notes is not None and notes < index:
            return ChangeSpot(index=notes)
        return ChangeSpot(index=max(0, min(index, slides - 1)), text=row.right.split(". ", 1)[-1])
    if found is None:
        return ChangeSpot()
    position, row = found
    if kind == "xlsx":
        return _xlsx_spot(row.right or row.left, sheets)
    return ChangeSpot(text=row.right or next((r.right for r in rows[position:] if r.right), ""))


def _notes_changed(left: list[str], right: list[str]) -> int | None:
    """The first slide whose notes differ between two decks of as many slides, or None."""
    if len(left) != len(right):
        return None
    return next((i for i, (x, y) in enumerate(zip(left, right)) if x != y), None)


def _pdf_spot(left: list[list[str]], right: list[list[str]]) -> ChangeSpot:
    for n, lines in enumerate(right):
        if n >= len(left) or lines != left[n]:
            old = left[n] if n < len(left) else []
            text = next((ln for ln in lines if ln not in old), lines[0] if lines else "")
            return ChangeSpot(index=n, text=text)
    return ChangeSpot(index=max(0, len(right) - 1)) if len(left) > len(right) else ChangeSpot()


def _xlsx_spot(item: str, sheets: list[str]) -> ChangeSpot:
    from openpyxl.utils.cell import coordinate_from_string, column_index_from_string
    from openpyxl.utils.exceptions import CellCoordinatesException

    address = item.split(": ", 1)[0].removesuffix(CHART)  # a chart: the cell under its corner
    sheet, _bang, coordinate = address.rpartition("!")
    index = sheets.index(sheet) if sheet in sheets else 0
    try:
        letters, row = coordinate_from_string(coordinate)
    except (ValueError, CellCoordinatesException):
        return ChangeSpot(index=index)
    return ChangeSpot(index=index, text=item.split(": ", 1)[-1], cell=(row - 1, column_index_from_string(letters) - 1))
