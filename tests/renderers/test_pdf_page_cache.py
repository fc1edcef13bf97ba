"""Going back to a PDF page shows the image drawn before: no request to the worker process, no
drawing in this process, the same pixels; the cache stays within its bytes, keeps pages of other
sizes, drops a changed file's pages, and gives a page's shared block back when it lets go of it."""
from __future__ import annotations

import gc
import os
from pathlib import Path

import pymupdf
import pytest
from PySide6.QtGui import QColor, QImage

from renderers import _pageslots
import renderers.pdf._canvas as _pdfcanvas
import renderers.pdf._source as _pdfsource
from renderers._pagecache import PageCache
from renderers.pdf.plugin import PdfPreview


def _write_pdf(path: Path, pages: int, label: str = "Page") -> Path:
    with pymupdf.open() as doc:
        for p in range(pages):
            page = doc.new_page()
            page.insert_text((72, 90), f"{label} {p + 1}: a line of text", fontsize=18)
            page.draw_circle((300, 400), 40 + 12 * p, color=(p / 6, 0.3, 0.6), fill=(0.9, 0.8 - p / 12, 0.2))
        doc.save(str(path))
    return path


def _rgb_rows(image: QImage) -> bytes:
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    return b"".join(bytes(rgb.constScanLine(y))[:rgb.width() * 3] for y in range(rgb.height()))


def _same_as_raw(image: QImage, path: Path, index: int) -> bool:
    with pymupdf.open(str(path)) as doc:
        page = doc[index]
        scale = image.width() / page.rect.width
        pix = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)
    return (pix.width, pix.height) == (image.width(), image.height()) and _rgb_rows(image) == pix.samples


def _open(qtbot, open_pdf, path: Path) -> PdfPreview:
    preview = open_pdf(path)
    canvas = preview.canvas()  # the scroll bar the first page brings narrows the page once
    qtbot.waitUntil(lambda: canvas.verticalScrollBar().isVisible() and not canvas.jobs.busy()
                    and not canvas._resize_timer.isActive() and canvas.image().width() == canvas.fit_width_px(),
                    timeout=20_000)
    return preview


def _show(qtbot, preview: PdfPreview, index: int) -> QImage:
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000, check_params_cb=lambda i: i == index):
        preview.set_index(index)
    canvas = preview.canvas()
    qtbot.waitUntil(lambda: not canvas.jobs.busy() and not canvas.ahead_jobs.busy(), timeout=20_000)
    image = canvas.image()
    assert image is not None and preview.error() == ""
    return image


def _count_drawing(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every way a page gets drawn: a request to the worker (either route) or MuPDF in process."""
    drawn: list[str] = []
    for module, name in ((_pdfcanvas, "start_page"), (_pdfcanvas, "render_page_scaled"),
                         (_pdfsource, "rasterise"), (_pdfsource, "draw_page_into")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, real=real, name=name: (drawn.append(name), real(*a))[1])
    return drawn


def test_going_back_to_a_page_draws_nothing(qtbot, open_pdf, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write_pdf(tmp_path / "five.pdf", 5)
    preview = _open(qtbot, open_pdf, path)
    first = {i: _show(qtbot, preview, i) for i in (1, 2, 3, 4)}
    calls = _pdfsource.worker().calls
    drawn = _count_drawing(monkeypatch)
    for index in (3, 1, 2, 4):
        image = _show(qtbot, preview, index)
        assert image.cacheKey() == first[index].cacheKey()  # the very image drawn before
        assert _same_as_raw(image, path, index)
    assert drawn == [] and _pdfsource.worker().calls == calls
    canvas = preview.canvas()
    preview.zoom_in_button.click()  # another size: drawn
    qtbot.waitUntil(lambda: not canvas.jobs.busy() and canvas.image().width() > first[4].width(), timeout=20_000)
    assert drawn
    asked = len(drawn)
    with qtbot.waitSignal(canvas.sig_rendered, timeout=20_000):
        preview.fit_button.click()  # back to fit width: the page of that size was kept
    assert len(drawn) == asked and canvas.image().cacheKey() == first[4].cacheKey()


def test_a_page_the_worker_drew_quickly_is_drawn_again_here_past_the_cache(qtbot, open_pdf, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond the cache, a page the worker drew safely and quickly at this size is drawn on the UI thread
    (no round trip), with raw PyMuPDF's pixels; a page it drew slowly goes to the worker again."""
    path = _write_pdf(tmp_path / "four.pdf", 4)
    preview = _open(qtbot, open_pdf, path)
    for index in (1, 2, 3):
        _show(qtbot, preview, index)
    _pdfsource.page_cache().clear()  # as if the pages had been pushed out by many others
    if _pdfsource.reserving is not None:
        _pdfsource.reserving.result(timeout=60)  # its requests to the worker are not counted below
    drawn = _count_drawing(monkeypatch)
    calls = _pdfsource.worker().calls
    image = _show(qtbot, preview, 2)
    assert drawn == ["draw_page_into"] and _pdfsource.worker().calls == calls
    assert image.format() == QImage.Format.Format_RGB32 and _same_as_raw(image, path, 2)
    monkeypatch.setattr(_pdfsource, "_quick", {})  # as if each page had taken the worker longer
    _pdfsource.page_cache().clear()
    drawn.clear()
    assert _same_as_raw(_show(qtbot, preview, 1), path, 1)
    assert drawn == ["start_page"] and _pdfsource.worker().calls == calls + 1


def test_a_changed_file_is_drawn_again(qtbot, open_pdf, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write_pdf(tmp_path / "three.pdf", 3)
    preview = _open(qtbot, open_pdf, path)
    before = _show(qtbot, preview, 1)
    _show(qtbot, preview, 2)
    stat = path.stat()
    _write_pdf(path, 3, label="Changed page")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
    drawn = _count_drawing(monkeypatch)
    after = _show(qtbot, preview, 1)
    assert drawn  # not the cached page of the old file
    assert _same_as_raw(after, path, 1) and _rgb_rows(after) != _rgb_rows(before)


def _image(width: int, colour: str = "white") -> QImage:
    image = QImage(width, width, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    return image


def test_the_cache_stays_within_its_bytes_least_recently_shown_first() -> None:
    version = ("/x.pdf", 1, 100, "")
    size = _image(100).sizeInBytes()
    cache = PageCache(max_bytes=3 * size)
    for page in range(3):
        cache.put((version, page, 100, 1.0), _image(100), 1.0)
    assert cache.get((version, 0, 100, 1.0)) is not None  # page 1 shown again: now the most recent
    cache.put((version, 3, 100, 1.0), _image(100), 1.0)
    assert cache.bytes <= 3 * size and len(cache) == 3
    assert cache.get((version, 1, 100, 1.0)) is None  # the least recently shown went
    assert all(cache.get((version, p, 100, 1.0)) is not None for p in (0, 2, 3))
    cache.put((version, 9, 400, 1.0), _image(400), 1.0)  # larger than the whole cache: not kept
    assert cache.get((version, 9, 400, 1.0)) is None and len(cache) == 3


def test_another_size_keeps_the_pages_of_the_first_until_they_are_evicted() -> None:
    version = ("/x.pdf", 1, 100, "")
    cache = PageCache(max_bytes=4 * _image(100).sizeInBytes())
    for page in range(3):
        cache.put((version, page, 100, 1.0), _image(100), 1.0)
    cache.put((version, 0, None, 2.0), _image(50), 2.0)  # zoomed: a quarter of a page's bytes
    assert all(cache.get((version, p, 100, 1.0)) is not None for p in range(3))
    assert cache.get((version, 0, None, 2.0)) is not None
    cache.put((version, 1, None, 2.0), _image(100), 2.0)  # now the bytes run out: the oldest goes
    assert cache.get((version, 0, 100, 1.0)) is None and len(cache) == 4


def test_a_newer_file_version_drops_the_old_pages() -> None:
    old, new = ("/x.pdf", 1, 100, ""), ("/x.pdf", 2, 120, "")
    cache = PageCache()
    cache.put((old, 0, 100, 1.0), _image(100), 1.0)
    cache.put((("/y.pdf", 1, 5, ""), 0, 100, 1.0), _image(100), 1.0)
    assert cache.get((new, 0, 100, 1.0)) is None
    assert cache.pages(old) == 0 and len(cache) == 1  # the other file's page stays
    cache.put((old, 1, 100, 1.0), _image(100), 1.0)  # a late page of the old version is not kept
    assert cache.pages(old) == 0


def test_a_cached_page_keeps_its_block_until_the_cache_lets_go(qapp, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write_pdf(tmp_path / "two.pdf", 2)
    blocks = _pageslots.Slots(_pdfsource._SCRATCH_BYTES)
    cache = PageCache()
    monkeypatch.setattr(_pageslots, "_slots", blocks)
    monkeypatch.setattr(_pdfsource, "page_cache", lambda: cache)
    try:
        _pdfsource._checked.clear()
        image = _pdfsource.render_page_scaled(path, 1, 500, 1.0)[0]
        assert blocks.lent() == 1 and len(cache) == 1  # the cache holds the page in its block: no copy
        del image
        gc.collect()
        assert blocks.lent() == 1  # the cache still shows it when the page is asked for again
        hit = _pdfsource.cached(path, 1, 500, 1.0)
        assert hit is not None and _same_as_raw(hit[0], path, 1)
        del hit
        cache.clear()
        gc.collect()
        assert blocks.lent() == 0  # dropped: the block is free for the next page
    finally:
        gc.collect()
        blocks.release()


def test_blocks_for_the_next_pages_are_made_ready_ahead(qapp) -> None:
    size = 3 * 1024 * 1024 + 5
    blocks = _pageslots.Slots(64 * 1024 * 1024, budget=4 * size + 5 * 1024 * 1024)
    try:
        names = blocks.reserve(size, 3)
        assert len(names) == 3 and blocks.lent() == 0
        assert _pdfsource.worker().call("skills.runtime.pdf.pages:attach", names) == 3
        taken = [blocks.take(size) for _ in range(3)]
        assert sorted(b.name for b in taken if b is not None) == sorted(names)  # no new block made
        assert len(blocks.reserve(size, 10)) == 2  # as many more as the budget holds
        assert sum(b.size for b in blocks._all) <= blocks.budget
    finally:
        blocks.release()


def test_no_block_is_made_when_shared_memory_is_short(qapp, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Writing past a full /dev/shm kills the process (SIGBUS): no block is made that may not fit,
    and the page still comes, through the scratch block."""
    path = _write_pdf(tmp_path / "one.pdf", 1)
    blocks = _pageslots.Slots(_pdfsource._SCRATCH_BYTES)
    monkeypatch.setattr(_pageslots, "_slots", blocks)
    monkeypatch.setattr(_pageslots, "_shm_has", lambda size: False)
    try:
        assert blocks.reserve(3 * 1024 * 1024, 4) == [] and blocks.take(1024) is None
        _pdfsource._checked.clear()
        image = _pdfsource.render_page_scaled(path, 0, 400, 1.0)[0]
        assert blocks.lent() == 0 and _same_as_raw(image, path, 0)
    finally:
        gc.collect()
        blocks.release()


def test_closing_the_last_pdf_preview_lets_its_pages_and_blocks_go(qtbot, open_pdf, tmp_path: Path) -> None:
    """Viewing a PDF once must not hold its kept pages and ready blocks (~100 MB) for the rest of the day:
    once no PDF preview is open, the cache is empty, this process's spare blocks are unlinked and the
    worker closes its mappings of them."""
    qtbot.waitUntil(lambda: _pdfcanvas._open[0] == 0, timeout=5_000)  # earlier tests' previews are gone
    path = _write_pdf(tmp_path / "six.pdf", 6)
    preview = _open(qtbot, open_pdf, path)
    for index in (1, 2, 3):
        _show(qtbot, preview, index)
    if _pdfsource.reserving is not None:
        _pdfsource.reserving.result(timeout=20)
    blocks = _pageslots.slots(_pdfsource._SCRATCH_BYTES)
    assert len(_pdfsource.page_cache()) > 0 and blocks._free
    preview.close()
    preview.deleteLater()
    qtbot.waitUntil(lambda: _pdfcanvas._open[0] == 0, timeout=5_000)
    gc.collect()
    assert len(_pdfsource.page_cache()) == 0
    assert not blocks._free  # the spare ones unlinked; pages still on screen give theirs back later
    qtbot.waitUntil(lambda: _pdfsource.worker().call("skills.runtime.pdf.pages:detach") == 0, timeout=10_000)
