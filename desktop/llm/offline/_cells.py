"""Spreadsheet columns: typed from the user's text (dates, percentages, currency, plain numbers), and
the total row a workbook's read asks for.

A column is typed only when every non-empty cell in it reads as the same kind, so
"12%" next to "n/a" stays text rather than half a column of numbers.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from desktop.llm._patterns import later
from desktop.llm.offline._content import number
from desktop.llm.offline._slots import column_number

_PERCENT = later(r"^([-+]?\d+(?:\.(\d+))?)\s?%$")
_CURRENCY = later(r"^([-+]?)([$€£¥￥])\s?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?)$|"
                       r"^([-+]?)((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?)\s?(元|美元|欧元|EUR|USD|CNY|RMB)$")
_DATE = later(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$|^(\d{4})年(\d{1,2})月(\d{1,2})日$")
_SYMBOL = {"元": "¥", "CNY": "¥", "RMB": "¥", "美元": "$", "USD": "$", "欧元": "€", "EUR": "€", "￥": "¥"}

# (kind, value, decimals or symbol) for one cell; None when it is not that kind.
Typed = tuple[str, Any, Any]


def _typed(text: str) -> Typed | None:
    v = text.strip()
    m = _PERCENT.match(v)
    if m:
        return "percent", float(m.group(1)) / 100, len(m.group(2) or "")
    m = _CURRENCY.match(v)
    if m:
        sign, symbol, amount, decimals = ((m.group(1), m.group(2), m.group(3), m.group(4)) if m.group(2)
                                          else (m.group(5), m.group(8), m.group(6), m.group(7)))
        value = float(amount.replace(",", "")) * (-1 if sign == "-" else 1)
        return "currency", value, (_SYMBOL.get(symbol, symbol), len(decimals or ""))
    m = _DATE.match(v)
    if m:
        y, mo, d = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), m.group(6))
        if 1 <= int(mo) <= 12 and 1 <= int(d) <= 31:
            return "date", f"{int(y):04d}-{int(mo):02d}-{int(d):02d}", None
    n = number(v)
    if not isinstance(n, str):
        return "number", n, None
    return None


def typed_columns(rows: list[list[str]], width: int) -> tuple[list[list[Any]], dict[int, str], set[int]]:
    """(rows with typed values, column index -> number format, indexes of summable columns)."""
    out = [list(r) for r in rows]
    formats: dict[int, str] = {}
    summable: set[int] = set()
    for c in range(width):
        cells = [(i, r[c]) for i, r in enumerate(rows) if c < len(r) and str(r[c]).strip()]
        typed = [(i, _typed(str(v))) for i, v in cells]
        kinds = {t[0] for _, t in typed if t is not None}
        if not cells or any(t is None for _, t in typed) or len(kinds) != 1:
            continue
        kind = kinds.pop()
        for i, t in typed:
            assert t is not None
            out[i][c] = t[1]
        if kind == "percent":
            decimals = max(t[2] for _, t in typed if t is not None)
            formats[c] = "0%" if decimals == 0 else "0." + "0" * min(decimals, 4) + "%"
        elif kind == "currency":
            symbols = {t[2][0] for _, t in typed if t is not None}
            decimals = max(t[2][1] for _, t in typed if t is not None)
            symbol = symbols.pop() if len(symbols) == 1 else ""
            body = "#,##0" + ("." + "0" * min(decimals, 4) if decimals else "")
            formats[c] = f'"{symbol}"{body}' if symbol else body
            summable.add(c)
        elif kind == "date":
            formats[c] = "yyyy-mm-dd"
        else:
            summable.add(c)
    return out, formats, summable


_CHART_KINDS = (
    ("pie", later(r"\bpie\b|饼图|饼状图|圆饼图", re.IGNORECASE)),
    ("line", later(r"\bline (?:chart|graph)\b|折线图|曲线图|趋势图", re.IGNORECASE)),
    ("bar", later(r"\b(?:bar|column) (?:chart|graph)s?\b|柱状图|柱形图|条形图", re.IGNORECASE)),
    ("bar", later(r"\bcharts?\b|\bgraphs?\b|图表", re.IGNORECASE)),
)


def wanted_chart(request: str) -> str | None:
    """"with a bar chart" / "加一个柱状图" → "bar"; "line", "pie"; None when no chart is asked for."""
    for kind, pattern in _CHART_KINDS:
        if pattern.search(request):
            return kind
    return None


def chart_slide(title: str, kind: str, header: list[Any], rows: list[list[Any]]) -> dict[str, Any] | None:
    """A pptx chart slide from a table: first column as categories, its numeric columns as series."""
    if not rows or len(header) < 2:
        return None
    typed, _formats, summable = typed_columns([[str(c) for c in r] for r in rows], len(header))
    series = [c for c in sorted(summable) if c != 0][:1 if kind == "pie" else 20]
    if not series:
        return None
    typed = typed[:200]
    return {"layout": "chart", "title": title, "chart": kind,
            "categories": [str(r[0]) for r in typed],
            "series": [{"name": str(header[c]) or f"Series {n}", "values": [
                r[c] if isinstance(r[c], (int, float)) else None for r in typed]} for n, c in enumerate(series, 1)]}


def with_charts(slides: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """A chart slide after every table slide that has numbers to draw."""
    out: list[dict[str, Any]] = []
    for slide in slides:
        out.append(slide)
        if slide["layout"] == "table":
            made = chart_slide(slide["title"], kind, slide["header"], slide["rows"])
            if made is not None:
                out.append(made)
    return out


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


@dataclass(frozen=True)
class Total:
    """A total row: the row it takes, its cells (a label and the sums) and the summed columns' names."""

    row: int
    cells: dict[str, Any]
    columns: list[str]


_RANGE = later(r"^\$?([A-Z]{1,3})\$?(\d+)(?::\$?[A-Z]{1,3}\$?(\d+))?$")
_TOTAL_WORD = later(r"^\s*(?:grand\s+)?(?:totals?|sum|subtotal)\b|^\s*(?:合计|总计|小计|汇总|总和)", re.IGNORECASE)


def _is_number(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)) or \
        (isinstance(value, str) and value.startswith("=") and len(value) > 1)


@dataclass(frozen=True)
class ReadTable:
    """The table a workbook's read shows on a sheet: where its data is and which columns hold numbers."""

    first_data: int  # the sheet row of its first row of data
    bottom: int  # its last used row
    label: int  # the 0-based column of its labels (its first filled column)
    numbers: list[int]  # the 0-based columns of numbers
    names: list[str]  # their header names (their letters where the header has none)
    totalled: bool  # its last row sums already


def read_table(sheet: Mapping[str, Any]) -> ReadTable | None:
    """The table of ``sheet`` as ``xlsx_inspect`` read it, None when it holds no number.

    Rows above the first with a number are headings (the nearest names the columns); a column holds
    numbers when every value under them is a number or a formula."""
    sample = [list(r) for r in sheet.get("sample_rows") or () if isinstance(r, list)]
    found = _RANGE.match(str(sheet.get("used_range") or ""))
    if not sample or found is None:
        return None
    top = int(found.group(2))
    bottom = int(found.group(3) or top)
    start = next((i for i, row in enumerate(sample) if any(_is_number(v) for v in row)), None)
    if start is None:
        return None
    data = sample[start:bottom - top + 1]
    header = sample[start - 1] if start > 0 else []
    width = max(len(row) for row in data)
    label = next((j for j in range(width) if any(j < len(row) and row[j] not in (None, "") for row in data)), 0)
    numbers: list[int] = []
    names: list[str] = []
    for j in range(width):
        values = [row[j] for row in data if j < len(row) and row[j] not in (None, "")]
        if values and all(_is_number(v) for v in values):
            numbers.append(j)
            name = header[j] if j < len(header) else None
            names.append(str(name).strip() if isinstance(name, str) and name.strip() else column_letter(j))
    return ReadTable(top + start, bottom, label, numbers, names, _sums_already(sheet, sample, top, bottom))


def total_row(sheet: Mapping[str, Any], label: str) -> Total | int | None:
    """The row under ``sheet``'s data (as ``xlsx_inspect`` read it) that sums each column of numbers,
    ``label`` in the first column when that column holds text; the last row's number when it already
    sums (a label such as "Total" or a ``SUM``), None when no column holds numbers."""
    table = read_table(sheet)
    if table is None or not table.numbers:
        return None
    if table.totalled:
        return table.bottom
    row = table.bottom + 1
    cells: dict[str, Any] = {} if table.label in table.numbers else {f"{column_letter(table.label)}{row}": label}
    for j in table.numbers:
        letter = column_letter(j)
        cells[f"{letter}{row}"] = f"=SUM({letter}{table.first_data}:{letter}{table.bottom})"
    return Total(row, cells, table.names)


@dataclass(frozen=True)
class NewColumn:
    """A column added right of a sheet's table: its letter and its cells."""

    letter: str
    cells: dict[str, Any]


_LAST_COLUMN = later(r":\$?([A-Z]{1,3})\$?\d+$")


def new_column(sheet: Mapping[str, Any], header: str, values: list[str]) -> NewColumn | int | None:
    """``header`` in the header row right of ``sheet``'s table and ``values`` down its rows of data (numbers
    as numbers), a SUM in its totals row when it has one and the values are numbers; the number of rows of
    data when more values were given than it has; None when the read shows no table."""
    found = _RANGE.match(str(sheet.get("used_range") or ""))
    if found is None:
        return None
    end = _LAST_COLUMN.search(str(sheet.get("used_range") or ""))
    letter = column_letter(column_number(end.group(1) if end else found.group(1)))  # the column after it
    table = read_table(sheet)
    top = int(found.group(2))
    header_row = table.first_data - 1 if table is not None and table.first_data > top else top
    bottom = table.bottom if table is not None else int(found.group(3) or top)
    last_data = bottom - 1 if table is not None and table.totalled else bottom
    rows = last_data - header_row
    values = _one_per_row(values, rows)
    if len(values) > rows:
        return rows
    typed = [n if isinstance(n := number(v), (int, float)) else v for v in values]
    cells: dict[str, Any] = {f"{letter}{header_row}": header}
    cells.update({f"{letter}{header_row + 1 + i}": v for i, v in enumerate(typed)})
    if last_data < bottom and typed and all(isinstance(v, (int, float)) for v in typed):
        cells[f"{letter}{bottom}"] = f"=SUM({letter}{header_row + 1}:{letter}{last_data})"
    return NewColumn(letter, cells)


def _one_per_row(values: list[str], rows: int) -> list[str]:
    """"300,350,240" reads as one number with thousands separators; for a column of three rows it is three
    values, which is what was meant when it then gives one value per row."""
    if len(values) >= rows:
        return values
    split = [part.strip() for v in values for part in (v.split(",") if _GROUPED.match(v.strip()) else [v])]
    return split if len(split) == rows else values


_GROUPED = later(r"^\d{1,3}(?:,\d{3})+$")


def charted(table: ReadTable, named: str = "") -> list[tuple[int, str]]:
    """The columns of numbers a chart shows, as (0-based column, header name): those whose header the
    request names ("a bar chart of Income", "收入和成本的折线图"), else every one but the labels."""
    columns = [(j, name) for j, name in zip(table.numbers, table.names) if j != table.label]
    picked = [(j, name) for j, name in columns if _names(named, name)]
    return picked or columns


def _names(said: str, header: str) -> bool:
    """Whether ``said`` names the column ``header``: as a word in a Latin script, anywhere in Chinese."""
    if not said or not header:
        return False
    if header.isascii():
        return re.search(rf"(?<![A-Za-z0-9_]){re.escape(header)}(?![A-Za-z0-9_])", said, re.IGNORECASE) is not None
    return header in said


def chart_of(sheet: Mapping[str, Any], kind: str, named: str = "") -> dict[str, Any] | None:
    """An ``add_chart`` chart of ``sheet``'s columns of numbers (those ``named`` names, else all) by its
    labels (``xlsx_edit`` ends the data above a totals row), None when no column holds numbers."""
    table = read_table(sheet)
    values = charted(table, named) if table is not None else []
    if table is None or not values:
        return None
    chart: dict[str, Any] = {"type": kind, "values": [column_letter(j) for j, _ in values]}
    if table.label not in table.numbers:
        chart["categories"] = column_letter(table.label)
    return chart


def _sums_already(sheet: Mapping[str, Any], sample: list[list[Any]], top: int, bottom: int) -> bool:
    """Whether the last row is a total: a "Total" label or a SUM, in the read's rows or its formulas."""
    last = sample[bottom - top] if bottom - top < len(sample) else None
    if last is not None:
        text = next((v for v in last if isinstance(v, str) and v.strip()), "")
        if _TOTAL_WORD.search(text) or any(isinstance(v, str) and v.upper().startswith("=SUM(") for v in last):
            return True
    return any(isinstance(f, dict) and str(f.get("cell", "")).lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == str(bottom)
               and str(f.get("formula", "")).upper().startswith("=SUM(") for f in sheet.get("formulas") or ())
