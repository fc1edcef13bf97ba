"""What the window's start imports, and when.

:func:`deferred` names a module the window uses only once its event loop runs (asyncio, whose import
takes ~20 ms with ssl and inspect): the module loads on first use, after the first frame. It is a plain
proxy, not ``importlib.util.LazyLoader``: that one puts a half-made package in ``sys.modules``, which
asyncio's own submodule imports (and other threads) would then trip over.

:func:`install_pyside_check` gives a cheaper answer to the question PySide asks of every module
imported after it.

PySide's ``__feature__`` switching (snake_case, true_property) keeps a per-module flag. To set it,
PySide looks at every module imported after ``PySide6.QtCore`` and reads its whole source through
``inspect.getsource`` (tokenising the coding line, filling ``linecache``) only to see whether the
text "PySide6" appears in it. Mira imports some 400 modules after Qt (the window, then the agent
runtime), and that check alone cost 15–40 ms of the start on this machine (bench/bench_startup.py).

:func:`install_pyside_check` gives PySide the same answer from the file's bytes. Only plain ``.py`` files are
read here; anything else (extension modules, built-ins, sources in archives) goes to PySide's own
check. If a PySide release renames what is replaced, nothing is changed and the start is just slower.
"""
from __future__ import annotations

import importlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType
from typing import Any

_NO_SOURCE = ("built-in", "frozen", *EXTENSION_SUFFIXES)
# Packages that never import Qt (an import-linter contract): their sources need not be read. The agent
# runtime loads some 200 modules after the first frame, each read whole before.
QT_FREE = ("desktop.agent", "desktop.llm", "desktop.store", "skills")
_QT_FREE_PARTS = tuple(package + "." for package in QT_FREE)
_STDLIB = os.path.dirname(os.__file__) + os.sep


def install_pyside_check() -> bool:
    """Replace PySide's per-module source check; True when it was replaced (PySide must be imported)."""
    feature: Any = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if original is None or getattr(original, "_mira", False):
        return original is not None

    def uses_pyside(module: ModuleType) -> bool:
        name = module.__name__
        if name in QT_FREE or name.startswith(_QT_FREE_PARTS):
            return False  # the import contract "Agent, models, store and skills run without Qt" (pyproject)
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.startswith(_STDLIB) and "site-packages" not in origin:
            return False  # the standard library does not use PySide
        if isinstance(origin, str):
            if origin.endswith(".py"):
                try:
                    with open(origin, "rb") as source:
                        return b"PySide6" in source.read()
                except OSError:
                    pass  # e.g. a module inside a zip: PySide's own check reads it through its loader
            elif origin.endswith(_NO_SOURCE):
                return False  # what inspect answers for these: there is no source to read
        return bool(original(module))

    uses_pyside._mira = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside
    return True


class deferred:  # noqa: N801 - used like the module it stands for
    """A module imported on first attribute access: ``asyncio = deferred("asyncio")`` at the top of a
    module the first frame needs, for a library only its event-loop code uses."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)
