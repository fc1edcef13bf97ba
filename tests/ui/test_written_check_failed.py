"""A write that changed the file and then failed a check of it (a row added to a table whose formula column then
divides by zero): the window shows what is on disk. The approval card says it was saved and that a check failed,
with no Retry (a retry would add the row again); the file card is there with the failed check and v2; the reply
does not say "did not finish" or "no file was changed" (tests/conversation has the undo)."""
from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook, load_workbook

from tests.ui._flow import TIMEOUT, button, click, send, wait_card, wait_idle


def _book(path: Path) -> None:
    book = Workbook()
    sheet = book.active
    sheet.title = "Sales"
    sheet.append(["Item", "Amount", "Units", "Unit price"])
    sheet.append(["Widget", 100, 4, "=B2/C2"])
    sheet.append(["Bolt", 60, 3, "=B3/C3"])
    book.save(path)


def test_a_write_whose_check_fails_shows_as_written_with_the_failed_check(make_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "sales.xlsx"
    _book(path)
    window = make_window()
    send(window, qtbot, "add a row to sales.xlsx: Gadget, 100, 0", [str(path)])
    ref, approval = wait_card(window, qtbot, "approval/xlsx")
    wait_idle(window, qtbot)
    click(qtbot, button(approval, "Approve"))
    file_ref, file_card = wait_card(window, qtbot, "xlsx")
    wait_idle(window, qtbot)

    live = window.host.live_cards(ref.artifact_id)[-1]
    qtbot.waitUntil(lambda: "Saved sales.xlsx" in live.state_label.text(), timeout=TIMEOUT)
    assert "1 of 5 checks failed" in live.state_label.text() and "Verification" not in live.state_label.text()
    assert not live.retry_button.isVisible()

    store = window.services.store
    artifact = store.artifact(file_ref.artifact_id)
    assert store.artifact_version(artifact.id).version == 2
    assert [c.value for c in load_workbook(artifact.path)["Sales"][4]] == ["Gadget", 100, 0, "=B4/C4"]
    assert file_card.badge.text() == "1 of 5 checks failed"

    reply = next(m for m in reversed(list(window.conversation)) if m.role.value == "assistant" and m.text)
    assert "Written, but a check of the file failed" in reply.text and "Sales!D4 #DIV/0!" in reply.text
    assert "did not finish" not in reply.text and "no file was changed" not in reply.text
