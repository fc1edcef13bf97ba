"""Multi-turn conversations through `mira task --conversation`: create → follow-up → v2 → restore → v3."""
from __future__ import annotations

import hashlib
import json

import pytest

from .conftest import Chat

NOTES = """# Quarterly report

Sales grew in every region. The review is on September 15.

## Results

- North: up
- South: flat
"""
CSV = "Fruit,Boxes,Price\napple,10,1.5\npear,7,2.0\n"


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def only(report: dict) -> dict:
    [art] = report["artifacts"]
    assert art["evidence"]["passed"] is True and art["evidence"]["sha256"] == art["sha256"]
    return art


def docx_text(path) -> str:
    import docx

    return "\n".join(p.text for p in docx.Document(path).paragraphs)


def test_docx_file_already_in_the_folder_then_edit_compare_restore(chat: Chat) -> None:
    chat.path("notes.md").write_text(NOTES, encoding="utf-8")  # placed before the first request
    first = only(chat.say("Turn notes.md into a Word report"))
    assert first["path"] == "quarterly-report.docx" and first["version"] == 1
    v1 = chat.path(first["path"]).read_bytes()
    assert "September 15" in docx_text(chat.path(first["path"]))

    # The conversation remembers the file: "In X replace ..." no longer says the file does not exist.
    second = only(chat.say('In quarterly-report.docx replace "September 15" with "September 22"'))
    assert second["path"] == first["path"] and second["version"] == 2
    assert "Replaces the existing quarterly-report.docx (v1)." in chat.last_err  # said at the approval
    assert "September 15" in second["changed"] and "September 22" in second["changed"]
    text = docx_text(chat.path(first["path"]))
    assert "September 22" in text and "September 15" not in text

    from renderers.compare import compare_files

    diff = compare_files(chat.folder / ".mira" / "objects" / first["sha256"][:2] / first["sha256"][2:],
                         chat.path(first["path"]), "docx")
    assert any(r.kind == "changed" and "September 15" in r.left and "September 22" in r.right for r in diff.rows)

    third = only(chat.say("restore v1"))
    assert third["version"] == 3 and chat.path(first["path"]).read_bytes() == v1
    assert "September 15" in docx_text(chat.path(first["path"]))

    fourth = only(chat.say("undo that"))  # back to what v3 replaced: the edited text
    assert fourth["version"] == 4 and "September 22" in docx_text(chat.path(first["path"]))


def test_docx_title_section_and_chinese_followups(chat: Chat) -> None:
    chat.path("notes.md").write_text(NOTES, encoding="utf-8")
    first = only(chat.say("Turn notes.md into a Word report"))
    only(chat.say("change the title to Q3 Review"))
    assert docx_text(chat.path(first["path"])).splitlines()[0] == "Q3 Review"
    only(chat.say("add a section titled Risks with text: Budget is tight."))
    text = docx_text(chat.path(first["path"]))
    assert "Risks" in text and "Budget is tight." in text
    zh = only(chat.say("把“Budget is tight.”改成“预算紧张。”"))
    assert zh["version"] == 4 and "预算紧张。" in docx_text(chat.path(first["path"]))
    assert "已将" in chat.reports[-1]["message"] or "预算紧张" in chat.reports[-1]["message"]
    only(chat.say("把标题改成 第三季度回顾"))
    assert docx_text(chat.path(first["path"])).splitlines()[0] == "第三季度回顾"
    back = only(chat.say("撤销上一步"))
    assert back["version"] == 6 and docx_text(chat.path(first["path"])).splitlines()[0] == "Q3 Review"


def test_pptx_add_slide_title_restore(chat: Chat) -> None:
    import pptx

    chat.path("notes.md").write_text(NOTES, encoding="utf-8")
    first = only(chat.say("Turn notes.md into slides"))
    deck = chat.path(first["path"])
    n1 = len(pptx.Presentation(deck).slides)
    v1 = deck.read_bytes()
    second = only(chat.say("add a slide titled Risks with bullets: Budget, Timeline"))
    assert second["version"] == 2
    slides = pptx.Presentation(deck).slides
    assert len(slides) == n1 + 1
    last = slides[len(slides) - 1]
    texts = [s.text_frame.text for s in last.shapes if s.has_text_frame]
    assert "Risks" in texts[0] and "Budget" in "\n".join(texts) and "Timeline" in "\n".join(texts)
    only(chat.say("change the title to Q4 Review"))
    assert pptx.Presentation(deck).slides[0].shapes.title.text == "Q4 Review"

    from renderers.compare import compare_files

    diff = compare_files(chat.folder / ".mira/objects" / first["sha256"][:2] / first["sha256"][2:], deck, "pptx")
    assert any(r.kind == "added" and "Risks" in r.right for r in diff.rows)

    fourth = only(chat.say("restore v1"))
    assert fourth["version"] == 4 and deck.read_bytes() == v1 and len(pptx.Presentation(deck).slides) == n1
    # The same bytes as v1: the same title (the deck's, not the file stem) and the same checks, all passed.
    assert fourth["title"] == first["title"] != deck.stem
    names = [c["name"] for c in fourth["evidence"]["checks"]]
    assert names == [c["name"] for c in first["evidence"]["checks"]] and len(names) > 3
    assert fourth["evidence"]["passed"] is True
    assert chat.reports[-1]["message"].count(first["path"]) == 1  # the reply names the file once


def test_xlsx_add_row_then_restore(chat: Chat) -> None:
    import openpyxl

    chat.path("fruit.csv").write_text(CSV, encoding="utf-8")
    first = only(chat.say("Turn fruit.csv into an Excel workbook"))
    book = chat.path(first["path"])
    v1 = book.read_bytes()
    second = only(chat.say("add a row: kiwi,4,3.0"))
    assert second["version"] == 2
    rows = list(openpyxl.load_workbook(book).worksheets[0].iter_rows(values_only=True))
    assert ("kiwi", 4, 3.0) in [tuple(r[:3]) for r in rows]

    from renderers.compare import compare_files

    diff = compare_files(chat.folder / ".mira/objects" / first["sha256"][:2] / first["sha256"][2:], book, "xlsx")
    assert any(r.kind == "added" and "kiwi" in r.right for r in diff.rows)

    third = only(chat.say("restore v1"))
    assert third["version"] == 3 and book.read_bytes() == v1
    rows = list(openpyxl.load_workbook(book).worksheets[0].iter_rows(values_only=True))
    assert "kiwi" not in [r[0] for r in rows]
    zh = only(chat.say("添加一行：猕猴桃,5,4.5"))
    assert zh["version"] == 4
    assert "猕猴桃" in [r[0] for r in openpyxl.load_workbook(book).worksheets[0].iter_rows(values_only=True)]


def test_pdf_add_section_then_restore(chat: Chat) -> None:
    import fitz

    chat.path("notes.md").write_text(NOTES, encoding="utf-8")
    first = only(chat.say("Turn notes.md into a PDF"))
    pdf = chat.path(first["path"])
    v1 = pdf.read_bytes()
    second = only(chat.say("add a section titled Risks with text: Budget is tight."))
    assert second["version"] == 2
    with fitz.open(pdf) as doc:
        text = "".join(p.get_text() for p in doc)
    assert "Risks" in text and "Budget is tight." in text and "Sales grew in every region." in text

    from renderers.compare import compare_files

    diff = compare_files(chat.folder / ".mira/objects" / first["sha256"][:2] / first["sha256"][2:], pdf, "pdf")
    assert any(r.kind == "added" and "Budget is tight." in r.right for r in diff.rows)

    third = only(chat.say("restore v1"))
    assert third["version"] == 3 and pdf.read_bytes() == v1


def test_ambiguous_reference_asks_and_writes_nothing(chat: Chat) -> None:
    chat.path("notes.md").write_text(NOTES, encoding="utf-8")
    only(chat.say("Turn notes.md into a Word report"))
    only(chat.say("Turn notes.md into a PDF"))
    before = {p.name: sha(p) for p in chat.folder.iterdir() if p.is_file()}
    report = chat.say("change the title to Q4 Review", expect=None)
    assert report["artifacts"] == [] and report["outcome"] is None  # asked back: no skill ran
    assert "quarterly-report.docx" in report["message"] and "quarterly-report.pdf" in report["message"]
    assert "Which file" in report["message"]
    assert {p.name: sha(p) for p in chat.folder.iterdir() if p.is_file()} == before
    zh = chat.say("把标题改成 新标题", expect=None)
    assert "哪个文件" in zh["message"] and "quarterly-report.pdf" in zh["message"]
    # Naming the file resolves it.
    named = only(chat.say("change the title of quarterly-report.docx to Q4 Review"))
    assert named["path"] == "quarterly-report.docx" and named["version"] == 2
    # "这个文件" (this file) is the file the latest turn made: no question.
    this = only(chat.say("把这个文件的标题改成 第四季度"))
    assert this["path"] == "quarterly-report.docx" and this["version"] == 3
    assert "第四季度" in docx_text(chat.path("quarterly-report.docx"))


@pytest.mark.slow
def test_make_it_a_pdf_too_exports_the_current_document(chat: Chat) -> None:
    import fitz

    from skills.runtime.soffice import soffice_path

    if soffice_path() is None:
        pytest.skip("LibreOffice is not installed")
    chat.path("notes.md").write_text(NOTES, encoding="utf-8")
    only(chat.say("Turn notes.md into a Word report"))
    pdf = only(chat.say("make it a PDF too"))
    assert pdf["path"] == "quarterly-report.pdf" and pdf["kind"] == "pdf"
    with fitz.open(chat.path(pdf["path"])) as doc:
        assert "Sales grew in every region." in "".join(p.get_text() for p in doc)
    only(chat.say('In quarterly-report.docx replace "September 15" with "September 22"'))
    again = only(chat.say("再导出一份PDF"))
    assert again["version"] == 2
    with fitz.open(chat.path(pdf["path"])) as doc:
        assert "September 22" in "".join(p.get_text() for p in doc)


def test_a_complete_naming_no_real_file_is_a_failure(chat: Chat, monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    from functools import partial

    from desktop.agent import cli
    from desktop.llm import Completion
    from desktop.llm.scripted import ScriptedModel, tool_turn
    from tests.agent.fakes import fake_skills

    model = ScriptedModel([
        tool_turn(("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))),
        tool_turn(("s1", "complete", json.dumps({"summary": "made ghost.txt", "artifacts": ["ghost.txt"]}))),
        Completion(text="Made ghost.txt.")])
    monkeypatch.setattr(cli, "_configured", lambda: (model, "", chat.folder))
    monkeypatch.setattr(cli, "AgentRuntime", partial(cli.AgentRuntime, skills=fake_skills()))
    report = chat.say("write ghost.txt", expect=cli.EXIT_FAILED)
    assert report["artifacts"] == [] and "ghost.txt" in report["error"] and "no such file" in report["error"]
    assert not chat.path("ghost.txt").exists()


def test_the_one_text_file_in_the_folder_is_the_material_when_none_is_named(chat: Chat) -> None:
    import pptx

    chat.path("notes.md").write_text(NOTES, encoding="utf-8")
    deck = only(chat.say("make slides from my notes"))
    titles = [s.shapes.title.text for s in pptx.Presentation(chat.path(deck["path"])).slides if s.shapes.title]
    assert "Results" in titles


def test_undo_right_after_a_new_file_says_it_was_new_and_writes_nothing(chat: Chat) -> None:
    chat.path("notes.md").write_text(NOTES, encoding="utf-8")
    first = only(chat.say("Turn notes.md into a Word report"))
    only(chat.say("change the title to Q3 Review"))
    pdf = only(chat.say("make it a PDF too"))
    before = {p.name: sha(p) for p in chat.folder.iterdir() if p.is_file()}
    report = chat.say("undo that", expect=None)
    assert report["artifacts"] == [] and report["outcome"] is None
    assert f"`{pdf['path']}` was made new in that step" in report["message"]
    assert {p.name: sha(p) for p in chat.folder.iterdir() if p.is_file()} == before  # nothing written
    zh = chat.say("撤销上一步", expect=None)
    assert "是上一步新建的文件" in zh["message"] and first["path"] != pdf["path"]
    # a bare "undo" means the last step too: it restored the report's title instead (v2 → v1), unasked
    plain = chat.say("undo", expect=None)
    assert plain["artifacts"] == [] and f"`{pdf['path']}` was made new in that step" in plain["message"]
    assert f"undo the last change to {first['path']}" in plain["message"]  # the way to the other file's undo
    assert "是上一步新建的文件" in chat.say("撤销", expect=None)["message"]
    assert {p.name: sha(p) for p in chat.folder.iterdir() if p.is_file()} == before


def _priced_book(path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Sales"
    sheet.append(["Item", "Amount", "Units", "Unit price"])
    sheet.append(["Widget", 100, 4, "=B2/C2"])  # the column's formula is carried into an added row
    sheet.append(["Bolt", 60, 3, "=B3/C3"])
    book.save(path)


def test_a_write_whose_check_fails_is_delivered_with_the_check_and_can_be_undone(chat: Chat) -> None:
    from openpyxl import load_workbook

    _priced_book(chat.path("sales.xlsx"))
    v1 = chat.path("sales.xlsx").read_bytes()

    report = chat.say("add a row to sales.xlsx: Gadget, 100, 0", expect=None)
    [art] = report["artifacts"]  # the file changed: it is delivered, not left on disk unseen
    assert art["path"] == "sales.xlsx" and art["version"] == 2 and art["evidence"]["passed"] is False
    failed = [c for c in art["evidence"]["checks"] if c["status"] == "failed"]
    assert [c["name"] for c in failed] == ["no formula errors"]
    assert "Sales!D4 #DIV/0!" in json.dumps(failed)
    assert "no file was changed" not in report["message"] and "a check of the file failed" in report["message"]
    sheet = load_workbook(chat.path("sales.xlsx"))["Sales"]
    assert [c.value for c in sheet[4]] == ["Gadget", 100, 0, "=B4/C4"]

    chat.say("undo that", expect=None)
    assert chat.path("sales.xlsx").read_bytes() == v1


def test_a_deck_that_already_had_a_blank_slide_is_edited_without_a_failed_check(chat: Chat) -> None:
    """Real decks keep blank slides: the edit's check does not fail for one, and the reply says nothing failed."""
    import pptx
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = pptx.Presentation()
    prs.slides.add_slide(prs.slide_layouts[0]).shapes.title.text = "Sales"
    data = CategoryChartData()
    data.categories = ["Q1", "Q2"]
    data.add_series("Sales", (3, 5))
    charted = prs.slides.add_slide(prs.slide_layouts[6])  # a chart and nothing else: not empty
    charted.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1), Inches(6), Inches(4), data)
    prs.slides.add_slide(prs.slide_layouts[6])  # left blank by its author
    prs.save(str(chat.path("q.pptx")))

    report = chat.say("add a slide titled Risks to q.pptx")
    [art] = report["artifacts"]
    assert art["version"] == 2 and art["evidence"]["passed"] is True
    checks = {c["name"]: c for c in art["evidence"]["checks"]}
    assert checks["no slide emptied"]["status"] == "passed" and "no empty slides" not in checks
    assert "failed" not in report["message"]
    assert [s.shapes.title.text for s in pptx.Presentation(str(chat.path("q.pptx"))).slides
            if s.shapes.title is not None][-1] == "Risks"
    zh = chat.say("在 q.pptx 末尾加一张幻灯片，标题：下一步")
    [art] = zh["artifacts"]
    assert art["version"] == 3 and art["evidence"]["passed"] is True
