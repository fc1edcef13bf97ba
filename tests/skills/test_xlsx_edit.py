"""xlsx_edit keeps the rest intact; xlsx_recalculate computes values; hostile files fail clearly."""
from __future__ import annotations

from desktop.messages import english
from desktop.translations import render_plain

import io
import os
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.styles import Font

from hostile import zip_bomb_total

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.safety import MAX_TOTAL_UNCOMPRESSED


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    w = Workspace(tmp_path / "task")
    get_command("xlsx_create").run(w, {"path": "b.xlsx", "sheets": [
        {"name": "Sales", "header": ["Region", "Amount"], "rows": [["North", 10], ["South", 20]],
         "number_formats": {"B": "0.00"}, "column_widths": {"A": 30}},
        {"name": "Summary Q1", "rows": [["Total", "='Sales'!B2+Sales!B3"]]},
    ]})
    return w


def edit(ws: Workspace, *ops, **extra):
    return get_command("xlsx_edit").run(ws, {"path": "b.xlsx", "operations": list(ops), **extra})


def test_set_cells_and_append_rows_keep_formats_and_other_sheets(ws: Workspace) -> None:
    wb = load_workbook(ws.root / "b.xlsx")
    wb["Sales"]["A2"].font = Font(italic=True)  # a user's own formatting
    wb.save(ws.root / "b.xlsx")
    res = edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"B2": 15, "C1": "Double", "C2": "=B2*2"}},
               {"op": "append_rows", "sheet": "Sales", "rows": [["East", 7.5], ["西部", 3]]})
    assert res.ok, res.message
    wb = load_workbook(ws.root / "b.xlsx")
    sh = wb["Sales"]
    assert sh["B2"].value == 15 and sh["C2"].value == "=B2*2" and sh["A2"].font.i
    assert sh["B2"].number_format == "0.00"
    assert [sh["A4"].value, sh["B4"].value, sh["A5"].value] == ["East", 7.5, "西部"]
    assert sh["B4"].number_format == "0.00"  # appended rows take the data row's format
    assert sh.freeze_panes == "A2" and sh.column_dimensions["A"].width == 30 and sh["A1"].font.b
    assert wb["Summary Q1"]["B1"].value == "='Sales'!B2+Sales!B3"
    changes = res.data["changes"]
    assert ["Sales!B2: 10", "Sales!B2: 15"] in changes and ["Sales!C2: (empty)", "Sales!C2: =B2*2"] in changes
    assert changes[-1][0] == "Sheet Sales: 3 rows" and changes[-1][1].startswith("Sheet Sales: rows 4–5 added")
    assert {c.name: c.status for c in res.evidence[0].checks}["cells"] == "passed"


def test_a_new_cell_under_a_column_of_data_takes_its_look(ws: Workspace) -> None:
    """B4 set under B2:B3 (format 0.00) shows 30.00, as Excel extends a list's formats; E2 under a bold header
    does not take the header's bold; a cell with a format of its own keeps it; A4 takes A3's italic."""
    wb = load_workbook(ws.root / "b.xlsx")
    wb["Sales"]["A3"].font = Font(italic=True)
    wb["Sales"]["E1"] = "Extra"
    wb["Sales"]["E1"].font = Font(bold=True)
    wb["Sales"]["D4"].number_format = "0%"
    wb["Sales"]["D3"] = 0.5
    wb.save(ws.root / "b.xlsx")
    res = edit(ws, {"op": "set_cells", "sheet": "Sales",
                    "cells": {"A4": "Total", "B4": "=SUM(B2:B3)", "E2": "note", "D4": 0.25}})
    assert res.ok, res.message
    sh = load_workbook(ws.root / "b.xlsx")["Sales"]
    assert sh["B4"].number_format == "0.00" and sh["A4"].font.i
    assert sh["E1"].font.b and not sh["E2"].font.b
    assert sh["D4"].number_format == "0%"
    shown = load_workbook(ws.root / "b.xlsx", data_only=True)["Sales"]
    assert shown["B4"].value == 30


def test_a_new_columns_header_takes_the_look_of_the_header_before_it(ws: Workspace) -> None:
    """C1 set beside the styled header B1 is bold and filled like it (it was plain beside them); its values
    under it do not take the header's look, and a header cell with a look of its own keeps it."""
    from openpyxl.styles import PatternFill

    wb = load_workbook(ws.root / "b.xlsx")
    for ref in ("A1", "B1"):
        wb["Sales"][ref].fill = PatternFill("solid", fgColor="DDEBF7")
    wb["Sales"]["E1"].font = Font(italic=True)
    wb.save(ws.root / "b.xlsx")
    res = edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"C1": "Price", "C2": 3, "C3": 4, "E1": "Note"}})
    assert res.ok, res.message
    sh = load_workbook(ws.root / "b.xlsx")["Sales"]
    assert sh["C1"].font.b and sh["C1"].fill.fgColor.rgb == sh["B1"].fill.fgColor.rgb == "00DDEBF7"
    assert not sh["C2"].font.b and sh["C2"].fill.fill_type is None
    assert sh["E1"].font.i and not sh["E1"].font.b


def test_add_rename_remove_sheets(ws: Workspace) -> None:
    res = edit(ws, {"op": "add_sheet", "name": "Costs", "header": ["Item", "Cost"], "rows": [["Rent", 100]]},
               {"op": "rename_sheet", "name": "Sales", "to": "Sales 2026"})
    assert res.ok, res.message
    wb = load_workbook(ws.root / "b.xlsx")
    assert wb.sheetnames == ["Sales 2026", "Summary Q1", "Costs"]
    assert wb["Costs"]["A1"].font.b and wb["Costs"]["B2"].value == 100 and wb["Costs"].freeze_panes == "A2"
    # references to the renamed sheet follow it
    assert wb["Summary Q1"]["B1"].value == "='Sales 2026'!B2+'Sales 2026'!B3"
    assert ["Sheet Sales", "Sheet Sales 2026 (1 formula updated)"] in res.data["changes"]  # English for the model
    card = get_command("xlsx_edit").describe(ws, {"path": "b.xlsx", "operations": [
        {"op": "remove_sheet", "name": "Sales 2026"}]})
    assert [[english(side) for side in pair] for pair in card.pairs()] == [
        ["Sheet Sales 2026: 3 rows", "(removed; 1 formula in other sheets refers to it and will show #REF!)"]]
    edit(ws, {"op": "remove_sheet", "name": "Costs"})
    assert load_workbook(ws.root / "b.xlsx").sheetnames == ["Sales 2026", "Summary Q1"]


@pytest.mark.parametrize("op, message", [
    ({"op": "set_cells", "sheet": "Nope", "cells": {"A1": 1}}, "there is no sheet 'Nope' (sheets: Sales, Summary Q1)"),
    ({"op": "set_cells", "sheet": "Sales", "cells": {"A0": 1}}, "cells.A0: 'A0' is not a cell reference"),
    ({"op": "set_cells", "sheet": "Sales", "cells": {"XFE1": 1}}, "is outside the sheet"),
    ({"op": "add_sheet", "name": "sales"}, "there is already a sheet named 'sales'"),
    ({"op": "rename_sheet", "name": "Sales", "to": "Summary Q1"}, "already a sheet named 'Summary Q1'"),
    ({"op": "remove_sheet", "name": "Ghost"}, "there is no sheet 'Ghost'"),
    ({"op": "append_rows", "sheet": "Sales", "rows": [[{"x": 1}]]}, "operations[1] (append_rows).rows[0][0]"),
    ({"op": "merge", "sheet": "Sales"}, "operations[1].op: 'merge' is not one of"),
])
def test_failing_op_writes_nothing(ws: Workspace, op: dict, message: str) -> None:
    before = (ws.root / "b.xlsx").read_bytes()
    with pytest.raises(CommandError, match=re.escape(message)):
        edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"B2": 99}}, op)
    assert (ws.root / "b.xlsx").read_bytes() == before
    assert not ws.stray_staging_files()


def test_cannot_remove_the_last_sheet(ws: Workspace) -> None:
    with pytest.raises(CommandError, match="the only worksheet"):
        edit(ws, {"op": "remove_sheet", "name": "Sales"}, {"op": "remove_sheet", "name": "Summary Q1"})


def test_output_leaves_source_alone_and_describe_writes_nothing(ws: Workspace) -> None:
    before = (ws.root / "b.xlsx").read_bytes()
    card = get_command("xlsx_edit").describe(ws, {"path": "b.xlsx", "operations": [
        {"op": "set_cells", "sheet": "Sales", "cells": {"B2": "=B3*2"}}]})
    assert card.pairs() == [["Sales!B2: 10", "Sales!B2: =B3*2"]]
    res = edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"B2": 11}}, output="copy/b2.xlsx")
    assert res.artifacts[0].path == "copy/b2.xlsx"
    assert (ws.root / "b.xlsx").read_bytes() == before
    assert load_workbook(ws.root / "copy/b2.xlsx")["Sales"]["B2"].value == 11


def test_edit_that_would_drop_a_chart_is_refused(ws: Workspace) -> None:
    wb = Workbook()
    sh = wb.active
    for row in [["a", 1], ["b", 2]]:
        sh.append(row)
    chart = BarChart()
    chart.add_data(Reference(sh, min_col=2, min_row=1, max_row=2))
    sh.add_chart(chart, "D2")
    wb.save(ws.root / "chart.xlsx")
    # openpyxl keeps its own charts; a part it cannot carry (a slicer) must stop the edit
    with zipfile.ZipFile(ws.root / "chart.xlsx") as zf:
        entries = {n: zf.read(n) for n in zf.namelist()}
    entries["xl/slicers/slicer1.xml"] = b"<slicers/>"
    with zipfile.ZipFile(ws.root / "chart.xlsx", "w") as zf:
        for n, d in entries.items():
            zf.writestr(n, d)
    before = (ws.root / "chart.xlsx").read_bytes()
    with pytest.raises(CommandError, match="would drop xl/slicers"):
        get_command("xlsx_edit").run(ws, {"path": "chart.xlsx", "operations": [
            {"op": "set_cells", "sheet": "Sheet", "cells": {"A1": "z"}}]})
    assert (ws.root / "chart.xlsx").read_bytes() == before
    assert not ws.stray_staging_files()


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize("kind, message", [
    ("truncated", "corrupt or truncated"),
    ("encrypted", "protected with a password"),
    ("macro", "macro"),
    ("bomb", "zip bomb"),
    ("garbage_xml", "could not be opened|cannot be read"),
    ("empty", "empty"),
    ("entities", "entit"),
])
def test_hostile_workbooks_get_one_clear_error(ws: Workspace, kind: str, message: str) -> None:
    good = (ws.root / "b.xlsx").read_bytes()
    bad = ws.root / "bad.xlsx"
    with zipfile.ZipFile(io.BytesIO(good)) as zf:
        entries = {n: zf.read(n) for n in zf.namelist()}
    if kind == "truncated":
        bad.write_bytes(good[: len(good) // 2])
    elif kind == "encrypted":
        bad.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 1024)
    elif kind == "macro":  # an .xlsm renamed to .xlsx
        entries["[Content_Types].xml"] = entries["[Content_Types].xml"].replace(
            b"spreadsheetml.sheet.main+xml", b"ms-excel.sheet.macroEnabled.main+xml")
        bad.write_bytes(_zip(entries))
    elif kind == "bomb":  # past the total inflated-size cap (a compressible part alone is no bomb)
        zip_bomb_total(bad, "xlsx", MAX_TOTAL_UNCOMPRESSED + 1)
    elif kind == "garbage_xml":
        entries["xl/worksheets/sheet1.xml"] = b"<worksheet><sheetData><row r='x'>"
        bad.write_bytes(_zip(entries))
    elif kind == "empty":
        bad.write_bytes(b"")
    elif kind == "entities":  # "billion laughs" in a worksheet
        lol = b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        sheet = entries["xl/worksheets/sheet1.xml"]
        entries["xl/worksheets/sheet1.xml"] = lol + sheet.split(b"?>", 1)[-1] if sheet.startswith(b"<?xml") \
            else lol + sheet
        bad.write_bytes(_zip(entries))
    calls = [("xlsx_inspect", {"path": "bad.xlsx"}),
             ("xlsx_edit", {"path": "bad.xlsx", "operations": [{"op": "remove_sheet", "name": "x"}]})]
    if kind == "macro":  # read-only: inspect and preview show it (test_read_only_packages.py)
        calls = calls[1:]
    for name, args in calls:
        with pytest.raises(CommandError, match=message):
            get_command(name).run(ws, args)
    try:
        res = get_command("xlsx_verify").run(ws, {"path": "bad.xlsx"})
    except CommandError as exc:
        assert re.search(message, str(exc))
    else:
        assert not res.ok and res.evidence[0].checks[0].status == "failed"
    if Path("/proc/self/fd").is_dir():  # a refused file is closed again, not left for the collector
        held = {os.path.realpath(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")}
        assert os.path.realpath(bad) not in held


def test_renamed_xlsm_extension_is_refused(ws: Workspace) -> None:
    shutil.copy(ws.root / "b.xlsx", ws.root / "b.xlsm")
    assert get_command("xlsx_inspect").run(ws, {"path": "b.xlsm"}).data["macros"] is False  # read-only is fine
    with pytest.raises(CommandError, match=r"must end with \.xlsx"):
        get_command("xlsx_edit").run(ws, {"path": "b.xlsm", "operations": [{"op": "remove_sheet", "name": "x"}]})


def test_recalculate_without_libreoffice_is_clear_and_leaves_source(ws: Workspace, monkeypatch) -> None:
    import skills.runtime.soffice as soffice

    monkeypatch.setattr(soffice, "soffice_path", lambda: None)
    before = (ws.root / "b.xlsx").read_bytes()
    with pytest.raises(CommandError, match="LibreOffice is not installed") as missing:
        get_command("xlsx_recalculate").run(ws, {"path": "b.xlsx"})
    assert missing.value.details == "b.xlsx was not changed"
    assert (ws.root / "b.xlsx").read_bytes() == before
    assert sorted(p.name for p in ws.root.iterdir()) == ["b.xlsx"]


def test_the_approval_card_says_a_recalculation_cannot_run_without_libreoffice(ws: Workspace, monkeypatch) -> None:
    import skills.runtime.xlsx.cmds as xlsx_cmds

    monkeypatch.setattr(xlsx_cmds, "soffice_path", lambda: None)
    card = get_command("xlsx_recalculate").describe(ws, {"path": "b.xlsx"})
    assert card.summary.id == "summary.cannot_run" and "LibreOffice" in card.summary.english()
    assert "xlsx_" not in card.summary.english()  # no command id in the words a person reads


@pytest.mark.soffice
@pytest.mark.slow
def test_recalculate_computes_values_and_reports_div0(ws: Workspace) -> None:
    edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"C1": "Share", "C2": "=B2/SUM(B2:B3)", "C3": "=B3/0",
                                                             "B4": "=SUM(B2:B3)"}})
    res = get_command("xlsx_recalculate").run(ws, {"path": "b.xlsx", "output": "calc.xlsx"})
    assert not res.ok and "Sales!C3 #DIV/0!" in res.message
    checks = {c.name: c for c in res.evidence[0].checks}
    assert checks["no formula errors"].status == "failed"
    values = load_workbook(ws.root / "calc.xlsx", data_only=True)
    assert values["Sales"]["B4"].value == 30 and values["Sales"]["C2"].value == pytest.approx(1 / 3)
    assert values["Summary Q1"]["B1"].value == 30
    formulas = load_workbook(ws.root / "calc.xlsx")
    assert formulas["Sales"]["B4"].value == "=SUM(B2:B3)"
    assert formulas["Sales"].freeze_panes == "A2"  # LibreOffice drops frozen panes; we put them back
    assert not [p for p in ws.root.iterdir() if p.name.startswith(".mira")]
    # stale cached values are recomputed, not trusted
    path = ws.root / "calc.xlsx"
    with zipfile.ZipFile(path) as zf:
        entries = {n: zf.read(n) for n in zf.namelist()}
    sheet = entries["xl/worksheets/sheet1.xml"]
    entries["xl/worksheets/sheet1.xml"] = re.sub(rb"(<c r=\"B4\"[^>]*><f[^>]*>[^<]*</f><v>)30(</v>)", rb"\g<1>999\2", sheet)
    assert entries["xl/worksheets/sheet1.xml"] != sheet
    path.write_bytes(_zip(entries))
    again = get_command("xlsx_recalculate").run(ws, {"path": "calc.xlsx"})
    assert load_workbook(path, data_only=True)["Sales"]["B4"].value == 30, again.message


def test_edit_keeps_validation_conditional_formats_and_merges(ws: Workspace) -> None:
    from openpyxl.formatting.rule import CellIsRule
    from openpyxl.styles import PatternFill
    from openpyxl.worksheet.datavalidation import DataValidation

    wb = Workbook()
    sh = wb.active
    sh.title = "Plan"
    sh.append(["Task", "Status", "Cost"])
    sh.append(["Design", "open", 100])
    sh.merge_cells("E1:F1")
    sh["E1"] = "Merged note"
    dv = DataValidation(type="list", formula1='"open,done"')
    sh.add_data_validation(dv)
    dv.add("B2:B50")
    sh.conditional_formatting.add("C2:C50", CellIsRule(operator="greaterThan", formula=["500"],
                                                       fill=PatternFill("solid", fgColor="FFC7CE")))
    wb.save(ws.root / "plan.xlsx")
    res = get_command("xlsx_edit").run(ws, {"path": "plan.xlsx", "operations": [
        {"op": "append_rows", "sheet": "Plan", "rows": [["Build", "done", 900]]}]})
    assert res.ok, res.message
    out = load_workbook(ws.root / "plan.xlsx")["Plan"]
    assert [c.value for c in out[3]][:3] == ["Build", "done", 900]
    assert "E1:F1" in {str(r) for r in out.merged_cells.ranges}
    assert out.data_validations.dataValidation[0].formula1 == '"open,done"'
    assert len(list(out.conditional_formatting)) == 1


def test_edit_that_would_drop_an_extension_is_refused(ws: Workspace) -> None:
    path = ws.root / "b.xlsx"
    with zipfile.ZipFile(path) as zf:
        entries = {n: zf.read(n) for n in zf.namelist()}
    ext = (b'<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" '
           b'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
           b'<x14:dataValidations count="0"/></ext></extLst>')
    entries["xl/worksheets/sheet1.xml"] = entries["xl/worksheets/sheet1.xml"].replace(b"</worksheet>",
                                                                                      ext + b"</worksheet>")
    path.write_bytes(_zip(entries))
    before = path.read_bytes()
    with pytest.raises(CommandError, match=r"would lose parts Mira cannot keep, so nothing was written") as lost:
        edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"B2": 1}})
    assert "Data Validation extension" in lost.value.details  # what would be lost, for the details view
    assert path.read_bytes() == before
    assert get_command("xlsx_inspect").run(ws, {"path": "b.xlsx"}).ok  # reading it is still fine


@pytest.mark.soffice
def test_recalculate_a_workbook_openpyxl_cannot_read_is_a_clear_error(ws: Workspace) -> None:
    """LibreOffice reads a non-numeric sheetId; the frozen-pane restore (openpyxl) cannot: one message."""
    wb = Workbook()
    wb.active["A1"], wb.active["A2"] = 2, "=A1*3"
    wb.save(ws.root / "ok.xlsx")
    with zipfile.ZipFile(ws.root / "ok.xlsx") as zf:
        entries = {n: zf.read(n) for n in zf.namelist()}
    entries["xl/workbook.xml"] = entries["xl/workbook.xml"].replace(b'sheetId="1"', b'sheetId="x"')
    (ws.root / "odd.xlsx").write_bytes(_zip(entries))
    before = (ws.root / "odd.xlsx").read_bytes()
    with pytest.raises(CommandError, match="odd.xlsx.*was not changed"):
        get_command("xlsx_recalculate").run(ws, {"path": "odd.xlsx"})
    assert (ws.root / "odd.xlsx").read_bytes() == before
    assert not [p for p in ws.root.iterdir() if p.name.startswith(".mira")]


def test_a_chart_made_by_create_survives_an_edit(tmp_path: Path) -> None:
    from skills.runtime import get_command

    ws = Workspace(tmp_path)
    sheet = {"name": "S", "header": ["k", "v"], "rows": [["a", 1], ["b", 2]],
             "charts": [{"type": "line", "categories": "A", "values": ["B"]}]}
    assert get_command("xlsx_create").run(ws, {"path": "c.xlsx", "sheets": [sheet]}).ok
    res = get_command("xlsx_edit").run(ws, {"path": "c.xlsx", "operations": [
        {"op": "set_cells", "sheet": "S", "cells": {"B3": 5}}]})
    assert res.ok, res.message
    sh = load_workbook(tmp_path / "c.xlsx")["S"]
    assert sh["B3"].value == 5
    assert [c.tagname for c in sh._charts] == ["lineChart"]
    assert sh._charts[0].series[0].val.numRef.f == "'S'!$B$2:$B$3"


def test_rows_go_under_a_table_that_starts_in_column_b_typed_as_its_columns(tmp_path: Path) -> None:
    """A sheet laid out the way people (and ClosedXML's samples) make it: a title, then a table from B3 with a
    TRUE/FALSE column and a date column. A new row lands under the table's columns, its "FALSE" a boolean and
    its ISO date a date in the column's own format; the check of the written cells passes."""
    import datetime as dt

    w = Workspace(tmp_path / "task")
    wb = Workbook()
    sheet = wb.active
    sheet.title = "Contacts"
    sheet["B2"] = "Contacts"
    for col, name in zip("BCDEF", ("FName", "LName", "Outcast", "DOB", "Income")):
        sheet[f"{col}3"] = name
    sheet.append([None, "John", "Galt", True, dt.datetime(1919, 1, 21), 2000])
    sheet["E4"].number_format = "d-mmm-yy"
    wb.save(w.root / "people.xlsx")

    result = get_command("xlsx_edit").run(w, {"path": "people.xlsx", "operations": [
        {"op": "append_rows", "sheet": "Contacts", "rows": [["Ann", "Lee", "FALSE", "1990-05-01", 5000]]}]})
    assert result.ok, result.message
    sheet = load_workbook(w.root / "people.xlsx").active
    assert [c.value for c in sheet[5]] == [None, "Ann", "Lee", False, dt.datetime(1990, 5, 1), 5000]
    assert sheet["E5"].number_format == "d-mmm-yy"


def test_a_cell_that_reads_back_otherwise_is_said_as_a_spreadsheet_shows_it(ws: Workspace) -> None:
    from skills.runtime.xlsx._check import _CellMatcher

    matcher = _CellMatcher({"Sales!A2": "East", "Sales!B2": 1})
    matcher("Sales", 2, 1, "North", {"data_type": "s"})
    matcher("Sales", 2, 2, None, {"data_type": "n"})
    check = matcher.check()
    assert check.status == "failed"
    assert english(check.detail) == ("2 cells hold other values than the ones written: "
                                     "Sales!A2 = “North” ≠ “East”, Sales!B2 = (empty) ≠ 1")
    assert "Sales!B2 = （空） ≠ 1" in render_plain(check.detail, "zh_CN")


def test_an_edit_is_not_failed_by_an_error_the_workbook_already_showed(ws: Workspace) -> None:
    """A real workbook may show #DIV/0! somewhere: editing elsewhere must not fail its check for that, while
    an error the edit brings (here the column's formula carried into an appended row) still fails."""
    first = edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"C1": "Share", "C3": "=B3/0"}})
    assert {c.name: c.status for c in first.evidence[0].checks}["no formula errors"] == "failed"

    later = edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"A2": "Nord"}})
    assert later.ok and later.evidence[0].passed, later.message
    checks = {c.name: c for c in later.evidence[0].checks}
    assert "no formula errors" not in checks
    said = checks["no new formula errors"]
    assert said.status == "passed" and "Sales!C3 #DIV/0!" in said.detail.english()
    assert load_workbook(ws.root / "b.xlsx")["Sales"]["A2"].value == "Nord"

    spread = edit(ws, {"op": "append_rows", "sheet": "Sales", "rows": [["East", 5]]})
    checks = {c.name: c for c in spread.evidence[0].checks}
    assert not spread.evidence[0].passed and checks["no formula errors"].status == "failed"
    assert "Sales!C4 #DIV/0!" in checks["no formula errors"].detail.english()

    # into another file: the source is read where it is
    other = edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"A3": "Sud"}}, output="copy.xlsx")
    assert other.evidence[0].passed and "no new formula errors" in {c.name for c in other.evidence[0].checks}


def test_an_error_the_source_had_not_calculated_yet_is_not_the_edits(tmp_path: Path) -> None:
    """Files saved by other programs often keep no formula values: "=1/0" shows #DIV/0! only once calculated.
    An edit elsewhere calculates it, and its check does not blame the edit; a sheet renamed by the edit is
    looked up by its old name."""
    w = Workspace(tmp_path / "task")
    book = Workbook()
    book.active.title = "Data"
    book.active.append(["Hello"])
    book.active.append(["=1/0"])  # openpyxl saves no value for it
    book.save(w.root / "raw.xlsx")
    res = get_command("xlsx_edit").run(w, {"path": "raw.xlsx", "operations": [
        {"op": "set_cells", "sheet": "Data", "cells": {"A1": 3}}, {"op": "rename_sheet", "name": "Data", "to": "Facts"}]})
    assert res.evidence[0].passed, res.message
    checks = {c.name: c for c in res.evidence[0].checks}
    assert "Facts!A2 #DIV/0!" in checks["no new formula errors"].detail.english()
    assert load_workbook(w.root / "raw.xlsx", data_only=True)["Facts"]["A2"].value == "#DIV/0!"

    # the same formula written into another cell is the edit's own error
    res = get_command("xlsx_edit").run(w, {"path": "raw.xlsx", "operations": [
        {"op": "set_cells", "sheet": "Facts", "cells": {"B2": "=1/0"}}]})
    assert {c.name: c.status for c in res.evidence[0].checks}["no formula errors"] == "failed"


@pytest.mark.parametrize(("formula", "why"), [("=SUM(", "parentheses do not match"), ("=B2*", "nothing on one side"),
                                              ('="total', "not closed"), ("=A1+)", "not closed or opened")])
def test_a_formula_a_spreadsheet_cannot_read_is_refused_before_anything_is_written(ws: Workspace, formula: str,
                                                                                    why: str) -> None:
    """Excel repairs a workbook holding "=SUM(" by deleting the formula; LibreOffice shows Err:5xx."""
    before = (ws.root / "b.xlsx").read_bytes()
    with pytest.raises(CommandError) as refused:
        edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"C2": formula}})
    assert why in english(refused.value.msg) and (ws.root / "b.xlsx").read_bytes() == before
    with pytest.raises(CommandError, match="not a formula"):
        get_command("xlsx_create").run(ws, {"path": "new.xlsx", "sheets": [{"name": "S", "rows": [[1, formula]]}]})
    assert not (ws.root / "new.xlsx").exists()
    # the same words as text, as the message says: kept literally
    assert edit(ws, {"op": "set_cells", "sheet": "Sales", "cells": {"C2": "'" + formula}}).ok
    assert load_workbook(ws.root / "b.xlsx")["Sales"]["C2"].value == formula


def test_add_chart_charts_the_table_above_its_totals_row(tmp_path: Path) -> None:
    """A bar chart added to a styled sheet with a totals row: a native chart whose series are North and
    South (named by the header), whose categories are the months, and whose data ends above the totals
    (a total is not a month); it stands right of the table; the cells are untouched; LibreOffice-free."""
    ws = Workspace(tmp_path / "task")
    wb = Workbook()
    sh = wb.active
    sh.title = "Sales"
    for row in (["Month", "North", "South"], ["Jan", 1200, 900], ["Feb", 1300, 950], ["Mar", 1250, 1010],
                ["Total", "=SUM(B2:B4)", "=SUM(C2:C4)"]):
        sh.append(row)
    sh["A1"].font = Font(bold=True)
    wb.save(ws.root / "b.xlsx")
    res = get_command("xlsx_edit").run(ws, {"path": "b.xlsx", "operations": [
        {"op": "add_chart", "sheet": "Sales", "chart": {"type": "bar", "categories": "A", "values": ["B", "C"]}}]})
    assert res.ok, res.message
    assert res.data["changes"] == [["", "A bar chart of North, South on sheet Sales, rows 2–4"]]
    sheet = load_workbook(ws.root / "b.xlsx")["Sales"]
    [chart] = sheet._charts
    refs = [(s.tx.strRef.f.replace("$", ""), s.val.numRef.f.replace("$", "")) for s in chart.series]
    assert refs == [("'Sales'!B1", "'Sales'!B2:B4"), ("'Sales'!C1", "'Sales'!C2:C4")]
    categories = chart.series[0].cat.strRef or chart.series[0].cat.numRef
    assert categories.f.replace("$", "") == "'Sales'!A2:A4"
    assert chart.anchor._from.col == 4 and chart.anchor._from.row == 0  # column E, beside the table
    assert [c.value for c in sheet["B"]] == ["North", 1200, 1300, 1250, "=SUM(B2:B4)"] and sheet["A1"].font.b
    with pytest.raises(CommandError, match="no rows of data"):
        wb = Workbook()
        wb.active.append(["Month", "North"])
        wb.save(ws.root / "empty.xlsx")
        get_command("xlsx_edit").run(ws, {"path": "empty.xlsx", "operations": [
            {"op": "add_chart", "sheet": "Sheet", "chart": {"type": "line", "values": ["B"]}}]})


def test_an_empty_cell_in_a_change_is_said_in_the_readers_language(ws: Workspace) -> None:
    """The card said "工作表1!C1: (empty) → …" in a Chinese window."""
    from desktop.translations import render_plain

    card = get_command("xlsx_edit").describe(ws, {"path": "b.xlsx", "operations": [
        {"op": "set_cells", "sheet": "Sales", "cells": {"D2": 5, "B2": None}}]})
    pairs = [[side if isinstance(side, str) else render_plain(side, "zh_CN") for side in pair] for pair in card.pairs()]
    assert ["Sales!D2：（空）", "Sales!D2: 5"] in pairs and ["Sales!B2: 10", "Sales!B2：（空）"] in pairs
    assert [[english(side) for side in pair] for pair in card.pairs()] == [
        ["Sales!D2: (empty)", "Sales!D2: 5"], ["Sales!B2: 10", "Sales!B2: (empty)"]]


def test_a_sheet_named_in_another_case_is_that_sheet(ws: Workspace) -> None:
    """Excel holds sheet names whatever their case: "sales" is the sheet Sales, for the edit and its check."""
    res = edit(ws, {"op": "set_cells", "sheet": "sales", "cells": {"B2": 12}},
               {"op": "rename_sheet", "name": "summary q1", "to": "Overview"})
    assert res.ok, res.message
    wb = load_workbook(ws.root / "b.xlsx")
    assert wb["Sales"]["B2"].value == 12 and wb.sheetnames == ["Sales", "Overview"]
    assert {c.name: c.status for c in res.evidence[0].checks}["cells"] == "passed"
