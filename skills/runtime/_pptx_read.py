"""Reading a deck back: the outline for inspect and the evidence for verify."""
from __future__ import annotations

import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from lxml.etree import XMLSyntaxError
from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER
from pptx.exc import PackageNotFoundError
from pptx.presentation import Presentation as PresentationT

from skills.runtime._base import Check, CommandError, Evidence
from skills.runtime._pptx_xlsx_common import contains_check, make_evidence
from skills.runtime.workspace import Workspace

MAX_TEXT = 4000  # per shape in the inspect outline; the model does not need more
EMU_PER_INCH = 914400


def open_deck(path: Path) -> PresentationT:
    """Open with python-pptx, turning library errors into one clear line."""
    try:
        return Presentation(str(path))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, XMLSyntaxError, ValueError) as exc:
        raise CommandError(f"{path.name}: cannot be opened as a PowerPoint deck ({exc})") from None
    except Exception as exc:  # noqa: BLE001 - a malformed package can fail anywhere inside the library
        raise CommandError(f"{path.name}: cannot be opened as a PowerPoint deck ({exc})") from None


def _walk(shapes: Any) -> Iterator[Any]:
    for shape in shapes:
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
            yield from _walk(shape.shapes)
        else:
            yield shape


def slide_title(slide: Any) -> str:
    t = slide.shapes.title
    return t.text_frame.text.strip() if t is not None and t.has_text_frame else ""


def slide_outline(slide: Any, index: int) -> dict[str, Any]:
    title_shape = slide.shapes.title
    shapes, tables, pictures = [], [], []
    for shape in _walk(slide.shapes):
        if shape.has_text_frame and shape is not title_shape and shape.shape_id != getattr(title_shape, "shape_id", -1):
            paras = [{"text": p.text, "level": p.level} for p in shape.text_frame.paragraphs if p.text.strip()]
            if paras:
                text = "\n".join(p["text"] for p in paras)
                kind = "placeholder" if shape.is_placeholder else "text"
                if shape.is_placeholder and shape.placeholder_format.type == PP_PLACEHOLDER.SUBTITLE:
                    kind = "subtitle"
                shapes.append({"name": shape.name, "kind": kind, "text": text[:MAX_TEXT],
                               "paragraphs": paras[:200]})
        if getattr(shape, "has_table", False) and shape.has_table:
            tables.append([[c.text for c in row.cells] for row in shape.table.rows][:200])
        if shape.shape_type == MSO_SHAPE_TYPE.PICTURE or (shape.is_placeholder and hasattr(shape, "image")):
            try:
                pictures.append({"name": shape.name, "content_type": shape.image.content_type,
                                 "width_in": round(shape.width / EMU_PER_INCH, 2),
                                 "height_in": round(shape.height / EMU_PER_INCH, 2)})
            except (ValueError, AttributeError, KeyError):
                pictures.append({"name": shape.name, "content_type": "", "broken": True})
    notes = ""
    if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
        notes = slide.notes_slide.notes_text_frame.text
    return {"index": index, "layout": slide.slide_layout.name, "title": slide_title(slide),
            "shapes": shapes, "tables": tables, "pictures": pictures, "notes": notes[:MAX_TEXT]}


def outline(prs: PresentationT) -> dict[str, Any]:
    slides = [slide_outline(s, i) for i, s in enumerate(prs.slides, 1)]
    return {"slide_width_in": round(prs.slide_width / EMU_PER_INCH, 3),
            "slide_height_in": round(prs.slide_height / EMU_PER_INCH, 3),
            "slide_count": len(slides), "slides": slides}


def all_text(o: Mapping[str, Any]) -> str:
    parts = []
    for s in o["slides"]:
        parts.append(s["title"])
        parts += [sh["text"] for sh in s["shapes"]]
        parts += [c for t in s["tables"] for row in t for c in row]
        parts.append(s["notes"])
    return "\n".join(parts)


def deck_evidence(ws: Workspace, path: Path, expect: Mapping[str, Any] | None) -> tuple[Evidence, dict[str, Any]]:
    """Open the real file and check it; returns the evidence and the outline it was computed from."""
    expect = expect or {}
    try:
        o = outline(open_deck(path))
        checks = [Check("opens", "passed", "python-pptx opened the deck")]
    except CommandError as exc:
        ev = make_evidence(ws, path, "pptx", [Check("opens", "failed", str(exc))], {})
        return ev, {}
    n = o["slide_count"]
    checks.append(Check("has slides", "passed" if n else "failed", f"{n} slides"))
    if expect.get("slides") is not None:
        want = expect["slides"]
        checks.append(Check("slide count", "passed" if n == want else "failed", f"expected {want}, found {n}"))
    if expect.get("titles"):
        titles = "\n".join(s["title"] for s in o["slides"])
        checks.append(contains_check("titles present", expect["titles"], titles, what="titles"))
    if expect.get("text"):
        checks.append(contains_check("text present", expect["text"], all_text(o), what="texts"))
    if expect.get("pictures") is not None:
        pics = sum(len(s["pictures"]) for s in o["slides"])
        checks.append(Check("pictures", "passed" if pics >= expect["pictures"] else "failed",
                            f"expected {expect['pictures']}, found {pics}"))
    broken = [s["index"] for s in o["slides"] for p in s["pictures"] if p.get("broken")]
    if broken:
        checks.append(Check("pictures readable", "failed", f"unreadable picture on slides {broken}"))
    untitled = [s["index"] for s in o["slides"] if not s["title"] and not s["shapes"] and not s["tables"]
                and not s["pictures"]]
    checks.append(Check("no empty slides", "failed" if untitled else "passed",
                        f"empty slides: {untitled}" if untitled else "every slide has content"))
    counts = {"slides": n,
              "titled_slides": sum(1 for s in o["slides"] if s["title"]),
              "tables": sum(len(s["tables"]) for s in o["slides"]),
              "pictures": sum(len(s["pictures"]) for s in o["slides"]),
              "notes": sum(1 for s in o["slides"] if s["notes"].strip())}
    return make_evidence(ws, path, "pptx", checks, counts), o
