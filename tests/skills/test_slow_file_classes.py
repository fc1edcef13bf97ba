"""The two classes of real files that took 10-20 s to inspect or preview, built here:

- a long Word document with thousands of hyperlinks and runs: its outline's text is read in one
  pass per paragraph (python-docx's text runs an XPath query per run), and equals python-docx's;
- a workbook whose shared-string table is far larger than the cells that use it: plain entries are
  taken in bulk, the rest through lxml, with the same text; an entry past the stated bound is
  refused in words.

Speed is measured as processor time against the library's own way in the same test."""
from __future__ import annotations

import time
import zipfile
from pathlib import Path

import docx
import pytest

from skills.runtime import CommandError
from bench._slow_files import write_linked_docx, write_string_bomb_xlsx
from skills.runtime.docx._text import cell_text, paragraph_text
from skills.runtime.xlsx._strings import MAX_STRING_CHARS, LazyStrings, StringTooLong
from skills.runtime.file_inspect import inspect, inspect_here

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _cpu(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def test_paragraph_and_cell_text_equal_python_docx(tmp_path: Path) -> None:
    document = docx.Document()
    p = document.add_paragraph("Tab\there, ")
    p.add_run("line\nbreak").bold = True
    run = p.add_run("cr")
    run._r.append(run._r.makeelement(f"{{{W}}}cr", {}))
    run._r.append(run._r.makeelement(f"{{{W}}}noBreakHyphen", {}))
    page = run._r.makeelement(f"{{{W}}}br", {f"{{{W}}}type": "page"})
    run._r.append(page)
    inserted = p._p.makeelement(f"{{{W}}}ins", {})  # python-docx does not read tracked insertions
    inserted.append(p.add_run("inserted")._r)
    p._p.append(inserted)
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "一\n二"
    table.cell(1, 0).merge(table.cell(1, 1)).text = "merged"
    path = tmp_path / "mixed.docx"
    document.save(path)
    write_linked_docx(tmp_path / "links.docx", paragraphs=3, links=20)
    for name in ("mixed.docx", "links.docx"):
        reopened = docx.Document(tmp_path / name)
        assert [paragraph_text(p._p) for p in reopened.paragraphs] == [p.text for p in reopened.paragraphs]
        for t in reopened.tables:
            assert [[cell_text(c._tc) for c in row.cells] for row in t.rows] == \
                   [[c.text for c in row.cells] for row in t.rows]


@pytest.mark.slow
def test_a_document_with_thousands_of_links_outlines_faster_than_python_docx_reads_its_text(tmp_path: Path) -> None:
    path = write_linked_docx(tmp_path / "links.docx", paragraphs=40, links=500)  # 20,000 links
    document = docx.Document(path)
    baseline = _cpu(lambda: [p.text for p in document.paragraphs])  # the library's text alone
    message = ""

    def outline() -> None:
        nonlocal message
        message = inspect_here(str(path), {})[0]

    inspect_here(str(write_linked_docx(tmp_path / "small.docx", paragraphs=1, links=1)), {})  # imports are not the file's cost
    ours = _cpu(outline)  # opening the file, styles, outline and all
    assert "40 paragraphs" in message
    assert ours < baseline, f"outline {ours:.2f} s of processor time, python-docx's text alone {baseline:.2f} s"


def _table(tmp_path: Path, sst: str, name: str) -> Path:
    path = tmp_path / name
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("xl/sharedStrings.xml", sst)
    return path


ENTRIES = ('<si><t>plain</t></si><si><t xml:space="preserve">  spaced  </t></si><si/><si><t/></si>'
           '<si><t>a &amp; b &lt;c&gt; &#x4E2D;&#25991;</t></si><si><t>two\r\nlines</t></si>'
           '<si><r><rPr><b/></rPr><t>rich </t></r><r><t>text</t></r></si>'
           '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>'
           '<si>\n  <t>pretty</t>\n</si><si><t>中文 last</t></si>')
EXPECTED = ["plain", "  spaced  ", "", "", "a & b <c> 中文", "two\nlines", "rich text", "東京", "pretty", "中文 last"]


@pytest.mark.parametrize("prefix", ["", "x:"], ids=["bulk", "lxml"])
def test_shared_strings_read_the_same_in_bulk_and_through_lxml(tmp_path: Path, prefix: str) -> None:
    entries = ENTRIES.replace("<si", f"<{prefix}si").replace("</si", f"</{prefix}si") \
        .replace("<t", f"<{prefix}t").replace("</t", f"</{prefix}t").replace("<r>", f"<{prefix}r>") \
        .replace("</r>", f"</{prefix}r>").replace("<rPh", f"<{prefix}rPh").replace("</rPh", f"</{prefix}rPh") \
        .replace("<rPr><b/></rPr>", f"<{prefix}rPr><{prefix}b/></{prefix}rPr>")
    ns = f'xmlns{":x" if prefix else ""}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    sst = f'<?xml version="1.0" encoding="UTF-8"?><{prefix}sst {ns} count="10">{entries}</{prefix}sst>'
    with zipfile.ZipFile(_table(tmp_path, sst, "t.xlsx")) as archive:
        strings = LazyStrings(archive, "/xl/sharedStrings.xml")
        assert strings[1] == EXPECTED[1] and len(strings) >= 2
        assert [strings[i] for i in range(len(EXPECTED))] == EXPECTED
        with pytest.raises(IndexError):
            strings[len(EXPECTED)]


@pytest.mark.slow
def test_a_shared_strings_bomb_is_read_to_its_last_entries_quickly(tmp_path: Path) -> None:
    path = write_string_bomb_xlsx(tmp_path / "bomb.xlsx", "many", entries=1_000_000)
    assert path.stat().st_size < 100_000
    with zipfile.ZipFile(path) as archive:
        bulk = LazyStrings(archive, "xl/sharedStrings.xml")
        ours = _cpu(lambda: bulk[999_999])
        assert bulk[999_997] == "Name" and bulk[999_999] == "North"
        parsed = LazyStrings(archive, "xl/sharedStrings.xml")
        parsed._bulk_allowed = False  # the same table read entry by entry through lxml
        baseline = _cpu(lambda: parsed[999_999])
        assert parsed[999_997] == "Name"
        bulk.close()
        parsed.close()  # not read to its end: its stream is still open
    assert ours * 3 < baseline, f"bulk {ours:.2f} s, lxml {baseline:.2f} s of processor time"
    message, _ = inspect(path)
    assert "Name" in message or "Data" in message


def test_a_shared_string_past_the_bound_is_refused_in_words(tmp_path: Path) -> None:
    path = write_string_bomb_xlsx(tmp_path / "long.xlsx", "long", length=MAX_STRING_CHARS + 2_000_000)
    with zipfile.ZipFile(path) as archive:
        strings = LazyStrings(archive, "xl/sharedStrings.xml")
        assert strings[0] == "Name"
        with pytest.raises(StringTooLong) as refused:
            strings[2]
    assert refused.value.msg is not None and refused.value.msg.id == "problem.string_too_long"
    assert "10,000,000 characters" in str(refused.value)
    with pytest.raises(CommandError) as said:  # from the worker: the same words and message id
        inspect(path)
    assert said.value.msg is not None and said.value.msg.id == "problem.string_too_long"
