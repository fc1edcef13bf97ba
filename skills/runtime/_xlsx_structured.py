"""Structured table references (``Table1[Amount]``, ``Table1[[#Totals],[Amount]]``, ``[@Amount]``) written as
the plain ranges they stand for, so the formula engine computes them; the file keeps its own formula text.

A reference is read the way Excel reads it: the items ``#All``, ``#Data``, ``#Headers``, ``#Totals`` and
``#This Row`` (``@``) choose the rows (``#Data`` when none is named), one column or a ``[A]:[B]`` span chooses
the columns (all of the table's when none is named), and a reference without a table name means the table the
formula is in. A reference this cannot read (an unknown table or column, an odd combination of items) is left
as it is: the engine then leaves that formula to LibreOffice.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from openpyxl.formula.tokenizer import Token, Tokenizer, TokenizerError
from openpyxl.utils.cell import get_column_letter, range_boundaries

_ITEM = re.compile(r"\[((?:[^\]']|'.)*)\]")
_SPECIAL = {"#all", "#data", "#headers", "#totals", "#this row"}


@dataclass(frozen=True, slots=True, kw_only=True)
class TableArea:
    """Where one table is: its sheet, its cell bounds, its header and totals rows, its column names."""

    name: str
    sheet: str
    first_col: int
    first_row: int
    last_col: int
    last_row: int
    header_rows: int
    totals_rows: int
    columns: tuple[str, ...]

    def holds(self, sheet: str, row: int, col: int) -> bool:
        return sheet == self.sheet and self.first_row <= row <= self.last_row and self.first_col <= col <= self.last_col


def tables_of(wb: Any) -> list[TableArea]:
    out = []
    for ws in wb.worksheets:
        for table in getattr(ws, "tables", {}).values():
            try:
                c1, r1, c2, r2 = range_boundaries(table.ref)
            except (TypeError, ValueError):
                continue
            names = tuple(str(col.name or "") for col in table.tableColumns)
            if c1 is None or r1 is None or c2 is None or r2 is None or len(names) != c2 - c1 + 1:
                continue
            out.append(TableArea(name=str(table.displayName or table.name), sheet=ws.title, first_col=c1,
                                 first_row=r1, last_col=c2, last_row=r2,
                                 header_rows=0 if table.headerRowCount == 0 else 1,
                                 totals_rows=1 if table.totalsRowCount else 0, columns=names))
    return out


def _unescape(name: str) -> str:
    return re.sub(r"'(.)", r"\1", name).strip()


def _parse(spec: str) -> tuple[set[str], list[str]] | None:
    """(row items, column names: none, one, or the two ends of a span) of the part in brackets."""
    inner = spec[1:-1]
    this_row = inner.startswith("@")
    if this_row:
        inner = inner[1:].strip()
    if "[" not in inner:
        items = [inner] if inner.strip() else []
        joins: list[str] = []
    else:
        items, joins, pos = [], [], 0
        for m in _ITEM.finditer(inner):
            between = inner[pos:m.start()].strip()
            if items and between not in (",", ":"):
                return None
            if items:
                joins.append(between)
            items.append(m.group(1))
            pos = m.end()
        if inner[pos:].strip():
            return None
    rows = {"#this row"} if this_row else set()
    columns: list[str] = []
    for i, item in enumerate(items):
        word = item.strip().casefold()
        if word in _SPECIAL:
            if i and joins[i - 1] != ",":
                return None
            rows.add(word)
        else:
            if columns and joins[i - 1] != ":":
                return None
            columns.append(_unescape(item))
    if len(columns) > 2:
        return None
    return rows, columns


def _rows(area: TableArea, items: set[str], row: int) -> tuple[int, int] | None:
    data = (area.first_row + area.header_rows, area.last_row - area.totals_rows)
    if not items or items == {"#data"}:
        return data
    if items == {"#all"}:
        return area.first_row, area.last_row
    if items == {"#this row"}:
        return (row, row) if data[0] <= row <= data[1] else None
    if items == {"#headers"}:
        return (area.first_row, area.first_row) if area.header_rows else None
    if items == {"#totals"}:
        return (area.last_row, area.last_row) if area.totals_rows else None
    if items == {"#headers", "#data"}:
        return area.first_row, data[1]
    if items == {"#data", "#totals"}:
        return data[0], area.last_row
    return None


def _area(area: TableArea, spec: str, sheet: str, row: int) -> str | None:
    parsed = _parse(spec)
    if parsed is None:
        return None
    items, columns = parsed
    rows = _rows(area, items, row)
    if rows is None:
        return None
    folded = [c.casefold() for c in area.columns]
    try:
        picked = [folded.index(c.casefold()) for c in columns] or [0, len(folded) - 1]
    except ValueError:
        return None
    c1, c2 = area.first_col + min(picked), area.first_col + max(picked)
    prefix = "" if sheet == area.sheet else "'" + area.sheet.replace("'", "''") + "'!"
    # A row of its own table is written relative (``$C5``): copied down a column, every row's formula has the
    # same shape, so the engine compiles it once.
    r1 = f"{rows[0]}" if items == {"#this row"} else f"${rows[0]}"
    r2 = f"{rows[1]}" if items == {"#this row"} else f"${rows[1]}"
    first = f"${get_column_letter(c1)}{r1}"
    last = f"${get_column_letter(c2)}{r2}"
    return prefix + (first if first == last else f"{first}:{last}")


def structured(wb: Any) -> Callable[[str, str, int, int], str]:
    """A function (formula, sheet, row, col) -> the formula with its table references as plain ranges."""
    areas = tables_of(wb)
    if not areas:
        return lambda text, _sheet, _row, _col: text
    by_name = {a.name.casefold(): a for a in areas}

    def expand(text: str, sheet: str, row: int, col: int) -> str:
        def plain(ref: str) -> str | None:
            if "[" not in ref:
                return None
            name, _, rest = ref.partition("[")
            area = by_name.get(name.strip().casefold()) if name.strip() else \
                next((a for a in areas if a.holds(sheet, row, col)), None)
            return _area(area, "[" + rest, sheet, row) if area is not None else None

        return replace_ranges(text, plain) if "[" in text else text

    return expand


def replace_ranges(formula: str, replace: Callable[[str], str | None]) -> str:
    """``formula`` with each reference ``replace`` gives a new text for written as that text (the rest as it
    was); the formula unchanged when none is, or when it cannot be read."""
    try:
        tok = Tokenizer(formula)
    except TokenizerError:
        return formula
    hit = False
    for item in tok.items:
        if item.type == Token.OPERAND and item.subtype == Token.RANGE:
            new = replace(item.value)
            if new is not None:
                item.value, hit = new, True
    return "=" + "".join(i.value for i in tok.items) if hit else formula
