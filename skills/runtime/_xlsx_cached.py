"""Cached values for the formulas of a new workbook: computed from the spec, written into the file.

The sheet spec already holds every value, so formulas are evaluated from it (no
re-reading of the written file), and the results go into the ``<v>`` element that
openpyxl leaves empty, in the same pass that copies the package to its staging file.
"""
from __future__ import annotations

import datetime as dt
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from xml.sax.saxutils import escape

from openpyxl.utils.cell import column_index_from_string
from openpyxl.utils.datetime import to_excel

from skills.runtime._xlsx_structured import replace_ranges, structured
from skills.runtime._xlsx_formula import FormulaError, SubtotalValue, Unsupported, evaluate

MAX_DEPTH = 50  # formulas that refer forward to other formulas, nested this deep, are left to LibreOffice
MAX_READS = 3_000_000  # cell reads for one workbook: huge ranges are left to LibreOffice, not computed for minutes


@dataclass
class SheetValues:
    """Computed formula results of one sheet, by (row, col), and the formulas left uncomputed."""

    values: dict[tuple[int, int], Any] = field(default_factory=dict)
    unsupported: list[str] = field(default_factory=list)
    pending: set[tuple[int, int]] = field(default_factory=set)  # formula cells left without a value


def _plain(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("'="):
        return value[1:]
    if isinstance(value, dt.datetime | dt.date):
        return to_excel(value)
    return value


_SUBTOTAL_CALL = re.compile(r"(?<![A-Za-z0-9_.])SUBTOTAL\(", re.IGNORECASE)


def _marked(formula: str, value: Any) -> Any:
    """A SUBTOTAL's number as read by other formulas: marked, so an enclosing SUBTOTAL leaves it out."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and _SUBTOTAL_CALL.search(formula):
        return SubtotalValue(value)
    return value


def compute(sheets: Sequence[tuple[str, Sequence[Sequence[Any]], int]], *, hidden_rows: bool = False
            ) -> list[SheetValues]:
    """Evaluate every formula of every sheet: (name, rows, sheet row of rows[0]) each. With ``hidden_rows``
    (a workbook with hidden or filtered-out rows, which this engine does not see) SUBTOTAL is left to LibreOffice."""
    out = [SheetValues() for _ in sheets]
    index = {name.casefold(): i for i, (name, _, _) in enumerate(sheets)}
    busy: set[tuple[int, int, int]] = set()
    failed: set[tuple[int, int, int]] = set()
    reads = [0]

    def cell(s: int, r: int, c: int) -> Any:
        reads[0] += 1
        if reads[0] > MAX_READS:
            raise Unsupported("the formulas read too many cells to compute here")
        if s == -1:
            raise Unsupported("a reference to a sheet that does not exist")
        _, rows, first = sheets[s]
        i = r - first
        if 0 <= i < len(rows) and 0 < c <= len(rows[i]):
            v = rows[i][c - 1]
        else:
            return None
        if not (isinstance(v, str) and v.startswith("=")):
            return _plain(v)
        key = (s, r, c)
        if (r, c) in out[s].values:
            return _marked(v, out[s].values[(r, c)])
        if key in failed:
            raise Unsupported("depends on a formula that could not be computed")
        if key in busy or len(busy) > MAX_DEPTH:
            raise Unsupported("a circular or very deep chain of formulas")
        if hidden_rows and _SUBTOTAL_CALL.search(v):
            failed.add(key)
            raise Unsupported("SUBTOTAL in a workbook with hidden rows")
        busy.add(key)
        try:
            out[s].values[(r, c)] = evaluate(v, r, c, lambda rr, cc, name: cell(
                s if name is None else index.get(name.casefold(), -1), rr, cc))
        except Unsupported:
            failed.add(key)
            raise
        finally:
            busy.discard(key)
        return _marked(v, out[s].values[(r, c)])

    for s, (_, rows, first) in enumerate(sheets):
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                if isinstance(v, str) and v.startswith("=") and (first + i, j + 1) not in out[s].values:
                    try:
                        cell(s, first + i, j + 1)
                    except RecursionError:
                        failed.add((s, first + i, j + 1))
                        out[s].pending.add((first + i, j + 1))
                        out[s].unsupported.append(f"{v} (a chain of formulas too deep to compute here)")
                    except Unsupported as exc:
                        if len(out[s].unsupported) < 20:
                            out[s].unsupported.append(f"{v} ({exc})")
                        failed.add((s, first + i, j + 1))
                        out[s].pending.add((first + i, j + 1))
    return out


_PLAIN_REF = re.compile(r"^(?:'[^']+(?:''[^']*)*'|[A-Za-z_][\w.]*)!\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?$")


def _named(wb: Any) -> Any:
    """A function that writes a formula's workbook names (``=SUM(Amounts)``) as the ranges they stand
    for, so the engine computes them; only names for one plain range, the file keeps its own text."""
    names = {n.casefold(): dn.attr_text for n, dn in wb.defined_names.items()
             if dn.attr_text and _PLAIN_REF.match(dn.attr_text)}
    if not names:
        return lambda text: text

    def expand(text: str) -> str:
        if not any(n in text.casefold() for n in names):
            return text
        return replace_ranges(text, lambda ref: names.get(ref.casefold()))

    return expand


def book_sheets(wb: Any) -> list[tuple[str, list[list[Any]], int]]:
    """The worksheets of a loaded workbook as ``compute`` reads them (formulas as ``=…`` text)."""
    from openpyxl.worksheet.formula import ArrayFormula

    expand = _named(wb)
    tables = structured(wb)
    sheets = []
    for ws in wb.worksheets:
        rows = []
        for row in ws.iter_rows():
            out: list[Any] = []
            for cell in row:
                v = cell.value
                if isinstance(v, ArrayFormula):
                    v = "=" + (v.text or "").lstrip("=")
                elif isinstance(v, str) and v.startswith("=") and cell.data_type != "f":
                    v = "'" + v  # text that only looks like a formula
                elif isinstance(v, str) and cell.data_type == "f":
                    v = tables(expand(v), ws.title, cell.row, cell.column)
                out.append(v)
            rows.append(out)
        sheets.append((ws.title, rows, 1))
    return sheets


def has_hidden_rows(wb: Any) -> bool:
    """Whether a worksheet hides rows (by hand or by its filter): SUBTOTAL 101-111 and filtered ranges then
    depend on what this engine does not see."""
    return any(d.hidden for ws in wb.worksheets for d in ws.row_dimensions.values())


def _cached_xml(value: Any) -> tuple[str, str]:
    """(type attribute, <v> text) for a computed value."""
    if isinstance(value, FormulaError):
        return ' t="e"', escape(str(value))
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if isinstance(value, (int, float)):
        return "", repr(float(value)) if isinstance(value, float) else str(value)
    return ' t="str"', escape(str(value))


_FORMULA_CELL = re.compile(rb'<c r="([A-Z]{1,3})(\d+)"([^>]*)><f>([^<]*)</f><v></v></c>')


def write_with_values(package: IO[bytes], staging: Path, sheets: Sequence[SheetValues]) -> None:
    """Copy the openpyxl package to ``staging`` with the computed values in the worksheets."""
    columns: dict[bytes, int] = {}
    # Level 1: the package was compressed once already; a second full deflate costs more than it saves.
    with zipfile.ZipFile(package) as zin, zipfile.ZipFile(staging, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            m = re.fullmatch(r"xl/worksheets/sheet(\d+)\.xml", info.filename)
            index = int(m.group(1)) - 1 if m else -1
            if 0 <= index < len(sheets) and sheets[index].values:
                values = sheets[index].values

                def put(mc: re.Match[bytes], values: dict[Any, Any] = values) -> bytes:
                    letters = mc.group(1)
                    col = columns.get(letters) or columns.setdefault(letters, column_index_from_string(
                        letters.decode()))
                    key = (int(mc.group(2)), col)
                    if key not in values:
                        return mc.group(0)
                    kind, text = _cached_xml(values[key])
                    return (b'<c r="' + letters + mc.group(2) + b'"' + mc.group(3) + kind.encode() + b"><f>"
                            + mc.group(4) + b"</f><v>" + text.encode() + b"</v></c>")

                data = _FORMULA_CELL.sub(put, data)
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=1)
