"""The approval card says what matters on its face (not under Details): the file a write replaces and its
version, the folder it writes into, a new workbook's chart and totals, what a restore brings back; a rule made
with "Allow similar writes" is named by the kind of write it covers, in the words of its card, and the card
says it was made."""
from __future__ import annotations

from pathlib import Path
import pytest
from PySide6.QtCore import Qt

from desktop.ui.rules_panel import RulesPanel
from tests.ui._flow import TIMEOUT, button, click, next_approval, nth_card, refs, send, wait_idle

NOTES = "# Launch plan\n\nThe review is on September 15.\n\n## Goals\n\n- Ship version one\n- Win early users\n"
SALES = "Region,Q1,Q2\nNorth,120,130\nSouth,90,95\nEast,70,88\n"

pytestmark = pytest.mark.slow


def test_replaces_folder_and_restore_are_on_the_card(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.md"
    notes.write_text(NOTES, encoding="utf-8")
    window = make_window()
    send(window, qtbot, "Turn notes.md into a Word report", [str(notes)])
    _ref, card = next_approval(window, qtbot, "docx", 0)
    stored, _chosen = window.services.store.conversation_folder(window.controller.current_id)
    folder = Path(stored or "").name  # the conversation's own working folder, named from its title
    assert folder and card.facts_label.isVisible() and f"Writes into the folder “{folder}”." in card.facts_label.text()
    assert "Replaces" not in card.facts_label.text()  # a new file replaces nothing
    from desktop.settings import AppSettings

    window.apply_settings(AppSettings(language="zh_CN"))  # the card's facts follow a language switch
    _ref, card = next_approval(window, qtbot, "docx", 0)
    qtbot.waitUntil(lambda: "写入文件夹" in card.facts_label.text(), timeout=TIMEOUT)
    window.apply_settings(AppSettings(language="en"))
    qtbot.waitUntil(lambda: "Writes into the folder" in card.facts_label.text(), timeout=TIMEOUT)
    click(qtbot, button(card, "Approve"))
    qtbot.waitUntil(lambda: any(r.kind == "docx" for r in refs(window, "docx")), timeout=TIMEOUT)
    wait_idle(window, qtbot)

    send(window, qtbot, 'Change "September 15" to "September 22"')
    _ref, card = next_approval(window, qtbot, "docx", 1)
    facts = card.facts_label.text()
    assert card.facts_label.isVisible() and not card.details_label.isVisible()
    assert "Replaces the existing launch-plan.docx (v1)." in facts and f"“{folder}”" in facts
    click(qtbot, button(card, "Approve"))
    _ref2, card2 = nth_card(window, qtbot, "docx", 2)
    click(qtbot, button(card2, "Restore v1"))

    ref, card = next_approval(window, qtbot, "docx", 2)
    changes = window.host.view_for(ref).approval.changes
    # what returns, like any edit: the sentence as it is now → as v1 had it
    assert any("September 22" in before and "September 15" in after for before, after in changes), changes
    assert card.changes_area.isVisible() and "September 15" in card.changes_label.text()
    assert "Replaces the existing launch-plan.docx (v2)." in card.facts_label.text()


def test_a_workbook_with_a_chart_and_totals_lists_both(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    sales = tmp_path / "sales.csv"
    sales.write_text(SALES, encoding="utf-8")
    window = make_window()
    send(window, qtbot, "Turn sales.csv into an Excel workbook with a bar chart and totals", [str(sales)])
    ref, card = next_approval(window, qtbot, "xlsx", 0)
    shown = [after for _before, after in window.host.view_for(ref).approval.changes]
    assert any(s.startswith("Bar chart") and "Q1" in s for s in shown), shown
    assert any(s.startswith("Totals row “Total”: Q1, Q2") for s in shown), shown
    assert "Bar chart" in card.changes_label.text() and "Totals row" in card.changes_label.text()


def test_a_rule_made_on_an_export_is_named_as_an_export(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.md"
    notes.write_text(NOTES, encoding="utf-8")
    window = make_window()
    send(window, qtbot, "Turn notes.md into slides", [str(notes)])
    _ref, card = next_approval(window, qtbot, "pptx", 0)
    click(qtbot, button(card, "Approve"))
    qtbot.waitUntil(lambda: any(r.kind == "pptx" for r in refs(window, "pptx")), timeout=TIMEOUT)
    wait_idle(window, qtbot)
    send(window, qtbot, "make it a PDF too")
    ref, card = next_approval(window, qtbot, "pdf", 0)
    click(qtbot, button(card, "Allow similar writes in this conversation"))
    qtbot.waitUntil(lambda: window.services.store.rules.list() != [], timeout=TIMEOUT)
    wait_idle(window, qtbot)
    qtbot.waitUntil(lambda: "A rule now approves similar writes" in
                    window.host.live_cards(ref.artifact_id)[-1].facts_label.text(), timeout=TIMEOUT)
    assert "export documents to new PDF files" in window.host.live_cards(ref.artifact_id)[-1].facts_label.text()

    dialog = window.open_settings()
    qtbot.waitExposed(dialog)
    panel = dialog.findChild(RulesPanel, "rulesPanel")
    dialog.tabs.setCurrentWidget(panel)
    text = panel.list.item(0).text()
    assert "may export documents to new PDF files" in text and "create new files" not in text
    assert "launch-plan.pdf" in text  # in the words of the card it was made on
    qtbot.mouseClick(panel.revoke_button, Qt.MouseButton.LeftButton)
    dialog.reject()
