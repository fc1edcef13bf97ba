"""Compiled translations (``mira_<language>.qm``) and their Qt Linguist sources (``.ts``).

The ``.ts`` files are the translators' sources; ``make translations`` (``scripts/update_translations.py``)
refreshes them from the English catalogue and compiles them with ``pyside6-lrelease``. Both kinds
are committed, so the wheel ships them without a build step; a test fails when a ``.qm`` is older
than its ``.ts`` or an entry is missing or unfinished. See ``catalog.py`` for what is collected.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from skills.locale_env import locale_name
from skills.messages import Msg, render_with

FOLDER = Path(__file__).resolve().parent

# One line per language; its strings are in mira_<code>.ts next to this file. Adding a language is
# this line plus the translated .ts (``make translations`` creates it, Qt Linguist fills it).
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}


def system_language() -> str:
    """The listed language nearest the system's language for messages (zh_TW → zh_CN when only zh_CN
    is listed), else English: the environment read as gettext reads it (:mod:`skills.locale_env`), so a
    Chinese desktop whose locale is not generated on the machine still gets the Chinese window."""
    return _nearest(locale_name(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")))


def _nearest(name: str) -> str:
    name = name.split(".")[0].split("@")[0].replace("-", "_").lower()
    for code in LANGUAGES:
        if name.startswith(code.lower()):
            return code
    base = name.split("_")[0]
    return next((code for code in LANGUAGES if base and code.split("_")[0].lower() == base), "en")


def ts_path(language: str) -> Path:
    return FOLDER / f"mira_{language}.ts"


def qm_path(language: str) -> Path:
    return FOLDER / f"mira_{language}.qm"


@lru_cache(maxsize=8)
def ts_table(code: str) -> dict[tuple[str, str, str], list[str]]:
    """Finished translations of a language's .ts by (context, source, comment), read without Qt."""
    import xml.etree.ElementTree as ET  # loaded with the first .ts read, not with every start

    path = ts_path(code)
    table: dict[tuple[str, str, str], list[str]] = {}
    if not path.is_file():
        return table
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            node = message.find("translation")
            if node is None or node.get("type") in ("unfinished", "vanished", "obsolete"):
                continue
            forms = [f.text or "" for f in node.iter("numerusform")] or [node.text or ""]
            if all(forms):
                table[(name, message.findtext("source") or "", message.findtext("comment") or "")] = forms
    return table


@lru_cache(maxsize=8)
def _messages(language: str) -> dict[str, list[str]]:
    """Finished translations of the ``messages`` context of ``language``'s .ts, by message id."""
    return {comment: forms for (context, _source, comment), forms in ts_table(language).items()
            if context == "messages"}


def render_plain(message: Msg, language: str) -> str:
    """``message`` in ``language`` without Qt, for the terminal and the offline planner.

    It reads the same .ts the .qm is compiled from; plurals choose between one form (Chinese)
    or the one/other pair (English and most European languages). The window uses the
    compiled .qm through QTranslator, which knows every language's plural rules.
    """
    # English is the source language: its .ts only repeats the templates (and the plural pairs they
    # carry), so it is not read (~3 ms of XML for `mira inspect` and `mira task`).
    table = _messages(language) if language != "en" else {}

    def template(m: Msg) -> str:
        forms = table.get(m.id)
        if not forms:
            t = m.english_template
            return (t[0] if m.n == 1 else t[1]) if isinstance(t, tuple) else t
        if len(forms) == 1 or m.n is None:
            return forms[0]
        return forms[0] if m.n == 1 else forms[1]

    separator = (table.get("list.separator") or [", "])[0]
    return render_with(message, template, separator)
