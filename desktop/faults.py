"""Storage faults: a full disk or a folder that cannot be written, told in the user's language with the
space that is left. The store, the agent and the UI share these so every layer says the same thing.

    MiraError
    └── StorageFault                a file could not be written: no space, or the folder refuses writes
        (desktop.store.errors.StorageFull is the database's own: a StoreError)

A fault is retryable: nothing was written, so once space is freed (or the folder made writable) the same
approved write may run again, once.
"""
from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

from desktop.errors import MiraError
from desktop.texts import tr

NO_SPACE = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
DENIED = frozenset({errno.EACCES, errno.EPERM, errno.EROFS, getattr(errno, "ETXTBSY", errno.EACCES)})


def is_storage_fault(exc: BaseException) -> bool:
    """True for an OSError that means "cannot write here now" (full, read-only, no permission)."""
    return isinstance(exc, OSError) and exc.errno in NO_SPACE | DENIED


def human_size(n: int) -> str:
    from skills.messages import file_size  # one formatting function for every size a user reads

    return file_size(n)


def free_space(path: str | os.PathLike[str]) -> str:
    """Free space on the disk holding ``path`` (its nearest existing folder), in words."""
    place = Path(path)
    while not place.exists() and place != place.parent:
        place = place.parent
    try:
        return human_size(shutil.disk_usage(place).free)
    except OSError:
        return tr("fault.free_unknown")


def fault_text(no_space: bool, what: str, path: str | os.PathLike[str]) -> str:
    """The one message for a write that failed: what, where, and how much space is free."""
    if no_space:
        return tr("fault.no_space", what=what, free=free_space(path))
    return tr("fault.denied", what=what, folder=str(Path(path).parent if Path(path).suffix else path))


class StorageFault(MiraError):
    """A file could not be written (no space, read-only folder, no permission); nothing partial is left."""

    def __init__(self, what: str, path: str | os.PathLike[str], exc: OSError) -> None:
        self.what = what
        self.path = str(path)
        self.errno = exc.errno
        self.no_space = exc.errno in NO_SPACE
        super().__init__(fault_text(self.no_space, what, path))


def writable_folder(folder: str | os.PathLike[str]) -> bool:
    """Whether new files can be made in ``folder`` (or the nearest existing parent it would be made in)."""
    place = Path(folder)
    while not place.exists() and place != place.parent:
        place = place.parent
    return os.access(place, os.W_OK | os.X_OK)
