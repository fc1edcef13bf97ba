""""Open with Mira": `mira FILE` attaches the file to the message box, in a new window or the running one."""
from __future__ import annotations

from pathlib import Path

import pytest

from desktop import cli
from desktop.ui.single_instance import SingleInstance


def test_a_later_copy_hands_its_files_to_the_running_one(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    first = SingleInstance(tmp_path / "data")
    assert first.listen()
    try:
        files = [str(tmp_path / "报告 one.docx"), str(tmp_path / "b.pdf")]
        second = SingleInstance(tmp_path / "data", files=files)
        with qtbot.waitSignal(first.sig_open, timeout=5000) as opened:
            assert second.activate_existing()
        assert opened.args == [files]
        # A plain second start still only asks the first to come forward.
        with qtbot.waitSignal(first.sig_activate, timeout=5000), qtbot.assertNotEmitted(first.sig_open, wait=300):
            assert SingleInstance(tmp_path / "data").activate_existing()
    finally:
        first.close()


def test_open_files_attaches_them_and_names_a_missing_one(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    doc = tmp_path / "plan.docx"
    doc.write_bytes(b"PK")
    window.open_files([str(doc), str(tmp_path / "gone.pdf")])
    assert window.chat.composer.attachments() == [str(doc)]
    assert "gone.pdf" in window.statusBar().currentMessage()


def test_the_command_line_passes_absolute_paths_to_the_window(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import desktop.app

    seen: list[list[str]] = []
    monkeypatch.setattr(desktop.app, "run", lambda files=(): seen.append(list(files)) or 0)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["plan.docx", "sub/deck.pptx"]) == 0
    assert seen == [[str(tmp_path / "plan.docx"), str(tmp_path / "sub" / "deck.pptx")]]


def test_a_file_open_event_reaches_open_files(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """macOS sends Finder's "Open With" to a running app as a QFileOpenEvent (the filter is installed there)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QFileOpenEvent

    from desktop.ui.file_open import FileOpenEvents

    opened: list[list[str]] = []
    events = FileOpenEvents(opened.append)
    path = str(tmp_path / "deck.pptx")
    assert events.eventFilter(qapp, QFileOpenEvent(path)) is True
    assert opened == [[path]]
    assert events.eventFilter(qapp, QEvent(QEvent.Type.Show)) is False and opened == [[path]]
