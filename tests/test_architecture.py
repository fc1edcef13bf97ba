"""ARCHITECTURE §1: the import rules are import-linter contracts, checked here."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("desktop", "uchat", "renderers", "skills")


def _lint(cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(cwd))
    lint = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(lint), "--no-cache", "--config", str(cwd / "pyproject.toml")],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
    )


def _copy_tree(dest: Path) -> None:
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")
    for pkg in PACKAGES:
        shutil.copytree(ROOT / pkg, dest / pkg, ignore=shutil.ignore_patterns("__pycache__"))


def test_import_contracts_hold() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("skills/__init__.py", "import PySide6.QtCore", "run without Qt"),
        ("desktop/agent/__init__.py", "import PySide6.QtWidgets", "run without Qt"),
        ("uchat/__init__.py", "import renderers", "knows nothing about documents"),
        ("renderers/__init__.py", "import uchat", "never import the chat shell"),
        ("skills/__init__.py", "import desktop.paths", "Only desktop composes"),
        ("renderers/_jobs.py", "from skills.runtime.safety import family_of", "only through skills.api"),
        ("renderers/xlsx/_data.py", "import skills.messages", "only through skills.api"),
    ],
)
def test_a_forbidden_import_breaks_a_contract(tmp_path: Path, module: str, line: str, contract: str) -> None:
    _copy_tree(tmp_path)
    target = tmp_path / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    result = _lint(tmp_path)
    assert result.returncode != 0
    broken = [ln for ln in result.stdout.splitlines() if "BROKEN" in ln]
    assert any(contract in ln for ln in broken), result.stdout


def test_the_skills_door_for_renderers_is_the_only_one() -> None:
    """Every skills module but skills.api is forbidden to renderers, and the door opens onto real names."""
    import tomllib

    import skills.api

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if "skills.api" in c["name"])
    forbidden = set(contract["forbidden_modules"])
    top = {f"skills.{p.stem if p.is_file() else p.name}" for p in (ROOT / "skills").iterdir()
           if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()}
    assert top - {"skills.api"} == forbidden
    for name in skills.api.__all__:
        assert getattr(skills.api, name) is not None, name


def test_no_product_module_imports_pymupdf_as_fitz() -> None:
    """``import fitz`` prints a deprecation warning to standard output, which ``mira task --json`` and
    ``mira inspect --json`` keep for their JSON: the product imports ``pymupdf``."""
    import re

    root = Path(__file__).resolve().parents[1]
    found = [f"{path.relative_to(root)}:{n}" for package in ("desktop", "skills", "renderers", "uchat")
             for path in (root / package).rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.match(r"\s*(?:import fitz\b|from fitz\b)", line)]
    assert found == []
