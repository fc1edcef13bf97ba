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
    reporter.emit(TextDelta("t", "main", "hi"))
    stop()
    reporter.emit(TaskFailed("t", "no"))
    assert seen == [TextDelta("t", "main", "hi")]
    store.close()


def _rows(args: dict[str, object], stored: str, ledger_hash: str) -> tuple[ApprovalRow, LedgerRow]:
    approval = ApprovalRow("a", "t", "l", "skill:x", "1:0", "c1", "note_write", json.loads(stored), stored,
                           input_hash(args), "x", 1, "h", (), "a.txt", None, "s", (), "approved", "", 0.0, None)
    ledger = LedgerRow("l", "t", "skill:x", "1:0", "c1", "note_write", ledger_hash, "approved", None, None, 0.0, 0.0)
    return approval, ledger


def test_the_gate_refuses_stored_arguments_that_no_longer_hash_to_what_was_approved() -> None:
    args = {"path": "a.txt", "text": "ok"}
    assert frozen_mismatch(*_rows(args, json.dumps(args), input_hash(args))) is None
    assert "no longer match" in str(frozen_mismatch(*_rows(args, json.dumps({**args, "text": "evil"}),
                                                           input_hash(args))))
    assert frozen_mismatch(*_rows(args, json.dumps(args), "0" * 64)) is not None
