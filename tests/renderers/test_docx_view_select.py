"""The window's DOCX pages select and copy as any document viewer: press-drag, Shift+click, double-click,
Ctrl+A, Ctrl+C and the context menu, across pages and sections; the selection is drawn highlighted."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QImage, QPalette, QTextCursor
from PySide6.QtWidgets import QApplication, QMenu

from renderers.docx._flow import PageFlow


def _two_sections(path: Path) -> Path:
    """Section 1: two pages (a page break); section 2 on a new landscape page."""
    import docx
    from docx.enum.section import WD_ORIENT, WD_SECTION
    from docx.shared import Inches

    document = docx.Document()
    document.add_paragraph("Alpha bravo charlie delta echo foxtrot.")
    document.add_paragraph("Golf hotel india juliett kilo.")
    document.add_page_break()
    document.add_paragraph("Lima mike november oscar papa.")
    section = document.add_section(WD_SECTION.NEW_PAGE)
    section.orientation = WD_ORIENT.LANDSCAPE
    section.page_width, section.page_height = Inches(11), Inches(8.5)
    document.add_paragraph("Quebec romeo sierra tango uniform.")
    document.save(str(path))
    return path


def _at(flow: PageFlow, needle: str, *, end: bool = False, scroll: bool = True) -> QPoint:
    """Where ``needle`` starts (or ends) on the viewport, scrolled into view first."""
    found = flow.find_text(needle)
    assert not found.isNull(), needle
    cursor = QTextCursor(found.document())
    cursor.setPosition(found.selectionEnd() if end else found.selectionStart())
    if scroll:
        flow.ensure_visible(cursor, margin=80)
    rect = flow.cursorRect(cursor)
    return QPoint(rect.left() + (0 if end else 1), rect.center().y())


def _shown(qtbot, path: Path, show_preview) -> PageFlow:
    preview = show_preview(path, (560, 640))
    qtbot.waitUntil(preview.loaded_everything, timeout=20_000)
    flow = preview.browser()
    assert len(flow.documents()) == 2
    flow.setFocus()
    return flow


def _copy(qtbot, flow: PageFlow) -> str:
    QApplication.clipboard().clear()
    qtbot.keyClick(flow, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    return QApplication.clipboard().text()


def test_press_drag_selects_across_pages_and_ctrl_c_copies_it(show_preview, qtbot, tmp_path: Path) -> None:
    flow = _shown(qtbot, _two_sections(tmp_path / "two.docx"), show_preview)
    view = flow.viewport()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=_at(flow, "charlie"))
    qtbot.mouseMove(view, _at(flow, "india", end=True, scroll=False))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=_at(flow, "india", end=True, scroll=False))
    assert _copy(qtbot, flow) == "charlie delta echo foxtrot.\nGolf hotel india"
    # dragged on over the page break (the pages scrolled while the button is held)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=_at(flow, "hotel"))
    qtbot.mouseMove(view, _at(flow, "november", end=True))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=_at(flow, "november", end=True, scroll=False))
    assert _copy(qtbot, flow) == "hotel india juliett kilo.\n\nLima mike november"


def test_shift_click_extends_into_the_next_section(show_preview, qtbot, tmp_path: Path) -> None:
    flow = _shown(qtbot, _two_sections(tmp_path / "two.docx"), show_preview)
    view = flow.viewport()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=_at(flow, "oscar"))
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, _at(flow, "sierra", end=True))
    assert _copy(qtbot, flow) == "oscar papa.\n\nQuebec romeo sierra"  # the section's own (empty) last paragraph


def test_double_click_selects_a_word_and_it_is_drawn_highlighted(show_preview, qtbot, tmp_path: Path) -> None:
    flow = _shown(qtbot, _two_sections(tmp_path / "two.docx"), show_preview)
    view = flow.viewport()
    point = _at(flow, "juliett")
    highlight = flow.palette().color(QPalette.ColorRole.Highlight)

    def lit() -> int:
        image = view.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
        return sum(image.pixelColor(x, y) == highlight
                   for x in range(max(0, point.x() - 4), point.x() + 60) for y in range(point.y() - 4, point.y() + 5))

    assert lit() == 0
    qtbot.mouseDClick(view, Qt.MouseButton.LeftButton, pos=point + QPoint(6, 0))
    assert _copy(qtbot, flow) == "juliett"
    qtbot.waitUntil(lambda: lit() > 20, timeout=5_000)


def test_ctrl_a_and_the_context_menu_copy_every_section(show_preview, qtbot, tmp_path: Path) -> None:
    flow = _shown(qtbot, _two_sections(tmp_path / "two.docx"), show_preview)
    qtbot.keyClick(flow, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    copied = _copy(qtbot, flow)
    assert copied.startswith("Alpha bravo") and copied.endswith("tango uniform.")
    assert "Golf hotel india juliett kilo." in copied and "Lima mike november oscar papa." in copied
    qtbot.mouseClick(flow.viewport(), Qt.MouseButton.LeftButton, pos=_at(flow, "bravo"))  # a click drops it

    def choose(label: str, seen: list[bool]) -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        actions = {a.text(): a for a in menu.actions()}
        seen.append(actions["Copy"].isEnabled())
        actions[label].trigger()
        menu.close()

    enabled: list[bool] = []
    QApplication.clipboard().clear()
    QTimer.singleShot(50, lambda: choose("Copy all text", enabled))
    point = _at(flow, "bravo")
    QApplication.sendEvent(flow.viewport(), QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point,
                                                              flow.viewport().mapToGlobal(point)))
    assert enabled == [False]  # nothing selected: Copy is there, greyed
    assert QApplication.clipboard().text() == copied


def test_ctrl_c_in_the_view_is_the_views_even_with_a_window_wide_copy(show_preview, qtbot, tmp_path: Path) -> None:
    from PySide6.QtGui import QAction, QKeySequence

    flow = _shown(qtbot, _two_sections(tmp_path / "two.docx"), show_preview)
    other: list[bool] = []
    window_copy = QAction("Copy message", flow.window())
    window_copy.setShortcut(QKeySequence.StandardKey.Copy)
    window_copy.triggered.connect(lambda: other.append(True))
    flow.window().addAction(window_copy)
    qtbot.mouseDClick(flow.viewport(), Qt.MouseButton.LeftButton, pos=_at(flow, "delta") + QPoint(6, 0))
    assert _copy(qtbot, flow) == "delta" and other == []


def test_the_copy_menu_speaks_chinese(show_preview, qtbot, tmp_path: Path) -> None:
    from desktop import i18n
    from desktop.ui.host import install_renderer_translator

    flow = _shown(qtbot, _two_sections(tmp_path / "two.docx"), show_preview)
    install_renderer_translator()
    i18n.set_language("zh_CN")
    labels: list[str] = []

    def read() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        labels.extend(a.text() for a in menu.actions())
        menu.close()

    try:
        QTimer.singleShot(50, read)
        point = _at(flow, "bravo")
        QApplication.sendEvent(flow.viewport(), QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point,
                                                                  flow.viewport().mapToGlobal(point)))
    finally:
        i18n.set_language("en")
    assert labels == ["复制", "复制全部文本", "全选"]


def test_the_changed_text_is_still_selected_by_reveal(show_preview, qtbot, tmp_path: Path) -> None:
    path = _two_sections(tmp_path / "two.docx")
    preview = show_preview(path, (560, 640))
    qtbot.waitUntil(preview.loaded_everything, timeout=20_000)
    preview.go_to(2, "Quebec romeo sierra tango uniform.")
    flow = preview.browser()
    qtbot.waitUntil(lambda: flow.selected_text() == "Quebec romeo sierra tango uniform.", timeout=5_000)
    assert flow.viewport().rect().contains(flow.cursorRect(flow.textCursor()).center())  # scrolled to it


def test_a_changed_paragraph_with_note_marks_is_found_and_selected(show_preview, qtbot, tmp_path: Path) -> None:
    """The version diff reads a paragraph as the file has it ("Test footnote. Test endnote."); the page
    shows its note marks ("Test footnote.1 Test endnote.i"): the changed paragraph was not found, and the
    panel showed the page with nothing selected."""
    from tests.renderers import office_xml as ox

    body = ox.para(ox.run("Intro.")) + ox.para(ox.run("Test footnote."), ox.footnote_ref(2), ox.run(" Changed words."),
                                               ox.endnote_ref(3))
    path = ox.docx_with_body(tmp_path / "marks.docx", body, add_types=ox.FOOTNOTES_TYPE + ox.ENDNOTES_TYPE,
                             add_rels={"word/_rels/document.xml.rels": ox.FOOTNOTES_REL + ox.ENDNOTES_REL})
    ox.rewrite(path, {"word/footnotes.xml": ox.footnotes_part({2: "A note."}),
                      "word/endnotes.xml": ox.endnotes_part({3: "An end."})})
    import docx

    assert docx.Document(str(path)).paragraphs[1].text == "Test footnote. Changed words."  # what the diff reads
    preview = show_preview(path, (560, 640))
    qtbot.waitUntil(preview.loaded_everything, timeout=20_000)
    preview.go_to(0, "Test footnote. Changed words.")
    flow = preview.browser()
    qtbot.waitUntil(lambda: flow.selected_text() == "Test footnote.1 Changed words.i", timeout=5_000)
