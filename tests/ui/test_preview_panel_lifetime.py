"""The window's preview panel, opened and closed many times: the previews it closed are gone, with
nothing of theirs left for Python's cycle collector to free on another thread."""
from __future__ import annotations

from pathlib import Path

import docx
import pymupdf
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication
from qt_cycles import live_qt_objects_in_cycles

from desktop.ui.preview_panel import PreviewPanel
from renderers.docx.plugin import CHUNK_BLOCKS, DocxPreview
from renderers.pdf.plugin import PdfPreview
from renderers.registry import Registry
from tests.renderers.conftest import make_view


def _files(folder: Path) -> list[Path]:
    long = docx.Document()
    for n in range(3 * CHUNK_BLOCKS):  # still being read when the panel closes it
        long.add_paragraph(f"Paragraph {n}: the quarterly figures and what they mean.")
    long.save(str(folder / "notes.docx"))
    with pymupdf.open() as pdf:
        for n in range(4):
            pdf.new_page().insert_text((72, 72), f"Page {n + 1}", fontsize=14)
        pdf.save(str(folder / "report.pdf"))
    return [folder / "notes.docx", folder / "report.pdf"]


def _previews() -> int:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    return sum(1 for w in QApplication.allWidgets() if isinstance(w, (DocxPreview, PdfPreview)))


def test_previews_closed_by_the_panel_are_gone(qtbot, tmp_path: Path) -> None:
    files = _files(tmp_path)
    panel = PreviewPanel(Registry())
    qtbot.addWidget(panel)
    panel.resize(700, 700)
    before = _previews()
    live_qt_objects_in_cycles()  # what earlier tests left
    for turn in range(6):
        preview = panel.open(make_view(files[turn % 2]), turn % 2)
        assert preview is not None
        with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
            pass
        assert _previews() == before + 1
        panel.close_preview()
        del preview
        assert _previews() == before
    assert live_qt_objects_in_cycles() == []
