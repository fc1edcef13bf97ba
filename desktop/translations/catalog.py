"""The English catalogue and the Qt Linguist ``.ts`` files made from it (used by the update script and tests).

Every string a user can see is one entry ``(context, source, comment)``:

- ``desktop``: the window's strings, ``desktop.texts._EN`` (comment = the key, so two keys
  with the same English text can be translated differently);
- ``messages``: message ids of the Qt-free layers (``skills.messages.MESSAGES``; comment = the id),
  plurals as numerus entries with ``%n``;
- ``renderers`` and ``uchat``: the English templates those packages pass to their ``tr()`` hook,
  found in their source (calls with a literal first argument, and the few string tables they keep).

:func:`update` rewrites each language's ``.ts``: translations are kept, a changed English source
keeps the old translation marked unfinished, new entries are added unfinished, entries nothing
uses any more are dropped. The English file holds only the plural forms (English needs two).
"""
from __future__ import annotations

import ast
import re
import shutil
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from desktop.translations import qm_path, ts_path

ROOT = Path(__file__).resolve().parents[2]
# Renderer string tables (dicts of English templates) and names that are keys or colours, not words.
_TABLE_NAMES = {"POSITION", "PREVIOUS", "NEXT", "STATUS_TEXT", "CHECK_LABEL"}
_NOT_SHOWN = {"ok", "warn", "error", "muted", "accent", "Page", "Slide", "Sheet"}
_TR_CALLS = ("tr", "_set_state", "_decide", "_set_busy_text")

Key = tuple[str, str, str]  # context, source, comment


@dataclass(frozen=True)
class Entry:
    context: str
    source: str
    comment: str = ""
    plural: tuple[str, str] | None = None  # English (one, other) of a numerus entry

    @property
    def key(self) -> Key:
        return self.context, self.source, self.comment

    @property
    def match(self) -> tuple[str, str]:
        """What identifies the entry across English edits: the id when it has one."""
        return self.context, self.comment or self.source


@dataclass
class Translation:
    forms: list[str]  # one item, or the numerus forms
    finished: bool
    source: str = ""


# -- the English catalogue --------------------------------------------------------------------------

def _templates(folder: Path) -> list[str]:
    """English templates the package passes to its tr() hook, found in its source."""
    found: set[str] = set()
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                args = node.args[1:] if name == "_decide" else node.args
                if name in _TR_CALLS and args and isinstance(args[0], ast.Constant) \
                        and isinstance(args[0].value, str) and args[0].value not in _NOT_SHOWN:
                    found.add(args[0].value)
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") in _TABLE_NAMES for t in node.targets) \
                    and isinstance(node.value, ast.Dict):
                for value in node.value.values:
                    first = value.elts[0] if isinstance(value, ast.Tuple) else value
                    if isinstance(first, ast.Constant) and isinstance(first.value, str) \
                            and first.value not in _NOT_SHOWN and first.value.strip("✓✗–?"):
                        found.add(first.value)
    return sorted(found)


def message_catalogues() -> list[Mapping[str, str | tuple[str, str]]]:
    from desktop.messages import MESSAGES as DESKTOP
    from skills.messages import MESSAGES

    return [MESSAGES, DESKTOP]


def entries() -> list[Entry]:
    """Every translatable string, in a stable order."""
    from desktop.texts import _EN

    out = [Entry("desktop", text, key) for key, text in _EN.items()]
    for catalogue in message_catalogues():
        for mid, template in catalogue.items():
            if isinstance(template, tuple):
                out.append(Entry("messages", template[1], mid, (template[0], template[1])))
            else:
                out.append(Entry("messages", template, mid))
    for package in ("renderers", "uchat"):
        out += [Entry(package, text) for text in _templates(ROOT / package)]
    return out


# -- .ts files ----------------------------------------------------------------------------------------

def read_ts(path: Path) -> dict[tuple[str, str], tuple[Entry, Translation]]:
    """Entries of a .ts file by match key, with their translation."""
    found: dict[tuple[str, str], tuple[Entry, Translation]] = {}
    if not path.is_file():
        return found
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            comment = message.findtext("comment") or ""
            node = message.find("translation")
            numerus = message.get("numerus") == "yes"
            if node is None:
                forms, finished = [""], False
            else:
                forms = [f.text or "" for f in node.iter("numerusform")] if numerus else [node.text or ""]
                finished = node.get("type") not in ("unfinished", "vanished", "obsolete")
            entry = Entry(name, source, comment, (source, source) if numerus else None)
            found[entry.match] = (entry, Translation(forms, finished and any(forms), source))
    return found


def write_ts(path: Path, language: str, rows: Iterable[tuple[Entry, Translation]]) -> None:
    root = ET.Element("TS", version="2.1", language=language, sourcelanguage="en")
    contexts: dict[str, ET.Element] = {}
    for entry, tr in rows:
        if entry.context not in contexts:
            contexts[entry.context] = ET.SubElement(root, "context")
            ET.SubElement(contexts[entry.context], "name").text = entry.context
        message = ET.SubElement(contexts[entry.context], "message")
        if entry.plural:
            message.set("numerus", "yes")
        ET.SubElement(message, "source").text = entry.source
        if entry.comment:
            ET.SubElement(message, "comment").text = entry.comment
        node = ET.SubElement(message, "translation")
        if not tr.finished:
            node.set("type", "unfinished")
        if entry.plural:
            for form in tr.forms:
                ET.SubElement(node, "numerusform").text = form
        else:
            node.text = tr.forms[0] if tr.forms else ""
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")


def updated(language: str, catalogue: list[Entry], old: Mapping[tuple[str, str], tuple[Entry, Translation]],
            legacy: Mapping[Key, str]) -> list[tuple[Entry, Translation]]:
    """The rows of a language's .ts for ``catalogue``, keeping what translators did."""
    rows = []
    for entry in catalogue:
        if language == "en":  # English only needs its plural forms
            if entry.plural:
                rows.append((entry, Translation(list(entry.plural), True)))
            continue
        previous = old.get(entry.match)
        current = previous is not None and previous[0].source == entry.source and previous[1].finished
        if entry.key in legacy and not current:  # a branch's table translated the new English
            rows.append((entry, Translation([legacy[entry.key]], True)))
        elif previous is not None and any(previous[1].forms):
            tr = previous[1]
            rows.append((entry, Translation(tr.forms, current)))
        elif entry.key in legacy:
            rows.append((entry, Translation([legacy[entry.key]], True)))
        else:
            rows.append((entry, Translation([""], False)))
    return rows


def legacy_english(source: str) -> dict[str, str]:
    """The ``_EN`` table of an old ``desktop/i18n.py`` (to find keys a merge may have dropped)."""
    namespace: dict[str, object] = {}
    exec(compile(source, "legacy_i18n.py", "exec"), namespace)  # our own module's text, from git
    return dict(namespace.get("_EN") or {})  # type: ignore[call-overload]


def legacy_tables(source: str) -> dict[Key, str]:
    """zh_CN translations from an old dict-based ``desktop/i18n.py`` (its ``_ZH``/``_UCHAT_ZH``/
    ``_RENDERERS_ZH`` tables), so entries added on a branch that still used them are not lost."""
    namespace: dict[str, object] = {}
    exec(compile(source, "legacy_i18n.py", "exec"), namespace)  # our own module's text, from git
    english = namespace.get("_EN") or {}
    found: dict[Key, str] = {}
    for key, text in dict(namespace.get("_ZH") or {}).items():  # type: ignore[call-overload]
        if key in english:
            found[("desktop", english[key], key)] = text
    for context, table in (("uchat", "_UCHAT_ZH"), ("renderers", "_RENDERERS_ZH")):
        for src, text in dict(namespace.get(table) or {}).items():  # type: ignore[call-overload]
            found[(context, src, "")] = text
    # a renderer string the old uchat table translated (or the other way round) counts too
    for (context, src, comment), text in list(found.items()):
        if context in ("uchat", "renderers"):
            other = "renderers" if context == "uchat" else "uchat"
            found.setdefault((other, src, comment), text)
    return found


# -- compile and check ---------------------------------------------------------------------------------

def lrelease_command() -> str:
    beside = Path(sys.executable).with_name("pyside6-lrelease")
    found = str(beside) if beside.exists() else shutil.which("pyside6-lrelease")
    if not found:
        raise FileNotFoundError("pyside6-lrelease (from PySide6-Essentials) is not installed")
    return found


def compile_ts(ts: Path, qm: Path) -> None:
    subprocess.run([lrelease_command(), "-silent", str(ts), "-qm", str(qm)], check=True, capture_output=True)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name} | set(re.findall(r"%n", text))


def problems(language: str, catalogue: list[Entry] | None = None) -> list[str]:
    """What a translator still has to do for ``language`` (empty when complete)."""
    catalogue = entries() if catalogue is None else catalogue
    have = read_ts(ts_path(language))
    out: list[str] = []
    for entry in catalogue:
        if language == "en" and not entry.plural:
            continue
        found = have.get(entry.match)
        where = f"{entry.context}: {entry.comment or entry.source!r}"
        if found is None:
            out.append(f"missing {where}")
            continue
        old, tr = found
        if old.source != entry.source:
            out.append(f"English changed {where}")
        elif not tr.finished:
            out.append(f"unfinished {where}")
        else:
            for form in tr.forms:
                if not form.strip():
                    out.append(f"empty {where}")
                elif _fields(form) - {"%n"} != _fields(entry.source) - {"%n"}:
                    out.append(f"placeholders differ {where}: {form!r}")
    wanted = {e.match for e in catalogue if language != "en" or e.plural}
    contexts = {e.context for e in catalogue}
    out += [f"not used any more {ctx}: {ident!r}" for ctx, ident in have
            if ctx in contexts and (ctx, ident) not in wanted]
    return out


def update(languages: Iterable[str], legacy: Mapping[Key, str] | None = None, build: bool = True) -> dict[str, int]:
    """Refresh every language's .ts from the catalogue (and compile it); returns unfinished counts."""
    catalogue = entries()
    counts: dict[str, int] = {}
    for language in languages:
        path = ts_path(language)
        rows = updated(language, catalogue, read_ts(path), legacy or {})
        write_ts(path, language, rows)
        counts[language] = sum(not tr.finished for _, tr in rows)
        if build:
            compile_ts(path, qm_path(language))
    return counts
