"""A pivot table's source grows with rows appended inside its data, and the pivot is rebuilt when opened."""
from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from skills.runtime import Workspace, get_command

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml."
ROWS = [("East", 10), ("West", 20), ("East", 5), ("West", 7)]


def _cache(ref: str) -> str:
    return (f'<pivotCacheDefinition xmlns="{_MAIN}" xmlns:r="{_REL}" r:id="rId1" refreshedBy="Ada" '
            f'refreshedDate="46000.5" createdVersion="6" refreshedVersion="6" minRefreshableVersion="3" '
            f'recordCount="{len(ROWS)}"><cacheSource type="worksheet"><worksheetSource ref="{ref}" sheet="Data"/>'
            '</cacheSource><cacheFields count="2"><cacheField name="Region" numFmtId="0"><sharedItems count="2">'
            '<s v="East"/><s v="West"/></sharedItems></cacheField><cacheField name="Amount" numFmtId="0">'
            '<sharedItems containsSemiMixedTypes="0" containsString="0" containsNumber="1" containsInteger="1" '
            'minValue="5" maxValue="20"/></cacheField></cacheFields></pivotCacheDefinition>')


def _records() -> str:
    rows = "".join(f'<r><x v="{0 if region == "East" else 1}"/><n v="{n}"/></r>' for region, n in ROWS)
    return f'<pivotCacheRecords xmlns="{_MAIN}" xmlns:r="{_REL}" count="{len(ROWS)}">{rows}</pivotCacheRecords>'


_TABLE = (f'<pivotTableDefinition xmlns="{_MAIN}" name="Sales by region" cacheId="7" applyNumberFormats="0" '
          'applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" '
          'applyWidthHeightFormats="1" dataCaption="Values" updatedVersion="6" minRefreshableVersion="3" '
          'useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" indent="0" outline="1" outlineData="1" '
          'multipleFieldFilters="0"><location ref="A3:B6" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/>'
          '<pivotFields count="2"><pivotField axis="axisRow" showAll="0"><items count="3"><item x="0"/>'
          '<item x="1"/><item t="default"/></items></pivotField><pivotField dataField="1" showAll="0"/>'
          '</pivotFields><rowFields count="1"><field x="0"/></rowFields><rowItems count="3"><i><x/></i>'
          '<i><x v="1"/></i><i t="grand"><x/></i></rowItems><colItems count="1"><i/></colItems>'
          '<dataFields count="1"><dataField name="Sum of Amount" fld="1" baseField="0" baseItem="0"/></dataFields>'
          '<pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" showColHeaders="1" showRowStripes="0" '
          'showColStripes="0" showLastColumn="1"/></pivotTableDefinition>')


def _rels(*items: tuple[str, str, str]) -> str:
    body = "".join(f'<Relationship Id="{i}" Type="{_REL}/{t}" Target="{target}"/>' for i, t, target in items)
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="{_PKG}">{body}</Relationships>'


def pivot_book(path: Path, source: str = "A1:B5") -> None:
    """A workbook with a pivot table stored as Excel stores one: a cache definition with its records, read from
    a range of the Data sheet, and the pivot table on the Pivot sheet; a totals row under the data."""
    wb = Workbook()
    sh = wb.active
    sh.title = "Data"
    sh.append(["Region", "Amount"])
    for row in ROWS:
        sh.append(list(row))
    sh.append(["Total", "=SUM(B2:B5)"])
    wb.create_sheet("Pivot")["A1"] = "Sales by region"
    plain = path.with_suffix(".plain.xlsx")
    wb.save(plain)
    with zipfile.ZipFile(plain) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info).decode("utf-8")
            if info.filename == "[Content_Types].xml":
                data = data.replace("</Types>", "".join(
                    f'<Override PartName="{part}" ContentType="{_CT}{kind}+xml"/>' for part, kind in (
                        ("/xl/pivotCache/pivotCacheDefinition1.xml", "pivotCacheDefinition"),
                        ("/xl/pivotCache/pivotCacheRecords1.xml", "pivotCacheRecords"),
                        ("/xl/pivotTables/pivotTable1.xml", "pivotTable"))) + "</Types>")
            elif info.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace("</Relationships>", f'<Relationship Id="rIdPivot" Type="{_REL}/pivotCacheDefinition" '
                                    'Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>')
            elif info.filename == "xl/workbook.xml":
                data = re.sub(r"(<calcPr[^>]*/>)", rf'\1<pivotCaches><pivotCache xmlns:r="{_REL}" cacheId="7" '
                              r'r:id="rIdPivot"/></pivotCaches>', data)
                assert "<pivotCaches>" in data
            zout.writestr(info, data)
        zout.writestr("xl/worksheets/_rels/sheet2.xml.rels",
                      _rels(("rId1", "pivotTable", "../pivotTables/pivotTable1.xml")))
        zout.writestr("xl/pivotTables/pivotTable1.xml", _TABLE)
        zout.writestr("xl/pivotTables/_rels/pivotTable1.xml.rels",
                      _rels(("rId1", "pivotCacheDefinition", "../pivotCache/pivotCacheDefinition1.xml")))
        zout.writestr("xl/pivotCache/pivotCacheDefinition1.xml", _cache(source))
        zout.writestr("xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels",
                      _rels(("rId1", "pivotCacheRecords", "pivotCacheRecords1.xml")))
        zout.writestr("xl/pivotCache/pivotCacheRecords1.xml", _records())
    plain.unlink()


def _cache_xml(path: Path) -> str:
    with zipfile.ZipFile(path) as zf:
        names = [n for n in zf.namelist() if re.fullmatch(r"xl/pivotCache/pivotCacheDefinition\d+\.xml", n)]
        assert len(names) == 1, zf.namelist()
        return zf.read(names[0]).decode("utf-8")


def test_the_test_workbook_holds_its_pivot_as_excel_stores_it(tmp_path: Path) -> None:
    pivot_book(tmp_path / "p.xlsx")
    pivots = load_workbook(tmp_path / "p.xlsx")["Pivot"]._pivots
    assert len(pivots) == 1 and pivots[0].name == "Sales by region"
    assert pivots[0].cache.cacheSource.worksheetSource.ref == "A1:B5" and not pivots[0].cache.refreshOnLoad


def test_rows_appended_inside_the_data_grow_the_pivot_source_and_the_pivot_is_rebuilt_on_opening(
        tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    pivot_book(ws.root / "p.xlsx")
    res = get_command("xlsx_edit").run(ws, {"path": "p.xlsx", "operations": [
        {"op": "append_rows", "sheet": "Data", "rows": [["North", 3], ["East", 4]]}]})
    assert res.ok, res.message
    wb = load_workbook(ws.root / "p.xlsx")
    assert [wb["Data"].cell(row=r, column=1).value for r in range(6, 9)] == ["North", "East", "Total"]
    (pivot,) = wb["Pivot"]._pivots
    source = pivot.cache.cacheSource.worksheetSource
    assert (source.sheet, source.ref) == ("Data", "A1:B7") and pivot.cache.refreshOnLoad
    assert pivot.location.ref == "A3:B6"  # on its own sheet: not moved
    xml = _cache_xml(ws.root / "p.xlsx")
    assert re.search(r'<worksheetSource[^>]*ref="A1:B7"', xml) and re.search(r'refreshOnLoad="(1|true)"', xml)
    assert res.data["changes"][-1][1] == "These now include the new rows: 1 formula, 1 pivot table"


def test_a_pivot_over_other_rows_or_columns_is_left_as_it_was(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "task")
    pivot_book(ws.root / "p.xlsx", source="A1:A3")  # ends above the new rows: not the data the rows join
    res = get_command("xlsx_edit").run(ws, {"path": "p.xlsx", "operations": [
        {"op": "append_rows", "sheet": "Data", "rows": [["North", 3]]}]})
    assert res.ok, res.message
    (pivot,) = load_workbook(ws.root / "p.xlsx")["Pivot"]._pivots
    assert pivot.cache.cacheSource.worksheetSource.ref == "A1:A3" and not pivot.cache.refreshOnLoad


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_the_edited_pivot_workbook_with_its_pivot(tmp_path: Path) -> None:
    from skills.runtime.soffice import convert

    ws = Workspace(tmp_path / "task")
    pivot_book(ws.root / "p.xlsx")
    assert get_command("xlsx_edit").run(ws, {"path": "p.xlsx", "operations": [
        {"op": "append_rows", "sheet": "Data", "rows": [["North", 3]]}]}).ok
    produced = convert(ws.root / "p.xlsx", tmp_path / "lo", "xlsx:Calc MS Excel 2007 XML")
    wb = load_workbook(produced)
    (pivot,) = wb["Pivot"]._pivots
    assert pivot.cache.cacheSource.worksheetSource.ref == "A1:B6"  # LibreOffice read the grown source
    assert '<s v="North"/>' in _cache_xml(produced)  # and rebuilt the cache from the cells
