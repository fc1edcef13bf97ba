"""The user's locale as the environment names it, for what follows the locale without Qt: the paper of a new
file, the language of a window that follows the system.

The variables are read as gettext and the C library read them, the first set one winning, so a locale that
is not generated on the machine still counts (Python's own ``locale.getlocale()`` then falls back to
``C.UTF-8``, which it reports as ``en_US``). Only when none is set (Windows, an app started from the
Finder) does the process's locale decide.
"""
from __future__ import annotations

import locale
import os
from collections.abc import Sequence

__all__ = ["locale_name"]


def locale_name(variables: Sequence[str]) -> str:
    """The locale (``zh_CN.UTF-8``) the first of ``variables`` that names one says; "" when those set say only
    ``C`` or ``POSIX``; the process's locale when none is set."""
    said = False
    for variable in variables:
        value = os.environ.get(variable, "").split(":")[0].strip()
        if not value:
            continue
        said = True
        if value.split(".")[0] not in ("C", "POSIX"):
            return value
    if said:
        return ""
    try:
        return locale.getlocale()[0] or ""
    except ValueError:
        return ""
