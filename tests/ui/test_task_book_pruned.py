"""The controller forgets a task once it has ended (the last stop found its task list never pruned: a day of
requests grew it by one entry each). A task that pauses for approval is kept until it ends."""
from __future__ import annotations

from tests.ui._flow import TIMEOUT, button, click, send, wait_card, wait_idle


def test_ended_tasks_leave_the_controllers_book(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    book = window.controller._book
    for n in range(3):
        send(window, qtbot, f"hello {n}")
        wait_idle(window, qtbot)
        qtbot.waitUntil(lambda: not window.controller.busy, timeout=TIMEOUT)
    assert len([m for m in window.conversation if m.role.value == "assistant" and m.text]) == 3
    assert book.tasks == {} and book.pending == []
    send(window, qtbot, "Make a Word document from these notes:\n\n# Office move\n\n- Pack\n- Move\n")
    ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    assert len(book.tasks) == 1  # paused for approval: still followed
    click(qtbot, button(card, "Approve"))
    qtbot.waitUntil(lambda: all(t.status == "finished" for t in window.services.store.tasks()), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: book.tasks == {}, timeout=TIMEOUT)
    wait_card(window, qtbot, "docx")  # the delivered file's card is still shown: nothing was lost by forgetting
