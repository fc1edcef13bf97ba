"""Conversation titles: from what the conversation made or asked for, cut at a word, a rename kept."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.agent.titles import cut, made_title, request_title
from desktop.store import Store


@pytest.mark.parametrize(("request_text", "title"), [
    ("Make a PDF: # Meeting notes week 12\n\n- Budget review\n- Hiring plan", "Meeting notes week 12 (PDF)"),
    ("# Quarterly review\n\nSales grew.", "Quarterly review"),
    ("Make a PDF report on team onboarding", "Team onboarding (PDF)"),
    ("Make a Word document from minutes.md", "Minutes (DOCX)"),
    ("turn notes.md into a Word report", "Notes (DOCX)"),
    ("Write a memo titled \"Office move\" for staff", "Office move (DOCX)"),
    ("帮我做一份关于长城历史的演示文稿", "长城历史 (PPTX)"),
    ("请把 notes.md 做成 Word 文档", "Notes (DOCX)"),
    ("做一个名为入职培训的演示文稿，幻灯片为欢迎、工具和联系人", "入职培训 (PPTX)"),
    ("写一份叫搬家计划的备忘录，包括时间表和预算两个部分", "搬家计划 (DOCX)"),
    # the folder is named by this title: it was "Deck-called-Onboarding-with-slides-Welcome-Tools"
    ("Create a deck called Onboarding with slides Welcome, Tools and Contacts", "Onboarding (PPTX)"),
    ("Write a memo titled Office Move with headings Timeline and Budget", "Office Move (DOCX)"),
    ("Make a spreadsheet:\nname,qty\napple,3", "Spreadsheet (XLSX)"),
])
def test_a_request_gives_a_title_without_markdown_or_verbs(request_text: str, title: str) -> None:
    assert request_title(request_text) == title


@pytest.mark.parametrize("request_text", ["把这个表格做成Excel", "Turn this file into a spreadsheet", "把它转成Excel表格",
                                          "convert the attached csv to an Excel workbook", "帮我把这些数据做成Excel"])
def test_a_request_that_points_at_its_file_is_titled_by_the_file(request_text: str) -> None:
    """It was titled "这个表格 (XLSX)", and stayed so once the workbook was made."""
    assert request_title(request_text, ["sales_q3.csv"]) == "Sales q3 (XLSX)"
    assert made_title(title="", kind="xlsx", path="sales_q3.xlsx", request=request_text) == "Sales q3 (XLSX)"


@pytest.mark.parametrize("request_text", ["把A2改成5", "change B3 to 1200", "Replace Blame with Shame",
                                          "add a column Bonus: 100, 200"])
def test_an_edit_of_a_file_that_was_there_is_titled_by_the_file(request_text: str) -> None:
    """An attached workbook changed by "把A2改成5" titled the conversation "A2 (XLSX)"."""
    assert made_title(title="", kind="xlsx", path="q3_formulas.xlsx", request=request_text,
                      edited=True) == "Q3 formulas (XLSX)"
    assert made_title(title="q3_formulas", kind="xlsx", path="q3_formulas.xlsx", request=request_text,
                      edited=True) == "Q3 formulas (XLSX)"
    assert made_title(title="Quarterly review", kind="pptx", path="deck.pptx", request=request_text,
                      edited=True) == "Quarterly review (PPTX)"  # a document's own title still names it


@pytest.mark.parametrize(("request_text", "title"), [("把A2改成5", "把A2改成5"), ("change B3 to 1200", "Change B3 to 1200"),
                                                     ("change notes.md to a PDF", "Notes (PDF)")])
def test_a_value_changed_is_not_a_thing_turned_into_a_file(request_text: str, title: str) -> None:
    assert request_title(request_text) == title


def test_a_long_title_is_cut_at_a_word() -> None:
    title = request_title("make slides about the Great Wall of China and its history over two thousand years "
                          "of building and rebuilding by many dynasties")
    assert title.endswith("… (PPTX)") and len(title) <= 60
    words = title.removesuffix("… (PPTX)").split()
    assert words[-1] in "The Great Wall of China and its history over two thousand years".split()
    assert cut("abc " * 30, 20) == "abc abc abc abc…"


def test_a_made_file_names_the_conversation_by_its_title_and_kind() -> None:
    assert made_title(title="Meeting notes week 12", kind="pdf", path="minutes.pdf") == "Meeting notes week 12 (PDF)"
    # A skill's placeholder title says nothing: the request's subject, else the file name, instead.
    assert made_title(title="Document", kind="docx", path="a.docx", request="# Hiring plan\n- x") == "Hiring plan (DOCX)"
    assert made_title(title="", kind="xlsx", path="sales_2024.xlsx") == "Sales 2024 (XLSX)"


def test_the_first_file_retitles_once_and_a_rename_is_never_overwritten(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    try:
        conv = store.create_conversation("Make a PDF", auto=True)
        assert store.retitle_conversation(conv.id, "Notes (PDF)")
        assert store.conversation(conv.id).title == "Notes (PDF)"
        assert not store.retitle_conversation(conv.id, "Other (DOCX)")  # once: the next file keeps it
        renamed = store.create_conversation("Draft", auto=True)
        store.rename_conversation(renamed.id, "My own name")
        assert not store.retitle_conversation(renamed.id, "Notes (PDF)")
        assert store.conversation(renamed.id).title == "My own name"
    finally:
        store.close()


def _cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
         *args: str) -> dict:
    from desktop.agent import cli
    from desktop.llm.offline import OfflinePlanner

    monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(cli, "_configured", lambda: (OfflinePlanner(), "", tmp_path / "ws"))
    cli.main([*args, "--yes", "--json"])
    return json.loads(capsys.readouterr().out)


def test_mira_task_json_has_the_title_the_offline_planner_gave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    report = _cli(tmp_path, monkeypatch, capsys,
                  "Make a PDF: # Meeting notes week 12\n\n- Budget review\n- Hiring plan")
    assert report["outcome"] == "completed", report
    assert report["conversation_title"] == "Meeting notes week 12 (PDF)"
    # A follow-up in the same conversation keeps the title; a user's rename survives the next file too.
    store = Store()  # the same database the command used (under MIRA_HOME)
    try:
        store.rename_conversation(report["conversation_id"], "Week 12")
    finally:
        store.close()
    again = _cli(tmp_path, monkeypatch, capsys, "make it a Word document too",
                 "--conversation", report["conversation_id"])
    assert again["conversation_title"] == "Week 12"
