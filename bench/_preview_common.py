"""Shared by the office-preview benchmarks: a first paint in a real preview widget, the
LibreOffice route with a kept profile, interleaved medians."""
from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def app():
    """The application, in Mira's light theme (Fusion, palette, stylesheet): previews are measured as
    they look in the window, where the theme also decides how costly the scroll bars are to paint."""
    from PySide6.QtWidgets import QApplication

    from desktop.ui.theme import apply_theme

    qt = QApplication.instance() or QApplication(["bench"])
    apply_theme("light", qt)
    return qt


def open_preview(path: Path, timeout: float = 60.0) -> tuple[float, Any]:
    """Build the preview widget for ``path`` and wait for its first page/slide/sheet painted.

    Returns the seconds that took and the live preview (the caller disposes of it with
    :func:`dispose`). Each paint is of a file not seen before: the isolated check a new file gets
    (renderers._common) is counted every time, not only on the first run.
    """
    from PySide6.QtCore import QEventLoop, QTimer

    from renderers import _common
    from renderers._api import ArtifactView
    from renderers.registry import Registry

    kind = path.suffix.lstrip(".")
    view = ArtifactView(id="b", kind=kind, title=path.name, path=path, workspace_path=path.name,
                        bytes=path.stat().st_size)
    plugin = Registry().plugin(kind)
    with _common._probed_lock:
        _common._probed.clear()
    t0 = time.perf_counter()
    preview = plugin.preview(view, None, 0, page_view=False)
    preview.resize(900, 700)
    preview.show()
    loop = QEventLoop()
    preview.sig_loaded.connect(lambda _i: loop.quit())
    preview.sig_failed.connect(lambda _m: loop.quit())
    QTimer.singleShot(int(timeout * 1000), loop.quit)
    loop.exec()
    preview.grab()  # the first paint
    elapsed = time.perf_counter() - t0
    error = preview.error() or ("" if preview.count() else "did not load")
    if error:
        dispose(preview)
        raise RuntimeError(f"{path.name}: {error}")
    return elapsed, preview


def first_paint(path: Path) -> float:
    """Seconds from building the preview widget to its first page/slide/sheet painted."""
    elapsed, preview = open_preview(path)
    dispose(preview)
    return elapsed


def dispose(preview: Any) -> None:
    """Let the preview finish its background work, then close and really delete it now (not at
    interpreter exit after Qt is gone)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    _settle(preview)
    preview.close()
    preview.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _settle(preview) -> None:
    """Let the preview finish its background reading (not measured), so no worker still uses it
    when it is deleted."""
    from PySide6.QtCore import QEventLoop, QTimer

    from renderers._jobs import Jobs

    deadline = time.perf_counter() + 120
    while any(j.busy() for j in preview.findChildren(Jobs)) and time.perf_counter() < deadline:
        loop = QEventLoop()
        QTimer.singleShot(20, loop.quit)
        loop.exec()


class KeptOffice:
    """The LibreOffice convert route (→ PDF → first page rasterised) with one profile kept across
    runs, as the page view uses it: the profile is created by a warm-up conversion, not measured."""

    def __init__(self, work: Path) -> None:
        self.out = work / "office"
        self.out.mkdir(parents=True, exist_ok=True)

    def warm(self, sample: Path) -> None:
        self.run(sample)

    def run(self, path: Path) -> float:
        import pymupdf

        from skills.runtime.soffice import convert

        t0 = time.perf_counter()
        pdf = convert(path, self.out, "pdf", timeout=300)
        with pymupdf.open(pdf) as doc:
            doc[0].get_pixmap(matrix=pymupdf.Matrix(1.5, 1.5))
        elapsed = time.perf_counter() - t0
        pdf.unlink()
        return elapsed


def interleaved(a: Callable[[], float], b: Callable[[], float], repeat: int) -> tuple[list[float], list[float]]:
    """``repeat`` runs of each, alternating, so both see the same machine load."""
    xs, ys = [], []
    for _ in range(repeat):
        xs.append(a())
        ys.append(b())
    return xs, ys


def spread(values: list[float], scale: float = 1000.0, unit: str = "ms", digits: int | None = None) -> str:
    if digits is None:
        digits = 0 if scale >= 1000 else 2

    def fmt(v: float) -> str:
        return f"{v * scale:,.{digits}f}"

    return f"median of {len(values)} {fmt(statistics.median(values))} {unit}, range {fmt(min(values))}–{fmt(max(values))}"
