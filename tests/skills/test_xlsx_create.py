"""xlsx_create / xlsx_inspect / xlsx_verify: the workbook a user would open."""
from __future__ import annotations

from desktop.messages import english, shown
from desktop.translations import render_plain

import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from skills.runtime import CommandError, Workspace, get_command


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "task")


def run(ws: Workspace, name: str, **args):
    return get_command(name).run(ws, args)


SALES = {"name": "Sales", "header": ["Region", "Q1", "Q2", "Total"],
         "rows": [["North", 10, 12.5, "=B2+C2"], ["South", 8, 9, "=B3+C3"], ["West", None, 3, "=SUM(B4:C4)"]],
         "number_formats": {"B": "0.00", "C": "#,##0.0"}, "column_widths": {"A": 24}, "autofilter": True}


def test_create_styles_header_formats_widths_freeze_and_formulas(ws: Workspace) -> None:
    res = run(ws, "xlsx_create", path="books/sales.xlsx",
              sheets=[SALES, {"name": "Notes", "rows": [["plain"], ["'=not a formula"], [True]], "freeze": None}])
    assert res.ok, res.message
    wb = load_workbook(ws.root / "books/sales.xlsx")
    assert wb.sheetnames == ["Sales", "Notes"]
    sh = wb["Sales"]
    assert [c.value for c in sh[1]] == ["Region", "Q1", "Q2", "Total"]
    assert sh["A1"].font.b and sh["A1"].font.name == "Calibri" and sh["A1"].fill.fgColor.rgb.endswith("DDEBF7")
    assert not sh["A2"].font.b
    assert sh["B2"].number_format == "0.00" and sh["C3"].number_format == "#,##0.0"
    assert sh["A1"].number_format == "General"  # formats apply to data, not the header
    assert sh["D2"].value == "=B2+C2" and sh["D4"].value == "=SUM(B4:C4)"
    assert sh["B4"].value is None
    assert sh.freeze_panes == "A2" and sh.auto_filter.ref == "A1:D4"
    assert sh.column_dimensions["A"].width == 24
    assert sh.column_dimensions["B"].width >= 8
    notes = wb["Notes"]
    assert notes.freeze_panes is None
    assert notes["A2"].value == "=not a formula" and notes["A2"].data_type == "s"
    assert notes["A3"].value is True
    ev = res.evidence[0]
    status = {c.name: c.status for c in ev.checks}
    assert status["content matches spec"] == "passed" and status["sheets present"] == "passed"
    # formulas get their values at creation, so the check really ran
    assert status["no formula errors"] == "passed"
    assert ev.counts["formulas"] == 3 and ev.counts["formulas_calculated"] == 3
    values = load_workbook(ws.root / "books/sales.xlsx", data_only=True)["Sales"]
    assert [values[f"D{r}"].value for r in (2, 3, 4)] == [22.5, 17, 3]
    assert not ws.stray_staging_files()


def test_width_follows_content(ws: Workspace) -> None:
    run(ws, "xlsx_create", path="w.xlsx", sheets=[{"name": "S", "header": ["id", "description"],
                                                  "rows": [[1, "a fairly long description of the item"]]}])
    sh = load_workbook(ws.root / "w.xlsx")["S"]
    assert sh.column_dimensions["B"].width > sh.column_dimensions["A"].width >= 8


def test_chinese_workbook_round_trips(ws: Workspace) -> None:
    res = run(ws, "xlsx_create", path="报表.xlsx", sheets=[
        {"name": "销售", "header": ["地区", "金额"], "rows": [["华东", 1200], ["华南", 800]]}])
    assert res.ok, res.message
    sh = load_workbook(ws.root / "报表.xlsx")["销售"]
    assert sh["A1"].value == "地区" and sh["A2"].value == "华东"
    assert "CJK" in sh["A2"].font.name and sh["A1"].font.b
    out = run(ws, "xlsx_inspect", path="报表.xlsx")
    assert out.data["sheets"][0]["sample_rows"][1] == ["华东", 1200]


def test_bool_and_number_types_survive(ws: Workspace) -> None:
    run(ws, "xlsx_create", path="t.xlsx", sheets=[{"name": "T", "rows": [[1, 1.5, True, False, "x", None, -3]]}])
    sh = load_workbook(ws.root / "t.xlsx")["T"]
    assert [c.value for c in sh[1]][:5] == [1, 1.5, True, False, "x"] and sh["G1"].value == -3


@pytest.mark.parametrize("sheets, message", [
    ([{"name": "a/b", "rows": []}], "sheets[0].name: sheet name 'a/b' may not contain"),
    ([{"name": "x" * 32, "rows": []}], "sheets[0].name"),
    ([{"name": "S", "rows": []}, {"name": "s", "rows": []}], "sheets[1].name: there is already a sheet named 's'"),
    ([{"name": "S", "rows": [["ok"], ["bad\x01"]]}], "sheets[0].rows[1][0]: text contains a control character"),
    ([{"name": "S", "rows": [[{"a": 1}]]}], "sheets[0].rows[0][0]"),
    ([{"name": "S", "rows": "nope"}], "sheets[0].rows: 'nope' is not of type 'array'"),
    ([{"name": "S", "rows": [], "number_formats": {"B2": "0"}}], "number_formats.B2: 'B2' is not a column letter"),
    ([{"name": "S", "rows": [], "freeze": "top"}], "sheets[0].freeze: 'top' is not a cell reference"),
    ([{"name": "S", "rows": [], "colour": 1}], "sheets[0]: Additional properties are not allowed"),
])
def test_bad_spec_is_refused_with_the_field_named(ws: Workspace, sheets: list, message: str) -> None:
    with pytest.raises(CommandError) as info:
        run(ws, "xlsx_create", path="b.xlsx", sheets=sheets)
    assert message in str(info.value)
    assert not (ws.root / "b.xlsx").exists()


def test_overwrite_and_path_refusals(ws: Workspace) -> None:
    sheets = [{"name": "S", "rows": [[1]]}]
    run(ws, "xlsx_create", path="a.xlsx", sheets=sheets)
    with pytest.raises(CommandError, match="already exists"):
        run(ws, "xlsx_create", path="a.xlsx", sheets=sheets)
    assert run(ws, "xlsx_create", path="a.xlsx", sheets=[{"name": "T", "rows": [[2]]}], overwrite=True).ok
    assert load_workbook(ws.root / "a.xlsx").sheetnames == ["T"]
    for bad in ("../a.xlsx", "/etc/a.xlsx", "a.xlsm", "a.csv"):
        with pytest.raises(CommandError):
            run(ws, "xlsx_create", path=bad, sheets=sheets)
    (ws.root / "link").symlink_to(ws.root.parent)
    with pytest.raises(CommandError, match="symlink"):
        run(ws, "xlsx_create", path="link/escape.xlsx", sheets=sheets)


def test_inspect_reports_ranges_formulas_merged_and_freeze(ws: Workspace) -> None:
    run(ws, "xlsx_create", path="s.xlsx", sheets=[SALES])
    wb = load_workbook(ws.root / "s.xlsx")
    wb["Sales"].merge_cells("F1:G1")
    wb["Sales"]["F1"] = "merged"
    wb.save(ws.root / "s.xlsx")
    res = run(ws, "xlsx_inspect", path="s.xlsx", max_rows=2)
    sheet = res.data["sheets"][0]
    assert sheet["used_range"] == "A1:F4" and sheet["header"][:4] == ["Region", "Q1", "Q2", "Total"]
    assert len(sheet["sample_rows"]) == 2
    assert sheet["formulas"][0] == {"cell": "D2", "formula": "=B2+C2", "cached": None}
    assert sheet["formula_count"] == 3 and sheet["formulas_with_cached_values"] == 0
    assert sheet["merged_cells"] == ["F1:G1"] and sheet["freeze_panes"] == "A2"
    assert "- Sales: A1:F4, 3 formulas (0 calculated, 0 formula errors)" in res.message


def _patch_sheet(path: Path, fn) -> None:
    with zipfile.ZipFile(path) as zf:
        entries = {i: zf.read(i) for i in zf.infolist()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for info, data in entries.items():
            if info.filename == "xl/worksheets/sheet1.xml":
                data = fn(data)
            zf.writestr(info, data)


def test_absurd_dimension_claim_is_cheap_and_reported(ws: Workspace) -> None:
    run(ws, "xlsx_create", path="big.xlsx", sheets=[{"name": "S", "rows": [[1, 2], [3, 4]]}])
    _patch_sheet(ws.root / "big.xlsx",
                 lambda d: d.replace(b"<sheetViews>", b'<dimension ref="A1:XFD1048576"/><sheetViews>', 1))
    res = run(ws, "xlsx_inspect", path="big.xlsx")
    sheet = res.data["sheets"][0]
    assert sheet["declared_dimensions"] == "A1:XFD1048576"
    assert sheet["used_range"] == "A1:B2" and sheet["sample_rows"] == [[1, 2], [3, 4]]
    assert run(ws, "xlsx_verify", path="big.xlsx").evidence[0].counts["cells"] == 4


def _uncache(path: Path) -> None:
    """As openpyxl alone would write it: formulas with no value (a workbook never calculated)."""
    import re

    _patch_sheet(path, lambda d: re.sub(rb'(<c r="[A-Z]+\d+"[^>]*?)(?: t="(?:str|e|b)")?><f>([^<]*)</f><v>[^<]*</v>',
                                        rb"\1><f>\2</f><v></v>", d))


def test_verify_cells_and_cached_errors(ws: Workspace) -> None:
    run(ws, "xlsx_create", path="v.xlsx", sheets=[SALES])
    _uncache(ws.root / "v.xlsx")
    # simulate a workbook saved by a spreadsheet app: cached results, one of them an error
    _patch_sheet(ws.root / "v.xlsx", lambda d: d.replace(b"<f>B2+C2</f><v></v>", b"<f>B2+C2</f><v>22.5</v>")
                 .replace(b"<f>B3+C3</f><v></v>", b"<f>B3+C3</f><v>17</v>")
                 .replace(b"<f>SUM(B4:C4)</f><v></v>", b'<f>SUM(B4:C4)</f><v>#REF!</v>').replace(
                     b'<c r="D4">', b'<c r="D4" t="e">'))
    res = run(ws, "xlsx_verify", path="v.xlsx",
              expect={"sheets": ["Sales"], "cells": {"Sales!D2": 22.5, "Sales!A3": "South", "Sales!D3": "=B3+C3"}})
    status = {c.name: c for c in res.evidence[0].checks}
    assert status["cells"].status == "passed"
    assert status["no formula errors"].status == "failed" and "Sales!D4 #REF!" in english(status["no formula errors"].detail)
    assert not res.ok and res.evidence[0].counts["formula_errors"] == 1
    wrong = run(ws, "xlsx_verify", path="v.xlsx", expect={"sheets": ["Costs"], "cells": {"Sales!A2": "East"}})
    st = {c.name: c.status for c in wrong.evidence[0].checks}
    assert st["sheets present"] == "failed" and st["cells"] == "failed"
    assert "Sales!A2 = “North” ≠ “East”" in wrong.message


def test_verify_uncalculated_formula_value_is_not_run(ws: Workspace) -> None:
    run(ws, "xlsx_create", path="u.xlsx", sheets=[SALES])
    _uncache(ws.root / "u.xlsx")
    res = run(ws, "xlsx_verify", path="u.xlsx", expect={"cells": {"Sales!D2": 22.5}})
    st = {c.name: c.status for c in res.evidence[0].checks}
    assert st["cells"] == "not_run" and st["no formula errors"] == "not_run"


def test_describe_create_summarises_sheets(ws: Workspace) -> None:
    card = get_command("xlsx_create").describe(ws, {"path": "s.xlsx", "sheets": [SALES]})
    assert card.summary.english() == "Create s.xlsx: 1 sheet"
    [[before, after]] = card.pairs()
    assert before == "" and english(after) == "Sheet Sales: 3 rows; columns Region, Q1, Q2, Total"
    assert shown(after, lambda m: render_plain(m, "zh_CN")) == "工作表 Sales：3 行；列 Region, Q1, Q2, Total"
    assert render_plain(card.summary, "zh_CN") == "创建 s.xlsx：1 个工作表"


def test_big_sheet_uses_streaming_and_verifies_every_cell(ws: Workspace) -> None:
    rows = [[i, f"item {i}", i * 0.5, f"=A{i + 2}*C{i + 2}"] for i in range(5000)]
    res = run(ws, "xlsx_create", path="big.xlsx", sheets=[{"name": "Data", "header": ["n", "name", "x", "y"],
                                                           "rows": rows}])
    assert res.ok or all(c.status != "failed" for c in res.evidence[0].checks)
    assert res.evidence[0].counts["cells"] == 5001 * 4
    assert {c.name: c.status for c in res.evidence[0].checks}["content matches spec"] == "passed"


def test_formula_values_are_computed_and_errors_are_real_checks(ws: Workspace, monkeypatch) -> None:
    sheet = {"name": "S", "header": ["Item", "Qty", "Price", "Line"],
             "rows": [["a", 2, 1.5, "=B2*C2"], ["b", 3, "n/a", "=B3*C3"], ["c", 0, 4, "=C4/B4"],
                      ["Total", "=SUM(B2:B4)", "=AVERAGE(C2:C4)", "=ROUND(D2+SUM(B2:B4)/3,1)&\" units\""]]}
    res = run(ws, "xlsx_create", path="e.xlsx", sheets=[sheet])
    assert not res.ok  # #VALUE! and #DIV/0! are real errors a user would see
    status = {c.name: (c.status, english(c.detail)) for c in res.evidence[0].checks}
    assert status["no formula errors"][0] == "failed"
    assert "D3 #VALUE!" in status["no formula errors"][1] and "D4 #DIV/0!" in status["no formula errors"][1]
    v = load_workbook(ws.root / "e.xlsx", data_only=True)["S"]
    assert v["D2"].value == 3 and v["B5"].value == 5 and v["C5"].value == 2.75
    assert v["D5"].value == "4.7 units"


def test_a_formula_the_engine_does_not_know_goes_to_libreoffice_or_says_not_run(ws: Workspace,
                                                                              monkeypatch) -> None:
    import skills.runtime.xlsx.cmds as xlsx_cmds

    monkeypatch.setattr(xlsx_cmds, "soffice_path", lambda: None)
    sheet = {"name": "S", "header": ["k", "v", "look"],
             "rows": [["a", 1, "=VLOOKUP(\"a\",A2:B2,2,FALSE)"], ["b", 2, "=B2+B3"]]}
    res = run(ws, "xlsx_create", path="u.xlsx", sheets=[sheet])
    status = {c.name: c.status for c in res.evidence[0].checks}
    assert status["no formula errors"] == "not_run"  # never "passed" for a formula with no value
    v = load_workbook(ws.root / "u.xlsx", data_only=True)["S"]
    assert v["C3"].value == 3 and v["C2"].value is None


def test_title_row_typed_dates_and_a_native_chart(ws: Workspace) -> None:
    sheet = {"name": "Sales", "title": "Sales 2026", "header": ["Month", "Date", "Revenue", "Share"],
             "rows": [["Jan", "2026-01-31", 1200.5, 0.25], ["Feb", "2026-02-28", 3400, 0.75],
                      ["Total", None, "=SUM(C3:C4)", "=SUM(D3:D4)"]],
             "number_formats": {"B": "yyyy-mm-dd", "C": "\"$\"#,##0.00", "D": "0%"},
             "charts": [{"type": "bar", "title": "Revenue", "categories": "A", "values": ["C"], "last_row": 4}]}
    res = run(ws, "xlsx_create", path="t.xlsx", sheets=[sheet])
    assert res.ok, res.message
    wb = load_workbook(ws.root / "t.xlsx", data_only=True)
    sh = wb["Sales"]
    assert sh["A1"].value == "Sales 2026" and sh["A1"].font.b
    assert [str(r) for r in sh.merged_cells.ranges] == ["A1:D1"]
    assert [c.value for c in sh[2]] == ["Month", "Date", "Revenue", "Share"]
    import datetime as dt
    assert sh["B3"].value == dt.datetime(2026, 1, 31) and sh["B3"].is_date
    assert sh["C5"].value == 4600.5 and sh["C5"].number_format == '"$"#,##0.00'
    assert sh["D4"].number_format == "0%"
    assert sh.freeze_panes == "A3"
    charts = sh._charts
    assert len(charts) == 1 and charts[0].tagname == "barChart"
    series = charts[0].series[0]
    assert series.val.numRef.f == "'Sales'!$C$3:$C$4" and series.tx.strRef.f.replace("$", "") == "'Sales'!C2"
    cat = series.cat.numRef or series.cat.strRef
    assert cat.f == "'Sales'!$A$3:$A$4"  # the total row is left out of the chart


def test_large_sheet_check_counts_every_cell_and_compares_a_fixed_sample(ws: Workspace) -> None:
    from openpyxl import Workbook

    from skills.runtime.xlsx._check import workbook_evidence

    spec = {"name": "S", "header": ["n", "sq"], "rows": [[i, i * i] for i in range(3000)]}
    wb = Workbook()
    sh = wb.active
    sh.title = "S"
    sh.append(spec["header"])
    for i, row in enumerate(spec["rows"]):
        sh.append(row if i != 2600 else [row[0]])  # row 2602 lost a cell, outside the all-rows part
    ws.root.mkdir(parents=True, exist_ok=True)
    wb.save(ws.root / "s.xlsx")
    ev, _ = workbook_evidence(ws, ws.root / "s.xlsx", spec=[spec])
    check = next(c for c in ev.checks if c.name == "content matches spec")
    assert check.status == "failed" and "holds 6001 cells, the request 6002" in check.detail
    res = run(ws, "xlsx_create", path="big.xlsx", sheets=[spec])
    check = next(c for c in res.evidence[0].checks if c.name == "content matches spec")
    assert check.status == "passed" and "all 6002 cells present" in check.detail


def test_hostile_formulas_are_bounded_and_never_crash(ws: Workspace, monkeypatch) -> None:
    import skills.runtime.xlsx.cmds as xlsx_cmds

    monkeypatch.setattr(xlsx_cmds, "soffice_path", lambda: None)
    chain = [[f"=A{r + 1}+1"] for r in range(1, 400)] + [[1]]  # each row refers to the next one down
    huge = [["=SUM(A2:A1048576)", "=SUM(A2:XFD1048576)", "=5/0", "=2^99999", "=B1", "=UNKNOWNFN(1)", "=A1"]]
    res = run(ws, "xlsx_create", path="h.xlsx", sheets=[{"name": "C", "rows": chain}, {"name": "H", "rows": huge}])
    status = {c.name: c.status for c in res.evidence[0].checks}
    assert status["content matches spec"] == "passed"
    v = load_workbook(ws.root / "h.xlsx", data_only=True)
    assert v["C"]["A399"].value == 2  # the end of the chain is computed
    assert v["H"]["C1"].value == "#DIV/0!" and v["H"]["D1"].value == "#NUM!"
    assert v["H"]["A1"].value == 0 and v["H"]["G1"].value == 0  # an empty range sums to 0, and so does a copy
    assert v["H"]["B1"].value is None and v["H"]["F1"].value is None  # too large / unknown: left uncomputed
    assert status["no formula errors"] == "failed"  # #DIV/0! and #NUM! are real errors
    with pytest.raises(CommandError, match="not a formula"):  # a malformed one is not written at all
        run(ws, "xlsx_create", path="bad.xlsx", sheets=[{"name": "H", "rows": [["=1+"]]}])


@pytest.mark.slow
def test_libreoffice_computes_what_the_engine_does_not_and_the_formula_text_stays(ws: Workspace) -> None:
    from skills.runtime.soffice import soffice_path

    if not soffice_path():
        pytest.skip("LibreOffice is not installed")
    sheet = {"name": "My Data", "header": ["k", "v", "look"],
             "rows": [["a", 1, '=VLOOKUP("a",A2:B3,2,FALSE)'], ["b", 2, "=IFERROR('My Data'!B2*2,0)"]]}
    res = run(ws, "xlsx_create", path="lo.xlsx", sheets=[sheet])
    assert res.ok, res.message
    status = {c.name: c.status for c in res.evidence[0].checks}
    assert status["no formula errors"] == "passed" and status["content matches spec"] == "passed"
    assert load_workbook(ws.root / "lo.xlsx")["My Data"]["C2"].value == '=VLOOKUP("a",A2:B3,2,FALSE)'
    values = load_workbook(ws.root / "lo.xlsx", data_only=True)["My Data"]
    assert values["C2"].value == 1 and values["C3"].value == 2
    assert [p.name for p in ws.root.iterdir()] == ["lo.xlsx"]  # LibreOffice's private folder is gone
