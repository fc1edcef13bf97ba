"""Linux packages of the frozen app: ``python scripts/build_packages.py [DIST]`` (``make packages``).

Writes into DIST a ``.deb`` (``/usr/lib/mira``, ``mira`` on PATH, the menu entry with the document
types it opens, the icon in every size, Depends read off the build) made with ``dpkg-deb``, and a
portable ``.tar.gz`` of the same folder that runs where it is unpacked. The frozen folder is built
first (``make dist``); ``--reuse`` takes DIST/mira as it is.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import build_dist  # noqa: E402 - the sibling scripts, found through the line above
import linux_deps  # noqa: E402

PACKAGE = "mira"
KIND_FILE = "install-kind"  # read by `mira doctor` (desktop/install_kind.py)
# Installed by default with the package but not needed to start it: Chinese fonts, opening files in the
# system's apps, Wayland's cursor and EGL libraries (the xcb window runs without them), keyboard data.
RECOMMENDS = ("fonts-noto-cjk", "xdg-utils", "libwayland-cursor0", "libwayland-egl1", "xkb-data")
# LibreOffice adds the page view, recalculation and render checks; GTK the native file dialogs.
SUGGESTS = ("libreoffice-writer-nogui | libreoffice-writer", "libreoffice-impress-nogui | libreoffice-impress",
            "libreoffice-calc-nogui | libreoffice-calc", "libgtk-3-0")


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from desktop import __version__

    return __version__


def architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()


def _copy_app(app: Path, target: Path, kind: str) -> None:
    """``app`` copied to ``target`` (hard links: the same disk, no 280 MB copy), marked as ``kind``. The
    links share their modes with ``app``: :func:`_normalise_modes` sets them there too, harmlessly."""
    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    shutil.copytree(app, target, symlinks=True, copy_function=link)
    (target / KIND_FILE).write_text(kind + "\n", encoding="utf-8")


def _normalise_modes(root: Path) -> None:
    """Directories 0755, files 0644 or 0755: what dpkg and a shared /usr expect whatever the umask was."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        else:
            path.chmod(0o755 if path.stat().st_mode & 0o111 else 0o644)


def control(version_: str, arch: str, depends: list[str], installed_kib: int) -> str:
    return "\n".join([
        f"Package: {PACKAGE}",
        f"Version: {version_}",
        f"Architecture: {arch}",
        "Maintainer: Mira Desktop developers <mira@localhost>",
        f"Installed-Size: {installed_kib}",
        "Depends: " + ", ".join(depends),
        "Recommends: " + ", ".join(RECOMMENDS),
        "Suggests: " + ", ".join(SUGGESTS),
        "Section: office",
        "Priority: optional",
        "Description: chat assistant that makes real, verified office files",
        " Mira turns a conversation into DOCX, PDF, PPTX and XLSX files, with a preview,",
        " approval of every write and evidence computed from the file. This package is the",
        " self-contained desktop app (its own Python and Qt) in /usr/lib/mira.",
        "",
    ])


def build_deb(app: Path, out: Path, work: Path) -> Path:
    """The ``.deb`` of the frozen folder ``app``; the user's data folder is never part of it, so
    removing (even purging) the package leaves it."""
    missing = [tool for tool in ("dpkg-deb", "dpkg", "objdump") if not shutil.which(tool)]
    missing += [] if linux_deps.ldconfig() else ["ldconfig"]
    if missing:
        raise SystemExit(f"building the .deb needs {', '.join(missing)} (apt-get install dpkg binutils)")
    ver, arch = version(), architecture()
    needs = linux_deps.debian_depends(app)
    if needs.unresolved:
        raise SystemExit(f"the frozen app needs libraries no installed package provides: {needs.unresolved}")
    stage = work / "deb"
    shutil.rmtree(stage, ignore_errors=True)
    _copy_app(app, stage / "usr" / "lib" / PACKAGE, "deb")
    lib = stage / "usr" / "lib" / PACKAGE
    # The menu entry and icons go where the desktop looks; the folder keeps only the program.
    share = stage / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.move(str(lib / "mira.desktop"), share / "applications" / "mira.desktop")
    shutil.move(str(lib / "share" / "icons"), share / "icons")
    shutil.rmtree(lib / "share")
    (stage / "usr" / "bin").mkdir(parents=True)
    (stage / "usr" / "bin" / PACKAGE).symlink_to(f"../lib/{PACKAGE}/mira")
    doc = share / "doc" / PACKAGE
    doc.mkdir(parents=True)
    shutil.copyfile(ROOT / "LICENSE", doc / "copyright")
    shutil.copyfile(ROOT / "THIRD_PARTY.md", doc / "THIRD_PARTY.md")
    _normalise_modes(stage)
    installed_kib = build_dist.folder_size(stage) // 1024
    (stage / "DEBIAN").mkdir()
    (stage / "DEBIAN" / "control").write_text(control(ver, arch, needs.depends, installed_kib), encoding="utf-8")
    # The desktop database, the icon cache and the MIME cache are refreshed by the triggers of
    # desktop-file-utils, gtk-update-icon-cache and shared-mime-info: no maintainer scripts.
    deb = out / f"{PACKAGE}_{ver}_{arch}.deb"
    # zstd: seconds instead of minutes for ~1 MB more than gzip (dpkg reads it since Debian 12, which the
    # glibc bound already asks for); MIRA_DEB_COMPRESSION=xz makes the smallest file (~90 MB), slowly.
    level = os.environ.get("MIRA_DEB_COMPRESSION", "zstd")
    subprocess.run(["dpkg-deb", "--root-owner-group", f"-Z{level}", "--build", str(stage), str(deb)],
                   check=True, stdout=subprocess.DEVNULL)
    shutil.rmtree(stage)
    return deb


def build_tarball(app: Path, out: Path, work: Path) -> Path:
    """``mira-VERSION-linux-ARCH.tar.gz``: one folder that runs where it is unpacked (``./mira``)."""
    ver = version()
    name = f"{PACKAGE}-{ver}-linux-{os.uname().machine}"
    stage = work / "tarball"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    _copy_app(app, stage / name, "tarball")
    tarball = out / f"{name}.tar.gz"

    def owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        return info

    level = int(os.environ.get("MIRA_TAR_LEVEL", "6"))  # the tests pass 1: the same file, built faster
    with tarfile.open(tarball, "w:gz", compresslevel=level) as archive:
        archive.add(stage / name, arcname=name, filter=owned_by_root)
    shutil.rmtree(stage)
    return tarball


def frozen_app(dist: Path, work: Path, reuse: bool) -> Path:
    app = dist / "mira"
    if reuse and (app / "mira").is_file():
        return app
    return build_dist.build(dist, work)


def build(dist: Path, work: Path, *, reuse: bool = False) -> tuple[Path, Path]:
    dist.mkdir(parents=True, exist_ok=True)
    app = frozen_app(dist, work, reuse)
    return build_deb(app, dist, work), build_tarball(app, dist, work)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", nargs="?", default="dist", type=Path)
    parser.add_argument("--reuse", action="store_true", help="use DIST/mira if it is already built")
    args = parser.parse_args(argv)
    dist = args.dist.resolve()
    for package in build(dist, ROOT / "build", reuse=args.reuse):
        print(f"{package}: {package.stat().st_size / 2**20:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
