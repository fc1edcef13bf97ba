"""What an approval card says about a write, in a Chinese interface: the headline, the details line (the
command's summary) and every before/after side are Chinese, apart from the user's own words and file names.
Real commands describe real files; only the command ids stay for the details view (not checked here)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop.agent.summaries import approval_summary
from desktop.messages import shown
from desktop.translations import render_plain
from skills.describe import write_headline
from skills.messages import english
from skills.runtime import Evidence, Workspace, get_command
from tests.zh_words import english_words

TITLE = "季度计划"
BLOCKS = [{"type": "heading", "text": "目标", "level": 1}, {"type": "bullets", "items": ["提高销量", "留住老客户"]},
          {"type": "table", "header": ["项目", "费用"], "rows": [["广告", "1200"]]}]
LIST_ONLY = [{"type": "bullets", "items": ["第一点", "第二点"]}]
SHEET = {"name": "销售", "header": ["地区", "金额"], "rows": [["华东", 10], ["华北", 20]]}


def zh(text: str) -> str:
    return shown(text, lambda m: render_plain(m, "zh_CN"))


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    ws = Workspace(tmp_path)
    get_command("docx_create").run(ws, {"path": "计划.docx", "title": TITLE, "blocks": BLOCKS})
    get_command("pdf_create").run(ws, {"path": "计划.pdf", "title": TITLE, "blocks": BLOCKS})
    get_command("pdf_create").run(ws, {"path": "附录.pdf", "title": "附录", "blocks": LIST_ONLY})
    get_command("xlsx_create").run(ws, {"path": "销售.xlsx", "sheets": [SHEET]})
    get_command("pdf_create").run(ws, {"path": "goals.pdf", "blocks": [{"type": "paragraph", "text": "Goals 和 Aims"}]})
    get_command("pptx_create").run(ws, {"path": "幻灯片.pptx", "slides": [
        {"layout": "title", "title": "旧标题"}, {"layout": "bullets", "title": "要点", "bullets": ["甲", "乙"]}]})
    return ws


CALLS: list[tuple[str, dict[str, Any]]] = [
    ("docx_create", {"path": "新.docx", "title": TITLE, "blocks": BLOCKS}),
    ("docx_create", {"path": "清单.docx", "blocks": LIST_ONLY}),  # no headings: was "+ 1 list"
    ("docx_create", {"path": "计划.docx", "blocks": LIST_ONLY, "overwrite": True}),
    ("docx_create", {"path": "计划.docx", "blocks": LIST_ONLY}),  # would fail: exists
    ("docx_edit", {"path": "计划.docx", "operations": [{"op": "replace_text", "find": "目标", "replace": "年度目标"}]}),
    ("docx_edit", {"path": "计划.docx", "output": "计划2.docx",
                   "operations": [{"op": "replace_text", "find": "目标", "replace": "新目标"}]}),
    ("pdf_create", {"path": "新.pdf", "blocks": LIST_ONLY}),
    ("pdf_create", {"path": "计划.pdf", "blocks": BLOCKS, "overwrite": True}),
    ("pdf_merge", {"inputs": ["计划.pdf", "附录.pdf"], "output": "合并.pdf"}),
    ("pdf_split", {"path": "计划.pdf", "ranges": ["1-1"], "output_dir": "拆分"}),
    ("pdf_replace_text", {"path": "goals.pdf", "find": "Goals", "replace": "Aims"}),  # letters the PDF's font has
    ("pptx_create", {"path": "演示.pptx", "slides": [{"layout": "title", "title": TITLE},
                                                    {"layout": "bullets", "title": "目标", "bullets": ["提高销量"]}]}),
    ("xlsx_create", {"path": "新表.xlsx", "sheets": [SHEET]}),
    ("xlsx_edit", {"path": "销售.xlsx", "operations": [{"op": "rename_sheet", "name": "销售", "to": "收入"}]}),
    ("xlsx_edit", {"path": "销售.xlsx", "operations": [{"op": "append_rows", "sheet": "销售", "rows": [["华南", 5]]},
                                                      {"op": "add_sheet", "name": "备注", "header": ["说明"]},
                                                      {"op": "add_sheet", "name": "空表"},
                                                      {"op": "remove_sheet", "name": "空表"}]}),
    ("docx_edit", {"path": "计划.docx", "track_changes": True,
                   "operations": [{"op": "replace_text", "find": "目标", "replace": "年度目标"},
                                  {"op": "comment", "text": "提高销量", "comment": "要具体数字"}]}),
    ("pptx_edit", {"path": "幻灯片.pptx", "operations": [
        {"op": "set_title", "slide": 1, "text": "新标题"}, {"op": "set_notes", "slide": 1, "text": "讲稿"},
        {"op": "set_bullets", "slide": 2, "bullets": ["一", "二"]}, {"op": "replace_text", "find": "一", "replace": "壹"},
        {"op": "add_slide", "slide": {"layout": "bullets", "title": "风险", "bullets": ["预算"]}},
        {"op": "move_slide", "slide": 3, "to": 1}, {"op": "remove_slide", "slide": 2}]}),
    ("xlsx_recalculate", {"path": "销售.xlsx"}),
    ("export_pdf", {"path": "计划.docx", "output": "计划导出.pdf"}),
]
DATA = ["计划", "新", "清单", "合并", "附录", "拆分", "演示", "销售", "新表", "计划2", "计划导出", "#REF!", "Goals", "Aims"]


@pytest.mark.parametrize(("command", "args"), CALLS, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CALLS)])
def test_an_approval_card_reads_in_chinese(ws: Workspace, command: str, args: dict[str, Any]) -> None:
    cmd = get_command(command)
    assert cmd.describe is not None
    plan = cmd.describe(ws, dict(args))
    target = str(args.get(cmd.target_arg or "") or "")
    texts = {"headline": render_plain(write_headline(command, args), "zh_CN"),
             "details": zh(approval_summary(plan, target, []))}
    for n, change in enumerate(plan.changes):
        texts[f"before {n}"], texts[f"after {n}"] = zh(change.before), zh(change.after)
    english = {where: english_words(text, DATA) for where, text in texts.items()}
    assert {where: words for where, words in english.items() if words} == {}, texts
    assert command not in texts["details"]  # the command id is for the details view's own "Command:" line


def test_files_the_write_reads_are_listed_in_chinese() -> None:
    from skills.messages import msg
    from skills.runtime import WritePlan

    told_nothing = approval_summary(None, "a.docx", ["图.png"])  # a command without a plan: the file it writes
    assert zh(told_nothing) == "写入 a.docx\n使用 图.png"
    said = approval_summary(WritePlan(summary=msg("summary.create.empty", name="a.docx")),
                            "a.docx", [f"图{i}.png" for i in range(10)])
    assert zh(said) == "创建 a.docx\n使用 图0.png、图1.png、图2.png、图3.png、图4.png、图5.png、图6.png、图7.png 以及另外 2 个文件"


def _details_zh(evidence: Evidence) -> list[str]:
    """The details under a file card's badge, as the window builds them, in Chinese."""
    from desktop import i18n
    from desktop.ui.host import evidence_summary
    from skills.messages import Msg

    i18n.set_language("zh_CN")
    try:
        summary = evidence_summary(evidence)
        assert summary is not None
        # A reason is a message the card says when it draws (in the language shown then), or plain text.
        return [i18n.render(c.detail) if isinstance(c.detail, Msg) else c.detail
                for c in summary.checks if c.status != "passed"]
    finally:
        i18n.set_language("en")


def test_a_check_that_did_not_run_says_why_in_chinese(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    from skills.runtime import soffice

    monkeypatch.setattr(soffice, "soffice_path", lambda: None)
    res = get_command("render_check").run(ws, {"path": "计划.docx"})
    [evidence] = res.evidence
    assert "LibreOffice is not installed" in english(evidence.checks[0].detail)  # English for the model
    details = _details_zh(evidence)
    assert details and all(d.startswith("页面没有绘制出来：没有安装 LibreOffice") for d in details), details
    assert [english_words(d) for d in details] == [[] for _ in details]


def test_a_count_that_does_not_match_says_so_in_chinese(ws: Workspace) -> None:
    res = get_command("docx_verify").run(ws, {"path": "计划.docx", "expect": {"tables": 3}})
    [evidence] = res.evidence
    assert _details_zh(evidence) == ["应为 3，实际为 1"]
