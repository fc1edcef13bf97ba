"""The store's errors (a leaf module, so every store module can raise them without importing another)."""
from __future__ import annotations

import os

from desktop.errors import MiraError
from desktop.faults import free_space
from desktop.texts import tr


class StoreError(MiraError):
    """A store operation was refused (unknown id, bad value, unreadable database)."""


class StorageFull(StoreError):
    """SQLite said "database or disk is full": the change was rolled back, everything before it is intact."""

    def __init__(self, what: str, path: str | os.PathLike[str]) -> None:
        self.what = what
        self.path = str(path)
        super().__init__(tr("fault.db_full", what=what, free=free_space(path)))
