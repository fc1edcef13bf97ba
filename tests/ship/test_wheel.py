"""The wheel and sdist carry what the app needs at run time, and an installed wheel works."""
from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.ship import _samples

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("desktop", "uchat", "renderers", "skills")
# Files the app reads at run time, wherever they sit inside the packages.
RESOURCE_SUFFIXES = {".md", ".json", ".svg", ".png", ".qm", ".ts", ".yaml", ".yml", ".toml", ".gz"}


def _tracked_resources() -> set[str]:
    try:
        listed = subprocess.run(["git", "ls-files", *PACKAGES], cwd=ROOT, capture_output=True,
                                text=True, check=True, timeout=30).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        listed = [p.relative_to(ROOT).as_posix() for pkg in PACKAGES for p in (ROOT / pkg).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts]
    return {name for name in listed if Path(name).suffix in RESOURCE_SUFFIXES}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return next(out.glob("*.whl")), next(out.glob("*.tar.gz"))


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_wheel_and_sdist_carry_every_resource_and_no_tests(built: tuple[Path, Path]) -> None:
    wheel, sdist = built
    names = set(zipfile.ZipFile(wheel).namelist())
    resources = _tracked_resources()
    assert {"skills/catalog.json", "skills/manifest.json", "skills/docx/SKILL.md",
            "desktop/icons/mira.svg"} <= resources
    assert not resources - names, f"missing from the wheel: {sorted(resources - names)}"
    assert not [n for n in names if n.startswith("tests/")]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    top = f"{sdist.name.removesuffix('.tar.gz')}/"
    with tarfile.open(sdist) as tar:
        inside = {m.name.removeprefix(top) for m in tar.getmembers()}
    assert not resources - inside, f"missing from the sdist: {sorted(resources - inside)}"
    assert {"LICENSE", "THIRD_PARTY.md", "pyproject.toml"} <= inside
    assert not [n for n in inside if n.startswith("tests/")]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_installed_wheel_runs_version_inspect_and_preview(built: tuple[Path, Path], tmp_path: Path) -> None:
    wheel, _ = built
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    py = venv / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    env = _samples.clean_env(tmp_path / "home")
    _samples.run([str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
                 tmp_path, env, timeout=900)
    mira = str(py.with_name("mira"))
    where = _samples.run([str(py), "-c", "import desktop, skills; print(desktop.__file__)"], tmp_path, env)
    assert Path(where.strip()).is_relative_to(venv), "the checkout leaked into the clean venv"

    import desktop

    assert _samples.run([mira, "--version"], tmp_path, env).strip() == f"mira {desktop.__version__}"
    doc = _samples.make_docx(tmp_path)
    _samples.check_inspect_json(_samples.run([mira, "inspect", str(doc), "--json"], tmp_path, env))
    png = tmp_path / "page.png"
    _samples.run([mira, "preview", str(doc), "--out", str(png)], tmp_path, env)
    _samples.check_png(png)
