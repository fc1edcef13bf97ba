"""The offline planner's PDF form work: which fields the request fills, matched to the form's own names."""
from __future__ import annotations

import re
from typing import Any

import desktop.llm.offline._intents as intents
import desktop.llm.offline._slots as slots

def _fits(request: str, intent: str) -> bool:
    return any(f.id == intent for f in intents.match_all(request))


def wants_fill(request: str) -> bool:
    return _fits(request, "fill_form")


def wants_fields(request: str) -> bool:
    return _fits(request, "form_fields")


def fill_pairs(request: str, form: str | None = None) -> dict[str, str]:
    """{field: value} the request gives for ``form``: "fill in form.pdf: Name = Ada, Date = 2026-12-01",
    "Fill out form.pdf with Name: Grace Hopper and City: Arlington", one "姓名：张三" a line."""
    return slots.form_values(request, form)


def match_fields(pairs: dict[str, str], fields: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """The request's names matched to the form's (exact, then ignoring case and spaces); unknown names."""
    def norm(s: str) -> str:
        return re.sub(r"[\s_\-]+", "", s).casefold()

    names = [str(f.get("name")) for f in fields]
    by_norm = {norm(n): n for n in names}
    kinds = {str(f.get("name")): str(f.get("type", "")) for f in fields}
    values: dict[str, Any] = {}
    unknown: list[str] = []
    for key, value in pairs.items():
        name = key if key in names else by_norm.get(norm(key))
        if name is None:
            unknown.append(key)
            continue
        if kinds.get(name, "").lower() in ("checkbox", "radiobutton"):
            values[name] = value.strip().lower() in ("true", "yes", "on", "1", "x", "是", "✓", "√")
        else:
            values[name] = value
    return values, unknown
