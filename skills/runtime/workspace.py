"""A task workspace: every path is resolved and must stay inside it."""
from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from pathlib import Path, PurePosixPath, PureWindowsPath

from skills.runtime.errors import WorkspaceError
from skills.messages import msg

__all__ = ["PRIVATE_DIR", "Workspace", "WorkspaceError", "sha256_file"]

PRIVATE_DIR = ".mira"  # the working folder's kept versions (skills.runtime.versions); never a tool's path


class TargetInUse(WorkspaceError):
    """Another program holds the target open (Word on Windows), so it could not be replaced.

    The new version is never lost: it is kept beside the target as ``kept``.
    """

    def __init__(self, rel: str, kept: str) -> None:
        super().__init__(msg("error.workspace.target_in_use", rel=repr(rel), kept=repr(kept)))
        self.rel = rel
        self.kept = kept



def _uses_dir_fds(os_name: str, supported: AbstractSet[Callable[..., object]]) -> bool:
    """Windows has no directory file descriptors: there the staging file is renamed by path."""
    return os_name != "nt" and os.open in supported and os.rename in supported


def _has_windows_names(os_name: str) -> bool:
    """Windows refuses some names (``con``, ``a:b``, a trailing dot) that POSIX systems accept."""
    return os_name == "nt"


_DIR_FD = _uses_dir_fds(os.name, os.supports_dir_fd)
_O_BINARY = getattr(os, "O_BINARY", 0)  # Windows would translate newlines without it; 0 elsewhere
# Where the OS shows an open fd as a path (Linux); elsewhere the fd-path check has nothing to read.
_PROC_FD = Path("/proc/self/fd")


_WINDOWS_NAMES = _has_windows_names(os.name)  # checked where the rules apply; a test fakes it
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
_BAD_CHARS = set('<>:"|?*') | {chr(c) for c in range(32)}


def windows_name_problem(part: str) -> str | None:
    """Why ``part`` is not a usable Windows file or folder name, or None."""
    bad = sorted(set(part) & _BAD_CHARS)
    if bad:
        return f"{part!r} contains {' '.join(repr(c) for c in bad)}"
    if part.endswith((" ", ".")):
        return f"{part!r} ends with a space or a dot"
    if part.split(".")[0].strip().upper() in _RESERVED:
        return f"{part!r} is a name Windows reserves for a device"
    return None


def kept_name(target: str, taken: Callable[[str], bool]) -> str:
    """``report (new).docx``, then ``report (new 2).docx``…: the first name ``taken`` says is free."""
    stem, suffix = os.path.splitext(target)
    for n in range(1, 1000):
        name = f"{stem} (new{'' if n == 1 else f' {n}'}){suffix}"
        if not taken(name):
            return name
    raise WorkspaceError(msg("error.workspace.free_name_beside_keep", target=repr(target)))


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
        self.root = root_path.resolve()

    def __repr__(self) -> str:
        return f"Workspace({str(self.root)!r})"

    def resolve(self, rel: str, *, must_exist: bool = False) -> Path:
        if not isinstance(rel, str) or not rel.strip():
            raise WorkspaceError(msg("error.workspace.workspace_path_non_empty"))
        if "\x00" in rel:
            raise WorkspaceError(msg("error.workspace.path_contains_nul_byte", rel=repr(rel)))
        # A leading slash, backslash or ~ is absolute on some system; so is any Windows drive (C:, \\server\share).
        if PureWindowsPath(rel).drive or rel.startswith(("\\", "/", "~")):
            raise WorkspaceError(msg("error.workspace.path_absolute_use_path", rel=repr(rel)))
        parts = [p for p in rel.replace("\\", "/").split("/") if p not in ("", ".")]
        if any(p == ".." for p in parts):
            raise WorkspaceError(msg("error.workspace.path_leaves_workspace_allowed", rel=repr(rel)))
        if not parts:
            raise WorkspaceError(msg("error.workspace.path_names_workspace_itself", rel=repr(rel)))
        if parts[0].lower() == PRIVATE_DIR:
            raise WorkspaceError(msg("error.workspace.path_inside_mira_s", rel=repr(rel)))
        if _WINDOWS_NAMES:
            for part in parts:
                problem = windows_name_problem(part)
                if problem:
                    raise WorkspaceError(msg("error.workspace.path_used_windows", rel=repr(rel), problem=problem))
        candidate = self.root.joinpath(*parts)
        real = candidate.resolve(strict=False)
        if not real.is_relative_to(self.root):
            raise WorkspaceError(msg("error.workspace.path_escapes_workspace_through", rel=repr(rel)))
        if must_exist and not real.exists():
            raise WorkspaceError(msg("error.workspace.does_exist_workspace", rel=repr(rel)))
        return real

    def relative(self, path: str | os.PathLike[str]) -> str:
        real = Path(path).resolve(strict=False)
        if not real.is_relative_to(self.root):
            raise WorkspaceError(msg("error.workspace.outside_workspace", path=path))
        return real.relative_to(self.root).as_posix()

    def _check_parent(self, parent: Path) -> None:
        real = parent.resolve()
        if real != parent or not real.is_relative_to(self.root):
            raise WorkspaceError(msg("error.workspace.folder_changed_point_outside", parent=parent))

    def _open_dir(self, parent: Path) -> int:
        """Open ``parent`` without following a final symlink and prove the fd is inside the root."""
        try:
            fd = os.open(parent, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError as exc:
            raise WorkspaceError(msg("error.workspace.folder_opened_safely", parent=parent, strerror=exc.strerror)) from None
        try:
            real = _fd_path(fd)
            if real is not None and not real.is_relative_to(self.root):
                raise WorkspaceError(msg("error.workspace.folder_changed_point_outside", parent=parent))
            self._same_dir(parent, fd)
        except BaseException:
            os.close(fd)
            raise
        return fd

    @staticmethod
    def _same_dir(parent: Path, fd: int) -> None:
        st, fst = os.stat(parent, follow_symlinks=False), os.fstat(fd)
        if (st.st_dev, st.st_ino) != (fst.st_dev, fst.st_ino):
            raise WorkspaceError(msg("error.workspace.folder_was_replaced_while", parent=parent))

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
            raise WorkspaceError(msg("error.workspace.folder_refusing_replace", rel=repr(rel)))
        if not _DIR_FD:
            with self._publish_by_path(rel, target) as staging_path:
                yield staging_path
            return
        dfd = self._open_dir(parent)
        try:
            name = self._create_staging(dfd, target.suffix, rel)
            try:
                yield _child_path(dfd, parent, name)
                _check_written(name, dfd, rel)
                self._same_dir(parent, dfd)
                self._check_parent(parent)
                if target.is_symlink():
                    raise WorkspaceError(msg("error.workspace.symlink_refusing_replace", rel=repr(rel)))
                _rename_or_keep(name, target.name, dfd, rel)
                os.fsync(dfd)
            finally:
                _remove_staging(name, dfd)
        finally:
            os.close(dfd)

    def _create_staging(self, dfd: int, suffix: str, rel: str) -> str:
        """Create a new, empty, private staging file in the held folder and return its name.

        O_EXCL with O_NOFOLLOW: a file or symlink planted at the name is neither reused nor followed.
        """
        name = f"{self.STAGING_PREFIX}{secrets.token_hex(8)}{suffix}"
        try:
            os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=dfd))
        except FileExistsError:
            raise WorkspaceError(msg("error.workspace.file_named_already_exists", name=name, rel=repr(rel))) from None
        return name

    @contextlib.contextmanager
    def _publish_by_path(self, rel: str, target: Path) -> Iterator[Path]:
        """``publish`` where the OS has no directory fds (Windows): the same checks, by path.

        A file open in Word cannot be replaced there: the new version is kept beside it.
        """
        parent = target.parent
        staging = parent / f"{self.STAGING_PREFIX}{secrets.token_hex(8)}{target.suffix}"
        try:
            os.close(os.open(staging, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_BINARY, 0o600))
        except FileExistsError:
            raise WorkspaceError(msg("error.workspace.file_named_already_exists", name=staging.name, rel=repr(rel))) from None
        try:
            yield staging
            if not staging.is_file() or staging.is_symlink() or staging.stat().st_size == 0:
                raise WorkspaceError(msg("error.workspace.nothing_was_written", rel=repr(rel)))
            with open(staging, "rb+") as fh:
                os.fsync(fh.fileno())
            self._check_parent(parent)
            if target.is_symlink():
                raise WorkspaceError(msg("error.workspace.symlink_refusing_replace", rel=repr(rel)))
            try:
                os.replace(staging, target)
            except PermissionError:
                kept = kept_name(target.name, lambda n: os.path.lexists(parent / n))  # a dangling link counts
                os.replace(staging, parent / kept)
                raise TargetInUse(rel, str(PurePosixPath(rel).with_name(kept))) from None
        finally:
            with contextlib.suppress(FileNotFoundError):
                if staging.is_dir() and not staging.is_symlink():  # a folder the writer left in its place
                    staging.rmdir()
                else:
                    staging.unlink()

    def stray_staging_files(self) -> list[Path]:
        return sorted(self.root.rglob(f"{self.STAGING_PREFIX}*"))


def _child_path(dfd: int, parent: Path, name: str) -> Path:
    """``name`` inside the held folder: through the fd where the OS shows fds as paths, else by path."""
    via_fd = _PROC_FD / str(dfd)
    return via_fd / name if via_fd.is_dir() else parent / name


def _check_written(name: str, dfd: int, rel: str) -> None:
    """The writer left a non-empty regular file (not a symlink, not a folder) at the staging name; flush it."""
    try:
        st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
    except FileNotFoundError:
        raise WorkspaceError(msg("error.workspace.nothing_was_written", rel=repr(rel))) from None
    if not stat.S_ISREG(st.st_mode) or not st.st_size:
        raise WorkspaceError(msg("error.workspace.nothing_was_written", rel=repr(rel)))
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=dfd)
    except OSError:  # swapped for a symlink (or removed) since the stat: never follow it
        raise WorkspaceError(msg("error.workspace.file_written_was_swapped", rel=repr(rel))) from None
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _rename_or_keep(name: str, target: str, dfd: int, rel: str) -> None:
    """Rename the staging file over ``target``; if another program holds the target, keep it beside."""
    try:
        os.rename(name, target, src_dir_fd=dfd, dst_dir_fd=dfd)  # replaces on POSIX
    except PermissionError:
        kept = kept_name(target, lambda n: _exists_at(n, dfd))
        os.rename(name, kept, src_dir_fd=dfd, dst_dir_fd=dfd)
        raise TargetInUse(rel, str(PurePosixPath(rel).with_name(kept))) from None


def _remove_staging(name: str, dfd: int) -> None:
    """Remove our staging entry whatever the writer left there: nothing, a file, or a folder."""
    with contextlib.suppress(FileNotFoundError):
        try:
            os.unlink(name, dir_fd=dfd)
        except OSError:  # a folder left in its place: EISDIR on Linux, EPERM on macOS
            os.rmdir(name, dir_fd=dfd)


def _exists_at(name: str, dfd: int) -> bool:
    try:
        os.stat(name, dir_fd=dfd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


def _fd_path(fd: int) -> Path | None:
    """The real path of an open fd where the OS tells it (Linux), else None."""
    link = _PROC_FD / str(fd)
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
