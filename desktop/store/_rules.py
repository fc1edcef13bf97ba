"""Approval rules a user made ("allow similar writes in this conversation"): stored, listed, revocable."""
from __future__ import annotations

import sqlite3
import time
import uuid

from desktop.store._db import Database
from desktop.store.errors import StoreError
from desktop.store.task_rows import RuleRow
from desktop.messages import msg

RULE_KINDS = ("create_new", "edit_own")


class ApprovalRules:
    """The ``approval_rules`` table over the store's connection."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, *, conversation_id: str, skill_id: str, command: str, kind: str,
            from_approval_id: str | None = None) -> RuleRow:
        if kind not in RULE_KINDS:
            raise StoreError(msg("error.store_rules.unknown_rule_kind_one", kind=repr(kind), rule_kinds=', '.join(RULE_KINDS)))
        for rule in self.list(conversation_id):
            if (rule.skill_id, rule.command, rule.kind) == (skill_id, command, kind):
                return rule  # the same rule twice is one rule
        rule_id, now = uuid.uuid4().hex, time.time()
        with self._db._tx("rule") as c:
            c.execute("INSERT INTO approval_rules(id, conversation_id, skill_id, command, kind, from_approval_id,"
                      " created) VALUES (?,?,?,?,?,?,?)",
                      (rule_id, conversation_id, skill_id, command, kind, from_approval_id, now))
        return self.get(rule_id)

    def get(self, rule_id: str) -> RuleRow:
        row = self._db._one("SELECT * FROM approval_rules WHERE id=?", (rule_id,))
        if row is None:
            raise StoreError(msg("error.store_rules.approval_rule", rule_id=repr(rule_id)))
        return _rule(row)

    def list(self, conversation_id: str | None = None, *, include_revoked: bool = False) -> list[RuleRow]:
        """Rules of one conversation (or all), oldest first; revoked ones only when asked."""
        where, args = [], []
        if conversation_id is not None:
            where.append("conversation_id=?")
            args.append(conversation_id)
        if not include_revoked:
            where.append("revoked IS NULL")
        sql = "SELECT * FROM approval_rules" + (" WHERE " + " AND ".join(where) if where else "")
        return [_rule(r) for r in self._db._all(sql + " ORDER BY created, rowid", args)]

    def revoke(self, rule_id: str) -> bool:
        """Stop a rule from approving anything more; False when it was already revoked or unknown."""
        with self._db._tx("rule") as c:
            return c.execute("UPDATE approval_rules SET revoked=? WHERE id=? AND revoked IS NULL",
                             (time.time(), rule_id)).rowcount == 1


def _rule(r: sqlite3.Row) -> RuleRow:
    return RuleRow(
        id=r["id"],
        conversation_id=r["conversation_id"],
        skill_id=r["skill_id"],
        command=r["command"],
        kind=r["kind"],
        from_approval_id=r["from_approval_id"],
        created=r["created"],
        revoked=r["revoked"],
    )
