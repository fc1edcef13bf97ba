"""Windows installer: ``python scripts/build_windows.py [DIST]`` on Windows, with Inno Setup 6 installed.

Builds the frozen folder (``scripts/build_dist.py``: ``mira.exe`` windowed, ``mira-cli.exe`` with a
console) and compiles ``packaging/windows/mira.iss`` into ``DIST/mira-VERSION-windows-x64-setup.exe``:
a Start-menu entry, the icon, "Open with Mira" for .docx/.pptx/.xlsx/.pdf, uninstall that keeps the
user's data. Not runnable on Linux: the CI workflow (.github/workflows/desktop-packages.yml) runs it.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import build_dist  # noqa: E402 - the sibling script, found through the line above


def iscc() -> str:
    found = shutil.which("ISCC") or shutil.which("iscc")
    for folder in (os.environ.get("ProgramFiles(x86)", ""), os.environ.get("ProgramFiles", "")):
        candidate = Path(folder) / "Inno Setup 6" / "ISCC.exe"
        if not found and folder and candidate.is_file():
            found = str(candidate)
    if not found:
        raise SystemExit("Inno Setup 6 (ISCC.exe) is needed: choco install innosetup")
    return found


def windows_icon(work: Path) -> Path:
    from PIL import Image

    ico = work / "icons" / "mira.ico"
    with Image.open(work / "icons" / "mira-256.png") as image:
        image.save(ico, sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)])
    return ico


def build(dist: Path, work: Path) -> Path:
    if sys.platform != "win32":
        raise SystemExit("the Windows installer is built on Windows (see .github/workflows/desktop-packages.yml)")
    app = build_dist.build(dist, work)
    sys.path.insert(0, str(ROOT))
    from desktop import __version__

    subprocess.run([iscc(), f"/DAppVersion={__version__}", f"/DSourceDir={app}", f"/DOutputDir={dist}",
                    f"/DIconFile={windows_icon(work)}", str(ROOT / "packaging" / "windows" / "mira.iss")], check=True)
    return dist / f"mira-{__version__}-windows-x64-setup.exe"


if __name__ == "__main__":
    out = build(Path(sys.argv[1] if len(sys.argv) > 1 else "dist").resolve(), ROOT / "build")
    print(f"{out}: {out.stat().st_size / 2**20:.0f} MiB")
