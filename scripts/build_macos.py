"""macOS disk image: ``python scripts/build_macos.py [DIST]`` on a Mac.

PyInstaller builds ``Mira.app`` (``packaging/mira.spec``: the icon, the four document types for
Finder's "Open With", marked as the macOS install for ``mira doctor``), then ``hdiutil`` puts it in
``DIST/mira-VERSION-macos-ARCH.dmg`` next to a link to /Applications. Unsigned: Gatekeeper asks the
user to confirm the first start (right-click → Open) until the project has a Developer ID. Not runnable
on Linux: the CI workflow (.github/workflows/desktop-packages.yml) runs it.
"""
from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import build_dist  # noqa: E402 - the sibling script, found through the line above


def build(dist: Path, work: Path) -> Path:
    if sys.platform != "darwin":
        raise SystemExit("the macOS app is built on macOS (see .github/workflows/desktop-packages.yml)")
    sys.path.insert(0, str(ROOT))
    from desktop import __version__

    kind = work / "install-kind"
    kind.parent.mkdir(parents=True, exist_ok=True)
    kind.write_text("macos\n", encoding="utf-8")
    os.environ.update(MIRA_INSTALL_KIND_FILE=str(kind), MIRA_VERSION=__version__)
    build_dist.build(dist, work)
    app = dist / "Mira.app"
    if not (app / "Contents" / "MacOS" / "mira").is_file():
        raise SystemExit(f"PyInstaller made no {app}")
    stage = work / "dmg"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    subprocess.run(["ditto", str(app), str(stage / "Mira.app")], check=True)  # keeps the bundle's links
    (stage / "Applications").symlink_to("/Applications")
    dmg = dist / f"mira-{__version__}-macos-{platform.machine()}.dmg"
    dmg.unlink(missing_ok=True)
    subprocess.run(["hdiutil", "create", "-volname", "Mira", "-srcfolder", str(stage), "-fs", "HFS+",
                    "-format", "UDZO", "-ov", str(dmg)], check=True)
    return dmg


if __name__ == "__main__":
    out = build(Path(sys.argv[1] if len(sys.argv) > 1 else "dist").resolve(), ROOT / "build")
    print(f"{out}: {out.stat().st_size / 2**20:.0f} MiB")
