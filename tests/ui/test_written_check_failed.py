"""A write that changed the file and then failed a check of it (a deck with an empty slide gets a new slide): the
window shows what is on disk. The approval card says it was saved and that a check failed, with no Retry (a retry
would add the slide again); the file card is there with the failed check and v2; the reply does not say "did not
finish" or "no file was changed" (tests/conversation has the undo)."""
from __future__ import annotations

from pathlib import Path

import pptx
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches

from tests.ui._flow import TIMEOUT, button, click, send, wait_card, wait_idle


def _deck(path: Path) -> None:
    prs = pptx.Presentation()
    prs.slides.add_slide(prs.slide_layouts[0]).shapes.title.text = "Quarterly sales"
    data = CategoryChartData()
    data.categories = ["Q1", "Q2"]
    data.add_series("Sales", (3, 5))
    prs.slides.add_slide(prs.slide_layouts[6]).shapes.add_chart(
        XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1), Inches(6), Inches(4), data)
    prs.slides.add_slide(prs.slide_layouts[6])  # empty: the check after the write fails on it
    prs.save(str(path))


def test_a_write_whose_check_fails_shows_as_written_with_the_failed_check(make_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    deck = tmp_path / "q.pptx"
    _deck(deck)
    window = make_window()
    send(window, qtbot, "add a slide titled Risks to q.pptx", [str(deck)])
    ref, approval = wait_card(window, qtbot, "approval/pptx")
    wait_idle(window, qtbot)
    click(qtbot, button(approval, "Approve"))
    file_ref, file_card = wait_card(window, qtbot, "pptx")
    wait_idle(window, qtbot)

    live = window.host.live_cards(ref.artifact_id)[-1]
    qtbot.waitUntil(lambda: "Saved q.pptx" in live.state_label.text(), timeout=TIMEOUT)
    assert "1 of 6 checks failed" in live.state_label.text() and "Verification" not in live.state_label.text()
    assert not live.retry_button.isVisible()

    store = window.services.store
    artifact = store.artifact(file_ref.artifact_id)
    assert store.artifact_version(artifact.id).version == 2
    assert [s.shapes.title.text for s in pptx.Presentation(artifact.path).slides if s.shapes.title is not None][-1] \
        == "Risks"
    assert file_card.badge.text() == "1 of 6 checks failed"

    reply = next(m for m in reversed(list(window.conversation)) if m.role.value == "assistant" and m.text)
    assert "Written, but a check of the file failed" in reply.text and "Slide 3 shows nothing" in reply.text
    assert "did not finish" not in reply.text and "no file was changed" not in reply.text
