"""The offline planner's reading of follow-ups (English and Chinese) and how it picks the file they mean."""
from __future__ import annotations

import pytest

from desktop.llm.offline._followup import decide, follow_up_of, operation

CASES = [
    ("change the title to Q4 Review", "set_title", {"title": "Q4 Review"}),
    ("把标题改成 第四季度回顾", "set_title", {"title": "第四季度回顾"}),
    ("add a slide titled Risks with bullets: Budget, Timeline", "add_slide",
     {"title": "Risks", "bullets": ["Budget", "Timeline"]}),
    ("加一张幻灯片，标题是风险，要点：预算、时间", "add_slide", {"title": "风险", "bullets": ["预算", "时间"]}),
    ("add a section titled Risks with text: Budget is tight.", "add_section",
     {"title": "Risks", "text": "Budget is tight."}),
    ("add a row: kiwi,4,3.0", "add_rows", {"rows": [["kiwi", 4, 3.0]]}),
    ("添加一行：猕猴桃,4,3.0", "add_rows", {"rows": [["猕猴桃", 4, 3.0]]}),
    ("make it a PDF too", "export_pdf", {}),
    ("再导出一份PDF", "export_pdf", {}),
    ("undo that", "undo", {}),
    ("撤销上一步", "undo", {}),
    ("Restore v1 of report.docx", "restore", {"version": 1}),
    ("把 report.docx 恢复到 v2", "restore", {"version": 2}),
    ('change "September 15" to "September 22"', "replace_text", {"find": "September 15", "replace": "September 22"}),
    ("把9月15日改成9月22日", "replace_text", {"find": "9月15日", "replace": "9月22日"}),
]


@pytest.mark.parametrize(("request_text", "op", "params"), CASES)
def test_operations_in_both_languages(request_text: str, op: str, params: dict) -> None:
    found = operation(request_text)
    assert found is not None and found.op == op and dict(found.params) == params


def test_plain_requests_are_no_follow_ups() -> None:
    for text in ("Turn notes.md into slides", "Make a Word document from this:\n# Title\n\nBody", "hello"):
        assert operation(text) is None or decide(text, [], {"artifacts": []}, False) is None


def _ctx(*arts: tuple[str, str, int]) -> dict:
    return {"artifacts": [{"path": p, "kind": p.rsplit(".", 1)[1], "task": t, "version": v,
                           "versions": [{"version": n, "sha256": f"{n}" * 64} for n in range(1, v + 1)]}
                          for p, t, v in arts],
            "working_folder": {"files": [{"path": p} for p, _t, _v in arts]}}


def test_it_means_the_latest_file_and_two_candidates_are_asked_back() -> None:
    ctx = _ctx(("a.docx", "t1", 1), ("b.pptx", "t2", 1), ("c.docx", "t3", 2))
    job = decide("change the title of it to X", [], ctx, False)
    assert job is not None and job.skill == "docx" and '"path": "c.docx"' in job.goal
    asked = decide("change the title to X", [], ctx, False)  # no "it": a.docx, b.pptx and c.docx all fit
    assert asked is not None and not asked.skill and "a.docx" in asked.ask and "c.docx" in asked.ask
    slide = decide("add a slide titled Risks", [], ctx, False)  # only one deck: no question
    assert slide is not None and slide.skill == "pptx" and slide.inputs == ("b.pptx",)
    zh = decide("把标题改成 新", [], ctx, True)
    assert zh is not None and "哪个文件" in zh.ask


def test_undo_goes_back_one_version_and_says_when_there_is_none() -> None:
    ctx = _ctx(("c.docx", "t3", 3))
    job = decide("undo that", [], ctx, False)
    assert job is not None
    _goal, params = follow_up_of(job.goal)
    assert params == {"op": "undo", "path": "c.docx", "version": 2, "sha256": "2" * 64, "current": 3}
    nothing = decide("undo that", [], _ctx(("d.xlsx", "t1", 1)), False)
    assert nothing is not None and nothing.skill is None and "was made new in that step" in nothing.ask and "nothing was written" in nothing.ask


def test_make_a_pdf_from_content_is_a_new_file_not_an_export() -> None:
    ctx = _ctx(("r.docx", "t1", 1))
    assert decide("Make a PDF from these notes:\n# T\n\nx", [], ctx, False) is None
    export = decide("make it a PDF too", [], ctx, False)
    assert export is not None and '"output": "r.pdf"' in export.goal


def test_a_pdf_text_change_goes_in_place_when_the_command_exists() -> None:
    import json

    from desktop.llm.offline._followup_skill import FollowUpPlan
    from desktop.llm._types import ChatMessage, ToolSpec

    params = {"op": "replace_text", "path": "r.pdf", "find": "15", "replace": "22"}
    goal = [ChatMessage(role="user", content="change 15 to 22\n\n[Follow-up: " + json.dumps(params) + "]")]
    spec = {"type": "object"}
    with_edit = [ToolSpec(name=n, description="", parameters=spec) for n in ("pdf_create", "pdf_inspect", "pdf_replace_text", "complete")]
    turn = FollowUpPlan(goal, with_edit, params, False).next_turn()
    assert turn.tool_calls[0].name == "pdf_replace_text"
    assert json.loads(turn.tool_calls[0].arguments) == {"path": "r.pdf", "find": "15", "replace": "22"}
    without = [ToolSpec(name=n, description="", parameters=spec) for n in ("pdf_create", "pdf_inspect", "complete")]
    assert FollowUpPlan(goal, without, params, False).next_turn().tool_calls[0].name == "pdf_inspect"  # re-make
