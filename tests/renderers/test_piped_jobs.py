"""Work another process does, waited for on the UI thread without a pool thread: the reply is read
when its pipe is readable, the deadline stops the work, and a superseded request still frees the
other process (its result is dropped); an open PDF preview draws new pages this way."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import hostile_pdf as hp
import pytest

from renderers import _pdfcanvas
from renderers._jobs import Jobs
from renderers.registry import Registry


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    read, write = os.pipe()
    yield read, write
    os.close(read)
    os.close(write)


def test_the_reply_is_read_when_the_pipe_is_readable(qtbot, pipe: tuple[int, int]) -> None:  # noqa: ANN001
    read, write = pipe
    jobs = Jobs()
    done: list[bytes] = []
    jobs.submit_piped(read, lambda: os.read(read, 10), lambda: b"late", 20.0,
                      on_done=done.append, on_error=done.append)
    assert jobs.busy() and done == []
    os.write(write, b"page")
    qtbot.waitUntil(lambda: bool(done), timeout=5_000)
    assert done == [b"page"] and not jobs.busy()


def test_past_the_deadline_the_work_is_abandoned(qtbot, pipe: tuple[int, int]) -> None:  # noqa: ANN001
    read, _write = pipe
    jobs = Jobs()
    done: list[str] = []

    def abandon() -> str:
        raise RuntimeError("stopped")

    jobs.submit_piped(read, lambda: "never", abandon, 0.2, on_done=done.append, on_error=done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=5_000)
    assert "stopped" in done[0] and not jobs.busy()


def test_a_superseded_request_is_still_finished_but_its_result_dropped(qtbot, pipe: tuple[int, int]) -> None:  # noqa: ANN001
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


def test_paging_an_open_pdf_asks_the_worker_from_the_ui_thread(qtbot, view_of, tmp_path: Path,  # noqa: ANN001
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    hp.many_pages(tmp_path / "five.pdf", 5)
    preview = Registry().plugin("pdf").preview(view_of(tmp_path / "five.pdf"), None, 0, page_view=False)
    qtbot.addWidget(preview)
    preview.resize(700, 600)
    preview.show()
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    pooled: list[int] = []
    real = _pdfcanvas.render_page_scaled
    monkeypatch.setattr(_pdfcanvas, "render_page_scaled", lambda *a: (pooled.append(a[1]), real(*a))[1])
    for index in (2, 4, 3):
        with qtbot.waitSignal(preview.sig_loaded, timeout=20_000, check_params_cb=lambda i, n=index: i == n):
            preview.set_index(index)
        image = preview.canvas().image()
        assert image is not None and not image.isNull() and preview.error() == ""
    assert 2 not in pooled and 4 not in pooled and 3 not in pooled
