"""Builders for PDFs real producers and attackers write: headers after junk, page-tree cycles,
lying page counts, giant content streams, owner-only and user passwords.

Each file is assembled object by object with a correct cross-reference table, so
the parser sees exactly the structure under test and not a repaired one.
"""
from __future__ import annotations

import zlib
from pathlib import Path

_FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def assemble(objects: list[bytes], root: int = 1, header: bytes = b"%PDF-1.7\n") -> bytes:
    """``objects[i]`` becomes object ``i + 1``; offsets in the xref are exact."""
    out = bytearray(header + b"%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, xref)
    return bytes(out)


def _stream(data: bytes, compress: bool = False) -> bytes:
    if compress:
        data = zlib.compress(data, 9)
        return b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream"
    return b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def _text(words: str) -> bytes:
    return b"BT /F1 24 Tf 72 720 Td (" + words.encode() + b") Tj ET"


def simple_pages(texts: list[str]) -> list[bytes]:
    """Catalog (1), Pages (2), font (3), then a page and its content per text."""
    kids = b" ".join(b"%d 0 R" % (4 + 2 * i) for i in range(len(texts)))
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % len(texts), _FONT]
    for i, text in enumerate(texts):
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>"
                    b" /Contents %d 0 R >>" % (5 + 2 * i))
        objs.append(_stream(_text(text)))
    return objs


def with_prefix(path: Path, prefix: bytes, texts: tuple[str, ...] = ("After the junk",)) -> Path:
    """A valid PDF with bytes before ``%PDF`` (a BOM, mail junk, a PJL print-ticket header)."""
    path.write_bytes(prefix + assemble(simple_pages(list(texts))))
    return path


def page_tree_cycle(path: Path) -> Path:
    """Pages 1 and 3 are fine; the second kid is an intermediate node whose only kid is itself."""
    objs = simple_pages(["First page", "unused", "Third page"])
    # object 6 (the second page) becomes a /Pages node pointing at itself
    objs[5] = b"<< /Type /Pages /Parent 2 0 R /Kids [6 0 R] /Count 1 >>"
    path.write_bytes(assemble(objs))
    return path


def lying_count(path: Path, count: int = 1_400_000_000) -> Path:
    """One real page in a tree claiming ``count`` pages."""
    objs = simple_pages(["The only page"])
    objs[1] = b"<< /Type /Pages /Kids [4 0 R] /Count %d >>" % count
    path.write_bytes(assemble(objs))
    return path


def many_pages(path: Path, count: int) -> Path:
    """A real tree of ``count`` pages sharing one content stream (small file, many pages)."""
    kids = b" ".join(b"%d 0 R" % (5 + i) for i in range(count))
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % count,
            _FONT, _stream(_text("Same page"))]
    objs += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>"
             b" /Contents 4 0 R >>"] * count
    path.write_bytes(assemble(objs))
    return path


def giant_content(path: Path, operators: int = 4_000_000) -> Path:
    """A page whose content stream is millions of text-show operators (compresses to little)."""
    body = b"BT /F1 1 Tf " + b"(x) Tj 0.001 0 Td " * operators + b"ET"
    objs = simple_pages(["placeholder"])
    objs[4] = _stream(body, compress=True)
    path.write_bytes(assemble(objs))
    return path


def owner_only(path: Path) -> Path:
    """Restrictions (no print, no copy) but no user password: every reader opens it."""
    import pymupdf

    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Restricted but readable")
    doc.save(str(path), encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="owner", user_pw="",
             permissions=pymupdf.PDF_PERM_ACCESSIBILITY)
    doc.close()
    return path


def user_password(path: Path, password: str = "s3cret") -> Path:
    import pymupdf

    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Behind the password")
    doc.save(str(path), encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="owner-" + password, user_pw=password)
    doc.close()
    return path


def surrogate_title(path: Path) -> Path:
    """A UTF-16 title with a lone high surrogate (PyMuPDF hands it to Python as is)."""
    objs = simple_pages(["Titled"])
    objs.append(b"<< /Title <FEFF0041D800> >>")
    path.write_bytes(assemble(objs).replace(b"/Root 1 0 R", b"/Root 1 0 R /Info %d 0 R" % len(objs)))
    return path
