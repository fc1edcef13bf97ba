"""The offline planner's PDF form work: which fields the request fills, matched to the form's own names."""
from __future__ import annotations

import re
from typing import Any

from desktop.llm._patterns import later

_FILL = later(r"(?<![A-Za-z])fill(?:\s+(?:in|out))?(?![A-Za-z])|填写|填入|填好|填表", re.IGNORECASE)
_FIELDS = later(r"\b(?:what|which|list(?: the)?|show(?: me)?(?: the)?)\s+(?:form\s+)?fields\b"
                     r"|有哪些字段|列出字段|哪些栏目|表单字段", re.IGNORECASE)
_PAIR = later(r"^\s*[-*•]?\s*(?P<k>[^=:：\n]{1,80}?)\s*(?:=|:|：)\s*(?P<v>.+?)\s*$")


def wants_fill(request: str) -> bool:
    return bool(_FILL.search(request))


def wants_fields(request: str) -> bool:
    return bool(_FIELDS.search(request))


def fill_pairs(body: str) -> dict[str, str]:
    """"Name = Ada Lovelace" / "姓名：张三" lines (or ";"-separated) as {field: value}, in order."""
    pairs: dict[str, str] = {}
    for part in re.split(r"[\n;；]", body):
        m = _PAIR.match(part)
        if m and m.group("k").strip():
            pairs[m.group("k").strip()] = m.group("v").strip().strip("\"'“”")
    return pairs


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
