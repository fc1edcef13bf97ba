"""Holes a hostile model found (issue 12): each test failed before its fix."""
from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from desktop.agent import ApprovalError
from desktop.agent import events as ev
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from skills.runtime import Command, CommandResult, Workspace

from .conftest import Harness, run, seen
from .fakes import fake_skills, read

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))
WRITE = ("s1", "note_write", json.dumps({"path": "a.txt", "text": "new", "overwrite": True}))
FINISH = [tool_turn(("s2", "complete", json.dumps({"summary": "ok", "artifacts": ["a.txt"]}))), Completion(text="Done.")]


def _tool_results(h: Harness, task_id: str, agent: str = "skill:notes") -> list[dict[str, Any]]:
    return [json.loads(e.message["content"]) for e in h.store.transcript(task_id, agent)
            if e.message.get("role") == "tool"]


def _paused(h: Harness, steps: list, **kw: Any) -> tuple[Any, str, str]:
    rt = h.runtime([tool_turn(RUN_NOTES), *steps], **kw)
    task_id = run(rt.start_task(h.conv.id, "write a"))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id, h.store.task(task_id)
    return rt, task_id, approval_id


# -- re-check the input hash on every path that executes a frozen call -------------------------

def test_recovery_after_approved_refuses_arguments_that_no_longer_match_their_hash(h: Harness) -> None:
    def die(point: str) -> None:
        if point == "after_approved_commit":
            raise SystemExit("simulated crash right after 'approved' was committed")

    rt, task_id, approval_id = _paused(h, [tool_turn(WRITE), *FINISH], probe=die)
    with pytest.raises(SystemExit, match="simulated crash right after"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "approved"
    with sqlite3.connect(h.db) as raw:  # someone edits the stored arguments while Mira is down
        raw.execute("UPDATE approvals SET arguments=? WHERE id=?",
                    (json.dumps({"path": "a.txt", "text": "evil", "overwrite": True}), approval_id))
    rt2 = h.runtime(FINISH)
    run(rt2.recover())
    assert not (h.ws(task_id) / "a.txt").exists()
    [row] = [r for r in h.store.ledger(task_id) if r.tool_id == "note_write"]
    assert row.state == "failed" and "input hash" in row.result["error"]


# -- a symlink swapped in while an approval is pending ------------------------------------------

def test_a_symlink_swapped_in_during_approval_is_refused_and_the_agent_goes_on(h: Harness, tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me", encoding="utf-8")
    rt, task_id, approval_id = _paused(h, [tool_turn(WRITE), Completion(text="I could not write it."),
                                           Completion(text="Nothing was written.")])
    target = h.ws(task_id) / "a.txt"
    target.unlink(missing_ok=True)
    os.symlink(outside, target)
    with pytest.raises(ApprovalError, match="outside|link"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "refused"
    assert read(outside) == "keep me"
    status = rt.task_status(task_id)
    assert status.status == "finished" and status.pending_approval_id is None
    assert not [r for r in h.store.ledger(task_id) if r.state == "executing"]


# -- deeply nested arguments --------------------------------------------------------------------

def test_deeply_nested_arguments_are_a_tool_error_and_the_run_skill_row_closes(h: Harness) -> None:
    deep = ("s1", "note_write", "[" * 200_000)
    deep_obj = ("s2", "note_write", '{"path": "a.txt", "text": ' + "[" * 5000 + "]" * 5000 + "}")
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(deep), tool_turn(deep_obj),
                    tool_turn(("s3", "complete", json.dumps({"summary": "gave up"}))), Completion(text="Sorry.")])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    status = rt.task_status(task_id)
    assert status.status == "finished", status.error
    errors = [seen(r) for r in _tool_results(h, task_id)[:2]]
    assert all("nested" in e for e in errors), errors
    assert not [r for r in h.store.ledger(task_id) if r.state == "executing"]


# -- every path in every argument is checked before approval, and shown ---------------------------

def _doc_write(ws: Workspace, args: dict[str, Any]) -> CommandResult:
    for block in args["blocks"]:
        if block.get("type") == "image":
            ws.resolve(block["path"], must_exist=True)
    with ws.publish(args["output"]) as staging:
        staging.write_text("doc", encoding="utf-8")
    return CommandResult(ok=True, message="wrote", data={})


DOC_WRITE = Command(args_type=dict,
    name="doc_write", description="Write a document from blocks.",
    input_schema={"type": "object", "properties": {
        "output": {"type": "string"},
        "blocks": {"type": "array", "items": {"type": "object", "properties": {
            "type": {"type": "string"}, "path": {"type": "string"}, "text": {"type": "string"}}}}},
        "required": ["output", "blocks"]},
    writes=True, run=_doc_write, target_arg="output")


def _doc_call(call_id: str, image: str) -> tuple[str, str, str]:
    return (call_id, "doc_write", json.dumps({"output": "r.txt", "blocks": [
        {"type": "paragraph", "text": "hi"}, {"type": "image", "path": image}]}))


def test_image_paths_inside_blocks_are_checked_before_approval_and_shown(h: Harness, tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(b"\x89PNG")
    skills = fake_skills(extra=[DOC_WRITE])
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(_doc_call("s1", "../../secret.png")),
                    tool_turn(_doc_call("s2", "missing.png")), tool_turn(_doc_call("s3", "figs/chart.png")),
                    *FINISH], skills=skills)
    def add_chart(event: object) -> None:
        if isinstance(event, ev.ToolStarted) and event.tool_call_id == "s3":
            folder = h.ws(event.task_id) / "figs"
            folder.mkdir(exist_ok=True)
            (folder / "chart.png").write_bytes(b"\x89PNG")

    rt.subscribe(add_chart)
    task_id = run(rt.start_task(h.conv.id, "write a"))
    errors = [seen(r) for r in _tool_results(h, task_id)[:2]]
    assert "blocks/1/path" in errors[0] and "leaves the workspace" in errors[0], errors
    assert "blocks/1/path" in errors[1] and "missing.png" in errors[1], errors
    [requested] = h.of(ev.ApprovalRequested)
    assert requested.reads == ("figs/chart.png",)
    assert "figs/chart.png" in h.store.approval(requested.approval_id).summary.english()


# -- a schema error echoes a capped value ----------------------------------------------------

def test_a_schema_error_does_not_echo_a_huge_value(h: Harness) -> None:
    huge = "x" * 2_000_000
    bad = ("s1", "note_write", json.dumps({"path": "a.txt", "text": 5, "title": ["t", huge]}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(bad),
                    tool_turn(("s2", "complete", json.dumps({"summary": "gave up"}))), Completion(text="Sorry.")])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    [row] = [r for r in h.store.ledger(task_id) if r.tool_id == "note_write"]
    assert row.state == "failed" and len(row.result["error"]) < 1000, len(row.result["error"])
    results = [e for e in h.store.transcript(task_id, "skill:notes") if e.message.get("role") == "tool"]
    assert len(results[0].message["content"]) < 1200


# -- a reused tool call id ------------------------------------------------------------------------

def test_a_reused_tool_call_id_is_refused(h: Harness) -> None:
    read_a = ("s1", "note_read", json.dumps({"path": "a.txt"}))
    again = ("s1", "note_read", json.dumps({"path": "b.txt"}))
    twice = tool_turn(("s5", "list_workspace", "{}"), ("s5", "list_workspace", json.dumps({"path": "."})))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(read_a), tool_turn(again), twice,
                    tool_turn(("s6", "complete", json.dumps({"summary": "read"}))), Completion(text="Done.")])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    results = _tool_results(h, task_id)
    assert "already used" in results[1]["error"], results[1]
    assert results[2].get("ok") is True and "already used" in results[3]["error"], results[2:4]
    runs = [r for r in h.store.ledger(task_id)
            if r.tool_id == "note_read" and "already used" not in str(r.result.get("error"))]
    assert len(runs) == 1  # the second call with id s1 never ran


# -- Ctrl-C / cancel leaves nothing executing, and no empty folders ---------------------------------

def test_a_cancelled_task_leaves_no_ledger_row_executing(h: Harness) -> None:
    class Stalling:
        name = label = "stalling"

        def __init__(self) -> None:
            self.n = 0

        async def stream(self, messages: Any, tools: Any) -> Any:
            self.n += 1
            if self.n == 1:
                yield Completion(text="", tool_calls=tool_turn(RUN_NOTES).tool_calls, finish_reason="tool_calls")
                return
            await asyncio.sleep(3600)
            yield Completion(text="never")

    rt = h.runtime()
    model = Stalling()
    rt.model_factory = lambda: model

    async def go() -> str:
        start = asyncio.ensure_future(rt.start_task(h.conv.id, "write a"))
        while model.n < 2:
            await asyncio.sleep(0.01)
        start.cancel()
        with pytest.raises(asyncio.CancelledError):
            await start
        [task] = h.store.tasks()
        return task.id

    task_id = run(go())
    assert h.store.task(task_id).status == "cancelled"
    assert [r.state for r in h.store.ledger(task_id) if r.tool_id == "run_skill"] == ["failed"]


def test_failed_and_cancelled_requests_leave_no_empty_folders(h: Harness) -> None:
    from desktop.llm import ModelError

    rt = h.runtime([ModelError("the server is down")])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    assert h.store.task(task_id).status == "failed"
    assert not (h.ws(task_id)).exists()
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(WRITE)])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    rt.cancel(task_id)
    assert h.store.task(task_id).status == "cancelled"
    assert not (h.ws(task_id)).exists()


def test_a_folder_with_files_is_kept_after_a_failure(h: Harness, tmp_path: Path) -> None:
    from desktop.llm import ModelError

    src = tmp_path / "notes.md"
    src.write_text("# hi", encoding="utf-8")
    rt = h.runtime([ModelError("the server is down")])
    task_id = run(rt.start_task(h.conv.id, "write a", [src]))
    assert h.store.task(task_id).status == "failed"
    assert (h.ws(task_id) / "notes.md").is_file()
