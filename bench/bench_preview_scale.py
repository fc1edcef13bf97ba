"""XLSX with 1,000,000 rows and a shared-string table (as Excel saves it): first painted preview.

The target is absolute (<= 1 s); the baseline row is openpyxl's read-only workbook reading
the same first rows (what the preview used before), run once because it takes many seconds.
``mira inspect`` on the same file: bench_inspect_scale.py.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bench._common import Row
from bench._preview_common import app, first_paint, spread
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
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.3f} {row.unit} vs {row.baseline:.3f} ({row.baseline_name}) "
              f"ratio {row.ratio:.2f} — {row.note}")
