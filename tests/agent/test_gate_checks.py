"""Checks of the approval gate that the first mutation run of ``desktop/agent/gate.py`` found unguarded.

Each test builds the one situation a check exists for: a ledger entry that no longer matches its approval
when the user approves, a published file whose hash sorts below the one before it, a call already frozen
when a crashed task is driven again, a staging file of a task recovery does not sweep, a card naming many
input files.
"""
from __future__ import annotations

import hashlib
import json
import socket
import sqlite3

import pytest

from desktop.agent import ApprovalError
from desktop.agent import events as ev
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from skills.runtime import Command, CommandResult

from .conftest import Harness, run
from .fakes import fake_skills, read

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))
FINISH = [tool_turn(("s9", "complete", json.dumps({"summary": "ok", "artifacts": ["a.txt"]}))), Completion("Done.")]
DEAD = f"{socket.gethostname()}:999999999"
NEW = "new"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _paused(h: Harness, write: tuple[str, str, str], steps: list | None = None,
            **kw: object) -> tuple[object, str, str]:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(write), *(FINISH if steps is None else steps)], **kw)
    task_id = run(rt.start_task(h.conv.id, "write a"))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id
    return rt, task_id, approval_id


WRITE_A = ("s1", "note_write", json.dumps({"path": "a.txt", "text": NEW}))


# --- approve: the ledger entry must still be the one that was frozen ------------------------------------------

@pytest.mark.parametrize(("column", "value"), [("tool_id", "a_write"), ("tool_id", "zz_write"),
                                               ("input_hash", "0" * 64), ("input_hash", "f" * 64)],
                         ids=["tool-sorts-lower", "tool-sorts-higher", "hash-sorts-lower", "hash-sorts-higher"])
def test_approve_refuses_a_ledger_entry_changed_since_freezing(h: Harness, column: str, value: str) -> None:
    rt, task_id, approval_id = _paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    with sqlite3.connect(h.db) as raw:
        raw.execute(f"UPDATE ledger SET {column}=? WHERE id=?", (value, ledger_id))
    with pytest.raises(ApprovalError, match="^the frozen call does not match its ledger entry; refusing to run$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert h.store.ledger_entry(ledger_id).state == "awaiting_approval"
    assert not (h.ws(task_id) / "a.txt").exists()


# --- recovery: was the interrupted write published? ----------------------------------------------------------

def _old_text(lower: bool) -> str:
    """Old contents of a.txt whose sha256 sorts above (``lower``: the new file's hash sorts lower) or below
    the hash of the text the write publishes."""
    for i in range(10_000):
        old = f"old {i}"
        if (_sha(NEW) < _sha(old)) == lower:
            return old
    raise AssertionError("no such text found")


def _interrupted_overwrite(h: Harness, old: str) -> tuple[str, str]:
    """a.txt held ``old``; the approved overwrite was executing (its pre-hash recorded) when Mira died."""
    h.conv = h.store.create_conversation("overwrite")
    folder = h.tmp / "attached"
    folder.mkdir(exist_ok=True)
    (folder / "a.txt").write_text(old, encoding="utf-8")
    write = ("s1", "note_write", json.dumps({"path": "a.txt", "text": NEW, "overwrite": True}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(write)])
    task_id = run(rt.start_task(h.conv.id, "rewrite a", attachments=[folder / "a.txt"]))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id and read(h.ws(task_id) / "a.txt") == old
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256=_sha(old))
    h.store.update_task(task_id, owner=DEAD)
    return task_id, ledger_id


@pytest.mark.parametrize("lower", [True, False], ids=["new-hash-sorts-lower", "new-hash-sorts-higher"])
def test_a_published_overwrite_is_recorded_done_whichever_way_its_hash_sorts(h: Harness, lower: bool) -> None:
    task_id, ledger_id = _interrupted_overwrite(h, _old_text(lower))
    (h.ws(task_id) / "a.txt").write_text(NEW, encoding="utf-8")  # published just before the crash
    run(h.runtime([]).recover(resume=False))
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "done"
    assert row.result["artifacts"][0]["sha256"] == _sha(NEW)
    assert "recorded from the file on disk" in row.result["message"]


@pytest.mark.parametrize("lower", [True, False], ids=["new-hash-sorts-lower", "new-hash-sorts-higher"])
def test_an_overwrite_interrupted_before_publishing_is_not_done(h: Harness, lower: bool) -> None:
    old = _old_text(lower)
    task_id, ledger_id = _interrupted_overwrite(h, old)  # a.txt still holds the old text: nothing published
    run(h.runtime([]).recover(resume=False))
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "failed"
    assert row.result["error"] == ("not done: Mira stopped before note_write finished; nothing was written. "
                                   "Propose it again if it is still needed.")
    assert read(h.ws(task_id) / "a.txt") == old


# --- recovery: a call still waiting for the user stays waiting -------------------------------------------------

@pytest.mark.timeout(30)  # with the check gone the drive never returns: fail in seconds, not at the 120 s default
def test_a_crashed_task_driven_again_pauses_at_its_pending_approval(h: Harness) -> None:
    """Mira died after freezing the write but with the task still marked running: driving it again must stop
    at the frozen call and wait for the user, never ask the model on or run the write."""
    _rt, task_id, approval_id = _paused(h, WRITE_A)
    h.store.update_task(task_id, status="running", owner=DEAD)
    rt2 = h.runtime(FINISH)
    report = run(rt2.recover())
    assert report == [f"task {task_id}: resumed, now paused"]
    assert h.store.task(task_id).status == "paused"
    assert rt2.task_status(task_id).pending_approval_id == approval_id
    assert h.model.calls == []
    assert not (h.ws(task_id) / "a.txt").exists()
    run(rt2.approve(approval_id))  # and the user can still approve it
    assert read(h.ws(task_id) / "a.txt") == NEW


# --- recovery: the interrupted write's staging files go with it ------------------------------------------------

def test_resolving_an_interrupted_write_removes_its_staging_files_when_the_task_is_not_running(h: Harness) -> None:
    """Recovery's sweep covers tasks marked running; the gate itself must clear the staging file the
    interrupted write left, whatever the task's status (here paused from another window before the crash)."""
    _rt, task_id, approval_id = _paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="paused")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=DEAD)
    stray = h.ws(task_id) / ".mira-staging-0123456789abcdef.txt"
    stray.write_text("half written", encoding="utf-8")
    report = run(h.runtime([]).recover(resume=False))
    assert report == [f"note_write in task {task_id}: recorded failed"]
    assert not stray.exists()


# --- the approval card names the files the call reads ------------------------------------------------------------

MERGE = Command(
    name="note_merge", description="Merge notes into one.",
    input_schema={"type": "object", "properties": {"path": {"type": "string"},
                                                   "inputs": {"type": "array", "items": {"type": "string"}}},
                  "required": ["path", "inputs"], "additionalProperties": False},
    writes=True, run=lambda ws, args: CommandResult(True, "merged"), target_arg="path")


@pytest.mark.parametrize(("count", "tail"), [(8, ""), (9, " and 1 more"), (10, " and 2 more")])
def test_the_card_lists_eight_inputs_and_counts_the_rest(h: Harness, count: int, tail: str) -> None:
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
    assert sorted(asked.reads) == sorted(names)
    expected = f"note_merge writes all.txt — uses {', '.join(asked.reads[:8])}{tail}"
    assert asked.summary == expected and h.store.approval(approval_id).summary == expected


# --- decisions: who may decide, under which build ----------------------------------------------------------------

@pytest.mark.parametrize("build", ["build-0", "build-2"], ids=["older-build-id", "newer-build-id"])
def test_approve_under_another_catalog_build_is_refused_whichever_way_it_sorts(h: Harness, build: str) -> None:
    _rt, _task_id, approval_id = _paused(h, WRITE_A)  # started under build-1
    rt2 = h.runtime(FINISH, skills=fake_skills(build_identity=build))
    with pytest.raises(ApprovalError, match="^this task started under a different skill catalog build"):
        run(rt2.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"


def test_approve_is_refused_while_another_live_process_owns_the_task(h: Harness) -> None:
    import os

    rt, task_id, approval_id = _paused(h, WRITE_A)
    h.store.update_task(task_id, owner=f"{socket.gethostname()}:{os.getppid()}")  # alive: the test's parent
    with pytest.raises(ApprovalError, match="^this task is running; wait for it to pause$"):
        run(rt.approve(approval_id))
    with pytest.raises(ApprovalError, match="^this task is running; wait for it to pause$"):
        run(rt.deny(approval_id))
    assert h.store.approval(approval_id).state == "pending"


def test_approve_is_refused_while_this_process_drives_the_task(h: Harness) -> None:
    rt, task_id, approval_id = _paused(h, WRITE_A)
    h.store.update_task(task_id, owner=DEAD)
    with pytest.raises(ApprovalError, match="^this task is running; wait for it to pause$"):
        run(rt.gate.approve(approval_id, lambda t: t == task_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


# --- resume: only a waiting or in-flight call holds the drive --------------------------------------------------

@pytest.mark.parametrize(("state", "result", "held"), [
    ("executing", None, True), ("done", {"ok": True}, False), ("denied", {"ok": False}, False),
    ("failed", {"ok": False, "error": "no"}, False)])
def test_resume_holds_the_drive_only_at_a_call_in_flight(h: Harness, state: str, result: dict | None,
                                                          held: bool) -> None:
    from desktop.agent.gate import PAUSED
    from desktop.agent.state import Run
    from desktop.agent import Budgets
    from skills.runtime import Workspace

    rt, task_id, approval_id = _paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE ledger SET state=?, result=? WHERE id=?",
                    (state, json.dumps(result) if result else None, ledger_id))
    task = h.store.task(task_id)
    here = Run(task_id, task.conversation_id, task.message_id, Workspace(task.workspace), None,  # type: ignore[arg-type]
               Budgets(), {})
    assert run(rt.gate.resume(here, h.store.ledger_entry(ledger_id))) == (PAUSED if held else None)


def test_an_interrupted_call_without_its_approval_is_recorded_not_rerun(h: Harness) -> None:
    """The approval row is gone (a damaged or hand-edited database): recovery still ends the call, without
    its arguments, and never runs it."""
    _rt, task_id, approval_id = _paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=DEAD)
    with sqlite3.connect(h.db) as raw:
        raw.execute("DELETE FROM approvals WHERE id=?", (approval_id,))
    report = run(h.runtime([]).recover(resume=False))
    assert report == [f"note_write in task {task_id}: recorded failed"]
    row = h.store.ledger_entry(ledger_id)
    assert row.result["error"] == "note_write was interrupted before it finished; it was not re-run"
    assert not (h.ws(task_id) / "a.txt").exists()


@pytest.mark.parametrize("other", ["s0", "s9"])  # the proposed call's id is s1: one sorts below, one above
def test_approve_refuses_an_approval_whose_call_id_is_not_the_proposed_one(h: Harness, other: str) -> None:
    rt, task_id, approval_id = _paused(h, WRITE_A)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE approvals SET tool_call_id=? WHERE id=?", (other, approval_id))
    with pytest.raises(ApprovalError, match="^the proposed call is not in the transcript at the checkpoint; "
                                            "refusing to run$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


# --- each ledger entry is matched to its own approval, whichever way the ids sort ------------------------------

WRITE_B = ("s2", "note_write", json.dumps({"path": "b.txt", "text": "second"}))


def _two_writes(h: Harness, first_sorts_higher: bool) -> tuple[object, str, list[str]]:
    """A task whose first write ran (a.txt) and whose second waits; ledger ids renamed so that the first
    entry's id sorts above (or below) the second's: ids are random, and a test must not pass by luck."""
    steps = [tool_turn(RUN_NOTES), tool_turn(WRITE_A), tool_turn(WRITE_B), *FINISH]
    rt, task_id, first = _paused(h, WRITE_A, steps[2:])
    run(rt.approve(first))
    second = rt.task_status(task_id).pending_approval_id
    assert second and second != first
    ids = ["f" * 32, "0" * 32] if first_sorts_higher else ["0" * 32, "f" * 32]
    with sqlite3.connect(h.db) as raw:
        for approval_id, new in zip((first, second), ids, strict=True):
            old = h.store.approval(approval_id).ledger_id
            raw.execute("UPDATE ledger SET id=? WHERE id=?", (new, old))
            raw.execute("UPDATE approvals SET ledger_id=? WHERE ledger_id=?", (new, old))
    return rt, task_id, [first, second]


@pytest.mark.parametrize("first_sorts_higher", [True, False])
def test_each_ledger_entry_finds_its_own_approval_whichever_way_ids_sort(h: Harness, first_sorts_higher: bool) -> None:
    rt, _task_id, approvals = _two_writes(h, first_sorts_higher)
    for approval_id in approvals:
        row = h.store.ledger_entry(h.store.approval(approval_id).ledger_id)
        assert rt.gate.approval_for(row).id == approval_id  # type: ignore[attr-defined]


@pytest.mark.parametrize("first_sorts_higher", [True, False])
def test_recovery_judges_the_interrupted_write_by_its_own_approval(h: Harness, first_sorts_higher: bool) -> None:
    """The second write was executing at the crash; the first one's file (a.txt) is on disk. Recovery must
    look at b.txt, which was never written, not at a.txt."""
    _rt, task_id, (_first, second) = _two_writes(h, first_sorts_higher)
    ledger_id = h.store.approval(second).ledger_id
    assert h.store.decide_approval(second, "approved", ledger_state="approved", task_status="running")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=DEAD)
    assert read(h.ws(task_id) / "a.txt") == NEW
    run(h.runtime([]).recover(resume=False))
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "failed" and "nothing was written" in row.result["error"]
    assert not (h.ws(task_id) / "b.txt").exists()


def test_the_finished_write_is_reported_with_its_message(h: Harness) -> None:
    rt, task_id, approval_id = _paused(h, WRITE_A)
    run(rt.approve(approval_id))
    [finished] = [e for e in h.of(ev.ToolFinished) if e.tool == "note_write"]
    assert (finished.ok, finished.message) == (True, "wrote a.txt")


def test_a_write_that_failed_is_reported_with_its_error(h: Harness) -> None:
    bad = ("s1", "note_write", json.dumps({"path": "a.md", "text": NEW}))
    rt, task_id, approval_id = _paused(h, bad, [Completion("It failed."), Completion("Not done.")])
    run(rt.approve(approval_id))
    [finished] = [e for e in h.of(ev.ToolFinished) if e.tool == "note_write"]
    assert (finished.ok, finished.message) == (False, "path must end with .txt")


def test_the_build_refusal_names_both_builds_by_their_first_twelve_characters(h: Harness) -> None:
    _rt, _task_id, approval_id = _paused(h, WRITE_A, skills=fake_skills(build_identity="0123456789abcdef-old"))
    rt2 = h.runtime(FINISH, skills=fake_skills(build_identity="fedcba9876543210-new"))
    with pytest.raises(ApprovalError) as refused:
        run(rt2.approve(approval_id))
    assert str(refused.value) == ("this task started under a different skill catalog build (0123456789ab, now "
                                  "fedcba987654); start the request again")


# --- approve and the drive after it ---------------------------------------------------------------------------------

def _args_hashing(base: dict, approved: str, lower: bool) -> dict:
    """Arguments that differ from ``base`` and whose input hash sorts below (or above) ``approved``."""
    from desktop.agent.hashing import input_hash

    for i in range(10_000):
        args = {**base, "text": f"evil {i}"}
        if (input_hash(args) < approved) == lower:
            return args
    raise AssertionError("no such arguments found")


@pytest.mark.parametrize("lower", [True, False], ids=["hash-sorts-lower", "hash-sorts-higher"])
def test_approve_refuses_frozen_arguments_that_no_longer_hash_to_the_input_hash(h: Harness, lower: bool) -> None:
    rt, task_id, approval_id = _paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    tampered = _args_hashing(json.loads(approval.arguments_json), approval.input_hash, lower)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE approvals SET arguments=? WHERE id=?", (json.dumps(tampered), approval_id))
    with pytest.raises(ApprovalError, match=r"^the frozen arguments do not match their input hash \(tampered\); "
                                            "refusing to run$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


def test_a_target_changed_after_approve_is_not_written_when_the_drive_resumes(h: Harness) -> None:
    """'approved' was committed, then Mira died before running it; meanwhile the user made a.txt. The drive
    after the restart must check the file again and refuse, keeping the user's file."""
    _rt, task_id, approval_id = _paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    h.store.update_task(task_id, owner=DEAD)
    (h.ws(task_id) / "a.txt").write_text("the user's own", encoding="utf-8")
    rt2 = h.runtime([Completion("It changed."), Completion("Not done.")])
    run(rt2.recover())
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "failed" and row.result["error"] == "the file changed since this was proposed; ask again"
    assert read(h.ws(task_id) / "a.txt") == "the user's own"


def test_a_decision_cannot_be_altered_after_it_is_made() -> None:
    import dataclasses

    from desktop.agent.gate import Decision

    decision = Decision("t1", True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.refusal = "changed later"  # type: ignore[misc]
    assert decision == Decision("t1", True, None)


# --- a write proposed with empty arguments (bug found by the mutation audit) ---------------------------------------

TIDY = Command(
    name="note_tidy", description="Tidy the notes folder.",
    input_schema={"type": "object", "properties": {"path": {"type": "string"}}, "additionalProperties": False},
    writes=True, run=lambda ws, args: CommandResult(True, "tidied"))


def test_a_write_proposed_with_empty_arguments_can_be_approved(h: Harness) -> None:
    """Models send "" for a call without arguments; the loop reads it as {} and freezes that. Approving it
    must not be refused as tampered (the check used to parse "" as invalid JSON)."""
    tidy = ("s1", "note_tidy", "")
    rt, task_id, approval_id = _paused(h, tidy, skills=fake_skills(extra=[TIDY]))
    assert json.loads(h.store.approval(approval_id).arguments_json) == {}
    run(rt.approve(approval_id))
    assert rt.task_status(task_id).status == "finished"
    [row] = [r for r in h.store.ledger(task_id) if r.tool_id == "note_tidy"]
    assert row.state == "done" and row.result["message"] == "tidied"


@pytest.mark.parametrize("tool", ["a_write", "zz_write"])  # the proposed call is note_write: below and above
def test_approve_refuses_an_approval_and_ledger_entry_renamed_to_another_command(h: Harness, tool: str) -> None:
    """Both stored rows agree with each other but not with the call the agent proposed."""
    rt, task_id, approval_id = _paused(h, WRITE_A)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE approvals SET tool_id=? WHERE id=?", (tool, approval_id))
        raw.execute("UPDATE ledger SET tool_id=? WHERE id=?", (tool, h.store.approval(approval_id).ledger_id))
    with pytest.raises(ApprovalError, match="^the proposed call is not in the transcript at the checkpoint; "
                                            "refusing to run$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


@pytest.mark.parametrize(("column", "value"), [("checkpoint_seq", 1), ("checkpoint_seq", 99),
                                               ("checkpoint_hash", "0" * 64), ("checkpoint_hash", "f" * 64)],
                         ids=["seq-lower", "seq-higher", "hash-lower", "hash-higher"])
def test_approve_refuses_a_checkpoint_that_is_not_the_transcript_head(h: Harness, column: str, value: object) -> None:
    rt, task_id, approval_id = _paused(h, WRITE_A)
    with sqlite3.connect(h.db) as raw:
        raw.execute(f"UPDATE approvals SET {column}=? WHERE id=?", (value, approval_id))
    with pytest.raises(ApprovalError, match=r"^the agent moved on since this was proposed \(stale checkpoint\); "
                                            "ask again$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


@pytest.mark.timeout(30)  # with the check gone the drive may never return
def test_a_crashed_task_driven_again_holds_at_its_write_the_disk_refused(h: Harness) -> None:
    """The disk refused the write (failed, retryable) and Mira died before pausing the task: driving it again
    must pause at that write for a retry from its card, not ask the model on."""
    _rt, task_id, approval_id = _paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    refused = {"ok": False, "error": "the disk is full", "retryable": True, "fault": "no_space"}
    assert h.store.ledger_move(ledger_id, ("executing",), "failed", result=refused)
    h.store.update_task(task_id, owner=DEAD)
    rt2 = h.runtime(FINISH)
    assert run(rt2.recover()) == [f"task {task_id}: resumed, now paused"]
    task = h.store.task(task_id)
    assert (task.status, task.error) == ("paused", "the disk is full")
    assert h.model.calls == []
    assert h.store.ledger_entry(ledger_id).state == "failed"


def test_a_consistently_rewritten_transcript_with_malformed_arguments_is_refused_in_words(h: Harness) -> None:
    """Someone rewrote the proposed call's arguments to text that is not JSON and recomputed the hash chain and
    the checkpoint: the approve is refused with the tampering message, never with a JSON parser's error."""
    from desktop.store._tasks import chain_hash

    rt, task_id, approval_id = _paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    with sqlite3.connect(h.db) as raw:
        seq, message, prev = raw.execute(
            "SELECT seq, message, prev_hash FROM transcripts WHERE task_id=? AND agent=? ORDER BY seq DESC LIMIT 1",
            (task_id, approval.agent)).fetchone()
        entry = json.loads(message)
        assert entry["tool_calls"][0]["arguments"] == WRITE_A[2]
        entry["tool_calls"][0]["arguments"] = '{"path": "a.txt", "text": '  # cut short: not JSON
        forged = json.dumps(entry)
        digest = chain_hash(prev, forged)
        raw.execute("UPDATE transcripts SET message=?, hash=? WHERE task_id=? AND agent=? AND seq=?",
                    (forged, digest, task_id, approval.agent, seq))
        raw.execute("UPDATE approvals SET checkpoint_hash=? WHERE id=?", (digest, approval_id))
    assert h.store.verify_transcript(task_id, approval.agent)
    with pytest.raises(ApprovalError, match=r"^the arguments differ from what the agent proposed \(tampered\); "
                                            "refusing to run$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
