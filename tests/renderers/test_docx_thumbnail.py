"""The DOCX card's thumbnail: the file is read in a worker, the page laid out on the UI thread, and a long
document costs what a short one does (only its first blocks are laid out)."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import docx
import pytest

import renderers.docx.plugin as docx_renderer
from renderers.registry import Registry


def _long_docx(path: Path, paragraphs: int) -> Path:
    document = docx.Document()
    document.add_heading("Annual review", 1)
    for i in range(paragraphs):
        document.add_paragraph(f"Paragraph {i}: the team shipped the planned work and measured the results.")
    document.save(str(path))
    return path


def test_the_thumbnail_is_laid_out_on_the_ui_thread_from_the_first_blocks_only(
        qtbot, host, view_of, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import renderers.docx._pages as pages

    laid_out: list[tuple[bool, int]] = []
    real = pages.set_html

    def set_html(doc: Any, html: str) -> None:
        real(doc, html)
        laid_out.append((threading.current_thread() is threading.main_thread(), doc.blockCount()))

    monkeypatch.setattr(pages, "set_html", set_html)
    path = _long_docx(tmp_path / "long.docx", 1500)
    card = Registry().create_card(view_of(path), host)
    qtbot.addWidget(card)
    card.resize(520, 200)
    card.show()
    with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=20_000) as blocker:
        pass
    assert blocker.args == [True]
    assert laid_out, "the thumbnail was not laid out through the page layout"
    assert all(on_ui for on_ui, _ in laid_out), "a text layout ran in a worker thread"
    assert max(blocks for _, blocks in laid_out) <= docx_renderer.FIRST_BLOCKS + 5  # not the 1,500 paragraphs
    image = card.thumbnail().toImage()  # type: ignore[union-attr]
    inked = sum(1 for x in range(image.width()) for y in range(image.height() // 3)
                if image.pixelColor(x, y).lightness() < 230)  # 112 px wide: text is grey specks
    assert inked > 50, "page 1 shows no text"


def test_a_thumbnail_that_cannot_be_drawn_says_no_preview(qtbot, host, view_of, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(chunk: Any, width: int) -> Any:
        raise ValueError("layout failed")

    monkeypatch.setattr(docx_renderer, "draw_thumbnail", broken)
    card = Registry().create_card(view_of(_long_docx(tmp_path / "short.docx", 3)), host)
    qtbot.addWidget(card)
    card.show()
    with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=20_000) as blocker:
        pass
    assert blocker.args == [False]
    assert card.thumbnail() is None and card.thumb_label.toolTip() == "layout failed"


def test_the_thumbnail_lays_out_what_page_1_shows_and_fills_it(qapp, tmp_path: Path) -> None:
    path = _long_docx(tmp_path / "page1.docx", 1500)
    chunk = docx_renderer.thumbnail_part(path, 0, 400)
    # one Letter page holds about 30 of these paragraphs: only those are read
    assert 25 <= chunk.html.count("Paragraph ") < 45  # not the 1,500 paragraphs, nor the first piece of 60
    image, _ = docx_renderer.draw_thumbnail(chunk, 400)
    full, _ = docx_renderer.render_image(path, 0, 400)
    assert image == full  # page 1 drawn from its own blocks is page 1 of the whole document
