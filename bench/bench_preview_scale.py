"""XLSX with 1,000,000 rows and a shared-string table (as Excel saves it): first painted preview,
and ``mira inspect`` against a plain lxml pass over the same sheet XML.

First paint has an absolute target (<= 1 s); its baseline row is openpyxl's read-only
workbook reading the same first rows (what the preview used before), run once because it
takes many seconds. Inspect and the lxml pass run alternately, medians compared. The lxml
pass visits every element of the sheet XML (rows, cells, values) and drops finished rows:
the least any reader of every cell does.
"""
from __future__ import annotations

import contextlib
import io
import statistics
import tempfile
import time
import zipfile
from pathlib import Path

from bench._common import Row
from bench._preview_common import app, first_paint, interleaved, spread
from bench._xlsx_gen import write_shared_strings_xlsx

ROWS = 1_000_000


def _openpyxl_first_rows(path: Path) -> float:
    import openpyxl

    t0 = time.perf_counter()
    wb = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
    for i, _row in enumerate(wb.active.iter_rows(values_only=True)):
        if i >= 120:
            break
    wb.close()
    return time.perf_counter() - t0


def _inspect(path: Path) -> float:
    from skills.cli import main

    t0 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = main([str(path), "--json"])
    elapsed = time.perf_counter() - t0
    if code != 0:
        raise RuntimeError(f"mira inspect exited with {code}")
    return elapsed


def _lxml_pass(path: Path) -> float:
    from lxml import etree

    t0 = time.perf_counter()
    row_tag = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}row"
    with zipfile.ZipFile(path) as z, z.open("xl/worksheets/sheet1.xml") as src:
        for _, el in etree.iterparse(src, events=("end",)):
            el.clear()
            if el.tag == row_tag:
                while el.getprevious() is not None:
                    del el.getparent()[0]
    return time.perf_counter() - t0


def run() -> list[Row]:
    app()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = write_shared_strings_xlsx(Path(tmp) / "million.xlsx", ROWS)
        first_paint(path)  # warm-up, not measured
        paints = [first_paint(path) for _ in range(5)]
        openpyxl_time = _openpyxl_first_rows(path)
        paint = statistics.median(paints)
        rows.append(Row("XLSX first preview paint, 1,000,000 rows with shared strings", paint, openpyxl_time, "s",
                        "openpyxl read-only workbook, first 120 rows (1 run)", "<= 1 s", met=paint <= 1.0,
                        note=spread(paints)))
        inspect, plain = interleaved(lambda: _inspect(path), lambda: _lxml_pass(path), 3)
        rows.append(Row("mira inspect, 1,000,000 rows with shared strings", statistics.median(inspect),
                        statistics.median(plain), "s", "lxml iterparse over the same sheet XML (every element)",
                        "<= 1.5x baseline", 1.5,
                        note=f"inspect {spread(inspect, 1, 's')}; lxml {spread(plain, 1, 's')}"))
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.3f} {row.unit} vs {row.baseline:.3f} ({row.baseline_name}) "
              f"ratio {row.ratio:.2f} — {row.note}")
