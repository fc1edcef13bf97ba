"""Run every ``bench/bench_*.py`` in its own subprocess and collect one table.

Each module runs in a fresh interpreter (so memory figures and import costs stay
honest and a crash stays contained) under a per-module time limit, and the whole
run under an overall budget; modules that no longer fit are skipped with that
reason. The child prints its rows as one JSON line after a marker; anything else
it prints is ignored.
"""
from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BENCH_DIR = Path(__file__).resolve().parent
ROWS_MARKER = "@@MIRA-BENCH-ROWS@@"
SKIP_MARKER = "@@MIRA-BENCH-SKIP@@"
MODULE_TIMEOUT = 180.0
OVERALL_BUDGET = 570.0  # leaves room under the 10-minute promise for start-up and the machine probe


@dataclass(frozen=True)
class RowData:
    """A bench Row as the parent sees it (rebuilt from the child's JSON)."""

    name: str
    value: float
    baseline: float
    unit: str
    baseline_name: str
    target: str
    ratio: float | None
    ok: bool | None
    note: str = ""
    target_ratio: float | None = None
    met: bool | None = None


@dataclass(frozen=True)
class ModuleResult:
    module: str  # e.g. "bench_chat"
    status: str  # ok | skipped | error
    rows: tuple[RowData, ...] = ()
    reason: str = ""
    seconds: float = 0.0


@dataclass
class RunReport:
    results: list[ModuleResult] = field(default_factory=list)
    started: float = field(default_factory=time.time)
    seconds: float = 0.0

    @property
    def errors(self) -> int:
        return sum(r.status == "error" for r in self.results)


# -- child side -----------------------------------------------------------------


def _row_json(row: Any) -> dict[str, Any]:
    data = dataclasses.asdict(row)
    ratio = row.ratio
    data["ratio"] = ratio if ratio == ratio and ratio not in (float("inf"), float("-inf")) else None
    data["ok"] = row.ok
    return data


def child_main(path: str) -> int:
    """Import one bench module by path, run it, print its rows (or its Skip) after a marker."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from bench._common import Skip

    spec = importlib.util.spec_from_file_location(Path(path).stem, path)
    if spec is None or spec.loader is None:
        print(f"cannot load {path}", file=sys.stderr)
        return 2
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as an import does: a dataclass in the module looks its module up there
    try:
        spec.loader.exec_module(module)
        rows = module.run()
    except Skip as exc:
        print(SKIP_MARKER + " " + json.dumps(str(exc) or "skipped"), flush=True)
        return 0
    except BaseException:  # noqa: BLE001 - the parent turns this into an error row
        traceback.print_exc()
        return 1
    print(ROWS_MARKER + " " + json.dumps([_row_json(r) for r in rows]), flush=True)
    return 0


# -- parent side ------------------------------------------------------------------


def discover(bench_dir: Path, pattern: str = "") -> list[Path]:
    """``bench_*.py`` files in ``bench_dir``, sorted; ``pattern`` filters by substring."""
    return [p for p in sorted(bench_dir.glob("bench_*.py")) if pattern in p.stem]


def _last_line(text: str) -> str:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1][:300] if lines else ""


def _parse(module: str, stdout: str, seconds: float) -> ModuleResult:
    for line in reversed(stdout.splitlines()):
        if line.startswith(SKIP_MARKER):
            return ModuleResult(module, "skipped", reason=json.loads(line[len(SKIP_MARKER):]), seconds=seconds)
        if line.startswith(ROWS_MARKER):
            try:
                known = {f.name for f in dataclasses.fields(RowData)}
                rows = tuple(RowData(**{k: v for k, v in r.items() if k in known})
                             for r in json.loads(line[len(ROWS_MARKER):]))
            except (TypeError, ValueError) as exc:
                return ModuleResult(module, "error", reason=f"unreadable rows ({exc})", seconds=seconds)
            if not rows:
                return ModuleResult(module, "error", reason="run() returned no rows", seconds=seconds)
            return ModuleResult(module, "ok", rows, seconds=seconds)
    return ModuleResult(module, "error", reason="the module printed no result", seconds=seconds)


def run_module(path: Path, timeout: float) -> ModuleResult:
    """Run one module in a subprocess with a time limit; never raises."""
    module = path.stem
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.runner", "--child", str(path)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,  # so a timeout can stop the module's own children (soffice) too
    )
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate()
        return ModuleResult(module, "error", reason=f"timed out after {timeout:.0f} s",
                            seconds=time.perf_counter() - t0)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        detail = _last_line(stderr) or f"exit code {proc.returncode}"
        return ModuleResult(module, "error", reason=f"crashed: {detail}", seconds=seconds)
    return _parse(module, stdout, seconds)


def run_all(bench_dir: Path = BENCH_DIR, *, module_timeout: float = MODULE_TIMEOUT,
            budget: float = OVERALL_BUDGET, pattern: str = "", echo: bool = False) -> RunReport:
    """Run every discovered module in turn within the overall budget."""
    report = RunReport()
    t0 = time.perf_counter()
    for path in discover(bench_dir, pattern):
        left = budget - (time.perf_counter() - t0)
        if left < 5:
            result = ModuleResult(path.stem, "skipped", reason=f"overall budget of {budget:.0f} s used up")
        else:
            if echo:
                print(f"running {path.stem} ...", file=sys.stderr, flush=True)
            result = run_module(path, min(module_timeout, left))
        report.results.append(result)
    report.seconds = time.perf_counter() - t0
    return report


if __name__ == "__main__":  # the child entry point: python -m bench.runner --child PATH
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        sys.exit(child_main(sys.argv[2]))
    print("usage: python -m bench.runner --child PATH (use python -m bench to run everything)", file=sys.stderr)
    sys.exit(2)
