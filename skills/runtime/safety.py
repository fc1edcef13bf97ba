"""Cheap checks that run before any parser touches a file.

OOXML files are zip archives: the central directory is read (no data is
inflated) and refused when the entry count or the total inflated size passes a
cap (as Apache POI does); a single highly compressible part (a 1.45 MB EMF at
667:1) is legitimate and accepted. Encrypted OOXML (an OLE compound file) is
refused by name. Macro-enabled and template files (.docm, .dotx, .pptm, .potx,
.xlsm, .xltx..., also macro content renamed to a plain extension) are read-only:
inspect and preview accept them with ``allow_macros=True`` and say so; every
other use refuses them, so no macro is ever written into an output.
"""
from __future__ import annotations

import os
import re
import zipfile
import zlib
from pathlib import Path

from skills.messages import Msg, msg
from skills.runtime._base import CommandError

MAX_FILE_BYTES = 200 * 1024 * 1024
MAX_ENTRIES = 10_000
MAX_TOTAL_UNCOMPRESSED = 1024 * 1024 * 1024
MAX_ENTRY_UNCOMPRESSED = 512 * 1024 * 1024
_PDF_OBJECT = re.compile(rb"(?:^|[\r\n])\s*\d{1,10}\s+\d{1,5}\s+obj\b")
PDF_HEADER_WINDOW = 1024  # readers accept %PDF anywhere in the first KB (BOM, junk, PJL tickets)

_PROLOG_BYTES = 64 * 1024
# XML declaration, processing instructions, comments and whitespace before the root element.
_PROLOG = re.compile(rb"(?:\s+|<\?.*?\?>|<!--.*?-->)*", re.S)

OOXML_KINDS = {"docx", "pptx", "xlsx"}
# Every extension Mira reads, and the format family it belongs to.
FAMILIES = {"pdf": "pdf",
            "docx": "docx", "docm": "docx", "dotx": "docx", "dotm": "docx",
            "pptx": "pptx", "pptm": "pptx", "potx": "pptx", "potm": "pptx",
            "xlsx": "xlsx", "xlsm": "xlsx", "xltx": "xlsx", "xltm": "xlsx"}
READ_ONLY_SUFFIXES = {ext for ext, family in FAMILIES.items() if ext != family}
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_MACRO_PARTS = ("vbaProject.bin",)
_MACRO_TYPES = ("macroEnabled", "vnd.ms-word.document.macroEnabled",
                "vnd.ms-excel.sheet.macroEnabled", "vnd.ms-powerpoint.presentation.macroEnabled")


class UnsafeFileError(CommandError):
    """The file is corrupt, encrypted, hostile or too large to open safely.

    ``msg`` says the same as a message id with parameters (skills.messages), so the UI can show it
    in the user's language; the English text stays for the model and the logs.
    """

    def __init__(self, *args: object, msg: Msg | None = None, details: str = "") -> None:
        super().__init__(*(args or ((msg.english(),) if msg is not None else ())), msg=msg, details=details)


def kind_of(path: str | os.PathLike[str]) -> str:
    return Path(path).suffix.lower().lstrip(".")


def family_of(path: str | os.PathLike[str]) -> str | None:
    """``report.docm`` → ``docx``; ``None`` for a file type Mira does not read."""
    return FAMILIES.get(kind_of(path))


def check_file(path: str | os.PathLike[str], kind: str | None = None, *, allow_macros: bool = False) -> str:
    """Raise :class:`UnsafeFileError` with one clear line, or return the kind.

    ``allow_macros`` is for read-only uses (inspect, preview): macro-enabled and
    template packages pass; everything else refuses them.
    """
    p = Path(path)
    kind = kind or family_of(p) or kind_of(p)
    name = p.name
    if not allow_macros and kind_of(p) in READ_ONLY_SUFFIXES:
        raise UnsafeFileError(msg("error.safety.files_opened_read_inspect", name=name, value=kind_of(p), kind=kind))
    if not p.is_file():
        raise UnsafeFileError(msg("error.safety.file_found", name=name))
    size = p.stat().st_size
    if size == 0:
        raise UnsafeFileError(msg("problem.empty", name=name))
    if size > MAX_FILE_BYTES:
        raise UnsafeFileError(msg("problem.too_large", name=name, size=f"{size // (1024 * 1024)} MB",
                                  limit=f"{MAX_FILE_BYTES // (1024 * 1024)} MB"))
    with open(p, "rb") as fh:
        head = fh.read(PDF_HEADER_WINDOW)
    if kind in OOXML_KINDS:
        if head[:8] == _OLE_MAGIC:
            raise UnsafeFileError(msg("problem.encrypted_or_old", name=name, kind=kind.upper()),
                                  details="an OLE compound file (encrypted OOXML or binary Office)")
        _check_zip(p, kind, allow_macros)
    elif kind == "pdf":
        # No header at all, but objects from the first bytes on: readers (MuPDF, pdf.js) repair
        # such a file, and open_pdf still refuses one where the repair finds no page content.
        if b"%PDF" not in head and not _PDF_OBJECT.search(head):
            raise UnsafeFileError(msg("problem.corrupt", name=name, kind="PDF"), details="no %PDF header")
    else:
        raise UnsafeFileError(msg("error.safety.unsupported_file_type_docx", name=name, kind=kind))
    return kind


def _check_zip(p: Path, kind: str, allow_macros: bool) -> None:
    name = p.name
    try:
        zf = zipfile.ZipFile(p)
    except zipfile.BadZipFile:
        raise UnsafeFileError(msg("problem.corrupt", name=name, kind=kind.upper()),
                              details=f"not a valid .{kind} archive") from None
    except (OSError, ValueError) as exc:
        raise UnsafeFileError(msg("error.safety.read_archive", name=name, exc=exc)) from None
    with zf:
        macros = _check_entries(zf, name, kind)
    if macros and not allow_macros:
        raise UnsafeFileError(msg("error.safety.file_contains_macros_mira", name=name))


def has_macros(path: str | os.PathLike[str]) -> bool:
    """Whether an OOXML package carries a VBA project or a macro-enabled main part (after check_file)."""
    try:
        with zipfile.ZipFile(path) as zf:
            if any(n.rsplit("/", 1)[-1] in _MACRO_PARTS for n in zf.namelist()):
                return True
            ctypes = _read_head(zf, zf.getinfo("[Content_Types].xml"), 200_000, Path(path).name)
    except (zipfile.BadZipFile, KeyError, OSError):
        return False
    return any(t in ctypes.decode("utf-8", "replace") for t in _MACRO_TYPES)


def _read_head(zf: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, where: str) -> bytes:
    """At most ``limit`` inflated bytes of one part; a damaged part is one clear error, not a zlib traceback."""
    try:
        with zf.open(info) as fh:
            return fh.read(limit)
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error, NotImplementedError):
        raise UnsafeFileError(msg("error.safety.part_corrupt_truncated", where=where, filename=info.filename)) from None


def _check_entries(zf: zipfile.ZipFile, name: str, kind: str) -> bool:
    """Refuse bombs, DTDs and non-OOXML archives; return whether the package carries macros."""
    infos = zf.infolist()
    if len(infos) > MAX_ENTRIES:
        raise UnsafeFileError(msg("error.safety.archive_entries_refusing_open", name=name, length=len(infos)))
    total = 0
    names = set()
    macros = False
    for info in infos:
        names.add(info.filename)
        if info.flag_bits & 0x1:
            raise UnsafeFileError(msg("problem.encrypted", name=name), details="an encrypted zip entry")
        total += info.file_size
        if info.file_size > MAX_ENTRY_UNCOMPRESSED or total > MAX_TOTAL_UNCOMPRESSED:
            raise UnsafeFileError(msg("error.safety.archive_expands_more_mb", name=name, max_total_uncompressed=MAX_TOTAL_UNCOMPRESSED // (1024 * 1024)))
        # No per-part ratio test: a real part may compress 667:1. The inflated size a bomb
        # needs is caught by the total and per-entry caps, which every reader honours below.
        if info.filename.rsplit("/", 1)[-1] in _MACRO_PARTS:
            macros = True
    if "[Content_Types].xml" not in names:
        raise UnsafeFileError(msg("error.safety.office_open_xml_file", name=name))
    # Only the head is inflated: a part may legally expand to hundreds of MB.
    ctypes = _read_head(zf, zf.getinfo("[Content_Types].xml"), 200_000, name).decode("utf-8", "replace")
    macros = macros or any(t in ctypes for t in _MACRO_TYPES)
    for info in infos:
        if info.filename.lower().endswith((".xml", ".rels", ".vml")):
            _check_prolog(_read_head(zf, info, _PROLOG_BYTES, name), f"{name}: part {info.filename}")
    return macros


def _check_prolog(head: bytes, where: str) -> None:
    """Refuse a DTD (entity tricks such as billion laughs) before any XML parser sees the part.

    A DOCTYPE may only appear in the prolog, so the bytes before the root element
    are enough; OOXML never needs one.
    """
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head.decode("utf-16", "replace").encode("utf-8")
    elif head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    rest = head[_PROLOG.match(head).end():]  # type: ignore[union-attr]
    if rest.startswith(b"<!DOCTYPE") or b"<!ENTITY" in head:
        raise UnsafeFileError(msg("error.safety.declares_dtd_entities_possible", where=where))
    if not rest and len(head) >= _PROLOG_BYTES:
        raise UnsafeFileError(msg("error.safety.abnormally_long_xml_prolog", where=where))
