"""Quick actions on an artifact card, derived from the intents table.

Each intent with an ``action`` label is offered on the cards of the kinds it acts on (Undo only once the file
has an earlier version). Its small form has one field per slot named in its request template; filling it in
builds the request a person would type, which then goes through the conversation like any typed request:
the same frozen call and the same approval.
"""
from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

import desktop.llm.offline._intents as intents

# The kinds a quick action is offered for: replacing text in a workbook is not something Mira does offline.
_NOT_ON = {"replace_text": ("xlsx",)}
# Offered only where a card asks for it because its file needs it (a renderer plugin knows: a workbook whose
# formulas have no values yet offers Recalculate), never on every card of the kind.
_WHEN_ASKED = {"recalc"}
_FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class QuickAction:
    id: str  # the intent's id
    label: str  # message id of the button's label
    fields: tuple[str, ...]  # the form's fields, in order (message ids "action.field.<name>")
    optional: tuple[str, ...]  # fields that may stay empty


def actions_for(kind: str, version: int, wanted: Collection[str] = ()) -> list[QuickAction]:
    """The quick actions a card of ``kind`` at ``version`` offers, in the table's help order; ``wanted`` names
    the ones offered only when the card's file needs them (its renderer says so)."""
    out = []
    for intent in intents.INTENTS:
        if not intent.action or kind not in intent.kinds or kind in _NOT_ON.get(intent.id, ()):
            continue
        if intent.id in _WHEN_ASKED and intent.id not in wanted:
            continue
        if intent.id == "undo" and version <= 1:
            continue
        names = [n for n in _FIELD.findall(intent.request_en) if n != "path"]
        optional = [n for part in re.findall(r"\[([^\]]*)\]", intent.request_en) for n in _FIELD.findall(part)]
        out.append(QuickAction(intent.id, intent.action, tuple(dict.fromkeys(names)), tuple(optional)))
    order = intents.HELP_ORDER
    return sorted(out, key=lambda a: order.index(intents.BY_ID[a.id].help) if intents.BY_ID[a.id].help in order
                  else len(order))


def _list(value: str, chinese: bool) -> str:
    """A typed list ("A, B" or one a line) as the request writes it; "1,200" stays one number."""
    protected = re.sub(r"(?<=\d),(?=\d{3}(?:\D|$))", "\0", value)
    items = [i.strip().replace("\0", ",") for i in re.split(r"[\n,，、;；]", protected) if i.strip()]
    return ("、" if chinese else ", ").join(items)


def request_for(action: QuickAction, values: Mapping[str, str], path: str, chinese: bool) -> str | None:
    """The request the filled form sends, or None while a required field is empty."""
    intent = intents.BY_ID[action.id]
    filled = {k: str(values.get(k) or "").strip() for k in action.fields}
    if any(not filled[k] for k in action.fields if k not in action.optional):
        return None
    for name in ("bullets", "values"):
        if name in filled:
            filled[name] = _list(filled[name], chinese)
    if "rows" in filled:  # one row a line: the request separates them with ";"
        filled["rows"] = "；".join(ln.strip() for ln in filled["rows"].splitlines() if ln.strip()) if chinese \
            else "; ".join(ln.strip() for ln in filled["rows"].splitlines() if ln.strip())
    template = intent.request_zh if chinese else intent.request_en

    def part(m: re.Match[str]) -> str:
        inner = m.group(1)
        return inner if all(filled.get(n) for n in _FIELD.findall(inner)) else ""

    template = re.sub(r"\[([^\]]*)\]", part, template)
    return template.format(path=path, **filled)
