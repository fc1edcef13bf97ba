"""End to end in the real window with the real offline planner: request → approval card → Approve →
verified artifact card → preview at the second page/slide/sheet → Save as… with the same bytes."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ui._flow import TIMEOUT, button, click, send, wait_card, wait_idle

NOTES = """# Launch plan

## Goals

- Ship version one to the first customers
- Win the trust of **early users**

## Timeline

- May: closed beta
- June: public launch

## Budget

| Item | Cost |
|---|---|
| Ads | 1200 |
| Hosting | 300 |
"""

LONG = NOTES + "\n".join(
    f"\n## Section {i}\n\n" + " ".join(["This paragraph is part of the long report and fills the page."] * 12)
    for i in range(1, 9))

CSV_TABLES = """Sales by region:

| Region | Q1 | Q2 |
|---|---|---|
| North | 120 | 140 |
| South | 90 | 110 |

Costs by month:

| Month | Cost |
|---|---|
| Jan | 300 |
| Feb | 280 |
"""

CASES = {
    "docx": "Make a Word document from these notes:\n\n" + LONG,
    "pdf": "Make a PDF from these notes:\n\n" + LONG,
    "pptx": "Turn these notes into slides:\n\n" + NOTES,
    "xlsx": "Make an Excel spreadsheet from these tables:\n\n" + CSV_TABLES,
}


@pytest.mark.parametrize("kind", list(CASES))
def test_request_approve_verify_preview_second_page_and_save_as(kind: str, make_window, qtbot,  # type: ignore[no-untyped-def]
                                                                  tmp_path: Path) -> None:
    window = make_window()
    states: list[str] = []
    window.controller.sig_state.connect(states.append)
    send(window, qtbot, CASES[kind])
    approval_ref, approval_card = wait_card(window, qtbot, f"approval/{kind}")
    qtbot.waitUntil(lambda: window.task_status.text() == "Waiting for approval", timeout=TIMEOUT)
    wait_idle(window, qtbot)

    click(qtbot, button(approval_card, "Approve"))
    ref, card = wait_card(window, qtbot, kind)
    wait_idle(window, qtbot)
    assert window.task_status.text() == "Idle"
    assert window.host.live_cards(approval_ref.artifact_id)[-1].decided() == "approved"

    view = window.host.view_for(ref)
    assert view is not None and view.path is not None and view.path.exists()
    assert view.evidence is not None and view.evidence.passed
    assert card.badge.text().startswith("All ") and card.badge.text().endswith("checks passed")
    message = next(m for m in window.conversation if ref in m.extensions)
    assert message.status.value == "done" and view.path.name in message.text

    target = tmp_path / f"copy.{kind}"
    window.host.ask_save_path = lambda _parent, _title, suggested: str(target)
    click(qtbot, button(card, "Save as…"))
    qtbot.waitUntil(target.exists, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: target.read_bytes() == view.path.read_bytes(), timeout=TIMEOUT)

    click(qtbot, button(card, "Preview"))
    panel = window.preview_panel
    qtbot.waitUntil(lambda: panel.isVisible() and panel.preview is not None, timeout=TIMEOUT)
    preview = panel.preview
    qtbot.waitUntil(lambda: preview.count() > 0 or bool(preview.error()), timeout=TIMEOUT)
    assert not preview.error()
    if preview.count() < 2 and kind == "docx":
        # DOCX pages exist only at explicit breaks natively; the faithful page view paginates.
        if shutil.which("soffice") is None:
            pytest.skip("LibreOffice page view is needed to page a DOCX without explicit breaks")
        preview.set_page_view(True)
        qtbot.waitUntil(lambda: preview.page_view_active() and preview.count() >= 2, timeout=TIMEOUT)
    assert preview.count() >= 2
    with qtbot.waitSignal(preview.sig_loaded, timeout=TIMEOUT) as loaded:
        window.host.open_preview(view, 1)
    assert loaded.args == [1] and preview.index() == 1 and panel.preview is preview

    panel.close_button.click()
    assert not panel.isVisible() and panel.preview is None
    # The status bar went through what the user waited for, and ended idle.
    assert states[0] == "thinking" and states[-1] == "idle"
    waiting, writing = states.index("waiting"), states.index("writing")
    assert waiting < writing  # nothing is "writing" before it was approved

