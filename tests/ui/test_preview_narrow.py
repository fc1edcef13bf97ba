"""A narrow window keeps its width when the preview opens: the sidebar folds away, the panel takes the room it
has, its header elides and its worded buttons turn into icons whose words are in the tool tip."""
from __future__ import annotations

from pathlib import Path

from tests.ui._flow import TIMEOUT, button, click, refs, send, wait_card, wait_idle

NOTES = "# A rather long title for a presentation about the quarterly planning review\n\n## Goals\n\n- One\n- Two\n"


def test_opening_the_preview_in_a_700px_window_does_not_widen_it(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(700, 700)
    qtbot.waitUntil(lambda: window.width() == 700, timeout=TIMEOUT)
    send(window, qtbot, "Make slides from these notes:\n\n" + NOTES)
    _ref, approval = wait_card(window, qtbot, "approval/pptx")
    wait_idle(window, qtbot)
    click(qtbot, button(approval, "Approve"))
    ref, card = wait_card(window, qtbot, "pptx")
    wait_idle(window, qtbot)
    card = window.host.live_cards(ref.artifact_id)[-1]
    click(qtbot, button(card, "Preview"))
    panel = window.preview_panel
    qtbot.waitUntil(lambda: panel.preview is not None and panel.preview.count() > 0, timeout=TIMEOUT)
    qtbot.wait(50)  # let the splitter settle (a condition cannot see "nothing grew")
    assert window.width() == 700 and window.minimumSizeHint().width() <= 700
    assert not window.sidebar.isVisible()  # folded away to make room; its button brings it back
    assert panel.isVisible() and panel.width() >= 280 and window.chat.width() >= window.chat.minimumWidth()
    preview = panel.preview
    for b in (preview.fit_button, preview.page_view_button):
        if b.isVisibleTo(preview):
            assert b.width() >= b.sizeHint().width()  # nothing cut ("ge vie")
    assert preview.compact()  # ~300 px: icons, their words in the tool tip
    assert preview.fit_button.toolTip() == "Fit width" and not preview.fit_button.icon().isNull()
    assert preview.fit_button.toolButtonStyle() == preview.fit_button.toolButtonStyle().ToolButtonIconOnly
    title = panel.title
    assert title.width() <= panel.width() and title.full_text().startswith(Path(panel.view.workspace_path).name)
    assert title.text() == title.full_text() or "…" in title.text()
    # the cards fit the chat that is left, and none of their buttons' words is cut ("ave as.")
    from PySide6.QtWidgets import QPushButton

    room = window.chat.view.viewport().width()
    for r in refs(window):
        for live in window.host.live_cards(r.artifact_id):
            assert live.width() <= room, (type(live).__name__, live.width(), room)
            for b in live.findChildren(QPushButton):
                if b.isVisibleTo(live):
                    assert b.width() >= b.sizeHint().width(), b.text()
