"""Slides and thumbnails are read in a worker and drawn (text laid out) on the UI thread only.

Text layout in a worker deadlocked against the window's own painting (docs/renderers.md). Each
test records, inside the real drawing and reading functions, on which thread they ran.
"""
from __future__ import annotations

import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

import renderers.pptx._model as _pptx_model
import renderers.pptx._paint as _pptx_paint
import renderers.xlsx._thumb as _xlsx_thumb
from renderers.registry import Registry
from tests.renderers.office_xml import png_bytes

COLORS = ["#c00000", "#00a000", "#0000c0", "#c0a000", "#a000c0"]


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def _on_main() -> bool:
    return threading.current_thread() is threading.main_thread()


@pytest.fixture
def threads(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[bool]]:
    """Where each step ran: True on the UI (main) thread. "read" is a slide read, "text" a text
    layout, "paint" a QPainter opened by the PPTX or XLSX drawing code."""
    seen: dict[str, list[bool]] = {"read": [], "text": [], "paint": []}

    class Painter(QPainter):
        def __init__(self, *args: object) -> None:
            seen["paint"].append(_on_main())
            super().__init__(*args)

    read, text = _pptx_model.Deck.slide, _pptx_paint._paint_text

    def slide(deck: _pptx_model.Deck, index: int) -> _pptx_model.Slide:
        seen["read"].append(_on_main())
        return read(deck, index)

    def paint_text(*args: object) -> None:
        seen["text"].append(_on_main())
        text(*args)

    monkeypatch.setattr(_pptx_model.Deck, "slide", slide)
    monkeypatch.setattr(_pptx_paint, "_paint_text", paint_text)
    monkeypatch.setattr(_pptx_paint, "QPainter", Painter)
    monkeypatch.setattr(_xlsx_thumb, "QPainter", Painter)
    return seen


def _deck(path: Path, slides: int = 5) -> Path:
    """Each slide a full-size rectangle in its own colour, a title, a picture and a table."""
    from pptx import Presentation
    from pptx.dml.color import RGBColor
    from pptx.enum.shapes import MSO_SHAPE
    from pptx.util import Inches

    picture = path.parent / "picture.png"
    picture.write_bytes(png_bytes("#ff8000", (1600, 1200)))
    prs = Presentation()
    for i in range(slides):
        slide = prs.slides.add_slide(prs.slide_layouts[5])
        box = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, Inches(1.6), prs.slide_width, Inches(4))
        box.fill.solid()
        box.fill.fore_color.rgb = RGBColor.from_string(COLORS[i % len(COLORS)][1:])
        slide.shapes.title.text = f"Slide {i + 1}"
        slide.shapes.add_picture(str(picture), Inches(7), Inches(6), Inches(2), Inches(1.2))
        table = slide.shapes.add_table(2, 2, Inches(0.5), Inches(6), Inches(4), Inches(1)).table
        table.cell(0, 0).text = "Region"
        table.cell(1, 0).text = "North"
        slide.notes_slide.notes_text_frame.text = f"Notes {i + 1}"
    prs.save(str(path))
    return path


def _middle(image: QImage) -> QColor:
    return image.pixelColor(image.width() // 2, image.height() // 2)


def _open(qtbot, registry, view, index: int = 0):
    preview = registry.plugin(view.kind).preview(view, None, index, page_view=False)
    qtbot.addWidget(preview)
    preview.resize(760, 600)
    preview.show()
    return preview


def test_preview_reads_slides_in_a_worker_and_draws_them_on_the_ui_thread(
        qtbot, registry, view_of, tmp_path, threads) -> None:
    preview = _open(qtbot, registry, view_of(_deck(tmp_path / "deck.pptx")))
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        pass
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000) as blocker:
        qtbot.mouseClick(preview.next_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [1] and preview.notes() == "Notes: Notes 2"
    assert _middle(preview.image()).name() == COLORS[1]
    assert threads["read"] and not any(threads["read"]), "slides are read in a worker"
    assert threads["text"] and all(threads["text"]), "text is laid out on the UI thread only"
    assert threads["paint"] and all(threads["paint"]), "slides are drawn on the UI thread only"


def test_fast_next_next_next_draws_only_the_last_slide(qtbot, registry, view_of, tmp_path, monkeypatch) -> None:
    preview = _open(qtbot, registry, view_of(_deck(tmp_path / "deck.pptx")))
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        pass
    drawn: list[int] = []
    draw = _pptx_paint.draw_slide
    monkeypatch.setattr("renderers.pptx.plugin.draw_slide",
                        lambda deck, slide, width: drawn.append(slide.notes) or draw(deck, slide, width))
    seen: list[int] = []
    preview.sig_loaded.connect(seen.append)
    for _ in range(3):
        qtbot.mouseClick(preview.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: seen == [3], timeout=10_000)
    assert drawn == ["Notes 4"], "slides 2 and 3 were passed over, never drawn"
    assert preview.index() == 3 and preview.position_label.text() == "Slide 4 / 5"
    assert _middle(preview.image()).name() == COLORS[3]
    # back over slides already read: drawn at once, again only the last one asked for
    for _ in range(3):
        qtbot.mouseClick(preview.prev_button, Qt.MouseButton.LeftButton)
    assert preview.is_loading(), "busy until the slide asked for is on screen"
    qtbot.waitUntil(lambda: seen == [3, 0] and not preview.is_loading(), timeout=10_000)
    assert _middle(preview.image()).name() == COLORS[0] and preview.notes() == "Notes: Notes 1"


def test_a_slide_still_being_read_never_replaces_a_newer_one(qtbot, registry, view_of, tmp_path, monkeypatch) -> None:
    preview = _open(qtbot, registry, view_of(_deck(tmp_path / "deck.pptx")))
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000):
        pass
    release, reading = threading.Event(), threading.Event()
    read = _pptx_model.Deck.slide

    def slow_slide(deck: _pptx_model.Deck, index: int) -> _pptx_model.Slide:
        if index == 1:
            reading.set()
            release.wait(10)
        return read(deck, index)

    monkeypatch.setattr(_pptx_model.Deck, "slide", slow_slide)
    seen: list[int] = []
    preview.sig_loaded.connect(seen.append)
    preview.set_index(1)
    qtbot.waitUntil(reading.is_set, timeout=5_000)
    with qtbot.waitSignal(preview.sig_loaded, timeout=5_000):
        preview.set_index(0)  # read already: drawn at once while slide 2 is still being read
    with qtbot.waitSignal(preview.render_jobs._sig_finished, timeout=5_000):
        release.set()  # slide 2 arrives after it stopped being wanted
    assert seen == [0] and preview.index() == 0 and not preview.is_loading()
    assert _middle(preview.image()).name() == COLORS[0]


def test_pptx_card_reads_in_a_worker_and_draws_the_thumbnail_on_the_ui_thread(
        qtbot, registry, host, view_of, tmp_path, threads) -> None:
    card = registry.create_card(view_of(_deck(tmp_path / "deck.pptx", slides=2)), host)
    qtbot.addWidget(card)
    card.show()
    with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=10_000) as blocker:
        pass
    assert blocker.args == [True]
    thumb = card.thumbnail()
    assert thumb is not None and _middle(thumb.toImage()).name() == COLORS[0]
    assert threads["read"] and not any(threads["read"])
    assert threads["text"] and all(threads["text"]) and threads["paint"] and all(threads["paint"])


def test_xlsx_card_reads_in_a_worker_and_draws_the_thumbnail_on_the_ui_thread(
        qtbot, registry, host, view_of, tmp_path, threads, monkeypatch) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.append(["Region", "Units"])
    wb.active.append(["North", 12])
    wb.create_sheet("Second")
    path = tmp_path / "sales.xlsx"
    wb.save(str(path))
    read_on: list[bool] = []
    part = _xlsx_thumb.thumbnail_part
    monkeypatch.setattr("renderers.xlsx.plugin.thumbnail_part", lambda *a: read_on.append(_on_main()) or part(*a))
    card = registry.create_card(view_of(path), host)
    qtbot.addWidget(card)
    card.show()
    with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=10_000) as blocker:
        pass
    assert blocker.args == [True] and card.thumbnail() is not None
    assert read_on == [False], "the cells are read in a worker"
    assert threads["paint"] and all(threads["paint"]), "the grid is drawn on the UI thread only"
    # the command line's one-thread route draws the same picture
    image, sheets = _xlsx_thumb.render_image(path, 0, 640)
    assert sheets == 2 and len({image.pixel(x, y) for x in range(0, 640, 5) for y in range(0, 480, 5)}) > 3


@pytest.mark.slow
@pytest.mark.soffice
def test_a_deck_libreoffice_wrote_is_drawn_on_the_ui_thread(qtbot, registry, view_of, tmp_path, threads) -> None:
    """A PPTX another program wrote (LibreOffice Impress saving our deck again), not python-pptx."""
    source = _deck(tmp_path / "source.pptx", slides=2)
    out = tmp_path / "lo"
    subprocess.run([shutil.which("soffice") or "soffice", f"-env:UserInstallation=file://{tmp_path}/profile",
                    "--headless", "--convert-to", "pptx:Impress MS PowerPoint 2007 XML", "--outdir", str(out),
                    str(source)], check=True, capture_output=True, timeout=110)
    written = out / "source.pptx"
    assert b"LibreOffice" in __import__("zipfile").ZipFile(written).read("docProps/app.xml")
    preview = _open(qtbot, registry, view_of(written), index=1)
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000) as blocker:
        pass
    assert blocker.args == [1] and preview.count() == 2
    assert _middle(preview.image()).name() == COLORS[1]
    assert threads["read"] and not any(threads["read"])
    assert threads["text"] and all(threads["text"]) and threads["paint"] and all(threads["paint"])
