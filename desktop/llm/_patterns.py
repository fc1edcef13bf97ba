"""Regular expressions compiled on first use.

The offline planner matches requests against some fifty patterns; compiling them all when the module is
imported took ~11 ms of the window's start (the runtime and its model load before a message can be sent,
bench/bench_startup.py). A pattern made with :func:`later` compiles the first time it is used, once.
"""
from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["later"]


class _Later:
    __slots__ = ("_args", "_compiled")

    def __init__(self, pattern: str, flags: int) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        compiled = self._compiled
        if compiled is None:  # two threads may both compile it: the same pattern either way
            compiled = self._compiled = re.compile(*self._args)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"later({self._args[0]!r})"


def later(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled when first used (search, match, sub, pattern, ...)."""
    return cast("re.Pattern[str]", _Later(pattern, int(flags)))
