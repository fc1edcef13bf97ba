"""The inside of a DOCX paragraph as HTML, walked from the XML (no Qt widgets).

python-docx's run API skips much of what Word draws: content controls (``w:sdt``),
field results, ruby text, text boxes inside drawings, VML pictures, footnote marks
and anything wrapped in ``mc:AlternateContent``. This walker reads the paragraph's
XML itself so all of that reaches the preview; every text is escaped.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from docx.oxml import ns

from renderers.docx._css import run_css
from skills.api import RunLook
from skills.api import NoteMarks

# Looked up for every child of every run: remembered, a long document's runs cost a third.
qn = cache(ns.qn)

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_V = "urn:schemas-microsoft-com:vml"
_M = "http://schemas.openxmlformats.org/officeDocument/2006/math"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"

T, TAB, BR, CR, R, RPR = (qn(f"w:{t}") for t in ("t", "tab", "br", "cr", "r", "rPr"))
_TRANSPARENT = {qn(f"w:{t}") for t in ("hyperlink", "ins", "smartTag", "customXml", "fldSimple", "bdo", "dir",
                                       "moveTo", "sdtContent")}
_SKIPPED = {qn(f"w:{t}") for t in ("del", "moveFrom", "pPr", "rPr", "proofErr", "bookmarkStart", "bookmarkEnd",
                                   "commentRangeStart", "commentRangeEnd", "sdtPr", "sdtEndPr")}
_ALT, _CHOICE, _FALLBACK = f"{{{_MC}}}AlternateContent", f"{{{_MC}}}Choice", f"{{{_MC}}}Fallback"
_TXBX = qn("w:txbxContent")
_SPACES = re.compile(r"(?<= ) +")
_IMAGEDATA = f"{{{_V}}}imagedata"
_BLIP = f"{{{_A}}}blip"
_DIAGRAM = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}relIds"
_MATH = (f"{{{_M}}}oMath", f"{{{_M}}}oMathPara")


@dataclass
class Fields:
    """What field codes resolve to where the file carries no cached result."""

    page: int = 1
    pages: int = 0
    live: bool = False  # a header or footer is read: its page numbers are each page's, not the file's
    marks: NoteMarks = field(default_factory=NoteMarks)  # the notes' marks, in the order referenced

    def note_mark(self, key: str) -> str:
        return self.marks.mark(key)


@dataclass
class Inline:
    """One paragraph's content: HTML, plain text, and what the block builder must place after it."""

    html: str = ""
    plain: str = ""
    page_break: bool = False
    boxes: list[Any] = field(default_factory=list)  # w:txbxContent elements, drawn after the paragraph
    notes: list[str] = field(default_factory=list)  # footnote/endnote ids referenced, in order


class InlineWalker:
    """Walk ``w:p`` content; ``image(rid, width_px)`` turns a picture reference into HTML."""

    def __init__(self, image: Callable[[str, Any], str], fields: Fields) -> None:
        self.image = image
        self.fields = fields
        self.diagram: Callable[[Any], str] | None = None  # SmartArt (a w:drawing) → HTML
        self._look: Callable[[Any], RunLook] | None = None
        self._base: RunLook | None = None

    def paragraph(self, p: Any, look: Callable[[Any], RunLook] | None = None, base: RunLook | None = None) -> Inline:
        """``look(rPr)`` is a run's resolved look and ``base`` the paragraph's: runs carry what differs."""
        self._look, self._base = look, base
        out = Inline()
        self._parts: list[str] = []
        self._plain: list[str] = []
        self._field: list[dict[str, Any]] = []  # open complex fields: instr text, result seen
        self._out = out
        self._children(p)
        out.html = "".join(self._parts)
        out.plain = "".join(self._plain)
        return out

    # -- walking -------------------------------------------------------------------------------
    def _children(self, el: Any) -> None:
        for child in el:
            tag = child.tag
            if not isinstance(tag, str) or tag in _SKIPPED:
                continue
            if tag == R:
                self._run(child)
            elif tag == qn("w:hyperlink"):
                if self._look is not None:  # the link's look is its character style's (Hyperlink)
                    self._children(child)
                    continue
                self._parts.append("<u style='color:#1a55b0'>")
                self._children(child)
                self._parts.append("</u>")
            elif tag == qn("w:fldSimple"):
                self._simple_field(child)
            elif tag in _TRANSPARENT or tag == qn("w:sdt"):
                self._children(child)
            elif tag == _ALT:
                chosen = choose(child)
                if chosen is not None:
                    self._children(chosen)
            elif tag in _MATH:
                self._text("".join(t.text or "" for t in child.iter(f"{{{_M}}}t")), None)

    def _simple_field(self, el: Any) -> None:
        computed = self._computed(el.get(qn("w:instr"), "")) if self.fields.live else ""
        if computed:  # a page number: Word shows each page's own, never the number saved with the file
            self._text(computed, None)
            return
        before = len(self._plain)
        self._children(el)
        if len(self._plain) == before:  # no cached result in the file
            self._text(self._computed(el.get(qn("w:instr"), "")), None)

    def _computed(self, instr: str) -> str:
        word = instr.strip().split(" ", 1)[0].upper() if instr.strip() else ""
        if word == "PAGE":
            return str(self.fields.page)
        if word in ("NUMPAGES", "SECTIONPAGES") and self.fields.pages:
            return str(self.fields.pages)
        return ""

    def _run(self, r: Any) -> None:
        rpr = r.find(RPR)
        for child in r:
            tag = child.tag
            if tag == qn("w:fldChar"):
                self._field_char(child.get(qn("w:fldCharType")))
            elif tag == qn("w:instrText"):
                if self._field:
                    self._field[-1]["instr"] += child.text or ""
            elif self._field and not self._field[-1]["result"]:
                continue  # inside a field's code: not shown
            elif tag == T:
                self._text(child.text or "", rpr)
            elif tag == TAB:
                self._parts.append("&nbsp;&nbsp;&nbsp;&nbsp;")
                self._plain.append("\t")
            elif tag == BR:
                if child.get(qn("w:type")) == "page":
                    self._out.page_break = True
                else:
                    self._parts.append("<br/>")
                    self._plain.append("\n")
            elif tag == CR:
                self._parts.append("<br/>")
                self._plain.append("\n")
            elif tag in (qn("w:noBreakHyphen"), qn("w:softHyphen")):
                self._text("-" if tag == qn("w:noBreakHyphen") else "", rpr)
            elif tag == qn("w:sym"):
                self._sym(child, rpr)
            elif tag in (qn("w:footnoteReference"), qn("w:endnoteReference")):
                self._note(child)
            elif tag == qn("w:ruby"):
                self._ruby(child)
            elif tag in (qn("w:drawing"), qn("w:pict"), qn("w:object")):
                self._graphic(child)
            elif tag == _ALT:
                chosen = choose(child)
                if chosen is not None:
                    for inner in chosen:
                        self._graphic(inner)

    def _field_char(self, kind: str | None) -> None:
        if kind == "begin":
            self._field.append({"instr": "", "result": False, "shown": len(self._plain)})
        elif kind == "separate" and self._field:
            # a page number's saved result is not shown: the number is computed at the end
            self._field[-1]["result"] = not (self.fields.live and self._computed(self._field[-1]["instr"]))
        elif kind == "end" and self._field:
            opened = self._field.pop()
            if not opened["result"] or len(self._plain) == opened["shown"]:
                self._text(self._computed(opened["instr"]), None)

    def _text(self, text: str, rpr: Any) -> None:
        if not text:
            return
        if self._look is not None:
            look = self._look(rpr)
            if look.hidden:
                return
            if look.caps:
                text = text.upper()
            first = not any(self._plain)
            self._plain.append(text)
            # Word keeps runs of spaces (code, aligned columns) and a line's leading spaces; HTML would
            # fold them into one and drop a paragraph's first
            shown = _SPACES.sub(lambda m: "&nbsp;" * len(m.group(0)), html.escape(text))
            if first and shown.startswith(" ") and text.strip():  # indented text, not a space before a picture
                shown = "&nbsp;" + shown[1:]
            css = run_css(look, self._base)
            self._parts.append(f'<span style="{css}">{shown}</span>' if css else shown)
            return
        self._plain.append(text)
        shown = html.escape(text)
        if rpr is not None:
            if _on(rpr, "b"):
                shown = f"<b>{shown}</b>"
            if _on(rpr, "i"):
                shown = f"<i>{shown}</i>"
            u = rpr.find(qn("w:u"))
            if u is not None and u.get(qn("w:val"), "single") != "none":
                shown = f"<u>{shown}</u>"
            if _on(rpr, "strike"):
                shown = f"<s>{shown}</s>"
            color = rpr.find(qn("w:color"))
            value = color.get(qn("w:val"), "") if color is not None else ""
            if len(value) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in value):
                shown = f"<span style='color:#{value}'>{shown}</span>"
        self._parts.append(shown)

    def _sym(self, el: Any, rpr: Any) -> None:
        code = el.get(qn("w:char"), "")
        try:
            value = int(code, 16)
        except ValueError:
            return
        if value >= 0xF000:  # symbol-font private use area: the glyph has no Unicode meaning
            value = 0x2022
        self._text(chr(value), rpr)

    def _note(self, el: Any) -> None:
        note_id = el.get(qn("w:id"), "")
        endnote = el.tag == qn("w:endnoteReference")
        key = f"{'e' if endnote else 'f'}{note_id}"
        self._out.notes.append(key)
        mark = self.fields.note_mark(key)
        self._parts.append(f"<sup>{html.escape(mark)}</sup>")
        self._plain.append(f"[{mark}]")

    def _ruby(self, el: Any) -> None:
        base = el.find(qn("w:rubyBase"))
        text = el.find(qn("w:rt"))
        if base is not None:
            self._children(base)
        reading = "".join(t.text or "" for t in text.iter(T)) if text is not None else ""
        if reading:
            # Qt rich text has no ruby layout: the reading follows the base, small and raised
            self._parts.append(f"<sup style='font-size:8pt; color:#5f6368'>({html.escape(reading)})</sup>")
            self._plain.append(f"({reading})")

    def _graphic(self, el: Any) -> None:
        if not isinstance(el.tag, str):
            return
        if el.tag == _ALT:
            chosen = choose(el)
            if chosen is not None:
                for inner in chosen:
                    self._graphic(inner)
            return
        if self.diagram is not None and any(True for _ in el.iter(_DIAGRAM)):
            self._parts.append(self.diagram(el))
            return
        for blip in el.iter(_BLIP):
            rid = blip.get(f"{{{_R}}}embed")
            if rid:
                self._parts.append(self.image(rid, el))
        for data in el.iter(_IMAGEDATA):
            rid = data.get(f"{{{_R}}}id")
            if rid:
                self._parts.append(self.image(rid, el))
        # a text box nested in a text box is found when the outer box's paragraphs are walked
        boxes = list(el.iter(_TXBX))
        inner = {id(b) for box in boxes for b in box.iter(_TXBX) if b is not box}
        self._out.boxes.extend(b for b in boxes if id(b) not in inner)


def choose(alt: Any) -> Any:
    """The branch of ``mc:AlternateContent`` to show: a Choice we understand, else the Fallback.

    Choices that hold plain drawings (``wps``, ``wpg``, ``wp14``, ``w14``) are read; any other
    (ink, SmartArt in Word 2010+ form, ...) gives way to the picture the Fallback carries.
    """
    fallback = None
    for branch in alt:
        if branch.tag == _CHOICE:
            needs = set((branch.get("Requires") or "").split())
            if needs and needs <= {"wps", "wpg", "wp14", "w14", "w15", "wpc", "a14", "v"} \
                    and any(True for _ in branch.iter(_BLIP, _TXBX, _IMAGEDATA)):
                return branch
        elif branch.tag == _FALLBACK:
            fallback = branch
    return fallback


def _on(rpr: Any, name: str) -> bool:
    el = rpr.find(qn(f"w:{name}"))
    return el is not None and el.get(qn("w:val"), "true") not in ("0", "false", "off", "none")
