"""The chip of a file sent with a message: click previews it, double-click opens its app, a menu offers both
and Save as…."""
from __future__ import annotations

from pathlib import Path

import fitz
from PySide6.QtCore import Qt

from tests.ui._flow import send, wait_idle


def _pdf(path: Path) -> Path:
    doc = fitz.open()
    doc.new_page().insert_text((72, 72), "Budget review for week 12")
    doc.save(path)
    doc.close()
    return path


def _chip(window, qtbot):  # type: ignore[no-untyped-def]
    from uchat import AttachmentChip

    qtbot.waitUntil(lambda: any(c.isVisible() for c in window.chat.findChildren(AttachmentChip)), timeout=20000)
    return next(c for c in window.chat.findChildren(AttachmentChip) if c.isVisible())


def test_clicking_a_sent_file_opens_it_in_the_preview(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    pdf = _pdf(tmp_path / "minutes.pdf")
    send(window, qtbot, "What is in minutes.pdf?", [str(pdf)])
    wait_idle(window, qtbot)
    chip = _chip(window, qtbot)
    assert chip.name == "minutes.pdf"
    opened_external: list[str] = []
    window.host.open_external = lambda view: opened_external.append(view.workspace_path)  # type: ignore[method-assign]
    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.preview_panel.isVisible() and window.preview_panel.view is not None, timeout=10000)
    assert window.preview_panel.view.title == "minutes.pdf" and window.preview_panel.view.path.is_file()
    assert opened_external == []
    qtbot.mouseDClick(chip, Qt.MouseButton.LeftButton)
    assert opened_external == ["minutes.pdf"]

    menu = chip.menu()
    assert [a.text() for a in menu.actions() if a.text()] == ["Open", "Open in system app", "Save as…"]
    target = tmp_path / "copy.pdf"
    window.host.ask_save_path = lambda _parent, _title, _suggested: str(target)
    next(a for a in menu.actions() if a.text() == "Save as…").trigger()
    qtbot.waitUntil(target.is_file, timeout=10000)
    assert target.read_bytes() == pdf.read_bytes()
