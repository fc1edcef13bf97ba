"""A document described in one sentence (English and Chinese) becomes that document offline: its title,
its headings in order and its table, with only the user's words in it."""
from __future__ import annotations

import json
from pathlib import Path

import docx
import openpyxl
import pptx
import pymupdf
import pytest

from desktop.llm import ChatMessage
from desktop.llm.offline._described import describe, described_title
from tests.zh_words import english_words

from ._driver import MAIN_TOOLS, decide, run_skill_agent

MEMO = "Write a one-page memo titled Office Move with headings Timeline and Budget, and a table of costs: " \
       "Movers 1200, Boxes 150"
MEMO_ZH = "写一份标题为搬家计划的备忘录，包含时间表和预算两个章节，以及费用表：搬家公司 1200，纸箱 150"


@pytest.mark.parametrize(("instruction", "body", "title", "headings", "table"), [
    ("Write a memo titled Office Move with headings Timeline and Budget, and a table of costs",
     "Movers 1200, Boxes 150", "Office Move", ["Timeline", "Budget"], ("Costs", [["Movers", 1200], ["Boxes", 150]])),
    ("Write a plan titled Sales and Marketing Plan with sections Goals, Channels and Budget", "",
     "Sales and Marketing Plan", ["Goals", "Channels", "Budget"], None),
    ("Create a spreadsheet with a table of expenses", "Rent $1,200; Food 300.50; Misc",
     None, [], ("Expenses", [["Rent", 1200], ["Food", 300.5], ["Misc"]])),
    ("写一份标题为搬家计划的备忘录，包含时间表和预算两个章节，以及费用表", "搬家公司 1200，纸箱 150",
     "搬家计划", ["时间表", "预算"], ("费用", [["搬家公司", 1200], ["纸箱", 150]])),
    ("写一份报告，章节为背景、目标、计划", "", None, ["背景", "目标", "计划"], None),
    ("做一个预算表", "房租 3000、水电 200", None, [], ("预算", [["房租", 3000], ["水电", 200]])),
    ("Create slides with sections", "Intro, Plan, Risks", None, ["Intro", "Plan", "Risks"], None),
    ("做一个PPT，章节", "背景、目标、计划", None, ["背景", "目标", "计划"], None),
])
def test_a_sentence_names_the_title_headings_and_table(instruction: str, body: str, title: str | None,
                                                       headings: list[str], table: tuple | None) -> None:
    found = describe(instruction, body)
    assert found is not None
    described, body_taken = found
    assert (described.title, described.headings, described.table) == (title, headings, table)
    assert body_taken == bool(body)


@pytest.mark.parametrize("instruction", [
    "Make slides about our trip", "Turn notes.md into a Word report", "Write me a report about climate change",
    "add a section titled Risks with text", "写一份关于气候变化的报告",
])
def test_a_sentence_without_structure_is_no_description(instruction: str) -> None:
    assert describe(instruction, "") is None


def test_a_sentence_after_the_colon_is_not_a_list_of_headings() -> None:
    long = "Some long paragraph of text that is really a sentence and it goes on and on for a while"
    assert describe("Turn my notes into sections", long) is None


def test_a_file_name_is_not_taken_for_a_title() -> None:
    assert described_title("save it as a file titled notes.docx") is None
    assert described_title("a report titled Q3 Review for the board") == "Q3 Review for the board"


def test_the_memo_is_made_with_its_title_headings_and_table(tmp_path: Path) -> None:
    run = run_skill_agent(tmp_path, "docx", MEMO)
    assert run.complete["artifacts"] == ["office-move.docx"]
    d = docx.Document(str(tmp_path / "office-move.docx"))
    assert d.core_properties.title == "Office Move"
    assert [(p.style.name, p.text) for p in d.paragraphs if p.text] == [
        ("Title", "Office Move"), ("Heading 1", "Timeline"), ("Heading 1", "Budget")]
    assert [[c.text for c in r.cells] for r in d.tables[0].rows] == [["", "Costs"], ["Movers", "1200"], ["Boxes", "150"]]


def test_the_chinese_memo_and_a_chinese_pdf_keep_only_the_users_words(tmp_path: Path) -> None:
    run = run_skill_agent(tmp_path, "docx", MEMO_ZH)
    d = docx.Document(str(tmp_path / run.complete["artifacts"][0]))
    assert run.complete["artifacts"] == ["搬家计划.docx"]
    assert [p.text for p in d.paragraphs if p.text] == ["搬家计划", "时间表", "预算"]
    assert [[c.text for c in r.cells] for r in d.tables[0].rows] == [["", "费用"], ["搬家公司", "1200"], ["纸箱", "150"]]
    assert english_words(run.complete["summary"], ["搬家计划.docx"]) == []
    pdf = run_skill_agent(tmp_path, "pdf", "做一个PDF，标题为年度总结，章节为背景、成果、计划")
    text = pymupdf.open(str(tmp_path / pdf.complete["artifacts"][0]))[0].get_text()
    assert [line for line in text.split("\n") if line.strip()][:4] == ["年度总结", "背景", "成果", "计划"]


def test_a_deck_gets_a_slide_per_named_section_and_a_sheet_gets_the_table(tmp_path: Path) -> None:
    run = run_skill_agent(tmp_path, "pptx", "Make a presentation titled Launch Plan with sections Goals, Timeline "
                                            "and Risks")
    deck = pptx.Presentation(str(tmp_path / run.complete["artifacts"][0]))
    assert [s.shapes.title.text for s in deck.slides] == ["Launch Plan", "Goals", "Timeline", "Risks"]
    listed = run_skill_agent(tmp_path, "pptx", "Create slides with sections: Intro, Plan, Risks")
    deck = pptx.Presentation(str(tmp_path / listed.complete["artifacts"][0]))
    # no title given or found: no slide saying only "Presentation" before them
    assert [s.shapes.title.text for s in deck.slides] == ["Intro", "Plan", "Risks"]
    counted = run_skill_agent(tmp_path, "pptx", "I need a 3-slide deck: Kickoff, Scope, Q&A")
    deck = pptx.Presentation(str(tmp_path / counted.complete["artifacts"][0]))
    assert [s.shapes.title.text for s in deck.slides] == ["Kickoff", "Scope", "Q&A"]
    zh = run_skill_agent(tmp_path, "pptx", "做一个PPT，三页：介绍、计划、问答")
    deck = pptx.Presentation(str(tmp_path / zh.complete["artifacts"][0]))
    assert [s.shapes.title.text for s in deck.slides] == ["介绍", "计划", "问答"]
    sheet = run_skill_agent(tmp_path, "xlsx", "Create a spreadsheet with a table of expenses: Rent $1,200; Food 300.50")
    ws = openpyxl.load_workbook(str(tmp_path / sheet.complete["artifacts"][0])).active
    assert [list(r) for r in ws.iter_rows(values_only=True)] == [[None, "Expenses"], ["Rent", 1200], ["Food", 300.5]]


@pytest.mark.parametrize("request_text", [MEMO, "Make a presentation titled Launch Plan with sections Goals and Risks",
                                          MEMO_ZH])
def test_the_main_planner_sends_a_described_document_to_its_skill(request_text: str) -> None:
    turn = decide([ChatMessage(role="system", content="Skills:\n- docx\n- pdf\n- pptx\n- xlsx"), ChatMessage(role="user", content=request_text)],
                  MAIN_TOOLS)
    assert [c.name for c in turn.tool_calls] == ["run_skill"], turn.text
    assert json.loads(turn.tool_calls[0].arguments)["goal"] == request_text


def _list_paragraphs(d: docx.Document) -> list[tuple[str, str]]:
    """(text, number format) of each paragraph numbered through its own properties or its style (as Word
    resolves it), read from the numbering part."""
    from docx.oxml.ns import qn

    formats = {}
    numbering = d.part.numbering_part.element
    abstract = {a.get(qn("w:abstractNumId")): a for a in numbering.findall(qn("w:abstractNum"))}
    for num in numbering.findall(qn("w:num")):
        level = abstract[num.find(qn("w:abstractNumId")).get(qn("w:val"))].find(qn("w:lvl"))
        formats[num.get(qn("w:numId"))] = level.find(qn("w:numFmt")).get(qn("w:val"))
    out = []
    for p in d.paragraphs:
        style, num_pr = p.style, p._p.pPr.numPr if p._p.pPr is not None else None
        while num_pr is None and style is not None:
            num_pr = style.element.pPr.numPr if style.element.pPr is not None else None
            style = style.base_style
        if num_pr is not None and num_pr.numId is not None:
            out.append((p.text, formats[str(num_pr.numId.val)]))
    return out


@pytest.mark.parametrize(("request_text", "items", "numbered"), [
    ("make a short Word memo about the move with bullets: Monday packing, Tuesday movers",
     ["Monday packing", "Tuesday movers"], False),
    ("Write a memo titled Office Move with bullet points: pack books; call the movers; and clean the flat",
     ["pack books", "call the movers", "clean the flat"], False),
    ("make a document with a numbered list: buy boxes, pack, move", ["buy boxes", "pack", "move"], True),
    ("写一份关于搬家的简短 Word 备忘录，要点：周一打包、周二搬家", ["周一打包", "周二搬家"], False),
    ("做一个文档，列出：周一打包，周二搬家和周三打扫", ["周一打包", "周二搬家", "周三打扫"], False),
])
def test_a_list_typed_after_bullets_is_made_list_paragraphs(tmp_path: Path, request_text: str, items: list[str],
                                                            numbered: bool) -> None:
    """"with bullets: Monday packing, Tuesday movers" made one paragraph "Monday packing, Tuesday movers"."""
    run = run_skill_agent(tmp_path, "docx", request_text)
    d = docx.Document(str(tmp_path / run.complete["artifacts"][0]))
    listed = _list_paragraphs(d)
    assert [text for text, _ in listed] == items
    assert {fmt for _, fmt in listed} == ({"decimal"} if numbered else {"bullet"})
    assert not [p.text for p in d.paragraphs if p.style.name == "Normal" and p.text]  # no paragraph of the list


@pytest.mark.parametrize(("instruction", "body", "title", "headings", "items"), [
    ("Write a memo with sections Plan and Risks, and bullets", "a, b", None, ["Plan", "Risks"], ["a", "b"]),
    ("Make slides titled Launch with the key points", "Budget, Timeline and Risks", "Launch", [],
     ["Budget", "Timeline", "Risks"]),
    ("写一份关于世界和平的文档，要点", "世界和平、和邻居道别", None, [], ["世界和平", "和邻居道别"]),
    ("做一个幻灯片，列出三点", "市场、产品和团队", None, [], ["市场", "产品", "团队"]),
    ("写一份备忘录，清单", "牙刷、毛巾、充电器", None, [], ["牙刷", "毛巾", "充电器"]),
])
def test_the_list_s_items_are_the_typed_ones(instruction: str, body: str, title: str | None, headings: list[str],
                                              items: list[str]) -> None:
    found = describe(instruction, body)
    assert found is not None and found[1]
    assert (found[0].title, found[0].headings, found[0].items) == (title, headings, items)


def test_bullets_on_slides_are_one_bullets_slide(tmp_path: Path) -> None:
    run = run_skill_agent(tmp_path, "pptx", "Make slides titled Launch with bullet points: Budget, Timeline and Risks")
    deck = pptx.Presentation(str(tmp_path / run.complete["artifacts"][0]))
    bodies = [[p.text for p in sh.text_frame.paragraphs] for s in deck.slides for sh in s.placeholders
              if sh.placeholder_format.idx != 0 and sh.has_text_frame]
    assert ["Budget", "Timeline", "Risks"] in bodies, bodies


@pytest.mark.parametrize(("request_text", "title", "name"), [
    ("make a short Word memo about the office move with bullets: Monday packing, Tuesday movers",
     "Office move", "office-move.docx"),
    ("Write a document about our hiring plan, with bullets: two engineers, one designer", "Hiring plan",
     "hiring-plan.docx"),
    ("写一份关于搬家的备忘录，要点：周一打包、周二搬家", "搬家", "搬家.docx"),
])
def test_what_the_document_is_about_is_its_title_when_none_is_named(tmp_path: Path, request_text: str, title: str,
                                                                     name: str) -> None:
    """It was titled "Document" and named after its first bullet ("monday-packing.docx")."""
    run = run_skill_agent(tmp_path, "docx", request_text)
    assert run.complete["artifacts"] == [name]
    d = docx.Document(str(tmp_path / name))
    assert [p.text for p in d.paragraphs if p.style.name == "Title"] == [title]


def test_a_named_title_or_a_leading_heading_still_wins_over_the_topic(tmp_path: Path) -> None:
    run = run_skill_agent(tmp_path, "docx", "Write a memo about the move titled Office Move with bullets: a, b")
    assert run.complete["artifacts"] == ["office-move.docx"]
    assert docx.Document(str(tmp_path / "office-move.docx")).paragraphs[0].text == "Office Move"
    run = run_skill_agent(tmp_path, "docx", "Make a Word doc about hiring from this:\n# Hiring plan\n\nWe hire two.")
    assert docx.Document(str(tmp_path / run.complete["artifacts"][0])).paragraphs[0].text == "Hiring plan"


def test_a_new_file_that_says_something_holds_those_words(tmp_path: Path) -> None:
    """"make a pdf that says Hello world" is a new PDF with those words (it was read as an export of no file)."""
    import fitz

    run = run_skill_agent(tmp_path, "pdf", "make a pdf that says Hello world")
    with fitz.open(tmp_path / run.complete["artifacts"][0]) as pdf:
        assert "Hello world" in pdf[0].get_text()
    note = run_skill_agent(tmp_path, "docx", "create a word document saying The office is closed on Friday.")
    assert "The office is closed on Friday." in [p.text for p in docx.Document(str(tmp_path / note.complete["artifacts"][0])).paragraphs]
    heading = run_skill_agent(tmp_path, "docx", "make a word doc with the heading Plan and bullets: eat, sleep")
    made = docx.Document(str(tmp_path / heading.complete["artifacts"][0]))
    assert [(p.style.name, p.text) for p in made.paragraphs] == [("Title", "Plan"), ("List Bullet", "eat"),
                                                                  ("List Bullet", "sleep")]
