"""pdf_create / inspect / verify / merge / split on real PDFs read back with PyMuPDF."""
from __future__ import annotations

import pymupdf
import pytest
from hostile import encrypted_pdf, small_png

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.workspace import sha256_file


def _spec(ws: Workspace) -> dict:
    small_png(ws.root / "chart.png", 120, 80)
    return {
        "path": "brief.pdf", "title": "Project brief", "header": "ACME Ltd.", "footer": "Internal",
        "blocks": [
            {"type": "heading", "text": "Goals", "level": 1},
            {"type": "paragraph", "text": "Ship the beta by March with three pilot customers."},
            {"type": "paragraph", "runs": [{"text": "Owner: ", "bold": True}, {"text": "Li Wei"},
                                           {"text": " plan", "link": "https://example.com/plan"}]},
            {"type": "bullets", "items": ["Scope", {"text": "Detail", "level": 1}]},
            {"type": "numbered", "items": ["Design", "Build"]},
            {"type": "table", "header": ["Milestone", "Date"], "rows": [["Beta", "2025-03-01"], ["GA", "2025-06-01"]]},
            {"type": "image", "path": "chart.png", "width_cm": 6, "caption": "Figure 1"},
            {"type": "page_break"},
            {"type": "heading", "text": "中文部分", "level": 1},
            {"type": "paragraph", "text": "这是可以搜索的中文文本。"},
        ],
    }


def test_create_pdf_with_real_text_tables_images(ws: Workspace) -> None:
    result = get_command("pdf_create").run(ws, _spec(ws))
    assert result.ok, result.message
    ev = result.evidence[0]
    assert ev.passed and ev.counts["pages"] == 2 and ev.counts["tables"] >= 1 and ev.counts["images"] == 1
    path = ws.root / "brief.pdf"
    assert result.artifacts[0].sha256 == sha256_file(path)
    doc = pymupdf.open(str(path))
    assert doc.page_count == 2 and doc.metadata["title"] == "Project brief"
    first = doc[0].get_text()
    assert "Ship the beta by March" in " ".join(first.split())
    assert doc[0].search_for("pilot customers")  # selectable, searchable text
    assert "ACME Ltd." in first and "Internal — 1 / 2" in first
    table = doc[0].find_tables().tables[0].extract()
    assert table[0] == ["Milestone", "Date"] and table[2] == ["GA", "2025-06-01"]
    assert len(doc[0].get_images()) == 1
    assert {link["uri"] for link in doc[0].get_links()} == {"https://example.com/plan"}
    # Chinese: extracted as text (not tofu, not outlines) with an embedded CJK font.
    second = doc[1].get_text()
    assert "这是可以搜索的中文文本。" in second and doc[1].search_for("中文文本")
    fonts = doc[1].get_fonts()
    assert fonts and all(f[1] != "n/a" for f in fonts)
    assert any("Fallback" in f[3] or "CJK" in f[3] for f in fonts)
    assert path.stat().st_size < 400_000  # CJK font subset, not the whole font


def test_inspect_and_verify(ws: Workspace) -> None:
    get_command("pdf_create").run(ws, _spec(ws))
    info = get_command("pdf_inspect").run(ws, {"path": "brief.pdf", "pages": [2]})
    assert info.data["pages"] == 2 and info.data["page_sizes"] == {"A4 portrait": 2}
    assert [p["page"] for p in info.data["page_details"]] == [2]
    assert "中文部分" in info.data["page_details"][0]["text"]
    assert info.data["metadata"]["title"] == "Project brief" and info.data["encrypted"] is False
    default = get_command("pdf_inspect").run(ws, {"path": "brief.pdf"})
    assert default.data["page_details"][0]["tables"][0]["header"] == ["Milestone", "Date"]
    with pytest.raises(CommandError, match="out of range"):
        get_command("pdf_inspect").run(ws, {"path": "brief.pdf", "pages": [9]})
    verify = get_command("pdf_verify")
    assert verify.run(ws, {"path": "brief.pdf", "expect": {"text": ["three pilot customers"], "pages": 2,
                                                           "tables": 1}}).ok
    bad = verify.run(ws, {"path": "brief.pdf", "expect": {"text": ["not there"], "pages": 5}})
    assert not bad.ok
    assert {c.name for c in bad.evidence[0].checks if c.status == "failed"} == {"text_present", "pages_count"}


def test_merge_and_split(ws: Workspace) -> None:
    create = get_command("pdf_create")
    for name, word in (("a.pdf", "Alpha"), ("b.pdf", "Bravo")):
        blocks = [{"type": "paragraph", "text": f"{word} page one"}, {"type": "page_break"},
                  {"type": "paragraph", "text": f"{word} page two"}]
        assert create.run(ws, {"path": name, "blocks": blocks}).ok
    merge = get_command("pdf_merge")
    card = merge.describe(ws, {"inputs": ["a.pdf", "b.pdf"], "output": "all.pdf"})
    assert card.summary.english() == "Create all.pdf by merging 2 files, 4 pages"
    result = merge.run(ws, {"inputs": ["a.pdf", "b.pdf"], "output": "all.pdf"})
    assert result.ok, result.message
    merged = pymupdf.open(str(ws.root / "all.pdf"))
    assert [merged[i].get_text().split()[0] for i in range(4)] == ["Alpha", "Alpha", "Bravo", "Bravo"]
    split = get_command("pdf_split").run(ws, {"path": "all.pdf", "ranges": ["1-3", "4"], "output_dir": "parts"})
    assert split.ok, split.message
    assert [a.path for a in split.artifacts] == ["parts/all_p1-3.pdf", "parts/all_p4.pdf"]
    assert pymupdf.open(str(ws.root / "parts/all_p1-3.pdf")).page_count == 3
    last = pymupdf.open(str(ws.root / "parts/all_p4.pdf"))
    assert last.page_count == 1 and "Bravo page two" in last[0].get_text()
    with pytest.raises(CommandError, match=r"ranges\[0\]"):
        get_command("pdf_split").run(ws, {"path": "all.pdf", "ranges": ["3-9"], "output_dir": "parts"})
    with pytest.raises(CommandError, match=r"inputs\[1\]"):
        merge.run(ws, {"inputs": ["a.pdf", "../b.pdf"], "output": "x.pdf"})


def test_encrypted_pdf_gets_a_clear_error(ws: Workspace) -> None:
    encrypted_pdf(ws.root / "locked.pdf")
    for name, args in (("pdf_inspect", {"path": "locked.pdf"}),
                       ("pdf_merge", {"inputs": ["locked.pdf"], "output": "x.pdf"})):
        with pytest.raises(CommandError, match="protected with a password"):
            get_command(name).run(ws, args)
    ev = get_command("pdf_verify").run(ws, {"path": "locked.pdf"}).evidence[0]
    assert not ev.passed and ev.checks[0].status == "failed" and "protected with a password" in ev.checks[0].detail
    assert not (ws.root / "x.pdf").exists()


def test_create_refuses_existing_file_and_bad_input(ws: Workspace) -> None:
    create = get_command("pdf_create")
    assert create.run(ws, {"path": "x.pdf", "blocks": [{"type": "paragraph", "text": "one"}]}).ok
    with pytest.raises(CommandError, match="already exists"):
        create.run(ws, {"path": "x.pdf", "blocks": []})
    with pytest.raises(CommandError, match=r"blocks\[0\]\.level"):
        create.run(ws, {"path": "y.pdf", "blocks": [{"type": "heading", "text": "h", "level": 0}]})
    with pytest.raises(CommandError, match="must end with .pdf"):
        create.run(ws, {"path": "y.docx", "blocks": []})


def test_trailing_page_break_adds_no_empty_page(ws: Workspace) -> None:
    result = get_command("pdf_create").run(ws, {"path": "t.pdf", "blocks": [
        {"type": "paragraph", "text": "Only page"}, {"type": "page_break"}]})
    assert result.ok and result.evidence[0].counts["pages"] == 1


def test_words_with_ligatures_are_found_as_typed(ws: Workspace) -> None:
    """The layout engine draws "ffi" as one glyph; inspect and verify still read "office"."""
    get_command("pdf_create").run(ws, {"path": "lig.pdf", "blocks": [
        {"type": "paragraph", "text": "The office staff offer efficient waffles."}]})
    inspected = get_command("pdf_inspect").run(ws, {"path": "lig.pdf"})
    assert "The office staff offer efficient waffles." in " ".join(inspected.message.split()) or \
        "The office staff offer efficient waffles." in " ".join(str(inspected.data).split())
    verified = get_command("pdf_verify").run(ws, {"path": "lig.pdf", "expect": {"text": ["office staff offer"]}})
    assert verified.ok, verified.message


def test_describing_an_overwrite_shows_what_the_old_pdf_holds(tmp_path) -> None:
    from skills.runtime import Workspace, get_command

    ws = Workspace(tmp_path)
    args = {"path": "a.pdf", "blocks": [{"type": "heading", "text": "Old title", "level": 1}]}
    get_command("pdf_create").run(ws, args)
    described = get_command("pdf_create").describe(ws, {**args, "overwrite": True})
    assert described.summary.english().startswith("Replace a.pdf")
    old, _new = described.pairs()[0]
    assert "Old title" in old and "page" not in old  # the old file's own words, not an English outline line
