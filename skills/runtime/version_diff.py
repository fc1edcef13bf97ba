"""Two versions of one document, item by item (no Qt): the paragraphs and table rows of a DOCX in document
order, the text lines of a PDF, one item per PPTX slide ("3. Title · text"), one per XLSX cell ("Sheet!A1: v")
and one per chart on a sheet, after its cells ("Sheet!E2 chart: its title", E2 the cell under its corner).

:func:`align` pairs the items of two versions (``difflib``) and says of each pair whether it is the same, changed,
added or removed; the compare view (renderers) and a restore's approval card (:func:`restore_changes`) use it.
"""
from __future__ import annotations

import difflib
import io
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from skills.messages import Said, msg
from skills.runtime.package_parts import read_xml, relationships

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
        with zipfile.ZipFile(io.BytesIO(data)) as archive:  # read_only loads no drawings: read the package
            charts = _xlsx_charts(archive)
        for sheet in book.worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.value is not None and hasattr(cell, "coordinate"):
                        items.append(f"{sheet.title}!{cell.coordinate}: {cell.value}")
                        if len(items) > MAX_ITEMS:
                            return items
            items += [f"{sheet.title}!{cell}{CHART}: {title}" for cell, title in charts.get(sheet.title, ())]
    finally:
        book.close()
    return items


CHART = " chart"  # after a chart item's cell: "Sheet!E2 chart: Sales" (its own key, never a cell's)
_DOC_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"
_C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def _xlsx_charts(archive: zipfile.ZipFile) -> dict[str, list[tuple[str, str]]]:
    """Sheet name → (cell under the top-left corner, title) of each chart drawn on it, in drawing order."""
    from lxml import etree
    from openpyxl.utils.cell import get_column_letter

    charts: dict[str, list[tuple[str, str]]] = {}
    try:
        book = read_xml(archive, "xl/workbook.xml")
        targets = relationships(archive, "xl/workbook.xml")
        for sheet in book.iter(f"{_MAIN}sheet"):
            part = targets.get(sheet.get(f"{_DOC_R}id", ""))
            if part is None or part not in archive.NameToInfo:
                continue
            for drawing in relationships(archive, part, "/drawing").values():
                rels = relationships(archive, drawing, "/chart")
                for corner, chart_id in _anchored_charts(read_xml(archive, drawing)):
                    if chart_id in rels:
                        row, col = corner
                        cell = f"{get_column_letter(col + 1)}{row + 1}"
                        charts.setdefault(sheet.get("name", ""), []).append((cell, _chart_title(archive, rels[chart_id])))
    except (KeyError, ValueError, zipfile.BadZipFile, etree.LxmlError):
        return charts  # what was read so far: the cells still compare
    return charts


def _anchored_charts(drawing: Any) -> Iterator[tuple[tuple[int, int], str]]:
    """((row, column) of the top-left cell, relationship id) of each chart the drawing anchors to cells."""
    for anchor in drawing:
        corner = anchor.find(f"{_XDR}from")
        chart = next(anchor.iter(f"{_C}chart"), None)
        if corner is None or chart is None:
            continue  # a picture or a shape, or a chart placed by absolute position
        yield (int(corner.findtext(f"{_XDR}row") or 0), int(corner.findtext(f"{_XDR}col") or 0)), chart.get(
            f"{_DOC_R}id", "")


def _chart_title(archive: zipfile.ZipFile, part: str) -> str:
    if part not in archive.NameToInfo:
        return ""
    title = read_xml(archive, part).find(f"{_C}chart/{_C}title")
    return " ".join("".join(t.text or "" for t in title.iter(f"{_A}t")).split()) if title is not None else ""


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
    pairs = [(a, b) for difference, a, b in align(before, after, kind) if difference != "same"]
    return [[said_item(a, kind), said_item(b, kind)] for a, b in pairs[:MAX_PAIRS]]


def said_item(item: str, kind: str) -> Said:
    """An item as the reader is told it: "Slide 5: Risks · Budget" and "Chart “Sales” at Sheet1!E2" in their
    language; text and cells as they are."""
    if kind == "pptx":
        number, _dot, text = item.partition(". ")
        return msg("change.slide", number=int(number), title=text) if number.isdigit() else item
    if kind == "xlsx":
        address, _colon, title = item.partition(": ")
        if address.endswith(CHART):
            cell = address.removesuffix(CHART)
            return msg("change.chart_at", title=title, cell=cell) if title else msg("change.chart_at.untitled", cell=cell)
    return item
