"""The package bench measures the source install it compares with, and says why it cannot run."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench import bench_packages
from bench._common import Skip


def test_without_packages_the_bench_is_skipped_with_the_reason(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MIRA_PACKAGES_DIR", str(tmp_path))
    with pytest.raises(Skip, match="make packages"):
        bench_packages.run()


def test_the_source_install_counts_qt_but_not_the_test_and_build_tools() -> None:
    from importlib.metadata import distribution, distributions

    def size_of(name: str) -> int:
        return sum(f.size or 0 for f in distribution(name).files or ())

    size = bench_packages.source_install_size()
    assert size > size_of("PySide6-Essentials") > 50 * 2**20  # Qt is counted, and is not all of it
    everything = sum(sum(f.size or 0 for f in d.files or ()) for d in distributions()
                     if d.metadata["Name"] != "mira-desktop")
    checkout = sum(bench_packages._folder_size(bench_packages.ROOT / p) for p in ("desktop", "uchat", "renderers", "skills"))
    tools = size_of("mypy") + size_of("pyinstaller") + size_of("pytest")  # extras only (test, dist)
    assert size <= everything + checkout - tools
