"""``mira task`` with a question answered in words: the answer was the goal, so the command succeeds."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

MIRA = Path(sys.executable).with_name("mira")


def test_a_question_answered_in_text_exits_0(tmp_path: Path) -> None:
    (tmp_path / "ws").mkdir()
    env = dict(os.environ, MIRA_HOME=str(tmp_path / "home"), MIRA_LANGUAGE="en")
    proc = subprocess.run([str(MIRA), "task", "What can you do?", "--workspace", str(tmp_path / "ws"), "--json"],
                          env=env, capture_output=True, text=True, timeout=110)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report["status"] == "finished" and report["outcome"] is None and report["artifacts"] == []
    assert "What I can do" in report["message"] and "error" not in report
    assert "no file was made" not in proc.stderr
