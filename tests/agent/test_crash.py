"""Exactly once across crashes: a real child process is SIGKILLed at named points of approve → execute →
record, 25 times per point; recovery must never run a call twice, lose an approval, write without approval,
duplicate a tool result, corrupt the database or leave staging files."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from desktop.agent import AgentRuntime
from desktop.agent.gate import ApprovalGate
from desktop.llm.scripted import ScriptedModel, tool_turn
from desktop.store import ApprovalRow, LedgerRow, Store
from desktop.store.states import LedgerState
from skills.runtime import Workspace

from .fakes import CRASH_ENV, fake_skills, finish_steps

TESTS_DIR = Path(__file__).resolve().parents[1]
POINTS = ("after_approved_commit", "after_executing_commit", "inside_publish", "after_command_run",
          "after_result_recorded")
RUNS_PER_POINT = 25
RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write a note"}))
WRITE = ("s1", "note_write", json.dumps({"path": "note.txt", "text": "approved text", "overwrite": True}))


CHILD = """
import asyncio, sys
sys.path.insert(0, sys.argv[1])
from agent.fakes import crash_probe, fake_skills, finish_steps
from desktop.agent import AgentRuntime
from desktop.llm.scripted import ScriptedModel
from desktop.store import Store
store = Store(__import__("pathlib").Path(sys.argv[2]) / "mira.sqlite3")
model = ScriptedModel(finish_steps())
rt = AgentRuntime(store, lambda: model, __import__("pathlib").Path(sys.argv[2]) / "ws", skills=fake_skills(),
                  probe=crash_probe)
asyncio.run(rt.approve(sys.argv[3]))
"""


class ForgetfulGate(ApprovalGate):
    """The negative control's gate: it neither re-checks the target nor resolves an interrupted call from
    the ledger; it hands the call back to "approved", so the next drive runs it again."""

    def target_unchanged(self, ws: Workspace, approval: ApprovalRow) -> bool:
        return True

    def resolve_interrupted(self, row: LedgerRow) -> str:
        self.store.ledger_move(row.id, (LedgerState.EXECUTING,), LedgerState.APPROVED)
        return ""


def _prepare(base: Path) -> tuple[str, str]:
    """A tiny database holding one task paused on a pending note_write approval."""
    store = Store(base / "mira.sqlite3")
    model = ScriptedModel([tool_turn(RUN_NOTES), tool_turn(WRITE)])
    rt = AgentRuntime(store, lambda: model, base / "ws", skills=fake_skills())
    conv = store.create_conversation("crash")
    task_id = asyncio.run(rt.start_task(conv.id, "write a note"))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id is not None
    store.close()
    return task_id, approval_id


@pytest.fixture
def fast_dir(tmp_path: Path) -> Iterator[Path]:
    """A RAM-backed folder when there is one: SIGKILL keeps the page cache, so fsync speed is irrelevant here."""
    if not Path("/dev/shm").is_dir():
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir="/dev/shm", prefix="mira-crash-") as tmp:
        yield Path(tmp)


def _crash_and_recover(work: Path, point: str, *, recheck: bool = True) -> dict:
    work.mkdir()
    task_id, approval_id = _prepare(work)
    side_log = work / "side.log"
    side_log.touch()
    env = dict(os.environ, **{CRASH_ENV: point})
    child = subprocess.run([sys.executable, "-c", CHILD, str(TESTS_DIR), str(work), approval_id],
                           env=env, capture_output=True, text=True, timeout=60)
    assert child.returncode == -signal.SIGKILL, f"child was not killed at {point}: {child.stderr[-2000:]}"
    store = Store(work / "mira.sqlite3")  # recovery, in this process (it logs executions to side.log too)
    model = ScriptedModel(finish_steps())
    rt = AgentRuntime(store, lambda: model, work / "ws", skills=fake_skills(),
                      gate_type=ApprovalGate if recheck else ForgetfulGate)
    asyncio.run(rt.recover())
    executions = side_log.read_text().splitlines()
    ws = Workspace(store.task(task_id).workspace)
    results = [e for e in store.transcript(task_id, "skill:notes")
               if e.message.get("role") == "tool" and e.message.get("tool_call_id") == "s1"]
    facts = {
        "executions": len(executions),
        "approval": store.approval(approval_id).state,
        "ledger": [r.state for r in store.ledger(task_id) if r.tool_id == "note_write"],
        "results": [json.loads(e.message["content"])["ok"] for e in results],
        "file": (ws.root / "note.txt").read_text() if (ws.root / "note.txt").exists() else None,
        "integrity": store.integrity_check(),
        "staging": ws.stray_staging_files(),
        "task": store.task(task_id).status,
    }
    store.close()
    return facts


@pytest.mark.slow
@pytest.mark.parametrize("point", POINTS)
def test_kill_at_point_then_recover(fast_dir: Path, point: str) -> None:
    # Two runs at a time: each has its own database, workspace and side log.
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(lambda i: _crash_and_recover(fast_dir / f"run{i}", point), range(RUNS_PER_POINT)))
    assert len(runs) == RUNS_PER_POINT
    for f in runs:
        assert f["executions"] <= 1, f"double execution at {point}: {f}"
        assert f["approval"] == "approved", f"approval lost at {point}: {f}"
        assert len(f["ledger"]) == 1 and f["ledger"][0] in ("done", "failed"), f
        assert len(f["results"]) == 1, f"duplicate or missing tool result at {point}: {f}"
        assert f["integrity"] == "ok" and f["staging"] == []
        assert f["task"] == "finished", f
        if f["file"] is not None:  # a side effect exists only for the approved call, recorded as done
            assert f["file"] == "approved text" and f["ledger"] == ["done"] and f["results"] == [True]
        else:
            assert f["ledger"] == ["failed"] and f["results"] == [False]
        # What each point must end with: finished on restart, or reported not done.
        expected = {"after_approved_commit": ("done", 1), "after_executing_commit": ("failed", 0),
                    "inside_publish": ("failed", 1), "after_command_run": ("done", 1),
                    "after_result_recorded": ("done", 1)}[point]
        assert (f["ledger"][0], f["executions"]) == expected, f


@pytest.mark.slow
def test_negative_control_harness_detects_double_execution(fast_dir: Path) -> None:
    """With the ledger re-check switched off, recovery re-runs an executed call and the harness sees it."""
    f = _crash_and_recover(fast_dir / "neg", "after_command_run", recheck=False)
    assert f["executions"] == 2


CHILD_MODEL_CRASH = """
import asyncio, os, signal, sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from agent.fakes import fake_skills
from desktop.agent import AgentRuntime
from desktop.llm.scripted import ScriptedModel, tool_turn
from desktop.store import Store
import json

def die(messages, tools):
    os.kill(os.getpid(), signal.SIGKILL)

store = Store(Path(sys.argv[2]) / "mira.sqlite3")
run_notes = tool_turn(("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write a note"})))
model = ScriptedModel([run_notes, die])
rt = AgentRuntime(store, lambda: model, Path(sys.argv[2]) / "ws", skills=fake_skills())
asyncio.run(rt.start_task(store.create_conversation("c").id, "write a note"))
"""


def test_a_crash_during_a_model_call_is_on_record_and_the_task_resumes(tmp_path: Path) -> None:
    child = subprocess.run([sys.executable, "-c", CHILD_MODEL_CRASH, str(TESTS_DIR), str(tmp_path)],
                           capture_output=True, text=True, timeout=60)
    assert child.returncode == -signal.SIGKILL, child.stderr[-2000:]
    store = Store(tmp_path / "mira.sqlite3")
    [task] = store.tasks()
    assert task.status == "running"
    # The interrupted call is on record (started, never finished): a later call is no silent retry.
    assert [(c.agent, c.state) for c in store.model_calls(task.id)] == [("main", "done"), ("skill:notes", "started")]
    model = ScriptedModel([tool_turn(WRITE)])
    rt = AgentRuntime(store, lambda: model, tmp_path / "ws", skills=fake_skills())
    report = asyncio.run(rt.recover())
    assert report == [f"task {task.id}: resumed, now paused"]
    assert model.calls[0].messages[1].content == "write a note"  # the same skill agent, not a fresh plan
    assert len(store.pending_approvals()) == 1
    store.close()
