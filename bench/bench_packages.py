"""The Linux packages against the source install: download size, size on disk, and start time.

Reads what ``make packages`` left in ``dist/`` (``MIRA_PACKAGES_DIR`` elsewhere): the ``.deb``, the
``.tar.gz`` and the frozen folder both are made of (the ``.deb`` installs exactly that folder as
/usr/lib/mira, so its start is measured there; installing it needs root and a clean system, which
tests/ship/test_packages.py does). Building them takes minutes, more than a bench module may: without
them the module is skipped with that reason.

The source install is measured in the same run: its size is every file of the distributions
``mira-desktop`` needs at run time (its Requires-Dist, followed, without extras) plus the checkout's
four packages; its start is ``python -m desktop`` of this interpreter. Starts run interleaved, ``RUNS``
rounds, medians: ``mira --version`` (no Qt) and the window's first frame on the offscreen platform
(``MIRA_READY_MARKER``, printed once the frame is drawn).
"""
from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from bench._common import Row, Skip

ROOT = Path(__file__).resolve().parents[1]
RUNS = int(os.environ.get("MIRA_BENCH_PACKAGE_RUNS", "5"))
MARKER = "MIRA-BENCH-PACKAGE-READY"
MIB = 2**20


def _folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def source_install_size() -> int:
    """Bytes of the distributions the app needs at run time, and of the checkout's packages."""
    seen: set[str] = set()
    todo = ["mira-desktop"]
    total = 0
    while todo:
        name = re.split(r"[\s<>=!~;\[(]", todo.pop(), maxsplit=1)[0].lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue
        if name != "mira-desktop":  # an editable install: its files are the checkout, counted below
            total += sum(f.size or 0 for f in dist.files or ())
        todo += [req for req in dist.requires or () if "extra ==" not in req]
    return total + sum(_folder_size(ROOT / package) for package in ("desktop", "uchat", "renderers", "skills"))


def _started(cmd: list[str], env: dict[str, str], marker: str | None) -> float:
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    if marker is None:
        proc.communicate(timeout=120)
        took = time.perf_counter() - t0
    else:
        for line in proc.stdout:
            if line.strip() == marker:
                break
        took = time.perf_counter() - t0
        proc.terminate()
        proc.communicate(timeout=60)
    return took


def _interleaved(cases: dict[str, list[str]], marker: str | None, tmp: Path) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in cases}
    names = list(cases)
    for round_ in range(RUNS + 1):  # the first round warms the disk cache and is not counted
        for name in names[round_ % len(names):] + names[:round_ % len(names)]:
            home = tmp / f"{name}-{round_}"
            env = dict(os.environ, MIRA_HOME=str(home), QT_QPA_PLATFORM="offscreen",
                       PYTHONPYCACHEPREFIX=str(tmp / "pycache"))
            if marker:
                env["MIRA_READY_MARKER"] = marker
            took = _started(cases[name] + ([] if marker else ["--version"]), env, marker)
            if round_:
                times[name].append(took)
    return times


def run() -> list[Row]:
    dist = Path(os.environ.get("MIRA_PACKAGES_DIR", ROOT / "dist"))
    debs, tarballs = sorted(dist.glob("mira_*.deb")), sorted(dist.glob("mira-*-linux-*.tar.gz"))
    frozen = dist / "mira" / "mira"
    if not (debs and tarballs and frozen.is_file()):
        raise Skip(f"no packages in {dist}: run `make packages` first (it takes minutes)")
    source = source_install_size()
    rows = [
        Row(".deb download size", debs[-1].stat().st_size / MIB, source / MIB, "MiB",
            "source install (runtime dependencies + checkout)", "reported", None,
            note=f"{debs[-1].name}; carries its own Python, Qt and libraries"),
        Row(".tar.gz download size", tarballs[-1].stat().st_size / MIB, source / MIB, "MiB",
            "source install (runtime dependencies + checkout)", "reported", None, note=tarballs[-1].name),
        Row("installed size (deb /usr/lib/mira = the unpacked .tar.gz)", _folder_size(frozen.parent) / MIB,
            source / MIB, "MiB", "source install (runtime dependencies + checkout)", "reported", None),
    ]
    source_cmd = [sys.executable, "-m", "desktop"]
    with tempfile.TemporaryDirectory(prefix="mira-bench-packages-") as tmp:
        cases = {"frozen": [str(frozen)], "source": source_cmd}
        version = _interleaved(cases, None, Path(tmp))
        window = _interleaved(cases, MARKER, Path(tmp))
    for label, times, target in (("`mira --version`", version, 1.5), ("window first frame", window, 1.5)):
        frozen_s, source_s = statistics.median(times["frozen"]), statistics.median(times["source"])
        rows.append(Row(f"packaged app start: {label}", frozen_s, source_s, "s", "source install, same run",
                        f"<= {target}x baseline", target,
                        note=f"{RUNS} interleaved rounds; frozen {min(times['frozen']):.3f}–{max(times['frozen']):.3f} s; "
                             f"source {min(times['source']):.3f}–{max(times['source']):.3f} s"))
    return rows
