"""The benchmark runner on a fake bench folder: rows, a Skip, a crash, a timeout, the budget."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from bench.__main__ import main
from bench.runner import run_all

OK = """
from bench._common import Row

def run():
    return [
        Row("fast thing", 0.012, 0.010, "s", "raw library", "<= 2x baseline", target_ratio=2.0),
        Row("slow thing", 0.5, 0.1, "s", "raw library", "<= 2x baseline", target_ratio=2.0, note="cold cache"),
        Row("memory", 120.0, 40.0, "MB", "empty window", "<= 150 MB", met=True),
    ]
"""
SKIP = """
from bench._common import Skip

def run():
    raise Skip("LibreOffice (soffice) is not installed")
"""
CRASH = """
def run():
    raise RuntimeError("boom in the bench")
"""
HANG = """
import time

def run():
    time.sleep(30)
"""


def _write(folder: Path, **modules: str) -> Path:
    for name, body in modules.items():
        (folder / f"bench_{name}.py").write_text(textwrap.dedent(body), encoding="utf-8")
    (folder / "helper.py").write_text("raise SystemExit('not a bench module')\n", encoding="utf-8")
    return folder


def test_one_table_with_rows_skip_and_crash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path, a_ok=OK, b_skip=SKIP, c_crash=CRASH)
    out = tmp_path / "RESULTS.md"
    code = main(["--dir", str(tmp_path), "--out", str(out)])
    assert code == 1  # a crashed module makes the run fail, but the table is still complete
    printed = capsys.readouterr().out
    for text in ("fast thing", "1.20×", "met", "slow thing", "5.00×", "MISSED (cold cache)",
                 "skipped: LibreOffice (soffice) is not installed", "ERROR: crashed: RuntimeError: boom in the bench",
                 "3 figures: 2 met, 1 missed; 1 module(s) skipped, 1 error(s)"):
        assert text in printed, text
    md = out.read_text(encoding="utf-8")
    assert "| Module | Figure | Value | Baseline | Ratio | Target | Result |" in md
    assert "| a_ok | fast thing | 0.012 s | raw library: 0.01 s | 1.20× | <= 2x baseline | met |" in md
    assert "| a_ok | memory | 120 MB | empty window: 40.00 MB | 3.00× | <= 150 MB | met |" in md
    assert "| b_skip | — | — | — | — | — | skipped: LibreOffice (soffice) is not installed |" in md
    assert "ERROR: crashed: RuntimeError: boom in the bench" in md
    for field in ("- CPU: ", "- Cores: ", "- RAM: ", "- OS: ", "- Python: ", "- PySide6: ", "- PyMuPDF: ",
                  "- python-docx: ", "- openpyxl: ", "- LibreOffice: "):
        assert field in md, field
    assert "Measured 20" in md and "UTC" in md
    assert "Module run times: a_ok " in md


def test_a_hanging_module_times_out_and_the_budget_skips_the_rest(tmp_path: Path) -> None:
    _write(tmp_path, a_hang=HANG, b_ok=OK)
    report = run_all(tmp_path, module_timeout=1.0, budget=5.5)
    hang, rest = report.results
    assert hang.status == "error" and "timed out after 1 s" in hang.reason
    assert hang.seconds < 5
    assert rest.status == "skipped" and "overall budget of 6 s used up" in rest.reason


def test_filter_and_only_bench_modules_run(tmp_path: Path) -> None:
    _write(tmp_path, a_ok=OK, b_skip=SKIP)
    report = run_all(tmp_path, pattern="skip")
    assert [r.module for r in report.results] == ["bench_b_skip"]


RECORD = """
from __future__ import annotations

from dataclasses import dataclass

from bench._common import Row


@dataclass(frozen=True, slots=True, kw_only=True)
class Scored:  # a dataclass looks its module up in sys.modules while it is made
    value: float


def run():
    return [Row("scored", Scored(value=0.5).value, 1.0, "s", "raw library", "<= 2x baseline", target_ratio=2.0)]
"""


def test_a_module_that_defines_a_dataclass_runs(tmp_path: Path) -> None:
    _write(tmp_path, a_record=RECORD)
    [result] = run_all(tmp_path, module_timeout=60.0, budget=60.0).results
    assert result.status != "error", result.reason  # it was "AttributeError: 'NoneType' object has no attribute '__dict__'"
