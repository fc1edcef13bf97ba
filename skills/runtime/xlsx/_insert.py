"""New rows inside a sheet's data region, and every reference to that region grown with them.

openpyxl's ``insert_rows`` moves cells and nothing else: formulas, charts, tables, defined
names, conditional formats, validations, the autofilter and merged cells keep pointing at the
old rows. :class:`RowInsert` moves them the way a spreadsheet program does when rows are
inserted, plus one rule for appending: a range that ends on the last data row (the row above
the insertion point) grows to take the new rows, so ``=SUM(B2:B5)`` above a totals row and a
chart over ``B2:B5`` cover the new row too.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from openpyxl.formula.tokenizer import Token, Tokenizer, TokenizerError
from openpyxl.utils.cell import column_index_from_string

# A row that closes a table: a label people use, or a formula that sums the column above it.
_TOTAL_LABEL = re.compile(r"^\s*(?:grand\s+)?(?:sub)?totals?\b|^\s*sum\b|^\s*(?:合计|总计|小计|总和|汇总|共计)",
                          re.IGNORECASE)
_AGGREGATE = re.compile(r"\b(?:SUM|SUBTOTAL|AVERAGE|COUNTA?|MIN|MAX|AGGREGATE)\s*\(", re.IGNORECASE)
_CELL = re.compile(r"^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$")
_ROW = re.compile(r"^(\$?)(\d+)$")
_COL = re.compile(r"^\$?[A-Za-z]{1,3}$")
_NUMBER = re.compile(r"\d+")
MAX_SUMMARY_ROWS = 10


def _is_formula(cell: Any) -> bool:
    return cell.data_type == "f" and isinstance(cell.value, str)


def is_summary_row(ws: Any, row: int) -> bool:
    """A totals row: a Total/合计 label in its first text cell, or an aggregate of the cells above."""
    cells = [c for c in ws[row] if c.value is not None]
    if not cells:
        return False
    texts = [c.value for c in cells if isinstance(c.value, str) and not _is_formula(c)]
    if texts and _TOTAL_LABEL.match(texts[0]):
        return True
    formulas = [c for c in cells if _is_formula(c)]
    if not formulas or any(isinstance(c.value, (int, float)) and not isinstance(c.value, bool) for c in cells):
        return False
    return any(_AGGREGATE.search(c.value) and _sums_above(c) for c in formulas)


def _sums_above(cell: Any) -> bool:
    """The formula reads a range of its own column that ends above it (``=SUM(B2:B5)`` in B6)."""
    for m in re.finditer(r"\$?([A-Za-z]{1,3})\$?(\d+):\$?([A-Za-z]{1,3})\$?(\d+)", cell.value):
        col = column_index_from_string(m.group(1).upper())
        if col == cell.column and col == column_index_from_string(m.group(3).upper()) \
                and int(m.group(4)) < cell.row:
            return True
    return False


def _blank(ws: Any, row: int) -> bool:
    return all(c.value is None for c in ws[row])


def insertion_row(ws: Any, used: int) -> int:
    """Where appended rows go: above the totals rows (and the blank rows before them) at the bottom."""
    row, seen_summary = used, False
    while row > 1 and used - row < MAX_SUMMARY_ROWS:
        if is_summary_row(ws, row):
            seen_summary = True
        elif not (seen_summary and _blank(ws, row)):
            break
        row -= 1
    return row + 1 if seen_summary else used + 1


def header_row(ws: Any) -> int:
    """The sheet's header row: the first used row, or the one under a merged title."""
    for row in range(1, min(ws.max_row, 20) + 1):
        if not _blank(ws, row):
            title = any(r.min_row == row and r.max_row == row and r.max_col > r.min_col
                        for r in ws.merged_cells.ranges)
            return row + 1 if title else row
    return 1


@dataclass(frozen=True)
class RowInsert:
    """``count`` new rows at sheet row ``at`` of the sheet named ``sheet``."""

    sheet: str
    at: int
    count: int
    header: int  # the header row: a one-row range there is not a data range and does not grow
    width: int  # the data region's columns (1..width): ranges beyond them do not grow
    # what now covers the new rows, by kind ("formulas", "charts", ...): for the card and the evidence
    grown: Counter[str] = field(default_factory=Counter, compare=False)
    _hit: list[bool] = field(default_factory=lambda: [False], compare=False, repr=False)

    def _track(self, kind: str) -> None:
        """Count one object of ``kind`` if a range of it grew since the last call."""
        if self._hit[0] and kind:
            self.grown[kind] += 1
        self._hit[0] = False

    # -- one reference --------------------------------------------------------

    def _row(self, r: int) -> int:
        return r + self.count if r >= self.at else r

    def _end(self, r1: int, r2: int, c1: int) -> int:
        if r2 >= self.at:
            if r1 < self.at:
                self._hit[0] = True
            return r2 + self.count
        grows = r2 == self.at - 1 and c1 <= self.width and (r1 < r2 or r2 > self.header)
        if grows:
            self._hit[0] = True
        return r2 + self.count if grows else r2

    def area(self, text: str) -> str:
        """One reference without a sheet prefix: ``B2``, ``$B$2:$B$5``, ``2:5``; anything else unchanged."""
        first, sep, second = text.partition(":")
        a = _CELL.match(first)
        if not sep:
            if a:
                return f"{a.group(1)}{a.group(2)}{a.group(3)}{self._row(int(a.group(4)))}"
            return text
        b = _CELL.match(second)
        if a and b:
            r1, r2 = int(a.group(4)), int(b.group(4))
            c1 = column_index_from_string(a.group(2).upper())
            return (f"{a.group(1)}{a.group(2)}{a.group(3)}{self._row(r1)}:"
                    f"{b.group(1)}{b.group(2)}{b.group(3)}{self._end(r1, r2, c1)}")
        ra, rb = _ROW.match(first), _ROW.match(second)
        if ra and rb:
            r1, r2 = int(ra.group(2)), int(rb.group(2))
            return f"{ra.group(1)}{self._row(r1)}:{rb.group(1)}{self._end(r1, r2, 1)}"
        return text

    def _operand(self, value: str, on_sheet: bool) -> str:
        sheet, bang, ref = value.rpartition("!")
        if not bang:
            return self.area(value) if on_sheet else value
        name = sheet[1:-1].replace("''", "'") if sheet.startswith("'") and sheet.endswith("'") else sheet
        if name.casefold() != self.sheet.casefold() or _COL.match(ref.partition(":")[0]):
            return value
        return f"{sheet}!{self.area(ref)}"

    def formula(self, text: str, on_sheet: bool) -> str:
        """A formula (``=…``, or a bare reference list like a chart's) with its references moved."""
        if all(int(n) < self.at - 1 for n in _NUMBER.findall(text)):
            return text  # every reference lies above the new rows (the common case: skip tokenizing)
        bare = not text.startswith("=")
        try:
            tok = Tokenizer("=" + text if bare else text)
        except TokenizerError:
            return text
        changed = False
        for item in tok.items:
            if item.type == Token.OPERAND and item.subtype == Token.RANGE:
                new = self._operand(item.value, on_sheet)
                if new != item.value:
                    item.value, changed = new, True
        if not changed:
            return text
        out = "=" + "".join(i.value for i in tok.items)
        return out[1:] if bare else out

    def ranges(self, sqref: str) -> str:
        """A space-separated range list (conditional formats, validations)."""
        return " ".join(self.area(part) for part in str(sqref).split())

    # -- a whole workbook -------------------------------------------------------

    def apply(self, wb: Any) -> Counter[str]:
        """Insert the rows and move every reference; returns what now covers them, by kind."""
        target = wb[self.sheet]
        target.insert_rows(self.at, self.count)
        self._sheet_layout(target)
        for ws in wb.worksheets:
            on = ws is target
            for cell in _formula_cells(ws):
                if isinstance(cell.value, str):
                    cell.value = self.formula(cell.value, on)
                else:  # an ArrayFormula: its text and the range it fills
                    cell.value.text = self.formula(cell.value.text, on)
                    if on:
                        cell.value.ref = self.area(cell.value.ref)
                self._track("formulas")
            for chart in getattr(ws, "_charts", []):
                self._chart(chart, on)
                self._track("charts")
        pivots = [(ws, p) for ws in wb.worksheets for p in getattr(ws, "_pivots", [])]
        # pivot tables may share one cache: each cache grows once
        grew = {id(p.cache) for p in {id(p.cache): p for _ws, p in pivots if p.cache is not None}.values()
                if self._pivot_cache(p.cache)}
        for ws, pivot in pivots:
            if ws is target and pivot.location is not None and pivot.location.ref:
                pivot.location.ref = self._moved(pivot.location.ref)
            if id(pivot.cache) in grew:
                self.grown["pivots"] += 1
        self._track("")  # counted above, per pivot table
        for sheet in getattr(wb, "chartsheets", []):  # a chart on a sheet of its own
            for chart in getattr(sheet, "_charts", []):
                self._chart(chart, False)
                self._track("charts")
        for dn in _defined_names(wb):
            if dn.attr_text:
                dn.attr_text = self.formula(dn.attr_text, False)
                self._track("names")
        return self.grown

    def _sheet_layout(self, ws: Any) -> None:
        from openpyxl.formatting.formatting import ConditionalFormattingList
        from openpyxl.worksheet.cell_range import MultiCellRange

        for rng in list(ws.merged_cells.ranges):
            new = self.area(rng.coord)
            if new != rng.coord:
                ws.merged_cells.remove(rng)
                ws.merged_cells.add(new)
        dims = dict(ws.row_dimensions)
        moved = {r: d for r, d in dims.items() if r >= self.at}
        for r in sorted(moved, reverse=True):
            d = ws.row_dimensions.pop(r)
            d.index = r + self.count
            ws.row_dimensions[r + self.count] = d
        self._track("")  # merged cells only move
        if ws.auto_filter.ref:
            ws.auto_filter.ref = self.area(ws.auto_filter.ref)
            self._track("autofilter")
        for table in ws.tables.values():
            table.ref = self.area(table.ref)
            if table.autoFilter is not None and table.autoFilter.ref:
                table.autoFilter.ref = self.area(table.autoFilter.ref)
            self._track("tables")
        old = ws.conditional_formatting
        fresh = ConditionalFormattingList()
        for cf in old:
            sqref = self.ranges(str(cf.sqref))
            self._track("conditional_formats")
            for rule in cf.rules:
                rule.formula = [self.formula(f, True) for f in (rule.formula or [])]
                fresh.add(sqref, rule)
            self._track("")
        ws.conditional_formatting = fresh
        for dv in ws.data_validations.dataValidation:
            dv.sqref = MultiCellRange(self.ranges(str(dv.sqref)))
            self._track("validations")
            for attr in ("formula1", "formula2"):
                value = getattr(dv, attr)
                if value:
                    setattr(dv, attr, self.formula(value, True))
            self._track("")
        if ws.print_area:
            ws.print_area = [self.area(a.rpartition("!")[2].replace("$", "")) for a in str(ws.print_area).split(",")]
        for drawing in list(getattr(ws, "_charts", [])) + list(getattr(ws, "_images", [])):
            self._anchor(drawing)
        self._track("")
        # a link keeps the coordinate it was read at; the writer uses it, so moved cells tell it theirs
        for row in ws.iter_rows(min_row=self.at + self.count):
            for cell in row:
                if cell.hyperlink is not None:
                    cell.hyperlink.ref = cell.coordinate

    def _moved(self, ref: str) -> str:
        """A block below the new rows moves down whole; one above or around them stays (it is not data)."""
        first, _, last = ref.partition(":")
        a, b = _CELL.match(first), _CELL.match(last or first)
        if not (a and b) or int(a.group(4)) < self.at:
            return ref
        return ":".join(f"{m.group(1)}{m.group(2)}{m.group(3)}{int(m.group(4)) + self.count}"
                        for m in ((a, b) if last else (a,)))

    def _pivot_cache(self, cache: Any) -> bool:
        """A pivot cache's source range grows with the data, and the cache is marked to be rebuilt when the file
        is opened: its stored records describe the old rows, and the program recomputes the pivot from the cells."""
        source = getattr(getattr(cache, "cacheSource", None), "worksheetSource", None)
        if source is None or not source.ref or (source.sheet or "").casefold() != self.sheet.casefold():
            return False  # a source by name (a table or a named range) grows with that name
        new = self.area(source.ref)
        if new == source.ref:
            return False
        source.ref = new
        cache.refreshOnLoad = True
        return True

    def _anchor(self, drawing: Any) -> None:
        anchor = drawing.anchor
        if isinstance(anchor, str):
            drawing.anchor = self.area(anchor)
            return
        for part in (getattr(anchor, "_from", None), getattr(anchor, "to", None)):
            if part is not None and part.row + 1 >= self.at:  # anchor rows count from 0
                part.row += self.count

    def _chart(self, chart: Any, on_sheet: bool) -> None:
        plots = {id(p): p for p in [chart, *getattr(chart, "_charts", [])]}  # a chart lists itself
        for plot in plots.values():
            for series in getattr(plot, "series", None) or []:
                for ref in _series_refs(series):
                    new = self.formula(ref.f, False)
                    if new != ref.f:
                        ref.f = new
                        # the cached points describe the old range; the program reads the cells again
                        for cache in ("numCache", "strCache"):
                            if hasattr(ref, cache):
                                setattr(ref, cache, None)


def _series_refs(series: Any) -> Iterator[Any]:
    for name in ("tx", "val", "cat", "xVal", "yVal", "bubbleSize"):
        holder = getattr(series, name, None)
        if holder is None:
            continue
        for kind in ("numRef", "strRef", "multiLvlStrRef"):
            ref = getattr(holder, kind, None)
            if ref is not None and getattr(ref, "f", None):
                yield ref


def _formula_cells(ws: Any) -> Iterator[Any]:
    from openpyxl.worksheet.formula import ArrayFormula

    for row in ws.iter_rows():
        for cell in row:
            if _is_formula(cell) or isinstance(cell.value, ArrayFormula):
                yield cell


def _defined_names(wb: Any) -> Iterator[Any]:
    yield from wb.defined_names.values()
    for ws in wb.worksheets:
        yield from ws.defined_names.values()


def data_left(ws: Any, row: int) -> int:
    """The data region's first column: the first used column of the row (1 for an empty row)."""
    used = [c.column for c in ws[row] if c.value is not None] if row >= 1 else []
    return min(used, default=1)


def data_width(ws: Any, row: int) -> int:
    """The data region's width: the last used column of the row (at least 1)."""
    used = [c.column for c in ws[row] if c.value is not None] if row >= 1 else []
    return max(used, default=1)
