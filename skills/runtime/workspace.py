"""A task workspace: every path is resolved and must stay inside it."""
from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path, PurePosixPath, PureWindowsPath

from skills.runtime.errors import WorkspaceError

__all__ = ["PRIVATE_DIR", "Workspace", "WorkspaceError", "sha256_file"]

PRIVATE_DIR = ".mira"  # the working folder's kept versions (skills.runtime.versions); never a tool's path


class Workspace:
    """The one folder a task may read and write.

    ``resolve`` refuses absolute paths, ``..`` components and anything whose real
    location (after following symlinks) lies outside the root. ``publish`` builds
    output in a staging file next to the target and renames it into place
    atomically, re-checking the parent right before the rename so a directory
    swapped for a symlink in between is caught.
    """

    STAGING_PREFIX = ".mira-staging-"

    def __init__(self, root: str | os.PathLike[str]) -> None:
        root_path = Path(root)
        root_path.mkdir(parents=True, exist_ok=True)
        self.root = root_path.resolve(strict=True)

    def __repr__(self) -> str:
        return f"Workspace({str(self.root)!r})"

    def resolve(self, rel: str, *, must_exist: bool = False) -> Path:
        if not isinstance(rel, str) or not rel.strip():
            raise WorkspaceError("a workspace path must be a non-empty string")
        if "\x00" in rel:
            raise WorkspaceError(f"path {rel!r} contains a NUL byte")
        posix, win = PurePosixPath(rel), PureWindowsPath(rel)
        if posix.is_absolute() or win.is_absolute() or win.drive or rel.startswith(("\\", "/", "~")):
            raise WorkspaceError(f"path {rel!r} is absolute; use a path inside the workspace")
        parts = [p for p in rel.replace("\\", "/").split("/") if p not in ("", ".")]
        if any(p == ".." for p in parts):
            raise WorkspaceError(f"path {rel!r} leaves the workspace ('..' is not allowed)")
        if not parts:
            raise WorkspaceError(f"path {rel!r} names the workspace itself, not a file")
        if parts[0].lower() == PRIVATE_DIR:
            raise WorkspaceError(f"path {rel!r} is inside Mira's private version area; it cannot be used")
        candidate = self.root.joinpath(*parts)
        real = candidate.resolve(strict=False)
        if not real.is_relative_to(self.root):
            raise WorkspaceError(f"path {rel!r} escapes the workspace through a symlink")
        if must_exist and not real.exists():
            raise WorkspaceError(f"{rel!r} does not exist in the workspace")
        return real

    def relative(self, path: str | os.PathLike[str]) -> str:
        real = Path(path).resolve(strict=False)
        if not real.is_relative_to(self.root):
            raise WorkspaceError(f"{path} is outside the workspace")
        return real.relative_to(self.root).as_posix()

    def _check_parent(self, parent: Path) -> None:
        real = parent.resolve(strict=True)
        if real != parent or not real.is_relative_to(self.root):
            raise WorkspaceError(f"folder {parent} changed to point outside the workspace")

    def _open_dir(self, parent: Path) -> int:
        """Open ``parent`` without following a final symlink and prove the fd is inside the root."""
        try:
            fd = os.open(parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError as exc:
            raise WorkspaceError(f"folder {parent} cannot be opened safely ({exc.strerror})") from None
        try:
            real = _fd_path(fd)
            if real is not None and not real.is_relative_to(self.root):
                raise WorkspaceError(f"folder {parent} changed to point outside the workspace")
            self._same_dir(parent, fd)
        except BaseException:
            os.close(fd)
            raise
        return fd

    @staticmethod
    def _same_dir(parent: Path, fd: int) -> None:
        st, fst = os.stat(parent, follow_symlinks=False), os.fstat(fd)
        if (st.st_dev, st.st_ino) != (fst.st_dev, fst.st_ino):
            raise WorkspaceError(f"folder {parent} was replaced while writing; nothing was published")

    @contextlib.contextmanager
    def publish(self, rel: str) -> Iterator[Path]:
        """Yield a staging path; on normal exit rename it over ``rel`` atomically.

        The target folder is held open as a directory fd for the whole write: the
        staging file is created and renamed relative to that fd, so swapping the
        folder (or a parent) for a symlink after the check cannot move the file
        outside the workspace; the swap is detected and nothing is published.
        On Linux the yielded path goes through ``/proc/self/fd`` so even the
        caller's own write lands in the checked folder. That path is valid in this
        process only: a subprocess (LibreOffice) must write elsewhere and the caller
        copies its output into the staging path.
        """
        target = self.resolve(rel)
        parent = target.parent
        parent.mkdir(parents=True, exist_ok=True)
        self._check_parent(parent)
        if target.is_dir():
            raise WorkspaceError(f"{rel!r} is a folder; refusing to replace it")
        dfd = self._open_dir(parent)
        name = f"{self.STAGING_PREFIX}{secrets.token_hex(8)}{target.suffix}"
        try:
            # Create the staging file exclusively so a planted symlink cannot redirect it.
            os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                             0o600, dir_fd=dfd))
            via_fd = Path(f"/proc/self/fd/{dfd}")
            staging = via_fd / name if via_fd.is_dir() else parent / name
            yield staging
            try:
                st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
            except FileNotFoundError:
                raise WorkspaceError(f"nothing was written for {rel!r}") from None
            if not stat.S_ISREG(st.st_mode) or st.st_size == 0:
                raise WorkspaceError(f"nothing was written for {rel!r}")
            fd = os.open(name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0), dir_fd=dfd)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            self._same_dir(parent, dfd)
            self._check_parent(parent)
            if target.is_symlink():
                raise WorkspaceError(f"{rel!r} is a symlink; refusing to replace it")
            os.replace(name, target.name, src_dir_fd=dfd, dst_dir_fd=dfd)
            os.fsync(dfd)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(name, dir_fd=dfd)
            os.close(dfd)

    def stray_staging_files(self) -> list[Path]:
        return sorted(self.root.rglob(f"{self.STAGING_PREFIX}*"))


def _fd_path(fd: int) -> Path | None:
    """The real path of an open fd where the OS tells it (Linux), else None."""
    link = Path(f"/proc/self/fd/{fd}")
    try:
        return Path(os.readlink(link))
    except OSError:
        return None


def sha256_file(path: str | os.PathLike[str]) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()
