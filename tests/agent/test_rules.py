"""Scoped approval rules: "allow similar writes in this conversation" for one skill, one command and one
kind of write. Covered writes still go through the frozen-call path and the ledger, recorded as approved by
the rule; the exclusions always ask."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from desktop.agent import events as ev
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from skills.runtime import Command

from .conftest import Harness, run, seen
from .fakes import NOTE_WRITE, fake_skills, read

NOTE_APPEND = Command(args_type=dict, name="note_append", description="Append to a note.", input_schema=NOTE_WRITE.input_schema,
                      writes=True, run=NOTE_WRITE.run, target_arg="path", describe=NOTE_WRITE.describe)
SKILLS = fake_skills(extra=[NOTE_APPEND])


def _task(h: Harness, conv_id: str, path: str, *, command: str = "note_write", attach: list[Path] = (),
          **extra: Any) -> tuple[Any, str]:
    """One task: the skill agent proposes one write; returns (runtime, task_id) when it paused or finished."""
    args = {"path": path, "text": f"text for {path}", **extra}
    steps = [tool_turn(("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))),
             tool_turn(("s1", command, json.dumps(args))),
             tool_turn(("s2", "complete", json.dumps({"summary": "ok", "artifacts": [path]}))),
             Completion(text="Done.")]
    rt = h.runtime(steps, skills=SKILLS)
    return rt, run(rt.start_task(conv_id, "write", list(attach)))


def _write_approval(h: Harness, task_id: str) -> Any:
    [approval] = h.store.approvals(task_id)
    return approval


def _asks(rt: Any, task_id: str) -> bool:
    return rt.task_status(task_id).pending_approval_id is not None


def test_allow_similar_new_files_then_a_new_file_is_approved_by_the_rule(h: Harness) -> None:
    rt, first = _task(h, h.conv.id, "a.txt")
    approval_id = rt.task_status(first).pending_approval_id
    run(rt.approve(approval_id, allow_similar=True))
    [rule] = rt.rules(h.conv.id)
    assert (rule.skill_id, rule.command, rule.kind, rule.from_approval_id) == ("notes", "note_write", "create_new",
                                                                             approval_id)
    h.events.clear()
    rt, second = _task(h, h.conv.id, "b.txt")
    assert rt.task_status(second).status == "finished"
    assert read(h.ws(second) / "b.txt") == "text for b.txt"
    approval = _write_approval(h, second)  # still frozen and on record, with its input hash
    assert approval.state == "approved" and approval.message == f"approved by rule {rule.id}"
    [row] = [r for r in h.store.ledger(second) if r.tool_id == "note_write"]
    assert row.state == "done" and row.input_hash == approval.input_hash
    assert not h.of(ev.ApprovalRequested)
    assert h.of(ev.ApprovalDecided)[0] == ev.ApprovalDecided(task_id=second, approval_id=approval.id, approved=True, message=f"approved by rule {rule.id}")
    assert not h.of(ev.TaskPaused)


def _rule(h: Harness, kind: str = "create_new", command: str = "note_write", conv: str | None = None) -> Any:
    return h.store.rules.add(conversation_id=conv or h.conv.id, skill_id="notes", command=command, kind=kind)


def test_a_file_mira_did_not_make_is_never_covered(h: Harness, tmp_path: Path) -> None:
    _rule(h, "create_new")
    _rule(h, "edit_own")
    user = tmp_path / "mine.txt"
    user.write_text("the user's own words", encoding="utf-8")
    rt, task_id = _task(h, h.conv.id, "mine.txt", attach=[user], overwrite=True)
    assert _asks(rt, task_id)
    assert read(h.ws(task_id) / "mine.txt") == "the user's own words"


def test_a_command_the_rule_does_not_name_is_never_covered(h: Harness) -> None:
    _rule(h, "create_new", command="note_write")
    rt, task_id = _task(h, h.conv.id, "c.txt", command="note_append")
    assert _asks(rt, task_id)
    assert not (h.ws(task_id) / "c.txt").exists()


def test_a_write_outside_the_folder_is_never_covered(h: Harness) -> None:
    _rule(h, "create_new")
    rt, task_id = _task(h, h.conv.id, "../escape.txt")
    assert not h.store.approvals(task_id)  # refused before any approval, rule or not
    assert not (h.root / "escape.txt").exists()
    results = [json.loads(e.message["content"]) for e in h.store.transcript(task_id, "skill:notes")
               if e.message.get("role") == "tool"]
    assert "leaves the workspace" in seen(results[0])


def test_another_conversation_or_a_revoked_rule_asks_again(h: Harness) -> None:
    rule = _rule(h, "create_new")
    other = h.store.create_conversation("other")
    rt, task_id = _task(h, other.id, "d.txt")
    assert _asks(rt, task_id)
    assert h.store.rules.revoke(rule.id) and not h.store.rules.revoke(rule.id)
    assert [r.id for r in h.store.rules.list(h.conv.id, include_revoked=True)] == [rule.id]
    assert h.store.rules.list(h.conv.id) == []
    rt, task_id = _task(h, h.conv.id, "e.txt")
    assert _asks(rt, task_id)


def test_edit_own_covers_only_files_mira_made_here(h: Harness, tmp_path: Path) -> None:
    rt, first = _task(h, h.conv.id, "a.txt")
    run(rt.approve(rt.task_status(first).pending_approval_id))
    made = h.ws(first) / "a.txt"
    # Overwriting the file Mira made (the conversation's folder keeps it; attaching it again changes nothing).
    rt, second = _task(h, h.conv.id, "a.txt", attach=[made], overwrite=True)
    made_rule = run(rt.approve(rt.task_status(second).pending_approval_id, allow_similar=True))
    [rule] = rt.rules(h.conv.id)
    assert made_rule == rule
    assert rule.kind == "edit_own"
    rt, third = _task(h, h.conv.id, "a.txt", attach=[made], overwrite=True)
    assert rt.task_status(third).status == "finished"
    assert _write_approval(h, third).message == f"approved by rule {rule.id}"
    # The same command over a file Mira did not make still asks, and makes no rule: approving it with
    # "allow similar" approves this one write only.
    user = tmp_path / "theirs.txt"  # in the conversation's folder, next to the file Mira made
    user.write_text("not Mira's", encoding="utf-8")
    rt, fourth = _task(h, h.conv.id, "theirs.txt", attach=[user], overwrite=True)
    approval_id = rt.task_status(fourth).pending_approval_id
    assert approval_id
    assert run(rt.approve(approval_id, allow_similar=True)) is None
    assert h.store.approval(approval_id).message == "approved by the user"
    assert [r.id for r in rt.rules(h.conv.id)] == [rule.id]


def test_edit_own_covers_a_file_made_earlier_in_the_same_task(h: Harness) -> None:
    """a.txt is not committed as an artifact until the task ends; the ledger of this task says Mira made it,
    so a second write over it in the same task is covered by the edit_own rule."""
    rule = _rule(h, "edit_own")
    args = {"path": "a.txt", "text": "first"}
    again = {"path": "a.txt", "text": "second", "overwrite": True}
    steps = [tool_turn(("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))),
             tool_turn(("s1", "note_write", json.dumps(args))), tool_turn(("s2", "note_write", json.dumps(again))),
             tool_turn(("s3", "complete", json.dumps({"summary": "ok", "artifacts": ["a.txt"]}))),
             Completion(text="Done.")]
    rt = h.runtime(steps, skills=SKILLS)
    task_id = run(rt.start_task(h.conv.id, "write twice"))
    first = rt.task_status(task_id).pending_approval_id
    assert first and not h.store.artifacts(h.conv.id)
    run(rt.approve(first))  # a new file: the rule does not cover it, the user approves
    assert rt.task_status(task_id).status == "finished"
    second = [a for a in h.store.approvals(task_id) if a.id != first]
    assert [a.message for a in second] == [f"approved by rule {rule.id}"]
    assert read(h.ws(task_id) / "a.txt") == "second"
