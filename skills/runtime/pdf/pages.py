"""PDF pages for the preview, run inside a file worker (see :mod:`skills.runtime.isolate`).

The worker keeps the last few documents open, so paging through an open
preview never re-opens the file. Results are plain data (sizes and pixel bytes),
so the caller builds its own image; a page that cannot be drawn (a cycle in
the page tree, a broken content stream) comes back as ``{"broken": message}``
and the other pages stay viewable. The page limit is the one inspect uses.
"""
from __future__ import annotations

import contextlib
import math
import mmap
import os
import sys
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pymupdf
from pymupdf import mupdf

from skills.messages import msg
from skills.runtime._base import CommandError
from skills.runtime.pdf._jpx import complete_jpx, drawn_past_broken_jpx
from skills.runtime.pdf.read import MAX_PAGES, PasswordRequired, load_page, open_pdf

__all__ = ["MAX_PAGES", "PIXELS", "attach", "draw_page_into", "open_document", "opened", "rasterise", "render"]

SCREEN_ZOOM = 96 / 72  # zoom 1.0 shows a page at its physical size on a 96 dpi screen
_KEEP_OPEN = 4
_docs: OrderedDict[tuple[Any, ...], pymupdf.Document] = OrderedDict()
_opened = 0  # documents opened by this worker: paging through one must not re-open it


def _document(path: str, password: str | None) -> pymupdf.Document:
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size, password or "")
    doc = _docs.get(key)
    if doc is not None:
        _docs.move_to_end(key)
        return doc
    pymupdf.TOOLS.mupdf_display_errors(False)  # broken pages are reported in the result instead
    pymupdf.TOOLS.mupdf_display_warnings(False)
    global _opened
    doc = open_pdf(Path(path), password)
    _opened += 1
    _docs[key] = doc
    while len(_docs) > _KEEP_OPEN:
        _docs.popitem(last=False)[1].close()
    return doc


def open_document(path: str, password: str | None = None) -> dict[str, Any]:
    """``{"pages": n}``, or ``{"password": message}`` when a user password is needed."""
    try:
        doc = _document(path, password)
    except PasswordRequired as exc:
        return {"password": str(exc), "retry": bool(password)}
    return {"pages": doc.page_count}


def opened(_path: str = "") -> int:
    """How many documents this worker has opened (diagnostics: the preview keeps one open)."""
    return _opened


def _shared(name: str, evict: bool = True) -> Any:
    """The caller's shared-memory block, attached once (the caller owns and unlinks it).

    The worker shares the caller's resource tracker, so attaching registers nothing new. The
    caller recycles its blocks and drops some now and then: the least recently used mappings
    beyond ``_ATTACHED`` are closed here (``evict``: only by the thread that draws, so never a
    block it is drawing into), so a dropped block's memory is freed.
    """
    with _blocks_lock:
        block = _blocks.pop(name, None)
        if block is None:
            from multiprocessing import shared_memory

            block = shared_memory.SharedMemory(name=name)
        _blocks[name] = block
        while evict and len(_blocks) > _ATTACHED:
            with contextlib.suppress(BufferError):
                _blocks.pop(next(iter(_blocks))).close()
        return block


_blocks: dict[str, Any] = {}  # in the order last used
_blocks_lock = threading.Lock()
_ATTACHED = 40


def attach(names: list[str]) -> int:
    """Attach the caller's new blocks and map their memory, beside the requests this worker
    serves meanwhile: a page drawn into a block not mapped yet faults every 4 KB in while
    drawing (1 ms and more for an 860 px page)."""
    threading.Thread(target=_map, args=(names,), name="attach", daemon=True).start()
    return len(names)


def detach(_unused: str = "") -> int:
    """Close every mapping no page is being drawn into (the caller has no PDF preview open any more and
    dropped its blocks: their memory is freed once this side lets go too); how many were closed."""
    closed = 0
    with _blocks_lock:
        for name in list(_blocks):
            with contextlib.suppress(BufferError):
                _blocks[name].close()
                del _blocks[name]
                closed += 1
    return closed


def _map(names: list[str]) -> None:
    for name in names:
        if len(_blocks) >= _ATTACHED:
            return  # the rest are attached when first drawn into
        with contextlib.suppress(OSError, ValueError, AttributeError):
            # Maps every page writable without writing to it: the caller may already have lent
            # the block to a page this worker is drawing into.
            _shared(name, evict=False)._mmap.madvise(_POPULATE_WRITE)


_POPULATE_WRITE = getattr(mmap, "MADV_POPULATE_WRITE", 23)  # Linux 5.14; elsewhere the call fails: no harm


def _page_at_scale(doc: pymupdf.Document, index: int, width: int | None, zoom: float,
                   max_pixels: int) -> tuple[pymupdf.Page, float]:
    if not 0 <= index < doc.page_count:
        raise CommandError(msg("error.pdf_pages.there_page", name=Path(doc.name).name, index=index + 1))
    page = load_page(doc, index)
    complete_jpx(doc, page)  # else MuPDF drops a JPEG 2000 image that only lacks its end marker
    rect = page.rect
    if rect.width <= 0 or rect.height <= 0:
        raise CommandError(msg("error.pdf_pages.page_read_size", index=index + 1))
    scale = width / rect.width if width else zoom * SCREEN_ZOOM
    if rect.width * rect.height * scale * scale > max_pixels:
        scale = math.sqrt(max_pixels / (rect.width * rect.height))
    return page, scale


def rasterise(doc: pymupdf.Document, index: int, width: int | None, zoom: float,
              max_pixels: int) -> tuple[pymupdf.Pixmap, float]:
    """Page ``index`` of an open document, ``width`` px wide or at ``zoom``; a broken page raises."""
    page, scale = _page_at_scale(doc, index, width, zoom, max_pixels)
    return drawn_past_broken_jpx(doc, page, lambda: _pixmap(page, scale)), scale


def _pixmap(page: pymupdf.Page, scale: float) -> pymupdf.Pixmap:
    return page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)


def _draw_into(page: pymupdf.Page, scale: float, blocks: list[Any]) -> tuple[int, int, int, int]:
    """Draw ``page`` straight into the first block it fits: (block, width, height, stride).

    What ``page.get_pixmap(alpha=False)`` does (a display list run through a draw device onto a
    white pixmap), except that the pixmap's samples are the shared block: MuPDF's pixels are
    the caller's, with no allocation and no copy. Block -1: none is large enough.

    The pixels are 32-bit, opaque: white-cleared with alpha and in the byte order a 32-bit
    QImage has on this machine (:data:`PIXELS`), which Qt paints without converting each
    time (an RGB page costs a conversion on every paint: about 1 ms per paint at 860 px).
    The colours are the same bytes as RGB without alpha (tests/renderers/test_pdf_page_slots.py).
    """
    ctm = mupdf.FzMatrix(scale, 0, 0, scale, 0, 0)
    display = mupdf.fz_new_display_list_from_page(page.this)
    box = mupdf.fz_round_rect(mupdf.fz_transform_rect(mupdf.fz_bound_display_list(display), ctm))
    width, height = box.x1 - box.x0, box.y1 - box.y0
    stride = width * 4
    fits = [k for k, block in enumerate(blocks) if stride * height <= block.size]
    if not fits or width <= 0 or height <= 0:
        return -1, width, height, stride
    samples = mupdf.python_mutable_buffer_data(blocks[fits[0]].buf)
    pix = mupdf.fz_new_pixmap_with_data(_COLOURS, width, height, mupdf.FzSeparations(), 1, stride, samples)
    pix.m_internal.x, pix.m_internal.y = box.x0, box.y0
    mupdf.fz_clear_pixmap_with_value(pix, 0xFF)  # opaque white, alpha included
    device = mupdf.fz_new_draw_device(ctm, pix)
    mupdf.fz_run_display_list(display, device, mupdf.FzMatrix(), mupdf.FzRect(mupdf.FzRect.Fixed_INFINITE),
                              mupdf.FzCookie())
    mupdf.fz_close_device(device)
    return fits[0], width, height, stride


# Byte order of the 32-bit pixels: B, G, R, A is QImage's RGB32 on a little-endian machine;
# elsewhere R, G, B, A (QImage's RGBA8888, which Qt converts when painting).
PIXELS = "bgra" if sys.byteorder == "little" else "rgba"
_COLOURS = mupdf.FzColorspace(mupdf.FzColorspace.Fixed_BGR if PIXELS == "bgra" else mupdf.FzColorspace.Fixed_RGB)


def draw_page_into(doc: pymupdf.Document, index: int, width: int | None, zoom: float, max_pixels: int,
                   blocks: list[Any]) -> tuple[int, int, int, int, float]:
    """Page ``index`` of an open document drawn straight into the first of ``blocks`` (objects with
    ``buf`` and ``size``, such as shared-memory blocks) it fits, as 32-bit :data:`PIXELS`:
    (block, width, height, stride, scale); block -1 when none is large enough."""
    page, scale = _page_at_scale(doc, index, width, zoom, max_pixels)
    block, w, h, stride = drawn_past_broken_jpx(doc, page, lambda: _draw_into(page, scale, blocks))
    return block, w, h, stride, scale


def render(path: str, password: str | None, index: int, width: int | None, zoom: float,
           max_pixels: int, shared: list[str] | None = None) -> dict[str, Any]:
    """Page ``index``, ``width`` px wide or at ``zoom``, at most ``max_pixels``.

    With ``shared`` (names of the caller's shared-memory blocks, in the order the caller
    prefers them) MuPDF draws straight into the first block the page fits (32-bit pixels,
    ``"pixels"``: their byte order), and only the page's size and that block's position in
    the list travel back through the pipe: a page is megabytes, and pushing them through a
    pipe costs more than drawing them. Without a block (or when none is large enough) the
    pixels come back as RGB bytes (``"pixels": "rgb"``). ``"seconds"``: the processor time the
    page took here (the caller may draw a cheap page again itself).
    """
    doc = _document(path, password)
    started = time.thread_time()
    try:
        if shared:
            block, w, h, stride, scale = draw_page_into(doc, index, width, zoom, max_pixels,
                                                        [_shared(name) for name in shared])
            if block >= 0:
                return {"width": w, "height": h, "stride": stride, "scale": scale, "pages": doc.page_count,
                        "shared": stride * h, "block": block, "pixels": PIXELS,
                        "seconds": time.thread_time() - started}
        page, scale = _page_at_scale(doc, index, width, zoom, max_pixels)
        pix = drawn_past_broken_jpx(doc, page, lambda: _pixmap(page, scale))
    except CommandError as exc:  # "page 2 cannot be read (cycle in page tree)": keep the reason
        if str(exc).startswith(Path(path).name):
            raise  # not a page of this document
        reason = str(exc)
        return {"broken": reason[reason.find("(") + 1:-1] if reason.endswith(")") else reason,
                "pages": doc.page_count}
    except Exception as exc:  # noqa: BLE001 - a damaged page is that page's problem, not the file's
        if "malloc" in str(exc).lower() or "memory" in str(exc).lower():
            raise MemoryError from None
        return {"broken": type(exc).__name__, "pages": doc.page_count}
    return {"width": pix.width, "height": pix.height, "stride": pix.stride, "scale": scale,
            "pages": doc.page_count, "samples": pix.samples, "pixels": "rgb", "seconds": time.thread_time() - started}
