"""`mira task` speaks the interface language chosen in Settings (Qt-free: it reads the .ts sources)."""
from __future__ import annotations

from pathlib import Path

import pytest

REQUEST = "把下面的内容做成 Word 文档：\n\n# 季度计划\n\n## 目标\n\n- 增长\n- 留存\n\n| 地区 | 销量 |\n|---|---|\n| 北 | 10 |\n"


@pytest.mark.parametrize(("language", "expected"), [
    ("zh_CN", ("需要批准：创建 ", "——1 个标题、1 个列表、1 个表格", "已批准（--yes）。", "项检查")),
    ("en", ("Approval needed: Create ", " — 1 heading, 1 list, 1 table", "Approved (--yes).", "checks passed")),
])
def test_the_terminal_follows_the_language_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str], language: str,
                                                   expected: tuple[str, ...]) -> None:
    from desktop.agent import cli
    from desktop.llm.offline import OfflinePlanner
    from desktop.settings import AppSettings, SettingsStore

    monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
    SettingsStore().save(AppSettings(language=language))
    monkeypatch.setattr(cli, "_configured", lambda: (OfflinePlanner(), "", tmp_path / "ws"))
    assert cli.main([REQUEST, "--yes"]) == cli.EXIT_OK
    out = capsys.readouterr().out
    for text in expected:
        assert text in out, out
    assert "docx_create" not in out.split("→")[0]  # the approval line names no command
