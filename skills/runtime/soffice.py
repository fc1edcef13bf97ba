"""LibreOffice headless with a private profile, a time limit and a private folder.

Where LibreOffice is: the path chosen in Settings (handed in by the app through
:func:`use_path`), else ``PATH``, else the default install folders on Windows and
macOS, where the installer does not put it on ``PATH``.
"""
from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path, PurePath, PureWindowsPath


from skills.messages import msg
from skills.runtime._base import CommandError

DEFAULT_TIMEOUT = 120.0


class SofficeUnavailable(CommandError):
    """LibreOffice is not installed; checks that need it are reported as not run."""


_chosen: str | None = None  # the Settings path; set by the app, the one place that reads settings


def use_path(path: str | None) -> None:
    """Use ``path`` (the Settings choice) before any other place; ``None`` or "" clears it."""
    global _chosen
    _chosen = path or None


def chosen_path() -> str | None:
    return _chosen


def default_locations(platform: str = sys.platform, env: Mapping[str, str] = os.environ) -> list[PurePath]:
    """Where the LibreOffice installers put ``soffice`` on Windows and macOS (nothing elsewhere)."""
    if platform == "win32":
        roots = [env[k] for k in ("ProgramFiles", "ProgramW6432", "ProgramFiles(x86)") if env.get(k)]
        roots += [r"C:\Program Files", r"C:\Program Files (x86)"]
        found = [PureWindowsPath(r, "LibreOffice", "program", "soffice.exe") for r in roots]
        return list(dict.fromkeys(found))
    if platform == "darwin":
        app = PurePath("LibreOffice.app", "Contents", "MacOS", "soffice")
        home = env.get("HOME")
        return [PurePath("/Applications") / app] + ([PurePath(home, "Applications") / app] if home else [])
    return []


def find_soffice(chosen: str | None = None, *, platform: str = sys.platform,
                 env: Mapping[str, str] = os.environ,
                 which: Callable[[str], str | None] = shutil.which,
                 is_file: Callable[[str], bool] = os.path.isfile) -> str | None:
    """The LibreOffice executable to run, or None. The arguments exist so tests can fake a platform."""
    if chosen and is_file(chosen):
        return chosen
    on_path = which("soffice") or which("libreoffice")
    if on_path:
        return on_path
    for candidate in default_locations(platform, env):
        if is_file(str(candidate)):
            return str(candidate)
    return None


def soffice_path() -> str | None:
    return find_soffice(_chosen)


def private_dir(parent: str | os.PathLike[str]) -> Path:
    """A randomly named folder the caller removes after use."""
    d = Path(parent) / f".mira-render-{secrets.token_hex(8)}"
    d.mkdir(mode=0o700)
    return d


def convert(src: str | os.PathLike[str], out_dir: str | os.PathLike[str], fmt: str = "pdf",
            *, timeout: float = DEFAULT_TIMEOUT) -> Path:
    """Convert ``src`` into ``out_dir`` (``fmt`` like ``pdf`` or ``xlsx:"Calc MS Excel 2007 XML"``).

    The profile lives inside ``out_dir`` so concurrent runs never share state.
    Returns the produced file; raises :class:`CommandError` with the reason otherwise.
    """
    exe = soffice_path()
    if exe is None:
        raise SofficeUnavailable(msg("soffice.missing"))
    src, out = Path(src), Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    profile = out / ".profile"
    cmd = [exe, f"-env:UserInstallation={profile.resolve().as_uri()}", "--headless", "--norestore",
           "--nologo", "--nodefault", "--nolockcheck", "--convert-to", fmt, "--outdir", str(out), str(src)]
    env = dict(os.environ, HOME=str(out), SAL_USE_VCLPLUGIN="svp")
    if os.name == "nt":
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0))
    else:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                start_new_session=True)
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_tree(proc)
        raise CommandError(msg("soffice.timeout", name=src.name, seconds=f"{timeout:.0f}")) from None
    except BaseException:
        kill_tree(proc)  # interrupted (Ctrl+C, shutdown): never leave LibreOffice running behind us
        raise
    ext = fmt.split(":", 1)[0]
    produced = out / f"{src.stem}.{ext}"
    if proc.returncode != 0 or not produced.is_file() or produced.stat().st_size == 0:
        reason = err.decode(errors="replace").strip().splitlines()[-1:] or ["no output file"]
        raise CommandError(msg("soffice.failed", name=src.name), details=reason[0])
    return produced


def kill_tree(proc: subprocess.Popen[bytes]) -> None:
    """Kill the converter and everything it started, on every platform, then reap it.

    The process tree (psutil) works everywhere; on POSIX the converter also leads its
    own session, so the group kill catches children already re-parented away from it.
    """
    import psutil  # here, not at the top: the window imports this module before its first frame

    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        children = []
    proc.kill()  # first: a converter whose child died first would exit by itself and hide the kill
    for child in children:
        with contextlib.suppress(psutil.NoSuchProcess):
            child.kill()
    killpg = getattr(os, "killpg", None)  # absent on Windows
    if killpg is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            killpg(proc.pid, getattr(signal, "SIGKILL", signal.SIGTERM))
    psutil.wait_procs(children, timeout=10)  # the converter itself is reaped by communicate()
    proc.communicate()
