"""Shared helpers: file checks before parsing, sizes, image limits."""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader

from renderers._api import ArtifactView
from renderers._i18n import tr, tr_msg
from renderers._jobs import PreviewError
from skills.api import (
    OOXML_KINDS,
    PROBE_TARGET,
    CommandError,
    Limits,
    UnsafeFileError,
    WorkerCrashed,
    WorkerOutOfMemory,
    WorkerTimeout,
    check_file,
    family_of,
    has_macros,
    run_isolated,
)

# Memory bounds: nothing the previews decode may exceed these.
MAX_IMAGE_PIXELS = 40_000_000  # an embedded image claiming more is refused without decoding
MAX_IMAGE_SIDE = 1600  # embedded images are decoded at most this large (they are shown smaller)
MAX_DOCUMENT_IMAGE_PIXELS = 48_000_000  # decoded pixels per document, all images together (~190 MB)
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
        raise PreviewError(tr("the file has not been written yet"))
    p = Path(path)
    try:
        check_file(p, kind, allow_macros=True)  # a preview only reads: macro and template files are shown
    except UnsafeFileError as exc:
        raise PreviewError(tr_msg(exc.msg) if exc.msg is not None else str(exc)) from None
    return p


# Office files are parsed in the app (the preview keeps the parsed document); a parser that would
# segfault, hang or run away on a file must do so in a worker first. The check runs once per file
# state, and its outcome is kept: the card and the preview of the same file, asked for together, share
# one check, and a file the reader died on is not read again (a hang would cost its whole deadline each
# time) until it is rewritten. The module-level target is what the worker runs (the isolation tests
# name their own).
PROBE_LIMITS = Limits(seconds=30.0, memory_bytes=2 * 1024 ** 3)
_PROBES_KEPT = 256
_SOUND, _TIMEOUT, _MEMORY, _CRASHED = "sound", "timeout", "memory", "crashed"
_probed: OrderedDict[tuple[str, int, int], str] = OrderedDict()  # file state → its outcome
_probing: dict[tuple[str, int, int], threading.Event] = {}
_probed_lock = threading.Lock()


def isolated_check(path: Path) -> None:
    """Worker thread: open ``path`` with its library in the isolated worker before the app parses it.

    A crash, timeout or memory overrun there raises :class:`PreviewError` with one clear line and
    the app never parses the file. A file the library refuses with an ordinary error is left to
    the in-app reader, which says what is wrong with it in its own words.
    """
    try:
        st = path.stat()
    except OSError:
        return  # the reader says the file is missing
    key = (str(path), st.st_size, st.st_mtime_ns)
    while True:
        with _probed_lock:
            if key in _probed:
                _probed.move_to_end(key)
                _say_outcome(path, _probed[key])
                return
            running = _probing.get(key)
            if running is None:
                running = _probing[key] = threading.Event()
                break
        running.wait()  # another preview of the same file state is checking it: take its outcome
        with _probed_lock:
            if key not in _probed:
                return  # an ordinary refusal, not kept: the in-app reader explains it
    outcome: str | None = None
    try:
        outcome = _probe(path)
    finally:
        with _probed_lock:
            if outcome is not None:
                _probed[key] = outcome
                while len(_probed) > _PROBES_KEPT:
                    _probed.popitem(last=False)
            del _probing[key]
        running.set()
    if outcome is not None:
        _say_outcome(path, outcome)


def _probe(path: Path) -> str | None:
    """Run the check in the worker; None when the library refused the file with an ordinary error."""
    try:
        run_isolated(PROBE_TARGET, str(path), limits=PROBE_LIMITS, name=path.name)
    except WorkerTimeout:
        return _TIMEOUT
    except WorkerOutOfMemory:
        return _MEMORY
    except WorkerCrashed:
        return _CRASHED
    except CommandError:
        return None
    return _SOUND


def _say_outcome(path: Path, outcome: str) -> None:
    """Raise the :class:`PreviewError` a failed check stands for, in the window's language now."""
    name = path.name
    if outcome == _TIMEOUT:
        raise PreviewError(tr("{name}: the file took longer than {seconds} s to read; it is too large or damaged",
                              name=name, seconds=int(PROBE_LIMITS.seconds)))
    if outcome == _MEMORY:
        raise PreviewError(tr("{name}: the file needs more memory than a preview may use; it is too large or damaged",
                              name=name))
    if outcome == _CRASHED:
        raise PreviewError(tr("{name}: the reader crashed on this file; it is damaged or hostile", name=name))


def macros_note(path: Path | None) -> str:
    """The line a card or preview shows for a package that carries macros (never run), or ``""``."""
    if path is None or family_of(path) not in OOXML_KINDS:
        return ""
    try:
        found = path.is_file() and has_macros(path)
    except UnsafeFileError:
        found = False
    return tr("Contains macros — they were not run") if found else ""


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def image_size_ok(width: int, height: int) -> bool:
    return 0 < width and 0 < height and width * height <= MAX_IMAGE_PIXELS


class ImageBudget:
    """Decoded pixels left for one document's embedded images (not shared between threads)."""

    def __init__(self, pixels: int = MAX_DOCUMENT_IMAGE_PIXELS) -> None:
        self.pixels = pixels

    def decode(self, blob: bytes) -> tuple[QImage | None, str]:
        """Decode ``blob`` scaled to :data:`MAX_IMAGE_SIDE`; ``(None, reason)`` when refused."""
        from renderers._emf import draw_emf, is_emf

        if is_emf(blob):  # Qt reads no metafiles: an EMF is played back into a picture
            drawn = draw_emf(blob, MAX_IMAGE_SIDE)
            if drawn is None:
                return None, tr("picture")
            if drawn.width() * drawn.height() > self.pixels:
                return None, tr("picture not shown (the document's picture budget is used up)")
            self.pixels -= drawn.width() * drawn.height()
            return drawn, ""
        buf = QBuffer()
        buf.setData(QByteArray(blob))
        buf.open(QIODevice.OpenModeFlag.ReadOnly)
        reader = QImageReader(buf)  # the header only: nothing is decoded yet
        size = reader.size()
        if not image_size_ok(size.width(), size.height()):
            return None, tr("picture too large to show")
        longest = max(size.width(), size.height())
        if longest > MAX_IMAGE_SIDE:
            size = size.scaled(QSize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE), Qt.AspectRatioMode.KeepAspectRatio)
            reader.setScaledSize(size)
        if size.width() * size.height() > self.pixels:
            return None, tr("picture not shown (the document's picture budget is used up)")
        image = reader.read()
        if image.isNull():
            return None, tr("picture")
        self.pixels -= image.width() * image.height()
        return image, ""
