"""The paper a new document is made on: A4, or US Letter where the user's locale prints on it.

A Word or PDF file that Mira makes used to be US Letter (python-docx's template) or A4 (the PDF
writer), whoever the user was. The locale's territory decides now, as the system's own paper setting
does (``LC_ALL``, ``LC_PAPER``, ``LANG``; :mod:`skills.locale_env`): Letter in the countries that use it
(CLDR's list), A4 everywhere else and when the locale names no country (``C``, ``POSIX``).
``MIRA_PAPER=a4`` or ``letter`` sets it outright.
"""
from __future__ import annotations

import os
import re

from skills.locale_env import locale_name

__all__ = ["LETTER_TERRITORIES", "paper"]

LETTER_TERRITORIES = frozenset({"US", "CA", "MX", "PH", "PR", "CL", "CO", "CR", "GT", "PA", "NI", "SV", "VE", "BZ"})
_TERRITORY = re.compile(r"^[a-z]{2,3}[_-]([A-Z]{2})\b")


def paper() -> str:
    """``"letter"`` or ``"a4"`` (PyMuPDF's and the docx writer's names) for the user's locale."""
    chosen = os.environ.get("MIRA_PAPER", "").strip().lower()
    if chosen in ("a4", "letter"):
        return chosen
    return _of(locale_name(("LC_ALL", "LC_PAPER", "LANG")))


def _of(value: str) -> str:
    found = _TERRITORY.match(value)
    return "letter" if found is not None and found.group(1) in LETTER_TERRITORIES else "a4"
