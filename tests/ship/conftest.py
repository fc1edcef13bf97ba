"""The frozen build, made once per test run and shared by the tests of the folder and of the packages."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_script(name: str) -> ModuleType:
    """A module of scripts/ (not a package: the build scripts import their siblings by name)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import time

    from tests.ship._debian_root import FROZEN_BUILDS

    base = tmp_path_factory.mktemp("frozen")
    started = time.monotonic()
    built: Path = load_script("build_dist").build(base / "dist", base / "work")
    FROZEN_BUILDS.append(time.monotonic() - started)
    return built


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    from tests.ship._debian_root import REPORTS

    for phases in REPORTS:
        terminalreporter.write_line(phases.report())
