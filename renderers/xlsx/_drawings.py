"""Charts and pictures placed on a worksheet (its drawing part), read for the grid (worker thread).

Each anchor gives the cells the object covers; a chart is read from its cached values
(:mod:`renderers._chart`), a picture is decoded within the image budget. Only the
sheet's own relationships are followed, and every part is size-checked by the zip reader.
"""
from __future__ import annotations

import zipfile
from dataclasses import dataclass, replace
from pathlib import Path

from lxml import etree
from openpyxl.utils.cell import range_boundaries
from PySide6.QtGui import QImage

from renderers._chart import MAX_POINTS, ChartData, read_chart
from renderers._common import ImageBudget
from renderers._jobs import PreviewError
from skills.api import Theme, read_part, read_theme, read_xml, relationships
from renderers.xlsx._data import SheetReader

_XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
MAX_DRAWINGS = 50


@dataclass(frozen=True)
class Drawing:
    kind: str  # chart | picture | shape
    row: int  # top-left cell, 0-based
    col: int
    to_row: int  # bottom-right cell (exclusive edge), 0-based
    to_col: int
    title: str = ""
    chart: ChartData | None = None
    image: QImage | None = None


def sheet_drawings(path: Path, sheet_part: str) -> tuple[Drawing, ...]:
    """The charts and pictures on the sheet whose XML part is ``sheet_part``; () when there are none."""
    try:
        with zipfile.ZipFile(path) as z:
            found = _read(z, sheet_part.lstrip("/"))
    except (OSError, zipfile.BadZipFile, KeyError, etree.XMLSyntaxError, ValueError):
        return ()
    cells = _CellSource(path)
    try:
        return tuple(replace(d, chart=cells.fill(d.chart)) if d.chart is not None else d for d in found)
    finally:
        cells.close()


class _CellSource:
    """Values of the cells a chart refers to, for charts saved without cached values (openpyxl's)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.readers: dict[str, SheetReader | None] = {}

    def fill(self, chart: ChartData) -> ChartData | None:
        if any(not s.name and s.name_ref for s in chart.series):
            # series named by a cell the file saved no copy of: the legend shows the cell's text
            chart = replace(chart, series=tuple(replace(s, name=str(next(iter(self._cells(s.name_ref)), "") or ""))
                                                if not s.name and s.name_ref else s for s in chart.series))
        if any(v is not None for s in chart.series for v in s.values):
            return chart
        series = tuple(replace(s, values=tuple(_number(v) for v in self._cells(s.values_ref))) for s in chart.series)
        if not any(v is not None for s in series for v in s.values):
            return None  # nothing to draw: the box with the title says what is there
        categories = tuple("" if v is None else str(v) for v in self._cells(chart.categories_ref)) or \
            chart.categories
        return replace(chart, series=series, categories=categories)

    def _cells(self, ref: str) -> list[object]:
        sheet, _, cells = ref.rpartition("!")
        sheet = sheet.strip("'").replace("''", "'")
        try:
            c1, r1, c2, r2 = range_boundaries(cells.replace("$", ""))
        except (ValueError, TypeError):
            return []
        if None in (c1, r1, c2, r2) or (r2 - r1 + 1) * (c2 - c1 + 1) > MAX_POINTS:
            return []
        reader = self._reader(sheet)
        if reader is None:
            return []
        rows = reader.read(r1 - 1, r2 - 1).values
        return [(rows.get(r) or ())[c] if c < len(rows.get(r) or ()) else None
                for r in range(r1 - 1, r2) for c in range(c1 - 1, c2)]

    def _reader(self, sheet: str) -> SheetReader | None:
        if sheet not in self.readers:
            self.readers[sheet] = None
            try:
                probe = SheetReader(self.path, 0)
                names = probe.sheet_names
                probe.close()
                if sheet in names:
                    self.readers[sheet] = SheetReader(self.path, names.index(sheet))
            except PreviewError:
                pass
        return self.readers[sheet]

    def close(self) -> None:
        for reader in self.readers.values():
            if reader is not None:
                reader.close()


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _read(z: zipfile.ZipFile, sheet_part: str) -> list[Drawing]:
    # the sheet's drawing relationship: no need to read the sheet XML, where <drawing> comes last
    out: list[Drawing] = []
    budget = ImageBudget()
    scheme: dict[str, str] | None = None
    for drawing_part in relationships(z, sheet_part, "/drawing").values():
        if drawing_part not in z.namelist():
            continue
        rels = relationships(z, drawing_part)
        root = read_xml(z, drawing_part)
        for anchor in root:
            if len(out) >= MAX_DRAWINGS:
                return out
            if scheme is None:
                scheme = _scheme(z)
            found = _anchor(z, anchor, rels, budget, scheme)
            if found is not None:
                out.append(found)
    return out


def _scheme(z: zipfile.ZipFile) -> dict[str, str]:
    """The workbook theme's colours (charts without their own colours take its accents)."""
    name = next((n for n in ("xl/theme/theme1.xml",) if n in z.namelist()), "")
    if not name:
        return Theme().colors
    try:
        return read_theme(read_xml(z, name)).colors
    except (etree.XMLSyntaxError, ValueError):
        return Theme().colors


def _anchor(z: zipfile.ZipFile, anchor: etree._Element, rels: dict[str, str], budget: ImageBudget,
            scheme: dict[str, str] | None = None) -> Drawing | None:
    start = anchor.find(f"{_XDR}from")
    if start is None:
        return None
    row, col = _cell(start)
    end = anchor.find(f"{_XDR}to")
    to_row, to_col = _cell(end) if end is not None else (row + 15, col + 8)
    name = next((el.get("name", "") for el in anchor.iter(f"{_XDR}cNvPr")), "")
    chart_ref = next(anchor.iter(f"{_C}chart"), None)
    if chart_ref is not None:
        part = rels.get(chart_ref.get(f"{_R}id", ""))
        chart = read_chart(read_part(z, part), scheme) if part and part in z.namelist() else None
        title = (chart.title if chart else "") or name
        # a chart saved without cached values (openpyxl's) is filled from its cells by sheet_drawings
        return Drawing("chart", row, col, max(to_row, row + 1), max(to_col, col + 1),
                       title, chart)
    blip = next(anchor.iter(f"{_A}blip"), None)
    if blip is not None:
        part = rels.get(blip.get(f"{_R}embed", ""))
        image = None
        if part and part in z.namelist():
            image, _reason = budget.decode(read_part(z, part))
        return Drawing("picture", row, col, max(to_row, row + 1), max(to_col, col + 1), name, image=image)
    text = " ".join(t.text or "" for t in anchor.iter(f"{_A}t")).strip()
    if text:
        return Drawing("shape", row, col, max(to_row, row + 1), max(to_col, col + 1), text)
    return None


def _cell(marker: etree._Element) -> tuple[int, int]:
    def num(tag: str) -> int:
        el = marker.find(f"{_XDR}{tag}")
        return int(el.text) if el is not None and (el.text or "").isdigit() else 0

    return num("row"), num("col")
