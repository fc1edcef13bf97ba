"""Where Mira keeps its data. ``MIRA_HOME`` overrides the platform dirs (tests, portable use).

Mira's own folders (data, config, logs) are private to the user: made 0700, and an existing one others
may read is tightened at start; the database and any key file are 0600. Windows keeps its own ACLs
(the per-user profile folders are already private), so modes are left alone there.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

if TYPE_CHECKING:
    import logging

APP_NAME = "Mira"
POSIX = os.name != "nt"


def private_folder(folder: Path) -> Path:
    """Create ``folder`` readable only by the user, or tighten it when group or others may enter it."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if POSIX:
        _tighten(folder, 0o700)
    return folder


def private_file(path: Path, *, create: bool = True) -> None:
    """Make ``path`` (created empty when missing and ``create``) readable and writable by the user only."""
    if create and not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600))
    if POSIX and path.exists():
        _tighten(path, 0o600)


def _tighten(path: Path, mode: int) -> None:
    try:
        st = path.stat()
        if stat.S_IMODE(st.st_mode) & 0o077 and st.st_uid == os.getuid():
            os.chmod(path, mode)
            _log().info("made %s private to the user (was %o)", path, stat.S_IMODE(st.st_mode))
    except OSError:
        _log().warning("could not make %s private", path, exc_info=True)


def _log() -> logging.Logger:
    import logging  # here: `mira inspect` and the window's first moments read paths without logging

    return logging.getLogger(__name__)


def data_dir() -> Path:
    override = os.environ.get("MIRA_HOME")
    base = Path(override) / "data" if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    return private_folder(base)


def default_workspace_root() -> Path:
    override = os.environ.get("MIRA_HOME")
    if override:
        root = Path(override) / "workspaces"
    else:
        root = Path(platformdirs.user_documents_dir()) / "Mira"
    root.mkdir(parents=True, exist_ok=True)
    return root
