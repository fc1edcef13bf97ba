"""Appending rows keeps a workbook whole: totals, charts, tables, names, formats and values grow with it."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import CellIsRule
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.table import Table, TableStyleInfo

from skills.messages import english
from skills.runtime import Workspace, get_command

needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")


def _mira_sheet(ws: Workspace) -> None:
    """What the offline planner asks for on "a sales sheet with a bar chart and totals"."""
    sheet = {"name": "Sales", "header": ["Month", "Income", "Cost"],
             "rows": [["Jan", 1000, 800], ["Feb", 1200, 900], ["Mar", 1500, 1000], ["Apr", 1700, 1100],
                      ["Total", "=SUM(B2:B5)", "=SUM(C2:C5)"]],
             "freeze": "A2", "autofilter": True,
             "charts": [{"type": "bar", "values": ["B", "C"], "last_row": 5, "title": "Sales", "categories": "A"}]}
    assert get_command("xlsx_create").run(ws, {"path": "s.xlsx", "sheets": [sheet]}).ok


def _excel_book(path: Path) -> None:
    """A workbook with the parts Excel writes: a table part, names, CF, DV, a chart, a second sheet."""
    wb = Workbook()
    sh = wb.active
    sh.title = "Data"
    sh.append(["Item", "Qty", "Price", "Amount"])
    for r, (item, qty, price) in enumerate([("Pens", 10, 1.5), ("Paper", 4, 6), ("Ink", 2, 30), ("Tape", 5, 2)], 2):
        sh.append([item, qty, price, f"=B{r}*C{r}"])
    sh.append(["合计", "=SUM(B2:B5)", None, "=SUM(D2:D5)"])
    sh["A6"].hyperlink = "https://example.com/totals"
    table = Table(displayName="Orders", ref="A1:D5")
    table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium2", showRowStripes=True)
    sh.add_table(table)
    wb.defined_names["Amounts"] = DefinedName("Amounts", attr_text="Data!$D$2:$D$5")
    sh.conditional_formatting.add("D2:D5", CellIsRule(operator="greaterThan", formula=["20"], fill=None))
    dv = DataValidation(type="whole", operator="between", formula1="0", formula2="1000")
    dv.add("B2:B5")
    sh.add_data_validation(dv)
    chart = BarChart()
    chart.add_data(Reference(sh, min_col=4, min_row=1, max_row=5), titles_from_data=True)
    chart.set_categories(Reference(sh, min_col=1, min_row=2, max_row=5))
    sh.add_chart(chart, "F2")
    other = wb.create_sheet("Summary")
    other.append(["Grand total", "=Data!D6"])
    other.append(["Named", "=SUM(Amounts)"])
    other.append(["Average", "=AVERAGE(Data!D2:D5)"])
    notes = wb.create_sheet("List")
    notes.append(["Name", "Score"])
    for name, score in [("a", 1), ("b", 2), ("c", 3)]:
        notes.append([name, score])
    notes.auto_filter.ref = "A1:B4"
    wb.save(path)


def _append(ws: Workspace, path: str, sheet: str, rows: list[list[Any]]) -> Any:
    res = get_command("xlsx_edit").run(ws, {"path": path, "operations": [
        {"op": "append_rows", "sheet": sheet, "rows": rows}]})
    assert res.ok, res.message
    return res


def _chart_refs(sheet: Any) -> list[str]:
    refs = []
    for chart in sheet._charts:
        for s in chart.series:
            refs.append(s.val.numRef.f)
            if s.cat is not None:
                refs.append((s.cat.numRef or s.cat.strRef).f)
    return refs


def _formula_cells(path: Path) -> dict[int, set[tuple[int, int]]]:
    wb = load_workbook(path)
    return {i: {(c.row, c.column) for row in sh.iter_rows() for c in row if c.data_type == "f"}
            for i, sh in enumerate(wb.worksheets)}


def _assert_values_match_libreoffice(ws: Workspace, path: Path) -> None:
    """Every formula's stored value is the one LibreOffice computes for the same file."""
    from skills.runtime.xlsx._recalc import libreoffice_values

    cells = _formula_cells(path)
    theirs = libreoffice_values(ws, path.read_bytes(), cells)
    ours = load_workbook(path, data_only=True)
    assert sum(len(v) for v in cells.values()) == len(theirs) > 0
    for (s, r, c), value in theirs.items():
        mine = ours.worksheets[s].cell(row=r, column=c).value
        assert mine == pytest.approx(value), (ours.worksheets[s].title, r, c, mine, value)


def test_a_row_added_to_a_mira_sheet_goes_above_its_totals_and_the_chart_takes_it(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _mira_sheet(ws)
    res = _append(ws, "s.xlsx", "Sales", [["May", 1800, 1150]])
    sh = load_workbook(ws.root / "s.xlsx")["Sales"]
    assert [sh.cell(row=r, column=1).value for r in range(1, 8)] == ["Month", "Jan", "Feb", "Mar", "Apr", "May",
                                                                       "Total"]
    assert [sh["B7"].value, sh["C7"].value] == ["=SUM(B2:B6)", "=SUM(C2:C6)"]
    assert _chart_refs(sh) == ["'Sales'!$B$2:$B$6", "'Sales'!$A$2:$A$6", "'Sales'!$C$2:$C$6", "'Sales'!$A$2:$A$6"]
    assert sh.auto_filter.ref == "A1:C7" and sh.freeze_panes == "A2"
    assert sh["B6"].number_format == sh["B5"].number_format
    values = load_workbook(ws.root / "s.xlsx", data_only=True)["Sales"]
    assert [values["B7"].value, values["C7"].value] == [7200, 4950]
    checks = {c.name: c.status for c in res.evidence[0].checks}
    assert checks["no formula errors"] == "passed" and checks["cells"] == "passed"  # May is where it said
    assert res.data["changes"][0][1].startswith("Sheet Sales: row 6 added (")
    assert res.data["changes"][1:] == [["", "The new rows go above the totals row, which moves to row 7"],
                                       ["", "These now include the new rows: 2 formulas, 1 chart, 1 filter"]]


def test_an_excel_style_workbook_grows_its_table_names_formats_validation_and_chart(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _excel_book(ws.root / "b.xlsx")
    res = _append(ws, "b.xlsx", "Data", [["Glue", 3, 4], ["Clips", 7, 0.5]])
    assert res.data["changes"][-1][1] == ("These now include the new rows: 3 formulas, 1 chart, 1 table, "
                                          "1 named range, 1 conditional format, 1 data validation rule")
    wb = load_workbook(ws.root / "b.xlsx")
    sh = wb["Data"]
    assert [sh.cell(row=r, column=1).value for r in range(6, 9)] == ["Glue", "Clips", "合计"]
    assert sh["D6"].value == "=B6*C6" and sh["D7"].value == "=B7*C7"  # the calculated column continues
    assert sh["B8"].value == "=SUM(B2:B7)" and sh["D8"].value == "=SUM(D2:D7)"
    assert sh.tables["Orders"].ref == "A1:D7"
    assert sh["A8"].hyperlink.target == "https://example.com/totals" and sh["A6"].hyperlink is None
    assert wb.defined_names["Amounts"].attr_text == "Data!$D$2:$D$7"
    assert [str(cf.sqref) for cf in sh.conditional_formatting] == ["D2:D7"]
    assert [str(dv.sqref) for dv in sh.data_validations.dataValidation] == ["B2:B7"]
    assert _chart_refs(sh) == ["'Data'!$D$2:$D$7", "'Data'!$A$2:$A$7"]
    summary = wb["Summary"]
    assert [summary["B1"].value, summary["B3"].value] == ["=Data!D8", "=AVERAGE(Data!D2:D7)"]
    values = load_workbook(ws.root / "b.xlsx", data_only=True)
    assert values["Data"]["D8"].value == pytest.approx(15 + 24 + 60 + 10 + 12 + 3.5)
    assert values["Summary"]["B1"].value == values["Data"]["D8"].value


def test_cells_set_before_an_append_are_checked_where_the_append_moved_them(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _mira_sheet(ws)
    res = get_command("xlsx_edit").run(ws, {"path": "s.xlsx", "operations": [
        {"op": "set_cells", "sheet": "Sales", "cells": {"B6": "=SUM(B2:B5)*2", "A6": "Sum"}},
        {"op": "append_rows", "sheet": "Sales", "rows": [["May", 1800, 1150]]}]})
    assert res.ok, res.message
    sh = load_workbook(ws.root / "s.xlsx")["Sales"]
    assert [sh["A7"].value, sh["B7"].value, sh["A6"].value] == ["Sum", "=SUM(B2:B6)*2", "May"]
    check = {c.name: c for c in res.evidence[0].checks}["cells"]
    assert check.status == "passed" and english(check.detail) == "All 5 cells hold what was written"


def test_a_sheet_without_totals_grows_its_autofilter(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _excel_book(ws.root / "b.xlsx")
    _append(ws, "b.xlsx", "List", [["d", 4]])
    sh = load_workbook(ws.root / "b.xlsx")["List"]
    assert sh["A5"].value == "d" and sh.auto_filter.ref == "A1:B5"


def test_values_left_when_nothing_can_compute_them_are_said_in_plain_words(tmp_path: Path, monkeypatch) -> None:
    import skills.runtime.xlsx.cmds as xlsx_cmds

    monkeypatch.setattr(xlsx_cmds, "soffice_path", lambda: None)
    ws = Workspace(tmp_path / "task")
    _mira_sheet(ws)
    res = get_command("xlsx_edit").run(ws, {"path": "s.xlsx", "operations": [
        {"op": "set_cells", "sheet": "Sales", "cells": {"D2": "=NETWORKDAYS(A2,A3)"}}]})
    check = {c.name: c for c in res.evidence[0].checks}["no formula errors"]
    assert check.status == "not_run"
    said = english(check.detail)
    assert "opened" in said and "recalculate" in said and "xlsx_" not in said


@pytest.mark.slow
@needs_soffice
def test_after_the_edit_every_formula_has_the_value_libreoffice_computes(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _mira_sheet(ws)
    _append(ws, "s.xlsx", "Sales", [["May", 1800, 1150]])
    _assert_values_match_libreoffice(ws, ws.root / "s.xlsx")
    _excel_book(ws.root / "b.xlsx")
    _append(ws, "b.xlsx", "Data", [["Glue", 3, 4]])
    _assert_values_match_libreoffice(ws, ws.root / "b.xlsx")


@pytest.mark.slow
@needs_soffice
def test_a_workbook_saved_by_libreoffice_keeps_its_structure_through_an_append(tmp_path: Path) -> None:
    from skills.runtime.soffice import convert

    ws = Workspace(tmp_path / "task")
    _excel_book(tmp_path / "made.xlsx")
    produced = convert(tmp_path / "made.xlsx", tmp_path / "lo", "xlsx:Calc MS Excel 2007 XML")
    shutil.copyfile(produced, ws.root / "lo.xlsx")
    _append(ws, "lo.xlsx", "Data", [["Glue", 3, 4]])
    wb = load_workbook(ws.root / "lo.xlsx")
    sh = wb["Data"]
    assert sh["A6"].value == "Glue" and sh["A7"].value == "合计"
    assert sh["D7"].value.replace("$", "") == "=SUM(D2:D6)"
    assert sh.tables["Orders"].ref == "A1:D6"
    assert wb.defined_names["Amounts"].attr_text.replace("$", "") == "Data!D2:D6"
    assert [str(cf.sqref) for cf in sh.conditional_formatting] == ["D2:D6"]
    assert [str(dv.sqref) for dv in sh.data_validations.dataValidation] == ["B2:B6"]
    assert [r.replace("$", "").replace("'", "") for r in _chart_refs(sh)] == ["Data!D2:D6", "Data!A2:A6"]
    _assert_values_match_libreoffice(ws, ws.root / "lo.xlsx")


def _table_with_totals(path: Path) -> None:
    """An Excel table with its own totals row (SUBTOTAL over the column) and a chart on another sheet."""
    wb = Workbook()
    sh = wb.active
    sh.title = "Costs"
    sh.append(["Item", "Amount"])
    for item, amount in [("Rent", 900), ("Power", 120), ("Water", 40)]:
        sh.append([item, amount])
    sh.append(["Total", "=SUBTOTAL(109,Costs[Amount])"])
    table = Table(displayName="Costs", ref="A1:B5", totalsRowCount=1)
    table._initialise_columns()
    table.tableColumns[0].totalsRowLabel = "Total"
    table.tableColumns[1].totalsRowFunction = "sum"
    sh.add_table(table)
    board = wb.create_sheet("Board")
    chart = BarChart()
    chart.add_data(Reference(sh, min_col=2, min_row=1, max_row=4), titles_from_data=True)
    chart.set_categories(Reference(sh, min_col=1, min_row=2, max_row=4))
    board.add_chart(chart, "A1")
    board["A20"] = "=Costs!B5"
    wb.save(path)


@pytest.mark.slow
@needs_soffice
def test_an_excel_table_with_its_own_totals_row_and_a_chart_elsewhere_take_the_row(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    _table_with_totals(ws.root / "t.xlsx")
    res = _append(ws, "t.xlsx", "Costs", [["Internet", 35]])
    wb = load_workbook(ws.root / "t.xlsx")
    sh = wb["Costs"]
    assert [sh["A5"].value, sh["A6"].value] == ["Internet", "Total"]
    assert sh.tables["Costs"].ref == "A1:B6"
    assert _chart_refs(wb["Board"]) == ["'Costs'!$B$2:$B$5", "'Costs'!$A$2:$A$5"]
    assert wb["Board"]["A20"].value == "=Costs!B6"
    values = load_workbook(ws.root / "t.xlsx", data_only=True)
    assert values["Costs"]["B6"].value == 1095 and values["Board"]["A20"].value == 1095
    assert {c.name: c.status for c in res.evidence[0].checks}["no formula errors"] == "passed"
    _assert_values_match_libreoffice(ws, ws.root / "t.xlsx")


def test_a_chart_on_a_chart_sheet_takes_the_new_row_and_the_edit_verifies(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    wb = Workbook()
    sh = wb.active
    sh.title = "Data"
    for row in (["k", "v"], ["a", 1], ["b", 2]):
        sh.append(row)
    chart = BarChart()
    chart.add_data(Reference(sh, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    wb.create_chartsheet("Chart").add_chart(chart)
    wb.save(ws.root / "c.xlsx")
    res = _append(ws, "c.xlsx", "Data", [["c", 3]])
    assert res.evidence[0].passed
    assert [s.val.numRef.f for c in load_workbook(ws.root / "c.xlsx")["Chart"]._charts for s in c.series] == [
        "'Data'!$B$2:$B$4"]


@pytest.mark.parametrize(("formula", "on_sheet", "moved"), [
    ("=SUM(B2:B5)", True, "=SUM(B2:B6)"),  # ends on the last data row: takes the new row
    ("=B6*2", True, "=B7*2"),  # the totals row moves down
    ("=B5-B4", True, "=B5-B4"),  # single cells above stay
    ("=SUM('My Data'!$B$2:$B$5)", False, "=SUM('My Data'!$B$2:$B$6)"),
    ("=SUM(Other!B2:B5)", False, "=SUM(Other!B2:B5)"),  # another sheet's rows did not move
    ("=SUM(B2:B5)", False, "=SUM(B2:B5)"),  # on another sheet, B2:B5 is that sheet's
    ("=SUM(B:B)", True, "=SUM(B:B)"),
    ("=SUM(2:5)", True, "=SUM(2:6)"),
    ('="B5 "&B6', True, '="B5 "&B7'),  # text is not a reference
    ("=SUM(Orders[Amount])", True, "=SUM(Orders[Amount])"),
    ("=SUM(H2:H5)", True, "=SUM(H2:H5)"),  # a range beside the data region does not grow
    ("=SUM(B1:C1)", True, "=SUM(B1:C1)"),
])
def test_references_move_as_a_spreadsheet_inserting_rows_moves_them(formula: str, on_sheet: bool,
                                                                      moved: str) -> None:
    from skills.runtime.xlsx._insert import RowInsert

    insert = RowInsert(sheet="My Data" if "My Data" in formula else "Data", at=6, count=1, header=1, width=4)
    assert insert.formula(formula, on_sheet) == moved
