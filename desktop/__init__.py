"""Mira Desktop: the composition root (app, window, agent runtime, store, models)."""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mira-desktop")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"
