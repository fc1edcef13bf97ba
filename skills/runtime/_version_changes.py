"""What a restore brings back, as the approval card's before → after pairs (like any edit's): paragraphs of a
document, the slides of a deck (number and text), the cells of a workbook, the lines of a PDF."""
from __future__ import annotations

import difflib
import io
from pathlib import Path

MAX_PAIRS = 200


def _docx(data: bytes) -> list[str]:
    import docx

    document = docx.Document(io.BytesIO(data))
    items = [p.text for p in document.paragraphs if p.text.strip()]
    for table in document.tables:
        items += [" | ".join(c.text for c in row.cells) for row in table.rows]
    return items


def _pptx(data: bytes) -> list[str]:
    import pptx

    slides = pptx.Presentation(io.BytesIO(data)).slides
    return [f"{n}. " + " · ".join(" ".join(s.text_frame.text.split()) for s in slide.shapes
                                  if s.has_text_frame and s.text_frame.text.strip())
            for n, slide in enumerate(slides, start=1)]


def _xlsx(data: bytes) -> list[str]:
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
    try:
        return [f"{sheet.title}!{cell.coordinate}: {cell.value}" for sheet in book.worksheets
                for row in sheet.iter_rows() for cell in row
                if cell.value is not None and hasattr(cell, "coordinate")][:20_000]
    finally:
        book.close()


def _pdf(data: bytes) -> list[str]:
    import fitz

    with fitz.open(stream=data, filetype="pdf") as doc:
        return [line.strip() for page in doc for line in page.get_text().splitlines() if line.strip()][:20_000]


_READERS = {"docx": _docx, "pptx": _pptx, "xlsx": _xlsx, "pdf": _pdf}


def _key(kind: str, item: str) -> str:
    # cells pair up by address and slides by position, so a changed value reads as changed, not removed + added
    if kind == "xlsx":
        return item.split(": ", 1)[0]
    if kind == "pptx":
        return item.split(". ", 1)[0]
    return item


def restore_changes(current: Path, restored: bytes, kind: str) -> list[list[str]]:
    """(now, after the restore) pairs of every paragraph/slide/cell/line that differs; [] when a side cannot be
    read (the card then shows the headline only)."""
    reader = _READERS.get(kind)
    if reader is None or not current.is_file():
        return []
    try:
        before, after = reader(current.read_bytes()), reader(restored)
    except Exception:  # noqa: BLE001 - a version that cannot be read: no pairs, the restore itself still checks
        return []
    matcher = difflib.SequenceMatcher(a=[_key(kind, i) for i in before], b=[_key(kind, i) for i in after],
                                      autojunk=False)
    pairs: list[list[str]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pairs += [[a, b] for a, b in zip(before[i1:i2], after[j1:j2]) if a != b]
            continue
        old, new = before[i1:i2], after[j1:j2]
        paired = min(len(old), len(new)) if tag == "replace" else 0
        pairs += [[a, b] for a, b in zip(old[:paired], new[:paired])]
        pairs += [[a, ""] for a in old[paired:]] + [["", b] for b in new[paired:]]
    if kind == "pptx":  # "Slide 5: Risks · Budget" in the reader's language, as an edit's pairs say it
        pairs = [[_slide(a), _slide(b)] for a, b in pairs]
    return pairs[:MAX_PAIRS]


def _slide(item: str) -> str:
    from skills.messages import encoded, msg

    number, _dot, text = item.partition(". ")
    return encoded(msg("change.slide", number=int(number), title=text)) if number.isdigit() else item
