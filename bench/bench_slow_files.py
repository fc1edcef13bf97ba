"""Real files that took 10-20 s, and the generated files of their class: ``mira inspect`` and
``mira preview`` (first page) against the raw library opening the same file in a fresh process.

- DOCX with thousands of hyperlinks and runs in CJK text (Apache POI's bug65649.docx; generated:
  40 paragraphs x 500 links). Baseline: python-docx opens it and reads every paragraph's text.
- XLSX whose shared-string table is far larger than its cells (POI's poc-shared-strings.xlsx;
  generated: 3 million entries, the cells use the last). Baseline: openpyxl opens it read-only
  and reads the first rows' values (it reads the whole table to do so).

Each command runs as a person runs it (a fresh process, its worker included); runs alternate with
the baseline; medians. The real files are read from /work/shared/corpus when present (a bench may
read them; nothing is copied). Targets: at most 2 s on a quiet 2-core machine, and no slower than
the raw library.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench._common import Row, Skip
from bench._slow_files import write_linked_docx, write_string_bomb_xlsx

ROUNDS = int(os.environ.get("MIRA_BENCH_SLOW_ROUNDS", "5"))
MIRA = Path(sys.executable).with_name("mira")
CORPUS = Path(os.environ.get("MIRA_CORPUS", "/work/shared/corpus"))
REAL = {"docx": CORPUS / "docx" / "poi__bug65649.docx", "xlsx": CORPUS / "xlsx" / "poi__poc-shared-strings.xlsx"}

RAW = {
    "docx": "import sys, docx\nd = docx.Document(sys.argv[1])\nprint(sum(len(p.text) for p in d.paragraphs))\n",
    "xlsx": ("import sys, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1], read_only=True)\n"
             "ws = wb.worksheets[0]\nprint([[c.value for c in r] for r in ws.iter_rows(max_row=50)][:1])\n"),
}


def _seconds(cmd: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, timeout=300)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 2):  # 2: refused in words (a stated bound) is an answer too
        raise RuntimeError(done.stderr.decode(errors="replace")[-300:])
    return elapsed


def _rows(kind: str, label: str, path: Path, out: Path) -> list[Row]:
    inspect = [str(MIRA), "inspect", str(path)]
    preview = [str(MIRA), "preview", str(path), "--out", str(out)]
    raw = [sys.executable, "-c", RAW[kind], str(path)]
    times: dict[str, list[float]] = {"inspect": [], "preview": [], "raw": []}
    for _ in range(ROUNDS):
        times["raw"].append(_seconds(raw))
        times["inspect"].append(_seconds(inspect))
        times["preview"].append(_seconds(preview))
    base = statistics.median(times["raw"])
    rows = []
    for what in ("inspect", "preview"):
        value = statistics.median(times[what])
        rows.append(Row(name=f"{label}: mira {what}", value=value, baseline=base, unit="s",
                        baseline_name=f"raw {'python-docx' if kind == 'docx' else 'openpyxl'}, same file",
                        target="<= 2 s and <= 1x raw", target_ratio=1.0,
                        note=f"{what} {min(times[what]):.2f}-{max(times[what]):.2f} s; raw {min(times['raw']):.2f}-"
                             f"{max(times['raw']):.2f} s; {ROUNDS} rounds"))
    return rows


def run() -> list[Row]:
    if not MIRA.exists():
        raise Skip(f"{MIRA} is not installed")
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cases = [("docx", "DOCX 20,000 hyperlinks (generated)", write_linked_docx(folder / "links.docx")),
                 ("xlsx", "XLSX 3M shared strings, cells use the last (generated)",
                  write_string_bomb_xlsx(folder / "strings.xlsx", "many"))]
        cases += [(kind, f"{path.name} (real)", path) for kind, path in REAL.items() if path.is_file()]
        for kind, label, path in cases:
            rows += _rows(kind, label, path, folder / "page.png")
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.2f} {row.unit} vs {row.baseline:.2f} ({row.ratio:.2f}x) {row.note}")
