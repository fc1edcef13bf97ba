"""Open, inspect and check PDFs with PyMuPDF, refusing encrypted or broken files clearly."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pymupdf

from skills.runtime._base import CommandError
from skills.runtime.safety import check_file

getattr(pymupdf, "no_recommend_layout", lambda: None)()

MAX_PAGES = 5_000
MAX_PAGE_TEXT = 1_500
MAX_SIDE_PT = 14_400  # the PDF spec's own page size limit (200 inches)
_WS = re.compile(r"\s+")


def tight(text: str) -> str:
    """Text without any whitespace, case-folded: PDF extraction breaks lines anywhere."""
    return _WS.sub("", text).casefold()


def open_pdf(path: Path) -> pymupdf.Document:
    """Safety-check and open a PDF; encrypted, empty or broken files raise one clear error."""
    check_file(path, "pdf")
    try:
        # MuPDF reports repairs on stderr; keep them out of the CLI's output.
        with contextlib.redirect_stderr(io.StringIO()):
            doc = pymupdf.open(str(path), filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - any parse failure of untrusted input is "corrupt"
        raise CommandError(f"{path.name}: the PDF is corrupt or truncated ({type(exc).__name__})") from None
    pymupdf.TOOLS.mupdf_warnings(reset=True)
    if doc.needs_pass or doc.is_encrypted:
        doc.close()
        raise CommandError(f"{path.name}: the PDF is encrypted (password protected); "
                           f"save an unprotected copy and try again")
    if doc.page_count == 0:
        doc.close()
        raise CommandError(f"{path.name}: the PDF has no pages (corrupt or truncated)")
    if doc.is_repaired and not any(doc[i].get_contents() for i in range(min(doc.page_count, 5))):
        # MuPDF rebuilt a cross-reference table but found no page content: a truncated file.
        doc.close()
        raise CommandError(f"{path.name}: the PDF is corrupt or truncated (no readable page content)")
    if doc.page_count > MAX_PAGES:
        n = doc.page_count
        doc.close()
        raise CommandError(f"{path.name}: the PDF has {n} pages; the limit is {MAX_PAGES}")
    return doc


# Ligatures are expanded ("ﬃ" → "ffi") so what the spec asked for is found as typed.
_TEXT_FLAGS = pymupdf.TEXTFLAGS_TEXT & ~pymupdf.TEXT_PRESERVE_LIGATURES


def page_text(page: pymupdf.Page) -> str:
    try:
        return page.get_text(flags=_TEXT_FLAGS)
    except Exception as exc:  # noqa: BLE001
        raise CommandError(f"page {page.number + 1} cannot be read ({type(exc).__name__})") from None


def _may_have_tables(page: pymupdf.Page) -> bool:
    """find_tables (line strategy) needs vector lines; skip its slow analysis when there are none."""
    r = page.rect
    if r.width > MAX_SIDE_PT or r.height > MAX_SIDE_PT:
        return False
    try:
        return bool(page.get_cdrawings())
    except Exception:  # noqa: BLE001 - hostile content: treat as "cannot tell", analyse normally
        return True


def count_tables(page: pymupdf.Page) -> int:
    if not _may_have_tables(page):
        return 0
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            return len(page.find_tables().tables)
        except Exception:  # noqa: BLE001 - table detection is best effort on hostile pages
            return 0


def table_samples(page: pymupdf.Page, limit: int = 5) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if not _may_have_tables(page):
        return out
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            tables = page.find_tables().tables
        except Exception:  # noqa: BLE001
            return out
        for t in tables[:limit]:
            header = [c or "" for c in (t.header.names if t.header else [])]
            out.append({"rows": t.row_count, "cols": t.col_count, "header": header[:20]})
    return out


def image_count(doc: pymupdf.Document) -> int:
    xrefs = set()
    for page in doc:
        xrefs.update(img[0] for img in page.get_images(full=True))
    return len(xrefs)


def fonts_embedded(doc: pymupdf.Document) -> tuple[bool, list[str]]:
    names, missing = set(), []
    for page in doc:
        for xref, ext, _type, name, *_ in page.get_fonts(full=True):
            if xref in names:
                continue
            names.add(xref)
            if ext == "n/a":
                missing.append(name)
    return not missing, missing


def page_size_label(rect: pymupdf.Rect) -> str:
    w, h = round(rect.width), round(rect.height)
    for name in ("a4", "letter", "a3", "a5", "legal"):
        pr = pymupdf.paper_rect(name)
        if {w, h} == {round(pr.width), round(pr.height)}:
            return f"{name.upper()} {'portrait' if h >= w else 'landscape'}"
    return f"{w}x{h} pt"


def inspect_pdf(doc: pymupdf.Document, pages: list[int] | None) -> dict[str, Any]:
    """Pages, sizes, bounded text per page, tables, images and metadata."""
    n = doc.page_count
    wanted = pages or list(range(1, min(n, 5) + 1))
    bad = [p for p in wanted if p < 1 or p > n]
    if bad:
        raise CommandError(f"pages: {bad[:5]} out of range (the PDF has {n} pages)")
    sizes: dict[str, int] = {}
    for page in doc:
        label = page_size_label(page.rect)
        sizes[label] = sizes.get(label, 0) + 1
    per_page = []
    for number in wanted[:50]:
        page = doc[number - 1]
        text = page_text(page)
        per_page.append({"page": number, "size": page_size_label(page.rect),
                         "chars": len(text), "text": text[:MAX_PAGE_TEXT],
                         "truncated": len(text) > MAX_PAGE_TEXT, "tables": table_samples(page)})
    meta = {k: v for k, v in (doc.metadata or {}).items() if v and k != "encryption"}
    return {"pages": n, "page_sizes": sizes, "encrypted": False, "metadata": meta,
            "images": image_count(doc), "toc": [[lv, t, p] for lv, t, p in doc.get_toc()[:100]],
            "page_details": per_page}


def inspect_message(name: str, info: dict[str, Any]) -> str:
    sizes = ", ".join(f"{k} x{v}" for k, v in info["page_sizes"].items())
    lines = [f"{name}: {info['pages']} page(s) ({sizes}), {info['images']} image(s)"]
    if info["metadata"].get("title"):
        lines.append(f"title: {info['metadata']['title']}")
    for p in info["page_details"]:
        tables = f", {len(p['tables'])} table(s)" if p["tables"] else ""
        snippet = " ".join(p["text"].split())[:300]
        lines.append(f"page {p['page']} ({p['chars']} chars{tables}): {snippet}")
    return "\n".join(lines)
