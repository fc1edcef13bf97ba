"""Builders for hostile and broken input files, shared by the DOCX/PDF/PPTX/XLSX tests.

Each builder writes one small file quickly (a zip bomb is a real highly
compressible entry of a few tens of MB, or a central directory that lies about
its size), so the tests prove refusals without using much time or memory.
"""
from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

_CONTENT_TYPES = {
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
}
_MACRO_TYPES = {
    "docx": "application/vnd.ms-word.document.macroEnabled.main+xml",
    "pptx": "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
    "xlsx": "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
}
_MAIN_PART = {"docx": "word/document.xml", "pptx": "ppt/presentation.xml", "xlsx": "xl/workbook.xml"}

BILLION_LAUGHS = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
               for i in range(1, 10))
    + b']>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
    b"<w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"
)


def corrupt(path: Path) -> Path:
    """Random-looking bytes with an office extension."""
    path.write_bytes(b"PK\x03\x04" + bytes(range(256)) * 8)
    return path


def truncated(src: Path, dst: Path, keep: float = 0.5) -> Path:
    """The first part of a valid file (a cut download)."""
    data = src.read_bytes()
    dst.write_bytes(data[: max(16, int(len(data) * keep))])
    return dst


def ole_encrypted(path: Path) -> Path:
    """What Office writes for a password-protected file: an OLE compound file."""
    path.write_bytes(OLE_MAGIC + b"\x00" * 504 + b"EncryptedPackage" + b"\x00" * 1024)
    return path


def macro_renamed(path: Path, kind: str) -> Path:
    """Macro-enabled content (.docm/.pptm/.xlsm) renamed to the plain extension."""
    ctypes = (
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        f'<Override PartName="/{_MAIN_PART[kind]}" ContentType="{_MACRO_TYPES[kind]}"/></Types>'
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", ctypes)
        zf.writestr(_MAIN_PART[kind], "<root/>")
        zf.writestr(f"{_MAIN_PART[kind].split('/')[0]}/vbaProject.bin", b"\x00" * 64)
    return path


def zip_bomb_ratio(path: Path, kind: str, megabytes: int = 24) -> Path:
    """A real entry of zeros: tiny compressed, huge ratio."""
    ctypes = (
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        f'<Override PartName="/{_MAIN_PART[kind]}" ContentType="{_CONTENT_TYPES[kind]}"/></Types>'
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", ctypes)
        zf.writestr(_MAIN_PART[kind], b" " * (megabytes << 20))
    return path


def zip_bomb_claimed(path: Path, kind: str, claimed: int = 0xFFFF0000) -> Path:
    """A small archive whose central directory claims a ~4 GB entry."""
    zip_bomb_ratio(path, kind, megabytes=1)
    data = bytearray(path.read_bytes())
    name = _MAIN_PART[kind].encode()
    # Patch the uncompressed size of the central-directory record for the main part.
    pos = 0
    while True:
        pos = data.find(b"PK\x01\x02", pos)
        if pos < 0:
            break
        name_len = struct.unpack_from("<H", data, pos + 28)[0]
        if bytes(data[pos + 46:pos + 46 + name_len]) == name:
            struct.pack_into("<I", data, pos + 24, claimed)
        pos += 4
    path.write_bytes(bytes(data))
    return path


def zip_bomb_total(path: Path, kind: str, total: int, entries: int = 8) -> Path:
    """Parts whose central directory claims ``total`` inflated bytes in all (readers stop there)."""
    ctypes = (
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        f'<Override PartName="/{_MAIN_PART[kind]}" ContentType="{_CONTENT_TYPES[kind]}"/></Types>'
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", ctypes)
        zf.writestr(_MAIN_PART[kind], "<root/>")
        for i in range(entries):
            zf.writestr(f"media/blob{i}.bin", b"\0" * 16)
    share, rest = divmod(total - len("<root/>") - len(ctypes), entries)
    data = bytearray(path.read_bytes())
    pos, i = 0, 0
    while (pos := data.find(b"PK\x01\x02", pos)) >= 0:
        name_len = struct.unpack_from("<H", data, pos + 28)[0]
        if data[pos + 46:pos + 46 + name_len].startswith(b"media/blob"):
            struct.pack_into("<I", data, pos + 24, share + (rest if i == 0 else 0))
            i += 1
        pos += 4
    path.write_bytes(bytes(data))
    return path


def many_entries(path: Path, kind: str, count: int) -> Path:
    """A package with ``count`` zip entries in all (tiny ones)."""
    ctypes = (
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        f'<Override PartName="/{_MAIN_PART[kind]}" ContentType="{_CONTENT_TYPES[kind]}"/></Types>'
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("[Content_Types].xml", ctypes)
        zf.writestr(_MAIN_PART[kind], "<root/>")
        for i in range(count - 2):
            zf.writestr(f"media/e{i}.bin", b"")
    return path


def compressible_part(src: Path, dst: Path, part: str, megabytes: float = 1.45) -> Path:
    """A copy of a real package plus one legitimate, extremely compressible part (an EMF of a blank canvas)."""
    size = int(megabytes * 1024 * 1024)
    header = struct.pack("<II", 1, 108) + b"\0" * 100  # EMR_HEADER record type and size
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info.filename))
        zout.writestr(part, header + b"\0" * (size - len(header)), compresslevel=9)
    return dst


def as_macro_package(src: Path, dst: Path, kind: str, content_type: str | None = None) -> Path:
    """A real document turned into its macro-enabled (or template) form: a VBA project and the
    main part's content type, as Office writes them; ``dst`` may keep the plain extension."""
    ct = content_type or _MACRO_TYPES[kind]
    folder = _MAIN_PART[kind].split("/")[0]
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "[Content_Types].xml":
                data = data.replace(_CONTENT_TYPES[kind].encode(), ct.encode())
            zout.writestr(info.filename, data)
        if content_type is None:
            zout.writestr(f"{folder}/vbaProject.bin", b"\xd0\xcf\x11\xe0" + b"Attribute VB_Name" * 8)
    return dst


def with_part(src: Path, dst: Path, part: str, payload: bytes) -> Path:
    """A copy of a valid package with one part replaced (for XML entity tricks)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info.filename, payload if info.filename == part else zin.read(info.filename))
    return dst


def billion_laughs(src: Path, dst: Path, part: str = "word/document.xml") -> Path:
    return with_part(src, dst, part, BILLION_LAUGHS)


def png_with_size(path: Path, width: int, height: int) -> Path:
    """A PNG whose header claims ``width`` x ``height`` (absurd dimensions) with a tiny body."""
    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 64)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    return path


def small_png(path: Path, width: int = 60, height: int = 40, rgb: tuple[int, int, int] = (200, 40, 40)) -> Path:
    """A real, decodable solid-colour PNG."""
    import pymupdf

    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, width, height), 0)
    pix.set_rect(pix.irect, rgb)
    pix.save(str(path))
    return path


def encrypted_pdf(path: Path, password: str = "secret") -> Path:
    import pymupdf

    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "classified")
    doc.save(str(path), encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw=password, user_pw=password)
    doc.close()
    return path


def not_a_pdf(path: Path) -> Path:
    path.write_bytes(b"<html>this is not a pdf</html>")
    return path
