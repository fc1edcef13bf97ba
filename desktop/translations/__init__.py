"""Compiled translations (``mira_<language>.qm``) and their Qt Linguist sources (``.ts``).

The ``.ts`` files are the translators' sources; ``make translations`` (``scripts/update_translations.py``)
refreshes them from the English catalogue and compiles them with ``pyside6-lrelease``. Both kinds
are committed, so the wheel ships them without a build step; a test fails when a ``.qm`` is older
than its ``.ts`` or an entry is missing or unfinished. See ``catalog.py`` for what is collected.
"""
from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent


def ts_path(language: str) -> Path:
    return FOLDER / f"mira_{language}.ts"


def qm_path(language: str) -> Path:
    return FOLDER / f"mira_{language}.qm"
