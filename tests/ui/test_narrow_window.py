"""A narrow window: the conversation list collapses (and the toggle brings it back), the title elides with
a tool tip instead of being cut."""
from __future__ import annotations

from tests.ui.conftest import run


def test_the_sidebar_collapses_when_narrow_and_the_toggle_wins(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(1100, 700)
    qtbot.waitUntil(lambda: window.sidebar.isVisible(), timeout=3000)
    window.resize(700, 700)
    qtbot.waitUntil(lambda: not window.sidebar.isVisible(), timeout=3000)
    assert not window.sidebar_button.isChecked()
    window.sidebar_button.click()  # the user wants it, narrow or not
    qtbot.waitUntil(lambda: window.sidebar.isVisible(), timeout=3000)
    window.resize(690, 700)
    qtbot.waitUntil(lambda: window.width() == 690, timeout=3000)  # resized, and it stays open
    assert window.sidebar.isVisible()
    window.resize(1100, 700)
    qtbot.waitUntil(lambda: window.width() == 1100, timeout=3000)
    window.resize(700, 700)
    qtbot.waitUntil(lambda: not window.sidebar.isVisible(), timeout=3000)  # wide again, then narrow: collapses
    window.resize(1100, 700)
    qtbot.waitUntil(lambda: window.sidebar.isVisible(), timeout=3000)  # and comes back by itself


def test_a_long_title_elides_with_a_tooltip(make_window, qtbot, aloop) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    long = "Quarterly planning notes for the regional sales teams with every region listed (DOCX)"
    conv = window.services.store.create_conversation(long)
    run(aloop, qtbot, window.reload_conversations())
    run(aloop, qtbot, window.open_conversation(conv.id))
    window.resize(700, 700)
    label = window.title_label
    qtbot.waitUntil(lambda: label.is_elided(), timeout=3000)
    assert label.text() == long and label.toolTip() == long and label.shown_text().endswith("…")
    window.resize(1400, 700)
    qtbot.waitUntil(lambda: not label.is_elided(), timeout=3000)
    assert label.toolTip() == ""
