"""The issue's Chinese walk-through in the real window: interface in 简体中文, a Chinese request, then
the approval card, the reply and the check line are all Chinese (no half-English, no command names)."""
from __future__ import annotations

import re

from desktop.settings import AppSettings
from tests.ui._flow import button, click, send, wait_card, wait_idle

REQUEST = ("把下面的内容做成 Word 文档：\n\n# 季度计划会议\n\n## 目标\n\n- 提高销量\n- 留住老客户\n\n"
           "| 项目 | 费用 |\n|---|---|\n| 广告 | 1200 |\n")
NAME = "季度计划会议.docx"
# words that may stay Latin: the file, its kind and size, the product names
ALLOWED = {"docx", "DOCX", "Word", "KB", "Mira", "LibreOffice", "PDF", "Excel", "PowerPoint"}


def _latin_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z_]{2,}", text) if w not in ALLOWED]


def test_a_chinese_request_gets_chinese_cards_and_reply(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop import i18n

    window = make_window()
    i18n._missing.clear()
    window.apply_settings(AppSettings(language="zh_CN"))
    send(window, qtbot, REQUEST)
    ref, approval = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    assert approval.title_label.text() == f"创建 {NAME}——1 个标题、1 个列表、1 个表格"
    assert approval.state_label.text() == "等待你的批准"
    assert _latin_words(approval.title_label.text() + approval.state_label.text()) == []
    waiting = next(m for m in window.conversation if ref in m.extensions)
    assert _latin_words(waiting.text) == [], waiting.text  # no English "Waiting for your approval: …" bubble
    click(qtbot, button(approval, "批准"))
    _, card = wait_card(window, qtbot, "docx")
    wait_idle(window, qtbot)
    assert approval.state_label.text() == f"已完成——已保存 {NAME}"
    assert re.fullmatch(r"\d+ 项检查全部通过", card.badge.text()), card.badge.text()
    card.badge.setChecked(True)
    plain = re.sub(r"<code>.*?</code>", "", card.checks_label.text())  # internal names: details only
    assert _latin_words(re.sub(r"<[^>]+>|&nbsp;", " ", plain)) == [], plain
    reply = next(m for m in reversed(list(window.conversation)) if m.text.startswith("已完成"))
    first_lines = reply.text.split("\n\n")[0]
    assert f"**{NAME}** — Word 文档" in first_lines and "项检查全部通过" in first_lines
    assert _latin_words(first_lines) == [], first_lines
    assert i18n.missing() == set()  # the window, the chat shell and the cards found every string
