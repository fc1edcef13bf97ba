"""The preview panel in the real window (offline planner) shows the file as it now is: after every write kind
(edit, added slide/row, restore, undo, export to PDF, a write a rule approved) the panel's file, version and what
it shows match the file on disk; an older version opened from its card says so and goes to the current one;
switching or starting a conversation closes the panel; every card's thumbnail is of its own version."""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from tests.ui._flow import TIMEOUT, approve_next, button, click, nth_card, refs, send, wait_idle

NOTES = "# Launch plan\n\nThe review is on September 15.\n\n## Goals\n\n- Ship version one\n- Win early users\n"

pytestmark = pytest.mark.slow


def _approve_next(window: Any, qtbot: Any, kind: str, seen: int, *, similar: bool = False) -> None:
    approve_next(window, qtbot, kind, seen, "Allow similar writes in this conversation" if similar else "Approve")


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _wait_panel(window: Any, qtbot: Any, path: Path, version: int) -> Any:
    """The panel shows ``path`` at ``version``, current, with the file on disk loaded; returns the preview."""
    panel = window.preview_panel

    def ready() -> bool:
        preview = panel.preview
        return (panel.isVisible() and panel.view is not None and panel.view.version == version
                and panel.view.sha256 == _sha(path) and preview is not None and preview.count() > 0
                and not preview.is_loading())

    qtbot.waitUntil(ready, timeout=TIMEOUT)
    wait_idle(window, qtbot)
    assert panel.label == f"{path.name} · v{version}, current" and not panel.banner.isVisible()
    assert panel.view.path == path  # the file itself, not a kept copy
    if window.preview_follow.last_follow is not None:
        qtbot.waitUntil(window.preview_follow.last_follow.done, timeout=TIMEOUT)
    return panel.preview


def _slides(path: Path) -> list[str]:
    import pptx

    return [next((s.text_frame.text for s in slide.shapes if s.has_text_frame), "")
            for slide in pptx.Presentation(str(path)).slides]


def test_the_panel_follows_every_write_to_a_deck(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.md"
    notes.write_text(NOTES, encoding="utf-8")
    window = make_window()
    send(window, qtbot, "Turn notes.md into slides", [str(notes)])
    _approve_next(window, qtbot, "pptx", 0)
    ref1, card1 = nth_card(window, qtbot, "pptx", 1)
    path = window.host.view_for(ref1).path
    click(qtbot, button(card1, "Preview"))
    preview = _wait_panel(window, qtbot, path, 1)
    first = _slides(path)
    assert preview.count() == len(first) >= 2
    preview.zoom(1)
    assert preview.zoom_level() == pytest.approx(1.25) and preview.zoom_label.text() == "125 %"

    # add: the panel reloads v2 at the added slide, zoom kept
    send(window, qtbot, "add a slide titled Risks with bullets: Budget, Timeline")
    _approve_next(window, qtbot, "pptx", 1)
    preview = _wait_panel(window, qtbot, path, 2)
    slides = _slides(path)
    qtbot.waitUntil(lambda: window.preview_panel.preview.index() == len(slides) - 1, timeout=TIMEOUT)
    assert preview.count() == len(slides) == len(first) + 1 and slides[preview.index()] == "Risks"
    assert preview.position_label.text() == f"Slide {len(slides)} / {len(slides)}"
    assert preview.zoom_level() == pytest.approx(1.25)

    # restore v1: the first deck again, never "Slide 4/4 Risks"
    _ref2, card2 = nth_card(window, qtbot, "pptx", 2)
    click(qtbot, button(card2, "Restore v1"))
    _approve_next(window, qtbot, "pptx", 2)
    preview = _wait_panel(window, qtbot, path, 3)
    assert _slides(path) == first and preview.count() == len(first) and preview.index() < len(first)

    # undo that: back to v2's four slides, at the slide that came back
    send(window, qtbot, "undo that")
    _approve_next(window, qtbot, "pptx", 3)
    preview = _wait_panel(window, qtbot, path, 4)
    qtbot.waitUntil(lambda: window.preview_panel.preview.index() == len(first), timeout=TIMEOUT)
    assert preview.count() == len(_slides(path)) == len(first) + 1 and _slides(path)[-1] == "Risks"

    # every card's thumbnail is of its own version: v1's card now reads the kept copy of v1
    _ref1, card1 = nth_card(window, qtbot, "pptx", 1)
    assert card1.view.path != path and card1.view.path.read_bytes() != path.read_bytes()
    assert _sha(card1.view.path) == card1.view.sha256

    # an older version from its card: labelled, bannered, and "Go to current" goes back
    click(qtbot, button(card1, "Preview"))
    panel = window.preview_panel
    qtbot.waitUntil(lambda: panel.view is not None and panel.view.version == 1, timeout=TIMEOUT)
    assert panel.label == f"{path.name} · v1, older" and panel.banner.isVisible()
    assert "v4" in panel.banner_text.text()
    qtbot.waitUntil(lambda: panel.preview.count() == len(first), timeout=TIMEOUT)
    click(qtbot, panel.go_current_button)
    _wait_panel(window, qtbot, path, 4)

    # from Compare: a double-click on v1's picture of slide 2 opens v1 there, bannered as older
    _ref2, card2 = nth_card(window, qtbot, "pptx", 2)
    click(qtbot, button(card2, "Compare with v1"))
    from PySide6.QtCore import Qt

    from renderers.qt_versions import CompareView

    pictures = window.host.last_compare.findChild(CompareView).pictures
    qtbot.waitUntil(pictures.done, timeout=TIMEOUT)
    qtbot.mouseDClick(pictures.pictures[1][0], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.view is not None and panel.view.version == 1 and panel.banner.isVisible()
                    and panel.preview.count() == len(first) and panel.preview.index() == 1, timeout=TIMEOUT)
    assert panel.label == f"{path.name} · v1, older"
    window.host.last_compare.close()

    # a new conversation: the panel does not keep this one's file
    window.new_conversation()
    qtbot.waitUntil(lambda: not panel.isVisible(), timeout=TIMEOUT)
    assert panel.view is None


def test_a_v2_card_previews_at_its_change_and_the_panel_follows_a_text_edit(make_window, qtbot,  # type: ignore[no-untyped-def]
                                                                           tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text(NOTES + "\n" + "\n\n".join(f"Filler paragraph {n} about the plan." for n in range(60)) +
                     "\n\nThe budget review is on June 3.\n", encoding="utf-8")
    window = make_window()
    send(window, qtbot, "Turn notes.md into a Word report", [str(notes)])
    _approve_next(window, qtbot, "docx", 0)
    ref1, card1 = nth_card(window, qtbot, "docx", 1)
    path = window.host.view_for(ref1).path
    click(qtbot, button(card1, "Preview"))
    preview = _wait_panel(window, qtbot, path, 1)
    # the first pages are drawn before the rest of a long document is read: the last paragraph comes after
    qtbot.waitUntil(lambda: "June 3" in preview.text(), timeout=TIMEOUT)

    send(window, qtbot, 'Change "June 3" to "June 10"')
    _approve_next(window, qtbot, "docx", 1)
    preview = _wait_panel(window, qtbot, path, 2)
    import docx

    assert "June 10" in "\n".join(p.text for p in docx.Document(str(path)).paragraphs)
    qtbot.waitUntil(lambda: "June 10" in window.preview_panel.preview.text(), timeout=TIMEOUT)
    assert "June 3." not in preview.text()
    # at the change: the replaced text is selected and on screen, past the first page
    qtbot.waitUntil(lambda: "June 10" in preview.browser().textCursor().selectedText(), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: preview.browser().verticalScrollBar().value() > 0, timeout=TIMEOUT)

    # another conversation: the panel closes; then the v2 card's Preview opens at what changed
    window.new_conversation()
    qtbot.waitUntil(lambda: not window.preview_panel.isVisible(), timeout=TIMEOUT)
    conv = window.preview_follow.shown
    assert conv is None
    window._run(window.open_conversation(window.sidebar.ids()[0]))
    _ref2, card2 = nth_card(window, qtbot, "docx", 2)
    click(qtbot, button(card2, "Preview"))
    preview = _wait_panel(window, qtbot, path, 2)
    qtbot.waitUntil(lambda: "June 10" in window.preview_panel.preview.browser().textCursor().selectedText(),
                    timeout=TIMEOUT)

    # switching to another conversation closes the panel; switching back shows nothing of the other one
    first = window.controller.current_id
    window.new_conversation()
    qtbot.waitUntil(lambda: not refs(window), timeout=TIMEOUT)
    send(window, qtbot, "Make a Word document from these notes:\n\n# Other\n\n- one\n- two\n")
    _approve_next(window, qtbot, "docx", 0)
    ref_b, card_b = nth_card(window, qtbot, "docx", 1)
    click(qtbot, button(card_b, "Preview"))
    other = window.host.view_for(ref_b).path
    _wait_panel(window, qtbot, other, 1)
    window._run(window.open_conversation(first))
    qtbot.waitUntil(lambda: not window.preview_panel.isVisible(), timeout=TIMEOUT)
    assert window.preview_panel.view is None and window.controller.current_id == first


def test_the_panel_follows_a_sheet_edit_an_export_and_a_rule_approved_write(make_window, qtbot,  # type: ignore[no-untyped-def]
                                                                          tmp_path: Path) -> None:
    source = tmp_path / "fruit.csv"
    source.write_text("Fruit,Boxes\napple,10\npear,7\n", encoding="utf-8")
    window = make_window()
    send(window, qtbot, "Turn fruit.csv into an Excel workbook", [str(source)])
    _approve_next(window, qtbot, "xlsx", 0)
    ref1, card1 = nth_card(window, qtbot, "xlsx", 1)
    path = window.host.view_for(ref1).path
    click(qtbot, button(card1, "Preview"))
    _wait_panel(window, qtbot, path, 1)

    # edit (approved with "Allow similar writes"): the panel goes to the edited cell
    send(window, qtbot, "add a row: kiwi,4")
    _approve_next(window, qtbot, "xlsx", 1, similar=True)
    preview = _wait_panel(window, qtbot, path, 2)

    def current_cell() -> str:
        table = window.preview_panel.preview.sheet_view().table
        index = table.currentIndex()
        model = window.preview_panel.preview.model
        return str(model.value(index.row(), index.column())) if index.isValid() and model is not None else ""

    qtbot.waitUntil(lambda: current_cell() in ("kiwi", "4"), timeout=TIMEOUT)
    import openpyxl

    book = openpyxl.load_workbook(str(path))
    assert any(row[0].value == "kiwi" for row in book.active.iter_rows())
    assert preview.count() == len(book.sheetnames)

    # a rule-approved write: no click, the panel follows all the same
    approvals = len(refs(window, "approval/xlsx"))
    send(window, qtbot, "add a row: plum,2")
    qtbot.waitUntil(lambda: len(refs(window, "approval/xlsx")) > approvals, timeout=TIMEOUT)
    _wait_panel(window, qtbot, path, 3)
    qtbot.waitUntil(lambda: current_cell() in ("plum", "2"), timeout=TIMEOUT)

    # a chart added, nothing else changed: the panel goes to the cell under the chart's corner
    send(window, qtbot, "add a bar chart")
    _wait_panel(window, qtbot, path, 4)
    [chart] = openpyxl.load_workbook(str(path)).active._charts
    corner = chart.anchor._from
    table = window.preview_panel.preview.sheet_view().table
    qtbot.waitUntil(lambda: (table.currentIndex().row(), table.currentIndex().column()) == (corner.row, corner.col),
                    timeout=TIMEOUT)
    # and the chart is on screen: whole where it fits, its left edge at least
    preview = window.preview_panel.preview
    qtbot.waitUntil(lambda: len(preview.overlays) == 1 and preview.overlays[0].isVisible(), timeout=TIMEOUT)
    room, drawn = table.viewport().rect(), preview.overlays[0].geometry()
    if drawn.width() <= room.width():
        assert room.contains(drawn), (room, drawn)
    else:  # its corner at the left, as much of it shown as can be
        assert 0 <= drawn.left() < table.columnWidth(corner.col), (room, drawn)

    # an export: the panel shows the PDF that was made, with the sheet's words in it
    send(window, qtbot, "make it a PDF too")
    _approve_next(window, qtbot, "pdf", 0)
    panel = window.preview_panel
    qtbot.waitUntil(lambda: panel.view is not None and panel.view.kind == "pdf", timeout=TIMEOUT)
    pdf = panel.view.path
    assert pdf is not None and pdf.suffix == ".pdf" and pdf.is_file()
    _wait_panel(window, qtbot, pdf, 1)
    import fitz

    with fitz.open(str(pdf)) as doc:
        assert "plum" in doc[0].get_text()


def test_a_notes_edit_and_swapped_slides_are_shown_where_they_changed(make_window, qtbot,  # type: ignore[no-untyped-def]
                                                                      tmp_path: Path) -> None:
    """Speaker notes are under their slide: the v2 card's Preview opens at the slide whose notes changed (it
    opened at slide 1, "No notes for this slide"); swapped slides are shown at the first that moved."""
    import pptx

    prs = pptx.Presentation()
    for title in ("Kickoff", "Scope", "Budget", "Next steps"):
        prs.slides.add_slide(prs.slide_layouts[0]).shapes.title.text = title
    deck = tmp_path / "deck.pptx"
    prs.save(str(deck))
    window = make_window()
    send(window, qtbot, "notes for slide 3: keep the budget short", [str(deck)])
    _approve_next(window, qtbot, "pptx", 0)
    ref, card = nth_card(window, qtbot, "pptx", 1)
    path = window.host.view_for(ref).path
    click(qtbot, button(card, "Preview"))
    _wait_panel(window, qtbot, path, 2)
    qtbot.waitUntil(lambda: window.preview_panel.preview.index() == 2, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: "keep the budget short" in window.preview_panel.preview.notes(), timeout=TIMEOUT)

    send(window, qtbot, "swap slides 1 and 2")
    _approve_next(window, qtbot, "pptx", 1)
    _wait_panel(window, qtbot, path, 3)
    assert _slides(path) == ["Scope", "Kickoff", "Budget", "Next steps"]
    qtbot.waitUntil(lambda: window.preview_panel.preview.index() == 0, timeout=TIMEOUT)
