"""Evidence for a workbook, computed from the real file in one streaming pass."""
from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.utils.exceptions import CellCoordinatesException

from skills.messages import Msg, msg
from skills.runtime._base import Check, CommandError, Evidence
from skills.runtime._common import evidence_for
from skills.runtime.xlsx._read import ERROR_VALUES, SheetScan, formula_text, scan_workbook
from skills.runtime.xlsx._schema import Value, XlsxSheet
from skills.runtime.xlsx._write import as_date, cell_value
from skills.runtime.workspace import Workspace


def same(expected: Any, actual: Any) -> bool:
    if type(expected) is type(actual) and expected == actual:
        return True
    if isinstance(actual, dt.date) and isinstance(expected, str):  # an ISO date written as a real date
        when = as_date(expected)
        return when is not None and dt.datetime.fromisoformat(when.isoformat()) == actual
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return math.isclose(expected, actual, rel_tol=1e-9, abs_tol=1e-12)
    return bool(expected == actual)


def parse_cell_key(key: str) -> tuple[str, int, int]:
    sheet, sep, ref = key.rpartition("!")
    if not sep or not sheet:
        raise CommandError(msg("error.xlsx_check.expect_cells_look_like", field="expect.cells", key=repr(key)))
    if len(sheet) > 1 and sheet[0] == sheet[-1] == "'":
        sheet = sheet[1:-1].replace("''", "'")
    try:
        col, row = coordinate_from_string(ref)
        return sheet, row, column_index_from_string(col)
    except (ValueError, CellCoordinatesException):
        raise CommandError(msg("error.xlsx_check.expect_cells_valid_cell", field="expect.cells", key=repr(key))) from None


# A new sheet's values are compared cell by cell in every row up to ALL_ROWS and in every
# STRIDE-th row after it; every cell is still counted, so a missing cell anywhere fails.
ALL_ROWS = 2_000
STRIDE = 25


def sampled(r: int) -> bool:
    return r <= ALL_ROWS or r % STRIDE == 0


class _SpecMatcher:
    """Compares the cells of a create spec with what the file holds (all rows of a small sheet, a
    fixed sample of a large one) and counts every cell."""

    def __init__(self, sheets: Sequence[XlsxSheet]) -> None:
        self.rows: dict[str, tuple[int, list[Any]]] = {}
        self.expected = 0  # cells compared by value
        self.total = 0  # every non-empty cell the spec asks for
        self.sampled_rows = 0
        for spec in sheets:
            rows = ([[spec["title"]]] if spec.get("title") else []) + ([spec["header"]] if spec.get("header") else []) \
                + list(spec["rows"])
            self.rows[spec["name"]] = (1, rows)
            for r, row in enumerate(rows, start=1):
                n = sum(1 for v in row if v is not None and v != "")  # "" is no cell
                self.total += n
                if sampled(r):
                    self.expected += n
                    self.sampled_rows += 1
        self.matched = 0
        self.mismatches: list[str] = []

    def __call__(self, sheet: str, r: int, c: int, value: Any, cell: dict[str, Any]) -> None:
        base, rows = self.rows.get(sheet, (1, []))
        i = r - base
        want = rows[i][c - 1] if 0 <= i < len(rows) and c <= len(rows[i]) else None
        if want is None:
            return
        if want == value and type(want) is type(value):  # the common case, without the helpers
            self.matched += 1
            return
        want, _ = cell_value(want)
        got = formula_text(value) if cell["data_type"] == "f" else value
        if same(want, got):
            self.matched += 1
        elif len(self.mismatches) < 5:
            self.mismatches.append(f"{sheet}!{_ref(r, c)} is {got!r}, expected {want!r}")

    def check(self, counted: int) -> Check:
        if self.matched == self.expected and counted == self.total:
            how = (f"all {self.total} cells hold the requested values" if self.expected == self.total else
                   f"all {self.total} cells present; values compared in {self.sampled_rows} rows (every row up "
                   f"to {ALL_ROWS}, then every {STRIDE}th) and all {self.expected} match")
            return Check(name="content matches spec", status="passed", detail=how)
        if counted != self.total:
            return Check(name="content matches spec", status="failed",
                         detail=f"the file holds {counted} cells, the request {self.total}; " + "; ".join(self.mismatches))
        missing = self.expected - self.matched
        return Check(name="content matches spec", status="failed",
                     detail=f"{missing} of {self.expected} cells differ or are missing: " + "; ".join(self.mismatches))


class _CellMatcher:
    """Checks the ``expect.cells`` of xlsx_verify: formulas by text, values by cached value."""

    def __init__(self, cells: Mapping[str, Value]) -> None:
        self.want = {parse_cell_key(k): (k, v) for k, v in cells.items()}
        self.seen: dict[tuple[str, int, int], Any] = {}
        self.not_cached: list[str] = []

    def __call__(self, sheet: str, r: int, c: int, value: Any, cell: dict[str, Any]) -> None:
        key = (sheet, r, c)
        if key not in self.want:
            return
        want = self.want[key][1]
        if cell["data_type"] == "f" and not (isinstance(want, str) and want.startswith("=")):
            if not cell["has_cached"]:
                self.not_cached.append(self.want[key][0])
            self.seen[key] = cell["cached"]
        else:
            self.seen[key] = formula_text(value) if cell["data_type"] == "f" else value

    def check(self) -> Check:
        bad = []
        for key, (name, want) in self.want.items():
            want, _ = cell_value(want)
            got = self.seen.get(key)
            if name in self.not_cached:
                continue
            if not same(want, got) and not (want in ("", None) and got in ("", None)):
                bad.append(msg("check.detail.cell_holds", cell=name, got=_shown(got), want=_shown(want)))
        if bad:
            return Check(name="cells", status="failed", detail=msg("check.detail.cells_differ", len(bad),
                                                                   cells=bad[:10]))
        if self.not_cached:
            return Check(name="cells", status="not_run",
                         detail=msg("check.detail.not_calculated", cells=", ".join(self.not_cached[:10])))
        return Check(name="cells", status="passed", detail=msg("check.detail.cells_as_expected", len(self.want)))


def _shown(value: Any) -> Msg | str:
    """A cell's value as a spreadsheet shows it, not as Python writes it: 1990-05-01, TRUE, "text", (empty)."""
    if value is None or value == "":
        return msg("check.value_empty")
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date().isoformat()
    if isinstance(value, (dt.date, dt.datetime, dt.time)):
        return value.isoformat(sep=" ") if isinstance(value, dt.datetime) else value.isoformat()
    if isinstance(value, str):
        return f"“{value}”"
    return str(value)


def _ref(r: int, c: int) -> str:
    from openpyxl.utils import get_column_letter

    return f"{get_column_letter(c)}{r}"


@dataclass(frozen=True, slots=True)
class ErrorsBefore:
    """What an edit's source showed where the edited file now shows errors: per cell, the error it showed or the
    formula whose value it had not saved (its error was there, only not calculated yet)."""

    cells: Mapping[tuple[str, str], tuple[str, Any]]  # (sheet, "B3") -> ("error", "#DIV/0!") | ("uncached", formula)
    per_sheet: Mapping[str, int]  # error and uncalculated formula cells of each sheet
    complete: bool  # False: past MAX_REMEMBERED_ERRORS, only the counts are known


MAX_REMEMBERED_ERRORS = 100_000


def errors_before(path: Path) -> ErrorsBefore:
    """Read the source of an edit for :func:`formula_check` (one streaming pass)."""
    cells: dict[tuple[str, str], tuple[str, Any]] = {}
    per_sheet: dict[str, int] = {}

    def visit(sheet: str, r: int, c: int, value: Any, cell: dict[str, Any]) -> None:
        if cell["data_type"] == "e":
            seen: tuple[str, Any] = ("error", str(value))
        elif cell["data_type"] == "f" and not cell["has_cached"]:
            seen = ("uncached", value)
        elif cell["data_type"] == "f" and isinstance(cell["cached"], str) and cell["cached"] in ERROR_VALUES:
            seen = ("error", cell["cached"])
        else:
            return
        per_sheet[sheet] = per_sheet.get(sheet, 0) + 1
        if len(cells) < MAX_REMEMBERED_ERRORS:
            cells[(sheet, _ref(r, c))] = seen

    scan_workbook(path, max_rows=0, visit=visit)
    return ErrorsBefore(cells, per_sheet, complete=sum(per_sheet.values()) <= MAX_REMEMBERED_ERRORS)


def _no_new_errors(after: Sequence[SheetScan], before: ErrorsBefore, renamed: Mapping[str, str]) -> bool:
    """Every error cell the edited file shows was there before: the same error in the same cell, or the same
    formula not yet calculated. The edit's operations move no cell; a renamed sheet is looked up by its old name.
    Past what was listed or remembered, a sheet may show no more errors than it had error and uncalculated cells.
    """
    for s in after:
        if not s.error_count:
            continue
        name = renamed.get(s.name, s.name)
        if s.error_count > len(s.errors) or not before.complete:
            if s.error_count > before.per_sheet.get(name, 0):
                return False
            continue
        for e in s.errors:
            was = before.cells.get((name, e["cell"]))
            if was is None or was != ("error", e["error"]) and was != ("uncached", e["formula"]):
                return False
    return True


def formula_check(scans: Sequence[SheetScan], before: Callable[[], ErrorsBefore] | None = None,
                  renamed: Mapping[str, str] | None = None) -> Check:
    """No cell shows a formula error; after an edit (``before`` reads the source, ``renamed``: new sheet name ->
    old), none the edit brought. A workbook that already showed an error would otherwise fail every edit's check.
    """
    formulas = sum(s.formulas for s in scans)
    cached = sum(s.cached for s in scans)
    errors = [e | {"sheet": s.name} for s in scans for e in s.errors]
    count = sum(s.error_count for s in scans)
    if count:
        shown = ", ".join(f"{e['sheet']}!{e['cell']} {e['error']}" for e in errors[:8])
        if before is not None and _no_new_errors(scans, before(), renamed or {}):
            return Check(name="no new formula errors", status="passed",
                         detail=msg("check.detail.formula_errors_before", count, cells=shown))
        return Check(name="no formula errors", status="failed", detail=msg("check.detail.formula_errors", count, cells=shown))
    if formulas and cached < formulas:
        return Check(name="no formula errors", status="not_run",
                     detail=msg("check.detail.formulas_uncached", formulas, missing=formulas - cached))
    return Check(name="no formula errors", status="passed",
                 detail=f"{formulas} formulas, all calculated, no error values" if formulas else "no formulas, no error values")


# The last full read of a workbook: verifying the file create has just read (same bytes, by
# sha256) takes its cells from here instead of parsing every cell a second time.
_LAST_READ: list[tuple[Any, ...]] = []  # at most one (key, sha256, scans, cells); replaced whole
MAX_REMEMBERED_CELLS = 500_000


def _remembered(path: Path) -> tuple[list[SheetScan], dict[tuple[str, int, int], tuple[Any, dict[str, Any]]]] | None:
    last = _LAST_READ[0] if _LAST_READ else None
    st = path.stat()
    if last is None or last[0] != (str(path.resolve()), st.st_size, st.st_mtime_ns):
        return None
    from skills.runtime.workspace import sha256_file

    if sha256_file(path) != last[1]:
        return None
    return last[2], last[3]


def _remember(path: Path, scans: list[SheetScan], cells: dict[tuple[str, int, int], tuple[Any, dict[str, Any]]]
              ) -> None:
    from skills.runtime.workspace import sha256_file

    st = path.stat()
    _LAST_READ[:] = [((str(path.resolve()), st.st_size, st.st_mtime_ns), sha256_file(path), scans, cells)]


def workbook_evidence(ws: Workspace, path: Path, *, sheets: Sequence[str] | None = None,
                      cells: Mapping[str, Value] | None = None,
                      spec: Sequence[XlsxSheet] | None = None,
                      errors_before: Callable[[], ErrorsBefore] | None = None,
                      renamed: Mapping[str, str] | None = None) -> tuple[Evidence, list[SheetScan]]:
    """Open the real file and check it. ``errors_before`` reads an edit's source, only if the file shows errors."""
    matcher = _SpecMatcher(spec) if spec is not None else None
    cell_matcher = _CellMatcher(cells) if cells else None
    grid: dict[tuple[str, int, int], tuple[Any, dict[str, Any]]] | None = (
        {} if matcher is not None and matcher.expected <= MAX_REMEMBERED_CELLS else None)

    def visit(sheet: str, r: int, c: int, value: Any, cell: dict[str, Any]) -> None:
        if matcher is not None:
            matcher(sheet, r, c, value, cell)
        if cell_matcher is not None:
            cell_matcher(sheet, r, c, value, cell)
        if grid is not None:
            grid[(sheet, r, c)] = (value, cell)

    if matcher is not None and cell_matcher is None and grid is not None:
        match = matcher.__call__

        def visit(sheet: str, r: int, c: int, value: Any, cell: dict[str, Any]) -> None:
            match(sheet, r, c, value, cell)
            grid[(sheet, r, c)] = (value, cell)

    try:
        seen = _remembered(path) if matcher is None else None
        if seen is not None and cell_matcher is not None and not all(sampled(r) for _, r, _ in cell_matcher.want):
            seen = None  # a cell outside the rows read at creation: read the file again
        if seen is not None:
            scans = seen[0]
            if cell_matcher is not None:
                for key in cell_matcher.want:
                    if key in seen[1]:
                        cell_matcher(*key, *seen[1][key])
        else:
            wants = None
            if matcher is None and cell_matcher is not None:
                keys = set(cell_matcher.want)
                wants = lambda sheet, r, c: (sheet, r, c) in keys  # noqa: E731
            elif matcher is not None:
                keys = set(cell_matcher.want) if cell_matcher is not None else set()
                wants = lambda sheet, r, c: sampled(r) or (sheet, r, c) in keys  # noqa: E731
            scans, _charts = scan_workbook(path, max_rows=1, visit=visit if (matcher or cell_matcher) else None,
                                           wants=wants)
            if grid is not None:
                _remember(path, scans, grid)
    except CommandError as exc:
        return evidence_for(ws, path, "xlsx", [Check(name="opens", status="failed", detail=str(exc))], {}), []
    names = [s.name for s in scans]
    checks = [Check(name="opens", status="passed", detail="openpyxl read the workbook and every worksheet was parsed"),
              Check(name="has sheets", status="passed" if scans else "failed", detail=f"{len(scans)} worksheets")]
    if sheets:
        missing = [n for n in sheets if n not in names]
        checks.append(Check(name="sheets present", status="failed" if missing else "passed",
                            detail=f"missing: {missing}; found {names}" if missing else f"found {names}"))
    if matcher is not None:
        checks.append(matcher.check(sum(s.cells for s in scans)))
    if cell_matcher is not None:
        checks.append(cell_matcher.check())
    checks.append(formula_check(scans, errors_before, renamed))
    counts = {"sheets": len(scans), "cells": sum(s.cells for s in scans),
              "rows": sum(s.max_row for s in scans), "formulas": sum(s.formulas for s in scans),
              "formulas_calculated": sum(s.cached for s in scans),
              "formula_errors": sum(s.error_count for s in scans)}
    return evidence_for(ws, path, "xlsx", checks, counts), scans
