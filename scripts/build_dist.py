"""Build the frozen one-folder app: ``python scripts/build_dist.py [DIST]`` (``make dist``).

Writes ``DIST/mira/mira`` (the executable), ``DIST/mira/mira.desktop`` and the icon
in the usual sizes under ``DIST/mira/share/icons/hicolor``, then prints the size.

``MIRA_SOURCE_URL`` (else pyproject's ``[project.urls]`` Source) is written into the build as
``desktop/build_info.json``: the About box offers it as the place of the source (AGPL §13).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import make_icons  # noqa: E402 - the sibling script, found through the line above


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def source_url() -> str:
    sys.path.insert(0, str(ROOT))
    from desktop.build_info import pyproject_source_url

    return os.environ.get("MIRA_SOURCE_URL", "").strip() or pyproject_source_url(ROOT / "pyproject.toml")


def write_build_info(work: Path) -> Path:
    info = work / "build_info.json"
    info.parent.mkdir(parents=True, exist_ok=True)
    info.write_text(json.dumps({"source_url": source_url()}) + "\n", encoding="utf-8")
    return info


def build(dist: Path, work: Path) -> Path:
    make_icons.render(work / "icons")
    env = dict(os.environ, MIRA_ICON_DIR=str(work / "icons"), MIRA_BUILD_INFO=str(write_build_info(work)))
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(dist), "--workpath", str(work / "pyinstaller"),
                    str(ROOT / "packaging" / "mira.spec")], cwd=ROOT, check=True, env=env)
    app = dist / "mira"
    shutil.copyfile(ROOT / "packaging" / "mira.desktop", app / "mira.desktop")
    icons = app / "share" / "icons"
    shutil.rmtree(icons, ignore_errors=True)
    shutil.copytree(work / "icons" / "hicolor", icons / "hicolor")
    return app


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "dist").resolve()
    built = build(out, ROOT / "build")
    print(f"{built}: {folder_size(built) / 2**20:.0f} MiB")
