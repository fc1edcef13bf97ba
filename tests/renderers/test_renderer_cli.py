"""`mira preview` through the installed entry point, and the LibreOffice page view (one slow test)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

MIRA = Path(sys.executable).with_name("mira")


def _preview(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MIRA), "preview", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_cli_renders_the_second_page_of_each_format_to_png(files, tmp_path: Path) -> None:
    for kind in ("pdf", "pptx", "xlsx", "docx"):
        out = tmp_path / f"{kind}.png"
        result = _preview(str(files[kind]), "--out", str(out), "--page", "2", "--width", "600")
        assert result.returncode == 0, result.stderr
        image = QImage(str(out))
        assert image.width() == 600 and image.height() > 300
        colors = {image.pixel(x, y) for x in range(0, 600, 5) for y in range(0, image.height(), 5)}
        assert len(colors) > 2, f"{kind}: the PNG is blank"


def test_cli_fails_with_one_clear_line(broken, files, tmp_path: Path) -> None:
    for path, expected in ((broken["truncated.docx"], "corrupt or truncated"),
                           (broken["locked.pdf"], "needs a password"),
                           (files["pptx"], "has 3 slides; there is no slide 9")):
        out = tmp_path / "x.png"
        result = _preview(str(path), "--out", str(out), "--page", "9")
        assert result.returncode == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], result.stderr
        assert not out.exists()


@pytest.mark.slow
@pytest.mark.soffice
def test_page_view_converts_once_and_is_cached_by_content_hash(qtbot, files, view_of, tmp_path: Path) -> None:
    from renderers.pptx.plugin import PptxPreview

    view = view_of(files["pptx"])
    preview = PptxPreview(view, None, 0, cache_dir=tmp_path, page_view=True)
    qtbot.addWidget(preview)
    preview.resize(760, 560)
    preview.show()
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    assert preview.page_view_button.isVisible()
    with qtbot.waitSignal(preview.sig_loaded, timeout=110_000) as blocker:
        qtbot.mouseClick(preview.page_view_button, __import__("PySide6.QtCore").QtCore.Qt.MouseButton.LeftButton)
    assert blocker.args == [0] and preview.page_view_active()
    assert preview.count() == 3 and preview.position_label.text() == "Page 1 / 3"
    cached = tmp_path / f"{view.sha256}.pdf"
    assert cached.is_file()
    assert not any(p.name.startswith(".mira-render-") for p in tmp_path.iterdir())  # private dir removed
    image = preview._canvas().image()
    assert len({image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}) > 2
    preview.grab().save("/tmp/mira-preview-pageview.png")
    mtime = cached.stat().st_mtime_ns
    again = PptxPreview(view, None, 0, cache_dir=tmp_path, page_view=True)
    qtbot.addWidget(again)
    again.show()
    with qtbot.waitSignal(again.sig_loaded, timeout=10_000):
        again.set_page_view(True)
    qtbot.waitUntil(again.page_view_active, timeout=5_000)
    assert cached.stat().st_mtime_ns == mtime  # served from the cache, not converted again
    with qtbot.waitSignal(again.sig_loaded, timeout=10_000) as blocker:
        again.set_page_view(False)
        again.set_index(1)
    assert not again.page_view_active() and blocker.args == [1]

    # the same toggle on a Word document: LibreOffice paginates it (the native flow does not)
    from renderers.docx.plugin import DocxPreview

    word = DocxPreview(view_of(files["docx"]), None, 0, cache_dir=tmp_path, page_view=True)
    qtbot.addWidget(word)
    word.show()
    with qtbot.waitSignal(word.sig_loaded, timeout=10_000):
        pass
    with qtbot.waitSignal(word.sig_loaded, timeout=110_000) as blocker:
        word.set_page_view(True)
    assert word.page_view_active() and word.count() >= 2
    word.grab().save("/tmp/mira-preview-pageview-docx.png")
