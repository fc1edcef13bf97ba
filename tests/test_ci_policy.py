"""On CI every system dependency is installed, so a skipped test fails the run instead of hiding."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

_SAMPLE = '''
import pytest

def test_needs_soffice():
    pytest.skip("LibreOffice (soffice) is not installed")

@pytest.mark.soffice
def test_marked():
    pass

def test_fine():
    pass
'''


def _run(tmp_path: Path, ci: str) -> subprocess.CompletedProcess[str]:
    shutil.copy(Path(__file__).with_name("conftest.py"), tmp_path / "conftest.py")
    (tmp_path / "test_sample.py").write_text(_SAMPLE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("ci", ["true", "1"])
def test_a_skip_fails_on_ci(tmp_path: Path, ci: str) -> None:
    proc = _run(tmp_path, ci)
    assert proc.returncode == 1, proc.stdout
    assert "skipped on CI, where nothing may be missing: Skipped: LibreOffice (soffice) is not installed" \
        in proc.stdout
    assert "1 failed, 2 passed" in proc.stdout


def test_a_skip_stays_a_skip_off_ci(tmp_path: Path) -> None:
    proc = _run(tmp_path, "")
    assert proc.returncode == 0, proc.stdout
    assert "2 passed, 1 skipped" in proc.stdout
