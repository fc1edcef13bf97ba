"""Two versions of one document side by side: the differences a user would look for (no Qt here).

- DOCX: paragraphs and table cells, in document order;
- PDF: the text lines of every page;
- PPTX: one row per slide (its title and text);
- XLSX: one row per non-empty cell, keyed ``Sheet!A1``.

Rows are aligned with :class:`difflib.SequenceMatcher`; each says whether it is the same, changed, added or
removed. A file that cannot be read gives a clear error instead of a partial comparison.
"""
from __future__ import annotations

import difflib
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

RowKind = Literal["same", "changed", "added", "removed"]
MAX_ITEMS = 20_000  # a document bigger than this is compared on its first items only (said in ``note``)


class CompareError(Exception):
    """One of the versions cannot be read; the message says which and why."""


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


def _docx(path: Path) -> list[str]:
    import docx

    doc = docx.Document(io.BytesIO(path.read_bytes()))  # kept versions have no suffix
    items: list[str] = []
    body = doc.element.body
    for child in body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            text = "".join(t.text or "" for t in child.iter() if t.tag.endswith("}t"))
            if text.strip():
                items.append(text)
        elif tag == "tbl":
            for tr in child.iter():
                if tr.tag.endswith("}tr"):
                    cells = ["".join(t.text or "" for t in tc.iter() if t.tag.endswith("}t"))
                             for tc in tr if tc.tag.endswith("}tc")]
                    items.append(" | ".join(cells))
    return items


def _pdf(path: Path) -> list[str]:
    import fitz

    items: list[str] = []
    with fitz.open(stream=path.read_bytes(), filetype="pdf") as doc:
        for page in doc:
            items += [ln.strip() for ln in page.get_text().splitlines() if ln.strip()]
    return items


def _pptx(path: Path) -> list[str]:
    import pptx

    items = []
    for n, slide in enumerate(pptx.Presentation(io.BytesIO(path.read_bytes())).slides, start=1):
        texts = [" ".join(shape.text_frame.text.split()) for shape in slide.shapes if shape.has_text_frame]
        items.append(f"{n}. " + " · ".join(t for t in texts if t))
    return items


def _xlsx(path: Path) -> list[str]:
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(path.read_bytes()), read_only=True, data_only=False)
    items: list[str] = []
    try:
        for sheet in book.worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.value is not None and hasattr(cell, "coordinate"):
                        items.append(f"{sheet.title}!{cell.coordinate}: {cell.value}")
                        if len(items) > MAX_ITEMS:
                            return items
    finally:
        book.close()
    return items


_READERS: dict[str, tuple[Callable[[Path], list[str]], str]] = {
    "docx": (_docx, "paragraph"), "pdf": (_pdf, "line"), "pptx": (_pptx, "slide"), "xlsx": (_xlsx, "cell"),
}


def read_items(path: Path, kind: str) -> list[str]:
    reader, _unit = _READERS[kind]
    try:
        return reader(Path(path))
    except Exception as exc:  # noqa: BLE001 - any library failure is one clear message for this file
        raise CompareError(f"{Path(path).name} cannot be read for comparison ({type(exc).__name__}: {exc})") from None


def _key(kind: str, item: str) -> str:
    # Cells align on their address, slides on their position: a changed value is "changed", not removed+added.
    if kind == "xlsx":
        return item.split(": ", 1)[0]
    if kind == "pptx":
        return item.split(". ", 1)[0]
    return item


def compare_items(left: list[str], right: list[str], kind: str) -> list[Row]:
    rows: list[Row] = []
    keys_l, keys_r = [_key(kind, i) for i in left], [_key(kind, i) for i in right]
    matcher = difflib.SequenceMatcher(a=keys_l, b=keys_r, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for a, b in zip(left[i1:i2], right[j1:j2]):
                rows.append(Row("same" if a == b else "changed", a, b))
            continue
        a_part, b_part = left[i1:i2], right[j1:j2]
        paired = min(len(a_part), len(b_part)) if tag == "replace" else 0
        for a, b in zip(a_part[:paired], b_part[:paired]):
            rows.append(Row("changed", a, b))
        rows += [Row("removed", a, "") for a in a_part[paired:]]
        rows += [Row("added", "", b) for b in b_part[paired:]]
    return rows


def compare_files(left: Path, right: Path, kind: str) -> Comparison:
    """Compare two versions of a ``kind`` document (left: the older one)."""
    if kind not in _READERS:
        raise CompareError(f"{kind} files cannot be compared")
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
    import fitz

    with fitz.open(stream=path.read_bytes(), filetype="pdf") as doc:
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
    try:
        if kind == "pdf":
            return _pdf_spot(_pdf_pages(Path(left)), _pdf_pages(Path(right)))
        rows = compare_items(read_items(left, kind), read_items(right, kind), kind)
        sheets = _xlsx_sheets(Path(right)) if kind == "xlsx" else []
    except Exception:  # noqa: BLE001 - no spot rather than no preview
        return ChangeSpot()
    found = _first_difference(rows)
    if found is None:
        return ChangeSpot()
    position, row = found
    if kind == "pptx":
        slides = sum(1 for r in rows if r.right)
        number = (row.right or row.left).split(". ", 1)[0]
        index = int(number) - 1 if number.isdigit() else position
        return ChangeSpot(index=max(0, min(index, slides - 1)), text=row.right.split(". ", 1)[-1])
    if kind == "xlsx":
        return _xlsx_spot(row.right or row.left, sheets)
    return ChangeSpot(text=row.right or next((r.right for r in rows[position:] if r.right), ""))


def _pdf_spot(left: list[list[str]], right: list[list[str]]) -> ChangeSpot:
    for n, lines in enumerate(right):
        if n >= len(left) or lines != left[n]:
            old = left[n] if n < len(left) else []
            text = next((ln for ln in lines if ln not in old), lines[0] if lines else "")
            return ChangeSpot(index=n, text=text)
    return ChangeSpot(index=max(0, len(right) - 1)) if len(left) > len(right) else ChangeSpot()


def _xlsx_spot(item: str, sheets: list[str]) -> ChangeSpot:
    from openpyxl.utils.cell import coordinate_from_string, column_index_from_string

    address = item.split(": ", 1)[0]
    sheet, _bang, coordinate = address.rpartition("!")
    index = sheets.index(sheet) if sheet in sheets else 0
    try:
        letters, row = coordinate_from_string(coordinate)
    except ValueError:
        return ChangeSpot(index=index)
    return ChangeSpot(index=index, text=item.split(": ", 1)[-1], cell=(row - 1, column_index_from_string(letters) - 1))
