"""A workbook saved the way Excel saves one: a declared size and a shared-string table.

openpyxl writes inline strings, so it cannot make the file whose shared strings made the
preview and inspect slow; this writes the parts directly, streaming, for any row count.
"""
from __future__ import annotations

import zipfile
from pathlib import Path

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"
REGIONS = ("North", "South", "East")


def write_package(z: zipfile.ZipFile, styles: bool = True) -> None:
    """The parts around one sheet "Data" with shared strings: content types, relationships, workbook
    (and the styles part's entries when ``styles``; the caller writes the sheet, strings and styles)."""
    style_type = f'<Override PartName="/xl/styles.xml" ContentType="{_CT}.styles+xml"/>' if styles else ""
    style_rel = f'<Relationship Id="rId2" Type="{_REL}/styles" Target="styles.xml"/>' if styles else ""
    z.writestr("[Content_Types].xml", (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{_CT}.sheet.main+xml"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{_CT}.worksheet+xml"/>{style_type}'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{_CT}.sharedStrings+xml"/></Types>'))
    z.writestr("_rels/.rels", (
        f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{_PKG}"><Relationship Id="rId1" '
        f'Type="{_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>'))
    z.writestr("xl/workbook.xml", (
        f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{_MAIN}" xmlns:r="{_REL}"><sheets>'
        '<sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>'))
    z.writestr("xl/_rels/workbook.xml.rels", (
        f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{_PKG}">'
        f'<Relationship Id="rId1" Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/>{style_rel}'
        f'<Relationship Id="rId3" Type="{_REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'))


def write_shared_strings_xlsx(path: Path, rows: int) -> Path:
    """Sheet "Data": a header, then ``rows - 1`` rows of (number, unique name, one of three regions)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        write_package(z)
        z.writestr("xl/styles.xml", (
            f'<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="{_MAIN}"><fonts count="1"><font><sz val="11"/>'
            '<name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill>'
            '</fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>'
            '<cellXfs count="1"><xf xfId="0"/></cellXfs></styleSheet>'))
        # string ids: 0..2 header, 3..5 regions, then one name per data row, in order of first use
        with z.open("xl/sharedStrings.xml", "w", force_zip64=True) as out:
            out.write(f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{_MAIN}" count="{rows * 2}" '
                      f'uniqueCount="{rows + 5}">'.encode())
            head = ["Row", "Name", "Region", *REGIONS]
            out.write("".join(f"<si><t>{s}</t></si>" for s in head).encode())
            for start in range(1, rows, 10_000):
                out.write("".join(f"<si><t>customer {i}</t></si>" for i in range(start, min(start + 10_000, rows)))
                          .encode())
            out.write(b"</sst>")
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as out:
            out.write(f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{_MAIN}"><dimension ref="A1:C{rows}"/>'
                      '<cols><col min="2" max="2" width="24" customWidth="1"/></cols><sheetData>'
                      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>'
                      '</row>'.encode())
            for start in range(1, rows, 10_000):
                out.write("".join(
                    f'<row r="{i + 1}"><c r="A{i + 1}"><v>{i}</v></c><c r="B{i + 1}" t="s"><v>{i + 5}</v></c>'
                    f'<c r="C{i + 1}" t="s"><v>{3 + i % 3}</v></c></row>'
                    for i in range(start, min(start + 10_000, rows))).encode())
            out.write(b"</sheetData></worksheet>")
    return path
