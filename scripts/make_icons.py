"""Render the app icon (desktop/icons/mira.svg) to PNGs in the usual sizes.

``python scripts/make_icons.py OUT`` writes ``OUT/mira-N.png`` and the freedesktop
layout ``OUT/hicolor/NxN/apps/mira.png`` (plus ``scalable/apps/mira.svg``).
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SVG = Path(__file__).resolve().parents[1] / "desktop" / "icons" / "mira.svg"


def render(out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    from PySide6.QtWidgets import QApplication

    # A QApplication, not a QGuiApplication: run inside a test process, a GUI-only application made
    # first would leave every later widget test without one (Qt aborts on the first QWidget).
    _app = QApplication.instance() or QApplication([])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    written = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        for target in (out / f"mira-{size}.png", out / "hicolor" / f"{size}x{size}" / "apps" / "mira.png"):
            target.parent.mkdir(parents=True, exist_ok=True)
            if not image.save(str(target)):
                raise SystemExit(f"cannot write {target}")
            written.append(target)
    scalable = out / "hicolor" / "scalable" / "apps" / "mira.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SVG, scalable)
    return written


if __name__ == "__main__":
    render(Path(sys.argv[1] if len(sys.argv) > 1 else "build/icons"))
