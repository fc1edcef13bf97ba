"""Checks of the approval gate's decisions that the first mutation run of ``desktop/agent/gate.py`` found
unguarded: approve against a ledger entry, approval or checkpoint changed since freezing (each either way
it sorts), who may decide and under which build, and a write proposed with empty arguments (refused as
tampered before the fix)."""
from __future__ import annotations

import dataclasses
import json
import socket
import sqlite3

import pytest

from desktop.agent import ApprovalError
from desktop.llm.scripted import tool_turn
from skills.messages import msg
from skills.runtime import Command, CommandResult

from .conftest import Harness, run
from .fakes import fake_skills, read
from .gate_cases import DEAD, FINISH, NEW, RUN_NOTES, WRITE_A, args_hashing, paused, two_writes


# --- approve: the ledger entry must still be the one that was frozen ------------------------------------------

@pytest.mark.parametrize(("column", "value"), [("tool_id", "a_write"), ("tool_id", "zz_write"),
                                               ("input_hash", "0" * 64), ("input_hash", "f" * 64)],
                         ids=["tool-sorts-lower", "tool-sorts-higher", "hash-sorts-lower", "hash-sorts-higher"])
def test_approve_refuses_a_ledger_entry_changed_since_freezing(h: Harness, column: str, value: str) -> None:
    rt, task_id, approval_id = paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    with sqlite3.connect(h.db) as raw:
        raw.execute(f"UPDATE ledger SET {column}=? WHERE id=?", (value, ledger_id))
    with pytest.raises(ApprovalError, match="^the frozen call does not match its ledger entry; refusing to run$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert h.store.ledger_entry(ledger_id).state == "awaiting_approval"
    assert not (h.ws(task_id) / "a.txt").exists()


# --- decisions: who may decide, under which build ----------------------------------------------------------------

@pytest.mark.parametrize("build", ["build-0", "build-2"], ids=["older-build-id", "newer-build-id"])
def test_approve_under_another_catalog_build_is_refused_whichever_way_it_sorts(h: Harness, build: str) -> None:
    _rt, _task_id, approval_id = paused(h, WRITE_A)  # started under build-1
    rt2 = h.runtime(FINISH, skills=fake_skills(build_identity=build))
    with pytest.raises(ApprovalError, match="^this task started under a different skill catalog build"):
        run(rt2.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"


def test_approve_is_refused_while_another_live_process_owns_the_task(h: Harness) -> None:
    import os

    rt, task_id, approval_id = paused(h, WRITE_A)
    h.store.update_task(task_id, owner=f"{socket.gethostname()}:{os.getppid()}")  # alive: the test's parent
    with pytest.raises(ApprovalError, match="^this task is running; wait for it to pause$"):
        run(rt.approve(approval_id))
    with pytest.raises(ApprovalError, match="^this task is running; wait for it to pause$"):
        run(rt.deny(approval_id))
    assert h.store.approval(approval_id).state == "pending"


def test_approve_is_refused_while_this_process_drives_the_task(h: Harness) -> None:
    rt, task_id, approval_id = paused(h, WRITE_A)
    h.store.update_task(task_id, owner=DEAD)
    with pytest.raises(ApprovalError, match="^this task is running; wait for it to pause$"):
        run(rt.gate.approve(approval_id, lambda t: t == task_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


@pytest.mark.parametrize("other", ["s0", "s9"])  # the proposed call's id is s1: one sorts below, one above
def test_approve_refuses_an_approval_whose_call_id_is_not_the_proposed_one(h: Harness, other: str) -> None:
    rt, task_id, approval_id = paused(h, WRITE_A)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE approvals SET tool_call_id=? WHERE id=?", (other, approval_id))
    with pytest.raises(ApprovalError, match="^the proposed call is not in the transcript at the checkpoint; "
                                            "refusing to run$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


# --- each ledger entry is matched to its own approval, whichever way the ids sort ------------------------------

@pytest.mark.parametrize("first_sorts_higher", [True, False])
def test_each_ledger_entry_finds_its_own_approval_whichever_way_ids_sort(h: Harness, first_sorts_higher: bool) -> None:
    rt, _task_id, approvals = two_writes(h, first_sorts_higher)
    for approval_id in approvals:
        row = h.store.ledger_entry(h.store.approval(approval_id).ledger_id)
        assert rt.gate.approval_for(row).id == approval_id  # type: ignore[attr-defined]


def test_the_build_refusal_names_both_builds_by_their_first_twelve_characters(h: Harness) -> None:
    _rt, _task_id, approval_id = paused(h, WRITE_A, skills=fake_skills(build_identity="0123456789abcdef-old"))
    rt2 = h.runtime(FINISH, skills=fake_skills(build_identity="fedcba9876543210-new"))
    with pytest.raises(ApprovalError) as refused:
        run(rt2.approve(approval_id))
    assert str(refused.value) == ("this task started under a different skill catalog build (0123456789ab, now "
                                  "fedcba987654); start the request again")


# --- approve and the drive after it ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lower", [True, False], ids=["hash-sorts-lower", "hash-sorts-higher"])
def test_approve_refuses_frozen_arguments_that_no_longer_hash_to_the_input_hash(h: Harness, lower: bool) -> None:
    rt, task_id, approval_id = paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    tampered = args_hashing(json.loads(approval.arguments_json), approval.input_hash, lower)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE approvals SET arguments=? WHERE id=?", (json.dumps(tampered), approval_id))
    with pytest.raises(ApprovalError, match=r"^the frozen arguments do not match their input hash \(tampered\); "
                                            "refusing to run$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


def test_a_decision_cannot_be_altered_after_it_is_made() -> None:
    import dataclasses

    from desktop.agent.gate import ApprovalOutcome

    decision = ApprovalOutcome(task_id="t1", drive=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.refusal = "changed later"  # type: ignore[misc]
    assert decision == ApprovalOutcome(task_id="t1", drive=True, refusal=None)


# --- a write proposed with empty arguments (bug found by the mutation audit) ---------------------------------------

TIDY = Command(args_type=dict,
    name="note_tidy", description="Tidy the notes folder.",
    input_schema={"type": "object", "properties": {"path": {"type": "string"}}, "additionalProperties": False},
    writes=True, run=lambda ws, args: CommandResult(ok=True, message="tidied"))


def test_a_write_proposed_with_empty_arguments_can_be_approved(h: Harness) -> None:
    """Models send "" for a call without arguments; the loop reads it as {} and freezes that. Approving it
    must not be refused as tampered (the check used to parse "" as invalid JSON)."""
    tidy = ("s1", "note_tidy", "")
    rt, task_id, approval_id = paused(h, tidy, skills=fake_skills(extra=[TIDY]))
    assert json.loads(h.store.approval(approval_id).arguments_json) == {}
    run(rt.approve(approval_id))
    assert rt.task_status(task_id).status == "finished"
    [row] = [r for r in h.store.ledger(task_id) if r.tool_id == "note_tidy"]
    assert row.state == "done" and row.result["message"] == "tidied"


@pytest.mark.parametrize("tool", ["a_write", "zz_write"])  # the proposed call is note_write: below and above
def test_approve_refuses_an_approval_and_ledger_entry_renamed_to_another_command(h: Harness, tool: str) -> None:
    """Both stored rows agree with each other but not with the call the agent proposed."""
    rt, task_id, approval_id = paused(h, WRITE_A)
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
    rt, task_id, approval_id = paused(h, WRITE_A)
    with sqlite3.connect(h.db) as raw:
        raw.execute(f"UPDATE approvals SET {column}=? WHERE id=?", (value, approval_id))
    with pytest.raises(ApprovalError, match=r"^the agent moved on since this was proposed \(stale checkpoint\); "
                                            "ask again$"):
        run(rt.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()


@pytest.mark.parametrize("forgery", ["malformed", "hash-sorts-lower", "hash-sorts-higher"])
def test_a_consistently_rewritten_transcript_is_refused_in_words(h: Harness, forgery: str) -> None:
    """Someone rewrote the proposed call's arguments (to text that is not JSON, or to other arguments) and
    recomputed the hash chain and the checkpoint: the approve is refused with the tampering message, never
    run and never failing with a JSON parser's error."""
    from desktop.store._tasks import chain_hash

    rt, task_id, approval_id = paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    if forgery == "malformed":
        arguments = '{"path": "a.txt", "text": '  # cut short: not JSON
    else:
        arguments = json.dumps(args_hashing(json.loads(WRITE_A[2]), approval.input_hash,
                                             forgery == "hash-sorts-lower"))
    with sqlite3.connect(h.db) as raw:
        seq, message, prev = raw.execute(
            "SELECT seq, message, prev_hash FROM transcripts WHERE task_id=? AND agent=? ORDER BY seq DESC LIMIT 1",
            (task_id, approval.agent)).fetchone()
        entry = json.loads(message)
        assert entry["tool_calls"][0]["arguments"] == WRITE_A[2]
        entry["tool_calls"][0]["arguments"] = arguments
        forged = json.dumps(entry)
        digest = chain_hash(prev, forged)
        raw.execute("UPDATE transcripts SET message=?, hash=? WHERE task_id=? AND agent=? AND seq=?",
                    (forged, digest, task_id, approval.agent, seq))
        raw.execute("UPDATE approvals SET checkpoint_hash=? WHERE id=?", (digest, approval_id))
    assert h.store.verify_transcript(task_id, approval.agent)
    with pytest.raises(ApprovalError, match=r"^the arguments differ from what the agent proposed \(tampered\); "
                                            "refusing to run$"):
        run(rt.approve(approval_id))
    assert not (h.ws(task_id) / "a.txt").exists()
    assert h.store.approval(approval_id).state == "pending"


SPLIT = Command(args_type=dict,
    name="note_split", description="Split a note into parts.",
    input_schema={"type": "object", "properties": {"output_dir": {"type": "string"}},
                  "required": ["output_dir"], "additionalProperties": False},
    writes=True, run=lambda ws, args: CommandResult(ok=True, message="split"), target_arg="output_dir")


def test_a_target_folder_replaced_by_a_file_is_refused_at_approve(h: Harness) -> None:
    """A folder target is not fingerprinted file by file; the target's own check must see that a file now
    stands where the folder was when the call was frozen."""
    from desktop.agent import workfolder

    (workfolder.assign(h.store, h.conv.id, h.root) / "parts").mkdir()  # the conversation's folder, made first
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(("s1", "note_split", json.dumps({"output_dir": "parts"})))],
                   skills=fake_skills(extra=[SPLIT]))
    task_id = run(rt.start_task(h.conv.id, "split"))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id
    parts = h.ws(task_id) / "parts"
    assert parts.is_dir()
    parts.rmdir()
    parts.write_text("the user's file named parts", encoding="utf-8")
    with pytest.raises(ApprovalError, match="^the file changed since this was proposed; ask again$"):
        run(rt.approve(approval_id))
    assert parts.read_text(encoding="utf-8") == "the user's file named parts"


def test_an_approval_that_does_not_exist_is_refused_in_words(h: Harness) -> None:
    rt, _task_id, _approval_id = paused(h, WRITE_A)
    for decide in (rt.approve, rt.deny):
        with pytest.raises(ApprovalError, match=r"^this approval does not exist \(it may belong to a deleted "
                                                r"conversation\)$"):
            run(decide("no-such-approval"))  # type: ignore[operator]


@pytest.mark.parametrize("stored", ['{"path": "a.txt", "text": ', "[" * 100_000 + "]" * 100_000],
                         ids=["not-json", "nested-too-deep"])
def test_stored_arguments_that_cannot_be_read_are_refused_not_raised(h: Harness, stored: str) -> None:
    """frozen_mismatch is given the row as stored; text that is not JSON (or nests past the parser's limit)
    is a mismatch with a reason, never an exception out of the check."""

    from desktop.agent.gate import frozen_mismatch

    _rt, _task_id, approval_id = paused(h, WRITE_A)
    approval = dataclasses.replace(h.store.approval(approval_id), arguments_json=stored)
    assert frozen_mismatch(approval, h.store.ledger_entry(approval.ledger_id)) == (
        "refused: the stored arguments no longer match the input hash that was approved (changed since); "
        "nothing ran")


def test_a_refused_change_is_not_decided_again_while_the_task_waits_on(h: Harness) -> None:
    over = json.dumps({"path": "a.txt", "text": NEW, "overwrite": True})
    steps = [tool_turn(RUN_NOTES), tool_turn(("s1", "note_write", over)), tool_turn(("s2", "note_write", over))]
    rt = h.runtime(steps)
    task_id = run(rt.start_task(h.conv.id, "write a"))
    first = rt.task_status(task_id).pending_approval_id
    (h.ws(task_id) / "a.txt").write_text("edited meanwhile by the user", encoding="utf-8")
    with pytest.raises(ApprovalError, match="^the file changed since this was proposed; ask again$"):
        run(rt.approve(first))
    second = rt.task_status(task_id).pending_approval_id  # the agent proposed it again: the task waits
    assert second and second != first and h.store.approval(first).state == "refused"
    for decide in (rt.approve, rt.deny):
        with pytest.raises(ApprovalError, match="^this change was already refused; it will not run again$"):
            run(decide(first))  # type: ignore[operator]
    assert read(h.ws(task_id) / "a.txt") == "edited meanwhile by the user"


def test_a_write_without_its_target_argument_names_no_target(h: Harness) -> None:
    tidy = Command(args_type=dict, name="note_tidy", description=TIDY.description, input_schema=TIDY.input_schema,
                   writes=True, run=TIDY.run, target_arg="path")
    _rt, _task_id, approval_id = paused(h, ("s1", "note_tidy", "{}"), skills=fake_skills(extra=[tidy]))
    approval = h.store.approval(approval_id)
    assert (approval.target_path, list(approval.summary.lines)) == (None, [msg("summary.writes.unnamed")])


COPY = Command(args_type=dict,
    name="note_copy", description="Copy a note over another.",
    input_schema={"type": "object", "properties": {"dest": {"type": "string"}, "text": {"type": "string"}},
                  "required": ["dest", "text"], "additionalProperties": False},
    writes=True, run=lambda ws, args: CommandResult(ok=True, message="copied"), target_arg="dest")


@pytest.mark.parametrize("lower", [True, False], ids=["now-sorts-lower", "now-sorts-higher"])
def test_a_target_the_call_names_by_another_argument_is_still_checked(h: Harness, lower: bool) -> None:
    """``dest`` is not one of the arguments fingerprinted file by file: the target's own hash check must
    refuse a file changed since freezing, whichever way the new hash sorts."""
    from .gate_cases import sha

    before = "before"
    edited = next(f"edited {i}" for i in range(10_000) if (sha(f"edited {i}") < sha(before)) == lower)
    folder = h.tmp / "attached"
    folder.mkdir()
    (folder / "d.txt").write_text(before, encoding="utf-8")
    call = ("s1", "note_copy", json.dumps({"dest": "d.txt", "text": NEW}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(call)], skills=fake_skills(extra=[COPY]))
    task_id = run(rt.start_task(h.conv.id, "copy", attachments=[folder / "d.txt"]))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id and h.store.approval(approval_id).target_sha256_at_freeze == sha(before)
    (h.ws(task_id) / "d.txt").write_text(edited, encoding="utf-8")
    with pytest.raises(ApprovalError, match="^the file changed since this was proposed; ask again$"):
        run(rt.approve(approval_id))
    assert read(h.ws(task_id) / "d.txt") == edited
