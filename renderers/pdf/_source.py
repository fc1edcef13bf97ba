"""PDF pages drawn by PyMuPDF in a file worker process (:mod:`skills.runtime.isolate`).

MuPDF first draws each page in a separate process with a deadline and a memory
ceiling: a page that segfaults it or runs away becomes a notice on that page
and the app keeps running. The worker keeps the document open between pages
and draws each page straight into a shared-memory block that the page's QImage
then reads in place (:mod:`renderers._pageslots`): no pixel is copied. The
last pages shown stay in memory (:mod:`renderers._pagecache`): going back to
one draws nothing. A page the worker has drawn safely and quickly is drawn
again at that size on the UI thread, into a page block, from a kept-open
document (:func:`redraw_here`: no round trip, no thread switch); a page it has
drawn safely is redrawn at another size in this process (a pool thread) when
the worker is busy, which costs what raw PyMuPDF costs (bench/bench_robust.py).
A user password lives only in this process's memory and goes along with each
request.
"""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

import contextlib
import os
import time
from collections.abc import Callable
from concurrent.futures import Future

import pymupdf
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from renderers._common import MAX_RENDER_PIXELS, checked_path
from renderers._i18n import tr
from renderers._jobs import FITZ_LOCK, PreviewError, pool
from renderers._pagecache import page_cache
from renderers._pageslots import Slots, image_over, mapped, slots
from skills.api import PDF_PAGES_MODULE as _PAGES
from skills.api import PIXELS, CommandError, Limits, Worker, WorkerCrashed, WorkerOutOfMemory, WorkerTimeout
from skills.api import draw_page_into, rasterise

SCREEN_ZOOM = 96 / 72  # zoom 1.0 shows a page at its physical size on a 96 dpi screen
# One page: well inside the preview's own 30 s job limit, so the worker's message is the one shown.
PREVIEW_LIMITS = Limits(seconds=20.0, memory_bytes=2 * 1024 ** 3)
_SCRATCH_BYTES = MAX_RENDER_PIXELS * 4  # the largest page, 32-bit pixels
_KEEP_OPEN = 2  # documents kept open in this process for redrawing checked pages
_worker: Worker | None = None
# Pages that the worker drew without crashing, per file version; they are redrawn (zoom, resize,
# revisits) in this process from a kept-open document, without a round trip to the worker.
_checked: dict[tuple[Any, ...], set[int]] = {}
# Of those, the pages the worker drew within this processor time, with the size (width, zoom) they
# had: drawn again at that size here on the UI thread, straight into a page block, they cost what raw
# PyMuPDF costs and hold the window no longer than a frame or two. A slower page, or another size of
# it, goes to the worker again (it has a deadline there).
QUICK_SECONDS = 0.03
_quick: dict[tuple[Any, ...], set[tuple[int, int | None, float]]] = {}
_local: OrderedDict[tuple[Any, ...], pymupdf.Document] = OrderedDict()


def worker() -> Worker:
    """The one PDF worker process shared by every preview (started on first use)."""
    global _worker
    if _worker is None:
        _worker = Worker(PREVIEW_LIMITS, method="spawn")
    return _worker


class PasswordNeeded(PreviewError):
    """The PDF needs a user password; ``retry`` when the one given did not open it."""

    def __init__(self, message: str, retry: bool) -> None:
        super().__init__(message)
        self.retry = retry


def _call(path: Path, target: str, *args: Any) -> Any:
    return _mapped(path, lambda: worker().call(f"{_PAGES}:{target}", str(path), *args, name=path.name))


def _mapped(path: Path, work: Callable[[], Any]) -> Any:
    """``work()``, a worker's failures as one line for the preview."""
    try:
        return work()
    except WorkerTimeout:
        raise PreviewError(tr("{name}: the file took longer than {seconds} s to read; it is too large or damaged",
                              name=path.name, seconds=f"{PREVIEW_LIMITS.seconds:.0f}")) from None
    except WorkerOutOfMemory:
        raise PreviewError(tr("{name}: the file needs more memory than a preview may use; it is too large or damaged",
                              name=path.name)) from None
    except WorkerCrashed:
        raise PreviewError(tr("{name}: the PDF reader crashed on this file; it is damaged or hostile",
                              name=path.name)) from None
    except CommandError as exc:
        raise PreviewError(str(exc)) from None


def open_pdf_pages(path: Path, password: str | None = None) -> int:
    """Open the PDF in the worker and return its page count (the same page limit as inspect)."""
    checked_path(path, "pdf")
    info = _call(path, "open_document", password)
    if "password" in info:
        raise PasswordNeeded(tr("{name}: the PDF needs a password to open", name=path.name)
                             if not info["retry"] else
                             tr("{name}: the password does not open this PDF", name=path.name), info["retry"])
    return int(info["pages"])


def page_count(path: Path) -> int:
    """The page count of a PDF (worker thread); clear errors for bad files."""
    return open_pdf_pages(path)


def render_page(path: Path, index: int, width: int | None = None, zoom: float = 1.0,
                password: str | None = None) -> QImage:
    """Rasterise one page to a QImage: ``width`` pixels wide, or at ``zoom`` (worker thread)."""
    return render_page_scaled(path, index, width, zoom, password)[0]


def open_and_render(path: Path, index: int, width: int,
                    password: str | None = None) -> tuple[int, int, QImage, float] | PasswordNeeded:
    """Worker thread: page count plus page ``index`` at ``width`` px (the first paint).

    A PDF that needs a password returns the :class:`PasswordNeeded` instead of raising,
    so the preview can ask for it.
    """
    try:
        count = open_pdf_pages(path, password)
    except PasswordNeeded as needed:
        return needed
    i = max(0, min(index, count - 1))
    image, scale = render_page_scaled(path, i, width, 1.0, password)
    return count, i, image, scale


def _identity(path: Path, password: str | None) -> tuple[Any, ...]:
    st = path.stat()
    return str(path), st.st_mtime_ns, st.st_size, password or ""


def cached(path: Path, index: int, width: int | None, zoom: float,
           password: str | None = None) -> tuple[QImage, float] | None:
    """Page ``index`` of this version of the file at this size, if it was drawn lately (no drawing)."""
    try:
        key = _identity(path, password)
    except OSError:
        return None
    return page_cache().get((key, index, width, zoom))


def render_page_scaled(path: Path, index: int, width: int | None, zoom: float,
                       password: str | None = None) -> tuple[QImage, float]:
    """Worker thread: page ``index``; drawn by the worker process unless it drew it safely before."""
    key = _identity(path, password)
    if index in _checked.get(key, ()):
        return _render_here(key, path, index, width, zoom, password)
    blocks = slots(_SCRATCH_BYTES)
    slot = blocks.take(_size_of(path, width, zoom))
    with blocks.scratch_lock:
        names = _block_names(blocks, slot)
        page = _page_or_notice(slot, lambda: _call(path, "render", password, index, width, zoom,
                                                   MAX_RENDER_PIXELS, names))
        return _page_image(key, page, slot, names, index, width, zoom)


def start_page(path: Path, index: int, width: int | None, zoom: float, password: str | None = None
               ) -> tuple[int, Callable[[], tuple[QImage, float]], Callable[[], tuple[QImage, float]], float,
                          list[Callable[[], None]]] | None:
    """UI thread: send the worker process page ``index`` to draw, and return at once.

    Returns the pipe to watch, ``finish()`` for when it is readable, ``abandon()`` for when
    the deadline (seconds) has passed (both give the page image, or a notice in its place)
    and the list of wakers (:meth:`~renderers._jobs.Jobs.submit_piped`);
    ``None`` when this page goes the :func:`render_page_scaled` route in a pool thread
    instead (the worker not started or busy, every block lent). The hop
    costs two thread switches less this way, and nothing waits in a thread meanwhile.
    """
    # Also a page drawn before (unless redraw_here took it): MuPDF in the worker runs beside the UI
    # thread, while a redraw in this process's pool holds the interpreter lock the UI thread needs
    # (bench_preview: a repaint in a pool thread cost more than a round trip to the worker).
    key = _identity(path, password)
    if os.name != "posix":
        return None
    blocks = slots(_SCRATCH_BYTES)
    slot = blocks.take(_size_of(path, width, zoom))
    if slot is None:
        return None
    if not blocks.scratch_lock.acquire(blocking=False):
        blocks.give_back(slot)
        return None
    names = _block_names(blocks, slot)
    wakers: list[Callable[[], None]] = []

    def wake() -> None:
        for waker in wakers:
            waker()

    conn = worker().send(f"{_PAGES}:render", str(path), password, index, width, zoom, MAX_RENDER_PIXELS, names,
                         wake=wake)
    if conn is None:
        blocks.scratch_lock.release()
        blocks.give_back(slot)
        return None

    def end(work: Callable[[], Any]) -> tuple[QImage, float]:
        try:
            page = _page_or_notice(slot, lambda: _mapped(path, work))
            return _page_image(key, page, slot, names, index, width, zoom)
        finally:
            blocks.scratch_lock.release()

    def abandon() -> Any:
        raise worker().abandon(path.name)

    return (conn.fileno(), lambda: end(lambda: worker().receive(path.name)), lambda: end(abandon),
            worker().limits.seconds, wakers)


def _block_names(blocks: Slots, slot: Any) -> list[str]:
    # The worker draws into ``slot`` (lent to the image: no copy) or, for a larger page or with
    # every slot lent, into the scratch block, copied out before the next page uses it.
    return [blocks.scratch().name] if slot is None else [slot.name, blocks.scratch().name]


def _page_or_notice(slot: Any, work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The worker's reply; when the worker died on the page (segfault, deadline, memory),
    ``{"died": message}`` for a notice on that page: the others stay viewable and the next
    request starts a fresh worker. An error of the document itself raises."""
    try:
        return work()
    except PreviewError as exc:
        if not worker().alive():
            return {"died": str(exc)}
        if slot is not None:
            slots(_SCRATCH_BYTES).give_back(slot)
        raise
    except BaseException:
        if slot is not None:
            slots(_SCRATCH_BYTES).give_back(slot)
        raise


def _page_image(key: tuple[Any, ...], page: dict[str, Any], slot: Any, names: list[str], index: int,
                width: int | None, zoom: float) -> tuple[QImage, float]:
    """The image of the worker's reply ``page``; ``slot`` is lent to it, or given back."""
    blocks = slots(_SCRATCH_BYTES)
    cost = None
    if slot is not None and page.get("block") == 0:
        samples: memoryview | bytes = blocks.lend(slot, page["shared"])
        cost = slot.size
    else:
        if slot is not None:
            blocks.give_back(slot)
        notice_width = width or int(612 * zoom * SCREEN_ZOOM)
        if "died" in page:
            return broken_page(page["died"], notice_width), 1.0
        if "broken" in page:
            return broken_page(tr("Page {page} cannot be shown: {reason}", page=index + 1, reason=page["broken"]),
                               notice_width), 1.0
        samples = page["samples"] if "samples" in page else bytes(mapped(blocks.scratch())[:page["shared"]])
    _checked.setdefault(key, set()).add(index)
    if float(page.get("seconds", "inf")) <= QUICK_SECONDS:  # processor time the worker spent on it
        _quick.setdefault(key, set()).add((index, width, zoom))
    if "shared" in page:  # the next page's block: the same size, most likely
        _sizes[(key[0], width, zoom)] = _sizes[(width, zoom)] = page["shared"]
    image = image_over(samples, page["width"], page["height"], page["stride"], pixels=page.get("pixels", "rgb"))
    page_cache().put((key, index, width, zoom), image, float(page["scale"]), cost)
    return image, float(page["scale"])


def reserve(path: Path, password: str | None, image: QImage, pages: int) -> None:
    """The first page of ``pages`` is on screen as ``image``: make ready, in a pool thread, the
    blocks the cache will keep the next pages in (:meth:`~renderers._pageslots.Slots.reserve`)."""
    try:
        version = _identity(path, password)
    except OSError:
        return
    size = image.bytesPerLine() * image.height()
    count = min(pages, page_cache().max_bytes // max(size, 1), _RESERVE_AT_MOST) - page_cache().pages(version)
    if count <= 0 or (version, size) in _reserved or size != image.sizeInBytes():
        return
    _reserved.add((version, size))
    global reserving
    reserving = pool().submit(_reserve, size, count)


def let_go() -> None:
    """No PDF preview is open any more: forget the kept pages and the blocks made ready for them, in
    this process and in the worker, so viewing a PDF once does not hold ~100 MB for the rest of the day."""
    page_cache().clear()
    _reserved.clear()
    if slots(_SCRATCH_BYTES).drop_free() and worker().alive():
        pool().submit(_detach)


def _detach() -> None:
    conn = worker().send(f"{_PAGES}:detach")
    if conn is None:
        return  # busy drawing (a card's thumbnail): it closes old mappings itself as it draws
    if not conn.poll(worker().limits.seconds):
        worker().abandon()
        return
    with contextlib.suppress(CommandError):
        worker().receive()


def _reserve(size: int, count: int) -> None:
    names = slots(_SCRATCH_BYTES).reserve(size, count)
    # The worker touches them too (in a thread of its own, beside its requests). Only when it is
    # idle: a page asked for meanwhile must not wait behind this.
    for _ in range(100):
        if not names or not worker().alive():
            return  # a worker started later attaches each block when it first draws into it
        conn = worker().send(f"{_PAGES}:attach", names)
        if conn is not None:
            if not conn.poll(worker().limits.seconds):
                worker().abandon()
                return
            with contextlib.suppress(CommandError):
                worker().receive()
            return
        time.sleep(0.05)


_RESERVE_AT_MOST = 32  # blocks (a narrow preview's pages are small: the cache holds more than this)
_reserved: set[tuple[tuple[Any, ...], int]] = set()
reserving: Future[None] | None = None  # the last reservation (tests wait for it)
_sizes: dict[tuple[Any, ...], int] = {}  # (path, width, zoom) and (width, zoom) -> bytes of the last page


def _size_of(path: Path, width: int | None, zoom: float) -> int | None:
    """The bytes page ``width``/``zoom`` of ``path`` most likely takes: the last one drawn, else
    an A4 page at that width (a taller page goes through the scratch block once)."""
    known = _sizes.get((str(path), width, zoom)) or _sizes.get((width, zoom))
    return known or (width * int(width * 1.42) * 4 if width else None)


def _render_here(key: tuple[Any, ...], path: Path, index: int, width: int | None, zoom: float,
                 password: str | None) -> tuple[QImage, float]:
    """A page the worker already drew safely, redrawn from this process's open document."""
    with FITZ_LOCK:
        pix, scale = rasterise(_kept_open(key, path, password), index, width, zoom, MAX_RENDER_PIXELS)
    # no copy: the QImage reads MuPDF's pixmap, kept alive as long as any copy of the image
    image = image_over(pix.samples_mv, pix.width, pix.height, pix.stride, keep=pix)
    page_cache().put((key, index, width, zoom), image, scale)
    return image, scale


def _kept_open(key: tuple[Any, ...], path: Path, password: str | None) -> pymupdf.Document:
    """This file version, opened in this process for redrawing checked pages (hold FITZ_LOCK)."""
    doc = _local.get(key)
    if doc is None:
        doc = pymupdf.open(str(path), filetype="pdf")
        if doc.needs_pass:
            doc.authenticate(password or "")
        _local[key] = doc
        while len(_local) > _KEEP_OPEN:
            _local.popitem(last=False)[1].close()
    _local.move_to_end(key)
    return doc


def redraw_here(path: Path, index: int, width: int | None, zoom: float,
                password: str | None = None) -> tuple[QImage, float] | None:
    """UI thread: page ``index`` drawn now, in this process, when the worker drew it safely at this
    size within :data:`QUICK_SECONDS` of processor time before: straight into a page block, as the worker would, with
    no round trip and no thread between. ``None`` when the page does not qualify, every block is
    lent, or a pool thread is using MuPDF: then it goes to the worker."""
    try:
        key = _identity(path, password)
    except OSError:
        return None
    if (index, width, zoom) not in _quick.get(key, ()) or os.name != "posix":
        return None
    blocks = slots(_SCRATCH_BYTES)
    slot = blocks.take(_size_of(path, width, zoom))
    if slot is None:
        return None
    if not FITZ_LOCK.acquire(blocking=False):
        blocks.give_back(slot)
        return None
    try:
        block, w, h, stride, scale = draw_page_into(_kept_open(key, path, password), index, width, zoom,
                                                    MAX_RENDER_PIXELS, [slot])
    except Exception:  # noqa: BLE001 - the worker draws it instead, and says what is wrong
        block = -1
    finally:
        FITZ_LOCK.release()
    if block < 0:
        blocks.give_back(slot)
        return None
    image = image_over(blocks.lend(slot, stride * h), w, h, stride, pixels=PIXELS)
    page_cache().put((key, index, width, zoom), image, scale, slot.size)
    return image, scale


def broken_page(message: str, width: int) -> QImage:
    """A page-sized notice in place of a page that cannot be drawn."""
    width = max(200, min(width, 4000))
    image = QImage(width, int(width * 11 / 8.5), QImage.Format.Format_RGB888)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setPen(QColor("#8a1c1c"))
    font = QFont()
    font.setPixelSize(max(12, width // 40))
    painter.setFont(font)
    margin = width // 12
    painter.drawText(QRectF(margin, margin, width - 2 * margin, image.height() - 2 * margin),
                     int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap),
                     "⚠  " + message)
    painter.end()
    return image


def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
    """Native rendering of page ``index`` at ``width`` px, with the page count (thumbnails, CLI)."""
    count = page_count(path)
    return render_page(path, min(index, count - 1), width), count
