"""The Windows and macOS packaging cannot run here; what can be checked on Linux is: the workflow is valid
YAML that runs scripts which exist, the installer script names files which exist and registers the four
document kinds, the spec compiles, and the build scripts refuse to run on the wrong system with a reason."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

from tests.ship.conftest import ROOT, load_script

KINDS = ("docx", "pptx", "xlsx", "pdf")


def test_the_workflow_builds_and_smoke_tests_both_systems() -> None:
    text = (ROOT / ".github" / "workflows" / "desktop-packages.yml").read_text(encoding="utf-8")
    workflow = yaml.safe_load(text)
    jobs = workflow["jobs"]
    assert jobs["windows"]["runs-on"].startswith("windows") and jobs["macos"]["runs-on"].startswith("macos")
    for name, job in jobs.items():
        commands = "\n".join(step.get("run", "") for step in job["steps"])
        assert f"build_{name}.py" in commands and "smoke_package.py" in commands, name
    for script in set(re.findall(r"scripts/[\w_]+\.py", text)):
        assert (ROOT / script).is_file(), script


def test_the_inno_setup_script_names_real_files_and_registers_open_with() -> None:
    iss = ROOT / "packaging" / "windows" / "mira.iss"
    text = iss.read_text(encoding="utf-8")
    for source in re.findall(r'^Source: "([^"{]+)"', text, flags=re.M):
        assert (iss.parent / source).is_file(), source
    assert (iss.parent / re.search(r"^LicenseFile=(.+)$", text, flags=re.M).group(1).replace("\\", "/")).is_file()
    assert (iss.parent / "install-kind").read_text(encoding="utf-8").strip() == "windows"
    for kind in KINDS:
        assert f'Software\\Classes\\.{kind}\\OpenWithProgids"; ValueType: string; ValueName: "Mira.Document"' in text
    assert '""{app}\\mira.exe"" ""%1""' in text  # the file reaches `mira FILE`


def test_the_spec_compiles_and_declares_the_document_types_for_macos() -> None:
    spec = (ROOT / "packaging" / "mira.spec").read_text(encoding="utf-8")
    compile(spec, "mira.spec", "exec")
    bundle = spec[spec.index("BUNDLE("):]
    for kind in KINDS:
        assert f'["{kind}"]' in bundle
    assert 'name="mira-cli", console=True' in spec


@pytest.mark.parametrize("name", ["build_windows", "build_macos"])
def test_the_build_scripts_refuse_the_wrong_system(name: str, tmp_path: Path) -> None:
    if (name, sys.platform) in {("build_windows", "win32"), ("build_macos", "darwin")}:
        pytest.skip("this is the system that script builds on")
    with pytest.raises(SystemExit, match="is built on"):
        load_script(name).build(tmp_path / "dist", tmp_path / "work")
