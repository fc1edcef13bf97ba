"""The offline planner's generate step: a delivery message that reports the packet honestly."""
from __future__ import annotations

import json

from desktop.llm import ChatMessage, ToolSpec
from desktop.llm.offline import OfflinePlanner

from ._util import finish

EVIDENCE = {
    "path": "report.docx", "kind": "docx", "sha256": "ab" * 32, "bytes": 36_900, "passed": True,
    "checks": [
        {"name": "opens", "status": "passed", "detail": "python-docx opened it"},
        {"name": "headings present", "status": "passed", "detail": "3 of 3"},
        {"name": "visual render", "status": "not_run", "detail": "LibreOffice is not installed"},
    ],
    "counts": {"headings": 3, "tables": 1},
}
ARTIFACT = {"path": "report.docx", "kind": "docx", "sha256": "ab" * 32, "bytes": 36_900, "title": "Report"}


def generate(packet: dict, request: str = "Turn notes.md into a Word report") -> str:
    messages = [
        ChatMessage(role="system", content="Write the delivery message. You cannot call tools."),
        ChatMessage(role="user", content=request + "\n\n[Attached files in the workspace: notes.md]"),
        ChatMessage(role="user", content="FINALIZATION PACKET\n" + json.dumps(packet, ensure_ascii=False)),
    ]
    done = finish(OfflinePlanner(), messages, [])
    assert done.tool_calls == ()
    return done.text


def test_completed_lists_the_file_and_reports_a_not_run_check_as_not_run() -> None:
    text = generate({"status": "completed", "skill_id": "docx", "summary": "Made report.docx from notes.md.",
                     "artifacts": [ARTIFACT], "evidence": [EVIDENCE]})
    assert "**report.docx** — Word document, 36.0 KB" in text
    assert "Made report.docx from notes.md." in text
    # one line per file; only the check that did not run is named, in plain words, with its reason
    assert "**report.docx** — Word document, 36.0 KB · 2 of 3 checks passed, 1 not run" in text
    assert "– Check “visual render”: **not run** — LibreOffice is not installed" in text
    assert "opens" not in text and "python-docx" not in text
    assert "visual render”: **passed**" not in text


def test_a_failed_check_is_called_failed() -> None:
    bad = {**EVIDENCE, "passed": False, "checks": [{"name": "no formula errors", "status": "failed",
                                                     "detail": "#DIV/0! in Sheet1!C4"}]}
    text = generate({"status": "completed", "skill_id": "xlsx", "summary": "Made it.",
                     "artifacts": [ARTIFACT], "evidence": [bad]})
    assert "✗ No formula shows an error: **failed** — #DIV/0! in Sheet1!C4" in text
    assert "1 of 1 check failed" in text


def test_no_evidence_is_not_presented_as_verified() -> None:
    text = generate({"status": "completed", "skill_id": "docx", "summary": "", "artifacts": [ARTIFACT],
                     "evidence": []})
    assert "No checks ran on this file" in text
    assert "passed" not in text


def test_denied_says_nothing_was_written() -> None:
    text = generate({"status": "denied", "skill_id": "docx",
                     "summary": "Nothing was written: the user denied docx_create for report.docx.",
                     "artifacts": [], "evidence": []})
    assert text == "You declined the change, so nothing was written."  # no command names
    other = generate({"status": "denied", "skill_id": "docx", "summary": "", "artifacts": [], "evidence": []})
    assert other == "You declined the change, so nothing was written."


def test_failed_in_chinese() -> None:
    text = generate({"status": "failed", "skill_id": "docx", "summary": "步骤预算已用完",
                     "artifacts": [], "evidence": []}, request="把笔记做成 Word 文档")
    assert text.startswith("任务没有完成。")
    assert "步骤预算已用完" in text


def test_chinese_checks_show_not_run() -> None:
    text = generate({"status": "completed", "skill_id": "docx", "summary": "生成了 报告.docx",
                     "artifacts": [{**ARTIFACT, "path": "报告.docx"}], "evidence": [{**EVIDENCE, "path": "报告.docx"}]},
                    request="把笔记做成 Word 文档")
    assert "已完成。生成的文件：" in text
    assert "**报告.docx** — Word 文档，36.0 KB" in text
    assert "– 检查“visual render”：**未运行** — LibreOffice is not installed" in text
    assert "3 项检查中 2 项通过，1 项未运行" in text


def test_an_unreadable_packet_is_said_plainly() -> None:
    messages = [ChatMessage(role="user", content="Make a PDF"), ChatMessage(role="user", content="FINALIZATION PACKET\n{not json")]
    done = finish(OfflinePlanner(), messages, [])
    assert done.tool_calls == ()
    assert "could not be read" in done.text


def test_no_tools_without_a_packet_never_calls_a_tool() -> None:
    done = finish(OfflinePlanner(), [ChatMessage(role="user", content="Make slides from notes.md")], [])
    assert done.tool_calls == ()
    unknown = [ToolSpec(name="something_else", description="?", parameters={"type": "object"})]
    assert finish(OfflinePlanner(), [ChatMessage(role="user", content="Make slides")], unknown).tool_calls == ()
