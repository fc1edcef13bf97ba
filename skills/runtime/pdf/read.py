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
from skills.messages import count, msg

getattr(pymupdf, "no_recommend_layout", lambda: None)()

MAX_PAGES = 5_000
MAX_PAGE_TEXT = 1_500
MAX_SIDE_PT = 14_400  # the PDF spec's own page size limit (200 inches)
_WS = re.compile(r"\s+")


def tight(text: str) -> str:
    """Text without any whitespace, case-folded: PDF extraction breaks lines anywhere."""
    return _WS.sub("", text).casefold()


class PasswordRequired(CommandError):
    """The PDF needs a user password to open (an owner password alone never stops reading)."""


def open_pdf(path: Path, password: str | None = None) -> pymupdf.Document:
    """Safety-check and open a PDF; broken, empty or locked files raise one clear error.

    Restrictions set by an owner password (no printing, no copying) do not stop
    reading; a user password does, unless ``password`` opens it.
    """
    check_file(path, "pdf")
    try:
        # MuPDF reports repairs on stderr; keep them out of the CLI's output. It finds %PDF
        # after a BOM, mail junk or a print-ticket header itself.
        with contextlib.redirect_stderr(io.StringIO()):
            doc = pymupdf.open(str(path), filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - any parse failure of untrusted input is "corrupt"
        raise CommandError(msg("problem.corrupt", name=path.name, kind="PDF"), details=f"{type(exc).__name__}: {exc}"
                           ) from None
    pymupdf.TOOLS.mupdf_warnings(reset=True)
    if doc.needs_pass:
        if not password:
            doc.close()
            raise PasswordRequired(msg("problem.needs_password", name=path.name))
        if not doc.authenticate(password):
            doc.close()
            raise PasswordRequired(msg("problem.wrong_password", name=path.name))
    try:
        pages = doc.page_count
    except RuntimeError:  # newer MuPDF refuses an impossible /Count itself, when it is first read
        doc.close()
        raise CommandError(msg("error.pdf_read.pdf_claims_impossible_number", name=path.name, max_pages=MAX_PAGES)) from None
    if pages == 0:
        doc.close()
        raise CommandError(msg("error.pdf_read.pdf_pages_corrupt_truncated", name=path.name))
    if pages > MAX_PAGES:
        # A lying /Count (1.4 billion pages) must not make anyone walk or allocate that far.
        doc.close()
        raise CommandError(msg("error.pdf_read.pdf_pages_limit", name=path.name, pages=pages, max_pages=MAX_PAGES))
    if doc.is_repaired and not any(_contents(doc, i) for i in range(min(doc.page_count, 5))):
        # MuPDF rebuilt a cross-reference table but found no page content: a truncated file.
        doc.close()
        raise CommandError(msg("error.pdf_read.pdf_corrupt_truncated_readable", name=path.name))
    return doc


def _contents(doc: pymupdf.Document, index: int) -> bool:
    try:
        return bool(doc[index].get_contents())
    except Exception:  # noqa: BLE001 - one broken page (a cycle in the page tree) is not the file
        return False


def load_page(doc: pymupdf.Document, index: int) -> pymupdf.Page:
    """Page ``index`` (0-based); a broken page (cycle in the page tree...) is one clear error."""
    try:
        return doc[index]
    except Exception as exc:  # noqa: BLE001
        raise CommandError(msg("error.pdf_read.page_read", index=index + 1, value=_detail(exc))) from None


def _detail(exc: BaseException) -> str:
    text = str(exc).split(":", 1)[-1].strip() if str(exc) else ""
    return text[:120] or type(exc).__name__


# Ligatures are expanded ("ﬃ" → "ffi") so what the spec asked for is found as typed.
_TEXT_FLAGS = pymupdf.TEXTFLAGS_TEXT & ~pymupdf.TEXT_PRESERVE_LIGATURES


def page_text(page: pymupdf.Page) -> str:
    try:
        text: str = page.get_text(flags=_TEXT_FLAGS)  # PyMuPDF leaves it unannotated; plain text is a str
        return text
    except Exception as exc:  # noqa: BLE001
        raise CommandError(msg("error.pdf_read.page_read_2", number=page.number + 1, value=_detail(exc))) from None


def good_pages(doc: pymupdf.Document) -> tuple[list[pymupdf.Page], list[int]]:
    """The pages that load, and the 1-based numbers of those that do not."""
    pages, broken = [], []
    for i in range(doc.page_count):
        try:
            pages.append(doc[i])
        except Exception:  # noqa: BLE001 - report the broken page, keep the rest
            broken.append(i + 1)
    return pages, broken


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
    xrefs: set[int] = set()
    for page in good_pages(doc)[0]:
        xrefs.update(img[0] for img in page.get_images(full=True))
    return len(xrefs)


def fonts_embedded(doc: pymupdf.Document) -> tuple[bool, list[str]]:
    names, missing = set(), []
    for page in good_pages(doc)[0]:
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
    """Pages, sizes, bounded text per page, tables, images and metadata; broken pages are named."""
    n = doc.page_count
    wanted = pages or list(range(1, min(n, 5) + 1))
    bad = [p for p in wanted if p < 1 or p > n]
    if bad:
        raise CommandError(msg("error.pdf_read.pages_out_range_pdf", field="pages", bad=bad[:5], n_value=n))
    sizes: dict[str, int] = {}
    good, broken = good_pages(doc)
    for page in good:
        label = page_size_label(page.rect)
        sizes[label] = sizes.get(label, 0) + 1
    per_page: list[dict[str, Any]] = []
    for number in wanted[:50]:
        try:
            page = load_page(doc, number - 1)
            text = page_text(page)
        except CommandError as exc:
            per_page.append({"page": number, "error": str(exc), "chars": 0, "text": "", "tables": []})
            continue
        per_page.append({"page": number, "size": page_size_label(page.rect),
                         "chars": len(text), "text": text[:MAX_PAGE_TEXT],
                         "truncated": len(text) > MAX_PAGE_TEXT, "tables": table_samples(page)})
    meta = {k: v for k, v in (doc.metadata or {}).items() if v and k != "encryption"}
    restricted = bool((doc.metadata or {}).get("encryption"))
    return {"pages": n, "page_sizes": sizes, "encrypted": restricted, "metadata": meta,
            "broken_pages": broken[:100],
            "images": image_count(doc), "toc": [[lv, t, p] for lv, t, p in _toc(doc)[:100]],
            "page_details": per_page}


def _toc(doc: pymupdf.Document) -> list[list[Any]]:
    try:
        toc: list[list[Any]] = doc.get_toc()  # PyMuPDF leaves it unannotated: [level, title, page] rows
        return toc
    except Exception:  # noqa: BLE001 - a broken outline is not a broken document
        return []


def inspect_message(name: str, info: dict[str, Any]) -> str:
    sizes = ", ".join(f"{k} x{v}" for k, v in info["page_sizes"].items())
    lines = [f"{name}: {count('count.pages', info['pages'])} ({sizes}), {count('count.images', info['images'])}"]
    if info.get("encrypted"):
        lines.append("encrypted (the owner set restrictions); opened read-only")
    if info.get("broken_pages"):
        lines.append("broken pages (shown without them): " + ", ".join(map(str, info["broken_pages"][:20])))
    if info["metadata"].get("title"):
        lines.append(f"title: {info['metadata']['title']}")
    for p in info["page_details"]:
        if p.get("error"):
            lines.append(f"page {p['page']}: {p['error']}")
            continue
        tables = f", {len(p['tables'])} table(s)" if p["tables"] else ""
        snippet = " ".join(p["text"].split())[:300]
        lines.append(f"page {p['page']} ({p['chars']} chars{tables}): {snippet}")
    return "\n".join(lines)


def inspect_file(path: str, pages: list[int] | None = None, password: str | None = None,
                 label: str | None = None) -> tuple[str, dict[str, Any]]:
    """Open, inspect and describe one PDF (the body of ``pdf_inspect``, run in a worker)."""
    # MuPDF prints its own repair messages; the result names broken pages itself.
    pymupdf.TOOLS.mupdf_display_errors(False)
    pymupdf.TOOLS.mupdf_display_warnings(False)
    doc = open_pdf(Path(path), password)
    try:
        info = inspect_pdf(doc, pages)
    finally:
        doc.close()
    return inspect_message(label or Path(path).name, info), info
