"""PPTX and XLSX: Mira's create (which re-opens and verifies the file) plus verify, against the raw
library (python-pptx / openpyxl) writing the same content with no verification, in the same run."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import statistics
import time
from collections.abc import Callable

from bench._common import Row

SLIDES = 30
ROWS = 20_000


def deck() -> list[dict[str, Any]]:
    slides: list[dict[str, Any]] = [{"layout": "title", "title": "Annual plan", "subtitle": "Benchmark deck"}]
    for i in range(1, SLIDES):
        if i % 5 == 0:
            slides.append({"layout": "table", "title": f"Figures {i}", "header": ["Region", "Q1", "Q2", "Q3"],
                           "rows": [[f"R{r}", r * 10, r * 11, r * 12] for r in range(6)]})
        else:
            slides.append({"layout": "bullets", "title": f"Topic {i}", "notes": f"Speaker notes for topic {i}",
                           "bullets": [f"Point {i}.{k}: revenue, costs and hiring for region {k}" for k in range(4)]
                           + [{"text": f"Detail {i}", "level": 1}]})
    return slides


def _raw_pptx(slides: list[dict[str, Any]], path: Path) -> None:
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    for spec in slides:
        if spec["layout"] == "title":
            s = prs.slides.add_slide(prs.slide_layouts[0])
            s.shapes.title.text = spec["title"]
            s.placeholders[1].text = spec["subtitle"]
        elif spec["layout"] == "bullets":
            s = prs.slides.add_slide(prs.slide_layouts[1])
            s.shapes.title.text = spec["title"]
            tf = s.placeholders[1].text_frame
            for k, b in enumerate(spec["bullets"]):
                p = tf.paragraphs[0] if k == 0 else tf.add_paragraph()
                p.text, p.level = (b, 0) if isinstance(b, str) else (b["text"], b["level"])
            s.notes_slide.notes_text_frame.text = spec["notes"]
        else:
            s = prs.slides.add_slide(prs.slide_layouts[5])
            s.shapes.title.text = spec["title"]
            rows = [spec["header"], *spec["rows"]]
            table = s.shapes.add_table(len(rows), len(rows[0]), Inches(0.5), Inches(1.6), Inches(12), Inches(4)).table
            for r, row in enumerate(rows):
                for c, v in enumerate(row):
                    table.cell(r, c).text = str(v)
    prs.save(str(path))


def sheet() -> dict[str, Any]:
    rows = [[i, f"Item {i}", ("North", "South", "East", "West")[i % 4], i % 17 + 1, round(i * 0.37, 2),
             f"=D{i + 2}*E{i + 2}"] for i in range(ROWS)]
    return {"name": "Orders", "header": ["Id", "Item", "Region", "Qty", "Price", "Total"], "rows": rows,
            "number_formats": {"E": "#,##0.00", "F": "#,##0.00"}}


def _raw_xlsx(spec: dict[str, Any], path: Path) -> None:
    """openpyxl's fastest mode (write_only) with the same styling: bold header, number formats, frozen row."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    wb = Workbook(write_only=True)
    ws = wb.create_sheet(spec["name"])
    ws.freeze_panes = "A2"
    bold = Font(bold=True)
    header = []
    for v in spec["header"]:
        cell = WriteOnlyCell(ws, value=v)
        cell.font = bold
        header.append(cell)
    ws.append(header)
    for row in spec["rows"]:
        out: list[Any] = list(row[:4])
        for v in row[4:]:
            cell = WriteOnlyCell(ws, value=v)
            cell.number_format = "#,##0.00"
            out.append(cell)
        ws.append(out)
    wb.save(str(path))


def _paired(raw: Callable[[], object], mira: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median times, measured alternately so both sides see the same machine load."""
    raws, miras = [], []
    for _ in range(repeat):
        for fn, times in ((raw, raws), (mira, miras)):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
    return statistics.median(raws), statistics.median(miras)


def run() -> list[Row]:
    from skills.runtime import Workspace, get_command

    slides, spec = deck(), sheet()
    tmp = Path(tempfile.mkdtemp(prefix="bench-pptx-xlsx-"))
    try:
        ws = Workspace(tmp / "ws")

        def mira_pptx() -> None:
            res = get_command("pptx_create").run(ws, {"path": "bench.pptx", "slides": slides, "overwrite": True})
            assert res.ok, res.message
            checked = get_command("pptx_verify").run(ws, {"path": "bench.pptx", "expect": {
                "slides": SLIDES, "titles": [s["title"] for s in slides]}})
            assert checked.ok, checked.message

        def mira_xlsx() -> None:
            res = get_command("xlsx_create").run(ws, {"path": "bench.xlsx", "sheets": [spec], "overwrite": True})
            assert res.ok, res.message
            checked = get_command("xlsx_verify").run(ws, {"path": "bench.xlsx", "expect": {
                "sheets": ["Orders"], "cells": {"Orders!B2": "Item 0", "Orders!F3": "=D3*E3"}}})
            assert checked.ok, checked.message

        rows = []
        for name, raw, mira, base_name, note in (
            (f"PPTX create+verify, {SLIDES} slides", lambda: _raw_pptx(slides, tmp / "raw.pptx"), mira_pptx,
             "raw python-pptx, same content, no verify", "Mira: pptx_create (writes, re-opens, checks) + pptx_verify"),
            (f"XLSX create+verify, {ROWS:,} rows", lambda: _raw_xlsx(spec, tmp / "raw.xlsx"), mira_xlsx,
             "raw openpyxl write_only, same styled content, no verify",
             "Mira: xlsx_create (streams, computes formula values, re-reads every cell once) + xlsx_verify"),
        ):
            raw()  # warm imports for both sides
            mira()
            base, value = _paired(raw, mira, repeat=5)
            rows.append(Row(name=name, value=value, baseline=base, unit="s", baseline_name=base_name,
                            target="<= 2x baseline", target_ratio=2.0, note=note))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.3f}s vs {row.baseline:.3f}s = {row.ratio:.2f}x")
