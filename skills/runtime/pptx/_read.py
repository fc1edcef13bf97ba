"""Reading a deck back: the outline for inspect and the evidence for verify."""
from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE_TYPE
from pptx.package import Package
from pptx.parts.presentation import PresentationPart
from pptx.presentation import Presentation as PresentationT

from skills.messages import msg
from skills.runtime._base import Check, CommandError, Evidence
from skills.runtime._common import evidence_for, expected_found
from skills.runtime._pptx_xlsx_common import contains_check, has_cjk
from skills.runtime.pptx._schema import PptxExpect
from skills.runtime.workspace import Workspace, WorkspaceError

# graphicData/@uri of what a graphic frame holds besides a table
_GRAPHIC_KINDS = {"http://schemas.openxmlformats.org/drawingml/2006/chart": "chart",
                  "http://schemas.microsoft.com/office/drawing/2014/chartex": "chart",
                  "http://schemas.openxmlformats.org/drawingml/2006/diagram": "diagram",
                  "http://schemas.openxmlformats.org/presentationml/2006/ole": "object"}
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_MC_ALTERNATE, _MC_FALLBACK = _MC + "AlternateContent", _MC + "Fallback"
MAX_TEXT = 4000  # per shape in the inspect outline; the model does not need more
EMU_PER_INCH = 914400
# <p:sldSz> is optional in the schema; PowerPoint opens a deck without it at its default 16:9 size.
DEFAULT_SLIDE_SIZE = (12192000, 6858000)


@contextlib.contextmanager
def deck_errors(name: str) -> Iterator[None]:
    """Turn a library failure on a malformed deck into one clear line naming the file.

    python-pptx reads parts lazily, so a broken relationship or shape fails while the
    deck is walked or edited, not only when it is opened; every reader and editor of a
    user's deck runs inside this.
    """
    try:
        yield
    except (CommandError, WorkspaceError):
        raise
    except Exception as exc:  # noqa: BLE001 - a malformed package can fail anywhere inside the library
        raise CommandError(msg("problem.corrupt", name=name, kind="PPTX"), details=str(exc)) from None


def open_deck(path: Path) -> PresentationT:
    """Open with python-pptx, turning library errors into one clear line.

    Templates (.potx) have the same presentation part; python-pptx's ``Presentation``
    refuses them by content type only, so the part is taken from the package. Which
    files may reach this (never a macro or template file for a write) is safety's call.
    """
    with deck_errors(path.name):
        part = Package.open(str(path)).main_document_part
        if not isinstance(part, PresentationPart):
            return Presentation(str(path))  # the library's own "not a PowerPoint file" error
        deck: PresentationT = part.presentation  # python-pptx's lazyproperty hides the type
        return deck


def _walk(shapes: Any) -> Iterator[Any]:
    for shape in shapes:
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
            yield from _walk(shape.shapes)
        else:
            yield shape


def slide_title(slide: Any) -> str:
    t = slide.shapes.title
    return t.text_frame.text.strip() if t is not None and t.has_text_frame else ""


_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_R_EMBED = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"
_TITLE_KINDS = ("title", "ctrTitle")


def _paragraphs(tx_body: Any) -> list[dict[str, Any]]:
    out = []
    for p in tx_body.iterchildren(_A + "p"):
        text = "".join(t.text or "" for t in p.iter(_A + "t"))
        if text.strip():
            ppr = p.find(_A + "pPr")
            out.append({"text": text, "level": int(ppr.get("lvl", "0")) if ppr is not None else 0})
    return out


def _frame_text(tx_body: Any) -> str:
    if tx_body is None:
        return ""
    return "\n".join("".join(t.text or "" for t in p.iter(_A + "t")) for p in tx_body.iterchildren(_A + "p"))


def _drawn(sp: Any) -> bool:
    """A shape with an outline of its own (an arrow, a box), not an empty text box."""
    box = sp.find(f"{_P}nvSpPr/{_P}cNvSpPr")
    if box is not None and box.get("txBox") in ("1", "true"):
        return False
    return sp.find(f"{_P}spPr/{_A}prstGeom") is not None or sp.find(f"{_P}spPr/{_A}custGeom") is not None


class _SlideReader:
    """Reads one slide's shape tree straight from its XML (python-pptx's shape objects run an
    xpath per property, which dominated verification time)."""

    def __init__(self, slide: Any) -> None:
        self.slide = slide
        self.title: str | None = None
        self.shapes: list[dict[str, Any]] = []
        self.tables: list[list[list[str]]] = []
        self.pictures: list[dict[str, Any]] = []
        # What else the slide draws: charts, SmartArt, embedded objects, shapes without text, connectors, ink
        self.graphics: list[str] = []

    def read(self, tree: Any) -> None:
        for el in tree.iterchildren():
            tag = el.tag
            if tag == _P + "sp":
                self._sp(el)
            elif tag == _P + "grpSp":
                self.read(el)
            elif tag == _P + "graphicFrame":
                data = el.find(f"{_A}graphic/{_A}graphicData")
                tbl = data.find(_A + "tbl") if data is not None else None
                if tbl is None and data is not None:  # a frame without readable graphic data shows nothing
                    self._graphic(_GRAPHIC_KINDS.get(data.get("uri", ""), "object"))
                elif tbl is not None and len(self.tables) < 50:
                    self.tables.append([[_frame_text(tc.find(_A + "txBody")) for tc in tr.iterchildren(_A + "tc")]
                                        for tr in tbl.iterchildren(_A + "tr")][:200])
            elif tag == _P + "pic":
                self._pic(el)
            elif tag == _P + "cxnSp":
                self._graphic("connector")
            elif tag == _P + "contentPart":
                self._graphic("ink")
            elif tag == _MC_ALTERNATE:  # e.g. ink or a newer shape with a fallback: read what older readers see
                fallback = el.find(_MC_FALLBACK)
                if fallback is not None:
                    self.read(fallback)

    def _graphic(self, kind: str) -> None:
        if len(self.graphics) < 50:
            self.graphics.append(kind)

    def _sp(self, el: Any) -> None:
        c_nv = el.find(f"{_P}nvSpPr/{_P}cNvPr")
        ph = el.find(f"{_P}nvSpPr/{_P}nvPr/{_P}ph")
        kind = None if ph is None else ph.get("type", "obj")
        body = el.find(_P + "txBody")
        if kind in _TITLE_KINDS and self.title is None:
            self.title = _frame_text(body).strip()
            return
        paras = _paragraphs(body) if body is not None else []
        if not paras and ph is None and _drawn(el):
            self._graphic("shape")  # a drawn shape with no text is still something the slide shows
        if paras:
            text = "\n".join(p["text"] for p in paras)
            shown = "subtitle" if kind == "subTitle" else ("text" if kind is None else "placeholder")
            self.shapes.append({"name": c_nv.get("name", "") if c_nv is not None else "", "kind": shown,
                                "text": text[:MAX_TEXT], "paragraphs": paras[:200]})

    def _pic(self, el: Any) -> None:
        c_nv = el.find(f"{_P}nvPicPr/{_P}cNvPr")
        name = c_nv.get("name", "") if c_nv is not None else ""
        blip = el.find(f"{_P}blipFill/{_A}blip")
        ext = el.find(f"{_P}spPr/{_A}xfrm/{_A}ext")
        try:
            part = self.slide.part.related_part(blip.get(_R_EMBED))
            self.pictures.append({"name": name, "content_type": part.content_type,
                                  "width_in": round(int(ext.get("cx")) / EMU_PER_INCH, 2) if ext is not None else None,
                                  "height_in": round(int(ext.get("cy")) / EMU_PER_INCH, 2) if ext is not None else None})
        except (AttributeError, KeyError, TypeError, ValueError):
            self.pictures.append({"name": name, "content_type": "", "broken": True})


def slide_outline(slide: Any, index: int) -> dict[str, Any]:
    reader = _SlideReader(slide)
    reader.read(slide._element.find(f"{_P}cSld/{_P}spTree"))
    notes = ""
    if slide.has_notes_slide:
        for sp in slide.notes_slide._element.iter(_P + "sp"):
            ph = sp.find(f"{_P}nvSpPr/{_P}nvPr/{_P}ph")
            if ph is not None and ph.get("type") == "body":
                notes = _frame_text(sp.find(_P + "txBody"))
                break
    return {"index": index, "layout": slide.slide_layout.name, "title": reader.title or "",
            "shapes": reader.shapes, "tables": reader.tables, "pictures": reader.pictures,
            "graphics": reader.graphics, "notes": notes[:MAX_TEXT]}


def slide_size(prs: PresentationT) -> tuple[int, int]:
    """The deck's slide width and height in EMU, the default where the deck does not say."""
    width, height = prs.slide_width, prs.slide_height
    if width is None or height is None:
        return DEFAULT_SLIDE_SIZE
    return int(width), int(height)


def outline(prs: PresentationT) -> dict[str, Any]:
    slides = [slide_outline(s, i) for i, s in enumerate(prs.slides, 1)]
    width, height = slide_size(prs)
    return {"slide_width_in": round(width / EMU_PER_INCH, 3),
            "slide_height_in": round(height / EMU_PER_INCH, 3),
            "slide_count": len(slides), "slides": slides}


def all_text(o: Mapping[str, Any]) -> str:
    parts = []
    for s in o["slides"]:
        parts.append(s["title"])
        parts += [sh["text"] for sh in s["shapes"]]
        parts += [c for t in s["tables"] for row in t for c in row]
        parts.append(s["notes"])
    return "\n".join(parts)


def cjk_font_check(prs: PresentationT) -> Check | None:
    """Every run with Chinese/Japanese/Korean text names an East Asian typeface (None: no such text)."""
    runs = bare = 0
    for slide in prs.slides:
        for r in slide._element.iter(_A + "r"):
            if has_cjk(r.findtext(_A + "t") or ""):
                runs += 1
                rpr = r.find(_A + "rPr")
                ea = rpr.find(_A + "ea") if rpr is not None else None
                bare += ea is None or not ea.get("typeface")
    if not runs:
        return None
    if bare:
        return Check(name="East Asian font", status="failed", detail=f"{bare} of {runs} runs with CJK text have no East Asian font")
    return Check(name="East Asian font", status="passed", detail=f"all {runs} runs with CJK text name an East Asian font")


def shows_nothing(s: Mapping[str, Any]) -> bool:
    """A slide outline with no title, text, table, picture or drawing."""
    return not (s["title"] or s["shapes"] or s["tables"] or s["pictures"] or s["graphics"])


def empty_slide_ids(prs: PresentationT) -> frozenset[int]:
    """The ids of the deck's slides that show nothing (ids survive moving and removing other slides)."""
    return frozenset(slide.slide_id for i, slide in enumerate(prs.slides, 1)
                     if shows_nothing(slide_outline(slide, i)))


def empty_slides_check(prs: PresentationT, o: Mapping[str, Any], empty_before: frozenset[int] | None) -> Check:
    """No slide shows nothing; after an edit (``empty_before`` given), no slide the edit left empty.

    A deck that already had an empty slide would otherwise fail the check of every edit made to it.
    """
    empty = [(s["index"], slide.slide_id) for s, slide in zip(o["slides"], prs.slides) if shows_nothing(s)]
    if not empty:
        return Check(name="no empty slides", status="passed", detail=msg("check.detail.no_empty_slides"))
    new = [i for i, sid in empty if empty_before is None or sid not in empty_before]
    if new:
        return Check(name="no empty slides", status="failed", detail=msg("check.detail.empty_slides", len(new), slides=new))
    old = [i for i, _ in empty]
    return Check(name="no slide emptied", status="passed", detail=msg("check.detail.empty_before", len(old), slides=old))


def deck_evidence(ws: Workspace, path: Path, expect: PptxExpect | None, *, min_pictures: int = 0,
                  check_cjk: bool = False, empty_before: frozenset[int] | None = None
                  ) -> tuple[Evidence, dict[str, Any]]:
    """Open the real file and check it; returns the evidence and the outline it was computed from.

    ``empty_before``: an edit's source slides that showed nothing already (their ids); they do not fail it.
    """
    expect = expect or PptxExpect()
    try:
        with deck_errors(path.name):
            prs = open_deck(path)
            o = outline(prs)
        checks = [Check(name="opens", status="passed", detail="python-pptx opened the deck")]
    except CommandError as exc:
        ev = evidence_for(ws, path, "pptx", [Check(name="opens", status="failed", detail=str(exc))], {})
        return ev, {}
    n = o["slide_count"]
    checks.append(Check(name="has slides", status="passed" if n else "failed", detail=f"{n} slides"))
    cjk = cjk_font_check(prs) if check_cjk else None
    if cjk is not None:
        checks.append(cjk)
    if expect.get("slides") is not None:
        want = expect["slides"]
        checks.append(expected_found("slide count", want, n))
    if expect.get("titles"):
        titles = "\n".join(s["title"] for s in o["slides"])
        checks.append(contains_check("titles present", expect["titles"], titles, what="titles"))
    if expect.get("text"):
        checks.append(contains_check("text present", expect["text"], all_text(o), what="texts"))
    if min_pictures:
        pics = sum(1 for s in o["slides"] for p in s["pictures"] if not p.get("broken"))
        checks.append(Check(name="pictures present", status="passed" if pics >= min_pictures else "failed",
                            detail=f"expected {min_pictures}, found {pics}"))
    broken = [s["index"] for s in o["slides"] for p in s["pictures"] if p.get("broken")]
    if broken:
        checks.append(Check(name="pictures readable", status="failed", detail=f"unreadable picture on slides {broken}"))
    checks.append(empty_slides_check(prs, o, empty_before))
    counts = {"slides": n,
              "titled_slides": sum(1 for s in o["slides"] if s["title"]),
              "tables": sum(len(s["tables"]) for s in o["slides"]),
              "pictures": sum(len(s["pictures"]) for s in o["slides"]),
              "notes": sum(1 for s in o["slides"] if s["notes"].strip())}
    return evidence_for(ws, path, "pptx", checks, counts), o
