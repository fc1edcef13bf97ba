"""ruff and mypy, configured in pyproject.toml, run as part of the test command.

ruff must pass on the whole tree. mypy runs strict on desktop.agent, .llm, .store and .ui, skills, uchat and
renderers and must pass; what a module still relaxes is a per-module setting in pyproject.toml
(``disable_error_code``), so a new kind of error in any module fails here, and a relaxation a module no
longer needs is reported by mypy as unused
(``warn_unused_configs``).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_mypy_strict_passes_on_the_qt_free_packages() -> None:
    # mypy's own incremental cache, kept with the other test caches: it rechecks what changed and what
    # depends on it, so a later run gives the same verdict without reading the unchanged packages again
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mira-tests" / "mypy"
    out = subprocess.run([_tool("mypy"), "--cache-dir", str(cache), "--no-error-summary"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in out.stdout.splitlines() if re.match(r"^\S+\.py:\d+: error:", line)]
    assert out.returncode == 0 and not errors, out.stdout[-4000:] + out.stderr[-3000:]
