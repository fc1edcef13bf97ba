"""The system libraries a frozen Linux build needs, as Debian package names for a ``.deb``'s Depends.

Read off the build itself: every ELF file's ``NEEDED`` entries (``objdump -p``) that the folder does
not carry are found on this machine (``ldconfig -p``) and mapped to the package that owns them
(``dpkg -S``), with the lower version bound that package's ``shlibs`` file declares. So the Depends
follow whatever PyInstaller and the Qt wheels bundle, on the Debian release the build ran on.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

# Opened with dlopen() at run time, so no NEEDED entry names it: Qt reaches the session bus through libdbus.
DLOPENED = ("libdbus-1.so.3",)
# Data, not code: PyInstaller bundles this machine's libfontconfig, which reads the system's
# /etc/fonts (fontconfig-config, which also brings a font); without it Qt finds no font and draws no text.
EXTRA_PACKAGES = ("fontconfig-config",)
# Qt libraries that only platform plugins load (Wayland, EGLFS): the xcb window never needs them.
PLUGIN_ONLY = re.compile(r"libQt6(Wayland|Wl|EglFs)")
DPKG_INFO = Path("/var/lib/dpkg/info")


@dataclass(frozen=True)
class Needs:
    depends: list[str]  # "libxcb1 (>= 1.11.1)", sorted, one per package
    optional: list[str]  # sonames only Qt plugins need (GTK theme, TIFF, Wayland extras) and this machine lacks
    unresolved: list[str]  # sonames the app itself needs that are neither bundled nor installed here


def elf_files(folder: Path) -> list[Path]:
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def needed(path: Path) -> list[str]:
    out = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True, check=False).stdout
    return re.findall(r"^\s+NEEDED\s+(\S+)$", out, flags=re.M)


def system_sonames(folder: Path) -> dict[str, bool]:
    """Sonames some binary in ``folder`` needs that the folder does not carry itself: soname -> whether
    only Qt plugins need it (a plugin whose library is missing is skipped by Qt; the app still runs)."""
    bundled = {p.name for p in folder.rglob("*")}
    only_plugins: dict[str, bool] = {name: False for name in DLOPENED if name not in bundled}
    for path in elf_files(folder):
        plugin = "plugins" in path.relative_to(folder).parts or bool(PLUGIN_ONLY.match(path.name))
        for name in needed(path):
            if name not in bundled:
                only_plugins[name] = only_plugins.get(name, True) and plugin
    return only_plugins


def ldconfig() -> str:
    """ldconfig lives in /sbin, which an ordinary user's PATH on Debian leaves out."""
    return shutil.which("ldconfig") or next((p for p in ("/sbin/ldconfig", "/usr/sbin/ldconfig") if Path(p).is_file()), "")


def _ldconfig() -> dict[str, str]:
    out = subprocess.run([ldconfig(), "-p"], capture_output=True, text=True, check=True).stdout
    paths: dict[str, str] = {}
    for line in out.splitlines():
        match = re.match(r"\s+(\S+) \(([^)]*)\) => (\S+)$", line)
        if match and "x86-64" in match.group(2):  # the 64-bit copy, not a multilib i386 one
            paths.setdefault(match.group(1), match.group(3))
    return paths


def owner(path: str) -> str:
    """The package that installed ``path`` (tried as given and resolved: /lib is /usr/lib since usrmerge)."""
    real = str(Path(path).resolve())
    for candidate in dict.fromkeys((path, real, real.removeprefix("/usr"), "/usr" + path)):
        out = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True, check=False)
        if out.returncode == 0:
            return out.stdout.split(":", 1)[0].split(",")[0].strip()
    return ""


def _shlibs_bound(package: str, soname: str) -> str:
    """The dependency the owning package's shlibs file declares for ``soname`` (``pkg (>= v)``)."""
    match = re.match(r"(.+)\.so\.(.+)$", soname)
    if not match:
        return package
    name, version = match.groups()
    for shlibs in (DPKG_INFO / f"{package}:amd64.shlibs", DPKG_INFO / f"{package}.shlibs"):
        if shlibs.is_file():
            for line in shlibs.read_text(encoding="utf-8").splitlines():
                parts = line.split(None, 2)
                if len(parts) == 3 and parts[0] == name and parts[1] == version:
                    return parts[2].split(",")[0].strip()
    return package


def debian_depends(folder: Path) -> Needs:
    paths = _ldconfig()
    by_package: dict[str, str] = {}
    unresolved, optional = [], []
    for soname, only_plugins in sorted(system_sonames(folder).items()):
        path = paths.get(soname)
        package = owner(path) if path else ""
        if not package:
            (optional if only_plugins else unresolved).append(soname)
            continue
        bound = _shlibs_bound(package, soname)
        # One entry per package: the highest bound any of its libraries asks for.
        if package not in by_package or _newer(_version(bound), _version(by_package[package])):
            by_package[package] = bound
    return Needs(depends=sorted(by_package.values()) + list(EXTRA_PACKAGES), optional=optional, unresolved=unresolved)


def _version(dependency: str) -> str:
    match = re.search(r"\(>=\s*([^)]+)\)", dependency)
    return match.group(1) if match else ""


def _newer(a: str, b: str) -> bool:
    if not a or not b:
        return bool(a)
    return subprocess.run(["dpkg", "--compare-versions", a, "gt", b], check=False).returncode == 0


if __name__ == "__main__":
    import sys

    needs = debian_depends(Path(sys.argv[1]))
    print("Depends: " + ", ".join(needs.depends))
    print("only for optional Qt plugins, not on this machine: " + ", ".join(needs.optional))
    if needs.unresolved:
        print("unresolved: " + ", ".join(needs.unresolved))
