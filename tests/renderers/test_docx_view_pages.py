"""The window's DOCX view and the drawn pages (card thumbnail, ``mira preview``, the fidelity bench) are one
layout: the same lines on the same pages at every zoom, and the page on screen is the drawn page."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from renderers.docx._pages import laid_out, render_image


def _two_faces(path: Path) -> Path:
    """Wrapped paragraphs in a serif and a sans face, with sizes that Qt's whole-pixel sizes round
    (10.5 pt, 11 pt), over three pages."""
    import docx
    from docx.shared import Pt

    document = docx.Document()
    document.add_heading("Faces that wrap", 1)
    for i in range(24):
        run = document.add_paragraph().add_run(
            f"Paragraph {i} set in {'a serif' if i % 2 else 'a sans'} face: " + "the measured words wrap along the line " * 5)
        run.font.name = "DejaVu Serif" if i % 2 else "DejaVu Sans"
        run.font.size = Pt(10.5 if i % 3 else 11)
    document.save(str(path))
    return path


def _drawn_lines(path: Path, pages: int) -> list[list[str]]:
    out = []
    for index in range(pages):
        laid = laid_out(path, index)
        out.append(laid.layout.lines(laid.index))
    return out


def _differs(a: QImage, b: QImage) -> float:
    """The share of pixels whose grey level differs by more than 24."""
    a = a.convertToFormat(QImage.Format.Format_Grayscale8)
    b = b.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height = min(a.width(), b.width()), min(a.height(), b.height())
    off = 0
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            if abs(a.pixelColor(x, y).value() - b.pixelColor(x, y).value()) > 24:
                off += 1
    return off / max(1, ((width + 1) // 2) * ((height + 1) // 2))


def test_the_panel_shows_the_drawn_pages_lines_at_two_zooms(show_preview, qtbot, tmp_path: Path) -> None:
    path = _two_faces(tmp_path / "faces.docx")
    preview = show_preview(path, (560, 640))
    qtbot.waitUntil(preview.loaded_everything, timeout=20_000)
    flow = preview.browser()
    _, count = render_image(path, 0, 200)
    assert flow.page_count() == preview.count() == count >= 3
    drawn = _drawn_lines(path, count)
    assert all(len(lines) > 10 for lines in drawn)
    assert [flow.page_lines(i) for i in range(count)] == drawn
    qtbot.mouseClick(preview.zoom_in_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(preview.zoom_in_button, Qt.MouseButton.LeftButton)
    assert preview.zoom_factor() == pytest.approx(1.5625)
    assert [flow.page_lines(i) for i in range(count)] == drawn
    # the last line of page 1 at this zoom is where the drawn page ends it: scrolled to, it is on screen
    last = drawn[0][-1]
    position = flow.document().find(last)
    flow.verticalScrollBar().setValue(flow.block_y(position) - 40)
    assert flow.cursorForPosition(flow.cursorRect(position).center()).block() == position.block()
    assert flow.page_at(flow.block_y(position)) == 0


def test_the_page_on_screen_is_the_drawn_page(show_preview, qtbot, tmp_path: Path) -> None:
    path = _two_faces(tmp_path / "faces.docx")
    preview = show_preview(path, (560, 640))
    flow = preview.browser()
    flow.verticalScrollBar().setValue(0)
    left, top = round(flow.page_left(0)), round(flow.page_top(0))
    width = flow.page_width()
    shot = flow.viewport().grab().toImage().copy(left, top, width, flow.viewport().height() - top)
    drawn, _ = render_image(path, 0, width)
    assert _differs(shot, drawn.copy(0, 0, shot.width(), shot.height())) < 0.01
    other, _ = render_image(path, 1, width)  # the check can tell pages apart
    assert _differs(shot, other.copy(0, 0, shot.width(), shot.height())) > 0.02
