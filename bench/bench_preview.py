"""Artifact on disk → first painted native preview, against LibreOffice and raw PyMuPDF.

Native rows: a preview widget is built for the file (offscreen), the parse and
rasterise run in the worker pool, and the time stops once the widget has
painted the first page/slide/sheet (``grab()`` forces the paint). Baselines are
measured in the same run: the raw PyMuPDF rendering of the same page at the same
resolution as the preview showed it. DOCX/PPTX/XLSX against LibreOffice are in
``bench_preview_office.py``; a million-row XLSX in ``bench_preview_scale.py``.

The machine is shared, so each side is the minimum of several runs (the run least
disturbed by other processes), measured alternately where both are cheap.
"""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench._common import Row, Skip, timeit  # noqa: E402


def _app():  # noqa: ANN202
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(["bench"])


def _make_files(d: Path) -> dict[str, Path]:
    import docx
    import openpyxl
    import pymupdf
    from pptx import Presentation
    from pptx.util import Inches

    text = ("Mira turns a conversation into verified office files. " * 6).strip()
    doc = docx.Document()
    doc.add_heading("Quarterly report", 0)
    for i in range(30):
        doc.add_heading(f"Section {i + 1}", 1)
        doc.add_paragraph(text)
    t = doc.add_table(rows=10, cols=4)
    for r in range(10):
        for c in range(4):
            t.cell(r, c).text = f"{r * c}"
    doc.save(str(d / "report.docx"))

    prs = Presentation()
    for i in range(10):
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = f"Slide {i + 1}"
        s.placeholders[1].text_frame.text = text
        s.shapes.add_table(3, 3, Inches(1), Inches(5), Inches(8), Inches(1.5))
    prs.save(str(d / "deck.pptx"))

    wb = openpyxl.Workbook()
    ws = wb.active
    for r in range(2000):
        ws.append([r, f"item {r}", r * 1.5, f"=A{r + 1}*C{r + 1}"])
    wb.save(str(d / "book.xlsx"))

    pdf = pymupdf.open()
    for p in range(5):
        page = pdf.new_page()
        for line in range(45):
            page.insert_text((48, 60 + line * 16), f"{p}.{line} {text[:90]}", fontsize=10)
        for k in range(40):
            page.draw_circle((300 + k * 3, 500), 20 + k, color=(k / 40, 0.2, 0.6))
    pdf.save(str(d / "paper.pdf"))
    return {"docx": d / "report.docx", "pptx": d / "deck.pptx", "xlsx": d / "book.xlsx", "pdf": d / "paper.pdf"}


def _native_first_paint(path: Path) -> tuple[float, object]:
    from PySide6.QtCore import QEventLoop, QTimer

    from renderers._api import ArtifactView
    from renderers.registry import Registry

    kind = path.suffix.lstrip(".")
    view = ArtifactView(id="b", kind=kind, title=path.name, path=path, workspace_path=path.name,
                        bytes=path.stat().st_size)
    plugin = Registry().plugin(kind)
    t0 = time.perf_counter()
    preview = plugin.preview(view, None, 0, page_view=False)
    preview.resize(900, 700)
    preview.show()
    loop = QEventLoop()
    preview.sig_loaded.connect(lambda _i: loop.quit())
    preview.sig_failed.connect(lambda _m: loop.quit())
    QTimer.singleShot(30_000, loop.quit)
    loop.exec()
    preview.grab()  # the first paint
    elapsed = time.perf_counter() - t0
    if preview.error() or preview.count() == 0:
        raise RuntimeError(f"{path.name}: {preview.error() or 'did not load'}")
    return elapsed, preview


def _dispose(widget) -> None:  # noqa: ANN001
    """Close and really delete a preview now, not at interpreter exit after Qt is gone."""
    from PySide6.QtCore import QCoreApplication, QEvent

    widget.close()
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _page_paint(preview, index: int) -> float:  # noqa: ANN001 - a PdfPreview
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    preview.sig_loaded.connect(loop.quit)
    QTimer.singleShot(10_000, loop.quit)
    t0 = time.perf_counter()
    preview.set_index(index)
    loop.exec()
    preview.grab()
    elapsed = time.perf_counter() - t0
    preview.sig_loaded.disconnect(loop.quit)
    if preview.index() != index:
        raise RuntimeError(f"page {index + 1} was not shown")
    return elapsed


def _raw_pdf(path: Path, width: int, index: int = 0) -> None:
    import pymupdf

    with pymupdf.open(path) as doc:
        page = doc[index]
        scale = width / page.rect.width
        page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)


def run() -> list[Row]:
    """The PDF rows (DOCX/PPTX/XLSX against LibreOffice: bench_preview_office.py)."""
    try:
        import pymupdf  # noqa: F401
    except ImportError:
        raise Skip("PyMuPDF is not installed") from None
    app = _app()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        files = _make_files(Path(tmp))
        _native_first_paint(files["pdf"])  # warm up imports and fonts, not measured

        # PDF page paint: in an open preview, go to another page and wait until it is painted,
        # against raw PyMuPDF opening the file and rendering that page at the same width.
        # The two are measured alternately so both see the same machine load.
        _, preview = _native_first_paint(files["pdf"])
        width = preview.canvas().image().width()
        paint_times, raw_times = [], []
        for k in range(12):
            page = 1 + k % 4
            paint_times.append(_page_paint(preview, page))
            raw_times.append(timeit(lambda p=page: _raw_pdf(files["pdf"], width, p), repeat=1))
        _dispose(preview)
        rows.append(Row(f"PDF page paint, open preview ({width} px wide)", min(paint_times) * 1000,
                        min(raw_times) * 1000, "ms", "raw PyMuPDF open + get_pixmap, same page, same width",
                        "<= 1.3x baseline", 1.3))

        # PDF file → first painted preview (widget built, file opened, page 1 painted); no target,
        # shown against the same raw rendering for scale.
        first_times, raw_first = [], []
        for _ in range(7):
            t, preview = _native_first_paint(files["pdf"])
            first_times.append(t)
            _dispose(preview)
            raw_first.append(timeit(lambda: _raw_pdf(files["pdf"], width, 0), repeat=1))
        rows.append(Row("PDF file to first painted preview", min(first_times) * 1000, min(raw_first) * 1000,
                        "ms", "raw PyMuPDF open + get_pixmap of page 1", "informational (includes building the "
                        "widget)", None))

        app.processEvents()
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.1f} {row.unit} vs {row.baseline:.1f} ({row.baseline_name}) "
              f"ratio {row.ratio:.3f} target {row.target} → "
              f"{'informational' if row.ok is None else 'met' if row.ok else 'NOT met'}")
