"""Pages whose only image is JPEG 2000, in the variants real files carry: Mira's preview draws each as
MuPDF's own pixmap of the page does (nothing blank, nothing changed), and an image cut off before its
end-of-codestream marker, which MuPDF alone leaves out (a blank page), is drawn whole."""
from __future__ import annotations

import io
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageChops, ImageDraw
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QImage

from renderers._pdfsource import render_page

WIDTH = 400
NO_CS = {"ColorSpace": "null", "BitsPerComponent": "null"}  # the JPX data says what it holds


def _picture(mode: str) -> Image.Image:
    base = Image.new("RGB", (400, 300), (240, 240, 240))
    draw = ImageDraw.Draw(base)
    draw.rectangle((40, 40, 360, 260), fill=(20, 40, 190))
    draw.ellipse((150, 100, 250, 200), fill=(230, 60, 30))
    if mode == "RGB":
        return base
    if mode == "L":
        return base.convert("L")
    if mode == "I;16":  # 16 bits per sample
        return base.convert("L").convert("I").point(lambda v: v * 257).convert("I;16")
    alpha = Image.new("L", base.size, 0)
    ImageDraw.Draw(alpha).rectangle((20, 20, 380, 280), fill=255)
    base.putalpha(alpha)
    return base


def _jpx(mode: str, **options: object) -> bytes:
    buffer = io.BytesIO()
    _picture(mode).save(buffer, format="JPEG2000", **options)
    return buffer.getvalue()


def _pdf(path: Path, data: bytes, keys: dict[str, str], smask: bytes | None = None) -> Path:
    doc = pymupdf.open()
    page = doc.new_page()
    png = io.BytesIO()
    Image.new("RGB", (4, 4)).save(png, format="PNG")
    xref = page.insert_image(pymupdf.Rect(72, 72, 472, 372), stream=png.getvalue())
    doc.update_stream(xref, data, compress=False)  # the JPX data itself, as the PDF object's stream
    for key, value in {"Filter": "/JPXDecode", "DecodeParms": "null", "Width": "400", "Height": "300",
                       "SMask": "null", **keys}.items():
        doc.xref_set_key(xref, key, value)
    if smask is not None:
        mask = doc.get_new_xref()
        doc.update_object(mask, "<< /Type /XObject /Subtype /Image /Width 400 /Height 300 "
                                "/ColorSpace /DeviceGray /BitsPerComponent 8 >>")
        doc.update_stream(mask, smask)
        doc.xref_set_key(xref, "SMask", f"{mask} 0 R")
    doc.save(path)
    return path


def _rgb(image: QImage) -> Image.Image:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return Image.open(io.BytesIO(bytes(buffer.data()))).convert("RGB")


def _mupdf(path: Path) -> Image.Image:
    page = pymupdf.open(path)[0]
    scale = WIDTH / page.rect.width
    pix = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False)
    return Image.frombytes("RGB", (pix.width, pix.height), pix.samples)


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size
    histogram = ImageChops.difference(a, b).convert("L").histogram()
    return sum(i * n for i, n in enumerate(histogram)) / sum(histogram)


def _inked(image: Image.Image) -> int:
    return sum(image.convert("L").histogram()[:200])


def _mask() -> bytes:
    alpha = Image.new("L", (400, 300), 0)
    ImageDraw.Draw(alpha).ellipse((0, 0, 400, 300), fill=255)
    return alpha.tobytes()


VARIANTS = {
    "jp2, /DeviceRGB in the PDF": (lambda: _jpx("RGB"), {"ColorSpace": "/DeviceRGB", "BitsPerComponent": "8"}, False),
    "raw codestream, no colour space": (lambda: _jpx("RGB", no_jp2=True), NO_CS, False),
    "irreversible, YCC transform": (lambda: _jpx("RGB", irreversible=True, mct=1), NO_CS, False),
    "no component transform": (lambda: _jpx("RGB", mct=0), NO_CS, False),
    "tiles and an image offset in SIZ": (lambda: _jpx("RGB", offset=(16, 8), tile_offset=(8, 4), tile_size=(100, 100)),
                                         NO_CS, False),
    "quality layers, CPRL order": (lambda: _jpx("RGB", quality_mode="rates", quality_layers=[80, 20],
                                                progression="CPRL"), NO_CS, False),
    "Decode array inverting": (lambda: _jpx("RGB"), {"ColorSpace": "/DeviceRGB", "BitsPerComponent": "8",
                                                     "Decode": "[1 0 1 0 1 0]"}, False),
    "an SMask image": (lambda: _jpx("RGB"), {"ColorSpace": "/DeviceRGB", "BitsPerComponent": "8"}, True),
    "grey": (lambda: _jpx("L"), NO_CS, False),
    "grey, 16 bits": (lambda: _jpx("I;16"), NO_CS, False),
    "grey, 16 bits, /DeviceGray 16 in the PDF": (lambda: _jpx("I;16"), {"ColorSpace": "/DeviceGray",
                                                                         "BitsPerComponent": "16"}, False),
    "RGBA with SMaskInData": (lambda: _jpx("RGBA"), {**NO_CS, "SMaskInData": "1"}, False),
    "PDF dictionary says a larger size": (lambda: _jpx("RGB"), {**NO_CS, "Width": "800", "Height": "600"}, False),
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_jpeg_2000_variant_is_drawn_as_mupdf_draws_it(qapp, tmp_path: Path, name: str) -> None:
    data, keys, smask = VARIANTS[name]
    path = _pdf(tmp_path / "jpx.pdf", data(), keys, _mask() if smask else None)
    reference = _mupdf(path)
    assert _inked(reference) > 10_000  # the variant is one MuPDF draws
    first = _rgb(render_page(path, 0, WIDTH))  # the worker process, into the shared block
    again = _rgb(render_page(path, 0, WIDTH))  # drawn safely before: the cache or this process
    assert _mean_difference(first, reference) < 1 and _mean_difference(again, reference) < 1


@pytest.mark.parametrize("jp2", [False, True], ids=["codestream", "jp2"])
def test_an_image_cut_off_before_its_end_marker_is_drawn_whole(qapp, tmp_path: Path, jp2: bool) -> None:
    whole = _jpx("RGB", no_jp2=not jp2)
    assert whole.endswith(b"\xff\xd9")
    complete = _pdf(tmp_path / "whole.pdf", whole, NO_CS)
    cut = _pdf(tmp_path / "cut.pdf", whole[:-2], NO_CS)
    assert _inked(_mupdf(cut)) == 0  # MuPDF alone leaves the image out: the page is blank
    shown = _rgb(render_page(cut, 0, WIDTH))
    assert _mean_difference(shown, _mupdf(complete)) < 1
    reopened = pymupdf.open(cut)
    xref = next(x for x in range(1, reopened.xref_length())
                if reopened.xref_get_key(x, "Filter") == ("name", "/JPXDecode"))
    assert not reopened.xref_stream_raw(xref).endswith(b"\xff\xd9")  # only the open copy is completed


def test_an_image_cut_off_inside_its_data_is_a_grey_box_and_the_rest_of_the_page_is_drawn(
        qapp, tmp_path: Path) -> None:
    whole = _jpx("RGB", no_jp2=True)
    doc = pymupdf.open(_pdf(tmp_path / "half.pdf", whole[:len(whole) // 2], NO_CS))
    doc[0].insert_text((72, 420), "Caption under the picture", fontsize=18)  # drawn after the image
    path = tmp_path / "captioned.pdf"
    doc.save(path)
    assert _inked(_mupdf(path)) == 0  # MuPDF alone stops at the image: not even the caption
    for shown in (_rgb(render_page(path, 0, WIDTH)), _rgb(render_page(path, 0, WIDTH))):
        scale = WIDTH / 612
        caption = shown.crop((int(72 * scale), int(400 * scale), int(400 * scale), int(425 * scale)))
        assert _inked(caption) > 100  # the caption is there
        box = shown.getpixel((int(272 * scale), int(222 * scale)))  # the middle of the picture's place
        assert box == (224, 224, 224)
