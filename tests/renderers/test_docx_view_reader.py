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
