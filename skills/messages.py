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

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skills._message_texts import MESSAGES as MESSAGES  # re-exported: the catalogue's public name

def _english_form(template: str | tuple[str, str], n: int | None) -> str:
    if isinstance(template, tuple):
        return template[0] if n == 1 else template[1]
    return template


@dataclass(frozen=True, slots=True, kw_only=True)
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

    def __str__(self) -> str:
        return self.english()


Said = Msg | str  # one sentence a person reads: a message value, or words kept as written


def english(said: Msg | str) -> str:
    """One sentence in English (the model and the log read it): a message rendered, words as they are."""
    return said.english() if isinstance(said, Msg) else said


@dataclass(frozen=True, slots=True, kw_only=True)
class Text:
    """Lines a person reads: message values, and words kept as written (a file's text, the model's reply).

    What the runtime writes for the chat, an approval's summary and a version's note are Texts: each reader
    renders the lines in its own language, and the store keeps them through :mod:`skills.codec`."""

    lines: tuple[Msg | str, ...] = ()

    def english(self) -> str:
        return "\n".join(english(line) for line in self.lines)

    def rendered(self, say: Callable[[Msg], str]) -> str:
        """The lines in a reader's language (``say`` renders one message)."""
        return "\n".join(say(line) if isinstance(line, Msg) else line for line in self.lines)

    def __bool__(self) -> bool:
        return any(self.lines)


def text(*lines: Msg | str) -> Text:
    """A Text of these lines."""
    return Text(lines=lines)


def msg(id: str, n: int | None = None, /, **params: Any) -> Msg:
    """The message ``id`` of this layer's catalogue with its parameters (``n`` for plurals)."""
    return Msg(id=id, english_template=MESSAGES[id], params=carried(params), n=n)


def carried(params: Mapping[str, Any]) -> dict[str, Any]:
    """A message's parameters, an error among them as what a person reads of it (:func:`said_error`): a
    refusal wrapped in another ("output: {exc}") then reads in the person's language, not as its English."""
    return {k: said_error(v) if isinstance(v, BaseException) else v for k, v in params.items()}


def said_error(exc: BaseException) -> Msg | str:
    """What a person reads for an error: its message (``exc.msg``) when it has one, else its own text."""
    message = getattr(exc, "msg", None)
    return message if isinstance(message, Msg) else str(exc)


def count(id: str, n: int) -> Msg:
    """A plural count such as ``count.tables``: "1 table", "2 tables", "2 个表格"."""
    return Msg(id=id, english_template=MESSAGES[id], params={}, n=n)


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


_PAGE_CHECK = re.compile(r"page_(\d+)_not_blank")


def check_label(name: str) -> Msg:
    """A check's name in plain words ("headings_present" → "All headings are there")."""
    page = _PAGE_CHECK.fullmatch(name)
    if page:
        return msg("check.label.page_not_blank", page=int(page.group(1)))
    key = "check.label." + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return msg(key) if key in MESSAGES else msg("check.label.other", name=name)


def file_size(n: int) -> str:
    """A file's size as every place shows it (reply, card, terminal): "512 B", "29.7 KB", "1.2 MB".

    One function, so the same file never reads 29.7 KB in the reply and 30 KB on its card."""
    size = float(max(0, n))
    if size < 1024:
        return f"{int(size)} B"
    for unit in ("KB", "MB", "GB"):
        size /= 1024
        if size < 1024 or unit == "GB":
            return f"{size:.1f} {unit}"
    return f"{size:.1f} GB"  # pragma: no cover - the loop always returns


def checks_verdict(statuses: Sequence[str]) -> Msg:
    """One line for a file's checks: "All 6 checks passed", "1 of 6 checks failed, 2 not run"."""
    total = len(statuses)
    failed, not_run = statuses.count("failed"), statuses.count("not_run")
    if not total:
        return msg("check.none")
    if failed:
        return msg("check.verdict.failed_not_run" if not_run else "check.verdict.failed", total,
                   failed=failed, not_run=not_run)
    if not_run:
        return msg("check.verdict.partial", total, passed=total - not_run, not_run=not_run)
    return msg("check.verdict.passed", total)


def status_word(status: str) -> Msg:
    """passed / failed / not run."""
    return msg({"passed": "check.passed", "failed": "check.failed"}.get(status, "check.skipped"))


def counts_line(counts: Mapping[str, Any]) -> Msg:
    """What a file holds ("3 headings, 1 table"); a count without a plain word keeps its key."""
    parts: list[Any] = []
    for key, value in counts.items():
        mid = f"count.{key}"
        if isinstance(value, int) and mid in MESSAGES:
            if value:  # "0 images" says nothing a person needs
                parts.append(count(mid, value))
        else:
            parts.append(f"{key}: {value}")
    return msg("outline.holds", parts=parts)


def nonzero_counts(pairs: Sequence[tuple[str, int]]) -> list[Msg]:
    """Count messages for the non-zero counts, in order ("4 headings, 3 lists, 1 table")."""
    return [count(id, n) for id, n in pairs if n]
