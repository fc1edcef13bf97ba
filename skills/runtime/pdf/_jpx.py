"""JPEG 2000 images cut off before their end-of-codestream marker, completed before a page is drawn.

MuPDF refuses such an image outright ("Stream too short", "Failed to decode JPX image") and draws
the page without it: a page whose only image it is previews blank, while other readers show it.
The picture data is whole (only the two-byte EOC marker is missing), so the marker is added to
the stream of the open document, in memory (the file is never written).

An image cut off inside its data cannot be decoded here either (nor by Poppler), and MuPDF then
stops drawing the page at that image: whatever the page draws after it (a caption, the text on
top of a scan) was lost too. Such an image is replaced, in the open copy, by a grey box of its
size, and the page drawn again (:func:`drawn_past_broken_jpx`).
"""
from __future__ import annotations

import struct
from collections.abc import Callable
from typing import TypeVar

import pymupdf

__all__ = ["complete_jpx", "drawn_past_broken_jpx"]

T = TypeVar("T")
_BROKEN = "Failed to decode JPX image"
_GREY = b"\xe0\xe0\xe0"  # the placeholder's one pixel, stretched over the image's place

_SOC_SIZ = b"\xff\x4f\xff\x51"  # start of a raw codestream
_EOC = b"\xff\xd9"
_JP2_SIGNATURE = b"\x00\x00\x00\x0cjP  \r\n\x87\n"
_SEEN = "mira_jpx_checked"  # on the open document: the image xrefs already looked at
_PAGES_SEEN = "mira_jpx_pages"  # and the pages whose images were listed (a page drawn again lists none)


def complete_jpx(doc: pymupdf.Document, page: pymupdf.Page) -> int:
    """Add the missing end marker to ``page``'s JPEG 2000 images; how many were completed."""
    pages: set[int] | None = getattr(doc, _PAGES_SEEN, None)
    if pages is None:
        pages = set()
        setattr(doc, _PAGES_SEEN, pages)
    if page.number in pages:
        return 0
    pages.add(page.number)
    seen: set[int] | None = getattr(doc, _SEEN, None)
    if seen is None:
        seen = set()
        setattr(doc, _SEEN, seen)
    completed = 0
    try:
        images = page.get_images(full=True)
    except Exception:  # noqa: BLE001 - a page whose resources cannot be read is reported by its drawing
        return 0
    for entry in images:
        xref = entry[0]
        if xref in seen or entry[8] != "JPXDecode":
            continue
        seen.add(xref)
        try:
            completed += _complete(doc, xref)
        except Exception:  # noqa: BLE001 - a damaged image is left to MuPDF, which draws the rest
            continue
    return completed


def _complete(doc: pymupdf.Document, xref: int) -> int:
    if doc.xref_get_key(xref, "Filter") != ("name", "/JPXDecode"):
        return 0  # a filter chain ([/FlateDecode /JPXDecode]): left to MuPDF
    fixed = _with_eoc(doc.xref_stream_raw(xref))
    if fixed is None:
        return 0
    doc.update_stream(xref, fixed, compress=False)
    doc.xref_set_key(xref, "Filter", "/JPXDecode")  # update_stream wrote it as plain bytes
    doc.xref_set_key(xref, "DecodeParms", "null")
    return 1


def _with_eoc(data: bytes) -> bytes | None:
    """``data`` with the end marker added, or None when it has one or is not a codestream or JP2."""
    if data.startswith(_SOC_SIZ):
        return None if data.rstrip(b"\x00").endswith(_EOC) else data + _EOC
    if not data.startswith(_JP2_SIGNATURE):
        return None
    at = 0
    while at + 8 <= len(data):  # boxes: length (0: to the end; 1: a 64-bit length follows), type
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        header = 8
        if length == 1:
            if at + 16 > len(data):
                return None
            length, header = struct.unpack(">Q", data[at + 8:at + 16])[0], 16
        end = len(data) if length == 0 else at + length
        if kind == b"jp2c":
            if end < len(data) or data[at + header:end].endswith(_EOC):
                return None  # more boxes follow, or it is complete
            box = data[at:at + header]
            if length:
                box = (struct.pack(">I", length + 2) + box[4:] if header == 8
                       else box[:8] + struct.pack(">Q", length + 2))
            return data[:at] + box + data[at + header:] + _EOC
        if length < header or end > len(data):
            return None
        at = end
    return None


def drawn_past_broken_jpx(doc: pymupdf.Document, page: pymupdf.Page, draw: Callable[[], T]) -> T:
    """``draw()``, once more with undecodable JPEG 2000 images replaced by grey boxes if MuPDF said
    one stopped the page (its warnings; only then are the page's images decoded one by one)."""
    pymupdf.TOOLS.reset_mupdf_warnings()
    drawn = draw()
    if _BROKEN not in pymupdf.TOOLS.mupdf_warnings() or not _grey_out_broken(doc, page):
        return drawn
    pymupdf.TOOLS.store_shrink(100)  # MuPDF keeps the images it loaded: the replaced ones are read anew
    return draw()


def _grey_out_broken(doc: pymupdf.Document, page: pymupdf.Page) -> int:
    replaced = 0
    for entry in page.get_images(full=True):
        xref = entry[0]
        if entry[8] != "JPXDecode":
            continue
        try:
            pymupdf.Pixmap(doc, xref)
            continue  # this one decodes
        except Exception:  # noqa: BLE001 - the image that stopped the page: any MuPDF error says so
            pass
        try:
            doc.update_stream(xref, _GREY, compress=False)
            for key, value in (("Filter", "null"), ("DecodeParms", "null"), ("Width", "1"), ("Height", "1"),
                               ("ColorSpace", "/DeviceRGB"), ("BitsPerComponent", "8"), ("Decode", "null"),
                               ("SMaskInData", "null")):
                doc.xref_set_key(xref, key, value)
            replaced += 1
        except Exception:  # noqa: BLE001 - left as it is: the page draws as MuPDF drew it
            continue
    return replaced
