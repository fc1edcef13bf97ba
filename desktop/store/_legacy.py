"""Readers of the forms a store before schema v8 kept, for that migration only (desktop.store._schema).

Words made of message ids were a marked string then: ``"\\x1emira-msg:"`` and a JSON list of lines, each a
message (``{"id", "english", "params", "n"}``, a parameter message nested as ``{"$msg": …}``) or a plain
string. A check kept its English ``detail`` beside an optional ``detail_msg``. Each reader returns the record in
skills.codec's form; a value it cannot read is kept as the words it was, never dropped.
"""
from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from desktop.store._codec import dumps, message_in
from skills.messages import Msg, Said, Text

if TYPE_CHECKING:
    from skills.runtime._base import CheckStatus

MARK = "\x1emira-msg:"


def marked(value: object) -> bool:
    return isinstance(value, str) and value.startswith(MARK)


def lines(value: str) -> tuple[Said, ...]:
    """The lines of an old marked text; an unmarked (or unreadable) one is one line of words."""
    if not marked(value):
        return (value,) if value else ()
    try:
        items = json.loads(value[len(MARK):])
    except ValueError:
        return (value[len(MARK):],)
    if not isinstance(items, list):
        return (str(items),)
    return tuple(message_in(item) or json.dumps(item, ensure_ascii=False) if isinstance(item, dict) else str(item)
                 for item in items)


def text_json(value: str | None) -> str:
    return dumps(Text(lines=lines(value or "")))


def english(value: str | None) -> str:
    return Text(lines=lines(value or "")).english()


def side(value: object) -> Said:
    found = lines(str(value or ""))
    if len(found) == 1 and isinstance(found[0], Msg):
        return found[0]
    return Text(lines=found).english()


def changes_json(value: str | None) -> str:
    from skills.runtime import Change  # with the first row to convert: a new database has none

    try:
        pairs = json.loads(value or "[]")
    except ValueError:
        pairs = []
    changes = tuple(Change(before=side(p[0]), after=side(p[1])) for p in pairs
                    if isinstance(p, list) and len(p) == 2) if isinstance(pairs, list) else ()
    return dumps(changes)


def evidence_json(value: str | None) -> str | None:
    from skills.runtime import Check, Evidence  # with the first row to convert

    try:
        data: Any = json.loads(value or "{}")
    except ValueError:
        return value
    if not isinstance(data, dict):
        return value
    checks = []
    for c in data.get("checks") or ():
        if not isinstance(c, dict):
            continue
        status: CheckStatus = c["status"] if c.get("status") in ("passed", "failed", "not_run") else "not_run"
        detail: Said = message_in(c.get("detail_msg")) or str(c.get("detail") or "")
        checks.append(Check(name=str(c.get("name") or ""), status=status, detail=detail))
    counts = {str(k): int(v) for k, v in dict(data.get("counts") or {}).items() if isinstance(v, (int, float))}
    return dumps(Evidence(path=str(data.get("path") or ""), kind=str(data.get("kind") or ""),
                          sha256=str(data.get("sha256") or ""), bytes=int(data.get("bytes") or 0),
                          checks=tuple(checks), counts=counts))


def register_readers(conn: sqlite3.Connection) -> None:
    """The SQL functions the v8 migration calls."""
    conn.create_function("mira_marked", 1, marked, deterministic=True)
    conn.create_function("mira_text", 1, text_json, deterministic=True)
    conn.create_function("mira_english", 1, english, deterministic=True)
    conn.create_function("mira_changes", 1, changes_json, deterministic=True)
    conn.create_function("mira_evidence", 1, evidence_json, deterministic=True)
