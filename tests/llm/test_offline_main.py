"""The offline planner as the main agent: picks the skill (English and Chinese) or says what it can do."""
from __future__ import annotations

import json

import pytest

from desktop.llm import ChatMessage, Completion, TextChunk
from desktop.llm.offline import OfflinePlanner

from ._driver import MAIN_TOOLS, decide
from ._util import collect

SYSTEM = ChatMessage(role="system", content="Skills:\n- docx: Word\n- pdf: PDF\n- pptx: slides\n- xlsx: sheets")


def main_turn(request: str, attached: list[str] | None = None) -> Completion:
    content = request + (f"\n\n[Attached files in the workspace: {', '.join(attached)}]" if attached else "")
    return decide([SYSTEM, ChatMessage(role="user", content=content)], MAIN_TOOLS)


def run_skill_args(turn: Completion) -> dict:
    assert [c.name for c in turn.tool_calls] == ["run_skill"], turn
    return json.loads(turn.tool_calls[0].arguments)


@pytest.mark.parametrize(("request_text", "attached", "skill"), [
    ("Turn my notes into a Word document", ["notes.md"], "docx"),
    ("Make a report from this:\n# Q3\n- grew", None, "docx"),
    ("Export notes.md as a PDF please", ["notes.md"], "pdf"),
    ("Make a slide deck from these notes", ["notes.md"], "pptx"),
    ("I need a presentation:\n# Intro\n- hello", None, "pptx"),
    ("Put data.csv into an Excel workbook with totals", ["data.csv"], "xlsx"),
    ("Make a spreadsheet:\nname,qty\napple,3", None, "xlsx"),
    ("Recalculate budget.xlsx", ["budget.xlsx"], "xlsx-recalc"),
    ("What's in deck.pptx?", ["deck.pptx"], "pptx"),
    ("Inspect report.docx", ["report.docx"], "docx"),
    ("把这些笔记做成 Word 文档", ["notes.md"], "docx"),
    ("根据附件生成一份报告", ["notes.md"], "docx"),
    ("把 notes.md 转成 PDF", ["notes.md"], "pdf"),
    ("把这些内容做成幻灯片：\n# 介绍\n- 你好", None, "pptx"),
    ("请生成演示文稿", ["notes.md"], "pptx"),
    ("把 data.csv 做成电子表格，并加上合计", ["data.csv"], "xlsx"),
    ("生成工作簿", ["data.csv"], "xlsx"),
    ("重算 budget.xlsx 里的公式", ["budget.xlsx"], "xlsx-recalc"),
    ("查看 report.docx", ["report.docx"], "docx"),
    ("检查一下这个演示文稿", ["deck.pptx"], "pptx"),
])
def test_picks_the_skill_and_passes_the_request_and_inputs(request_text: str, attached: list[str] | None,
                                                           skill: str) -> None:
    args = run_skill_args(main_turn(request_text, attached))
    assert args["skill_id"] == skill
    assert args["goal"] == request_text  # the full request, without the runtime's attachment line
    assert args.get("inputs", []) == (attached or [])


def test_files_named_in_the_request_become_inputs() -> None:
    args = run_skill_args(main_turn('In report.docx replace "Acme" with "Mira"'))
    assert args == {"skill_id": "docx", "goal": 'In report.docx replace "Acme" with "Mira"',
                    "inputs": ["report.docx"]}
    zh = run_skill_args(main_turn("把 report.docx 中的“甲公司”改成“乙公司”"))
    assert zh["skill_id"] == "docx" and zh["inputs"] == ["report.docx"]


def test_explicit_format_beats_a_generic_word() -> None:
    # "report" alone would mean a document; "slides" names the format.
    assert run_skill_args(main_turn("Turn this report into slides", ["notes.md"]))["skill_id"] == "pptx"
    # A word inside a file name does not pick the format.
    assert run_skill_args(main_turn("Make a PDF from word-notes.md", ["word-notes.md"]))["skill_id"] == "pdf"


@pytest.mark.parametrize(("request_text", "marker"), [
    ("hello, who are you?", "offline planner"),
    ("Tell me a joke", "Settings"),
    ("你好，你能做什么？", "离线规划器"),
    ("讲个笑话", "设置"),
])
def test_without_a_match_it_answers_in_plain_text_in_the_users_language(request_text: str, marker: str) -> None:
    turn = main_turn(request_text)
    assert turn.tool_calls == ()
    assert marker in turn.text


@pytest.mark.parametrize(("request_text", "marker"), [
    ("Write me a report about climate change", "can't write that content myself"),
    ("写一份关于气候变化的报告", "不能替你撰写内容"),
])
def test_it_does_not_pretend_to_write_prose_it_does_not_have(request_text: str, marker: str) -> None:
    turn = main_turn(request_text)
    assert turn.tool_calls == ()
    assert marker in turn.text


def test_recalc_without_a_workbook_explains_instead_of_calling() -> None:
    assert main_turn("Please recalculate the formulas").tool_calls == ()


def test_after_a_tool_result_it_stops_instead_of_looping() -> None:
    first = main_turn("Make slides", ["notes.md"])
    call = first.tool_calls[0]
    messages = [SYSTEM, ChatMessage(role="user", content="Make slides\n\n[Attached files in the workspace: notes.md]"),
                ChatMessage(role="assistant", content="", tool_calls=(call,)),
                ChatMessage(role="tool", content=json.dumps({"ok": False, "error": "unknown skill 'pptx'"}), tool_call_id=call.id)]
    turn = decide(messages, MAIN_TOOLS)
    assert turn.tool_calls == ()
    assert "unknown skill 'pptx'" in turn.text


def test_stream_yields_text_chunks_then_one_completion() -> None:
    events = collect(OfflinePlanner(), [SYSTEM, ChatMessage(role="user", content="hello")], MAIN_TOOLS)
    deltas = [e for e in events if isinstance(e, TextChunk)]
    assert len(deltas) >= 2
    assert isinstance(events[-1], Completion)
    assert "".join(d.text for d in deltas) == events[-1].text
    assert OfflinePlanner.name == "offline-planner"
    assert OfflinePlanner.label == "Offline planner (no network)"


def test_tool_call_ids_are_unique_per_turn() -> None:
    turn = main_turn("Make a PDF", ["notes.md"])
    assert turn.tool_calls[0].id
    assert turn.finish_reason == "tool_calls"
    # A later turn of the same transcript (after a reply) never reuses an earlier call's id.
    messages = [SYSTEM, ChatMessage(role="user", content="Make a PDF\n\n[Attached files in the workspace: notes.md]"),
                ChatMessage(role="assistant", content="", tool_calls=turn.tool_calls),
                ChatMessage(role="tool", content=json.dumps({"ok": True}), tool_call_id=turn.tool_calls[0].id),
                ChatMessage(role="assistant", content="Done."),
                ChatMessage(role="user", content="Make slides\n\n[Attached files in the workspace: notes.md]")]
    later = decide(messages, MAIN_TOOLS)
    assert later.tool_calls and later.tool_calls[0].id != turn.tool_calls[0].id


def test_a_conversion_is_not_mistaken_for_a_text_edit() -> None:
    args = run_skill_args(main_turn("把 report.docx 改成 PDF", ["report.docx"]))
    assert args["skill_id"] == "pdf"


def test_an_unknown_verb_on_a_file_gets_the_help_text() -> None:
    turn = main_turn("Translate report.docx into French", ["report.docx"])
    assert turn.tool_calls == ()
    assert "offline planner" in turn.text


@pytest.mark.parametrize(("text", "chinese"), [
    ("把这些笔记做成 Word 文档", True),
    ("请把 notes.md 转成 PowerPoint 演示文稿", True),
    ("把下面的内容做成幻灯片：\n# Intro\n- hello", True),
    ("Turn 笔记.md into slides", False),  # a Chinese file name does not make the request Chinese
    ("Make a Word document from this:\n# 季度报告\n- 增长", False),  # nor does pasted Chinese content
])
def test_reply_language_follows_the_instruction(text: str, chinese: bool) -> None:
    from desktop.llm.offline._route import is_chinese

    assert is_chinese(text) is chinese


# Format names and synonyms in any position, both languages, glued to CJK characters or not.
@pytest.mark.parametrize(("request_text", "attached", "skill"), [
    ("把下面的内容做成PPT：\n# 标题\n- 要点", None, "pptx"),
    ("生成PDF：\n# 标题\n正文", None, "pdf"),
    ("做成Word：\n# 标题\n正文", None, "docx"),
    ("把下面内容做成docx：\n# 标题", None, "docx"),
    ("生成Excel：\n名称,数量\n苹果,3", None, "xlsx"),
    ("做一个xlsx：\n名称,数量\n苹果,3", None, "xlsx"),
    ("转成幻灯片：\n# 标题", None, "pptx"),
    ("请做成演示文稿：\n# 标题", None, "pptx"),
    ("生成电子表格：\n名称,数量\n苹果,3", None, "xlsx"),
    ("生成表格：\n名称,数量\n苹果,3", None, "xlsx"),
    ("整理成文档：\n# 标题\n正文", None, "docx"),
    ("PPT做一下：\n# 标题", None, "pptx"),
    ("帮我做个deck：\n# 标题", None, "pptx"),
    ("slides please:\n# Title\n- point", None, "pptx"),
    ("Spreadsheet of this:\nname,qty\napple,3", None, "xlsx"),
    ("a workbook please:\nname,qty\napple,3", None, "xlsx"),
    ("notes → PDF:\n# Title", None, "pdf"),
    ("Turn report.docx into slides", ["report.docx"], "pptx"),
    ("把这份Word做成PPT", ["report.docx"], "pptx"),
    ("把这份Word转成PDF", ["report.docx"], "pdf"),
    ("把这个PPT做成Word文档", ["deck.pptx"], "docx"),
    ("把这个Excel做成幻灯片", ["data.xlsx"], "pptx"),
    ("Convert the spreadsheet data.xlsx to a Word document", ["data.xlsx"], "docx"),
    ("Turn deck.pptx into a PDF", ["deck.pptx"], "pdf"),
])
def test_format_names_are_recognised_in_any_position(request_text: str, attached: list[str] | None,
                                                     skill: str) -> None:
    args = run_skill_args(main_turn(request_text, attached))
    assert args["skill_id"] == skill


@pytest.mark.parametrize("request_text", ["帮我写一份列表", "What is a deckhand?", "powerpointless talk"])
def test_words_that_only_contain_a_format_name_pick_none(request_text: str) -> None:
    turn = main_turn(request_text)
    assert not turn.tool_calls


@pytest.mark.parametrize(("request_text", "named"), [
    ("把 ../etc/passwd 变成 PDF", "../etc/passwd"),
    ("convert /etc/hosts.docx to a PDF", "/etc/hosts.docx"),
    ("what's in ../secret.docx?", "../secret.docx"),
    ("open ~/notes.md and make slides", "~/notes.md"),
])
def test_a_file_outside_the_working_folder_is_refused_not_swapped_for_a_folder_file(request_text: str,
                                                                                    named: str) -> None:
    turn = main_turn(request_text, attached=["plan.docx"])
    assert not turn.tool_calls  # nothing is run, least of all on plan.docx in its place
    assert f"“{named}”" in turn.text and ("working folder" in turn.text or "工作文件夹" in turn.text)


@pytest.mark.parametrize("request_text", [
    "Make a Word document with: install it to /usr/local/bin/mira and run it",  # the document's own words
    "replace 1/2 with 3/4 in plan.docx",
    "A/B test results as slides: variant A won",
])
def test_slashes_in_what_the_user_wrote_are_not_paths_outside(request_text: str) -> None:
    assert main_turn(request_text, attached=["plan.docx"]).tool_calls


def test_a_chinese_request_naming_a_path_is_answered_in_chinese() -> None:
    assert "工作文件夹" in main_turn("把 ../etc/passwd 变成 PDF", attached=["plan.docx"]).text
