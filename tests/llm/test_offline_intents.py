"""The intents table: matching, precedence and the help text all come from it."""
from __future__ import annotations

import json

import pytest

from desktop.llm import ChatMessage
import desktop.llm.offline._intents as intents
from desktop.llm.offline._reply import help_text
from desktop.translations import render_plain
from skills.messages import MESSAGES, msg

from ._driver import MAIN_TOOLS, decide

REQUESTS = [
    ("In contract.docx, change every 2024 to 2025", "replace_text"),
    ("The title should be Weekend Plan", "set_title"),
    ("add a section called Costs with: Hotel 300, Food 120", "add_section"),
    ("append a slide titled Risks", "add_slide"),
    ("remove slide 3", "remove_slide"),
    ("add a row: May,1800,1150", "add_rows"),
    ("can I get that as a PDF?", "export_pdf"),
    ("Extract page 2 from doc.pdf", "extract_pages"),
    ("delete page 2 of doc.pdf", "delete_pages"),
    ("Combine a.pdf and b.pdf into one PDF", "merge_pdf"),
    ("Fill out form.pdf with Name: Grace Hopper and City: Arlington", "fill_form"),
    ("How many sheets are in book.xlsx and what are they called?", "inspect"),
    ("restore v1", "restore"),
    ("undo that", "undo"),
    ("加一张标题为风险的幻灯片，要点：预算、时间", "add_slide"),
    ("put it in a PDF", "export_pdf"),
    ("Sinple is misspelled - should read Simple", "replace_text"),
    ("the title should be Q3", "set_title"),  # not a fix of the word "title"
]


@pytest.mark.parametrize(("text", "intent"), REQUESTS)
def test_precedence_is_in_the_table_not_in_its_order(text: str, intent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    found = intents.match(text)
    assert found is not None and found.id == intent
    monkeypatch.setattr(intents, "INTENTS", tuple(reversed(intents.INTENTS)))
    again = intents.match(text)
    assert again is not None and again.id == intent and dict(again.values) == dict(found.values)


def test_a_higher_precedence_wins_where_two_intents_fit() -> None:
    # "remove page 2" fits both a page deletion and (by its verb) a slide removal: pages win by precedence.
    ids = [f.id for f in intents.match_all("remove page 2 from doc.pdf")]
    assert ids[0] == "delete_pages"
    assert intents.BY_ID["delete_pages"].precedence > intents.BY_ID["remove_slide"].precedence


def test_slots_come_typed() -> None:
    found = intents.match("加一张标题为风险的幻灯片，要点：预算、时间")
    assert found is not None and dict(found.values) == {"title": "风险", "bullets": ["预算", "时间"]}
    rows = intents.match("add rows: May, 1,800, 1150; June,1900,1200")
    assert rows is not None and rows.values["rows"] == [["May", 1800, 1150], ["June", 1900, 1200]]
    rotate = intents.match("rotate pages 1-2 of doc.pdf counterclockwise")
    assert rotate is not None and dict(rotate.values) == {"pages": ["1-2"], "angle": 270}
    every = intents.match("In contract.docx, change every 2024 to 2025")
    assert every is not None and dict(every.values) == {"find": "2024", "replace": "2025", "every": True}


def test_every_intent_has_both_languages_a_command_and_a_translated_help_line() -> None:
    for intent in intents.INTENTS:
        assert intent.en and intent.zh and intent.command, intent.id
        assert intent.help in MESSAGES, intent.id
        zh = render_plain(msg(intent.help), "zh_CN")
        assert zh != render_plain(msg(intent.help), "en"), f"{intent.help} is not translated"


def test_adding_an_operation_is_one_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    new = intents.Intent("sort_rows", ("xlsx",), {"column": "text"}, en=(r"\bsort (?:by|on) (?P<column>\w+)",),
                         zh=(r"按(?P<column>\w+?)排序",), command="xlsx_edit", precedence=71, help="help.rows")
    monkeypatch.setattr(intents, "INTENTS", (*intents.INTENTS, new))
    found = intents.match("sort by Month")
    assert found is not None and found.id == "sort_rows" and dict(found.values) == {"column": "Month"}
    assert "sort_rows" in next(ids for ids, h in intents.help_lines() if h == "help.rows")


def _main(*turns: tuple[str, str]) -> str:
    messages = [ChatMessage(role=role, content=text) for role, text in turns]
    turn = decide(messages, MAIN_TOOLS)
    assert turn.tool_calls == ()
    return turn.text


def test_the_help_is_shown_in_full_once_then_short_with_the_line_that_fits() -> None:
    full = _main(("user", "hello"))
    for _ids, help_id in intents.help_lines():
        assert render_plain(msg(help_id), "en") in full
    assert "[Settings](mira-settings:open)" in full
    short = _main(("user", "hello"), ("assistant", full), ("user", "how do I add a slide?"))
    assert len(short) < len(full) / 3
    assert render_plain(msg("help.slides"), "en") in short and "[Settings](mira-settings:open)" in short
    pages = _main(("user", "hello"), ("assistant", full), ("user", "can you split the pages somehow"))
    assert render_plain(msg("help.pdf_pages"), "en") in pages
    again = _main(("user", "hello"), ("assistant", full), ("user", "help"))
    assert again == full  # asked for: in full
    zh_full = help_text(True)
    zh = _main(("user", "你好"), ("assistant", zh_full), ("user", "怎么删除幻灯片"))
    assert render_plain(msg("help.slides"), "zh_CN") in zh and "[设置](mira-settings:open)" in zh


def test_make_it_a_pdf_too_with_no_file_says_there_is_none_yet() -> None:
    ctx = {"working_folder": {"files": [{"path": "notes.md"}]}, "artifacts": [], "earlier_turns": {"total": 1}}
    text = _main(("user", "CONVERSATION CONTEXT\n" + json.dumps(ctx)), ("user", "Turn notes.md into a Word report"),
                 ("assistant", "You declined the change, so nothing was written."), ("user", "make it a PDF too"))
    assert text.startswith("There is no file in this conversation yet")
    zh = _main(("user", "CONVERSATION CONTEXT\n" + json.dumps(ctx)), ("user", "再导出一份PDF"))
    assert zh.startswith("这个对话里还没有文件")


def test_quick_actions_come_from_the_table_and_their_requests_read_back_as_the_same_intent() -> None:
    from desktop.llm.offline._actions import actions_for, request_for

    values = {"title": "Risks", "bullets": "Budget, Time", "find": "2024", "replace": "2025",
              "rows": "May, 1800, 1150\nJune, 1900, 1200", "text": "Budget is tight", "cell": "B3", "value": "1,250",
              "header": "Margin", "values": "1,200, 350\n240"}
    assert [a.id for a in actions_for("pptx", 1)] == ["replace_text", "set_title", "add_slide", "export_pdf"]
    assert [a.id for a in actions_for("xlsx", 3)] == ["add_rows", "set_cells", "add_total", "add_column", "export_pdf",
                                                      "undo"]  # Undo: a v1
    assert "export_pdf" not in [a.id for a in actions_for("pdf", 2)]
    for kind in ("docx", "pptx", "xlsx", "pdf"):
        for action in actions_for(kind, 2):
            assert action.label in MESSAGES and render_plain(msg(action.label), "zh_CN") != render_plain(
                msg(action.label), "en")
            for chinese in (False, True):
                text = request_for(action, values, f"f.{kind}", chinese)
                assert text is not None and f"f.{kind}" in text
                found = intents.match(text)
                assert found is not None and found.id == action.id, text
                for slot in ("title", "find", "replace"):
                    if slot in action.fields:
                        assert found.values[slot] == values[slot], text
                if "bullets" in action.fields:
                    assert found.values["bullets"] == ["Budget", "Time"], text
                if "rows" in action.fields:
                    assert found.values["rows"] == [["May", 1800, 1150], ["June", 1900, 1200]], text
                if "cell" in action.fields:
                    assert found.values["cells"] == {"B3": 1250}, text
                if "values" in action.fields:  # "1,200" stays one value
                    assert (found.values["header"], found.values["values"]) == ("Margin", ["1,200", "350", "240"]), text
    slide = next(a for a in actions_for("pptx", 1) if a.id == "add_slide")
    assert request_for(slide, {"title": ""}, "d.pptx", False) is None  # a required field is empty
    assert request_for(slide, {"title": "Risks"}, "d.pptx", False) == "add a slide titled “Risks” to d.pptx"
