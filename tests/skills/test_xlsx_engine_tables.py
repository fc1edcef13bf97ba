"""SUBTOTAL and structured table references computed by Mira's own formula engine, compared with LibreOffice."""
from __future__ import annotations

import shutil
import statistics
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.table import Table

from skills.runtime import Workspace, get_command
from skills.runtime._xlsx_cached import book_sheets, compute
from skills.runtime._xlsx_structured import structured

needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")


def _orders(path: Path) -> None:
    """An Excel table with a calculated column, a totals row, and formulas elsewhere that name its parts."""
    wb = Workbook()
    sh = wb.active
    sh.title = "Data"
    sh.append(["Item", "Qty", "Price", "Amount"])
    for item, qty, price in [("Pens", 10, 1.5), ("Paper", 4, 6), ("Ink", 2, 30), ("Tape", 5, 2)]:
        # how Excel stores what it shows as [@Qty]*[@Price]
        sh.append([item, qty, price, "=Orders[[#This Row],[Qty]]*Orders[[#This Row],[Price]]"])
    sh.append(["Total", "=SUBTOTAL(109,Orders[Qty])", None, "=SUBTOTAL(109,Orders[Amount])"])
    table = Table(displayName="Orders", ref="A1:D6", totalsRowCount=1)
    table._initialise_columns()
    for column, name in zip(table.tableColumns, ("Item", "Qty", "Price", "Amount"), strict=True):
        column.name = name  # as Excel names them: the header's words
    table.tableColumns[0].totalsRowLabel = "Total"
    table.tableColumns[1].totalsRowFunction = "sum"
    table.tableColumns[3].totalsRowFunction = "sum"
    sh.add_table(table)
    report = wb.create_sheet("Report")
    rows = [("Sum", "=SUM(Orders[Amount])"), ("Totals row", "=Orders[[#Totals],[Amount]]"),
            ("Average qty", "=SUBTOTAL(1,Orders[Qty])"), ("Count", "=SUBTOTAL(2,Orders[[#Data],[Qty]:[Price]])"),
            ("Items", "=SUBTOTAL(3,Orders[Item])"), ("Largest", "=SUBTOTAL(104,Orders[Amount])"),
            ("Smallest", "=SUBTOTAL(5,Orders[Amount])"), ("Product", "=SUBTOTAL(6,Orders[Qty])"),
            ("Spread", "=SUBTOTAL(7,Orders[Qty])"), ("Population", "=SUBTOTAL(8,Orders[Qty])"),
            ("Variance", "=SUBTOTAL(10,Orders[Qty])"), ("Pop. variance", "=SUBTOTAL(11,Orders[Qty])"),
            ("Whole column", "=SUBTOTAL(9,Data!D2:D6)"), ("Headers", "=COUNTA(Orders[[#Headers],[Item]:[Amount]])"),
            ("All", "=COUNTA(Orders[[#All],[Item]:[Amount]])"), ("Data and totals", "=SUM(Orders[[#Data],[#Totals],[Qty]])")]
    # (LibreOffice 7 reads a lone ``Orders[#All]`` or ``Orders[#Headers]`` as one cell; Excel, and this engine,
    # as the whole area: the comparison names the columns, the expansion test checks the short form.)
    for label, formula in rows:
        report.append([label, formula])
    # Subtotals inside a column and a grand total over all of it: each number counted once.
    groups = wb.create_sheet("Groups")
    for row in (["East", 10], ["East", 20], ["East total", "=SUBTOTAL(9,B1:B2)"], ["West", 5],
                ["West total", "=SUBTOTAL(9,B4:B4)"], ["Grand total", "=SUBTOTAL(9,B1:B5)"],
                ["Plain sum", "=SUM(B1:B5)"]):
        groups.append(row)
    wb.save(path)


def _formula_cells(path: Path) -> dict[int, set[tuple[int, int]]]:
    wb = load_workbook(path)
    return {i: {(c.row, c.column) for row in sh.iter_rows() for c in row if c.data_type == "f"}
            for i, sh in enumerate(wb.worksheets)}


def test_structured_references_read_as_the_ranges_excel_means() -> None:
    wb = Workbook()
    sh = wb.active
    sh.title = "Data"
    for row in (["Item", "Qty"], ["a", 1], ["b", 2], ["Total", 3]):
        sh.append(row)
    table = Table(displayName="T", ref="A1:B4", totalsRowCount=1)
    table._initialise_columns()
    table.tableColumns[0].name, table.tableColumns[1].name = "Item", "Qty"
    sh.add_table(table)
    expand = structured(wb)
    assert expand("=SUM(T[Qty])", "Other", 1, 1) == "=SUM('Data'!$B$2:$B$3)"
    assert expand("=SUM(T[Qty])", "Data", 9, 9) == "=SUM($B$2:$B$3)"
    assert expand("=T[[#Totals],[Qty]]", "Data", 9, 9) == "=$B$4"
    assert expand("=[@Qty]*2", "Data", 3, 2) == "=$B3*2"  # row relative: one shape down the column
    assert expand("=T[@[Qty]]", "Data", 2, 3) == "=$B2"
    assert expand("=COUNTA(T[#All])", "Data", 9, 9) == "=COUNTA($A$1:$B$4)"
    assert expand("=COUNTA(T[[#Headers],[Item]:[Qty]])", "Data", 9, 9) == "=COUNTA($A$1:$B$1)"
    assert expand("=SUM(T[[#Data],[#Totals],[Qty]])", "Data", 9, 9) == "=SUM($B$2:$B$4)"
    assert expand("=COUNTA(T[])", "Data", 9, 9) == "=COUNTA($A$2:$B$3)"
    # what it cannot read stays as it is, for LibreOffice
    assert expand("=SUM(T[Nope])", "Data", 9, 9) == "=SUM(T[Nope])"
    assert expand("=SUM(Other[Qty])", "Data", 9, 9) == "=SUM(Other[Qty])"
    assert expand("=[@Qty]", "Data", 4, 2) == "=[@Qty]"  # the totals row has no "this row" of data
    assert expand('="[x]"&A1', "Data", 9, 9) == '="[x]"&A1'  # text in brackets is not a reference


def test_the_engine_computes_subtotals_and_table_references_itself(tmp_path: Path) -> None:
    _orders(tmp_path / "o.xlsx")
    values = compute(book_sheets(load_workbook(tmp_path / "o.xlsx")))
    data, report, groups = values
    assert not data.pending and not report.pending and not groups.pending, (data.unsupported, report.unsupported)
    assert [data.values[(r, 4)] for r in range(2, 6)] == [15, 24, 60, 10]
    assert data.values[(6, 2)] == 21 and data.values[(6, 4)] == 109
    got = [report.values[(r, 2)] for r in range(1, 17)]
    qty = [10, 4, 2, 5]
    assert got == [109, 109, 5.25, 8, 4, 60, 10, 400, pytest.approx(statistics.stdev(qty)),
                   pytest.approx(statistics.pstdev(qty)), pytest.approx(statistics.variance(qty)),
                   pytest.approx(statistics.pvariance(qty)), 109, 4, 23, 42]  # C6 is empty
    assert [groups.values[(r, 2)] for r in (3, 5, 6, 7)] == [30, 5, 35, 70]  # nested subtotals left out


def test_subtotal_with_hidden_rows_is_left_to_libreoffice(tmp_path: Path) -> None:
    from skills.runtime._xlsx_cached import has_hidden_rows

    _orders(tmp_path / "o.xlsx")
    wb = load_workbook(tmp_path / "o.xlsx")
    wb["Data"].row_dimensions[3].hidden = True
    assert has_hidden_rows(wb)
    data, report, _groups = compute(book_sheets(wb), hidden_rows=True)
    assert (6, 4) in data.pending and (1, 2) not in report.pending  # SUBTOTAL waits, SUM is computed
    assert report.values[(1, 2)] == 109


def test_an_edit_without_libreoffice_still_stores_every_value(tmp_path: Path, monkeypatch) -> None:
    from skills.runtime import xlsx_cmds

    monkeypatch.setattr(xlsx_cmds, "soffice_path", lambda: None)
    ws = Workspace(tmp_path / "task")
    _orders(ws.root / "o.xlsx")
    res = get_command("xlsx_edit").run(ws, {"path": "o.xlsx", "operations": [
        {"op": "append_rows", "sheet": "Data", "rows": [["Glue", 3, 4]]}]})
    assert res.ok, res.message
    assert {c.name: c.status for c in res.evidence[0].checks}["no formula errors"] == "passed"
    wb = load_workbook(ws.root / "o.xlsx")
    assert wb["Data"]["D6"].value == "=Orders[[#This Row],[Qty]]*Orders[[#This Row],[Price]]" and wb["Data"].tables["Orders"].ref == "A1:D7"
    values = load_workbook(ws.root / "o.xlsx", data_only=True)
    assert values["Data"]["D6"].value == 12 and values["Data"]["D7"].value == 121
    assert values["Report"]["B1"].value == 121 and values["Report"]["B2"].value == 121


@pytest.mark.slow
@needs_soffice
def test_the_engines_values_are_the_ones_libreoffice_computes(tmp_path: Path, monkeypatch) -> None:
    from skills.runtime import xlsx_cmds
    from skills.runtime._xlsx_recalc import libreoffice_values

    monkeypatch.setattr(xlsx_cmds, "soffice_path", lambda: None)  # the engine alone writes the values
    ws = Workspace(tmp_path / "task")
    _orders(ws.root / "o.xlsx")
    res = get_command("xlsx_edit").run(ws, {"path": "o.xlsx", "operations": [
        {"op": "append_rows", "sheet": "Data", "rows": [["Glue", 3, 4]]}]})
    assert res.ok, res.message
    path = ws.root / "o.xlsx"
    cells = _formula_cells(path)
    theirs = libreoffice_values(ws, path.read_bytes(), cells)
    ours = load_workbook(path, data_only=True)
    assert len(theirs) == sum(len(v) for v in cells.values()) > 20
    for (s, r, c), value in theirs.items():
        mine = ours.worksheets[s].cell(row=r, column=c).value
        assert mine == pytest.approx(value), (ours.worksheets[s].title, r, c, mine, value)
