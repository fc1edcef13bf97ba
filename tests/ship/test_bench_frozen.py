"""The frozen-app bench says why it cannot run when there is no build, and reads a build's processor time."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench import bench_frozen
from bench._common import Skip


def test_without_a_build_the_bench_is_skipped_with_the_reason(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bench_frozen, "FROZEN", tmp_path / "dist" / "mira" / "mira")
    with pytest.raises(Skip, match="make dist"):
        bench_frozen.run()


def test_the_processor_time_of_a_finished_child_is_read(tmp_path: Path) -> None:
    import subprocess

    busy = "import time\nend = time.process_time() + 0.2\nwhile time.process_time() < end: pass\nprint('done')"
    proc = subprocess.Popen([sys.executable, "-c", busy], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.read().strip() == "done"
    assert 0.2 <= bench_frozen._reap(proc) < 5
