"""What the approval gate tells: the card's summary, input list and before/after pairs, and the events of a
decision or a finished, failed, denied or disk-refused write. Found unguarded by the first mutation run of
``desktop/agent/gate.py``."""
from __future__ import annotations

import json

import pytest

from desktop.agent import events as ev
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from desktop.messages import english
from skills.messages import msg
from skills.runtime import Change, Command, CommandResult, WritePlan

from .conftest import Harness, run, seen
from .fakes import fake_skills
from .gate_cases import NEW, RUN_NOTES, WRITE_A, paused


MERGE = Command(args_type=dict,
    name="note_merge", description="Merge notes into one.",
    input_schema={"type": "object", "properties": {"path": {"type": "string"},
                                                   "inputs": {"type": "array", "items": {"type": "string"}}},
                  "required": ["path", "inputs"], "additionalProperties": False},
    writes=True, run=lambda ws, args: CommandResult(ok=True, message="merged"), target_arg="path")


@pytest.mark.parametrize(("count", "more"), [(3, 0), (8, 0), (9, 1), (10, 2), (17, 9)])
def test_the_card_lists_eight_inputs_and_counts_the_rest(h: Harness, count: int, more: int) -> None:
    folder = h.tmp / "inputs"
    folder.mkdir()
    names = [f"n{i}.txt" for i in range(count)]
    for name in names:
        (folder / name).write_text(name, encoding="utf-8")
    merge = ("s1", "note_merge", json.dumps({"path": "all.txt", "inputs": names}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(merge)], skills=fake_skills(extra=[MERGE]))
    task_id = run(rt.start_task(h.conv.id, "merge", attachments=[folder / n for n in names]))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id
    [asked] = h.of(ev.ApprovalRequested)
    assert list(asked.reads) == names  # in the order the call merges them
    uses = (msg("summary.uses.more", more, files=list(asked.reads[:8])) if more
            else msg("summary.uses", files=list(asked.reads)))
    expected = [msg("summary.writes", name="all.txt"), uses]
    assert list(asked.summary.lines) == expected and list(h.store.approval(approval_id).summary.lines) == expected


def test_the_finished_write_is_reported_with_its_message(h: Harness) -> None:
    rt, task_id, approval_id = paused(h, WRITE_A)
    run(rt.approve(approval_id))
    [finished] = [e for e in h.of(ev.ToolFinished) if e.tool == "note_write"]
    assert (finished.ok, finished.message) == (True, "wrote a.txt")


def test_a_write_that_failed_is_reported_with_its_error(h: Harness) -> None:
    bad = ("s1", "note_write", json.dumps({"path": "a.md", "text": NEW}))
    rt, task_id, approval_id = paused(h, bad, [Completion(text="It failed."), Completion(text="Not done.")])
    run(rt.approve(approval_id))
    [finished] = [e for e in h.of(ev.ToolFinished) if e.tool == "note_write"]
    assert (finished.ok, finished.message) == (False, "path must end with .txt")


def _broken_describe(ws: object, args: dict) -> dict:
    raise KeyError("a bug in the description")


def test_a_command_whose_description_breaks_still_asks_for_approval(h: Harness) -> None:
    from .fakes import NOTE_WRITE

    odd = Command(args_type=dict, name="note_odd", description="Write a note, oddly.", input_schema=NOTE_WRITE.input_schema,
                  writes=True, run=NOTE_WRITE.run, target_arg="path", describe=_broken_describe)
    call = ("s1", "note_odd", json.dumps({"path": "a.txt", "text": NEW}))
    rt, task_id, approval_id = paused(h, call, skills=fake_skills(extra=[odd]))
    # the card names the file it writes; the command id stays in the details
    assert english(h.store.approval(approval_id).summary) == "Writes a.txt"
    assert rt.task_status(task_id).status == "paused"
    assert not (h.ws(task_id) / "a.txt").exists()


def test_approve_names_the_decision_in_its_event(h: Harness) -> None:
    rt, task_id, approval_id = paused(h, WRITE_A)
    run(rt.approve(approval_id))
    assert h.of(ev.ApprovalDecided)[0] == ev.ApprovalDecided(task_id=task_id, approval_id=approval_id, approved=True, message="approved by the user")


def test_deny_tells_the_call_ended_not_done(h: Harness) -> None:
    rt, task_id, approval_id = paused(h, WRITE_A, [Completion(text="Left as is."), Completion(text="Nothing written.")])
    run(rt.deny(approval_id))
    [finished] = [e for e in h.of(ev.ToolFinished) if e.tool == "note_write"]
    assert (finished.ok, finished.message) == (False, "denied by the user")
    assert not (h.ws(task_id) / "a.txt").exists()


def _disk_full(ws: object, args: dict) -> CommandResult:
    import errno
    import os

    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_write_the_disk_refused_is_reported_with_the_fault(h: Harness) -> None:
    full = Command(args_type=dict, name="note_full", description="Write a note to a full disk.",
                   input_schema={"type": "object", "properties": {"path": {"type": "string"}},
                                 "required": ["path"], "additionalProperties": False},
                   writes=True, run=_disk_full, target_arg="path")
    call = ("s1", "note_full", json.dumps({"path": "a.txt"}))
    rt, task_id, approval_id = paused(h, call, skills=fake_skills(extra=[full]))
    run(rt.approve(approval_id))
    [row] = [r for r in h.store.ledger(task_id) if r.tool_id == "note_full"]
    assert row.state == "failed" and row.result["retryable"] is True and row.result["error"]
    [finished] = [e for e in h.of(ev.ToolFinished) if e.tool == "note_full"]
    assert (finished.ok, finished.message) == (False, row.result["error"])


def _changes(ws: object, args: dict) -> WritePlan:
    return WritePlan(summary=msg("summary.writes", name=args["path"]),
                     changes=(Change(before="before", after="after"), Change(before="", after="added")))


def test_the_card_keeps_the_before_after_pairs_of_the_plan(h: Harness) -> None:
    from .fakes import NOTE_WRITE

    odd = Command(args_type=dict, name="note_odd", description="Write a note, oddly.", input_schema=NOTE_WRITE.input_schema,
                  writes=True, run=NOTE_WRITE.run, target_arg="path", describe=_changes)
    call = ("s1", "note_odd", json.dumps({"path": "a.txt", "text": NEW}))
    _rt, _task_id, approval_id = paused(h, call, skills=fake_skills(extra=[odd]))
    assert h.store.approval(approval_id).changes == (Change(before="before", after="after"), Change(before="", after="added"))
    [asked] = h.of(ev.ApprovalRequested)
    assert asked.changes == h.store.approval(approval_id).changes


def _input_deleted_meanwhile(ws: object, args: dict) -> WritePlan:
    (ws.root / args["inputs"][0]).unlink()  # type: ignore[attr-defined]  # the user deletes it while Mira asks
    return WritePlan(summary=msg("summary.writes", name=args["path"]))


def test_an_input_gone_while_the_card_is_prepared_is_a_tool_error_not_a_crash(h: Harness) -> None:
    folder = h.tmp / "inputs"
    folder.mkdir()
    (folder / "n0.txt").write_text("n0", encoding="utf-8")
    merge = Command(args_type=dict, name="note_merge", description=MERGE.description, input_schema=MERGE.input_schema,
                    writes=True, run=MERGE.run, target_arg="path", describe=_input_deleted_meanwhile)
    call = ("s1", "note_merge", json.dumps({"path": "all.txt", "inputs": ["n0.txt"]}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(call), Completion(text="The note is gone."), Completion(text="Not done.")],
                   skills=fake_skills(extra=[merge]))
    task_id = run(rt.start_task(h.conv.id, "merge", attachments=[folder / "n0.txt"]))
    status = rt.task_status(task_id)
    assert status.status == "finished" and status.pending_approval_id is None
    assert not h.store.approvals(task_id)
    told = json.loads(h.model.calls[2].messages[-1].content)
    assert told["ok"] is False and "n0.txt" in seen(told)
