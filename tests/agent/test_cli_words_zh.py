"""A Chinese conversation in `mira task` (the offline planner, no model): a document, a follow-up, a denied
PDF, a corrupt file and a provider failure print no English word apart from names, files and the user's text.
The tool trace (command ids, JSON) is the terminal's details view: only with --verbose."""
from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests.llm.fake_server import http_error, serve
from tests.zh_words import english_words

REQUEST = "把下面的内容做成 Word 文档：\n\n# 季度计划\n\n## 目标\n\n- 增长\n- 留存\n\n| 地区 | 销量 |\n|---|---|\n| 北 | 10 |\n"
USER = ["季度计划", "年度计划", "目标", "增长", "留存", "地区", "销量", "坏文件"]


class Terminal:
    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
        from desktop.agent import cli
        from desktop.llm.offline import OfflinePlanner
        from desktop.settings import AppSettings, SettingsStore

        monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
        SettingsStore().save(AppSettings(language="zh_CN"))
        self.model: Any = OfflinePlanner()
        monkeypatch.setattr(cli, "_configured", lambda: (self.model, "", tmp_path / "ws"))
        self.cli, self.monkeypatch, self.capsys = cli, monkeypatch, capsys
        self.workspace = tmp_path / "ws" / "notes"
        self.conversation = ""

    def say(self, request: str, answer: str = "y", *extra: str) -> tuple[int, str]:
        self.monkeypatch.setattr("sys.stdin", io.StringIO(answer + "\n"))
        args = [request, "--json", "--workspace", str(self.workspace), *extra]
        if self.conversation:
            args += ["--conversation", self.conversation]
        code = self.cli.main(args)
        captured = self.capsys.readouterr()
        report = json.loads(captured.out)
        self.conversation = report.get("conversation_id") or self.conversation
        return code, captured.err  # --json: what a person reads goes to stderr


def test_a_chinese_conversation_in_the_terminal_has_no_english_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    term = Terminal(tmp_path, monkeypatch, capsys)
    said: dict[str, str] = {}
    code, said["create"] = term.say(REQUEST)
    assert code == term.cli.EXIT_OK and "需要批准" in said["create"]
    code, said["title"] = term.say("把标题改成 年度计划")
    assert code == term.cli.EXIT_OK
    code, said["pdf"] = term.say("也做一个PDF", "n")
    assert code == term.cli.EXIT_DENIED and "已拒绝" in said["pdf"]
    (term.workspace / "坏文件.docx").write_bytes(b"PK\x03\x04 not a zip" * 20)
    code, said["corrupt"] = term.say("查看 坏文件.docx")
    assert "坏文件.docx" in said["corrupt"] and "损坏" in said["corrupt"]
    assert "已完成" not in said["corrupt"]  # a failure is not announced as "Done."
    code, said["inspect"] = term.say("查看 季度计划.docx")
    assert code == term.cli.EXIT_OK and "**季度计划.docx**" in said["inspect"]
    assert "没有完成" not in said["inspect"] and "已完成" not in said["inspect"]  # the outline says it all
    serving = serve(lambda handler, body: http_error(handler, 503, "Service Unavailable: upstream overloaded"))
    server = next(serving)
    try:
        from desktop.llm.openai_provider import OpenAIModel

        term.model = OpenAIModel(server.url, "test-model", "sk-test", timeout=5)
        code, said["503"] = term.say("写一份报告")
    finally:
        serving.close()
    assert code == term.cli.EXIT_FAILED and "HTTP 503" in said["503"]
    main_words = {k: "\n".join(line for line in v.splitlines() if not line.startswith("详细信息："))
                  for k, v in said.items()}  # the labelled details line keeps the server's own words
    found = {k: english_words(v, [*USER, server.url, "test-model", "mira task:"]) for k, v in main_words.items()}
    assert {k: v for k, v in found.items() if v} == {}, said
    assert "docx_create" not in said["create"] and "→" not in said["create"]


def test_verbose_shows_the_tool_trace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    term = Terminal(tmp_path, monkeypatch, capsys)
    code, err = term.say(REQUEST, "y", "--verbose")
    assert code == term.cli.EXIT_OK and "→ docx_create" in err


def test_the_tool_trace_says_a_failed_call_in_the_readers_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    term = Terminal(tmp_path, monkeypatch, capsys)
    term.workspace.mkdir(parents=True)
    (term.workspace / "坏文件.docx").write_bytes(b"PK\x03\x04 not a zip" * 20)
    _code, err = term.say("查看 坏文件.docx", "y", "--verbose")
    failed = [line for line in err.splitlines() if "FAILED:" in line]
    assert failed and all("损坏" in line for line in failed), err  # the refusal's message value, not its English
    assert not [line for line in failed if english_words(line.split("FAILED:", 1)[1], ["坏文件.docx"])], failed
