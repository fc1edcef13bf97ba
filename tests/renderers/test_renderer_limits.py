"""Time limits, superseded requests and memory bounds of the background work."""
from __future__ import annotations

import struct
import threading
import zlib
from pathlib import Path

from renderers.docx._html import load as load_docx
from renderers._jobs import Jobs


def test_a_job_over_its_time_limit_ends_in_a_clear_error(qtbot) -> None:
    release = threading.Event()
    jobs = Jobs(timeout=0.2)
    done, errors = [], []
    jobs.submit(release.wait, 5, on_done=done.append, on_error=errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=5_000)
    release.set()
    qtbot.wait(50)
    assert done == [] and "took longer than" in errors[0]
    assert not jobs.busy()


def test_a_newer_request_supersedes_the_older(qtbot) -> None:
    gate = threading.Event()
    jobs = Jobs()
    results: list[str] = []
    busy: list[bool] = []
    jobs.sig_busy.connect(busy.append)
    jobs.submit(lambda: (gate.wait(5), "old")[1], on_done=results.append, on_error=results.append)
    jobs.submit(lambda: "new", on_done=results.append, on_error=results.append)
    qtbot.waitUntil(lambda: bool(results), timeout=5_000)
    gate.set()
    qtbot.wait(100)
    assert results == ["new"]
    assert busy.count(True) == busy.count(False)  # the busy indicator is balanced


def test_a_quick_job_shows_no_busy_indicator_and_a_slow_one_does(qtbot) -> None:
    jobs = Jobs(busy_after=0.3)
    busy: list[bool] = []
    jobs.sig_busy.connect(busy.append)
    results: list[str] = []
    jobs.submit(lambda: "quick", on_done=results.append, on_error=results.append)
    qtbot.waitUntil(lambda: results == ["quick"], timeout=5_000)
    assert busy == []  # done before the indicator was due: nothing flashes
    gate = threading.Event()
    jobs.submit(lambda: (gate.wait(5), "slow")[1], on_done=results.append, on_error=results.append)
    qtbot.waitUntil(lambda: busy == [True], timeout=5_000)
    gate.set()
    qtbot.waitUntil(lambda: results[-1] == "slow", timeout=5_000)
    assert busy == [True, False]
    jobs.submit(lambda: (gate.wait(5), "cancelled")[1], on_done=results.append, on_error=results.append)
    jobs.cancel()  # cancelled before the indicator was due: still nothing
    assert busy == [True, False] and not jobs.busy()


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width``×``height`` (no real pixels behind it)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    idat = zlib.compress(b"\0" * 16)
    chunk += struct.pack(">I", len(idat)) + b"IDAT" + idat + struct.pack(">I", zlib.crc32(b"IDAT" + idat))
    return b"\x89PNG\r\n\x1a\n" + chunk + struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND"))


def test_absurd_image_dimensions_are_refused_not_decoded(qapp, tmp_path: Path) -> None:
    import docx
    from docx.shared import Inches

    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(_png_header(60_000, 60_000))  # 3.6 gigapixels if decoded
    doc = docx.Document()
    doc.add_paragraph("Before the picture")
    doc.add_picture(str(bomb), width=Inches(1))
    path = tmp_path / "pic.docx"
    doc.save(str(path))
    content = load_docx(path)
    assert "picture too large to show" in content.pages[0]
    assert content.images == {}
    assert "Before the picture" in content.text


def test_big_pictures_are_decoded_scaled_down(qapp, tmp_path: Path) -> None:
    import docx
    from docx.shared import Inches
    from PySide6.QtGui import QColor, QImage

    big = QImage(4000, 3000, QImage.Format.Format_RGB32)
    big.fill(QColor("#336699"))
    big.save(str(tmp_path / "big.png"))
    doc = docx.Document()
    doc.add_picture(str(tmp_path / "big.png"), width=Inches(3))
    doc.save(str(tmp_path / "big.docx"))
    image = load_docx(tmp_path / "big.docx").images["docx-image-0"]
    assert (image.width(), image.height()) == (1600, 1200)


def test_a_slide_with_a_picture_bomb_still_renders(qapp, tmp_path: Path) -> None:
    from pptx import Presentation
    from pptx.util import Inches

    from renderers.pptx._model import load as load_deck
    from renderers.pptx._paint import paint_slide

    small = tmp_path / "small.png"
    small.write_bytes(_png_header(4, 4))
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Still here"
    picture = slide.shapes.add_picture(str(small), Inches(1), Inches(2), Inches(2), Inches(2))
    # python-pptx itself refuses to add such a file, so swap the stored bytes for the bomb
    picture.part.related_part(picture._element.blip_rId)._blob = _png_header(60_000, 60_000)
    prs.save(str(tmp_path / "bomb.pptx"))
    deck = load_deck(tmp_path / "bomb.pptx")
    picture = next(s for s in deck.slide(0).shapes if s.kind == "picture")
    assert picture.image is None and "too large" in picture.label
    image = paint_slide(deck, 0, 400)
    assert image.width() == 400 and "Still here" in deck.slide(0).text
