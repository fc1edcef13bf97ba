"""Messages a person reads, as ids with parameters (ARCHITECTURE §11).

Code in the Qt-free layers never builds a sentence for the user: it returns a
:class:`Msg` (an id, its English template and the values), and the UI or the
CLI renders it in the user's language (``desktop.i18n.render``). English is
always available from the value itself (``msg.english()``), so logs, the model
and a terminal without translations still read well.

A plural message has two English forms (one, other) and a count ``n``; its
translation picks the form the language needs (Chinese has one). ``%n`` stands
for the count, ``{name}`` for a parameter. A parameter may itself be a
:class:`Msg` or a list of them (joined with the language's list separator).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# English templates of the skill layer's messages, by id. A tuple is (one, other) of a plural.
MESSAGES: dict[str, str | tuple[str, str]] = {
    "list.separator": ", ",
    # counts
    "count.headings": ("%n heading", "%n headings"),
    "count.paragraphs": ("%n paragraph", "%n paragraphs"),
    "count.lists": ("%n list", "%n lists"),
    "count.tables": ("%n table", "%n tables"),
    "count.images": ("%n image", "%n images"),
    "count.slides": ("%n slide", "%n slides"),
    "count.sheets": ("%n sheet", "%n sheets"),
    "count.pages": ("%n page", "%n pages"),
    "count.operations": ("%n change", "%n changes"),
    "count.files": ("%n file", "%n files"),
    "count.checks": ("%n check", "%n checks"),
    "count.rows": ("%n row", "%n rows"),
    # what a write will do (the approval card's headline)
    "write.create": "Create {name}",
    "write.create.parts": "Create {name} — {parts}",
    "write.replace.parts": "Replace {name} — {parts}",
    "write.edit": "Edit {name} — {parts}",
    "write.edit.into": "Edit {name} into {output} — {parts}",
    "write.merge": "Merge {parts} into {name}",
    "write.split": "Split {name} into separate files in {folder}",
    "write.recalculate": "Recalculate the formulas in {name}",
    "write.other": "Write {name}",
    # evidence checks in plain words
    "check.all_passed": ("%n check passed", "All %n checks passed"),
    "check.some_failed": "{failed} of {total} failed",
    "check.not_run": "{count} not run",
    "check.none": "No checks ran on this file",
    "check.passed": "passed",
    "check.failed": "failed",
    "check.skipped": "not run",
    # file problems (corrupt, encrypted, too large)
    "problem.corrupt": "{name} could not be opened: the file is damaged or not really a {kind} file.",
    "problem.encrypted": "{name} is protected with a password, so it cannot be read.",
    "problem.too_large": "{name} is too large to open here ({size}; the limit is {limit}).",
    "problem.missing": "{name} is not in the workspace.",
    # outlines ("What's in big_report.docx?")
    "outline.more": ("%n more not shown", "%n more not shown"),
    "outline.tables_shown": "tables {first}–{last} of {total}",
}


def _english_form(template: str | tuple[str, str], n: int | None) -> str:
    if isinstance(template, tuple):
        return template[0] if n == 1 else template[1]
    return template


@dataclass(frozen=True)
class Msg:
    """A message id, its English template (a pair for plurals) and its parameters."""

    id: str
    english_template: str | tuple[str, str]
    params: Mapping[str, Any] = field(default_factory=dict)
    n: int | None = None

    @property
    def plural(self) -> bool:
        return isinstance(self.english_template, tuple)

    def source(self) -> str:
        """The text translators see for this id (the "other" form of a plural)."""
        t = self.english_template
        return t[1] if isinstance(t, tuple) else t

    def english(self) -> str:
        """The message in English, parameters filled (nested messages too)."""
        return render_with(self, lambda m: _english_form(m.english_template, m.n), ", ")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (skill results cross the ledger as JSON)."""
        t = self.english_template
        return {"id": self.id, "english": list(t) if isinstance(t, tuple) else t,
                "params": {k: _dump(v) for k, v in self.params.items()}, "n": self.n}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Msg:
        english = data.get("english") or ""
        template: str | tuple[str, str] = (
            (str(english[0]), str(english[1])) if isinstance(english, list) and len(english) == 2 else str(english))
        n = data.get("n")
        return cls(str(data.get("id") or ""), template,
                   {str(k): _load(v) for k, v in dict(data.get("params") or {}).items()},
                   int(n) if isinstance(n, (int, float)) else None)

    def __str__(self) -> str:
        return self.english()


def _dump(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"$msg": value.to_dict()}
    if isinstance(value, (list, tuple)):
        return [_dump(v) for v in value]
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def _load(value: Any) -> Any:
    if isinstance(value, Mapping) and "$msg" in value:
        return Msg.from_dict(value["$msg"])
    if isinstance(value, list):
        return [_load(v) for v in value]
    return value


def msg(id: str, n: int | None = None, /, **params: Any) -> Msg:
    """The message ``id`` of this layer's catalogue with its parameters (``n`` for plurals)."""
    return Msg(id, MESSAGES[id], params, n)


def count(id: str, n: int) -> Msg:
    """A plural count such as ``count.tables``: "1 table", "2 tables", "2 个表格"."""
    return Msg(id, MESSAGES[id], {}, n)


def render_with(message: Msg, template_of: Any, separator: str) -> str:
    """Fill ``message`` using ``template_of(msg) -> template`` for it and every nested message.

    A template whose placeholders do not match the parameters falls back to the English form, so a
    broken translation shows English rather than failing.
    """
    def value(v: Any) -> str:
        if isinstance(v, Msg):
            return render_with(v, template_of, separator)
        if isinstance(v, (list, tuple)):
            return separator.join(value(x) for x in v)
        return str(v)

    values = {k: value(v) for k, v in message.params.items()}
    shown = str(template_of(message))
    if message.n is not None:
        shown = shown.replace("%n", str(message.n))
    try:
        return shown.format(**values)
    except (KeyError, IndexError, ValueError):
        fallback = _english_form(message.english_template, message.n)
        if message.n is not None:
            fallback = fallback.replace("%n", str(message.n))
        return fallback.format(**values)


def nonzero_counts(pairs: Sequence[tuple[str, int]]) -> list[Msg]:
    """Count messages for the non-zero counts, in order ("4 headings, 3 lists, 1 table")."""
    return [count(id, n) for id, n in pairs if n]
