"""The Chinese interface shows no English ids in Details and evidence, and a stored change reads in the
language shown now; a Chinese workbook's sheet has a Chinese name."""
from __future__ import annotations

import re

import openpyxl

from tests.ui._flow import ask, button, click, send, wait_card, wait_idle

ENGLISH_IDS = re.compile(r"\b(path|title|sheets|opens|has sheets|sheets present|content matches spec|"
                         r"no formula errors|sha256)\b")


def test_chinese_details_and_evidence_have_no_english_ids(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.apply_settings(window.services.settings.__class__(language="zh_CN"))
    _ref, card = ask(window, qtbot, "做一个销售表格：\n地区,销售额\n华北,30\n华南,20\n", "approval/xlsx")
    click(qtbot, card.details_button)
    details = card.details_label.text()
    assert "文件" in details and not ENGLISH_IDS.search(re.sub(r"<code>[^<]*</code>|<[^>]+>", " ", details)), details
    click(qtbot, button(card, "批准"))
    ref, made = wait_card(window, qtbot, "xlsx")
    wait_idle(window, qtbot)
    evidence = made.checks_label.text()
    assert "文件可以打开" in evidence and not ENGLISH_IDS.search(re.sub(r"<[^>]+>", " ", evidence)), evidence
    book = openpyxl.load_workbook(window.host.view_for(ref).path)
    assert book.sheetnames == ["工作表1"]
    assert window.sidebar.item_for(window.controller.current_id).text() == "销售表格 (XLSX)"


def test_a_stored_change_follows_a_language_switch(make_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    csv = tmp_path / "fruit.csv"
    csv.write_text("Fruit,Boxes\napple,10\npear,7\n", encoding="utf-8")
    _ref, card = ask(window, qtbot, "Turn fruit.csv into an Excel workbook", "approval/xlsx", [str(csv)])
    click(qtbot, button(card, "Approve"))
    wait_card(window, qtbot, "xlsx")
    wait_idle(window, qtbot)
    send(window, qtbot, "add a row: kiwi,4")
    qtbot.waitUntil(lambda: len([r for m in window.conversation for r in m.extensions
                                 if r.kind == "approval/xlsx"]) == 2, timeout=60000)
    wait_idle(window, qtbot)
    second = [r for m in window.conversation for r in m.extensions if r.kind == "approval/xlsx"][-1]
    # the card is built when its row is laid out, which may come a turn after the sync under load
    qtbot.waitUntil(lambda: bool(window.host.live_cards(second.artifact_id)), timeout=10000)
    click(qtbot, button(window.host.live_cards(second.artifact_id)[-1], "Approve"))
    qtbot.waitUntil(lambda: len([r for m in window.conversation for r in m.extensions if r.kind == "xlsx"]) == 2,
                    timeout=60000)
    wait_idle(window, qtbot)
    v2 = [r for m in window.conversation for r in m.extensions if r.kind == "xlsx"][-1]
    qtbot.waitUntil(lambda: bool(window.host.live_cards(v2.artifact_id)), timeout=10000)
    row = window.host.live_cards(v2.artifact_id)[-1].version_row
    assert "kiwi" in row.change_label.text() and "added" in row.change_label.text()
    window.apply_settings(window.services.settings.__class__(language="zh_CN"))
    text = row.change_label.text()
    assert "kiwi" in text and "added" not in text and re.search(r"[\u4e00-\u9fff]", text), text
