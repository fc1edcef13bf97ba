"""ruff and mypy, configured in pyproject.toml, run as part of the test command.

ruff must pass on the whole tree. mypy runs strict on the Qt-free packages; the
code base does not pass it yet, so the test holds each package to the error
count measured when strict mode was switched on (MYPY_BASELINE): new errors
fail, and a package that gets cleaner must lower its number here.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MYPY_BASELINE = {"desktop/agent": 0, "desktop/llm": 12, "desktop/store": 0, "skills": 160}


def _tool(name: str) -> str:
    path = Path(sys.executable).with_name(name)
    found = str(path) if path.exists() else shutil.which(name)
    if not found:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return found


def test_ruff_passes_on_the_whole_tree() -> None:
    out = subprocess.run([_tool("ruff"), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def _package(path: str) -> str:
    for name in MYPY_BASELINE:
        if path.startswith(name + "/"):
            return name
    return path


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_mypy_strict_on_the_qt_free_packages_does_not_get_worse(tmp_path: Path) -> None:
    out = subprocess.run([_tool("mypy"), "--cache-dir", str(tmp_path / "cache"), "--no-error-summary"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in out.stdout.splitlines() if re.match(r"^\S+\.py:\d+: error:", line)]
    assert out.returncode in (0, 1) and (errors or out.returncode == 0), out.stdout[-3000:] + out.stderr[-3000:]
    counts = Counter(_package(line.split(":", 1)[0].replace("\\", "/")) for line in errors)
    worse = {pkg: (n, MYPY_BASELINE.get(pkg, 0)) for pkg, n in counts.items() if n > MYPY_BASELINE.get(pkg, 0)}
    assert not worse, "new mypy errors (found, allowed): " + repr(worse) + "\n" + "\n".join(errors[:40])
    better = {pkg: (counts.get(pkg, 0), n) for pkg, n in MYPY_BASELINE.items() if counts.get(pkg, 0) < n}
    assert not better, f"fewer mypy errors than allowed (found, allowed): {better}; lower MYPY_BASELINE"
