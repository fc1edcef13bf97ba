"""Checks of the approval gate's recovery and resume that the first mutation run of ``desktop/agent/gate.py``
found unguarded: was an interrupted overwrite published (whichever way the hashes sort), a call still waiting
or refused by the disk when a crashed task is driven again, staging files of a task not marked running, a
ledger entry judged by its own approval, and which ledger states hold a drive."""
from __future__ import annotations

import json
import sqlite3

import pytest

from desktop.llm import Completion
from desktop.llm.scripted import tool_turn

from .conftest import Harness, run
from .fakes import read
from .gate_cases import DEAD, FINISH, NEW, RUN_NOTES, WRITE_A, paused, sha, two_writes


# --- recovery: was the interrupted write published? ----------------------------------------------------------

def _old_text(lower: bool) -> str:
    """Old contents of a.txt whose sha256 sorts above (``lower``: the new file's hash sorts lower) or below
    the hash of the text the write publishes."""
    for i in range(10_000):
        old = f"old {i}"
        if (sha(NEW) < sha(old)) == lower:
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
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256=sha(old))
    h.store.update_task(task_id, owner=DEAD)
    return task_id, ledger_id


@pytest.mark.parametrize("lower", [True, False], ids=["new-hash-sorts-lower", "new-hash-sorts-higher"])
def test_a_published_overwrite_is_recorded_done_whichever_way_its_hash_sorts(h: Harness, lower: bool) -> None:
    task_id, ledger_id = _interrupted_overwrite(h, _old_text(lower))
    (h.ws(task_id) / "a.txt").write_text(NEW, encoding="utf-8")  # published just before the crash
    run(h.runtime([]).recover(resume=False))
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "done"
    assert row.result["artifacts"][0]["sha256"] == sha(NEW)
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
    _rt, task_id, approval_id = paused(h, WRITE_A)
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


# --- recovery: a start with nothing left makes none of the task parts ------------------------------------------

def test_a_start_with_nothing_to_recover_makes_no_gate_and_a_crashed_task_is_still_resumed(h: Harness) -> None:
    """The window waits for recovery before a request can start; after a clean exit it finds nothing and so
    never makes the gate or the decisions (made by the first task instead). A task left running is still
    found and driven by the same call."""
    rt = h.runtime([])
    assert run(rt.recover()) == []
    assert not {"gate", "decisions", "calls", "reporter"} & set(vars(rt))
    _rt, task_id, approval_id = paused(h, WRITE_A)
    h.store.update_task(task_id, status="running", owner=DEAD)
    rt2 = h.runtime(FINISH)
    assert run(rt2.recover()) == [f"task {task_id}: resumed, now paused"]
    assert rt2.task_status(task_id).pending_approval_id == approval_id


# --- recovery: the interrupted write's staging files go with it ------------------------------------------------

def test_resolving_an_interrupted_write_removes_its_staging_files_when_the_task_is_not_running(h: Harness) -> None:
    """Recovery's sweep covers tasks marked running; the gate itself must clear the staging file the
    interrupted write left, whatever the task's status (here paused from another window before the crash)."""
    _rt, task_id, approval_id = paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="paused")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=DEAD)
    stray = h.ws(task_id) / ".mira-staging-0123456789abcdef.txt"
    stray.write_text("half written", encoding="utf-8")
    report = run(h.runtime([]).recover(resume=False))
    assert report == [f"note_write in task {task_id}: recorded failed"]
    assert not stray.exists()


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

    rt, task_id, approval_id = paused(h, WRITE_A)
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
    _rt, task_id, approval_id = paused(h, WRITE_A)
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


@pytest.mark.parametrize("first_sorts_higher", [True, False])
def test_recovery_judges_the_interrupted_write_by_its_own_approval(h: Harness, first_sorts_higher: bool) -> None:
    """The second write was executing at the crash; the first one's file (a.txt) is on disk. Recovery must
    look at b.txt, which was never written, not at a.txt."""
    _rt, task_id, (_first, second) = two_writes(h, first_sorts_higher)
    ledger_id = h.store.approval(second).ledger_id
    assert h.store.decide_approval(second, "approved", ledger_state="approved", task_status="running")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=DEAD)
    assert read(h.ws(task_id) / "a.txt") == NEW
    run(h.runtime([]).recover(resume=False))
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "failed" and "nothing was written" in row.result["error"]
    assert not (h.ws(task_id) / "b.txt").exists()


def test_a_target_changed_after_approve_is_not_written_when_the_drive_resumes(h: Harness) -> None:
    """'approved' was committed, then Mira died before running it; meanwhile the user made a.txt. The drive
    after the restart must check the file again and refuse, keeping the user's file."""
    _rt, task_id, approval_id = paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    h.store.update_task(task_id, owner=DEAD)
    (h.ws(task_id) / "a.txt").write_text("the user's own", encoding="utf-8")
    rt2 = h.runtime([Completion(text="It changed."), Completion(text="Not done.")])
    run(rt2.recover())
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "failed" and row.result["error"] == "the file changed since this was proposed; ask again"
    assert read(h.ws(task_id) / "a.txt") == "the user's own"


@pytest.mark.timeout(30)  # with the check gone the drive may never return
def test_a_crashed_task_driven_again_holds_at_its_write_the_disk_refused(h: Harness) -> None:
    """The disk refused the write (failed, retryable) and Mira died before pausing the task: driving it again
    must pause at that write for a retry from its card, not ask the model on."""
    _rt, task_id, approval_id = paused(h, WRITE_A)
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


@pytest.mark.parametrize(("state", "result", "expected"), [
    ("failed", {"ok": False, "error": "the disk is full", "retryable": True}, True),
    ("failed", {"ok": False, "error": "path must end with .txt"}, False),
    ("failed", None, False),
    ("executing", {"retryable": True}, False),
    ("done", {"ok": True, "retryable": True}, False),
    ("approved", {"retryable": True}, False)])
def test_only_a_failed_write_the_disk_refused_is_retryable(state: str, result: dict | None, expected: bool) -> None:
    from desktop.agent.gate import retryable
    from desktop.store import LedgerRow

    row = LedgerRow(id="l1", task_id="t1", agent="skill:notes", call_key="k1", tool_call_id="s1", tool_id="note_write", input_hash="0" * 64, state=state,
                    pre_sha256=None, result=result, created=0.0, updated=0.0)
    assert retryable(row) is expected


def test_recovery_goes_on_when_another_process_removed_a_staging_file_first(h: Harness,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Two windows recovering at once: the other one deletes a stray staging file between this one's listing
    and its delete. That is not an error; the interrupted write is still resolved."""
    from skills.runtime import Workspace

    _rt, task_id, approval_id = paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=DEAD)
    (h.ws(task_id) / ".mira-staging-0123456789abcdef.txt").write_text("half written", encoding="utf-8")
    listed = Workspace.stray_staging_files

    def listed_then_removed_elsewhere(self: Workspace) -> list:
        strays = list(listed(self))
        for stray in strays:
            stray.unlink()  # the other process was quicker
        return strays

    monkeypatch.setattr(Workspace, "stray_staging_files", listed_then_removed_elsewhere)
    report = run(h.runtime([]).recover(resume=False))
    assert report == [f"note_write in task {task_id}: recorded failed"]
    assert h.store.ledger_entry(ledger_id).state == "failed"


def _approved_then_linked_out(h: Harness, executing: bool) -> tuple[str, str, object]:
    """a.txt's write was approved (and, with ``executing``, running) when Mira died; then a.txt became a
    link to a file outside the folder."""
    _rt, task_id, approval_id = paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    if executing:
        assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=DEAD)
    outside = h.tmp / "outside.txt"
    outside.write_text("not in the folder", encoding="utf-8")
    (h.ws(task_id) / "a.txt").symlink_to(outside)
    return task_id, ledger_id, outside


def test_an_approved_write_whose_target_became_a_link_out_is_refused_on_the_resumed_drive(h: Harness) -> None:
    _task_id, ledger_id, outside = _approved_then_linked_out(h, executing=False)
    run(h.runtime([Completion(text="Refused."), Completion(text="Not done.")]).recover())
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "failed" and row.result["error"].startswith("refused: ")
    assert "a.txt" in row.result["error"]
    assert outside.read_text(encoding="utf-8") == "not in the folder"


def test_an_interrupted_write_whose_output_became_a_link_out_is_not_recorded(h: Harness) -> None:
    task_id, ledger_id, outside = _approved_then_linked_out(h, executing=True)
    report = run(h.runtime([]).recover(resume=False))
    assert report == [f"note_write in task {task_id}: recorded failed"]
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "failed" and "nothing was written" in row.result["error"]
    assert not row.result.get("artifacts")
    assert outside.read_text(encoding="utf-8") == "not in the folder"
