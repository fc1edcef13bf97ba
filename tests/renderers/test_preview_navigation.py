"""Preview navigation as in other viewers: the wheel turns the page at the end of a page or slide, Ctrl+wheel
zooms, the zoom is shown in per cent, "Fit width" is a button; the page view is centred with a margin and shows
a slide's notes."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget

from renderers import pageview


def wheel(widget: QWidget, notches: int, ctrl: bool = False) -> None:
    """``notches`` of a mouse wheel over ``widget`` (negative: towards the user, i.e. down)."""
    centre = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(QPoint(int(centre.x()), int(centre.y())))), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_the_wheel_turns_slides_and_ctrl_wheel_zooms(show_preview, files: dict[str, Path], qtbot) -> None:  # type: ignore[no-untyped-def]
    preview = show_preview(files["pptx"])
    area = preview.slide_view().slide_area.viewport()
    assert preview.index() == 0 and preview.zoom_label.text() == "100 %"
    wheel(area, -1)
    qtbot.waitUntil(lambda: preview.index() == 1 and "slide two" in preview.notes(), timeout=10_000)
    wheel(area, -1)
    qtbot.waitUntil(lambda: preview.index() == 2, timeout=10_000)
    wheel(area, -1)  # the last slide: nothing past it
    assert preview.index() == 2
    wheel(area, 1)
    qtbot.waitUntil(lambda: preview.index() == 1, timeout=10_000)

    wheel(area, 1, ctrl=True)
    assert preview.zoom_factor() == pytest.approx(1.25) and preview.zoom_label.text() == "125 %"
    assert preview.index() == 1  # Ctrl+wheel zooms, never turns
    wheel(area, -1, ctrl=True)
    wheel(area, -1, ctrl=True)
    assert preview.zoom_label.text() == "80 %"
    qtbot.mouseClick(preview.fit_button, Qt.MouseButton.LeftButton)
    assert preview.zoom_label.text() == "100 %"
    # "Fit width" is a button with a frame, not a word in the toolbar
    assert not preview.fit_button.autoRaise() and preview.fit_button.isVisible()


def test_the_wheel_scrolls_a_pdf_page_then_turns_it(show_preview, files: dict[str, Path], qtbot) -> None:  # type: ignore[no-untyped-def]
    preview = show_preview(files["pdf"], (500, 300))  # a fit-width page is taller than the panel
    canvas = preview.canvas()
    bar = canvas.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=10_000)
    wheel(canvas.viewport(), -1)  # at the top of a long page: the wheel scrolls it
    assert preview.index() == 0
    bar.setValue(bar.maximum())
    wheel(canvas.viewport(), -1)  # at its end: the next page
    qtbot.waitUntil(lambda: preview.index() == 1, timeout=10_000)
    assert preview.position_label.text() == "Page 2 / 3"
    wheel(canvas.viewport(), 1, ctrl=True)
    qtbot.waitUntil(lambda: preview.zoom_label.text() != "" and preview.zoom_level() is not None, timeout=10_000)
    assert preview.index() == 1


def test_a_sheet_keeps_its_wheel_for_its_rows(show_preview, files: dict[str, Path]) -> None:  # type: ignore[no-untyped-def]
    preview = show_preview(files["xlsx"])
    wheel(preview.sheet_view().table.viewport(), -1)
    assert preview.index() == 0
    wheel(preview.sheet_view().table.viewport(), 1, ctrl=True)
    assert preview.zoom_label.text() == "125 %"


@pytest.mark.slow
@pytest.mark.skipif(not pageview.available(), reason="LibreOffice is not installed")
def test_the_page_view_is_centred_with_a_margin_and_shows_the_notes(qtbot, view_of, files: dict[str, Path],  # type: ignore[no-untyped-def]
                                                                  tmp_path: Path) -> None:
    from renderers.registry import Registry

    preview = Registry().plugin("pptx").preview(view_of(files["pptx"]), None, 1, cache_dir=tmp_path)
    qtbot.addWidget(preview)
    preview.resize(700, 700)
    preview.show()
    qtbot.waitUntil(lambda: preview.count() == 3, timeout=20_000)
    preview.set_page_view(True)
    qtbot.waitUntil(lambda: preview.page_view_active() and preview.page_notes.isVisible(), timeout=120_000)
    assert preview.index() == 1 and "Speaker notes for slide two" in preview.page_notes.text()
    canvas = preview._pv_canvas
    assert canvas.alignment() & Qt.AlignmentFlag.AlignVCenter and canvas.alignment() & Qt.AlignmentFlag.AlignHCenter
    page = canvas.widget()
    qtbot.waitUntil(lambda: page.width() > 100, timeout=20_000)
    left = page.x()
    assert left >= 20 and canvas.viewport().width() - page.x() - page.width() >= 20  # a margin each side
    assert page.y() > 0  # a landscape slide sits in the middle, not at the top
    wheel(canvas.viewport(), -1)  # the wheel turns the pages of the page view too
    qtbot.waitUntil(lambda: preview.index() == 2, timeout=60_000)
    qtbot.waitUntil(lambda: not preview.page_notes.isVisible(), timeout=20_000)  # slide 3 has no notes
