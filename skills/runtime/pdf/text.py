"""Planning in-place text replacement in a PDF: which text runs change, in which font, and where it cannot.

A replacement is faithful when the old text is real text inside one run (one font,
size and colour, horizontal), the new text can be drawn in that font (the embedded
font has every glyph, or the font is a standard PDF font), and the rest of the run,
moved by the change in length, still ends before the next text on the line. The
run from the first match to its end is redacted and drawn again.

Most PDFs embed only the characters they use (a subset), and CJK subsets usually carry no
character map at all, so new text cannot be drawn in them. The run is then drawn in a
similar font that has every character (Helvetica or Times for Latin text, MuPDF's own
CJK font otherwise), and the plan says so (``Replacement.substituted``) before anything
is written.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import pymupdf

from skills.runtime._base import CommandError
from skills.messages import msg

_FLAGS = pymupdf.TEXTFLAGS_RAWDICT & ~pymupdf.TEXT_PRESERVE_LIGATURES
_BASE14 = {"helvetica": ("helv", "hebo", "heit", "hebi"), "arial": ("helv", "hebo", "heit", "hebi"),
           "times": ("tiro", "tibo", "tiit", "tibi"), "courier": ("cour", "cobo", "coit", "cobi")}


@dataclass
class Replacement:
    """One text run to redraw: from ``x``/``baseline`` on, ``text`` in ``font`` at ``size``."""

    page: int  # 1-based
    rect: pymupdf.Rect
    x: float
    baseline: float
    text: str
    size: float
    color: tuple[float, float, float]
    font: str
    context: str
    buffer: bytes | None = field(default=None, repr=False)
    base14: str | None = None
    substituted: str = ""  # the font drawn instead of the PDF's own one, which lacks the new characters

    def apply(self, doc: pymupdf.Document) -> None:
        """Redact the old run and draw the new text (call after every redaction of the page is added)."""
        page = doc[self.page - 1]
        name = self.base14
        if name is None:
            name = f"MiraR{abs(hash(self.buffer)) % 100000}"
            page.insert_font(fontname=name, fontbuffer=self.buffer)
        page.insert_text((self.x, self.baseline), self.text, fontname=name, fontsize=self.size, color=self.color)


def _font_for(doc: pymupdf.Document, page: pymupdf.Page, span: dict[str, Any], text: str,
              cache: dict[str, Any]) -> tuple[bytes | None, str | None, pymupdf.Font, str]:
    """(embedded font bytes, or a standard font name, a Font to measure with, and the name of a similar
    font drawn instead when the PDF's own one lacks characters of ``text``, else "")."""
    name = span["font"]
    if name not in cache:
        cache[name] = None
        embedded = [(f[0], f[3]) for f in page.get_fonts(full=True) if f[1] != "n/a"]
        # An exact name first, so "Helvetica" never picks an embedded "Helvetica-Bold".
        embedded.sort(key=lambda f: not _same_font(f[1], name, exact=True))
        for xref, basefont in embedded:
            if _same_font(basefont, name):
                try:
                    buffer = doc.extract_font(xref)[3]
                    cache[name] = (buffer, None, _font(fontbuffer=buffer))
                except Exception:  # noqa: BLE001 - a font MuPDF cannot load back cannot be matched
                    cache[name] = None
                break
        else:
            lower = name.lower()
            family = next((k for k in _BASE14 if k in lower), None)
            if family is not None:
                bold = "bold" in lower or bool(span["flags"] & 16)
                italic = "italic" in lower or "oblique" in lower or bool(span["flags"] & 2)
                code = _BASE14[family][(1 if bold else 0) + (2 if italic else 0)]
                cache[name] = (None, code, _font(code))
    found = cache[name]
    if found is None:
        raise CommandError(msg("error.pdf_text.page_font_matched_embedded", number=page.number + 1, name=repr(name)))
    buffer, code, font = found
    if _latin1(text) if code is not None else not _missing(font, text):
        return buffer, code, font, ""
    return _similar_font(page, span, text)


def _latin1(text: str) -> bool:
    """What a standard PDF font (Helvetica, Times, Courier) can show."""
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _font(*args: Any, **kwargs: Any) -> pymupdf.Font:
    return pymupdf.Font(*args, **kwargs)  # the one call of PyMuPDF's untyped constructor


def _missing(font: pymupdf.Font, text: str) -> list[str]:
    return sorted({ch for ch in text if not ch.isspace() and not font.has_glyph(ord(ch))})


@functools.cache
def _cjk() -> pymupdf.Font:
    return _font("cjk")  # built into MuPDF: every CJK character, Latin too


def _similar_font(page: pymupdf.Page, span: dict[str, Any], text: str
                  ) -> tuple[bytes | None, str | None, pymupdf.Font, str]:
    """A font that has every character of ``text``, close to the span's own (its embedded subset lacks some)."""
    lower = span["font"].lower()
    bold = "bold" in lower or bool(span["flags"] & 16)
    italic = "italic" in lower or "oblique" in lower or bool(span["flags"] & 2)
    if not _latin1(text):
        font = _cjk()
        missing = _missing(font, text)
        if missing:
            raise CommandError(msg("error.pdf_text.page_font_here_show", number=page.number + 1, missing=repr(''.join(missing))))
        return font.buffer, None, font, font.name
    serif = bool(span["flags"] & 4) or any(w in lower for w in ("times", "serif", "song", "ming", "mincho"))
    family = "times" if serif and "sans" not in lower else "helvetica"
    code = _BASE14[family][(1 if bold else 0) + (2 if italic else 0)]
    font = _font(code)
    return None, code, font, font.name


def _same_font(basefont: str, span_font: str, exact: bool = False) -> bool:
    """PDF base font names and MuPDF's span names differ in spacing ("DejaVu Sans Book" / "DejaVuSans")."""
    def norm(n: str) -> str:
        return "".join(ch for ch in n.split("+", 1)[-1].lower() if ch.isalnum())

    a, b = norm(basefont), norm(span_font)
    return bool(a and b) and (a == b or not exact and (a.startswith(b) or b.startswith(a)))


def _rgb(color: int) -> tuple[float, float, float]:
    return ((color >> 16) & 255) / 255, ((color >> 8) & 255) / 255, (color & 255) / 255


def plan_replacements(doc: pymupdf.Document, find: str, replace: str) -> list[Replacement]:
    """Every run to redraw for replacing ``find``; raises CommandError when any occurrence cannot be."""
    plan: list[Replacement] = []
    fonts: dict[str, Any] = {}
    for page in doc:
        data = page.get_text("rawdict", flags=_FLAGS)
        seen = 0
        for block in data["blocks"]:
            for line in block.get("lines", ()):
                spans = line["spans"]
                texts = ["".join(c["c"] for c in s["chars"]) for s in spans]
                in_runs = sum(t.count(find) for t in texts)
                if "".join(texts).count(find) > in_runs:
                    raise CommandError(msg("error.pdf_text.page_runs_across_text", number=page.number + 1, find=repr(find)))
                if not in_runs:
                    continue
                if abs(line["dir"][1]) > 1e-3 or line["dir"][0] < 0:
                    raise CommandError(msg("error.pdf_text.page_rotated_text_nothing", number=page.number + 1, find=repr(find)))
                for k, (span, text) in enumerate(zip(spans, texts, strict=True)):
                    start = text.find(find)
                    if start < 0:
                        continue
                    new = text[start:].replace(find, replace)
                    buffer, code, font, substituted = _font_for(doc, page, span, new, fonts)
                    chars = span["chars"]
                    x = chars[start]["origin"][0]
                    end = x + font.text_length(new, fontsize=span["size"])
                    limit = min([s["bbox"][0] for s in spans[k + 1:]] + [page.rect.x1 - 2])
                    if end > limit + 0.5:
                        raise CommandError(msg("error.pdf_text.page_new_text_longer", number=page.number + 1))
                    box = pymupdf.Rect(chars[start]["bbox"]) | pymupdf.Rect(chars[-1]["bbox"])
                    mid = (box.y0 + box.y1) / 2
                    plan.append(Replacement(page.number + 1, pymupdf.Rect(box.x0 + 0.3, mid - 0.5, box.x1, mid + 0.5),
                                            x, span["origin"][1], new, span["size"], _rgb(span["color"]),
                                            span["font"], text.strip()[:80], buffer, code, substituted))
                    seen += text.count(find)
        if find in page.get_text(flags=_FLAGS) and not seen:
            raise CommandError(msg("error.pdf_text.page_one_line_text", number=page.number + 1, find=repr(find)))
    if not plan:
        raise CommandError(msg("error.pdf_text.pdf_text_may_drawn", find=repr(find)))
    for page_no in sorted({r.page for r in plan}):
        page = doc[page_no - 1]
        for r in plan:
            if r.page == page_no:
                page.add_redact_annot(r.rect)
    return plan


def redact(doc: pymupdf.Document, plan: list[Replacement]) -> None:
    """Remove the old runs (images and drawings stay)."""
    for page_no in sorted({r.page for r in plan}):
        doc[page_no - 1].apply_redactions(images=pymupdf.PDF_REDACT_IMAGE_NONE,
                                          graphics=pymupdf.PDF_REDACT_LINE_ART_NONE)
