"""The runtime's parts stand on their own: a lazy package, a reporter, the gate's hash check, the loop's
hook points, each without the facade."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from desktop.agent.events import TaskFailed, TextDelta
from desktop.agent.gate import frozen_mismatch
from desktop.agent.hashing import input_hash
from desktop.agent.reporter import Reporter
from desktop.store import ApprovalRow, LedgerRow, Store


def test_importing_the_agent_package_or_its_events_loads_no_runtime() -> None:
    code = ("import sys; import desktop.agent; from desktop.agent import events; "
            "heavy = [m for m in ('desktop.agent.runtime', 'desktop.agent.loop', 'desktop.agent.gate', "
            "'skills.catalog', 'jsonschema') if m in sys.modules]; print(heavy); "
            "from desktop.agent import AgentRuntime; print('desktop.agent.runtime' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["[]", "True"], out.stdout + out.stderr


def test_the_reporter_survives_a_broken_listener_and_unsubscribes(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.sqlite3")
    reporter = Reporter(store)
    seen: list[object] = []

    def broken(_event: object) -> None:
        raise RuntimeError("listener bug")

    reporter.subscribe(broken)
    stop = reporter.subscribe(seen.append)
    reporter.emit(TextDelta(task_id="t", agent="main", text="hi"))
    stop()
    reporter.emit(TaskFailed(task_id="t", error="no"))
    assert seen == [TextDelta(task_id="t", agent="main", text="hi")]
    store.close()


def _rows(args: dict[str, object], stored: str, ledger_hash: str) -> tuple[ApprovalRow, LedgerRow]:
    approval = ApprovalRow(
        id="a",
        task_id="t",
        ledger_id="l",
        agent="skill:x",
        call_key="1:0",
        tool_call_id="c1",
        tool_id="note_write",
        arguments=json.loads(stored),
        arguments_json=stored,
        input_hash=input_hash(args),
        skill_id="x",
        checkpoint_seq=1,
        checkpoint_hash="h",
        ledger_snapshot=(),
        target_path="a.txt",
        target_sha256_at_freeze=None,
        summary="s",
        changes=(),
        state="approved",
        message="",
        created=0.0,
        decided_at=None,
    )
    ledger = LedgerRow(id="l", task_id="t", agent="skill:x", call_key="1:0", tool_call_id="c1", tool_id="note_write", input_hash=ledger_hash, state="approved",
                       pre_sha256=None, result=None, created=0.0, updated=0.0)
    return approval, ledger


def test_the_gate_refuses_stored_arguments_that_no_longer_hash_to_what_was_approved() -> None:
    args = {"path": "a.txt", "text": "ok"}
    assert frozen_mismatch(*_rows(args, json.dumps(args), input_hash(args))) is None
    assert "no longer match" in str(frozen_mismatch(*_rows(args, json.dumps({**args, "text": "evil"}),
                                                           input_hash(args))))
    assert frozen_mismatch(*_rows(args, json.dumps(args), "0" * 64)) is not None
