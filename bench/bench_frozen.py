"""The frozen app (``make dist``: dist/mira/mira) against the source install (.venv/bin/mira), started
the same way: time to the interactive window, to "ready to send", and ``mira inspect`` of a small DOCX.

Both are launched as a person launches them (the executable, not ``python -c``), on the offscreen
platform with the same environment and a fresh data folder each start; a window start ends when
the parent reads the marker line the app prints once its first frame is drawn (``MIRA_READY_MARKER``)
or once the runtime is loaded (``MIRA_SENDABLE_MARKER``), the same reader for both. The notes add the processor time each used (user + system, its workers
included), which a loaded machine changes far less than the wall time. Runs alternate
between the two (order flipped each round) after one uncounted round that fills the file cache;
medians. Target: the frozen app at most 1.2x the source install.

No build, no rows: ``make dist`` first (a few minutes), or point MIRA_FROZEN at the executable.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench._common import Row, Skip

ROOT = Path(__file__).resolve().parents[1]
FROZEN = Path(os.environ.get("MIRA_FROZEN", ROOT / "dist" / "mira" / "mira"))
SOURCE = Path(sys.executable).with_name("mira")
ROUNDS = int(os.environ.get("MIRA_BENCH_FROZEN_ROUNDS", "9"))
MARKER = "MIRA-BENCH-READY"
SENDABLE = "MIRA-BENCH-SENDABLE"
TIMEOUT = 90.0


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MIRA_HOME=str(home), MIRA_READY_MARKER=MARKER,
               MIRA_SENDABLE_MARKER=SENDABLE, PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the source install keeps its bytecode, as installed
    return env


def _reap(proc: subprocess.Popen[str]) -> float:
    """Wait for ``proc``; the processor time it and the children it waited for used (user + system)."""
    if proc.stdout is not None:
        proc.stdout.close()
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0  # reaped here: Popen must not wait for it again
    return usage.ru_utime + usage.ru_stime


def _window(exe: Path, home: Path) -> tuple[float, float, float]:
    """Seconds to the window marker and to the ready-to-send marker, and the processor time used by then
    (the app is killed at the second marker: what it does after does not count)."""
    start = time.perf_counter()
    proc = subprocess.Popen([str(exe)], env=_env(home), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    window = sendable = 0.0
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == MARKER and not window:
                window = time.perf_counter() - start
            elif line.strip() == SENDABLE:
                sendable = time.perf_counter() - start
                break
    finally:
        proc.kill()
        cpu = _reap(proc)
    if not (window and sendable):
        raise RuntimeError(f"{exe}: no ready marker")
    return window, sendable, cpu


def _inspect(exe: Path, home: Path, path: Path) -> tuple[float, float]:
    start = time.perf_counter()
    proc = subprocess.Popen([str(exe), "inspect", str(path)], env=_env(home), stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    out = proc.stdout.read()
    elapsed = time.perf_counter() - start
    cpu = _reap(proc)
    if "Outline" not in out and "paragraph" not in out.lower():
        raise RuntimeError(f"{exe} inspect printed no facts: {out[-300:]!r}")
    return elapsed, cpu


def _small_docx(path: Path) -> Path:
    import docx

    document = docx.Document()
    document.add_heading("Quarterly report", 1)
    for i in range(12):
        document.add_paragraph(f"Paragraph {i}: the team shipped the planned work and measured the results.")
    document.save(str(path))
    return path


def run() -> list[Row]:
    if not FROZEN.is_file():
        raise Skip(f"no frozen build at {FROZEN}: run `make dist` first (a few minutes), or set MIRA_FROZEN")
    if not SOURCE.is_file():
        raise Skip(f"{SOURCE} is not installed")
    apps = {"frozen": FROZEN, "source": SOURCE}
    with tempfile.TemporaryDirectory(prefix="mira-bench-frozen-") as tmp:
        folder = Path(tmp)
        small = _small_docx(folder / "small.docx")
        counter = iter(range(10**6))
        kinds = ("window", "send", "inspect", "send cpu", "inspect cpu")
        times: dict[str, dict[str, list[float]]] = {k: {what: [] for what in kinds} for k in apps}

        def once(name: str, keep: bool) -> None:
            home = folder / f"home-{next(counter)}"
            window, send, send_cpu = _window(apps[name], home)
            seconds, inspect_cpu = _inspect(apps[name], home, small)
            shutil.rmtree(home, ignore_errors=True)
            if keep:
                for what, value in zip(kinds, (window, send, seconds, send_cpu, inspect_cpu)):
                    times[name][what].append(value)

        for name in apps:
            once(name, keep=False)  # fills the file cache (and the source install's bytecode)
        for i in range(ROUNDS):
            for name in (list(apps) if i % 2 else list(apps)[::-1]):
                once(name, keep=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    rows = []
    for what, label in (("window", "start to interactive window"), ("send", "start to ready to send"),
                        ("inspect", "`mira inspect` of a small DOCX")):
        frozen, source = times["frozen"][what], times["source"][what]
        paired = [f / s for f, s in zip(frozen, source)]
        cpu = "send cpu" if what != "inspect" else "inspect cpu"
        cpu_frozen, cpu_source = statistics.median(times["frozen"][cpu]), statistics.median(times["source"][cpu])
        rows.append(Row(name=f"frozen app (make dist): {label}", value=statistics.median(frozen),
                        baseline=statistics.median(source), unit="s",
                        baseline_name="the source install (.venv/bin/mira), same launch", target="<= 1.2x baseline",
                        target_ratio=1.2,
                        note=f"{ROUNDS} alternating rounds; frozen {min(frozen):.3f}-{max(frozen):.3f} s, source "
                             f"{min(source):.3f}-{max(source):.3f} s; per-round ratio {min(paired):.2f}-"
                             f"{max(paired):.2f}x; processor time{' to ready to send' if cpu == 'send cpu' else ''} "
                             f"{cpu_frozen:.3f} s vs {cpu_source:.3f} s = {cpu_frozen / cpu_source:.2f}x; "
                             f"load average {load:.1f} at the end"))
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.3f} {row.unit} vs {row.baseline:.3f} ({row.ratio:.2f}x, ok={row.ok}); {row.note}")
