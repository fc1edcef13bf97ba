"""Ctrl-C at the ``Approve? [y/N]`` prompt of ``mira task``: the first one denies and ends the command
cleanly; nothing is written and no ledger row is left "executing"."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from desktop.store import Store

TESTS_DIR = Path(__file__).resolve().parents[1]
CHILD = """
import json, sys
from functools import partial
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from agent.fakes import fake_skills
from desktop.agent import cli
from desktop.llm.scripted import ScriptedModel, tool_turn
model = ScriptedModel([tool_turn(("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))),
                       tool_turn(("s1", "note_write", json.dumps({"path": "a.txt", "text": "new"})))])
cli._configured = lambda: (model, "", Path(sys.argv[2]) / "ws")
cli.AgentRuntime = partial(cli.AgentRuntime, skills=fake_skills())
sys.exit(cli.main(["write a"]))
"""


def _read_until(proc: subprocess.Popen[bytes], marker: bytes, deadline: float) -> bytes:
    assert proc.stdout is not None
    seen = b""
    while marker not in seen:
        assert time.monotonic() < deadline, seen.decode(errors="replace")
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, f"the command ended before asking: {seen.decode(errors='replace')}"
        seen += chunk
    return seen


def test_ctrl_c_at_the_prompt_denies_and_ends_cleanly(tmp_path: Path) -> None:
    env = dict(os.environ, MIRA_HOME=str(tmp_path / "home"))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(TESTS_DIR), str(tmp_path)], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _read_until(proc, b"Approve? [y/N]", time.monotonic() + 60)
        proc.send_signal(signal.SIGINT)  # once: the user means it
        code = proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    out = proc.stdout.read().decode() if proc.stdout else ""
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert code == 3, (code, out, err)
    assert "Traceback" not in err and "denied" in (out + err).lower(), (out, err)
    store = Store(tmp_path / "home" / "data" / "mira.sqlite3")
    try:
        [task] = store.tasks()
        assert task.status == "cancelled"
        assert [a.state for a in store.approvals(task.id)] == ["denied"]
        assert not [r for r in store.ledger(task.id) if r.state == "executing"]
        assert not (Path(task.workspace) / "a.txt").exists()
    finally:
        store.close()
