"""The PDF preview on hostile and locked files: a crashing or hanging page is a notice on that
page while the app and the other pages keep working; a page-tree cycle costs one page; a user
password is asked for in the preview; the document stays open while paging."""
from __future__ import annotations

import re

from collections.abc import Iterator
from pathlib import Path

import hostile_pdf as hp
import pytest
from PySide6.QtGui import QImage

import renderers.pdf._source as _pdfsource
from renderers.pdf.plugin import PdfPreview
from renderers.registry import Registry
from skills.runtime.isolate import Limits, Worker


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def _open(qtbot, registry, view, index=0) -> PdfPreview:
    preview = registry.plugin(view.kind).preview(view, None, index, page_view=False)
    qtbot.addWidget(preview)
    preview.resize(700, 600)
    preview.show()
    return preview


def _colours(image: QImage) -> int:
    return len({image.pixel(x, y) for x in range(0, image.width(), 4) for y in range(0, image.height() // 3, 4)})


def _wait_page(qtbot, preview: PdfPreview, index: int) -> QImage:
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000, check_params_cb=lambda i: i == index):
        preview.set_index(index)
    image = preview.canvas().image()
    assert image is not None and preview.error() == ""
    return image


@pytest.fixture
def crashing_worker(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Page 2 of every PDF kills the page worker; a short deadline for the hanging variant."""
    worker = Worker(Limits(seconds=2.0, memory_bytes=2 * 1024 ** 3), method="spawn")
    monkeypatch.setattr(_pdfsource, "_worker", worker)
    monkeypatch.setattr(_pdfsource, "_PAGES", "pdf_crash_ops")
    yield
    worker.close()


@pytest.mark.parametrize("mode", ["segfault", "hang"])
def test_a_page_that_kills_the_reader_is_a_notice_and_the_rest_still_shows(
        qtbot, registry, view_of, tmp_path: Path, crashing_worker: None, monkeypatch, mode: str) -> None:
    monkeypatch.setenv("MIRA_TEST_PAGE2", mode)
    hp.many_pages(tmp_path / "three.pdf", 3)
    preview = _open(qtbot, registry, view_of(tmp_path / "three.pdf"))
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    first_worker = _pdfsource.worker().pid()
    notice = _wait_page(qtbot, preview, 1)
    assert _colours(notice) > 2  # the notice is drawn, not a blank page
    assert not _pdfsource.worker().alive()  # that worker is gone; the app is not
    third = _wait_page(qtbot, preview, 2)
    assert _colours(third) > 2 and preview.count() == 3
    assert _pdfsource.worker().pid() not in (None, first_worker)


def test_a_page_tree_cycle_costs_one_page(qtbot, registry, view_of, tmp_path: Path) -> None:
    hp.page_tree_cycle(tmp_path / "cycle.pdf")
    preview = _open(qtbot, registry, view_of(tmp_path / "cycle.pdf"))
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    assert preview.count() == 3
    first = preview.canvas().image()
    assert first is not None and _colours(first) > 2
    _wait_page(qtbot, preview, 1)  # a notice, not an error state
    assert preview.next_button.isEnabled()
    assert _colours(_wait_page(qtbot, preview, 2)) > 2


def test_a_user_password_is_asked_for_in_the_preview(qtbot, registry, view_of, tmp_path: Path) -> None:
    hp.user_password(tmp_path / "locked.pdf", "s3cret")
    preview = _open(qtbot, registry, view_of(tmp_path / "locked.pdf"))
    qtbot.waitUntil(preview.needs_password, timeout=20_000)
    form = preview.password_form
    assert form is not None and "needs a password" in form.message.text()
    preview.grab().save("/tmp/mira-preview-password.png")
    form.field.setText("wrong")
    form.button.click()
    qtbot.waitUntil(lambda: "does not open" in form.message.text() and form.field.isEnabled(), timeout=20_000)
    assert form.field.text() == ""  # a refused password is not kept
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        form.field.setText("s3cret")
        form.field.returnPressed.emit()
    assert not preview.needs_password() and preview.error() == ""
    image = preview.canvas().image()
    assert image is not None and _colours(image) > 2
    preview.grab().save("/tmp/mira-preview-password-opened.png")


def test_a_lying_page_count_stops_at_the_inspect_limit(qtbot, registry, view_of, tmp_path: Path) -> None:
    hp.lying_count(tmp_path / "count.pdf")
    preview = _open(qtbot, registry, view_of(tmp_path / "count.pdf"))
    with qtbot.waitSignal(preview.sig_failed, timeout=20_000) as blocker:
        pass
    assert re.search("(has 1400000000 pages|claims an impossible number of pages); the limit is 5000",
                     blocker.args[0]), blocker.args[0]


def test_paging_keeps_the_document_open(qtbot, registry, view_of, tmp_path: Path) -> None:
    hp.many_pages(tmp_path / "six.pdf", 6)
    preview = _open(qtbot, registry, view_of(tmp_path / "six.pdf"))
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    before = _pdfsource.worker().call("skills.runtime.pdf.pages:opened")
    for index in (1, 2, 3, 4, 5):
        _wait_page(qtbot, preview, index)
    assert _pdfsource.worker().call("skills.runtime.pdf.pages:opened") == before
