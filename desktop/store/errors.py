"""The store's errors (a leaf module, so every store module can raise them without importing another)."""
from __future__ import annotations

from desktop.errors import MiraError


class StoreError(MiraError):
    """A store operation was refused (unknown id, bad value, unreadable database)."""
