"""Each guard of the approval gate and of recovery, tested on its own.

The audit showed these checks could be weakened (``!=`` → ``<``, ``==`` → ``is not``, ``continue`` →
``break``, a clean-up dropped) with every test still green. Each test here builds the one situation the
guard exists for and names the outcome it must give.
"""
from __future__ import annotations

import json
import socket
import sqlite3
from pathlib import Path

import pytest

from desktop.agent.gate import frozen_mismatch
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from desktop.store import Store

from .conftest import Harness, run
from .gate_cases import DEAD, FINISH, RUN_NOTES, WRITE_A, WRITE_B, args_hashing, paused

def _folder(h: Harness, task_id: str) -> Path:
    return Path(h.store.task(task_id).workspace)


# --- the frozen call must hash to what was approved -------------------------------------------------------

@pytest.mark.parametrize("lower", [True, False], ids=["hash-sorts-lower", "hash-sorts-higher"])
def test_stored_arguments_that_hash_differently_are_refused(h: Harness, lower: bool) -> None:
    _rt, _task_id, approval_id = paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    tampered = args_hashing(json.loads(approval.arguments_json), approval.input_hash, lower)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE approvals SET arguments=? WHERE id=?", (json.dumps(tampered), approval_id))
    approval = h.store.approval(approval_id)
    row = h.store.ledger_entry(approval.ledger_id)
    assert frozen_mismatch(approval, row) == ("refused: the stored arguments no longer match the input hash that "
                                              "was approved (changed since); nothing ran")


@pytest.mark.parametrize("lower", [True, False], ids=["ledger-hash-lower", "ledger-hash-higher"])
def test_a_ledger_entry_with_another_input_hash_is_refused(h: Harness, lower: bool) -> None:
    _rt, _task_id, approval_id = paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    other = ("0" if lower else "f") * 64
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE ledger SET input_hash=? WHERE id=?", (other, approval.ledger_id))
    row = h.store.ledger_entry(approval.ledger_id)
    assert row.input_hash == other
    assert frozen_mismatch(approval, row) is not None


@pytest.mark.parametrize("tool", ["a_write", "zz_write"])
def test_a_ledger_entry_for_another_command_is_refused(h: Harness, tool: str) -> None:
    _rt, _task_id, approval_id = paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE ledger SET tool_id=? WHERE id=?", (tool, approval.ledger_id))
    assert frozen_mismatch(approval, h.store.ledger_entry(approval.ledger_id)) is not None


def test_the_untouched_frozen_call_passes(h: Harness) -> None:
    _rt, _task_id, approval_id = paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    assert frozen_mismatch(approval, h.store.ledger_entry(approval.ledger_id)) is None


def test_arguments_tampered_after_approve_are_not_run_on_recovery(h: Harness) -> None:
    """'approved' was committed, then the process died; the stored arguments were changed before restart."""
    _rt, task_id, approval_id = paused(h, WRITE_A)
    approval = h.store.approval(approval_id)
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    tampered = args_hashing(json.loads(approval.arguments_json), approval.input_hash, True)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE approvals SET arguments=? WHERE id=?", (json.dumps(tampered), approval_id))
    h.store.update_task(task_id, owner=DEAD)
    rt2 = h.runtime([Completion(text="It was refused."), Completion(text="Not done.")])
    run(rt2.recover())
    assert h.store.ledger_entry(approval.ledger_id).state == "failed"
    assert "no longer match the input hash" in json.dumps(h.store.ledger_entry(approval.ledger_id).result)
    assert not (_folder(h, task_id) / "a.txt").exists()


# --- the approval that belongs to a ledger entry ------------------------------------------------------------

def test_each_ledger_entry_finds_its_own_approval(h: Harness) -> None:
    steps = [tool_turn(RUN_NOTES), tool_turn(WRITE_A), tool_turn(WRITE_B), *FINISH]
    rt, task_id, first = paused(h, WRITE_A, steps[2:])
    run(rt.approve(first))
    second = rt.task_status(task_id).pending_approval_id
    assert second and second != first
    for approval_id in (first, second):
        approval = h.store.approval(approval_id)
        found = rt.gate.approval_for(h.store.ledger_entry(approval.ledger_id))
        assert found.id == approval_id


# --- recovery -------------------------------------------------------------------------------------------------

def _interrupted(h: Harness) -> tuple[str, str]:
    """A task whose approved note_write was executing when the process died (owner gone)."""
    _rt, task_id, approval_id = paused(h, WRITE_A)
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=DEAD)
    return task_id, ledger_id


@pytest.mark.parametrize("tool", ["note_write", "xlsx_recalculate"])  # names sorting before and after run_skill
def test_recovery_resolves_the_write_and_leaves_the_skill_run_to_its_agent(h: Harness, tool: str) -> None:
    task_id, ledger_id = _interrupted(h)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE ledger SET tool_id=? WHERE id=?", (tool, ledger_id))
        raw.execute("UPDATE approvals SET tool_id=? WHERE ledger_id=?", (tool, ledger_id))
    rows = {r.tool_id: r for r in h.store.ledger(task_id)}
    assert rows["run_skill"].state == "executing"  # the parent's row, listed before the write
    report = run(h.runtime([]).recover(resume=False))
    assert h.store.ledger_entry(ledger_id).state == "failed"
    assert h.store.ledger_entry(rows["run_skill"].id).state == "executing"
    assert report == [f"{tool} in task {task_id}: recorded failed"]


def test_recovery_goes_through_every_interrupted_task(h: Harness) -> None:
    _first, first_row = _interrupted(h)
    h.conv = h.store.create_conversation("second")
    _second, second_row = _interrupted(h)
    run(h.runtime([]).recover(resume=False))
    assert h.store.ledger_entry(first_row).state == "failed"
    assert h.store.ledger_entry(second_row).state == "failed"


def test_recovery_skips_a_task_another_process_drives_and_goes_on(h: Harness) -> None:
    import os

    first, first_row = _interrupted(h)
    h.store.update_task(first, owner=f"{socket.gethostname()}:{os.getppid()}")  # alive: the test's parent
    h.conv = h.store.create_conversation("second")
    _second, second_row = _interrupted(h)
    report = run(h.runtime([]).recover(resume=False))
    assert h.store.ledger_entry(first_row).state == "executing"
    assert h.store.ledger_entry(second_row).state == "failed"
    assert report[0] == f"task {first}: still running in another process; left alone"


def test_recovery_removes_stray_staging_files_of_an_interrupted_write(h: Harness) -> None:
    task_id, _ledger_id = _interrupted(h)
    stray = _folder(h, task_id) / ".mira-staging-0123456789abcdef.txt"
    stray.write_text("half written", encoding="utf-8")
    run(h.runtime([]).recover(resume=False))
    assert not stray.exists()
    assert not (_folder(h, task_id) / "a.txt").exists()


def test_recovery_removes_stray_staging_files_of_every_running_task(h: Harness) -> None:
    strays = []
    for n in range(2):
        h.conv = h.store.create_conversation(f"c{n}")
        _rt, task_id, _approval_id = paused(h, WRITE_A)
        h.store.update_task(task_id, status="running", owner=DEAD)
        strays.append(_folder(h, task_id) / f".mira-staging-{n:016d}.txt")
        strays[-1].write_text("half written", encoding="utf-8")
    run(h.runtime([]).recover(resume=False))
    assert [s.exists() for s in strays] == [False, False]


def test_a_write_that_finished_before_the_crash_is_recorded_not_rerun(h: Harness) -> None:
    task_id, ledger_id = _interrupted(h)
    (_folder(h, task_id) / "a.txt").write_text("new", encoding="utf-8")  # published just before the crash
    run(h.runtime([]).recover(resume=False))
    row = h.store.ledger_entry(ledger_id)
    assert row.state == "done"
    assert row.result["artifacts"][0]["path"] == "a.txt"
    assert "recorded from the file on disk" in row.result["message"]


# --- a command's own refusal is a tool error, never a dead task ------------------------------------------------

def test_a_workspace_refusal_inside_a_command_is_a_tool_error(tmp_path: Path) -> None:
    from desktop.agent.execute import run_raw
    from skills.runtime import Workspace, WorkspaceError

    class Refusing:
        name = "x_write"
        writes = True

        def run(self, ws: Workspace, args: dict) -> object:
            raise WorkspaceError("path 'x' escapes the workspace through a symlink")

    result = run_raw(Workspace(tmp_path), Refusing(), {})  # type: ignore[arg-type]
    assert result.ok is False
    assert result.error == "path 'x' escapes the workspace through a symlink"


def test_stores_in_two_processes_share_decisions(h: Harness) -> None:
    _rt, _task_id, approval_id = paused(h, WRITE_A)
    other = Store(h.db)
    try:
        assert other.decide_approval(approval_id, "denied", ledger_state="denied", task_status="running")
        assert not h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    finally:
        other.close()
