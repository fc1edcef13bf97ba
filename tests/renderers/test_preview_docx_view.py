"""DOCX preview in the window: the pages as drawn pages lay them out, fit width, zoom, a page counter
that follows, position across views, first pages shown before the rest of a long document is read."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from renderers.registry import Registry


def _paged_docx(path: Path, pages: int, per_page: int = 6) -> Path:
    import docx

    document = docx.Document()
    for p in range(pages):
        document.add_heading(f"Chapter {p + 1}", 1)
        for i in range(per_page):
            document.add_paragraph(f"Page {p + 1} paragraph {i}: " + "words that wrap across the line " * 3)
        if p < pages - 1:
            document.add_page_break()
    document.save(str(path))
    return path


def test_the_page_fits_the_width_without_a_horizontal_scrollbar(show_preview, qtbot, view_of, tmp_path) -> None:
    import docx

    document = docx.Document()
    document.add_paragraph("A short note. " + "This sentence is long enough to need wrapping on the page. " * 3)
    path = tmp_path / "tiny.docx"
    document.save(str(path))
    preview = show_preview(path, (380, 400))
    flow = preview.browser()
    assert flow.horizontalScrollBar().maximum() == 0
    assert flow.viewport().width() * 0.8 < flow.page_width() <= flow.viewport().width()
    assert len(flow.page_lines(0)) >= 2  # wrapped at the page's width, as on paper


def test_zoom_in_out_and_fit(show_preview, qtbot, view_of, tmp_path) -> None:
    preview = show_preview(_paged_docx(tmp_path / "z.docx", 2), (520, 500))
    assert preview.zoom_in_button.isVisible() and preview.fit_button.isVisible()
    flow = preview.browser()
    width, lines = flow.page_width(), flow.page_lines(0)
    qtbot.mouseClick(preview.zoom_in_button, Qt.MouseButton.LeftButton)
    assert preview.zoom_factor() == pytest.approx(1.25)
    assert flow.page_width() == pytest.approx(width * 1.25, abs=2) and flow.horizontalScrollBar().maximum() > 0
    assert flow.page_lines(0) == lines  # the same lines, bigger
    qtbot.mouseClick(preview.zoom_out_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(preview.zoom_out_button, Qt.MouseButton.LeftButton)
    assert preview.zoom_factor() < 1.0
    qtbot.mouseClick(preview.fit_button, Qt.MouseButton.LeftButton)
    assert preview.zoom_factor() == 1.0
    assert "Page 2 paragraph 5" in preview.text()


def test_page_counter_follows_scrolling(show_preview, qtbot, view_of, tmp_path) -> None:
    preview = show_preview(_paged_docx(tmp_path / "p.docx", 6), (520, 500))
    assert preview.count() == 6 and preview.position_label.text() == "Page 1 / 6"
    browser = preview.browser()
    doc = browser.document()
    browser.verticalScrollBar().setValue(browser.block_y(doc.find("Chapter 4")) - 20)
    qtbot.waitUntil(lambda: preview.position_label.text() == "Page 4 / 6", timeout=3_000)
    assert preview.index() == 3 and preview.prev_button.isEnabled()
    browser.verticalScrollBar().setValue(0)
    qtbot.waitUntil(lambda: preview.position_label.text() == "Page 1 / 6", timeout=3_000)


def test_position_is_kept_switching_to_and_from_page_view(show_preview, qtbot, view_of, tmp_path, monkeypatch) -> None:
    import pymupdf

    import renderers.qt_preview

    def fake_convert(path, sha, cache_dir):
        pdf = pymupdf.open()
        for i in range(6):
            pdf.new_page().insert_text((72, 100), f"Chapter {i + 1}", fontsize=24)
        out = tmp_path / "converted.pdf"
        pdf.save(str(out))
        return out, 6

    monkeypatch.setattr(renderers.qt_preview, "_convert", fake_convert)
    preview = show_preview(_paged_docx(tmp_path / "v.docx", 6), (520, 500))
    with qtbot.waitSignal(preview.sig_loaded, timeout=5_000):
        preview.set_index(3)
    with qtbot.waitSignal(preview.sig_loaded, timeout=15_000) as blocker:
        preview.set_page_view(True)
    assert blocker.args == [3] and preview.index() == 3 and preview.position_label.text() == "Page 4 / 6"
    with qtbot.waitSignal(preview.sig_loaded, timeout=5_000):
        preview.set_index(4)
    with qtbot.waitSignal(preview.sig_loaded, timeout=5_000) as blocker:
        preview.set_page_view(False)
    assert blocker.args == [4] and preview.index() == 4
    top = preview.browser().cursorForPosition(preview.browser().viewport().rect().topLeft()).block().text()
    assert top.startswith(("Chapter 5", "Page 5"))


def test_a_long_document_shows_its_first_pages_before_the_rest_is_read(show_preview, qtbot, view_of, tmp_path) -> None:
    preview = show_preview(_paged_docx(tmp_path / "long.docx", 120, per_page=4), (520, 500))
    assert preview.count() < 120 and not preview.loaded_everything()  # painted from the first piece
    assert "Chapter 1" in preview.text() and "Chapter 120" not in preview.text()
    qtbot.waitUntil(preview.loaded_everything, timeout=30_000)
    assert preview.count() == 120 and "Page 120 paragraph 3" in preview.text()
    with qtbot.waitSignal(preview.sig_loaded, timeout=5_000):
        preview.set_index(99)
    top = preview.browser().cursorForPosition(preview.browser().viewport().rect().topLeft()).block().text()
    assert "Chapter 100" in top or "Page 100" in top or "Page 99" in top


@pytest.mark.parametrize("kind", ["pptx", "xlsx"])
def test_zoom_in_the_slide_and_sheet_views_too(qtbot, files, view_of, kind) -> None:
    preview = Registry().plugin(kind).preview(view_of(files[kind]), None, 0, page_view=False)
    qtbot.addWidget(preview)
    preview.resize(700, 500)
    preview.show()
    with qtbot.waitSignal(preview.sig_loaded, timeout=15_000):
        pass
    assert preview.zoom_in_button.isVisible()
    if kind == "pptx":
        with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
            qtbot.mouseClick(preview.zoom_out_button, Qt.MouseButton.LeftButton)
        with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
            qtbot.mouseClick(preview.fit_button, Qt.MouseButton.LeftButton)
        width = preview.image().width()
        with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
            qtbot.mouseClick(preview.zoom_in_button, Qt.MouseButton.LeftButton)
        assert preview.image().width() > width * 1.15
        area = preview.slide_view().slide_area
        assert max(area.horizontalScrollBar().maximum(), area.verticalScrollBar().maximum()) > 0  # it scrolls
        with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
            qtbot.mouseClick(preview.fit_button, Qt.MouseButton.LeftButton)
        assert abs(preview.image().width() - width) <= 2
    else:
        table = preview.sheet_view().table
        width = table.columnWidth(0)
        qtbot.mouseClick(preview.zoom_in_button, Qt.MouseButton.LeftButton)
        assert table.columnWidth(0) > width * 1.2 and preview.zoom_factor() == pytest.approx(1.25)
        qtbot.mouseClick(preview.fit_button, Qt.MouseButton.LeftButton)
        assert table.columnWidth(0) == width


def test_later_pieces_keep_their_paragraphs_and_the_body_font(show_preview, qtbot, view_of, tmp_path) -> None:
    import docx

    from renderers.docx.plugin import CHUNK_BLOCKS, FIRST_BLOCKS

    document = docx.Document()
    total = FIRST_BLOCKS + CHUNK_BLOCKS + 40  # three pieces
    for i in range(total):
        document.add_paragraph(f"Paragraph number {i} of a long report.")
    path = tmp_path / "pieces.docx"
    document.save(str(path))
    preview = show_preview(path, (520, 500))
    qtbot.waitUntil(preview.loaded_everything, timeout=30_000)
    doc = preview.browser().document()
    texts = [doc.findBlockByNumber(n).text() for n in range(doc.blockCount())]
    paragraphs = [t for t in texts if t.startswith("Paragraph number")]
    # each paragraph stays its own line: a piece's first paragraph is not glued to the last one read before it
    assert paragraphs == [f"Paragraph number {i} of a long report." for i in range(total)]
    first = doc.find("Paragraph number 3 ").charFormat().font().pointSizeF()
    for i in (FIRST_BLOCKS, FIRST_BLOCKS + 1, FIRST_BLOCKS + CHUNK_BLOCKS + 5):
        assert doc.find(f"Paragraph number {i} ").charFormat().font().pointSizeF() == first


def test_a_side_bordered_box_shows_both_side_rules_in_the_panel(show_preview, qtbot, tmp_path) -> None:
    """Three code lines with a red border on all four sides (a code block's box): the panel's page flow
    shows the left and the right rule beside the lines, inside the panel, not cut off at its edges."""
    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls
    from docx.shared import Pt

    document = docx.Document()
    for text in ("first line", "second line", "third line"):
        p = document.add_paragraph(text)
        p.paragraph_format.space_after = Pt(0)
        p._p.get_or_add_pPr().append(parse_xml(f'<w:pBdr {nsdecls("w")}>' + "".join(
            f'<w:{side} w:val="single" w:sz="12" w:space="4" w:color="FF0000"/>'
            for side in ("top", "left", "bottom", "right")) + "</w:pBdr>"))
    path = tmp_path / "box.docx"
    document.save(str(path))
    preview = show_preview(path, (520, 400))
    image = preview.browser().viewport().grab().toImage()

    def red(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return c.red() > 180 and c.green() < 100 and c.blue() < 100

    columns = [x for x in range(image.width()) if sum(red(x, y) for y in range(image.height())) > 25]
    assert columns and min(columns) < image.width() // 3 and max(columns) > image.width() * 2 // 3
    assert max(columns) < image.width() - 1  # inside the panel


def test_the_pages_scroll_with_the_keys(show_preview, qtbot, tmp_path) -> None:
    preview = show_preview(_paged_docx(tmp_path / "k.docx", 3), (520, 500))
    flow = preview.browser()
    bar = flow.verticalScrollBar()
    flow.setFocus()
    qtbot.keyClick(flow, Qt.Key.Key_PageDown)
    assert bar.value() >= flow.viewport().height() * 0.8
    qtbot.keyClick(flow, Qt.Key.Key_Up)
    below = bar.value()
    assert 0 < below < flow.viewport().height()
    qtbot.keyClick(flow, Qt.Key.Key_PageUp)
    assert bar.value() == 0
