"""A DOCX laid out as a PDF by Mira's own writer (PyMuPDF Story), in the document's own styles.

``export_pdf`` uses LibreOffice when it is installed (Word's layout, page for page); without it this
writer keeps what a reader recognises a document by: every paragraph's formatting resolved the way
Word resolves it (:mod:`skills.runtime.docx.styles`: document defaults → style chain → table style →
paragraph → run, theme fonts and colours) as fonts of the same kind (serif, sans, mono), sizes,
colours, bold/italic/underline, alignment, spacing, indents, shading and paragraph rules (the Title's
line), list numbers and bullets, tables with their style's header fill, banding and borders, inline
pictures, footnotes and endnotes (set after their page's text and after the document's, under a short rule),
page breaks, the section's page size and margins, and its headers and footers (default, first
page, even pages) with their page numbers (``PAGE``, ``NUMPAGES``). Text stays selectable. Line breaks,
page breaks and font metrics are MuPDF's, not Word's; a header taller than its band is shrunk into it
(Word would push the body down).
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pymupdf as _pymupdf
from docx.oxml.ns import qn

from skills.runtime.docx.read import NoteMarks, open_docx, read_notes
from skills.runtime.docx.styles import Border, CellLook, ParaLook, RunLook, StyleSheet, read_stylesheet, table_rows
from skills.runtime.office_theme import font_kind, list_number

__all__ = ["docx_to_pdf"]

# PyMuPDF is not annotated: used through Any, so strict mypy needs no per-module relaxation for it
pymupdf: Any = _pymupdf
getattr(pymupdf, "no_recommend_layout", lambda: None)()

_ALIGN = {"center": "center", "right": "right", "justify": "justify"}
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_EMU_PT = 12700
_MAX_BLOCKS = 20000  # a document is a few hundred pages at most here; past this the rest is cut, and said


class _Writer:
    """One document's blocks as HTML chunks (each starts a new page) with their pictures in ``archive``."""

    def __init__(self, document: Any) -> None:
        self.doc = document
        self.sheet: StyleSheet = read_stylesheet(document)
        self.archive = pymupdf.Archive()
        self.chunks: list[list[str]] = [[]]
        self.blocks = 0
        self.truncated = False
        self._counters: dict[tuple[str, int], int] = {}
        self._formats = _numbering_formats(document)
        self._images = 0
        self._part = document.part  # whose relationships resolve the pictures being read (body or header)
        self._notes: dict[str, tuple[Any, Any]] | None = None  # "f2"/"e3" → (the note's element, its part)
        self._marks = NoteMarks()
        self.footnotes: list[str] = []  # referred to in the chunk being written: set at its end
        self.endnotes: list[str] = []  # set after the document's last paragraph

    # -- blocks ------------------------------------------------------------------------------
    def body(self, container: Any, cell: CellLook | None = None, *, top: bool = False) -> list[str]:
        """The blocks of ``container`` as HTML; ``top`` (the document's body) puts each on the page it is
        on as it is read, so the blocks before a page break stay before it."""
        out: list[str] = []
        for child in container.iterchildren():
            if top:
                self.chunks[-1].extend(out)
                out = []
            if self.blocks >= _MAX_BLOCKS:
                self.truncated = True
                break
            if child.tag == qn("w:p"):
                out.extend(self.paragraph(child, cell))
            elif child.tag == qn("w:tbl"):
                out.append(self.table(child))
            elif child.tag == qn("w:sdt"):
                inner = child.find(qn("w:sdtContent"))
                if inner is not None:
                    out.extend(self.body(inner, cell, top=top))
        if top:
            self.chunks[-1].extend(out)
            return []
        return out

    def paragraph(self, p: Any, cell: CellLook | None) -> list[str]:
        """The paragraph's HTML; a page break inside it ends the chunk (in the body, not in a cell)."""
        self.blocks += 1
        ppr = p.find(qn("w:pPr"))
        look = self.sheet.paragraph(ppr, cell)
        out: list[str] = []
        if cell is None and ppr is not None and ppr.find(qn("w:pageBreakBefore")) is not None:
            self._break()
        runs, page_break = self.runs(p, look)
        marker = self._marker(look)
        text = (marker + runs) if runs.strip() or marker else "&nbsp;"
        out.append(f'<p style="{_para_css(look, marker=bool(marker))}">{text}</p>')
        if page_break and cell is None:
            self.chunks[-1].extend(out)
            self._break()
            return []
        return out

    def runs(self, p: Any, look: ParaLook) -> tuple[str, bool]:
        parts: list[str] = []
        page_break = False
        fields = _PageFields()
        for r in p.iter(qn("w:r")):
            if any(a.tag == qn("w:r") for a in r.iterancestors()):  # a run inside a text box's run
                continue
            rlook = self.sheet.run(look, r.find(qn("w:rPr")))
            if rlook.hidden:
                continue
            pieces: list[str] = []
            simple = fields.simple(r)
            if simple is not None:  # a page number field's cached text is the page it was saved on
                if simple:
                    parts.append(f'<span style="{_run_css(rlook, look.run)}">{simple}</span>')
                continue
            for child in r:
                shown = fields.step(child)
                if shown is not None:
                    pieces.append(shown)
                    continue
                if fields.hiding:
                    continue
                if child.tag == qn("w:t"):
                    value = child.text or ""
                    pieces.append(html.escape(value.upper() if rlook.caps else value).replace("  ", " &nbsp;"))
                elif child.tag == qn("w:tab"):
                    pieces.append("&nbsp;&nbsp;&nbsp;&nbsp;")
                elif child.tag in (qn("w:br"), qn("w:cr")):
                    if child.get(qn("w:type")) == "page":
                        page_break = True
                    else:
                        pieces.append("<br/>")
                elif child.tag == qn("w:drawing"):
                    pieces.append(self.picture(child))
                elif child.tag in (qn("w:footnoteReference"), qn("w:endnoteReference")):
                    pieces.append(f"<sup>{html.escape(self._refer(child))}</sup>")
            if pieces:
                parts.append(f'<span style="{_run_css(rlook, look.run)}">{"".join(pieces)}</span>')
        return "".join(parts), page_break

    def picture(self, drawing: Any) -> str:
        blip = next(drawing.iter(f"{_A}blip"), None)
        extent = next(drawing.iter(f"{_WP}extent"), None)
        rid = blip.get(f"{_R}embed", "") if blip is not None else ""
        if not rid or self._images >= 200:
            return ""
        try:
            part = self._part.related_parts[rid]
            data = part.blob
        except (KeyError, AttributeError):
            return ""
        name = f"img{self._images}{Path(str(part.partname)).suffix.lower() or '.png'}"
        if name.rsplit(".", 1)[-1] not in ("png", "jpg", "jpeg", "gif", "bmp"):
            return ""  # EMF/WMF: MuPDF cannot place them
        self._images += 1
        self.archive.add(data, name)
        width = int(extent.get("cx", "0")) / _EMU_PT if extent is not None and extent.get("cx", "").isdigit() else 0
        size = f' style="width:{width:.1f}pt"' if width else ""
        return f'<img src="{name}"{size}/>'

    def table(self, tbl: Any) -> str:
        look = self.sheet.table(tbl.find(qn("w:tblPr")))
        rows = table_rows(tbl)
        out = []
        for r, (header, cells) in enumerate(rows):
            self.blocks += 1
            shown = []
            for c, tc in enumerate(cells):
                tcpr = tc.find(qn("w:tcPr"))
                merge = tcpr.find(qn("w:vMerge")) if tcpr is not None else None
                cell = self.sheet.cell(look, r, len(rows), c, len(cells), tcpr, header=header)
                span = tcpr.find(qn("w:gridSpan")) if tcpr is not None else None
                colspan = span.get(qn("w:val"), "1") if span is not None else "1"
                attr = f' colspan="{colspan}"' if colspan.isdigit() and int(colspan) > 1 else ""
                inner = "" if merge is not None and merge.get(qn("w:val"), "continue") == "continue" \
                    else "".join(self.body(tc, cell))
                shown.append(f'<td{attr} style="{_cell_css(cell)}">{inner}</td>')
            out.append(f"<tr>{''.join(shown)}</tr>")
        return f'<table cellspacing="0" style="border-collapse:collapse; width:100%">{"".join(out)}</table>'

    # -- numbering ---------------------------------------------------------------------------
    def _marker(self, look: ParaLook) -> str:
        if not look.num_id or look.num_id == "0":
            return ""
        level = look.num_level
        fmt, text = self._formats.get((look.num_id, level), ("bullet", "•"))
        for key in [k for k in self._counters if k[0] == look.num_id and k[1] > level]:
            del self._counters[key]  # a deeper list starts again under each item
        self._counters[(look.num_id, level)] = self._counters.get((look.num_id, level), 0) + 1
        if fmt == "bullet":
            shown = text if text and text.isprintable() and len(text) <= 2 and ord(text[0]) < 0xF000 else "•"
        elif fmt == "none":
            return ""
        else:
            shown = text or f"%{level + 1}."
            for n in range(level + 1):
                shown = shown.replace(f"%{n + 1}", list_number(self._counters.get((look.num_id, n), 1), fmt))
        return f"{html.escape(shown)}&nbsp;&nbsp;"

    def _break(self) -> None:
        self.chunks[-1].extend(self.notes("f"))
        if self.chunks[-1]:
            self.chunks.append([])

    # -- footnotes and endnotes --------------------------------------------------------------
    def _refer(self, ref: Any) -> str:
        """The mark a note reference shows (1, 2… for footnotes, i, ii… for endnotes) and the note kept to
        be set after the text: footnotes at the end of their page's text, endnotes at the document's end."""
        kind = "e" if ref.tag == qn("w:endnoteReference") else "f"
        key = f"{kind}{ref.get(qn('w:id'), '')}"
        if key not in self._marks.numbers:
            (self.endnotes if kind == "e" else self.footnotes).append(key)
        return self._marks.mark(key)

    def notes(self, kind: str) -> list[str]:
        """The notes of ``kind`` referred to so far and not yet set, under a short rule, and forgets them."""
        keys = self.footnotes if kind == "f" else self.endnotes
        if not keys:
            return []
        if self._notes is None:
            self._notes = read_notes(self.doc.part)
        out = ['<p style="margin-top:9pt; margin-bottom:3pt; width:144pt; border-top:0.5pt solid #000000; '
               'font-size:1pt">&nbsp;</p>']
        body = self._part
        try:
            for key in list(keys):
                note, part = self._notes.get(key, (None, None))
                if note is None:
                    continue
                self._part = part
                shown = "".join(self.body(note))
                mark = f"<sup>{html.escape(self._marks.mark(key))}</sup> "
                # the mark starts the note's first paragraph, as Word writes it
                shown = shown.replace(">", ">" + mark, 1) if shown.startswith("<p") else f"<p>{mark}</p>{shown}"
                out.append(f'<div style="font-size:9pt">{shown}</div>')
        finally:
            self._part = body
        keys.clear()
        return out

    def story(self, kind: str) -> dict[str, str]:
        """The first section's ``kind`` ("header" or "footer") as HTML for each page it is shown on:
        "default", and "first" and "even" where the document has them (page numbers left as marks)."""
        try:
            section = self.doc.sections[0]
            even_odd = bool(self.doc.settings.odd_and_even_pages_header_footer)
        except (IndexError, AttributeError, KeyError, NotImplementedError, ValueError):
            return {}
        stories = {"default": getattr(section, kind)}
        if section.different_first_page_header_footer:
            stories["first"] = getattr(section, f"first_page_{kind}")
        if even_odd:
            stories["even"] = getattr(section, f"even_page_{kind}")
        out: dict[str, str] = {}
        for name, story in stories.items():
            try:
                if story.is_linked_to_previous:  # the first section has no part of this kind: nothing shows
                    out[name] = ""
                    continue
                element, part = story._element, story.part
            except (AttributeError, KeyError, NotImplementedError, ValueError):
                continue
            saved, self._part = self._part, part
            try:
                out[name] = "".join(self.body(element))
            finally:
                self._part = saved
        return out


def docx_to_pdf(path: Path) -> bytes:
    """``path`` (a .docx) as a finished PDF, in its own styles (see the module's docstring)."""
    document = open_docx(path, read_only=True)
    writer = _Writer(document)
    body = document.element.body
    writer.body(body, top=True)
    if writer.truncated:
        writer.chunks[-1].append("<p><i>… the rest of the document is not in this PDF (too many blocks).</i></p>")
    writer.chunks[-1].extend(writer.notes("e") + writer.notes("f"))
    page, content = _page(document)
    out = pymupdf.open()
    try:
        for chunk in writer.chunks:
            if not chunk and out.page_count:
                continue
            story = pymupdf.Story(html=f"<body>{''.join(chunk)}</body>", archive=writer.archive,
                                  user_css="body { margin: 0; } p { margin: 0; } table { margin: 0; }")

            def rectfn(_num: int, _filled: Any) -> tuple[Any, Any, None]:
                return page, content, None

            part = story.write_with_links(rectfn)
            out.insert_pdf(part)
            part.close()
        _headers_and_footers(out, writer, document, content)
        out.subset_fonts()
        title = (document.core_properties.title or "").strip()
        out.set_metadata({"title": title[:250] or path.stem, "creator": "Mira Desktop", "producer": "PyMuPDF"})
        return bytes(out.tobytes(garbage=3, deflate=True))
    finally:
        out.close()


class _PageFields:
    """Page number fields in a run of runs: ``PAGE`` and ``NUMPAGES`` become marks that each page fills in;
    other fields show their cached result, as Word prints them."""

    def __init__(self) -> None:
        self._instr: str | None = None  # the field code being read (between begin and separate)
        self.hiding = False  # inside the cached result of a page field
        self._done: set[int] = set()  # fldSimple elements already shown

    def simple(self, r: Any) -> str | None:
        """For a run inside a ``w:fldSimple`` page field: its mark once, then "" (None: not such a run)."""
        parent = r.getparent()
        if parent is None or parent.tag != qn("w:fldSimple"):
            return None
        words = (parent.get(qn("w:instr")) or "").split()
        mark = _MARKS.get(words[0].upper()) if words else None
        if mark is None:
            return None
        if id(parent) in self._done:
            return ""
        self._done.add(id(parent))
        return mark

    def step(self, child: Any) -> str | None:
        """Follow a complex field through ``child`` of a run; the page mark where its result starts."""
        if child.tag == qn("w:fldChar"):
            kind = child.get(qn("w:fldCharType"))
            if kind == "begin":
                self._instr, self.hiding = "", False
            elif kind == "separate" and self._instr is not None:
                words = self._instr.split()
                mark = _MARKS.get(words[0].upper()) if words else None
                self._instr, self.hiding = None, mark is not None
                return mark or ""
            elif kind == "end":
                mark = None
                if self._instr is not None:  # a field with no cached result
                    words = self._instr.split()
                    mark = _MARKS.get(words[0].upper()) if words else None
                self._instr, self.hiding = None, False
                return mark or ""
            return ""
        if child.tag == qn("w:instrText"):
            if self._instr is not None:
                self._instr += child.text or ""
            return ""
        return None


_MARKS = {"PAGE": "\x00PAGE\x00", "NUMPAGES": "\x00NUMPAGES\x00", "SECTIONPAGES": "\x00NUMPAGES\x00"}
_HEADER_CSS = "body { margin: 0; } p { margin: 0; } table { margin: 0; }"


def _headers_and_footers(out: Any, writer: _Writer, document: Any, content: Any) -> None:
    """Each page's header above its text and footer below it, in the bands the section's ``w:header`` and
    ``w:footer`` distances leave (half an inch by default), with its page number and the page count."""
    headers, footers = writer.story("header"), writer.story("footer")
    if not any(headers.values()) and not any(footers.values()):
        return
    sect = document.element.body.find(qn("w:sectPr"))
    margins = sect.find(qn("w:pgMar")) if sect is not None else None

    def distance(name: str) -> float:
        raw = margins.get(qn(f"w:{name}"), "") if margins is not None else ""
        return int(raw) / 20 if raw.isdigit() else 36.0

    count = out.page_count
    scratch = pymupdf.open()
    try:
        for number in range(1, count + 1):
            page = out[number - 1]
            which = "first" if number == 1 and "first" in headers else \
                "even" if number % 2 == 0 and "even" in headers else "default"
            which_foot = "first" if number == 1 and "first" in footers else \
                "even" if number % 2 == 0 and "even" in footers else "default"
            for html_text, top in ((headers.get(which, ""), True), (footers.get(which_foot, ""), False)):
                if not html_text:
                    continue
                shown = html_text.replace(_MARKS["PAGE"], str(number)).replace(_MARKS["NUMPAGES"], str(count))
                shown = f"<body>{shown}</body>"
                if top:
                    band = pymupdf.Rect(content.x0, min(distance("header"), content.y0 - 12), content.x1, content.y0)
                else:
                    bottom = page.rect.height - min(distance("footer"), page.rect.height - content.y1 - 12)
                    band = pymupdf.Rect(content.x0, content.y1, content.x1, bottom)
                    # Word sets a footer's last line on the footer distance: measured first, then moved down
                    trial = scratch.new_page(width=page.rect.width, height=page.rect.height)
                    spare, _scale = trial.insert_htmlbox(band, shown, css=_HEADER_CSS, archive=writer.archive)
                    if spare > 0:
                        band = pymupdf.Rect(band.x0, band.y0 + spare, band.x1, band.y1)
                page.insert_htmlbox(band, shown, css=_HEADER_CSS, archive=writer.archive)
    finally:
        scratch.close()


def _page(document: Any) -> tuple[Any, Any]:
    """The first section's page and the area inside its margins (points); A4 with 2.5 cm margins by default."""
    sect = document.element.body.find(qn("w:sectPr"))
    size = sect.find(qn("w:pgSz")) if sect is not None else None
    margins = sect.find(qn("w:pgMar")) if sect is not None else None

    def twips(el: Any, name: str, default: float) -> float:
        raw = el.get(qn(f"w:{name}"), "") if el is not None else ""
        return int(raw) / 20 if raw.lstrip("-").isdigit() else default

    width, height = twips(size, "w", 595.3), twips(size, "h", 841.9)
    if size is not None and size.get(qn("w:orient")) == "landscape" and width < height:
        width, height = height, width
    width, height = min(max(width, 144.0), 4000.0), min(max(height, 144.0), 4000.0)
    left, right = twips(margins, "left", 72), twips(margins, "right", 72)
    top, bottom = abs(twips(margins, "top", 72)), abs(twips(margins, "bottom", 72))
    if left + right > width - 72:
        left = right = 36
    if top + bottom > height - 72:
        top = bottom = 36
    page = pymupdf.Rect(0, 0, width, height)
    return page, pymupdf.Rect(left, top, width - right, height - bottom)


def _family(look: RunLook) -> str:
    return font_kind(look.font or look.east_asia_font)


def _run_css(look: RunLook, base: RunLook) -> str:
    out = [f"font-family:{_family(look)}", f"font-size:{look.size_pt:g}pt",
           f"font-weight:{'bold' if look.bold else 'normal'}", f"font-style:{'italic' if look.italic else 'normal'}",
           f"color:{look.color or '#000000'}"]
    lines = [name for name, on in (("underline", look.underline), ("line-through", look.strike)) if on]
    if lines:
        out.append(f"text-decoration:{' '.join(lines)}")
    if look.highlight:
        out.append(f"background-color:{look.highlight}")
    if look.vert_align:
        out.append(f"vertical-align:{'super' if look.vert_align == 'superscript' else 'sub'}")
    return "; ".join(out)


def _border_css(side: str, border: Border | None, padding: bool = True) -> list[str]:
    if border is None or border.width_pt <= 0:
        return []
    out = [f"border-{side}:{border.width_pt:g}pt solid {border.color or '#000000'}"]
    if padding:
        out.append(f"padding-{side}:{max(border.space_pt, 1.0):g}pt")
    return out


def _line_height(look: ParaLook) -> str:
    if look.line_rule == "exact" or (look.line_rule == "atLeast" and look.line_pt > look.run.size_pt * 1.17):
        return f"line-height:{look.line_pt:g}pt"  # CSS has no "at least": the rule's height when it is the taller
    # Word's single line is about 1.17 of the font size in the common faces
    return f"line-height:{(look.line or 1.0) * 1.17:.2f}"


def _para_css(look: ParaLook, *, marker: bool = False) -> str:
    run = look.run
    # between two paragraphs Word leaves the larger of the first's space after and the second's space
    # before (ECMA-376 17.3.1.33; LibreOffice lays a DOCX out so), as CSS margins collapse
    out = [f"margin-top:{look.before_pt:g}pt", f"margin-bottom:{look.after_pt:g}pt",
           f"font-family:{_family(run)}", f"font-size:{run.size_pt:g}pt", f"color:{run.color or '#000000'}",
           _line_height(look)]
    if look.align in _ALIGN:
        out.append(f"text-align:{_ALIGN[look.align]}")
    left = look.left_pt
    if left > 0:
        out.append(f"margin-left:{left:g}pt")
    if look.right_pt > 0:
        out.append(f"margin-right:{look.right_pt:g}pt")
    if look.first_line_pt and not (marker and look.first_line_pt < 0):
        out.append(f"text-indent:{look.first_line_pt:g}pt")
    elif marker and look.first_line_pt < 0:
        out.append(f"text-indent:{look.first_line_pt:g}pt")  # the number hangs in the indent, as in Word
    if look.shading:
        out.append(f"background-color:{look.shading}")
    for side in ("top", "bottom", "left", "right"):
        out.extend(_border_css(side, look.borders.get(side)))
    return "; ".join(out)


def _cell_css(cell: CellLook) -> str:
    out = ["padding:1pt 5.4pt"]  # Word's default cell margins: 0.08 in left and right
    if cell.shading:
        out.append(f"background-color:{cell.shading}")
    for side in ("top", "bottom", "left", "right"):
        out.extend(_border_css(side, cell.borders.get(side), padding=False))
    return "; ".join(out)


def _numbering_formats(document: Any) -> dict[tuple[str, int], tuple[str, str]]:
    """(numId, level) → (numFmt, lvlText) from the numbering part (level overrides included)."""
    try:
        root = document.part.numbering_part.element
    except (AttributeError, KeyError, NotImplementedError, ValueError):
        return {}
    abstract: dict[str, dict[int, tuple[str, str]]] = {}
    for an in root.findall(qn("w:abstractNum")):
        levels: dict[int, tuple[str, str]] = {}
        for lvl in an.findall(qn("w:lvl")):
            ilvl = lvl.get(qn("w:ilvl"), "0")
            fmt, text = lvl.find(qn("w:numFmt")), lvl.find(qn("w:lvlText"))
            if ilvl.isdigit():
                levels[int(ilvl)] = (fmt.get(qn("w:val"), "decimal") if fmt is not None else "decimal",
                                     text.get(qn("w:val"), "") if text is not None else "")
        abstract[an.get(qn("w:abstractNumId"), "")] = levels
    out: dict[tuple[str, int], tuple[str, str]] = {}
    for num in root.findall(qn("w:num")):
        ref = num.find(qn("w:abstractNumId"))
        levels = abstract.get(ref.get(qn("w:val"), "") if ref is not None else "", {})
        for level, value in levels.items():
            out[(num.get(qn("w:numId"), ""), level)] = value
    return out
