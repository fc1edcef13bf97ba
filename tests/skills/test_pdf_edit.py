"""pdf_form_fields / pdf_fill_form / pdf_replace_text on real PDFs, checked with PyMuPDF."""
from __future__ import annotations

from pathlib import Path

import fitz
import pytest

from skills.messages import english as plain
from skills.runtime import CommandError, Workspace, get_command


def _form(path: Path) -> None:
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Application form", fontname="helv", fontsize=14)
    for name, kind, y in (("Name", fitz.PDF_WIDGET_TYPE_TEXT, 100), ("Agree", fitz.PDF_WIDGET_TYPE_CHECKBOX, 140),
                          ("Country", fitz.PDF_WIDGET_TYPE_COMBOBOX, 180)):
        w = fitz.Widget()
        w.field_name, w.field_type, w.rect = name, kind, fitz.Rect(72, y, 300, y + 20)
        if kind == fitz.PDF_WIDGET_TYPE_COMBOBOX:
            w.choice_values = ["UK", "France"]
        page.add_widget(w)
    doc.save(path)


def test_list_then_fill_form_fields(tmp_path: Path) -> None:
    _form(tmp_path / "form.pdf")
    ws = Workspace(tmp_path)
    listed = get_command("pdf_form_fields").run(ws, {"path": "form.pdf"})
    assert [f["name"] for f in listed.data["fields"]] == ["Name", "Agree", "Country"]
    assert listed.data["fields"][2]["choices"] == ["UK", "France"]
    args = {"path": "form.pdf", "values": {"Name": "Ada Lovelace", "Agree": True, "Country": "UK"}}
    card = get_command("pdf_fill_form").describe(ws, args)
    assert ["Name: ", "Name: Ada Lovelace"] in card.pairs()
    res = get_command("pdf_fill_form").run(ws, args)
    assert res.ok, res.message
    doc = fitz.open(tmp_path / "form.pdf")
    values = {w.field_name: w.field_value for w in doc[0].widgets()}
    assert values["Name"] == "Ada Lovelace" and values["Country"] == "UK"
    assert values["Agree"] not in ("Off", "", None, False)


def test_unknown_field_or_bad_choice_changes_nothing(tmp_path: Path) -> None:
    _form(tmp_path / "form.pdf")
    before = (tmp_path / "form.pdf").read_bytes()
    ws = Workspace(tmp_path)
    with pytest.raises(CommandError, match="no form field named “Email”.*Agree, Country, Name"):
        get_command("pdf_fill_form").run(ws, {"path": "form.pdf", "values": {"Email": "a@b.c"}})
    with pytest.raises(CommandError, match="not one of the choices"):
        get_command("pdf_fill_form").run(ws, {"path": "form.pdf", "values": {"Country": "Mars"}})
    assert (tmp_path / "form.pdf").read_bytes() == before


def _letter(path: Path) -> None:
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Dear Acme team,", fontname="helv", fontsize=12)
    page.insert_text((72, 100), "Acme pays on time.", fontname="tiro", fontsize=11, color=(0.2, 0.2, 0.6))
    page.insert_text((72, 130), "Unrelated line stays.", fontname="helv", fontsize=12)
    doc.save(path)


def test_replace_text_in_place_keeps_font_size_and_other_text(tmp_path: Path) -> None:
    _letter(tmp_path / "letter.pdf")
    ws = Workspace(tmp_path)
    res = get_command("pdf_replace_text").run(ws, {"path": "letter.pdf", "find": "Acme", "replace": "Mira"})
    assert res.ok, res.message
    assert "2 occurrence(s)" in res.message and "page 1" in res.message
    page = fitz.open(tmp_path / "letter.pdf")[0]
    text = page.get_text()
    assert "Acme" not in text
    words = page.get_text("words")
    for line, y in (("Dear Mira team,", 72), ("Mira pays on time.", 100), ("Unrelated line stays.", 130)):
        on_line = sorted((w for w in words if abs(w[3] - y) < 5), key=lambda w: w[0])
        assert " ".join(w[4] for w in on_line) == line  # on its old line, in reading order
        assert all(a[2] < b[0] for a, b in zip(on_line, on_line[1:]))  # no word overlaps the next
    spans = {s["text"].strip(): s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", ())
             for s in ln["spans"]}
    new = next(s for t, s in spans.items() if t.startswith("Mira pays"))
    assert round(new["size"]) == 11 and "Times" in new["font"]
    assert new["color"] == 0x333399  # the run's colour is kept


def test_replacements_that_cannot_be_faithful_change_nothing(tmp_path: Path) -> None:
    _letter(tmp_path / "letter.pdf")
    before = (tmp_path / "letter.pdf").read_bytes()
    ws = Workspace(tmp_path)
    with pytest.raises(CommandError, match="not in the PDF as text"):
        get_command("pdf_replace_text").run(ws, {"path": "letter.pdf", "find": "Nowhere", "replace": "x"})
    assert (tmp_path / "letter.pdf").read_bytes() == before


def test_letters_a_standard_font_cannot_show_are_drawn_in_a_similar_font(tmp_path: Path) -> None:
    _letter(tmp_path / "letter.pdf")
    ws = Workspace(tmp_path)
    args = {"path": "letter.pdf", "find": "Acme", "replace": "甲公司", "output": "out.pdf"}
    card = get_command("pdf_replace_text").describe(ws, args)
    assert "(in Droid Sans Fallback Regular: the PDF's own font" in card.summary.english()  # said before anything is written,
    assert "(drawn in Droid Sans Fallback Regular)" in plain(card.changes[0].after)  # where the card shows it
    res = get_command("pdf_replace_text").run(ws, args)
    assert res.ok, res.message
    assert {r["drawn_in"] for r in res.data["replacements"]} == {"Droid Sans Fallback Regular"}
    text = fitz.open(tmp_path / "out.pdf")[0].get_text()
    assert "甲公司" in text and "Acme" not in text


def test_a_subset_font_without_the_new_letters_gets_a_similar_font(tmp_path: Path) -> None:
    """A PDF embeds only the characters it uses: the new ones are drawn in a font that has them, the file
    takes only those glyphs (a subset, not a whole CJK font), and the text reads back."""
    ws = Workspace(tmp_path)
    assert get_command("pdf_create").run(ws, {"path": "made.pdf", "blocks": [
        {"type": "paragraph", "text": "合同甲方：北京公司"}]}).ok
    res = get_command("pdf_replace_text").run(ws, {"path": "made.pdf", "find": "北京", "replace": "深圳"})
    assert res.ok, res.message
    assert "drawn in" in res.message and res.data["replacements"][0]["drawn_in"] != res.data["replacements"][0]["font"]
    page = fitz.open(tmp_path / "made.pdf")[0]
    assert "深圳公司" in page.get_text() and "北京" not in page.get_text()
    kept, new = page.search_for("合同甲方")[0], page.search_for("深圳公司")[0]
    assert abs(kept.y1 - new.y1) < 1.5 and new.x0 >= kept.x1 - 1  # on the same line, right after
    assert (tmp_path / "made.pdf").stat().st_size < 400_000


def test_a_cjk_subset_without_a_character_map_gets_a_similar_font(tmp_path: Path) -> None:
    """LibreOffice and Word embed CJK fonts as CID subsets with no character map at all: every character
    looked missing (the refusal even listed ones the file shows). Built here the same way: a subset
    referenced by glyph id (Identity-H) whose character map is gone."""
    doc = fitz.open()
    page = doc.new_page()
    cjk = fitz.Font("cjk")
    page.insert_font(fontname="F1", fontbuffer=cjk.buffer)
    page.insert_text((72, 72), "今年的销售额增长了百分之十。", fontname="F1", fontsize=12)
    doc.subset_fonts()
    doc.save(tmp_path / "report.pdf")
    ws = Workspace(tmp_path)
    res = get_command("pdf_replace_text").run(ws, {"path": "report.pdf", "find": "今年", "replace": "明年"})
    assert res.ok, res.message
    assert "明年的销售额增长了百分之十" in fitz.open(tmp_path / "report.pdf")[0].get_text()


def test_an_embedded_font_with_the_glyphs_is_reused(tmp_path: Path) -> None:
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not font.exists():
        pytest.skip("DejaVu Sans is not installed")
    doc = fitz.open()
    page = doc.new_page()
    page.insert_font(fontname="dv", fontfile=str(font))
    page.insert_text((72, 72), "Invoice for Acme GmbH", fontname="dv", fontsize=12)
    doc.save(tmp_path / "inv.pdf")
    ws = Workspace(tmp_path)
    res = get_command("pdf_replace_text").run(ws, {"path": "inv.pdf", "find": "Acme", "replace": "Mira"})
    assert res.ok, res.message
    page = fitz.open(tmp_path / "inv.pdf")[0]
    words = sorted((w for w in page.get_text("words")), key=lambda w: w[0])
    assert [w[4] for w in words] == ["Invoice", "for", "Mira", "GmbH"]
    fonts = {s["font"] for b in page.get_text("dict")["blocks"] for ln in b.get("lines", ()) for s in ln["spans"]}
    assert all("DejaVu" in f for f in fonts), fonts


@pytest.mark.soffice
@pytest.mark.slow
def test_a_pdf_libreoffice_wrote_with_a_cjk_subset_font_gets_the_new_characters(tmp_path: Path) -> None:
    """LibreOffice embeds Noto Sans CJK as a CID-keyed CFF subset with no character map: a file Mira did not
    make. The replaced text reads back, the rest of the line is untouched, and the stand-in is reported."""
    import docx

    from skills.runtime import soffice

    document = docx.Document()
    document.add_paragraph("今年的销售额增长了百分之十。")
    document.add_paragraph("我们计划今年扩大市场。")
    document.save(str(tmp_path / "cn.docx"))
    made = soffice.convert(tmp_path / "cn.docx", tmp_path / "lo", "pdf", timeout=90)
    ws = Workspace(tmp_path / "ws")
    (ws.root / "cn.pdf").write_bytes(Path(made).read_bytes())
    assert any(f[3].endswith("VKana") or "CJK" in f[3] for f in fitz.open(ws.root / "cn.pdf")[0].get_fonts())
    res = get_command("pdf_replace_text").run(ws, {"path": "cn.pdf", "find": "今年", "replace": "明年"})
    assert res.ok, res.message
    assert len(res.data["replacements"]) == 2 and "drawn in" in res.message
    page = fitz.open(ws.root / "cn.pdf")[0]
    text = page.get_text()
    assert "今年" not in text and "明年的销售额增长了百分之十" in text
    kept, new = page.search_for("我们计划")[0], page.search_for("明年扩大市场")[0]
    assert abs(kept.y1 - new.y1) < 1.5 and abs(new.x0 - kept.x1) < 2  # the line reads on, in place


def test_several_fields_fill_from_one_call_and_names_match_as_people_type_them(tmp_path: Path) -> None:
    _form(tmp_path / "form.pdf")
    ws = Workspace(tmp_path)
    res = get_command("pdf_fill_form").run(ws, {"path": "form.pdf", "values": {"name": "Grace Hopper",
                                                                               "COUNTRY": "France"}})
    assert res.ok, res.message
    values = {w.field_name: w.field_value for w in fitz.open(tmp_path / "form.pdf")[0].widgets()}
    assert values["Name"] == "Grace Hopper" and values["Country"] == "France"
    assert {c.name: c.status for c in res.evidence[0].checks}["fields hold the values"] == "passed"


def test_an_unknown_field_is_named_with_the_closest_field_and_the_list(tmp_path: Path) -> None:
    _form(tmp_path / "form.pdf")
    before = (tmp_path / "form.pdf").read_bytes()
    ws = Workspace(tmp_path)
    with pytest.raises(CommandError) as caught:
        get_command("pdf_fill_form").run(ws, {"path": "form.pdf", "values": {"Nmae": "Ada", "Country": "UK"}})
    said = caught.value.msg.english()
    assert "“Nmae”" in said and "did you mean “Name”" in said and "Agree, Country, Name" in said
    assert (tmp_path / "form.pdf").read_bytes() == before
