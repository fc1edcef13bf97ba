"""A screen reader gets the DOCX view's text: the pages are painted, and the view's accessible
interface gives the body of every section, the selection and where the text is on screen."""
from __future__ import annotations

import gc
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from tests.renderers.test_docx_view_select import _at, _two_sections


def test_the_views_accessible_text_is_the_documents(show_preview, qtbot, tmp_path: Path) -> None:
    preview = show_preview(_two_sections(tmp_path / "two.docx"), (560, 640))
    qtbot.waitUntil(preview.loaded_everything, timeout=20_000)
    flow = preview.browser()
    reader = QAccessible.queryAccessibleInterface(flow)
    gc.collect()  # the interface outlives Python's references to it: Qt keeps it
    reader = QAccessible.queryAccessibleInterface(flow)
    assert reader.role() == QAccessible.Role.Document
    assert reader.text(QAccessible.Text.Name) == "Document text"
    assert reader.state().readOnly and reader.state().selectableText
    text = reader.textInterface()
    assert text is not None
    whole = text.text(0, text.characterCount())
    assert whole.startswith("Alpha bravo charlie") and whole.rstrip().endswith("tango uniform.")
    assert "Lima mike november oscar papa." in whole
    # the reader's selection is the view's, and the reverse
    at = whole.index("Quebec")
    text.setSelection(0, at, at + len("Quebec romeo"))
    assert flow.selected_text() == "Quebec romeo"
    qtbot.mouseDClick(flow.viewport(), Qt.MouseButton.LeftButton, pos=_at(flow, "kilo") + flow.rect().topLeft())
    start, end = text.selection(0)
    assert whole[start:end] == "kilo" and text.cursorPosition() == end
    # where a character is on screen, and which character is at a point
    rect = text.characterRect(start)
    assert rect.width() > 0 and flow.viewport().rect().contains(flow.viewport().mapFromGlobal(rect.center()))
    assert text.offsetAtPoint(rect.center()) in (start, start + 1)


def test_a_reader_is_told_of_the_text_that_comes_in(show_preview, qtbot, tmp_path: Path, monkeypatch) -> None:
    """The rest of a long document is read while its first pages are shown: each piece that comes in is
    a text insertion event for the reader (the bridge is Qt's; here the events are caught on the way)."""
    import docx
    from PySide6.QtGui import QAccessibleTextInsertEvent

    document = docx.Document()
    for i in range(700):
        document.add_paragraph(f"Paragraph {i} of a long document that is read a piece at a time.")
    path = tmp_path / "long.docx"
    document.save(str(path))
    inserted: list[tuple[int, str]] = []

    def caught(event: object) -> None:
        if isinstance(event, QAccessibleTextInsertEvent):
            inserted.append((event.changePosition(), event.textInserted()))

    monkeypatch.setattr(QAccessible, "isActive", staticmethod(lambda: True))
    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(caught))
    preview = show_preview(path, (560, 640))
    qtbot.waitUntil(preview.loaded_everything, timeout=30_000)
    whole = QAccessible.queryAccessibleInterface(preview.browser()).textInterface()
    text = whole.text(0, whole.characterCount())
    assert len(inserted) >= 2  # the first pages, then the rest as it came
    assert [at for at, _ in inserted] == [sum(len(t) for _, t in inserted[:n]) for n in range(len(inserted))]
    assert "".join(t for _, t in inserted) == text and "Paragraph 699 of a long" in text
