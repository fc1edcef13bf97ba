"""``mira inspect`` on an XLSX with 1,000,000 rows and a shared-string table (as Excel saves it),
against a plain lxml pass over the same sheet XML.

Both run alternately, three times each, medians compared. The lxml pass visits every element
of the sheet XML (rows, cells, values) and drops finished rows: the least any reader of every
cell does. The workbook is generated here (bench/_xlsx_gen.py), never committed.
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
from bench._preview_common import interleaved, spread
from bench._xlsx_gen import write_shared_strings_xlsx

ROWS = 1_000_000


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
    with tempfile.TemporaryDirectory() as tmp:
        path = write_shared_strings_xlsx(Path(tmp) / "million.xlsx", ROWS)
        inspect, plain = interleaved(lambda: _inspect(path), lambda: _lxml_pass(path), 3)
    return [Row("mira inspect, 1,000,000 rows with shared strings", statistics.median(inspect),
                statistics.median(plain), "s", "lxml iterparse over the same sheet XML (every element)",
                "<= 1.5x baseline", 1.5, note=f"inspect {spread(inspect, 1, 's')}; lxml {spread(plain, 1, 's')}")]


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.2f} s vs {row.baseline:.2f} s, ratio {row.ratio:.2f} ({row.note})")
