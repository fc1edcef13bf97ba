"""DOCX → readable HTML pages (no Qt widgets; runs in a worker).

Pages are the document's explicit page and section breaks: a native preview
does not repaginate like a word processor, so a break the author put in is the
only page boundary it can honestly show. Headings, lists, bold/italic/underline
runs, tables (with column spans) and inline pictures are kept; everything is
escaped, nothing from the file is passed through as markup.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path

import docx
from docx.oxml.ns import qn
from docx.table import Table
from docx.text.paragraph import Paragraph
from PySide6.QtGui import QImage

from renderers._common import MAX_BLOCKS, ImageBudget, checked_path
from renderers._jobs import PreviewError

EMU_PER_PX = 9525  # 914400 EMU per inch / 96 px per inch
MAX_IMAGE_WIDTH_PX = 640
MAX_IMAGES = 200


@dataclass(frozen=True)
class DocxContent:
    """The document as HTML pages plus the decoded pictures they reference."""

    pages: tuple[str, ...]
    images: dict[str, QImage] = field(default_factory=dict)
    text: str = ""  # plain text, for search and tests
    truncated: bool = False


def load(path: Path) -> DocxContent:
    """Parse ``path`` (worker thread) into :class:`DocxContent`."""
    checked_path(path, "docx")
    try:
        document = docx.Document(str(path))
    except Exception as exc:
        raise PreviewError(f"{path.name}: the document could not be opened ({type(exc).__name__})") from None
    return _Builder(document).build()


class _Builder:
    def __init__(self, document: docx.document.Document) -> None:
        self.doc = document
        self.pages: list[list[str]] = [[]]
        self.text: list[str] = []
        self.images: dict[str, QImage] = {}
        self.list_stack: list[str] = []  # open <ul>/<ol> tags, one per level
        self.blocks = 0
        self.truncated = False
        self._num_formats: dict[tuple[str, str], str] = {}
        self.budget = ImageBudget()
        self._style_names, self._default_style = self._read_style_names()

    def _read_style_names(self) -> tuple[dict[str, str], str]:
        """Paragraph style id → name, read once (python-docx looks each one up by scanning)."""
        names: dict[str, str] = {}
        default = "Normal"
        try:
            styles = self.doc.part.styles.element
        except (AttributeError, KeyError, NotImplementedError):
            return names, default
        for style in styles.findall(qn("w:style")):
            if style.get(qn("w:type")) not in (None, "paragraph"):
                continue
            name_el = style.find(qn("w:name"))
            name = name_el.get(qn("w:val")) if name_el is not None else style.get(qn("w:styleId"), "")
            names[style.get(qn("w:styleId"), "")] = name or ""
            if style.get(qn("w:default")) in ("1", "true", "on"):
                default = name or default
        return names, default

    def _style_name(self, ppr) -> str:  # noqa: ANN001 - lxml element or None
        style_el = ppr.find(qn("w:pStyle")) if ppr is not None else None
        if style_el is None:
            return self._default_style
        sid = style_el.get(qn("w:val"), "")
        name = self._style_names.get(sid, sid)
        # python-docx names built-in styles in lower case in the XML ("heading 1"); show them as Word does
        return _UI_NAMES.get(name.lower(), name)

    def build(self) -> DocxContent:
        body = self.doc.element.body
        for child in body.iterchildren():
            if self.blocks >= MAX_BLOCKS:
                self.truncated = True
                break
            if child.tag == qn("w:p"):
                self._paragraph(Paragraph(child, self.doc))
            elif child.tag == qn("w:tbl"):
                self._close_lists()
                self._table(Table(child, self.doc))
        self._close_lists()
        if self.truncated:
            self._out(f"<p><i>… the rest of the document is not shown (over {MAX_BLOCKS} blocks).</i></p>")
        pages = tuple("".join(p) for p in self.pages if p or len(self.pages) == 1)
        return DocxContent(pages or ("",), self.images, "\n".join(self.text), self.truncated)

    def _out(self, chunk: str) -> None:
        self.pages[-1].append(chunk)

    def _new_page(self) -> None:
        self._close_lists()
        if self.pages[-1]:
            self.pages.append([])

    # -- paragraphs ---------------------------------------------------------------------
    def _paragraph(self, p: Paragraph) -> None:
        self.blocks += 1
        ppr = p._p.pPr
        if ppr is not None and ppr.find(qn("w:pageBreakBefore")) is not None:
            self._new_page()
        style = self._style_name(ppr)
        runs_html, breaks_after = self._runs(p)
        plain = p.text
        self.text.append(plain)
        level, ordered = self._list_info(p, style)
        align = {1: "center", 2: "right", 3: "justify"}.get(int(p.alignment) if p.alignment is not None else 0, "")
        align_attr = f' align="{align}"' if align else ""
        if level is not None:
            self._open_list(level, ordered)
            self._out(f"<li>{runs_html}</li>")
        else:
            self._close_lists()
            tag = _heading_tag(style)
            if tag:
                self._out(f"<{tag}{align_attr}>{runs_html}</{tag}>")
            elif runs_html.strip():
                self._out(f"<p{align_attr}>{runs_html}</p>")
            else:
                self._out("<p>&nbsp;</p>")
        if breaks_after or (ppr is not None and ppr.find(qn("w:sectPr")) is not None):
            self._new_page()

    def _runs(self, p: Paragraph) -> tuple[str, bool]:
        parts: list[str] = []
        page_break = False
        for run in p.iter_inner_content():
            if not hasattr(run, "bold"):  # a hyperlink: its runs, underlined
                inner = "".join(html.escape(r.text) for r in run.runs)
                parts.append(f"<u style='color:#1a55b0'>{inner}</u>")
                continue
            r = run._r
            if any(br.get(qn("w:type")) == "page" for br in r.findall(qn("w:br"))):
                page_break = True
            for blip in r.iter(qn("a:blip")):
                parts.append(self._image(blip, r))
            text = html.escape(run.text).replace("\n", "<br/>").replace("\t", "&nbsp;&nbsp;&nbsp;&nbsp;")
            if not text:
                continue
            if run.bold:
                text = f"<b>{text}</b>"
            if run.italic:
                text = f"<i>{text}</i>"
            if run.underline:
                text = f"<u>{text}</u>"
            parts.append(text)
        return "".join(parts), page_break

    def _image(self, blip, run_element) -> str:  # noqa: ANN001 - lxml element
        rid = blip.get(qn("r:embed"))
        if not rid or len(self.images) >= MAX_IMAGES:
            return ""
        try:
            blob = self.doc.part.related_parts[rid].blob
        except (KeyError, AttributeError):
            return ""
        image, reason = self.budget.decode(blob)
        if image is None:
            return f"<i>[{html.escape(reason)}]</i>"
        name = f"docx-image-{len(self.images)}"
        self.images[name] = image
        width = image.width()
        extent = next(run_element.iter(qn("wp:extent")), None)
        if extent is not None and extent.get("cx", "").isdigit():
            width = int(extent.get("cx")) // EMU_PER_PX
        width = max(8, min(width, MAX_IMAGE_WIDTH_PX))
        return f'<img src="{name}" width="{width}"/>'

    # -- lists --------------------------------------------------------------------------
    def _list_info(self, p: Paragraph, style: str) -> tuple[int | None, bool]:
        ppr = p._p.pPr
        num_pr = ppr.numPr if ppr is not None else None
        if num_pr is not None and num_pr.numId is not None:
            level = int(num_pr.ilvl.val) if num_pr.ilvl is not None else 0
            num_id = str(num_pr.numId.val)
            if num_id == "0":
                return None, False
            fmt = self._num_format(num_id, str(level))
            return level, fmt not in ("bullet", "none", "")
        if style.startswith(("List Bullet", "List Number")):
            digits = "".join(ch for ch in style if ch.isdigit())
            level = int(digits) - 1 if digits else 0
            return level, style.startswith("List Number")
        return None, False

    def _num_format(self, num_id: str, level: str) -> str:
        key = (num_id, level)
        if key not in self._num_formats:
            self._num_formats[key] = ""
            try:
                numbering = self.doc.part.numbering_part.element
                num = next(n for n in numbering.findall(qn("w:num")) if n.get(qn("w:numId")) == num_id)
                abstract_id = num.find(qn("w:abstractNumId")).get(qn("w:val"))
                abstract = next(a for a in numbering.findall(qn("w:abstractNum"))
                                if a.get(qn("w:abstractNumId")) == abstract_id)
                lvl = next(v for v in abstract.findall(qn("w:lvl")) if v.get(qn("w:ilvl")) == level)
                self._num_formats[key] = lvl.find(qn("w:numFmt")).get(qn("w:val"))
            except (StopIteration, AttributeError, NotImplementedError, KeyError):
                self._num_formats[key] = "bullet"
        return self._num_formats[key]

    def _open_list(self, level: int, ordered: bool) -> None:
        level = min(level, 8)
        while len(self.list_stack) > level + 1:
            self._out(f"</{self.list_stack.pop()}>")
        tag = "ol" if ordered else "ul"
        if len(self.list_stack) == level + 1 and self.list_stack[-1] != tag:
            self._out(f"</{self.list_stack.pop()}>")
        while len(self.list_stack) < level + 1:
            self.list_stack.append(tag)
            self._out(f"<{tag}>")

    def _close_lists(self) -> None:
        while self.list_stack:
            self._out(f"</{self.list_stack.pop()}>")

    # -- tables -------------------------------------------------------------------------
    def _table(self, table: Table) -> None:
        rows = []
        for tr in table._tbl.tr_lst:
            self.blocks += 1
            if self.blocks >= MAX_BLOCKS:
                self.truncated = True
                break
            cells = []
            for tc in tr.tc_lst:
                if tc.vMerge == "continue":
                    cells.append("<td></td>")
                    continue
                span = tc.grid_span
                paragraphs = [Paragraph(p, self.doc) for p in tc.iter(qn("w:p"))]
                self.text.append(" | ".join(p.text for p in paragraphs))
                # the same runs as body text: bold, italic and pictures survive inside cells
                shown = [self._runs(p)[0] for p in paragraphs]
                colspan = f' colspan="{span}"' if span > 1 else ""
                cells.append(f"<td{colspan}>{'<br/>'.join(shown)}</td>")
            rows.append(f"<tr>{''.join(cells)}</tr>")
        self._out('<table border="1" cellspacing="0" cellpadding="4" '
                  'style="border-collapse: collapse; border-color: #9aa0a6;" width="100%">'
                  f"{''.join(rows)}</table><p></p>")


_UI_NAMES = {"heading 1": "Heading 1", "heading 2": "Heading 2", "heading 3": "Heading 3",
             "heading 4": "Heading 4", "heading 5": "Heading 5", "heading 6": "Heading 6",
             "heading 7": "Heading 7", "heading 8": "Heading 8", "heading 9": "Heading 9",
             "title": "Title", "subtitle": "Subtitle", "normal": "Normal"}


def _heading_tag(style: str) -> str:
    if style == "Title":
        return "h1"
    if style == "Subtitle":
        return "h3"
    if style.startswith("Heading "):
        digits = style.removeprefix("Heading ").strip()
        if digits.isdigit():
            return f"h{min(int(digits), 6)}"
    return ""

