"""PDF pages for the preview, run inside a file worker (see :mod:`skills.runtime.isolate`).

The worker keeps the last few documents open, so paging through an open
preview never re-opens the file. Results are plain data (sizes and RGB bytes),
so the caller builds its own image; a page that cannot be drawn (a cycle in
the page tree, a broken content stream) comes back as ``{"broken": message}``
and the other pages stay viewable. The page limit is the one inspect uses.
"""
from __future__ import annotations

import math
import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pymupdf

from skills.runtime._base import CommandError
from skills.runtime.pdf_read import MAX_PAGES, PasswordRequired, load_page, open_pdf

__all__ = ["MAX_PAGES", "open_document", "opened", "render"]

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


def render(path: str, password: str | None, index: int, width: int | None, zoom: float,
           max_pixels: int) -> dict[str, Any]:
    """Page ``index`` as RGB bytes, ``width`` px wide or at ``zoom``, at most ``max_pixels``."""
    doc = _document(path, password)
    if not 0 <= index < doc.page_count:
        raise CommandError(f"{Path(path).name}: there is no page {index + 1}")
    try:
        page = load_page(doc, index)
        rect = page.rect
        if rect.width <= 0 or rect.height <= 0:
            return {"broken": f"page {index + 1} has no size", "pages": doc.page_count}
        scale = width / rect.width if width else zoom * SCREEN_ZOOM
        if rect.width * rect.height * scale * scale > max_pixels:
            scale = math.sqrt(max_pixels / (rect.width * rect.height))
        pix = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)
    except CommandError as exc:  # "page 2 cannot be read (cycle in page tree)": keep the reason
        reason = str(exc)
        return {"broken": reason[reason.find("(") + 1:-1] if reason.endswith(")") else reason,
                "pages": doc.page_count}
    except Exception as exc:  # noqa: BLE001 - a damaged page is that page's problem, not the file's
        if "malloc" in str(exc).lower() or "memory" in str(exc).lower():
            raise MemoryError from None
        return {"broken": type(exc).__name__, "pages": doc.page_count}
    return {"width": pix.width, "height": pix.height, "stride": pix.stride, "samples": pix.samples,
            "scale": scale, "pages": doc.page_count}
