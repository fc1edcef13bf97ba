"""What the window's start imports, and when.

:func:`deferred` names a module the window uses only once its event loop runs (asyncio, whose import
takes ~20 ms with ssl and inspect): the module loads on first use, after the first frame. It is a plain
proxy, not ``importlib.util.LazyLoader``: that one puts a half-made package in ``sys.modules``, which
asyncio's own submodule imports (and other threads) would then trip over.
"""
from __future__ import annotations

import importlib
from typing import Any


class deferred:
    """A module imported on first attribute access: ``asyncio = deferred("asyncio")`` at the top of a
    module the first frame needs, for a library only its event-loop code uses."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)
