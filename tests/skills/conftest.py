"""Fixtures for the skills tests: a fresh task workspace per test."""
from __future__ import annotations

from pathlib import Path

import pytest

from skills.runtime import Workspace


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "task")
