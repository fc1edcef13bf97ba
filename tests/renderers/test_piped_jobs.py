"""Work another process does, waited for on the UI thread without a pool thread: the reply is read
when its pipe is readable, the deadline stops the work, and a superseded request still frees the
other process (its result is dropped); an open PDF preview draws new pages this way."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import hostile_pdf as hp
import pytest
from PySide6.QtGui import QImage

import renderers.pdf._canvas as _pdfcanvas
from renderers._jobs import Jobs
from renderers.registry import Registry


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    read, write = os.pipe()
    yield read, write
    os.close(read)
    os.close(write)


def test_the_reply_is_read_when_the_pipe_is_readable(qtbot, pipe: tuple[int, int]) -> None:
    read, write = pipe
    jobs = Jobs()
    done: list[bytes] = []
    jobs.submit_piped(read, lambda: os.read(read, 10), lambda: b"late", 20.0,
                      on_done=done.append, on_error=done.append)
    assert jobs.busy() and done == []
    os.write(write, b"page")
    qtbot.waitUntil(lambda: bool(done), timeout=5_000)
    assert done == [b"page"] and not jobs.busy()


def test_a_waker_finishes_a_request_whose_reply_someone_else_read(qtbot, pipe: tuple[int, int]) -> None:
    read, _write = pipe  # nothing is ever written: the reply was read (and kept) elsewhere
    jobs = Jobs()
    done: list[str] = []
    wakers: list = []
    jobs.submit_piped(read, lambda: "kept reply", lambda: "late", 20.0, wakers,
                      on_done=done.append, on_error=done.append)
    assert len(wakers) == 1
    wakers[0]()
    qtbot.waitUntil(lambda: bool(done), timeout=5_000)
    assert done == ["kept reply"] and not jobs.busy()


def test_past_the_deadline_the_work_is_abandoned(qtbot, pipe: tuple[int, int]) -> None:
    read, _write = pipe
    jobs = Jobs()
    done: list[str] = []

    def abandon() -> str:
        raise RuntimeError("stopped")

    jobs.submit_piped(read, lambda: "never", abandon, 0.2, on_done=done.append, on_error=done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=5_000)
    assert "stopped" in done[0] and not jobs.busy()


def test_a_superseded_request_is_still_finished_but_its_result_dropped(qtbot, pipe: tuple[int, int]) -> None:
    read, write = pipe
    jobs = Jobs()
    finished: list[bytes] = []
    shown: list[object] = []

    def finish() -> bytes:
        finished.append(os.read(read, 10))
        return finished[-1]

    jobs.submit_piped(read, finish, lambda: None, 20.0, on_done=shown.append, on_error=shown.append)
    jobs.submit(lambda: "newer", on_done=shown.append, on_error=shown.append)
    qtbot.waitUntil(lambda: shown == ["newer"], timeout=5_000)
    os.write(write, b"old page")
    qtbot.waitUntil(lambda: bool(finished), timeout=5_000)  # the other process is free again
    assert finished == [b"old page"] and shown == ["newer"]


def test_paging_an_open_pdf_asks_the_worker_from_the_ui_thread(qtbot, view_of, open_pdf, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    hp.many_pages(tmp_path / "five.pdf", 5)
    preview = Registry().plugin("pdf").preview(view_of(tmp_path / "five.pdf"), None, 0, page_view=False)
    qtbot.addWidget(preview)
    preview.resize(700, 600)
    preview.show()
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    import renderers.pdf._source as _pdfsource  # the blocks for the next pages are made ready first (a worker call)
    qtbot.waitUntil(lambda: _pdfsource.reserving is None or _pdfsource.reserving.done(), timeout=20_000)
    pooled: list[int] = []
    real = _pdfcanvas.render_page_scaled
    monkeypatch.setattr(_pdfcanvas, "render_page_scaled", lambda *a: (pooled.append(a[1]), real(*a))[1])
    for index in (2, 4, 3):
        with qtbot.waitSignal(preview.sig_loaded, timeout=20_000, check_params_cb=lambda i, n=index: i == n):
            preview.set_index(index)
        image = preview.canvas().image()
        assert image is not None and not image.isNull() and preview.error() == ""
    assert 2 not in pooled and 4 not in pooled and 3 not in pooled


def _open_pdf(qtbot, open_pdf, path: Path):
    preview = open_pdf(path)
    import renderers.pdf._source as _pdfsource  # the blocks for the next pages are made ready first (a worker call)
    qtbot.waitUntil(lambda: _pdfsource.reserving is None or _pdfsource.reserving.done(), timeout=20_000)
    return preview


def _same_as_raw(image, path: Path, index: int) -> bool:
    import pymupdf

    with pymupdf.open(str(path)) as doc:
        page = doc[index]
        scale = image.width() / page.rect.width
        pix = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)  # the worker's pixels are 32-bit
    return b"".join(bytes(rgb.constScanLine(y))[:rgb.width() * 3] for y in range(rgb.height())) == pix.samples


def _count_requests(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sent: list[int] = []
    real = _pdfcanvas.start_page
    monkeypatch.setattr(_pdfcanvas, "start_page", lambda *a: (sent.append(a[1]), real(*a))[1])
    return sent


def test_the_next_page_is_drawn_while_the_user_reads(qtbot, open_pdf, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    hp.many_pages(tmp_path / "four.pdf", 4)
    preview = _open_pdf(qtbot, open_pdf, tmp_path / "four.pdf")
    sent = _count_requests(monkeypatch)
    canvas = preview.canvas()
    qtbot.waitUntil(lambda: 1 in sent and not canvas.ahead_jobs.busy(), timeout=20_000)
    asked = sent.count(1)
    with qtbot.waitSignal(preview.sig_loaded, timeout=1_000, check_params_cb=lambda i: i == 1):
        preview.set_index(1)
    assert sent.count(1) == asked  # shown from what was drawn ahead: no new request
    image = canvas.image()
    assert image is not None and _same_as_raw(image, tmp_path / "four.pdf", 1)


def test_a_page_asked_for_while_it_is_drawn_ahead_is_shown_when_it_comes(
        qtbot, open_pdf, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import renderers.pdf._source as _pdfsource
    from skills.runtime.isolate import Limits, Worker

    worker = Worker(Limits(seconds=20.0), method="spawn")
    monkeypatch.setattr(_pdfsource, "_worker", worker)
    monkeypatch.setattr(_pdfsource, "_PAGES", "pdf_crash_ops")
    monkeypatch.setenv("MIRA_TEST_PAGE2", "slow")
    try:
        hp.many_pages(tmp_path / "three.pdf", 3)
        preview = _open_pdf(qtbot, open_pdf, tmp_path / "three.pdf")
        sent = _count_requests(monkeypatch)
        canvas = preview.canvas()
        qtbot.waitUntil(lambda: canvas.ahead_jobs.busy(), timeout=20_000)  # page 2 is being drawn (slowly)
        asked = sent.count(1)
        with qtbot.waitSignal(preview.sig_loaded, timeout=20_000, check_params_cb=lambda i: i == 1):
            preview.set_index(1)
        assert sent.count(1) == asked and preview.error() == ""
        image = canvas.image()
        assert image is not None and _same_as_raw(image, tmp_path / "three.pdf", 1)
    finally:
        worker.close()


def test_only_a_new_width_redraws_a_fit_width_page(qtbot, open_pdf, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The busy bar coming and going changes the page's height only: that must not redraw the page
    (it did, in a loop: a page drawn every 130 ms for as long as the preview was open)."""
    import pymupdf

    with pymupdf.open() as doc:  # a wide, short page: no scroll bar at any height used here
        doc.new_page(width=600, height=150).insert_text((40, 80), "A wide short page", fontsize=20)
        doc.save(str(tmp_path / "wide.pdf"))
    preview = _open_pdf(qtbot, open_pdf, tmp_path / "wide.pdf")
    canvas = preview.canvas()
    qtbot.waitUntil(lambda: not canvas.jobs.busy() and not canvas._resize_timer.isActive()
                    and canvas.image().width() == canvas.fit_width_px(), timeout=20_000)
    asked: list[int] = []  # widths asked for, by either route
    for route in ("start_page", "render_page_scaled"):
        real = getattr(_pdfcanvas, route)
        monkeypatch.setattr(_pdfcanvas, route, lambda *a, real=real: (asked.append(a[2]), real(*a))[1])
    width = canvas.fit_width_px()
    preview.resize(700, 640)
    assert canvas.fit_width_px() == width
    canvas._resize_timer.timeout.emit()  # as when the resize timer fires
    assert asked == [] and not canvas.jobs.busy()
    preview.resize(600, 500)
    canvas._resize_timer.timeout.emit()
    qtbot.waitUntil(lambda: not canvas.jobs.busy(), timeout=20_000)
    image = canvas.image()
    assert asked and image is not None and image.width() == asked[-1] < 600



def test_a_first_page_drawn_before_the_view_was_laid_out_is_drawn_again_at_its_width(qtbot, open_pdf,
                                                                                    tmp_path: Path) -> None:
    """The first page is drawn with the page count, at the width the view had when loading started: in the
    window that is before the panel lays the new view out (100 px, drawn 616 px wide for a 516 px view). That
    page was shown as it came, wider than the panel ("75 %" and a scroll bar), until a resize drew it again;
    every page shown is now as wide as its view."""
    import pymupdf

    from renderers.pdf._source import render_page_scaled

    with pymupdf.open() as doc:
        doc.new_page().insert_text((72, 90), "A page that fits the width", fontsize=20)
        doc.save(str(tmp_path / "page.pdf"))
    preview = _open_pdf(qtbot, open_pdf, tmp_path / "page.pdf")
    canvas = preview.canvas()
    qtbot.waitUntil(lambda: not canvas.jobs.busy() and not canvas._resize_timer.isActive(), timeout=20_000)
    fit = canvas.fit_width_px()
    early = render_page_scaled(tmp_path / "page.pdf", 0, fit + 100, 1.0, None)  # as the load drew it
    shown: list[tuple[int, int]] = []
    canvas.sig_rendered.connect(lambda _page: shown.append((canvas.image().width(), canvas.fit_width_px())))
    canvas.show_rendered(0, *early)
    qtbot.waitUntil(lambda: bool(shown) and not canvas.jobs.busy(), timeout=20_000)
    assert shown == [(fit, fit)]
