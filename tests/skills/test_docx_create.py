"""docx_create / docx_inspect / docx_verify: real files a user would open."""
from __future__ import annotations

from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn
from hostile import png_with_size, small_png

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.workspace import sha256_file


def _spec(ws: Workspace, **extra: object) -> dict:
    small_png(ws.root / "chart.png")
    return {
        "path": "report.docx",
        "title": "Quarterly report",
        "header": "ACME Ltd.",
        "footer": "Confidential",
        "blocks": [
            {"type": "heading", "text": "Summary", "level": 1},
            {"type": "paragraph", "text": "Revenue grew 12% year on year."},
            {"type": "paragraph", "runs": [{"text": "Note: ", "bold": True},
                                            {"text": "unaudited", "italic": True},
                                            {"text": " source", "link": "https://example.com/q3"}]},
            {"type": "bullets", "items": ["North up", {"text": "Mostly cities", "level": 1}]},
            {"type": "numbered", "items": ["Plan", "Build"]},
            {"type": "numbered", "items": ["Again"]},
            {"type": "table", "header": ["Region", "Sales"], "rows": [["North", 120], ["South", 95.5]]},
            {"type": "image", "path": "chart.png", "width_cm": 8, "caption": "Figure 1. Sales"},
            {"type": "page_break"},
            {"type": "heading", "text": "Details", "level": 2},
        ],
        **extra,
    }


def test_create_writes_a_real_document(ws: Workspace) -> None:
    result = get_command("docx_create").run(ws, _spec(ws))
    assert result.ok, result.message
    path = ws.root / "report.docx"
    art, ev = result.artifacts[0], result.evidence[0]
    assert (art.path, art.kind, art.bytes, art.sha256) == ("report.docx", "docx", path.stat().st_size,
                                                           sha256_file(path))
    assert ev.passed and {c.name for c in ev.checks} >= {"opens", "headings_present", "text_present",
                                                         "tables_count", "images_count", "title"}
    doc = docx.Document(str(path))
    styles = [(p.style.name, p.text) for p in doc.paragraphs]
    assert ("Title", "Quarterly report") in styles
    assert ("Heading 1", "Summary") in styles and ("Heading 2", "Details") in styles
    assert ("List Bullet", "North up") in styles and ("List Bullet 2", "Mostly cities") in styles
    assert doc.core_properties.title == "Quarterly report"
    para = next(p for p in doc.paragraphs if p.text.startswith("Note:"))
    assert para.runs[0].bold and para.runs[1].italic
    assert "https://example.com/q3" in [r.target_ref for r in doc.part.rels.values() if r.is_external]
    table = doc.tables[0]
    assert [c.text for c in table.rows[0].cells] == ["Region", "Sales"]
    assert [c.text for c in table.rows[2].cells] == ["South", "95.5"]
    assert table.rows[0].cells[0].paragraphs[0].runs[0].bold
    assert len(doc.inline_shapes) == 1 and abs(doc.inline_shapes[0].width.cm - 8) < 0.01
    assert doc.sections[0].header.paragraphs[0].text == "ACME Ltd."
    assert doc.sections[0].footer.paragraphs[0].text == "Confidential"
    # The second numbered list restarts at 1: it has its own numbering instance.
    num_ids = [p._p.pPr.numPr.numId.val for p in doc.paragraphs if p.style.name == "List Number"]
    assert num_ids[0] == num_ids[1] != num_ids[2]
    assert len(doc.element.body.xpath(".//w:br[@w:type='page']")) == 1


def test_chinese_text_round_trips_with_east_asian_font(ws: Workspace) -> None:
    spec = {"path": "中文报告.docx", "title": "季度报告",
            "blocks": [{"type": "heading", "text": "概述", "level": 1},
                       {"type": "paragraph", "text": "本季度收入增长百分之十二。"},
                       {"type": "table", "header": ["地区", "销售额"], "rows": [["华北", 120]]}]}
    result = get_command("docx_create").run(ws, spec)
    assert result.ok, result.message
    doc = docx.Document(str(ws.root / "中文报告.docx"))
    assert "本季度收入增长百分之十二。" in [p.text for p in doc.paragraphs]
    normal_fonts = doc.styles["Normal"].element.rPr.find(qn("w:rFonts"))
    assert normal_fonts.get(qn("w:eastAsia")) == "Noto Sans CJK SC"
    # No style may leave East Asian text to a theme font (that is where tofu comes from).
    assert not doc.styles.element.xpath(".//w:rFonts[@w:eastAsiaTheme]")
    run = next(p for p in doc.paragraphs if p.text.startswith("本季度")).runs[0]
    assert run._r.rPr.find(qn("w:rFonts")).get(qn("w:eastAsia")) == "Noto Sans CJK SC"
    import zipfile

    with zipfile.ZipFile(ws.root / "中文报告.docx") as zf:
        font_table = zf.read("word/fontTable.xml").decode()
    # Word on a machine without Noto substitutes the declared Windows CJK font.
    assert '<w:font w:name="Noto Sans CJK SC"><w:altName w:val="Microsoft YaHei"/>' in font_table
    inspect = get_command("docx_inspect").run(ws, {"path": "中文报告.docx"})
    assert inspect.data["headings"] == [{"level": 1, "text": "概述"}]
    assert inspect.data["words"] >= 13  # CJK characters count as words


def test_inspect_outline(ws: Workspace) -> None:
    get_command("docx_create").run(ws, _spec(ws))
    result = get_command("docx_inspect").run(ws, {"path": "report.docx"})
    data = result.data
    assert data["headings"] == [{"level": 1, "text": "Summary"}, {"level": 2, "text": "Details"}]
    assert data["tables"] == [{"rows": 3, "cols": 2, "header": ["Region", "Sales"]}]
    assert [(lst["type"], lst["items"]) for lst in data["lists"]] == [("bullets", 2), ("numbered", 2),
                                                                     ("numbered", 1)]
    assert data["images"] == 1 and data["sections"] == 1
    assert (data["header"], data["footer"]) == ("ACME Ltd.", "Confidential")
    assert "# Summary" in result.message and "Region | Sales" in result.message


def test_verify_reports_failures_from_the_file(ws: Workspace) -> None:
    get_command("docx_create").run(ws, _spec(ws))
    verify = get_command("docx_verify")
    good = verify.run(ws, {"path": "report.docx", "expect": {"headings": ["Summary"], "tables": 1,
                                                             "text": ["revenue grew 12%"], "images": 1}})
    assert good.ok and good.evidence[0].passed
    bad = verify.run(ws, {"path": "report.docx", "expect": {"headings": ["Conclusion"], "tables": 3}})
    assert not bad.ok and not bad.evidence[0].passed
    failed = {c.name for c in bad.evidence[0].checks if c.status == "failed"}
    assert failed == {"headings_present", "tables_count"}
    assert "Conclusion" in bad.message


def test_overwrite_is_refused_unless_asked(ws: Workspace) -> None:
    create = get_command("docx_create")
    create.run(ws, _spec(ws))
    before = sha256_file(ws.root / "report.docx")
    with pytest.raises(CommandError, match="already exists"):
        create.run(ws, _spec(ws))
    assert sha256_file(ws.root / "report.docx") == before
    card = create.describe(ws, {**_spec(ws), "overwrite": True})
    assert card.summary.english().startswith("Replace") and "Summary" in card.changes[0].before
    result = create.run(ws, {"path": "report.docx", "overwrite": True,
                             "blocks": [{"type": "paragraph", "text": "short"}]})
    assert result.ok and docx.Document(str(ws.root / "report.docx")).paragraphs[0].text == "short"


def test_describe_for_a_new_file(ws: Workspace) -> None:
    card = get_command("docx_create").describe(ws, _spec(ws))
    assert card.summary.english().startswith("Create report.docx: 2 headings")
    assert card.pairs() == [["", "Summary\nDetails"]]
    assert not (ws.root / "report.docx").exists()


@pytest.mark.parametrize(("blocks", "field"), [
    ([{"type": "heading", "text": "x", "level": 9}], "blocks[0].level"),
    ([{"type": "table", "header": ["a", "b"], "rows": [["1"]]}], "blocks[0].rows[0]"),
    ([{"type": "paragraph"}], "blocks[0]"),
    ([{"type": "bullets", "items": ["ok", {"txt": "typo"}]}], "blocks[0].items[1]"),
    ([{"type": "paragraph", "text": "x", "colour": "red"}], "blocks[0]"),
    ([{"type": "image", "path": "../outside.png"}], "blocks[0].path"),
    ([{"type": "image", "path": "missing.png"}], "blocks[0].path"),
    ([{"type": "paragraph", "runs": [{"text": "x", "link": "javascript:alert(1)"}]}], "blocks[0].runs[0].link"),
])
def test_bad_blocks_name_the_field(ws: Workspace, blocks: list, field: str) -> None:
    with pytest.raises(CommandError) as err:
        get_command("docx_create").run(ws, {"path": "x.docx", "blocks": blocks})
    assert field in str(err.value)
    assert not (ws.root / "x.docx").exists()


@pytest.mark.parametrize(("path", "match"), [("../x.docx", r"\.\."), ("/tmp/x.docx", "absolute"),
                                             ("x.txt", "must end with .docx")])
def test_bad_paths_are_refused(ws: Workspace, path: str, match: str) -> None:
    with pytest.raises(CommandError, match=match):
        get_command("docx_create").run(ws, {"path": path, "blocks": []})


def test_absurd_image_dimensions_are_refused(ws: Workspace) -> None:
    png_with_size(ws.root / "huge.png", 100_000, 100_000)
    with pytest.raises(CommandError, match="absurd dimensions"):
        get_command("docx_create").run(ws, {"path": "x.docx",
                                            "blocks": [{"type": "image", "path": "huge.png"}]})
    (ws.root / "fake.png").write_bytes(b"not an image at all")
    with pytest.raises(CommandError, match="not a readable"):
        get_command("docx_create").run(ws, {"path": "x.docx",
                                            "blocks": [{"type": "image", "path": "fake.png"}]})


def test_symlinked_output_folder_is_refused(ws: Workspace, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (ws.root / "out").symlink_to(outside, target_is_directory=True)
    with pytest.raises(CommandError, match="symlink"):
        get_command("docx_create").run(ws, {"path": "out/r.docx", "blocks": []})
    assert list(outside.iterdir()) == []


def test_control_characters_from_a_model_are_dropped_not_fatal(ws: Workspace) -> None:
    blocks = [{"type": "heading", "text": "Bad\x00 heading\x0b", "level": 1},
              {"type": "paragraph", "text": "tab\there, bell\x07 gone"}]
    for name, path in (("docx_create", "c.docx"), ("pdf_create", "c.pdf")):
        result = get_command(name).run(ws, {"path": path, "blocks": blocks})
        assert result.ok, result.message
    doc = docx.Document(str(ws.root / "c.docx"))
    assert [p.text for p in doc.paragraphs] == ["Bad heading", "tab\there, bell gone"]


@pytest.mark.parametrize(("env", "paper"), [
    ({"LANG": "zh_CN.UTF-8"}, "a4"), ({"LANG": "de_DE.UTF-8"}, "a4"), ({"LANG": "C.UTF-8"}, "a4"),
    ({"LANG": "en_US.UTF-8"}, "letter"), ({"LANG": "de_DE.UTF-8", "LC_PAPER": "en_CA.UTF-8"}, "letter"),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "a4"), ({"LANG": "en_US.UTF-8", "MIRA_PAPER": "a4"}, "a4"),
])
def test_a_new_document_and_pdf_are_on_the_users_paper(ws: Workspace, monkeypatch: pytest.MonkeyPatch,
                                                       env: dict[str, str], paper: str) -> None:
    """A4 (210 × 297 mm) in China, Germany or a locale without a country, US Letter (8.5 × 11 in) in the
    United States and Canada, as the system's paper setting (LC_PAPER, overridden by LC_ALL) says; the Word
    file and the PDF agree. python-docx's template made every Word file Letter and the PDF was always A4."""
    import pymupdf

    for name in ("MIRA_PAPER", "LC_ALL", "LC_PAPER", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    blocks = [{"type": "paragraph", "text": "Hello"}]
    assert get_command("docx_create").run(ws, {"path": "a.docx", "blocks": blocks}).ok
    assert get_command("pdf_create").run(ws, {"path": "a.pdf", "blocks": blocks}).ok
    section = docx.Document(str(ws.root / "a.docx")).sections[0]
    with pymupdf.open(ws.root / "a.pdf") as pdf:
        page = pdf[0].rect
    expected = (595.3, 841.9) if paper == "a4" else (612.0, 792.0)
    assert (round(section.page_width.pt, 1), round(section.page_height.pt, 1)) == pytest.approx(expected, abs=0.5)
    assert (page.width, page.height) == pytest.approx(expected, abs=0.5)
