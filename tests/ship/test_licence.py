"""The licence files a user and a distributor rely on are present and current."""
from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]

# Licences whose terms let their code be combined into an AGPL-3.0-or-later program.
_COMPATIBLE = re.compile(
    r"MIT|BSD|Apache|PSF|Python Software Foundation|MPL|ISC|HPND|MIT-CMU|Unlicense|CC0|Zlib"
    r"|LGPL|GPL-3|GNU AFFERO GPL 3|AGPL"
)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("third_party", ROOT / "scripts" / "third_party.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_licence_file_is_the_agpl_3_text() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.lstrip().startswith("GNU AFFERO GENERAL PUBLIC LICENSE")
    assert "Version 3, 19 November 2007" in text
    assert "13. Remote Network Interaction; Use with the GNU General Public License." in text
    assert "END OF TERMS AND CONDITIONS" in text


def test_pyproject_declares_the_spdx_expression() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "AGPL-3.0-or-later"
    assert "LICENSE" in project["license-files"]


def test_third_party_list_is_current() -> None:
    script = _script()
    expected = script.render(script.collect())
    current = (ROOT / "THIRD_PARTY.md").read_text(encoding="utf-8")
    assert current == expected, "THIRD_PARTY.md is out of date: run `python scripts/third_party.py`"
    assert script.main(["--check"]) == 0


def test_every_runtime_dependency_has_a_compatible_licence() -> None:
    rows = _script().collect()
    names = {name.lower().replace("_", "-") for name, *_ in rows}
    assert {"pymupdf", "pyside6-essentials", "openai", "lxml"} <= names
    bad = [(name, licence) for name, licence, *_ in rows if not _COMPATIBLE.search(licence)]
    assert not bad, f"licences to review for AGPL compatibility: {bad}"
