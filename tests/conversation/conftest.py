"""`mira task` turns inside one conversation, run in-process with the offline planner and the real commands."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


class Chat:
    """One conversation driven through ``mira task``: the first call starts it, later ones pass --conversation."""

    def __init__(self, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.folder = folder
        self.capsys = capsys
        self.conversation: str | None = None
        self.reports: list[dict[str, Any]] = []
        self.last_err = ""

    def say(self, request: str, *extra: str, expect: int | None = 0) -> dict[str, Any]:
        """One turn; ``expect`` is its exit code (None: an answer in words, whose exit code is the CLI's
        business — what the test checks is that it asked and wrote nothing)."""
        from desktop.agent import cli

        argv = [request, "--workspace", str(self.folder), "--yes", "--json", *extra]
        if self.conversation:
            argv += ["--conversation", self.conversation]
        self.capsys.readouterr()
        code = cli.main(argv)
        out = self.capsys.readouterr()
        report = json.loads(out.out)
        assert expect is None or code == expect, f"{request!r}: exit {code}\n{out.err[-3000:]}\n{json.dumps(report)[:3000]}"
        self.conversation = self.conversation or report["conversation_id"]
        assert report["conversation_id"] == self.conversation
        self.reports.append(report)
        self.last_err = out.err
        return report

    def path(self, rel: str) -> Path:
        return self.folder / rel


@pytest.fixture
def chat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Chat:
    monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
    folder = tmp_path / "work"
    folder.mkdir()
    return Chat(folder, capsys)
