"""Shared helpers: file checks before parsing, sizes, image limits."""
from __future__ import annotations

import hashlib
from pathlib import Path

from renderers._api import ArtifactView
from renderers._jobs import PreviewError
from skills.runtime.safety import UnsafeFileError, check_file

# Memory bounds: nothing the previews decode may exceed these.
MAX_IMAGE_PIXELS = 40_000_000  # ~160 MB as RGBA; larger embedded images are skipped
MAX_RENDER_PIXELS = 16_000_000  # one rasterised page/slide
MAX_PAGES = 2000  # pages/slides a preview will navigate
MAX_BLOCKS = 20_000  # DOCX paragraphs + table rows shown
MAX_COLUMNS = 500  # XLSX columns shown


def format_kind(view: ArtifactView) -> str:
    """``approval/docx`` → ``docx``."""
    return view.kind.rsplit("/", 1)[-1]


def checked_path(path: Path | str | None, kind: str) -> Path:
    """Run the cheap safety checks; raise :class:`PreviewError` with one clear line."""
    if path is None:
        raise PreviewError("the file has not been written yet")
    p = Path(path)
    try:
        check_file(p, kind)
    except UnsafeFileError as exc:
        raise PreviewError(str(exc)) from None
    return p


def human_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    for unit in ("KB", "MB", "GB"):
        n /= 1024  # type: ignore[assignment]
        if n < 1024 or unit == "GB":
            return f"{n:.1f} {unit}" if n < 10 else f"{n:.0f} {unit}"
    return f"{n} B"


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def image_size_ok(width: int, height: int) -> bool:
    return 0 < width and 0 < height and width * height <= MAX_IMAGE_PIXELS
