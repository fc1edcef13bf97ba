"""PDF pages drawn by the worker process straight into shared memory and shown without a copy:
the pixels are raw PyMuPDF's, a page larger than a block still comes through, and a block is
reused only once no image (nor a copy of one) reads it any more."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest
from PySide6.QtGui import QImage

from renderers import _pageslots
import renderers.pdf._source as _pdfsource
from renderers._pagecache import PageCache

WIDTH = 700


@pytest.fixture(scope="module")
def pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("slots") / "pages.pdf"
    doc = pymupdf.open()
    for p in range(9):
        page = doc.new_page()
        page.insert_text((72, 90), f"Page {p + 1}: a line of text", fontsize=18)
        page.draw_circle((300, 400), 40 + 10 * p, color=(p / 9, 0.3, 0.6), fill=(0.9, 0.8 - p / 20, 0.2))
    doc.save(str(path))
    return path


@pytest.fixture(autouse=True)
def own_blocks(monkeypatch: pytest.MonkeyPatch) -> Iterator[_pageslots.Slots]:
    """Blocks of this test's own, none lent to an image another test still holds; no page cache
    (it copies pages out of their blocks: tests/renderers/test_pdf_page_cache.py)."""
    monkeypatch.setattr(_pdfsource, "page_cache", lambda: PageCache(max_bytes=0))
    blocks = _pageslots.Slots(_pdfsource._SCRATCH_BYTES)
    monkeypatch.setattr(_pageslots, "_slots", blocks)
    yield blocks
    gc.collect()
    blocks.release()


def _raw(pdf: Path, index: int, width: int | None = None, zoom: float = 1.0) -> pymupdf.Pixmap:
    with pymupdf.open(str(pdf)) as doc:
        page = doc[index]
        scale = width / page.rect.width if width else zoom * _pdfsource.SCREEN_ZOOM
        return page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)


def _rgb_rows(image: QImage) -> bytes:
    """The image's pixels as RGB rows without padding: what ``pymupdf.Pixmap.samples`` holds."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    row = rgb.width() * 3
    return b"".join(bytes(rgb.constScanLine(y))[:row] for y in range(rgb.height()))


def _same(image: QImage, pix: pymupdf.Pixmap) -> bool:
    return (image.width(), image.height()) == (pix.width, pix.height) and _rgb_rows(image) == pix.samples


def _first_paint(pdf: Path, index: int, width: int | None = WIDTH, zoom: float = 1.0) -> QImage:
    _pdfsource._checked.clear()  # this page has not been drawn: it goes to the worker
    return _pdfsource.render_page_scaled(pdf, index, width, zoom)[0]


def test_a_page_from_the_worker_has_raw_pymupdfs_pixels(qapp, pdf: Path, own_blocks: _pageslots.Slots) -> None:
    image = _first_paint(pdf, 2)
    assert own_blocks.lent() == 1  # drawn into a block the image now reads in place
    assert _same(image, _raw(pdf, 2, WIDTH))
    again = _pdfsource.render_page_scaled(pdf, 2, WIDTH, 1.0)[0]  # drawn safely before: redrawn here
    assert _same(again, _raw(pdf, 2, WIDTH))


def test_a_page_larger_than_a_block_comes_through_the_scratch_block(qapp, pdf: Path) -> None:
    zoom = 3.0  # 2380 × 3368 px: 32 MB, more than a block for a page of unknown size
    image = _first_paint(pdf, 1, None, zoom)
    assert image.sizeInBytes() > _pageslots.SLOT_BYTES
    assert _same(image, _raw(pdf, 1, None, zoom))


def test_a_block_is_reused_only_when_no_image_reads_it(qapp, pdf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    raw = _raw(pdf, 0, WIDTH)
    page_block = -(-raw.width * raw.height * 4 // (64 * 1024)) * 64 * 1024
    blocks = _pageslots.Slots(_pdfsource._SCRATCH_BYTES, budget=3 * page_block + 1)  # three pages' blocks
    monkeypatch.setattr(_pageslots, "_slots", blocks)
    monkeypatch.setattr(_pdfsource, "_sizes", {})
    try:
        held = [_first_paint(pdf, i) for i in range(5)]  # more pages than the budget has blocks for
        assert blocks.lent() == 3  # the other two came through the scratch block, copied
        for i, image in enumerate(held):  # none was drawn over by a later page
            assert _same(image, _raw(pdf, i, WIDTH)), f"page {i + 1} changed under its image"
        copy = QImage(held[0])  # a shallow Qt copy reads the same block
        del held
        gc.collect()
        assert blocks.lent() == 1
        assert _same(copy, _raw(pdf, 0, WIDTH))
        del copy
        gc.collect()
        assert blocks.lent() == 0
        assert _same(_first_paint(pdf, 5), _raw(pdf, 5, WIDTH))
        assert blocks.lent() == 0  # (the image is gone again)
    finally:
        gc.collect()
        blocks.release()


def _live_pixmaps() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, pymupdf.Pixmap))


def test_a_page_redrawn_in_process_lets_its_pixmap_go_with_its_last_image(qapp, pdf: Path) -> None:
    """The image reads MuPDF's pixmap in place; once no copy of the image is left the pixmap goes
    (it once stayed for good: 1.6 MB a page, every page turn of the day)."""
    _first_paint(pdf, 3)  # drawn safely by the worker: the next draws are done here
    before = _live_pixmaps()
    images = [_pdfsource.render_page_scaled(pdf, 3, WIDTH - 10 * n, 1.0)[0] for n in range(5)]
    assert _live_pixmaps() == before + 5
    copy = QImage(images[0])  # a shallow Qt copy still reads the first pixmap
    del images
    assert _live_pixmaps() == before + 1
    assert _same(copy, _raw(pdf, 3, WIDTH))
    del copy
    assert _live_pixmaps() == before
