"""Each pre-parser safety limit, just below and just above, with the refusal it must give.

The archives are built small and their central directory is then patched to
declare the sizes under test: the safety checks read only the directory (and
the heads of XML parts), so nothing near a gigabyte is ever written or inflated.
"""
from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest

from skills.runtime import safety
from skills.runtime.safety import (
    MAX_ENTRIES,
    MAX_ENTRY_UNCOMPRESSED,
    MAX_FILE_BYTES,
    MAX_TOTAL_UNCOMPRESSED,
    UnsafeFileError,
    check_file,
    has_macros,
)

_TYPES = (b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/'
          b'2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>')
_CD_SIG = b"PK\x01\x02"
_LOCAL_SIG = b"PK\x03\x04"


def _zip(parts: dict[str, bytes], *, types: bytes = _TYPES) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        if types:
            zf.writestr("[Content_Types].xml", types)
        for name, data in parts.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _patch_cd(data: bytes, sizes: dict[str, int] | None = None, flags: dict[str, int] | None = None) -> bytes:
    """Rewrite the declared uncompressed size and/or flag bits of named entries in the central directory."""
    out = bytearray(data)
    pos = out.find(_CD_SIG)
    while pos != -1:
        name_len, extra_len, comment_len = struct.unpack_from("<HHH", out, pos + 28)
        name = bytes(out[pos + 46:pos + 46 + name_len]).decode()
        if sizes and name in sizes:
            struct.pack_into("<I", out, pos + 24, sizes[name])
        if flags and name in flags:
            struct.pack_into("<H", out, pos + 8, flags[name])
        pos = out.find(_CD_SIG, pos + 46 + name_len + extra_len + comment_len)
    return bytes(out)


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# --- file size ----------------------------------------------------------------------------------------------

def _sparse(tmp_path: Path, name: str, size: int) -> Path:
    path = tmp_path / name
    with open(path, "wb") as fh:
        fh.truncate(size)
    return path


def test_a_file_over_the_size_limit_is_refused_by_size(tmp_path: Path) -> None:
    path = _sparse(tmp_path, "huge.docx", MAX_FILE_BYTES + 1)
    with pytest.raises(UnsafeFileError, match=r"huge\.docx is too large to open here \(200 MB; the limit is 200 MB\)"):
        check_file(path)


def test_a_file_at_the_size_limit_gets_past_the_size_check(tmp_path: Path) -> None:
    path = _sparse(tmp_path, "big.docx", MAX_FILE_BYTES)
    # It is refused, but as a damaged archive: the size limit itself let it through.
    with pytest.raises(UnsafeFileError, match=r"big\.docx could not be opened: the file is corrupt or truncated"):
        check_file(path)


def test_an_empty_file(tmp_path: Path) -> None:
    with pytest.raises(UnsafeFileError, match=r"^empty\.docx is empty\.$"):
        check_file(_write(tmp_path, "empty.docx", b""))


# --- entry count -----------------------------------------------------------------------------------------------

def _many(n: int) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("[Content_Types].xml", _TYPES)
        for i in range(n - 1):
            zf.writestr(f"m/{i}.bin", b"")
    return buf.getvalue()


def test_entry_count_at_the_limit_is_accepted(tmp_path: Path) -> None:
    assert check_file(_write(tmp_path, "ok.xlsx", _many(MAX_ENTRIES))) == "xlsx"


def test_entry_count_over_the_limit_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnsafeFileError, match=rf"the archive has {MAX_ENTRIES + 1} entries; refusing to open it"):
        check_file(_write(tmp_path, "many.xlsx", _many(MAX_ENTRIES + 1)))


# --- inflated sizes --------------------------------------------------------------------------------------------

def _declared(tmp_path: Path, sizes: dict[str, int]) -> Path:
    data = _zip(dict.fromkeys(sizes, b"x"))
    return _write(tmp_path, "declared.pptx", _patch_cd(data, sizes=sizes))


def test_one_entry_at_the_per_entry_cap_is_accepted(tmp_path: Path) -> None:
    assert check_file(_declared(tmp_path, {"ppt/media/a.bin": MAX_ENTRY_UNCOMPRESSED})) == "pptx"


def test_one_entry_over_the_per_entry_cap_is_refused_though_the_total_is_fine(tmp_path: Path) -> None:
    assert MAX_ENTRY_UNCOMPRESSED + 1 < MAX_TOTAL_UNCOMPRESSED
    with pytest.raises(UnsafeFileError, match="expands to more than 1024 MB \\(possible zip bomb\\)"):
        check_file(_declared(tmp_path, {"ppt/media/a.bin": MAX_ENTRY_UNCOMPRESSED + 1}))


def test_a_total_at_the_cap_is_accepted(tmp_path: Path) -> None:
    half = MAX_TOTAL_UNCOMPRESSED // 2
    sizes = {"ppt/media/a.bin": half, "ppt/media/b.bin": half - len(_TYPES)}
    assert check_file(_declared(tmp_path, sizes)) == "pptx"


def test_a_total_over_the_cap_is_refused_though_every_entry_is_under_its_cap(tmp_path: Path) -> None:
    third = MAX_TOTAL_UNCOMPRESSED // 3 + 1
    assert third < MAX_ENTRY_UNCOMPRESSED
    sizes = {"ppt/media/a.bin": third, "ppt/media/b.bin": third, "ppt/media/c.bin": third}
    with pytest.raises(UnsafeFileError, match="expands to more than 1024 MB \\(possible zip bomb\\)"):
        check_file(_declared(tmp_path, sizes))


def test_a_highly_compressible_real_part_is_not_a_bomb(tmp_path: Path) -> None:
    # A metafile of 1.5 MB that deflates ~1000:1, as real EMF pictures do.
    emf = b"\x01\x00\x00\x00" + b"\x00" * (1_500_000 - 4)
    path = _write(tmp_path, "deck.pptx", _zip({"ppt/media/image1.emf": emf}))
    info = zipfile.ZipFile(path).getinfo("ppt/media/image1.emf")
    assert info.file_size > 500 * info.compress_size
    assert check_file(path) == "pptx"


# --- encryption -------------------------------------------------------------------------------------------------

def test_an_encrypted_entry_is_refused(tmp_path: Path) -> None:
    data = _patch_cd(_zip({"word/document.bin": b"secret"}), flags={"word/document.bin": 0x1})
    with pytest.raises(UnsafeFileError, match=r"e\.docx is protected with a password"):
        check_file(_write(tmp_path, "e.docx", data))


def test_other_flag_bits_are_not_encryption(tmp_path: Path) -> None:
    # Bit 1 (maximum compression) and bit 3 (data descriptor) are common in files from real producers.
    data = _patch_cd(_zip({"word/document.bin": b"fine"}), flags={"word/document.bin": 0x2 | 0x8})
    assert check_file(_write(tmp_path, "f.docx", data)) == "docx"


def test_an_ole_file_is_reported_as_encrypted_or_legacy(tmp_path: Path) -> None:
    path = _write(tmp_path, "locked.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600)
    with pytest.raises(UnsafeFileError, match="protected with a password or saved in an old Office format"):
        check_file(path)


# --- XML prolog and DTDs -----------------------------------------------------------------------------------------

def _with_part(tmp_path: Path, part: bytes) -> Path:
    return _write(tmp_path, "p.docx", _zip({"word/document.xml": part}))


@pytest.mark.parametrize("padding", [b" ", b"<!-- padding -->", b"\n"])
def test_a_dtd_behind_a_prolog_just_under_the_window_is_refused_as_a_dtd(tmp_path: Path, padding: bytes) -> None:
    fill = padding * ((safety._PROLOG_BYTES - 200) // len(padding))
    part = b'<?xml version="1.0"?>' + fill + b'<!DOCTYPE w [<!ENTITY a "b">]><w:document/>'
    with pytest.raises(UnsafeFileError, match="declares a DTD or entities"):
        check_file(_with_part(tmp_path, part))


def test_a_dtd_behind_a_prolog_longer_than_the_window_is_refused(tmp_path: Path) -> None:
    part = b" " * safety._PROLOG_BYTES + b"<!DOCTYPE w><w:document/>"
    with pytest.raises(UnsafeFileError, match="has an abnormally long XML prolog"):
        check_file(_with_part(tmp_path, part))


def test_a_prolog_filling_exactly_the_window_is_refused(tmp_path: Path) -> None:
    part = b" " * (safety._PROLOG_BYTES - 1) + b"\n" + b"<w:document/>"
    with pytest.raises(UnsafeFileError, match="has an abnormally long XML prolog"):
        check_file(_with_part(tmp_path, part))


def test_a_long_but_complete_prolog_is_accepted(tmp_path: Path) -> None:
    part = b'<?xml version="1.0"?>' + b" " * (safety._PROLOG_BYTES - 100) + b"<w:document/>"
    assert check_file(_with_part(tmp_path, part)) == "docx"


@pytest.mark.parametrize("encode", [
    lambda s: b"\xef\xbb\xbf" + s.encode("utf-8"),
    lambda s: s.encode("utf-16"),  # with its BOM, as Word writes some parts
])
def test_a_dtd_after_a_bom_is_refused(tmp_path: Path, encode: object) -> None:
    part = encode('<?xml version="1.0"?><!DOCTYPE w><w:document/>')  # type: ignore[operator]
    with pytest.raises(UnsafeFileError, match="declares a DTD or entities"):
        check_file(_with_part(tmp_path, part))


def test_an_entity_declared_anywhere_in_the_head_is_refused(tmp_path: Path) -> None:
    part = b'<?xml version="1.0"?><w:document><!ENTITY x "y"></w:document>'
    with pytest.raises(UnsafeFileError, match="declares a DTD or entities"):
        check_file(_with_part(tmp_path, part))


@pytest.mark.parametrize("name", ["_rels/.rels", "word/vmlDrawing1.VML", "word/document.XML"])
def test_rels_and_vml_parts_are_checked_too(tmp_path: Path, name: str) -> None:
    path = _write(tmp_path, "r.docx", _zip({name: b"<!DOCTYPE x><x/>"}))
    with pytest.raises(UnsafeFileError, match="declares a DTD or entities"):
        check_file(path)


# --- package shape and macros ------------------------------------------------------------------------------------

def test_no_content_types_is_not_ooxml(tmp_path: Path) -> None:
    path = _write(tmp_path, "n.docx", _zip({"word/document.xml": b"<w/>"}, types=b""))
    with pytest.raises(UnsafeFileError, match="not an Office Open XML file \\(no \\[Content_Types\\]\\.xml\\)"):
        check_file(path)


def test_a_vba_project_is_read_only(tmp_path: Path) -> None:
    path = _write(tmp_path, "m.docx", _zip({"word/vbaProject.bin": b"\x00" * 10}))
    with pytest.raises(UnsafeFileError, match="the file contains macros"):
        check_file(path)
    assert check_file(path, allow_macros=True) == "docx"
    assert has_macros(path)


def test_macro_content_type_renamed_to_a_plain_extension_is_read_only(tmp_path: Path) -> None:
    types = _TYPES.replace(b"</Types>", b'<Override PartName="/word/document.xml" ContentType="application/'
                                       b'vnd.ms-word.document.macroEnabled.main+xml"/></Types>')
    path = _write(tmp_path, "renamed.docx", _zip({"word/document.xml": b"<w/>"}, types=types))
    with pytest.raises(UnsafeFileError, match="the file contains macros"):
        check_file(path)
    assert has_macros(path)


def test_a_plain_package_has_no_macros(tmp_path: Path) -> None:
    path = _write(tmp_path, "plain.docx", _zip({"word/document.xml": b"<w/>"}))
    assert check_file(path) == "docx" and not has_macros(path)


@pytest.mark.parametrize("suffix", ["docm", "dotx", "pptm", "potx", "xlsm", "xltx"])
def test_macro_and_template_suffixes_are_read_only(tmp_path: Path, suffix: str) -> None:
    path = _write(tmp_path, f"t.{suffix}", _zip({"x/part.xml": b"<x/>"}))
    with pytest.raises(UnsafeFileError, match=rf"\.{suffix} files are opened read-only"):
        check_file(path)
    assert check_file(path, allow_macros=True) == safety.family_of(path)


# --- PDF header -----------------------------------------------------------------------------------------------

def test_pdf_header_inside_the_first_kilobyte_is_found(tmp_path: Path) -> None:
    junk = b"\x1b%-12345X@PJL JOB\r\n" + b"x" * (safety.PDF_HEADER_WINDOW - 30)
    path = _write(tmp_path, "ticket.pdf", junk + b"%PDF-1.7\n")
    assert path.read_bytes().index(b"%PDF") + 4 <= safety.PDF_HEADER_WINDOW
    assert check_file(path) == "pdf"


def test_pdf_header_past_the_first_kilobyte_is_not_a_pdf(tmp_path: Path) -> None:
    path = _write(tmp_path, "late.pdf", b"x" * safety.PDF_HEADER_WINDOW + b"%PDF-1.7\n")
    with pytest.raises(UnsafeFileError, match=r"late\.pdf could not be opened: .* not really a PDF file"):
        check_file(path)


def test_an_unknown_type_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnsafeFileError, match="unsupported file type '.txt'"):
        check_file(_write(tmp_path, "a.txt", b"hello"))


# --- the limits themselves: the numbers the product promises, not whatever the constants say ------------------

MIB = 1024 * 1024


def test_the_limits_are_the_documented_ones() -> None:
    assert (MAX_FILE_BYTES, MAX_ENTRIES) == (200 * MIB, 10_000)
    assert (MAX_TOTAL_UNCOMPRESSED, MAX_ENTRY_UNCOMPRESSED) == (1024 * MIB, 512 * MIB)
    assert (safety.PDF_HEADER_WINDOW, safety._PROLOG_BYTES) == (1024, 65_536)


def test_an_entry_of_512_mib_passes_and_one_byte_more_is_a_bomb(tmp_path: Path) -> None:
    assert check_file(_declared(tmp_path, {"ppt/media/a.bin": 536_870_912})) == "pptx"
    with pytest.raises(UnsafeFileError, match=r"declared\.pptx: the archive expands to more than 1024 MB"):
        check_file(_declared(tmp_path, {"ppt/media/a.bin": 536_870_913}))


@pytest.mark.parametrize(("size", "shown"), [(300 * MIB + 5, "300 MB"), (400 * MIB - 100 * 1024, "399 MB")])
def test_the_size_refusal_says_the_size_and_the_limit_apart(tmp_path: Path, size: int, shown: str) -> None:
    # Whole MiB, rounded down: just over a boundary and just under the next.
    path = _sparse(tmp_path, "huge.docx", size)
    with pytest.raises(UnsafeFileError, match=rf"huge\.docx is too large to open here \({shown}; the limit is 200 MB\)") as info:
        check_file(path)
    m = info.value.msg
    assert m is not None and m.id == "problem.too_large"
    assert dict(m.params) == {"name": "huge.docx", "size": shown, "limit": "200 MB"}


def test_the_empty_file_refusal_carries_its_message_id(tmp_path: Path) -> None:
    with pytest.raises(UnsafeFileError) as info:
        check_file(_write(tmp_path, "e.pdf", b""))
    assert info.value.msg is not None and info.value.msg.id == "problem.empty"
    assert dict(info.value.msg.params) == {"name": "e.pdf"}


def test_an_error_built_from_a_message_alone_reads_as_its_english() -> None:
    from skills.messages import msg
    m = msg("problem.empty", name="a.docx")
    err = UnsafeFileError(msg=m)
    assert str(err) == m.english() and "a.docx" in str(err) and err.msg is m
    assert str(UnsafeFileError("own words", msg=m)) == "own words"
    assert str(UnsafeFileError()) == "" and UnsafeFileError().msg is None


@pytest.mark.parametrize(("offset", "found"), [(1020, True), (1021, False)])
def test_the_pdf_header_must_end_within_1024_bytes(tmp_path: Path, offset: int, found: bool) -> None:
    path = _write(tmp_path, "w.pdf", b"x" * offset + b"%PDF-1.7\n")
    if found:
        assert check_file(path) == "pdf"
    else:
        with pytest.raises(UnsafeFileError, match=r"w\.pdf could not be opened: .* not really a PDF file"):
            check_file(path)


@pytest.mark.parametrize(("spaces", "refused"), [(65_535, False), (65_536, True)])
def test_the_prolog_window_is_64_kib(tmp_path: Path, spaces: int, refused: bool) -> None:
    path = _with_part(tmp_path, b" " * spaces + b"<w:document/>")
    if refused:
        with pytest.raises(UnsafeFileError, match="has an abnormally long XML prolog"):
            check_file(path)
    else:
        assert check_file(path) == "docx"


@pytest.mark.parametrize("part", [b'<?xml version="1.0"?>', b"", b"   \n", b"<!-- only a comment -->"])
def test_a_short_part_with_nothing_after_its_prolog_is_not_a_long_prolog(tmp_path: Path, part: bytes) -> None:
    assert check_file(_with_part(tmp_path, part)) == "docx"


def _types_with_marker_ending_at(end: int) -> bytes:
    head = _TYPES.replace(b"</Types>", b"<!--")
    return head + b"p" * (end - len(head) - len(b"macroEnabled")) + b"macroEnabled--></Types>"


@pytest.mark.parametrize(("end", "seen"), [(200_000, True), (200_001, False)])
def test_only_the_first_200_000_bytes_of_the_content_types_are_read(tmp_path: Path, end: int, seen: bool) -> None:
    types = _types_with_marker_ending_at(end)
    assert types.index(b"macroEnabled") + len(b"macroEnabled") == end
    path = _write(tmp_path, "t.docx", _zip({"word/document.xml": b"<w/>"}, types=types))
    assert has_macros(path) is seen
    if seen:
        with pytest.raises(UnsafeFileError, match="the file contains macros"):
            check_file(path)
    else:
        assert check_file(path) == "docx"


def test_has_macros_is_false_for_what_it_cannot_read(tmp_path: Path) -> None:
    assert has_macros(_write(tmp_path, "broken.docx", b"PK\x03\x04 not really a zip")) is False
    assert has_macros(_write(tmp_path, "bare.docx", _zip({"word/document.xml": b"<w/>"}, types=b""))) is False
    assert has_macros(tmp_path / "missing.docx") is False


def test_an_unreadable_archive_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path, "io.docx", _zip({"word/document.xml": b"<w/>"}))

    def failing(*_a: object, **_k: object) -> zipfile.ZipFile:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(safety.zipfile, "ZipFile", failing)
    with pytest.raises(UnsafeFileError, match=r"^io\.docx: cannot read the archive \(\[Errno 5\] Input/output error\)$"):
        check_file(path)


@pytest.mark.parametrize("name", ["a.odt", "a.csv", "a.txt", "a.rtf", "a.pdfa", "a.ps"])
def test_types_sorting_either_side_of_pdf_are_unsupported_not_broken_pdfs(tmp_path: Path, name: str) -> None:
    suffix = name.rsplit(".", 1)[1]
    with pytest.raises(UnsafeFileError, match=rf"unsupported file type '\.{suffix}' \(DOCX, PDF, PPTX, XLSX\)"):
        check_file(_write(tmp_path, name, b"%PDF-1.7\nhello"))


def test_a_one_byte_file_is_not_empty(tmp_path: Path) -> None:
    with pytest.raises(UnsafeFileError, match=r"one\.pdf could not be opened: .* not really a PDF file"):
        check_file(_write(tmp_path, "one.pdf", b"x"))


def test_a_kind_given_by_the_caller_is_compared_by_value(tmp_path: Path) -> None:
    path = _write(tmp_path, "scan.bin", b"%PDF-1.7\n")
    assert check_file(path, kind="PDF".lower()) == "pdf"
    assert check_file(_write(tmp_path, "doc.bin", _zip({"word/document.xml": b"<w/>"})), kind="DOCX".lower()) == "docx"


def test_a_utf16_prolog_filling_the_window_is_refused_though_it_grows_when_re_encoded(tmp_path: Path) -> None:
    # Each comment is 64 bytes in UTF-16 and 82 in UTF-8: the checked head is longer than the window read.
    unit = ("<!--" + "注" * 25 + "-->").encode("utf-16-le")
    head = b"\xff\xfe" + " ".encode("utf-16-le") * 31 + unit * 1023
    assert len(head) == safety._PROLOG_BYTES
    part = head + "<w:document/>".encode("utf-16-le")
    with pytest.raises(UnsafeFileError, match="has an abnormally long XML prolog"):
        check_file(_with_part(tmp_path, part))


@pytest.mark.parametrize("head", [b"\xff" * 8, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe2", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a"])
def test_only_the_exact_ole_signature_reads_as_encrypted(tmp_path: Path, head: bytes) -> None:
    with pytest.raises(UnsafeFileError, match=r"x\.docx could not be opened: the file is corrupt or truncated"):
        check_file(_write(tmp_path, "x.docx", head + b"\x00" * 600))


def test_a_total_one_byte_over_the_cap_is_refused(tmp_path: Path) -> None:
    half = MAX_TOTAL_UNCOMPRESSED // 2
    sizes = {"ppt/media/a.bin": half, "ppt/media/b.bin": half - len(_TYPES) + 1}
    with pytest.raises(UnsafeFileError, match="expands to more than 1024 MB \\(possible zip bomb\\)"):
        check_file(_declared(tmp_path, sizes))
