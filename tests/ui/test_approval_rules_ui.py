"""In the real window: "Allow similar writes in this conversation" on an approval card keeps a rule; the next
similar write is approved by it (and says so); Settings lists the rule and revokes it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from desktop.ui.rules_panel import RulesPanel
from tests.ui._flow import TIMEOUT, button, click, refs, send, wait_card, wait_idle

NOTES = "# Team offsite\n\n## Agenda\n\n- Welcome\n- Planning\n"
OTHER = "# Budget\n\n## Lines\n\n- Travel\n- Food\n"


def _docx_files(window: Any) -> list[Path]:
    return sorted(p for p in window.services.settings.workspace_path().rglob("*.docx") if p.is_file())


def test_allow_similar_then_the_next_write_needs_no_click_and_settings_revokes(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    send(window, qtbot, "Make a Word document from these notes:\n\n" + NOTES)
    ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    click(qtbot, button(card, "Allow similar writes in this conversation"))
    wait_card(window, qtbot, "docx")
    wait_idle(window, qtbot)
    store = window.services.store
    [rule] = store.rules.list()
    assert (rule.kind, rule.from_approval_id) == ("create_new", ref.artifact_id)

    before = {r.artifact_id for r in refs(window, "approval/")}
    send(window, qtbot, "Make a Word document from these notes:\n\n" + OTHER)
    qtbot.waitUntil(lambda: len(_docx_files(window)) == 2, timeout=TIMEOUT)
    wait_idle(window, qtbot)
    [second] = [r for r in refs(window, "approval/") if r.artifact_id not in before]
    approval = store.approval(second.artifact_id)
    assert approval.state == "approved" and approval.message == f"approved by rule {rule.id}"
    view = window.host.view_for(second)
    assert view is not None and "similar writes" in view.approval.summary  # the card says why it ran

    dialog = window.open_settings()
    qtbot.waitExposed(dialog)
    panel = dialog.findChild(RulesPanel, "rulesPanel")
    dialog.tabs.setCurrentWidget(panel)
    assert panel is not None and panel.list.count() == 1
    assert "create new files" in panel.list.item(0).text() and "create_new" not in panel.list.item(0).text()
    assert "the Word skill may" in panel.list.item(0).text()  # was the catalog's "Word 文档" in an English window
    qtbot.mouseClick(panel.revoke_button, Qt.MouseButton.LeftButton)
    assert panel.list.count() == 0 and panel.empty.isVisible()
    assert store.rules.list() == []
    dialog.reject()
