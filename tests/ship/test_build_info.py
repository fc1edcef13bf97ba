"""The About box offers the source where the build says it is (AGPL §13), and says so when it does not;
`mira doctor` names how this copy was installed."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from desktop import build_info, doctor
from tests.ship.conftest import load_script


@pytest.fixture
def no_metadata_url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setattr(build_info, "_metadata_url", lambda: "")
    monkeypatch.setattr(build_info, "BUILD_FILE", tmp_path / "build_info.json")
    return tmp_path / "build_info.json"


def test_the_about_box_shows_the_url_the_build_wrote(no_metadata_url: Path) -> None:
    from desktop.ui.menus import about_text

    no_metadata_url.write_text(json.dumps({"source_url": "https://example.org/mira.git"}), encoding="utf-8")
    text = about_text()
    assert "Source code of this version: https://example.org/mira.git" in text and "Affero" in text


def test_without_a_url_the_about_box_says_where_the_source_is_not(no_metadata_url: Path) -> None:
    from desktop import i18n
    from desktop.ui.menus import about_text

    assert "does not say where its source code is published" in about_text()
    no_metadata_url.write_text("{not json", encoding="utf-8")  # a damaged file is no URL, not a crash
    assert "does not say where" in about_text()
    i18n.set_language("zh_CN")
    try:
        assert "源代码" in about_text()
    finally:
        i18n.set_language("en")


def test_the_build_writes_the_url_from_the_environment_or_pyproject(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    build_dist = load_script("build_dist")
    monkeypatch.setenv("MIRA_SOURCE_URL", "https://example.org/src")
    info = json.loads(build_dist.write_build_info(tmp_path).read_text(encoding="utf-8"))
    assert info == {"source_url": "https://example.org/src"}
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\n[project.urls]\nHomepage = "https://h.example"\n'
                         'Repository = "https://r.example/mira"\n', encoding="utf-8")
    assert build_info.pyproject_source_url(pyproject) == "https://r.example/mira"
    pyproject.write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert build_info.pyproject_source_url(pyproject) == ""


def test_doctor_reports_the_install_kind(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert doctor.install_kind()[0] == "source"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "mira"))
    assert doctor.install_kind() == ("frozen", tmp_path)
    for kind, words in (("deb", "Debian package"), ("tarball", "portable folder"), ("windows", "Windows installer")):
        (tmp_path / doctor.INSTALL_KIND_FILE).write_text(kind + "\n", encoding="utf-8")
        line = next(f for f in doctor.collect() if f.label == "Installed as")
        assert words in line.value and str(tmp_path) in line.value
    (tmp_path / doctor.INSTALL_KIND_FILE).write_text("nonsense", encoding="utf-8")
    assert doctor.install_kind()[0] == "frozen"
