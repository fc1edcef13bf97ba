"""Approval refusals and restart: tampered, stale, twice, finished, changed file, other build, new process."""
from __future__ import annotations

import json
import sqlite3

import pytest

from desktop.agent import ApprovalError
from desktop.agent import events as ev
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from desktop.store import Store

from .conftest import Harness, run
from .fakes import fake_skills, read

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))
WRITE = ("s1", "note_write", json.dumps({"path": "a.txt", "text": "new"}))
FINISH = [tool_turn(("s2", "complete", json.dumps({"summary": "ok", "artifacts": ["a.txt"]}))), Completion(text="Done.")]


def _paused(h: Harness, **kw: object) -> tuple[object, str, str]:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(WRITE), *FINISH], **kw)
    task_id = run(rt.start_task(h.conv.id, "write a"))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id
    return rt, task_id, approval_id


def test_second_approve_is_refused_and_nothing_runs_twice(h: Harness) -> None:
    rt, task_id, approval_id = _paused(h)
    run(rt.approve(approval_id))
    with pytest.raises(ApprovalError, match="already finished"):
        run(rt.approve(approval_id))
    assert [r.state for r in h.store.ledger(task_id) if r.tool_id == "note_write"] == ["done"]


def test_two_stores_on_one_database_only_one_approve_wins(h: Harness) -> None:
    rt, _task_id, approval_id = _paused(h)
    other = Store(h.db)
    rt2 = h.runtime(FINISH, store=other)
    # Window 2 decides first through its own connection; window 1 must then be refused.
    assert other.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    with pytest.raises(ApprovalError, match="already approved"):
        run(rt.approve(approval_id))
    assert rt2 is not None
    other.close()


def test_tampered_arguments_are_refused(h: Harness) -> None:
    rt, task_id, approval_id = _paused(h)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE approvals SET arguments=? WHERE id=?",
                    (json.dumps({"path": "a.txt", "text": "evil"}), approval_id))
    with pytest.raises(ApprovalError, match="tampered"):
        run(rt.approve(approval_id))
    assert not (h.ws(task_id) / "a.txt").exists()
    assert h.store.approval(approval_id).state == "pending"


def test_tampered_transcript_and_stale_checkpoint_are_refused(h: Harness) -> None:
    rt, task_id, approval_id = _paused(h)
    h.store.append_transcript(task_id, "skill:notes", {"role": "user", "content": "something later"})
    with pytest.raises(ApprovalError, match="stale checkpoint"):
        run(rt.approve(approval_id))
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE transcripts SET message=? WHERE task_id=? AND agent='skill:notes' AND seq=2",
                    (json.dumps({"role": "user", "content": "other goal"}), task_id))
    with pytest.raises(ApprovalError, match="altered"):
        run(rt.approve(approval_id))
    assert not (h.ws(task_id) / "a.txt").exists()


def test_changed_target_is_refused_and_the_agent_is_told(h: Harness) -> None:
    write_over = ("s1", "note_write", json.dumps({"path": "a.txt", "text": "new", "overwrite": True}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(write_over), Completion(text="I will stop."), Completion(text="Not done.")])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    approval_id = rt.task_status(task_id).pending_approval_id
    (h.ws(task_id) / "a.txt").write_text("edited meanwhile by the user", encoding="utf-8")
    with pytest.raises(ApprovalError, match="the file changed since this was proposed; ask again"):
        run(rt.approve(approval_id))
    assert read(h.ws(task_id) / "a.txt") == "edited meanwhile by the user"
    assert h.store.approval(approval_id).state == "refused"
    assert h.of(ev.ApprovalDecided) == [ev.ApprovalDecided(task_id=task_id, approval_id=approval_id, approved=False,
                                                           message="the file changed since this was proposed; ask again")]
    told = h.model.calls[2].messages[-1]
    assert json.loads(told.content)["error"] == "the file changed since this was proposed; ask again"


def test_approve_under_another_catalog_build_is_refused(h: Harness) -> None:
    rt, _task_id, approval_id = _paused(h)
    rt2 = h.runtime(FINISH, skills=fake_skills(build_identity="build-2"))
    with pytest.raises(ApprovalError, match="different skill catalog build"):
        run(rt2.approve(approval_id))
    assert rt is not None and h.store.approval(approval_id).state == "pending"


def test_pending_approval_survives_a_restart(h: Harness) -> None:
    _rt, task_id, approval_id = _paused(h)
    h.store.close()
    store = Store(h.db)  # a new process would do exactly this
    rt2 = h.runtime(FINISH, store=store)
    assert run(rt2.recover()) == []
    assert [a.id for a in store.pending_approvals()] == [approval_id]
    run(rt2.approve(approval_id))
    assert rt2.task_status(task_id).status == "finished"
    h.store = store
    assert read(h.ws(task_id) / "a.txt") == "new"
    assert len(store.task_artifacts(task_id)) == 1


def test_cancel_while_paused_refuses_later_approval(h: Harness) -> None:
    rt, task_id, approval_id = _paused(h)
    rt.cancel(task_id)
    assert rt.task_status(task_id).status == "cancelled"
    assert h.of(ev.TaskCancelled)
    with pytest.raises(ApprovalError, match="was cancelled"):
        run(rt.approve(approval_id))
    assert not (h.ws(task_id) / "a.txt").exists()


def test_recover_leaves_a_task_driven_by_another_live_process_alone(h: Harness) -> None:
    import os
    import socket

    rt, task_id, approval_id = _paused(h)
    # Another live process (our parent) approved the call and is executing it right now.
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    h.store.update_task(task_id, owner=f"{socket.gethostname()}:{os.getppid()}")
    report = run(h.runtime([]).recover())
    assert report == [f"task {task_id}: still running in another process; left alone"]
    assert h.store.ledger_entry(ledger_id).state == "executing" and h.store.task(task_id).status == "running"
    with pytest.raises(ApprovalError, match="this change was already approved; it will not run again"):
        run(rt.approve(approval_id))
    # Once that process is gone (a dead pid), the call is reported not done and the task goes on.
    h.store.update_task(task_id, owner=f"{socket.gethostname()}:999999999")
    rt2 = h.runtime([Completion(text="I could not write it."), Completion(text="Not done.")])
    run(rt2.recover())
    assert h.store.ledger_entry(ledger_id).state == "failed"
    told = json.loads(h.model.calls[0].messages[-1].content)
    assert told["ok"] is False and told["error"].startswith("not done")
    assert rt2.task_status(task_id).status == "finished" and not (h.ws(task_id) / "a.txt").exists()


def test_approve_under_another_flow_version_is_refused(h: Harness) -> None:
    rt, task_id, approval_id = _paused(h)
    with sqlite3.connect(h.db) as raw:
        raw.execute("UPDATE tasks SET flow_version=0 WHERE id=?", (task_id,))
    with pytest.raises(ApprovalError, match="started under flow skill-pipeline v0"):
        run(rt.approve(approval_id))
    with pytest.raises(ApprovalError, match="started under flow"):
        run(rt.deny(approval_id))
    assert h.store.approval(approval_id).state == "pending"


def test_crash_after_the_skill_ended_finalizes_on_restart_without_planning_again(h: Harness) -> None:
    # §4: once the skill agent completed, the parent only finalizes; a crash before the packet is frozen
    # must not hand the task back to the planner (which could run the skill again or answer without files).
    rt, task_id, approval_id = _paused(h)

    async def crash(*_a: object, **_k: object) -> None:
        raise SystemExit("simulated crash before the packet is frozen")

    rt.finalizer.commit = crash  # type: ignore[method-assign]
    with pytest.raises(SystemExit, match="simulated crash before the packet is frozen"):
        run(rt.approve(approval_id))
    assert h.store.task(task_id).status == "running" and h.store.task(task_id).packet is None
    rt2 = h.runtime([Completion(text="Delivered a.txt.")])
    run(rt2.recover())
    status = rt2.task_status(task_id)
    assert status.status == "finished" and status.outcome == "completed"
    assert [a.workspace_path for a in h.store.task_artifacts(task_id)] == ["a.txt"]
    assert len(h.model.calls) == 1 and h.model.calls[0].tools == ()


def test_a_call_another_driver_took_is_left_to_it(h: Harness) -> None:
    # Two drivers reach the same approved call (a second process recovering while this one approves): the
    # loser must neither run it nor record a verdict on it while the winner is still executing.
    rt, task_id, approval_id = _paused(h)
    ledger_id = h.store.approval(approval_id).ledger_id
    real_move = h.store.ledger_move

    def other_driver_first(lid: str, from_states: tuple[str, ...], to_state: str, **kw: object) -> bool:
        if lid == ledger_id and to_state == "executing":
            assert real_move(lid, from_states, to_state, pre_sha256="")  # the other driver wins the move
        return real_move(lid, from_states, to_state, **kw)  # type: ignore[arg-type]

    h.store.ledger_move = other_driver_first  # type: ignore[method-assign]
    run(rt.approve(approval_id))
    assert h.store.ledger_entry(ledger_id).state == "executing"
    assert not (h.ws(task_id) / "a.txt").exists()
    key = h.store.approval(approval_id).call_key
    assert not [e for e in h.store.transcript(task_id, "skill:notes") if e.call_key == key]


def test_a_stale_owner_whose_pid_now_names_another_process_does_not_block_the_task(h: Harness) -> None:
    # After a crash and a reboot the recorded pid is often reused by some unrelated live process; the
    # process start time recorded with it tells them apart (where the OS gives it), so the task is not
    # stuck "running in another process" forever.
    import os
    import socket
    from pathlib import Path

    if not Path(f"/proc/{os.getppid()}/stat").is_file():
        pytest.skip("no /proc start times on this OS")
    rt, task_id, approval_id = _paused(h)
    h.store.update_task(task_id, owner=f"{socket.gethostname()}:{os.getppid()}:1")  # live pid, other start
    run(rt.approve(approval_id))
    assert rt.task_status(task_id).status == "finished"
    assert read(h.ws(task_id) / "a.txt") == "new"


def test_an_interrupted_write_into_a_folder_does_not_claim_nothing_was_written(h: Harness) -> None:
    # A command that publishes several files into a folder (like pdf_split) was cut off after publishing
    # some: recovery must not re-run it, and must not tell the agent that nothing was written.
    from skills.runtime import Command, CommandResult

    split = Command(args_type=dict,
        name="note_split", description="Split a note into parts.",
        input_schema={"type": "object", "properties": {"output_dir": {"type": "string"}},
                      "required": ["output_dir"], "additionalProperties": False},
        writes=True, run=lambda ws, args: CommandResult(ok=True, message="split"), target_arg="output_dir")
    call = ("s1", "note_split", json.dumps({"output_dir": "parts"}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(call)], skills=fake_skills(extra=[split]))
    task_id = run(rt.start_task(h.conv.id, "split"))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert h.store.decide_approval(approval_id, "approved", ledger_state="approved", task_status="running")
    ledger_id = h.store.approval(approval_id).ledger_id
    assert h.store.ledger_move(ledger_id, ("approved",), "executing", pre_sha256="")
    (h.ws(task_id) / "parts").mkdir()
    (h.ws(task_id) / "parts" / "part-1.txt").write_text("one", encoding="utf-8")  # published, then the crash
    rt2 = h.runtime([Completion(text="Stopping."), Completion(text="Partly done.")], skills=fake_skills(extra=[split]))
    run(rt2.recover())
    told = json.loads(h.model.calls[0].messages[-1].content)
    assert told["ok"] is False and "nothing was written" not in told["error"]
    assert "parts" in told["error"] and "not re-run" in told["error"]
    assert (h.ws(task_id) / "parts" / "part-1.txt").read_text(encoding="utf-8") == "one"
