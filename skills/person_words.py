"""A refusal as a person reads it: without the argument path the model sees (issue 26).

A command's refusal names where in its arguments it went wrong (``operations[0] (replace_text): '/usr/bin'
was not found``, ``cells: 'B0' is not a cell reference``): the model needs that ``where`` or ``field`` to fix
its call, a person does not know the field. Each
such message has a ``<id>.person`` twin in the catalogue, the same sentence without it; the path goes to
the details. The edges that show a refusal to a person (the approval card, the offline planner's reply,
``mira task``) read it through :func:`for_person`; the model keeps the message as raised.

A refusal may come from a higher layer's catalogue too (the agent's tool-call checks, in ``desktop.messages``),
which this layer cannot import: such an edge passes every catalogue it renders (``twins``), and a message nested
in another is looked up in the same ones.
"""
from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from skills.messages import MESSAGES, Msg

PERSON = ".person"

Catalogue = Mapping[str, "str | tuple[str, str]"]


def for_person(message: Msg, twins: Catalogue = MESSAGES) -> tuple[Msg, str]:
    """``message`` (and any message nested in its parameters) in its person form, and what only the model's
    form said (the argument path, a schema's reason), for the details ("" when nothing was left out).

    ``twins`` is where the ``<id>.person`` forms are looked up: this layer's catalogue, or every catalogue an
    edge renders (``desktop.messages.for_person``)."""
    paths: list[str] = []
    shown = _person(message, paths, twins)
    return shown, "; ".join(dict.fromkeys(paths))


def _person(message: Msg, paths: list[str], twins: Catalogue) -> Msg:
    params: dict[str, Any] = {k: _person(v, paths, twins) if isinstance(v, Msg) else v
                              for k, v in message.params.items()}
    twin = message.id + PERSON
    if twin not in twins:
        return replace(message, params=params) if params != dict(message.params) else message
    left_out = _fields(message.source()) - _fields(_source(twins[twin]))
    path = ": ".join(_said(message.params[k]) for k in _in_order(message.source(), left_out) if message.params.get(k))
    if path:
        paths.append(path)
    return replace(message, id=twin, english_template=twins[twin], params=params)


def _said(value: Any) -> str:
    """A left-out parameter as the details show it: English, a list joined (a field list, nested messages)."""
    if isinstance(value, Msg):
        return value.english()
    if isinstance(value, (list, tuple)):
        return ", ".join(_said(v) for v in value)
    return str(value)


def _source(template: str | tuple[str, str]) -> str:
    return template[1] if isinstance(template, tuple) else template


def _fields(template: str) -> set[str]:
    return set(_in_order(template, None))


def _in_order(template: str, only: set[str] | None) -> list[str]:
    names = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    return [n for n in dict.fromkeys(names) if only is None or n in only]
