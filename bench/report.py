"""The benchmark table (terminal and markdown) and the machine description."""
from __future__ import annotations

import os
import platform
import shutil
import subprocess
import time
from importlib import metadata

from bench.runner import ModuleResult, RowData, RunReport

HEADER = ("Module", "Figure", "Value", "Baseline", "Ratio", "Target", "Result")
PACKAGES = (("PySide6", "PySide6-Essentials"), ("PyMuPDF", "PyMuPDF"), ("python-docx", "python-docx"),
            ("python-pptx", "python-pptx"), ("openpyxl", "openpyxl"))


def _num(value: float) -> str:
    if value == 0:
        return "0"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def _result(row: RowData) -> str:
    if row.ok is True:
        return "met"
    if row.ok is False:
        return "MISSED"
    return "no target"


def _short(module: str) -> str:
    return module.removeprefix("bench_")


def table_rows(report: RunReport) -> list[tuple[str, ...]]:
    """One tuple of cells per figure; skipped and failed modules get one row with the reason."""
    out: list[tuple[str, ...]] = []
    for res in report.results:
        if res.status != "ok":
            label = "skipped" if res.status == "skipped" else "ERROR"
            out.append((_short(res.module), "—", "—", "—", "—", "—", f"{label}: {res.reason}"))
            continue
        for row in res.rows:
            ratio = f"{row.ratio:.2f}×" if row.ratio is not None else "—"
            result = _result(row) + (f" ({row.note})" if row.note else "")
            out.append((_short(res.module), row.name, f"{_num(row.value)} {row.unit}",
                        f"{row.baseline_name}: {_num(row.baseline)} {row.unit}", ratio, row.target, result))
    return out


def terminal_table(report: RunReport) -> str:
    """A plain aligned table for the terminal."""
    rows = [HEADER, *table_rows(report)]
    # The figure name stays whole; long baseline/target/result texts are cut (RESULTS.md has them in full).
    caps = (20, 90, 16, 50, 9, 40, 60)
    widths = [min(cap, max(len(r[i]) for r in rows)) for i, cap in enumerate(caps)]

    def fmt(r: tuple[str, ...]) -> str:
        return "  ".join((c if len(c) <= w else c[:w - 1] + "…").ljust(w) for c, w in zip(r, widths)).rstrip()

    lines = [fmt(rows[0]), "  ".join("-" * w for w in widths)]
    lines += [fmt(r) for r in rows[1:]]
    lines.append(summary_line(report))
    return "\n".join(lines)


def summary_line(report: RunReport) -> str:
    rows = [row for res in report.results for row in res.rows]
    met = sum(r.ok is True for r in rows)
    missed = sum(r.ok is False for r in rows)
    skipped = sum(res.status == "skipped" for res in report.results)
    return (f"{len(rows)} figures: {met} met, {missed} missed; {skipped} module(s) skipped, "
            f"{report.errors} error(s); {report.seconds:.0f} s total")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(report: RunReport, machine: dict[str, str]) -> str:
    """The whole RESULTS.md text."""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(report.started))
    lines = [
        "# Benchmark results",
        "",
        f"Measured {when} with `make bench` (`python -m bench`). Each module runs in its own process; "
        "every baseline is measured in the same run. Ratio = value / baseline.",
        "",
        "## Machine",
        "",
        *[f"- {k}: {v}" for k, v in machine.items()],
        "",
        "## Results",
        "",
        "| " + " | ".join(HEADER) + " |",
        "|" + "---|" * len(HEADER),
        *["| " + " | ".join(_cell(c) for c in r) + " |" for r in table_rows(report)],
        "",
        summary_line(report) + ".",
        "",
        "Module run times: " + ", ".join(f"{_short(r.module)} {r.seconds:.1f} s" for r in report.results) + ".",
        "",
    ]
    return "\n".join(lines)


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def _ram() -> str:
    try:
        with open("/proc/meminfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError):
        pass
    try:
        return f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 1024 ** 3:.1f} GiB"
    except (ValueError, OSError, AttributeError):
        return "unknown"


def _soffice_version() -> str:
    exe = shutil.which("soffice") or shutil.which("libreoffice")
    if not exe:
        return "not installed"
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return f"installed at {exe} (version query failed)"
    return out.strip().splitlines()[0] if out.strip() else f"installed at {exe}"


def machine_description() -> dict[str, str]:
    """CPU, cores, RAM, OS, Python, key library versions and LibreOffice."""
    info = {
        "CPU": _cpu_model(),
        "Cores": str(os.cpu_count() or "unknown"),
        "RAM": _ram(),
        "OS": platform.platform(),
        "Python": platform.python_version(),
    }
    for label, dist in PACKAGES:
        try:
            info[label] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            info[label] = "not installed"
    info["LibreOffice"] = _soffice_version()
    return info


__all__ = ["ModuleResult", "machine_description", "markdown", "table_rows", "terminal_table"]
