"""In the real window: an approved write the disk refuses (ENOSPC at the rename) shows the clear reason on
its card with Retry; nothing is written or left staged; once space is back, Retry writes the file once."""
from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from skills.runtime import Workspace
from tests.ui._flow import TIMEOUT, button, click, send, wait_card, wait_idle

NOTES = "# Team offsite\n\n## Agenda\n\n- Welcome\n- Planning\n"


def _files(window: Any, pattern: str) -> list[Path]:
    return sorted(p for p in window.services.settings.workspace_path().rglob(pattern) if p.is_file())


def test_a_full_disk_on_approve_then_retry_from_the_card(make_window, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    send(window, qtbot, "Make a Word document from these notes:\n\n" + NOTES)
    ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    real_replace, full = os.replace, [True]

    def no_space(src: Any, dst: Any, *a: Any, **kw: Any) -> None:
        if full[0] and Workspace.STAGING_PREFIX in os.fspath(src):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_replace(src, dst, *a, **kw)

    monkeypatch.setattr(os, "replace", no_space)
    real_rename = os.rename

    def no_space_rename(src: Any, dst: Any, *a: Any, **kw: Any) -> None:  # publish may rename instead
        if full[0] and Workspace.STAGING_PREFIX in os.fspath(src):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_rename(src, dst, *a, **kw)

    monkeypatch.setattr(os, "rename", no_space_rename)
    click(qtbot, button(card, "Approve"))
    retry = button(card, "Retry")
    qtbot.waitUntil(lambda: retry.isVisible() and retry.isEnabled(), timeout=TIMEOUT)
    wait_idle(window, qtbot)
    assert "the disk is full" in card.state_label.text() and "free" in card.state_label.text()
    assert _files(window, "*.docx") == [] and _files(window, f"{Workspace.STAGING_PREFIX}*") == []
    assert not any("Traceback" in m.text or "Internal error" in m.text for m in window.conversation)

    full[0] = False  # space was freed
    click(qtbot, retry)
    wait_card(window, qtbot, "docx")
    wait_idle(window, qtbot)
    assert len(_files(window, "*.docx")) == 1
    assert not retry.isVisible()
    store = window.services.store
    approval = store.approval(ref.artifact_id)
    assert approval.state == "approved" and store.ledger_entry(approval.ledger_id).state == "done"
    assert _files(window, f"{Workspace.STAGING_PREFIX}*") == []


def test_a_full_database_is_said_in_the_chat_and_the_window_goes_on(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    store = window.services.store
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count={pages}")  # the disk holding the database is full
    send(window, qtbot, "Make a Word document from these notes:\n\n" + NOTES * 2000)

    def notice() -> str:
        return next((m.text for m in window.conversation if m.status.value == "error"), "")

    qtbot.waitUntil(lambda: bool(notice()), timeout=TIMEOUT)
    wait_idle(window, qtbot)
    assert "the disk holding Mira's data is full" in notice() and "free" in notice()
    assert "Traceback" not in notice() and "OperationalError" not in notice()
    assert store.integrity_check() == "ok"
    store._conn.execute("PRAGMA max_page_count=1073741823")  # space is back: the window works on
    send(window, qtbot, "Make a Word document from these notes:\n\n" + NOTES)
    wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    assert [m.role for m in store.messages(window.controller.current_id)][-2:] == ["user", "assistant"]
