"""End to end in the real window: Deny, Stop, restart with a pending approval, a dropped input file."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pptx
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from desktop.ui import services as services_module
from tests.ui._flow import TIMEOUT, button, click, refs, send, wait_card, wait_idle

NOTES = "# Team offsite\n\n## Agenda\n\n- Welcome\n- Planning\n\n## Logistics\n\n- Train at 9:00\n- Lunch at noon\n"
REQUEST = "Make a Word document from these notes:\n\n" + NOTES


def _workspace_files(window: Any, suffix: str) -> list[Path]:
    root = window.services.settings.workspace_path()
    return sorted(p for p in root.rglob(f"*{suffix}") if p.is_file())


def test_deny_writes_nothing_and_the_task_ends(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    send(window, qtbot, REQUEST)
    ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    click(qtbot, button(card, "Deny"))
    wait_idle(window, qtbot)
    assert window.host.live_cards(ref.artifact_id)[-1].decided() == "denied"
    assert window.services.store.approval(ref.artifact_id).state == "denied"
    assert [r for r in refs(window) if not r.kind.startswith("approval/")] == []
    assert _workspace_files(window, ".docx") == []
    rows = list(window.conversation)
    card_row = next(i for i, m in enumerate(rows) if ref in m.extensions)
    reply = rows[card_row + 1]  # the answer reads after the card it answers
    assert reply.status.value == "done" and reply.text
    assert window.task_status.text() == "Idle"


class _SlowModel:
    """The real offline planner behind a model that takes its time, so Stop lands mid-stream."""

    def __init__(self, inner: Any, started: asyncio.Event) -> None:
        self.inner, self.name, self.label = inner, inner.name, inner.label
        self.started = started

    async def stream(self, messages: Sequence[Any], tools: Sequence[Any]) -> AsyncIterator[Any]:
        self.started.set()
        await asyncio.sleep(60)
        async for event in self.inner.stream(messages, tools):
            yield event


def test_stop_cancels_the_running_task_cleanly(make_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    started = asyncio.Event()
    real = services_module.make_model
    monkeypatch.setattr(services_module, "make_model", lambda settings: _SlowModel(real(settings), started))
    window = make_window()
    send(window, qtbot, REQUEST)
    composer = window.chat.composer
    qtbot.waitUntil(lambda: started.is_set() and composer.is_busy(), timeout=TIMEOUT)
    assert window.task_status.text() == "Thinking…"
    assert composer.send_button.text() == "Stop"
    conv = window.controller.current_id
    window.sidebar.confirm_delete = lambda _parent, _title: True
    window.sidebar.select(conv)
    window.sidebar.delete_current()  # refused while its task runs: the result would be lost
    qtbot.waitUntil(lambda: "still running" in window.statusBar().currentMessage(), timeout=TIMEOUT)
    assert [c.id for c in window.services.store.list_conversations()] == [conv]
    click(qtbot, composer.send_button)
    qtbot.waitUntil(lambda: not composer.is_busy(), timeout=TIMEOUT)
    store = window.services.store
    tasks = store.tasks()
    assert [t.status for t in tasks] == ["cancelled"]
    reply = store.message(tasks[0].message_id)
    assert reply.status == "done" and "Stopped" in reply.text
    assert any("Stopped" in m.text for m in window.conversation)
    assert window.task_status.text() == "Idle"
    assert _workspace_files(window, ".docx") == []


def test_restart_with_a_pending_approval_then_approve_completes_the_task(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    send(first, qtbot, REQUEST)
    ref, _card = wait_card(first, qtbot, "approval/docx")
    wait_idle(first, qtbot)
    first.close()

    second = make_window()  # same MIRA_HOME: the store, the last conversation and the card come back
    again, card = wait_card(second, qtbot, "approval/docx")
    assert again.artifact_id == ref.artifact_id
    assert second.task_status.text() == "Waiting for approval"
    click(qtbot, button(card, "Approve"))
    artifact_ref, artifact_card = wait_card(second, qtbot, "docx")
    wait_idle(second, qtbot)
    view = second.host.view_for(artifact_ref)
    assert view is not None and view.path is not None and view.evidence is not None and view.evidence.passed
    import docx

    assert "Agenda" in [p.text for p in docx.Document(str(view.path)).paragraphs]
    assert second.services.store.tasks()[0].status == "finished"


def test_a_dropped_notes_file_becomes_slides(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.md"
    notes.write_text("# Roadmap\n\n## Spring\n\n- Beta\n- Feedback\n\n## Summer\n\n- Launch\n- 发布会\n",
                     encoding="utf-8")
    window = make_window()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(notes))])
    drop = QDropEvent(QPointF(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    window.chat.dropEvent(drop)
    assert window.chat.composer.attachments() == [str(notes)]
    send(window, qtbot, "Turn notes.md into slides")
    _ref, card = wait_card(window, qtbot, "approval/pptx")
    wait_idle(window, qtbot)
    copies = list(window.services.settings.workspace_path().rglob("notes.md"))
    assert len(copies) == 1 and copies[0].read_bytes() == notes.read_bytes()
    click(qtbot, button(card, "Approve"))
    artifact_ref, _card = wait_card(window, qtbot, "pptx")
    wait_idle(window, qtbot)
    view = window.host.view_for(artifact_ref)
    assert view is not None and view.path is not None
    deck = pptx.Presentation(str(view.path))
    text = " ".join(shape.text_frame.text for slide in deck.slides for shape in slide.shapes
                    if shape.has_text_frame)
    assert "Spring" in text and "Summer" in text and "发布会" in text


def test_a_dropped_workbook_is_inspected_without_any_write(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import openpyxl

    book = tmp_path / "book.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Sales"
    wb.active.append(["Region", "Q1"])
    wb.active.append(["North", 5])
    wb.create_sheet("Costs")
    wb.save(book)
    window = make_window()
    send(window, qtbot, "What's in book.xlsx?", [str(book)])
    qtbot.waitUntil(lambda: any(m.role.value == "assistant" and "Costs" in m.text for m in window.conversation),
                    timeout=TIMEOUT)
    wait_idle(window, qtbot)
    reply = [m for m in window.conversation if m.role.value == "assistant"][-1]
    assert "Sales" in reply.text and reply.status.value == "done"
    assert [r.kind for r in refs(window)] == ["attachment"]  # only the chip of the file that was sent
    assert window.services.store.pending_approvals() == []


def test_a_dropped_docx_is_edited_after_approval(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import docx

    original = tmp_path / "report.docx"
    document = docx.Document()
    document.add_heading("Report 2024", 1)
    document.add_paragraph("Sales in 2024 were good.")
    document.save(str(original))
    before = original.read_bytes()
    window = make_window()
    send(window, qtbot, "In report.docx replace '2024' with '2025'", [str(original)])
    _ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    click(qtbot, button(card, "Approve"))
    artifact_ref, _card = wait_card(window, qtbot, "docx")
    wait_idle(window, qtbot)
    view = window.host.view_for(artifact_ref)
    assert view is not None and view.path is not None
    texts = [p.text for p in docx.Document(str(view.path)).paragraphs]
    assert "Report 2025" in texts and "Sales in 2025 were good." in texts
    assert original.read_bytes() == before  # the user's own file is never touched


def test_a_corrupt_file_gets_one_clear_message_and_nothing_is_lost(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.docx"
    broken.write_bytes(b"PK\x03\x04" + b"garbage" * 20)
    window = make_window()
    send(window, qtbot, "What's in broken.docx?", [str(broken)])
    qtbot.waitUntil(lambda: any("corrupt" in m.text for m in window.conversation), timeout=TIMEOUT)
    wait_idle(window, qtbot)
    assert window.task_status.text() == "Idle" and not window.chat.composer.is_busy()
    store = window.services.store
    conv = window.controller.current_id
    assert [m.role for m in store.messages(conv)] == ["user", "assistant"]
    send(window, qtbot, REQUEST)  # the conversation goes on
    wait_card(window, qtbot, "approval/docx")


def test_a_second_window_cannot_approve_again(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    send(first, qtbot, REQUEST)
    ref, first_card = wait_card(first, qtbot, "approval/docx")
    wait_idle(first, qtbot)
    second = make_window()  # another window on the same data, showing the same pending card
    _again, second_card = wait_card(second, qtbot, "approval/docx")

    click(qtbot, button(first_card, "Approve"))
    wait_card(first, qtbot, "docx")
    wait_idle(first, qtbot)
    click(qtbot, button(second_card, "Approve"))
    qtbot.waitUntil(lambda: any(m.id.startswith("local-notice") for m in second.conversation), timeout=TIMEOUT)
    wait_idle(second, qtbot)
    notice = next(m for m in second.conversation if m.id.startswith("local-notice"))
    assert notice.text.startswith("The decision could not be applied")
    assert len(_workspace_files(first, ".docx")) == 1  # written once
    assert second.services.store.approval(ref.artifact_id).state == "approved"


def test_closing_the_window_mid_task_stops_it_cleanly(make_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from desktop.store import Store

    started = asyncio.Event()
    real = services_module.make_model
    monkeypatch.setattr(services_module, "make_model", lambda settings: _SlowModel(real(settings), started))
    window = make_window()
    send(window, qtbot, REQUEST)
    qtbot.waitUntil(started.is_set, timeout=TIMEOUT)
    db = window.services.store.path
    window.close()
    assert window.services.closed
    store = Store(db)
    try:
        assert [t.status for t in store.tasks()] == ["cancelled"]
    finally:
        store.close()


def test_stop_before_the_task_starts_gives_the_text_back(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\n- one\n", encoding="utf-8")
    window = make_window()
    composer = window.chat.composer
    send(window, qtbot, "Turn notes.md into slides", [str(notes)])
    assert composer.is_busy()  # busy from the keypress on, before any await
    click(qtbot, composer.send_button)  # Stop, before the task could start
    qtbot.waitUntil(lambda: not composer.is_busy(), timeout=TIMEOUT)
    assert composer.text() == "Turn notes.md into slides" and composer.attachments() == [str(notes)]
    assert window.services.store.list_conversations() == [] and window.services.store.tasks() == []
    assert window.task_status.text() == "Idle"
