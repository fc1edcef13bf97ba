"""Generated files of the two classes that made real files slow to inspect and preview.

- A long Word document whose paragraphs hold thousands of hyperlinks and runs (CJK text, as
  Apache POI's bug65649.docx): python-docx's text properties run an XPath query per run.
- A workbook whose shared-string table is far larger than the cells that use it (POI's
  poc-shared-strings.xlsx): millions of entries with the cells pointing at the last ones, or
  one entry of hundreds of megabytes; a few kilobytes to a few hundred compressed.

Tests and the bench build them here, so neither depends on the real files.
"""
from __future__ import annotations

import zipfile
from pathlib import Path

from bench._xlsx_gen import write_package

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_HYPERLINK = f"{_REL}/hyperlink"


def write_linked_docx(path: Path, paragraphs: int = 40, links: int = 500) -> Path:
    """``paragraphs`` paragraphs of Chinese text, each with ``links`` hyperlinks between runs."""
    import docx
    from lxml import etree

    document = docx.Document()
    n = 0
    for i in range(paragraphs):
        p = document.add_paragraph(f"第{i}段：")
        chunks = []
        for k in range(links):
            rid = f"rIdLink{n}"  # named here: relate_to() looks for a free id from 1 each time
            document.part.rels.add_relationship(_HYPERLINK, f"https://example.com/{n}", rid, is_external=True)
            n += 1
            chunks.append(f'<w:hyperlink r:id="{rid}"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr>'
                          f'<w:t>链接{k}</w:t></w:r></w:hyperlink><w:r><w:t>中文说明文字</w:t></w:r>')
        holder = etree.fromstring(f'<w:p xmlns:w="{_W}" xmlns:r="{_REL}">{"".join(chunks)}</w:p>')
        for child in list(holder):
            p._p.append(child)
    document.save(str(path))
    return path


def write_string_bomb_xlsx(path: Path, kind: str = "many", entries: int = 3_000_000,
                           length: int = 200_000_000) -> Path:
    """A two-row sheet whose shared strings are a bomb: ``kind`` "many" (``entries`` entries, the
    cells use the last three) or "long" (the cell A2 uses one entry ``length`` characters long)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        write_package(z, styles=False)
        with z.open("xl/sharedStrings.xml", "w", force_zip64=True) as out:
            count = entries if kind == "many" else 3
            out.write(f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{_MAIN}" count="{count}" '
                      f'uniqueCount="{count}">'.encode())
            if kind == "many":
                block = b"<si><t>s</t></si>" * 10_000
                for _ in range((entries - 3) // 10_000):
                    out.write(block)
                out.write(b"<si><t>s</t></si>" * ((entries - 3) % 10_000))
                out.write(b"<si><t>Name</t></si><si><t>Total</t></si><si><t>North</t></si>")
            else:
                out.write(b"<si><t>Name</t></si><si><t>Total</t></si><si><t>")
                chunk = b"A" * 1_000_000
                for _ in range(length // len(chunk)):
                    out.write(chunk)
                out.write(b"</t></si>")
            out.write(b"</sst>")
        first = entries - 3 if kind == "many" else 0
        z.writestr("xl/worksheets/sheet1.xml", (
            f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{_MAIN}"><dimension ref="A1:B2"/><sheetData>'
            f'<row r="1"><c r="A1" t="s"><v>{first}</v></c><c r="B1" t="s"><v>{first + 1}</v></c></row>'
            f'<row r="2"><c r="A2" t="s"><v>{first + 2}</v></c><c r="B2"><v>42</v></c></row>'
            '</sheetData></worksheet>'))
    return path
