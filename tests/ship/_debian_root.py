"""A clean Debian system to install the packages into: debootstrap's minbase (no Python, no Qt, no X).

The root is made once from the mirror and release this machine uses (its apt sources) and cached as a
tar under ``~/.cache/mira-tests`` (a second run unpacks it in seconds); downloaded ``.deb`` files are
cached there too. Commands run in it with ``chroot`` as an ordinary user, with /proc bound in
(PyInstaller's loader finds itself through /proc/self/exe); /dev is debootstrap's own few nodes, never
this machine's bound in, so deleting a left-over root can never reach the real /dev. X clients inside
reach an Xvfb started outside through its abstract socket, which a chroot does not hide.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

FROZEN_BUILDS: list[float] = []  # seconds the run's PyInstaller build took (tests/ship/conftest.py)
REPORTS: list[Phases] = []  # filled by the package tests, printed at the end of the run (conftest.py)
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mira-tests"
USER = "mira-user"
HOME = f"/home/{USER}"
SOURCES = [Path("/etc/apt/sources.list"), *sorted(Path("/etc/apt/sources.list.d").glob("*.list")),
           *sorted(Path("/etc/apt/sources.list.d").glob("*.sources"))]


def release() -> str:
    fields = dict(line.split("=", 1) for line in Path("/etc/os-release").read_text().splitlines() if "=" in line)
    return fields.get("VERSION_CODENAME", "").strip('"') or "bookworm"


def _debian_sources() -> list[Path]:
    """This machine's apt sources that point at Debian's archive (not a third party's, whose key the
    clean root lacks)."""
    return [p for p in SOURCES if p.is_file() and "debian" in p.read_text(encoding="utf-8", errors="replace")
            and not re.search(r"^\s*(URIs:|deb)\s.*(nodesource|google|microsoft)", p.read_text(), flags=re.M)]


def mirror() -> str:
    """The first Debian archive URI in this machine's sources (security is a separate archive)."""
    for path in _debian_sources():
        for uri in re.findall(r"(?:^URIs:\s*|^deb(?:\s+\[[^]]*\])?\s+)(\S+)", path.read_text(), flags=re.M):
            if "security" not in uri:
                return uri
    return "http://deb.debian.org/debian"


def base_tarball(log: list[str]) -> Path:
    """The cached minbase root for this release and mirror, made with debootstrap when missing."""
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    key = re.sub(r"[^A-Za-z0-9]+", "_", mirror()).strip("_")
    tar = CACHE / f"debian-{release()}-{arch}-minbase-{key}.tar"
    if tar.is_file():
        log.append(f"cached Debian root {tar}")
        return tar
    CACHE.mkdir(parents=True, exist_ok=True)
    work = CACHE / f"debootstrap-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    try:
        subprocess.run(["debootstrap", "--variant=minbase", f"--arch={arch}", release(), str(work), mirror()],
                       check=True, capture_output=True, timeout=900)
        partial = tar.with_suffix(".partial")
        subprocess.run(["tar", "-C", str(work), "-cf", str(partial), "."], check=True)
        partial.rename(tar)  # only a complete root is ever used
    finally:
        shutil.rmtree(work, ignore_errors=True)
    log.append(f"made Debian root {tar} with debootstrap from {mirror()}")
    return tar


class DebianRoot:
    """An unpacked root with /proc and the apt cache bound in; :meth:`close` unbinds them."""

    def __init__(self, path: Path, tarball: Path) -> None:
        self.path = path
        self._mounts: list[Path] = []
        path.mkdir(parents=True)
        try:
            self._prepare(tarball)
        except BaseException:
            self.close()
            raise

    def _prepare(self, tarball: Path) -> None:
        path = self.path
        subprocess.run(["tar", "-C", str(path), "-xf", str(tarball)], check=True)
        shutil.copyfile("/etc/resolv.conf", path / "etc" / "resolv.conf")
        for old in (path / "etc" / "apt" / "sources.list.d").glob("*"):
            old.unlink()
        (path / "etc" / "apt" / "sources.list").write_text("", encoding="utf-8")
        for source in _debian_sources():
            shutil.copyfile(source, path / "etc" / "apt" / "sources.list.d" / source.name)
        archives = CACHE / "apt-archives"
        (archives / "partial").mkdir(parents=True, exist_ok=True)
        # apt keeps what it downloaded for the next run (minbase's apt would delete it after installing).
        (path / "etc" / "apt" / "apt.conf.d" / "99keep").write_text('APT::Keep-Downloaded-Packages "true";\n'
                                                                       'Binary::apt::APT::Keep-Downloaded-Packages "true";\n')
        for source, target in (("/proc", "proc"), (str(archives), "var/cache/apt/archives")):
            self._bind(Path(source), path / target)
        (path / "dev" / "shm").mkdir(exist_ok=True)
        (path / "dev" / "shm").chmod(0o1777)  # shared memory for Qt's X11 drawing, as on a real system
        self.run(["useradd", "--create-home", "--shell", "/bin/sh", USER])

    def _bind(self, source: Path, target: Path) -> None:
        target.mkdir(parents=True, exist_ok=True)
        subprocess.run(["mount", "--bind", str(source), str(target)], check=True)
        self._mounts.append(target)

    def close(self) -> None:
        for target in reversed(self._mounts):
            subprocess.run(["umount", "--lazy", str(target)], check=False)
        self._mounts.clear()

    def run(self, cmd: list[str], *, user: bool = False, env: dict[str, str] | None = None,
            timeout: float = 600, check: bool = True) -> subprocess.CompletedProcess[str]:
        out = subprocess.run(self.command(cmd, user=user, env=env), capture_output=True, text=True,
                             encoding="utf-8", errors="replace", timeout=timeout)
        if check:
            assert out.returncode == 0, f"{cmd} in the Debian root failed ({out.returncode}):\n{out.stdout}\n{out.stderr}"
        return out

    def command(self, cmd: list[str], *, user: bool = False, env: dict[str, str] | None = None) -> list[str]:
        """``cmd`` as run inside the root, with a clean environment (nothing of this machine's leaks in)."""
        home = HOME if user else "/root"
        base = {"PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME": home, "LANG": "C.UTF-8",
                "USER": USER if user else "root", "DEBIAN_FRONTEND": "noninteractive"}
        spec = [f"--userspec={USER}:{USER}"] if user else []
        return ["chroot", *spec, str(self.path), "/usr/bin/env", "-i",
                *(f"{k}={v}" for k, v in {**base, **(env or {})}.items()), *cmd]

    def host_path(self, inside: str) -> Path:
        return self.path / inside.lstrip("/")

    def give(self, source: Path, inside: str) -> str:
        """Copy ``source`` from this machine to ``inside``, owned by the root's user."""
        target = self.host_path(inside)
        shutil.copyfile(source, target)
        uid = int(self.run(["id", "-u", USER]).stdout)
        os.chown(target, uid, uid)
        return inside

    def installed(self) -> list[str]:
        return self.run(["dpkg-query", "-W", "-f", "${Package}\\n"]).stdout.split()


class Phases:
    """How long each step took, for the report at the end of the module."""

    def __init__(self) -> None:
        self.times: list[tuple[str, float]] = []
        self.notes: list[str] = []

    def timed(self, name: str) -> _Timer:
        return _Timer(self, name)

    def report(self) -> str:
        frozen = [("the run's frozen build (PyInstaller, shared)", seconds) for seconds in FROZEN_BUILDS]
        lines = [f"  {name:<44} {seconds:7.1f} s" for name, seconds in frozen + self.times]
        return "\n".join(["package test phases:", *lines, *(f"  {n}" for n in self.notes)])


class _Timer:
    def __init__(self, phases: Phases, name: str) -> None:
        self.phases, self.name = phases, name

    def __enter__(self) -> _Timer:
        self.start = time.monotonic()
        return self

    def __exit__(self, *_: object) -> None:
        self.phases.times.append((self.name, time.monotonic() - self.start))
