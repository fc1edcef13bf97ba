"""Quick actions on a card in the real window: the follow-ups that apply to the file, each a small form whose
request goes through the conversation like a typed one (same approval card, a new version)."""
from __future__ import annotations

from pathlib import Path

from tests.ui._flow import TIMEOUT, approve_next, click, latest_card, send

NOTES = "# Launch plan\n\n## Goals\n\n- Ship version one\n- Win early users\n"


def test_add_slide_from_the_card_then_undo(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import pptx

    notes = tmp_path / "notes.md"
    notes.write_text(NOTES, encoding="utf-8")
    window = make_window()
    send(window, qtbot, "Turn notes.md into slides", [str(notes)])
    approve_next(window, qtbot, "pptx", 0)
    ref, card = latest_card(window, qtbot, "pptx", 1)
    path = window.host.view_for(ref).path
    before = len(pptx.Presentation(str(path)).slides)
    assert card.more_button.isVisible() and card.more_button.text() == "Change…"
    card.more_menu.aboutToShow.emit()
    labels = [a.text() for a in card.more_menu.actions()]
    assert labels == ["Replace text…", "Change title…", "Add slide…", "Export as PDF"]  # no Undo at v1
    next(a for a in card.more_menu.actions() if a.text() == "Add slide…").trigger()
    form = window.host.last_quick_form
    assert form is not None and form.isVisible() and not form.send_button.isEnabled()
    form.inputs["title"].setText("Risks")
    form.inputs["bullets"].setText("Budget, Timeline")
    assert form.send_button.isEnabled()
    click(qtbot, form.send_button)
    rel = window.host.view_for(ref).workspace_path
    sent = f"add a slide titled “Risks” to {rel} with bullets: Budget, Timeline"
    qtbot.waitUntil(lambda: any(m.text == sent for m in window.conversation), timeout=TIMEOUT)  # as the user's own
    approve_next(window, qtbot, "pptx", 1)  # the same approval as a typed request
    ref2, card2 = latest_card(window, qtbot, "pptx", 2)
    slides = pptx.Presentation(str(path)).slides
    assert len(slides) == before + 1 and slides[len(slides) - 1].shapes.title.text == "Risks"
    card2.more_menu.aboutToShow.emit()
    undo = next(a for a in card2.more_menu.actions() if a.text() == "Undo")
    undo.trigger()  # no form: sent at once
    approve_next(window, qtbot, "pptx", 2)
    latest_card(window, qtbot, "pptx", 3)
    assert len(pptx.Presentation(str(path)).slides) == before


def test_add_a_column_from_a_workbooks_card(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The form's two fields make the request; the new header looks like the others, "1,200" is one value."""
    import openpyxl

    window = make_window()
    send(window, qtbot, "Make a spreadsheet:\nFruit,Boxes\napple,3\npear,4")
    approve_next(window, qtbot, "xlsx", 0)
    _ref, card = latest_card(window, qtbot, "xlsx", 1)
    card.more_menu.aboutToShow.emit()
    next(a for a in card.more_menu.actions() if a.text() == "Add a column…").trigger()
    form = window.host.last_quick_form
    assert form is not None and set(form.inputs) == {"header", "values"} and not form.send_button.isEnabled()
    form.inputs["header"].setText("Price")
    form.inputs["values"].setText("1,200, 2")
    click(qtbot, form.send_button)
    approve_next(window, qtbot, "xlsx", 1)
    ref2, _card2 = latest_card(window, qtbot, "xlsx", 2)
    sheet = openpyxl.load_workbook(str(window.host.view_for(ref2).path)).active
    assert [sheet["C1"].value, sheet["C2"].value, sheet["C3"].value] == ["Price", 1200, 2]
    assert sheet["C1"].font.b == sheet["B1"].font.b is True and sheet["C1"].fill.fgColor.rgb == sheet["B1"].fill.fgColor.rgb
