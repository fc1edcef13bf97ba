"""A preview opened and closed over a day's use leaves nothing behind: no widget, no open document,
and no live Qt object that only Python's cycle collector would free.

That last one matters beyond memory: the collector runs on whichever thread happens to allocate,
often a pool thread, and a UI-thread Qt object freed there (a closed DOCX preview's page-counting
text document) crashed the window later with "QBasicTimer::stop: Failed. Possibly trying to stop
from a different thread"."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from qt_cycles import live_qt_objects_in_cycles

import renderers.pdf._source as _pdfsource
from renderers.docx.plugin import CHUNK_BLOCKS
from renderers.registry import Registry

KINDS = ("docx", "pdf", "pptx", "xlsx")


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture(scope="module")
def long_docx(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """More paragraphs than the first piece: the rest is still being read when the preview closes."""
    import docx

    path = tmp_path_factory.mktemp("lifetime") / "long.docx"
    document = docx.Document()
    for n in range(3 * CHUNK_BLOCKS):
        document.add_paragraph(f"Paragraph {n}: the quarterly figures and what they mean.")
    document.save(str(path))
    return path


@pytest.fixture
def panel(qtbot) -> Iterator[QWidget]:
    """A stand-in for the window's preview panel: a shown widget the preview is laid into."""
    widget = QWidget()
    QVBoxLayout(widget)
    widget.resize(700, 600)
    qtbot.addWidget(widget)
    widget.show()
    yield widget


def _open_and_close(qtbot, registry: Registry, panel: QWidget, path: Path, view_of, index: int = 0) -> None:
    preview = registry.create_preview(view_of(path), panel, index)
    assert preview is not None
    panel.layout().addWidget(preview)
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    panel.layout().removeWidget(preview)  # as the window's panel closes it
    preview.close()
    preview.deleteLater()
    del preview
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


@pytest.mark.parametrize("kind", [*KINDS, "long docx"])
def test_a_closed_preview_leaves_no_live_qt_object_to_the_cycle_collector(qtbot, registry, panel, files, long_docx,
                                                                          view_of, kind: str) -> None:
    path = long_docx if kind == "long docx" else files[kind]
    _open_and_close(qtbot, registry, panel, path, view_of)
    live_qt_objects_in_cycles()  # whatever earlier tests left
    for index in range(3):
        _open_and_close(qtbot, registry, panel, path, view_of, index)
    assert live_qt_objects_in_cycles() == []


def _widget_count() -> int:
    return len(QApplication.allWidgets())


def _open_pdf_documents() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, pymupdf.Document) and not o.is_closed)


@pytest.mark.slow
def test_thirty_previews_opened_and_closed_leave_nothing_behind(qtbot, registry, panel, files, view_of) -> None:
    for kind in KINDS:  # each kind's first preview makes what is kept for the whole run (pools, fonts)
        _open_and_close(qtbot, registry, panel, files[kind], view_of)
    widgets, documents = _widget_count(), _open_pdf_documents()
    for turn in range(30):
        _open_and_close(qtbot, registry, panel, files[KINDS[turn % len(KINDS)]], view_of, turn % 2)
    assert _widget_count() == widgets
    assert _open_pdf_documents() <= max(documents, _pdfsource._KEEP_OPEN)
    assert len(_pdfsource._local) <= _pdfsource._KEEP_OPEN
