"""PDF page paint in an open preview, against raw PyMuPDF on an already-open document.

Native side: a real PDF preview widget (offscreen) is open at 900×700; the time
runs from ``set_index`` to the new page painted (``grab()`` forces the paint).
Each measured page is one the preview has not drawn before, so its pixels come
from the isolated worker process (skills/runtime/isolate.py): that is the first
paint of a page. A second row repaints pages already drawn; an informational row
returns to pages shown lately, which the page cache keeps.

Baseline, in the same run: raw PyMuPDF rendering the same page of a document it
already has open, at the same width, RGB without alpha (what the preview shows),
``page.get_pixmap`` as a PyMuPDF user would call it. The two sides alternate
(which goes first flips every round) and the machine is let settle before each
sample; medians with their range. The floor of any process hop on this machine
(an empty request to the same worker and back) is measured in the same run and
given in the note.

DOCX/PPTX/XLSX against LibreOffice are in ``bench_preview_office.py``; a
million-row XLSX in ``bench_preview_scale.py``.
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench._common import Row, Skip
from bench._preview_common import app, dispose, open_preview, spread


PAGES = 96
STRIDE = 3  # visit every third page: never the page next to the one shown last
ROUNDS = 31
FIRST_ROUNDS = 9


def _ms(values: list[float]) -> str:
    return spread(values, digits=2)


def _make_pdf(path: Path) -> None:
    import pymupdf

    text = ("Mira turns a conversation into verified office files. " * 6).strip()
    pdf = pymupdf.open()
    for p in range(PAGES):
        page = pdf.new_page()
        for line in range(45):
            page.insert_text((48, 60 + line * 16), f"{p}.{line} {text[:90]}", fontsize=10)
        for k in range(40):
            page.draw_circle((300 + k * 3, 500), 20 + k, color=(k / 40, 0.2, 0.6))
    pdf.save(str(path))


def _idle(preview: Any, at_least: float = 0.0) -> None:
    """Wait until the preview has no background work left (not measured)."""
    from PySide6.QtCore import QEventLoop, QTimer

    from renderers._jobs import Jobs

    if at_least:
        loop = QEventLoop()
        QTimer.singleShot(int(at_least * 1000), loop.quit)
        loop.exec()
    deadline = time.perf_counter() + 30
    while any(j.busy() for j in preview.findChildren(Jobs)) and time.perf_counter() < deadline:
        loop = QEventLoop()
        QTimer.singleShot(5, loop.quit)
        loop.exec()


def _page_paint(preview: Any, index: int) -> float:
    """Seconds from asking an open preview for page ``index`` to that page painted."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    shown: list[int] = []

    def on_loaded(i: int) -> None:
        shown.append(i)
        loop.quit()

    preview.sig_loaded.connect(on_loaded)
    QTimer.singleShot(10_000, loop.quit)
    t0 = time.perf_counter()
    preview.set_index(index)
    if not shown:  # a page drawn ahead is on screen before set_index returns
        loop.exec()
    preview.grab()
    elapsed = time.perf_counter() - t0
    preview.sig_loaded.disconnect(on_loaded)
    if preview.index() != index or preview.error():
        raise RuntimeError(f"page {index + 1} was not shown: {preview.error()}")
    return elapsed


def _raw_paint(doc: Any, index: int, width: int) -> float:
    import pymupdf

    t0 = time.perf_counter()
    page = doc[index]
    scale = width / page.rect.width
    pix = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)
    elapsed = time.perf_counter() - t0
    if pix.width != width:
        raise RuntimeError(f"raw page {index + 1} is {pix.width} px wide, not {width}")
    return elapsed


def _hop() -> float:
    """An empty request to the preview's worker process and back: what any process hop costs here."""
    from renderers.pdf._source import worker

    t0 = time.perf_counter()
    worker().call("skills.runtime.pdf.pages:opened")
    return time.perf_counter() - t0


def _compare(preview: Any, doc: Any, pages: list[int], width: int, ahead: bool = False
             ) -> tuple[list[float], list[float], list[float]]:
    """Mira and raw on the same pages, alternating which goes first, the machine settled before
    each; the process hop floor measured in the same rounds. With ``ahead`` the page before is
    shown first and read a while (not measured), so the page is drawn ahead."""
    from renderers.pdf._canvas import AHEAD_AFTER_MS

    mira, raw, hop = [], [], []
    for k, index in enumerate(pages):
        if ahead:
            _page_paint(preview, index - 1)
            _idle(preview, 2 * AHEAD_AFTER_MS / 1000)
        for side in ((0, 1, 2) if k % 2 else (1, 0, 2)):
            _idle(preview)
            if side == 0:
                mira.append(_page_paint(preview, index))
                if preview.canvas().image().width() != width:
                    raise RuntimeError(f"the preview drew page {index + 1} at another width")
            elif side == 1:
                raw.append(_raw_paint(doc, index, width))
            else:
                hop.append(_hop())
    return mira, raw, hop


def _row(label: str, width: int, mira: list[float], raw: list[float], hop: list[float], target: float | None,
         note: str = "") -> Row:
    ratio = statistics.median(mira) / statistics.median(raw)
    return Row(f"PDF page paint, open preview ({width} px wide): {label}", statistics.median(mira) * 1000,
               statistics.median(raw) * 1000, "ms",
               "raw PyMuPDF get_pixmap, same page of an already-open document, same width, RGB",
               "<= 1.3x baseline" if target else "informational", target,
               note=f"{note}Mira {_ms(mira)}; raw {_ms(raw)}; ratio {ratio:.2f}; process hop floor (empty "
                    f"request to the worker and back, same rounds) {_ms(hop)}")


def run() -> list[Row]:
    try:
        import pymupdf
    except ImportError:
        raise Skip("PyMuPDF is not installed") from None
    from renderers.pdf._canvas import AHEAD_AFTER_MS

    qt = app()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "paper.pdf"
        _make_pdf(pdf)
        dispose(open_preview(pdf)[1])  # warm up imports, fonts and the worker, not measured

        _, preview = open_preview(pdf)
        _idle(preview, 0.5)  # the scroll bar the first page brings narrows the page once: let it
        width = preview.canvas().image().width()
        doc = pymupdf.open(str(pdf))
        doc[0].get_pixmap(alpha=False)  # the raw side warm too

        # Never the page after one shown (page 2 may be drawn ahead while page 1 is read above).
        first_pages = [4 + STRIDE * k for k in range(ROUNDS)]
        rows.append(_row("first paint of a page (isolated worker)", width,
                         *_compare(preview, doc, first_pages, width), 1.3))
        again = first_pages[: ROUNDS // 2]  # drawn above: repainted in process now
        rows.append(_row("repaint of a page already drawn", width, *_compare(preview, doc, again, width), 1.3))
        next_pages = [6 + STRIDE * k for k in range(ROUNDS // 2)]  # not shown yet, nor the page before
        rows.append(_row("next page, drawn ahead while the one before was read", width,
                         *_compare(preview, doc, next_pages, width, ahead=True), None,
                         f"the page before shown and read {2 * AHEAD_AFTER_MS} ms first (not measured); "))
        lately = next_pages[-8:]  # shown within the last 16 pages: still in the page cache (96 MB)
        rows.append(_row("return to a page shown lately (kept in the page cache)", width,
                         *_compare(preview, doc, lately, width), None,
                         "pages shown 2-16 pages before; the repaint row above goes back 16-31 pages, past "
                         "the cache's 96 MB (22 pages at this width), so those are drawn again; "))
        dispose(preview)

        # File → first painted preview (widget built, file opened in the worker, page 1 painted); no
        # target, shown against raw PyMuPDF opening the file and rendering page 1 for scale.
        first, raw_first = [], []
        for _ in range(FIRST_ROUNDS):
            elapsed, preview = open_preview(pdf)
            first.append(elapsed)
            dispose(preview)
            t0 = time.perf_counter()
            with pymupdf.open(str(pdf)) as fresh:
                _raw_paint(fresh, 0, width)
            raw_first.append(time.perf_counter() - t0)
        rows.append(Row("PDF file to first painted preview", statistics.median(first) * 1000,
                        statistics.median(raw_first) * 1000, "ms", "raw PyMuPDF open + get_pixmap of page 1",
                        "informational (includes building the widget)", None,
                        note=f"Mira {_ms(first)}; raw {_ms(raw_first)}"))
        doc.close()
        qt.processEvents()
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.2f} {row.unit} vs {row.baseline:.2f} ({row.baseline_name}) "
              f"ratio {row.ratio:.3f} target {row.target} → "
              f"{'informational' if row.ok is None else 'met' if row.ok else 'NOT met'}\n    {row.note}")
