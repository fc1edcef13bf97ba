"""Large previews: open at an index, navigate, show the content; error states for broken files."""
from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from renderers.registry import Registry


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def _open(qtbot, registry, view, index=0, size=(760, 600)):
    preview = registry.plugin(view.kind).preview(view, None, index, page_view=False)
    qtbot.addWidget(preview)
    preview.resize(*size)
    preview.show()
    return preview


def _not_blank(image: QImage, region=None) -> int:
    """Number of distinct colours sampled in ``region`` (x, y, w, h as fractions)."""
    x0, y0, w, h = region or (0, 0, 1, 1)
    xs = range(int(image.width() * x0), int(image.width() * (x0 + w)), 3)
    ys = range(int(image.height() * y0), int(image.height() * (y0 + h)), 3)
    return len({image.pixel(x, y) for x in xs for y in ys})


def test_pdf_opens_at_second_page_zooms_and_navigates(qtbot, registry, files, view_of) -> None:
    preview = _open(qtbot, registry, view_of(files["pdf"]), index=1)
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000) as blocker:
        pass
    assert blocker.args == [1] and preview.index() == 1 and preview.count() == 3
    assert preview.position_label.text() == "Page 2 / 3"
    image = preview.canvas().image()
    # page 2 has a blue rectangle in its upper middle: pure blue pixels are there
    assert any(image.pixelColor(int(image.width() * 0.3), int(image.height() * y)).blue() > 200
               and image.pixelColor(int(image.width() * 0.3), int(image.height() * y)).red() < 50
               for y in (0.3, 0.4, 0.5))
    fit_width = image.width()
    with qtbot.waitSignal(preview.canvas().sig_rendered, timeout=10_000):
        qtbot.mouseClick(preview.zoom_in_button, Qt.MouseButton.LeftButton)
    assert preview.canvas().image().width() > fit_width * 1.15
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000) as blocker:
        qtbot.mouseClick(preview.next_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [2] and not preview.next_button.isEnabled()
    preview.grab().save("/tmp/mira-preview-pdf.png")


def test_docx_page_flow_and_second_page(qtbot, registry, files, view_of) -> None:
    preview = _open(qtbot, registry, view_of(files["docx"]))
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        pass
    assert preview.count() == 2
    doc = preview.browser().document()
    text = preview.text()
    assert "Annual Report" in text and "bold words" in text and "cell 11 strong" in text
    html = doc.toHtml()
    assert "font-weight" in html and "italic" in html  # bold and italic runs survive
    assert doc.rootFrame() is not None and "docx-image-0" in html
    cell = next(b for b in _blocks(doc) if b.text() == "cell 11 strong")
    weights = {}
    it = cell.begin()
    while not it.atEnd():
        fragment = it.fragment()
        weights[fragment.text()] = fragment.charFormat().fontWeight()
        it += 1
    assert weights[" strong"] > weights["cell 11"]  # bold survives inside a table cell
    levels = {b.text(): b.blockFormat().headingLevel() for b in _blocks(doc)}
    assert levels["Annual Report"] == 1 and levels["Second Page Heading"] == 1
    assert levels["Plain, bold words and italic words"] == 0
    lists = [b for b in _blocks(doc) if b.textList() is not None]
    assert {b.text() for b in lists} >= {"First bullet", "Step one"}
    with qtbot.waitSignal(preview.sig_loaded, timeout=5_000) as blocker:
        preview.set_index(1)
    assert blocker.args == [1]
    browser = preview.browser()
    assert browser.verticalScrollBar().value() > 0
    heading = next(b for b in _blocks(doc) if b.text() == "Second Page Heading")
    cursor = browser.textCursor()
    cursor.setPosition(heading.position())
    assert browser.viewport().rect().contains(browser.cursorRect(cursor).center())  # page 2 is on screen
    cursor.setPosition(doc.findBlockByNumber(1).position())
    assert not browser.viewport().rect().contains(browser.cursorRect(cursor).center())  # page 1 start is not
    preview.grab().save("/tmp/mira-preview-docx.png")


def _blocks(doc):
    block = doc.begin()
    while block.isValid():
        yield block
        block = block.next()


def test_pptx_second_slide_drawn_with_notes(qtbot, registry, files, view_of) -> None:
    preview = _open(qtbot, registry, view_of(files["pptx"]), index=1)
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000) as blocker:
        pass
    assert blocker.args == [1] and preview.count() == 3
    assert preview.position_label.text() == "Slide 2 / 3"
    assert preview.notes() == "Notes: Speaker notes for slide two"
    image = preview.image()
    assert _not_blank(image, (0, 0, 0.6, 0.3)) > 2  # the title text
    blue = image.pixelColor(int(image.width() * 0.75), int(image.height() * 0.75))
    assert blue.blue() > 200 and blue.red() < 40  # the filled rectangle
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        preview.set_index(0)
    assert preview.notes() == "No notes for this slide."
    preview.set_index(1)
    qtbot.waitUntil(lambda: preview.index() == 1 and not preview.is_loading(), timeout=10_000)
    preview.grab().save("/tmp/mira-preview-pptx.png")


def test_xlsx_sheets_formulas_and_merged_cells(qtbot, registry, files, view_of) -> None:
    preview = _open(qtbot, registry, view_of(files["xlsx"]))
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        pass
    from pytestqt.modeltest import ModelTester

    ModelTester(None).check(preview.model, force_py=True)
    view = preview.sheet_view()
    assert preview.sheet_names() == ("Summary", "Details") and view.tabs.count() == 2
    model = preview.model
    assert model.data(model.index(1, 0)) == "Apples" and model.data(model.index(1, 1)) == "10"
    if not preview.merged_ranges():
        with qtbot.waitSignal(preview.sig_spans_ready, timeout=5_000):
            pass
    assert view.table.columnSpan(3, 0) == 3  # A4:C4 merged
    view.table.setCurrentIndex(model.index(1, 3))
    assert view.formula_bar.text() == "=B2+C2" and view.cell_label.text() == "D2"
    view.table.setFocus()
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000) as blocker:
        qtbot.keyClick(view.table, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert blocker.args == [1] and preview.index() == 1 and view.tabs.currentIndex() == 1
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        view.tabs.setCurrentIndex(0)
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000) as blocker:
        view.tabs.setCurrentIndex(1)
    assert blocker.args == [1] and preview.index() == 1
    assert preview.model.data(preview.model.index(1, 1)) == "seventh"
    preview.grab().save("/tmp/mira-preview-xlsx.png")


def test_xlsx_100k_rows_opens_fast_and_loads_lazily(qtbot, registry, big_xlsx, view_of) -> None:
    t0 = time.perf_counter()
    preview = _open(qtbot, registry, view_of(big_xlsx))
    shown_busy: list[bool] = []
    preview.jobs.sig_busy.connect(lambda busy: shown_busy.append(preview.busy_row.isVisible()))
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    assert shown_busy[0] is True  # "Loading…" and the busy bar while the first rows are read
    assert not preview.busy_row.isVisible() and preview.busy_label.text() == "Loading…"
    elapsed = time.perf_counter() - t0
    model = preview.model
    assert elapsed < 3.0, f"opening took {elapsed:.2f} s"
    assert 0 < model.rows_loaded() < 100_000
    # the file declares no size (write-only producer): the rest is read in the background
    qtbot.waitUntil(model.is_done, timeout=20_000)
    assert model.rowCount() == 100_000
    preview.sheet_view().table.scrollToBottom()
    assert model.data(model.index(99_999, 1)) == str(99_999 * 2)


@pytest.mark.parametrize("name, message", [
    ("truncated.docx", "corrupt or truncated"),
    ("random.pptx", "corrupt or truncated"),
    ("encrypted.xlsx", "encrypted"),
    ("garbage.pdf", "corrupt"),
    ("bomb.xlsx", "zip bomb"),
    ("missing.docx", "file not found"),
])
def test_broken_files_show_one_clear_message(qtbot, registry, broken, view_of, name, message) -> None:
    preview = _open(qtbot, registry, view_of(broken[name]))
    with qtbot.waitSignal(preview.sig_failed, timeout=10_000) as blocker:
        pass
    assert message in blocker.args[0] and name in blocker.args[0]
    assert "\n" not in preview.error() and "Traceback" not in preview.error()
    assert preview.stack.currentWidget() is preview.error_label
    assert preview.count() == 0 and not preview.next_button.isEnabled()
    if name == "garbage.pdf":
        preview.grab().save("/tmp/mira-preview-error.png")


def test_newer_request_supersedes_older(qtbot, registry, files, view_of) -> None:
    preview = _open(qtbot, registry, view_of(files["pptx"]))
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        pass
    seen: list[int] = []
    preview.sig_loaded.connect(seen.append)
    preview.set_index(1)
    preview.set_index(2)  # before slide 2 arrives
    qtbot.waitUntil(lambda: seen == [2], timeout=10_000)
    qtbot.wait(50)
    assert seen == [2] and preview.index() == 2


def test_a_refused_file_is_never_offered_to_the_page_view(qtbot, registry, broken, view_of) -> None:
    preview = registry.plugin("xlsx").preview(view_of(broken["bomb.xlsx"]), None, 0, page_view=True)
    qtbot.addWidget(preview)
    preview.show()
    with qtbot.waitSignal(preview.sig_failed, timeout=10_000):
        pass
    assert preview.page_view_button.isVisible() and not preview.page_view_button.isEnabled()


def test_pptx_draws_the_masters_background_and_shapes(qapp, tmp_path) -> None:
    import copy

    from pptx import Presentation
    from pptx.dml.color import RGBColor
    from pptx.enum.shapes import MSO_SHAPE
    from pptx.util import Inches

    from renderers.pptx.plugin import render_image

    prs = Presentation()
    master = prs.slide_master
    master.background.fill.solid()
    master.background.fill.fore_color.rgb = RGBColor(0xF4, 0xF0, 0xE6)
    scratch = prs.slides.add_slide(prs.slide_layouts[6])
    bar = scratch.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, Inches(7.0), prs.slide_width, Inches(0.5))
    bar.fill.solid()
    bar.fill.fore_color.rgb = RGBColor(0x20, 0x60, 0x30)
    master.shapes._spTree.append(copy.deepcopy(bar._element))  # python-pptx cannot add shapes to a master
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Inherits the template"
    path = tmp_path / "template.pptx"
    prs.save(str(path))
    image, count = render_image(path, 1, 400)
    assert count == 2
    assert image.pixelColor(200, 100).name() == "#f4f0e6"  # the master's background
    assert image.pixelColor(200, image.height() - 8).name() == "#206030"  # the master's bar


def test_docx_without_breaks_is_paginated_on_a4(qtbot, registry, view_of, tmp_path) -> None:
    import docx

    from renderers.docx.plugin import render_image

    document = docx.Document()
    for i in range(150):
        document.add_paragraph(f"Paragraph number {i} of a long report without page breaks.")
    path = tmp_path / "long.docx"
    document.save(str(path))
    preview = _open(qtbot, registry, view_of(path))
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        pass
    qtbot.waitUntil(preview.loaded_everything, timeout=10_000)  # later pages are read after the first paint
    assert preview.count() >= 3
    with qtbot.waitSignal(preview.sig_loaded, timeout=5_000):
        preview.set_index(2)
    browser = preview.browser()
    top = browser.cursorForPosition(browser.viewport().rect().topLeft()).block().text()
    first_on_page = int(top.split()[2])
    assert 40 < first_on_page < 150  # the third A4 page starts well into the document
    page1, count = render_image(path, 0, 300)
    page3, _ = render_image(path, 2, 300)
    assert count == preview.count() and page1 != page3
