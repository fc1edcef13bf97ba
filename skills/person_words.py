"""A refusal as a person reads it: without the argument path the model sees (issue 26).

A command's refusal names where in its arguments it went wrong (``operations[0] (replace_text): '/usr/bin'
was not found``, ``cells: 'B0' is not a cell reference``): the model needs that ``where`` or ``field`` to fix
its call, a person does not know the field. Each
such message has a ``<id>.person`` twin in the catalogue, the same sentence without it; the path goes to
the details. The edges that show a refusal to a person (the approval card, the offline planner's reply,
``mira task``) read it through :func:`for_person`; the model keeps the message as raised.
"""
from __future__ import annotations

import string
from dataclasses import replace
from typing import Any

from skills.messages import MESSAGES, Msg

PERSON = ".person"


def for_person(message: Msg) -> tuple[Msg, str]:
    """``message`` (and any message nested in its parameters) in its person form, and what only the model's
    form said (the argument path, a schema's reason), for the details ("" when nothing was left out)."""
    paths: list[str] = []
    shown = _person(message, paths)
    return shown, "; ".join(dict.fromkeys(paths))


def _person(message: Msg, paths: list[str]) -> Msg:
    params: dict[str, Any] = {k: _person(v, paths) if isinstance(v, Msg) else v for k, v in message.params.items()}
    twin = message.id + PERSON
    if twin not in MESSAGES:
        return replace(message, params=params) if params != dict(message.params) else message
    left_out = _fields(message.source()) - _fields(_source(MESSAGES[twin]))
    path = ": ".join(str(message.params[k]) for k in _in_order(message.source(), left_out) if message.params.get(k))
    if path:
        paths.append(path)
    return replace(message, id=twin, english_template=MESSAGES[twin], params=params)


def _source(template: str | tuple[str, str]) -> str:
    return template[1] if isinstance(template, tuple) else template


def _fields(template: str) -> set[str]:
    return set(_in_order(template, None))


def _in_order(template: str, only: set[str] | None) -> list[str]:
    names = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    return [n for n in dict.fromkeys(names) if only is None or n in only]
