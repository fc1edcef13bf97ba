"""What this machine has for Mira: ``mira doctor`` and Help → Copy diagnostics.

Each line is a label, what was found and a verdict: ``ok``; ``warn`` (Mira works,
with less: no LibreOffice page view, no keyring); ``missing`` (something the app
needs: the doctor exits 1). Nothing here prints a key or document text.
"""
from __future__ import annotations

import argparse
import importlib
import platform
import shutil
import socket
import sqlite3
import subprocess
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from desktop import __version__, logs
from desktop.i18n import tr

if TYPE_CHECKING:
    from desktop.settings import AppSettings

OK, WARN, MISSING = "ok", "warn", "missing"
_CJK_FONT_FILES = (  # where Windows and macOS keep their Chinese system fonts
    r"C:\Windows\Fonts\msyh.ttc", r"C:\Windows\Fonts\simsun.ttc",
    "/System/Library/Fonts/PingFang.ttc", "/System/Library/Fonts/STHeiti Medium.ttc",
)


@dataclass(frozen=True)
class Finding:
    label: str
    value: str
    verdict: str


def _package(name: str) -> str:
    """The installed version; the frozen app carries no metadata, so ask the module itself there."""
    try:
        return version(name)
    except PackageNotFoundError:
        pass
    module, attribute = {"PySide6-Essentials": ("PySide6", "__version__"),
                         "PyMuPDF": ("pymupdf", "VersionBind")}.get(name, (name, "__version__"))
    try:
        return str(getattr(importlib.import_module(module), attribute, ""))
    except ImportError:
        return ""


def _libreoffice() -> Finding:
    from skills.runtime import soffice

    path = soffice.soffice_path()
    chosen = soffice.chosen_path()
    if path:
        return Finding(tr("doctor.libreoffice"), path, OK)
    if chosen:
        return Finding(tr("doctor.libreoffice"), tr("doctor.lo_chosen_missing", path=chosen), WARN)
    return Finding(tr("doctor.libreoffice"), tr("doctor.lo_missing"), WARN)


def _cjk_fonts() -> Finding:
    found = ""
    if shutil.which("fc-list"):
        out = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True, timeout=20)
        families = sorted({line.split(",")[0].strip() for line in out.stdout.splitlines() if line.strip()})
        found = ", ".join(families[:3])
    else:
        found = ", ".join(Path(p).name for p in _CJK_FONT_FILES if Path(p).is_file())
    if found:
        return Finding(tr("doctor.cjk_fonts"), found, OK)
    return Finding(tr("doctor.cjk_fonts"), tr("doctor.cjk_missing"), WARN)


def _keyring() -> Finding:
    from desktop.llm.keys import keyring_status

    import keyring

    usable, _note = keyring_status()  # the note is the Settings dialog's; the report says it in words
    backend = type(keyring.get_keyring())
    name = f"{backend.__module__}.{backend.__name__}"
    return Finding(tr("doctor.keyring"), name if usable else f"{name}: {tr('settings.no_keyring')}",
                   OK if usable else WARN)


def _endpoint(settings: AppSettings) -> Finding:
    model = settings.model
    if model.provider == "offline":
        return Finding(tr("doctor.model"), tr("doctor.model_offline"), OK)
    url = urlsplit(model.base_url)
    host, port = url.hostname or "", url.port or (443 if url.scheme == "https" else 80)
    where = f"{url.scheme}://{host}:{port}"
    try:
        with socket.create_connection((host, port), timeout=3):
            pass
    except OSError as exc:
        return Finding(tr("doctor.model"), tr("doctor.model_unreachable", where=where, reason=exc.strerror or exc),
                       WARN)
    return Finding(tr("doctor.model"), tr("doctor.model_reachable", where=where, model=model.model), OK)


def _database() -> Finding:
    from desktop.paths import data_dir
    from desktop.store import SCHEMA_VERSION

    path = data_dir() / "mira.sqlite3"
    if not path.exists():
        return Finding(tr("doctor.database"), tr("doctor.db_new", path=path, latest=SCHEMA_VERSION), OK)
    try:  # read-only: the doctor never migrates or locks the user's database
        with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5) as conn:
            row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
        found = int(row[0] or 0)
    except sqlite3.Error as exc:
        return Finding(tr("doctor.database"), tr("doctor.db_unreadable", path=path, reason=exc), MISSING)
    verdict = OK if found <= SCHEMA_VERSION else MISSING  # newer than this Mira: an older app cannot use it
    return Finding(tr("doctor.database"), tr("doctor.db_found", path=path, found=found, latest=SCHEMA_VERSION),
                   verdict)


# Written into the app folder by the packaging scripts (scripts/build_packages.py, packaging/windows,
# packaging/macos); a frozen folder without it is the plain `make dist` build.
INSTALL_KIND_FILE = "install-kind"
_KINDS = {"deb": "doctor.install_deb", "tarball": "doctor.install_tarball", "windows": "doctor.install_windows",
          "macos": "doctor.install_macos"}


def install_kind() -> tuple[str, Path]:
    """How this Mira was installed (``source``, ``frozen``, ``deb``, ``tarball``, ``windows``, ``macos``) and where."""
    if not getattr(sys, "frozen", False):
        return "source", Path(__file__).resolve().parents[1]
    folder = Path(sys.executable).resolve().parent
    marker = folder / INSTALL_KIND_FILE
    if not marker.is_file() and folder.name == "MacOS":  # inside Mira.app the data sit in Contents/Resources
        marker = folder.parent / "Resources" / INSTALL_KIND_FILE
    try:
        kind = marker.read_text(encoding="utf-8").strip()
    except OSError:
        kind = ""
    return (kind if kind in _KINDS else "frozen"), folder


def _install() -> Finding:
    kind, where = install_kind()
    key = _KINDS.get(kind, f"doctor.install_{kind}")
    return Finding(tr("doctor.install"), tr(key, path=where), OK)


def collect(settings: AppSettings | None = None) -> list[Finding]:
    """Every diagnostic line, in the order they are shown."""
    if settings is None:
        from desktop.settings import SettingsStore

        settings = SettingsStore().load()
    from skills.runtime import soffice

    soffice.use_path(settings.soffice_path or None)
    qt = _package("PySide6-Essentials")
    mupdf = _package("PyMuPDF")
    return [
        Finding(tr("doctor.version"), f"Mira {__version__}", OK),
        Finding(tr("doctor.platform"), f"{platform.platform()}; Python {platform.python_version()}"
                + ("; frozen" if getattr(sys, "frozen", False) else ""), OK),
        _install(),
        Finding("Qt (PySide6)", qt or tr("doctor.not_installed"), OK if qt else MISSING),
        Finding("PyMuPDF", mupdf or tr("doctor.not_installed"), OK if mupdf else MISSING),
        _libreoffice(),
        _cjk_fonts(),
        _keyring(),
        _endpoint(settings),
        _database(),
        Finding(tr("doctor.logs"), str(logs.log_dir()), OK),
    ]


def render(findings: Sequence[Finding]) -> str:
    width = max(_columns(f.label) for f in findings)
    marks = {OK: tr("doctor.ok"), WARN: tr("doctor.warn"), MISSING: tr("doctor.missing")}
    return "\n".join(f"[{marks[f.verdict]}] {_pad(f.label, width)}  {f.value}" for f in findings)


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` columns; a Chinese character takes two on a terminal."""
    return text + " " * max(0, width - _columns(text))


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def _speak_the_chosen_language() -> None:
    """The interface language from Settings ("" follows the system), so the report reads like the window."""
    from desktop import i18n
    from desktop.settings import chosen_language

    i18n.set_language(chosen_language())


def main(argv: Sequence[str] | None = None) -> int:
    _speak_the_chosen_language()
    parser = argparse.ArgumentParser(prog="mira doctor", description=tr("doctor.about"))
    parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    findings = collect()
    print(render(findings))
    missing = [f for f in findings if f.verdict == MISSING]
    if missing:
        print(tr("doctor.verdict_missing", count=len(missing)), file=sys.stderr)
        return 1
    return 0
