"""Time limits, superseded requests and memory bounds of the background work."""
from __future__ import annotations

import struct
import threading
import zlib
from pathlib import Path

from renderers._docx_html import load as load_docx
from renderers._jobs import Jobs


def test_a_job_over_its_time_limit_ends_in_a_clear_error(qtbot) -> None:  # noqa: ANN001
    release = threading.Event()
    jobs = Jobs(timeout=0.2)
    done, errors = [], []
    jobs.submit(release.wait, 5, on_done=done.append, on_error=errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=5_000)
    release.set()
    qtbot.wait(50)
    assert done == [] and "took longer than" in errors[0]
    assert not jobs.busy()


def test_a_newer_request_supersedes_the_older(qtbot) -> None:  # noqa: ANN001
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


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width``×``height`` (no real pixels behind it)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    idat = zlib.compress(b"\0" * 16)
    chunk += struct.pack(">I", len(idat)) + b"IDAT" + idat + struct.pack(">I", zlib.crc32(b"IDAT" + idat))
    return b"\x89PNG\r\n\x1a\n" + chunk + struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND"))


def test_absurd_image_dimensions_are_refused_not_decoded(qapp, tmp_path: Path) -> None:  # noqa: ANN001
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
