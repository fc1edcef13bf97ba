"""Two versions of one document, item by item (no Qt): the paragraphs and table rows of a DOCX in document
order, the text lines of a PDF, one item per PPTX slide ("3. Title · text"), one per XLSX cell ("Sheet!A1: v").

:func:`align` pairs the items of two versions (``difflib``) and says of each pair whether it is the same, changed,
added or removed; the compare view (renderers) and a restore's approval card (:func:`restore_changes`) use it.
"""
from __future__ import annotations

import difflib
import io
from collections.abc import Callable
from pathlib import Path

from skills.messages import Said, msg

MAX_ITEMS = 20_000  # a document bigger than this is compared on its first items only
MAX_PAIRS = 200  # pairs a restore's approval card lists


def docx_items(data: bytes) -> list[str]:
    import docx

    doc = docx.Document(io.BytesIO(data))
    items: list[str] = []
    for child in doc.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            text = "".join(t.text or "" for t in child.iter() if t.tag.endswith("}t"))
            if text.strip():
                items.append(text)
        elif tag == "tbl":
            for tr in child.iter():
                if tr.tag.endswith("}tr"):
                    cells = ["".join(t.text or "" for t in tc.iter() if t.tag.endswith("}t"))
                             for tc in tr if tc.tag.endswith("}tc")]
                    items.append(" | ".join(cells))
    return items


def pdf_items(data: bytes) -> list[str]:
    import pymupdf

    items: list[str] = []
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        for page in doc:
            items += [ln.strip() for ln in page.get_text().splitlines() if ln.strip()]
    return items


def pptx_slides(data: bytes) -> list[tuple[str, str]]:
    """Each slide as ("<n>. its texts", its speaker notes or ""), from one read of the deck."""
    import pptx

    slides = []
    for n, slide in enumerate(pptx.Presentation(io.BytesIO(data)).slides, start=1):
        texts = [" ".join(shape.text_frame.text.split()) for shape in slide.shapes if shape.has_text_frame]
        frame = slide.notes_slide.notes_text_frame if slide.has_notes_slide else None
        slides.append((f"{n}. " + " · ".join(t for t in texts if t), " ".join(frame.text.split()) if frame else ""))
    return slides


def pptx_items(data: bytes) -> list[str]:
    return [item for item, _notes in pptx_slides(data)]


def xlsx_items(data: bytes) -> list[str]:
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    items: list[str] = []
    try:
        for sheet in book.worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.value is not None and hasattr(cell, "coordinate"):
                        items.append(f"{sheet.title}!{cell.coordinate}: {cell.value}")
                        if len(items) > MAX_ITEMS:
                            return items
    finally:
        book.close()
    return items


READERS: dict[str, Callable[[bytes], list[str]]] = {"docx": docx_items, "pdf": pdf_items, "pptx": pptx_items,
                                                    "xlsx": xlsx_items}


def _key(kind: str, item: str) -> str:
    # Cells align on their address, slides on their position: a changed value is "changed", not removed+added.
    if kind == "xlsx":
        return item.split(": ", 1)[0]
    if kind == "pptx":
        return item.split(". ", 1)[0]
    return item


def align(left: list[str], right: list[str], kind: str) -> list[tuple[str, str, str]]:
    """(kind of difference, left item, right item) for every item of either version, in order; "" is the
    missing side of an added or removed item."""
    rows: list[tuple[str, str, str]] = []
    matcher = difflib.SequenceMatcher(a=[_key(kind, i) for i in left], b=[_key(kind, i) for i in right],
                                      autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            rows += [("same" if a == b else "changed", a, b) for a, b in zip(left[i1:i2], right[j1:j2])]
            continue
        a_part, b_part = left[i1:i2], right[j1:j2]
        paired = min(len(a_part), len(b_part)) if tag == "replace" else 0
        rows += [("changed", a, b) for a, b in zip(a_part[:paired], b_part[:paired])]
        rows += [("removed", a, "") for a in a_part[paired:]]
        rows += [("added", "", b) for b in b_part[paired:]]
    return rows


def restore_changes(current: Path, restored: bytes, kind: str) -> list[list[Said]]:
    """(now, after the restore) pairs of every paragraph/slide/cell/line that differs, as an edit's approval
    card shows them; [] when a side cannot be read (the card then shows the headline only)."""
    reader = READERS.get(kind)
    if reader is None or not current.is_file():
        return []
    try:
        before, after = reader(current.read_bytes()), reader(restored)
    except Exception:  # noqa: BLE001 - a version that cannot be read: no pairs, the restore itself still checks
        return []
    pairs: list[list[Said]] = [[a, b] for difference, a, b in align(before, after, kind) if difference != "same"]
    if kind == "pptx":  # "Slide 5: Risks · Budget" in the reader's language, as an edit's pairs say it
        pairs = [[_slide(a), _slide(b)] for a, b in pairs]
    return pairs[:MAX_PAIRS]


def _slide(item: Said) -> Said:
    if not isinstance(item, str):
        return item
    number, _dot, text = item.partition(". ")
    return msg("change.slide", number=int(number), title=text) if number.isdigit() else item
