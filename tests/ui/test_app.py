"""The ``mira`` entry point refuses an unreadable database with one clear line, not a traceback."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

MIRA = Path(sys.executable).with_name("mira")


def test_an_unreadable_database_is_one_clear_message_and_exit_1(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "mira.sqlite3").write_bytes(b"this is not a database " * 20)
    env = dict(os.environ, MIRA_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([str(MIRA)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    mira_lines = [line for line in out.stderr.splitlines() if "Mira" in line]  # Qt may add its own notes
    db = tmp_path / "data" / "mira.sqlite3"
    assert mira_lines == [f"Mira could not start: {db} is not a readable Mira database; move it aside to start with "
                          "a new one. (details: file is not a database)"]
    assert db.read_bytes() == b"this is not a database " * 20  # the user's file is left as it was


def test_the_start_failure_is_said_in_the_language_chosen_in_settings(tmp_path: Path) -> None:
    import json

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "mira.sqlite3").write_bytes(b"this is not a database " * 20)
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"language": "zh_CN"}), encoding="utf-8")
    env = dict(os.environ, MIRA_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([str(MIRA)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    [line] = [line for line in out.stderr.splitlines() if "Mira" in line]
    db = tmp_path / "data" / "mira.sqlite3"
    assert line == f"Mira 无法启动：{db} 不是可读取的 Mira 数据库；请把它移到别处，再以新的数据库启动。（详细信息：file is not a database）", line
