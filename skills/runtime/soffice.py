"""LibreOffice headless with a private profile, a time limit and a private folder."""
from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
from pathlib import Path

from skills.runtime._base import CommandError

DEFAULT_TIMEOUT = 120.0


class SofficeUnavailable(CommandError):
    """LibreOffice is not installed; checks that need it are reported as not run."""


def soffice_path() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


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
        raise SofficeUnavailable("LibreOffice is not installed, so this check could not run")
    src, out = Path(src), Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    profile = out / ".profile"
    cmd = [exe, f"-env:UserInstallation={profile.resolve().as_uri()}", "--headless", "--norestore",
           "--nologo", "--nodefault", "--nolockcheck", "--convert-to", fmt, "--outdir", str(out), str(src)]
    env = dict(os.environ, HOME=str(out), SAL_USE_VCLPLUGIN="svp")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            start_new_session=True)
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise CommandError(f"LibreOffice did not finish converting {src.name} within {timeout:.0f} s") from None
    except BaseException:
        _kill_group(proc)  # interrupted (Ctrl+C, shutdown): never leave LibreOffice running behind us
        raise
    ext = fmt.split(":", 1)[0]
    produced = out / f"{src.stem}.{ext}"
    if proc.returncode != 0 or not produced.is_file() or produced.stat().st_size == 0:
        reason = err.decode(errors="replace").strip().splitlines()[-1:] or ["no output file"]
        raise CommandError(f"LibreOffice could not convert {src.name}: {reason[0]}")
    return produced


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the converter and everything it started (it runs in its own session), then reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate()
