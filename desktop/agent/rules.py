"""Scoped approval rules: which kind of write a frozen call is, and which rule (if any) covers it.

A rule covers one skill, one command and one kind of write in one conversation:
``create_new`` (the file it writes does not exist yet) or ``edit_own`` (it rewrites a file whose bytes
are a file Mira made in this conversation). Never covered: overwriting or editing a file Mira did not
make, a write outside the folder or into a folder of outputs, another command or skill, a revoked rule.
A covered call still goes through the same frozen-call path and ledger; only the question is skipped.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from desktop.agent.execute import written_path
from desktop.store import ApprovalRow, RuleRow
from skills.runtime import Workspace, WorkspaceError
from skills.runtime.workspace import sha256_file

CREATE_NEW = "create_new"
EDIT_OWN = "edit_own"


def write_kind(ws: Workspace, approval: ApprovalRow, made: Iterable[str]) -> str | None:
    """``create_new``, ``edit_own`` or None (not a write a rule may cover). ``made``: sha256 of every file
    Mira made in the conversation."""
    written = written_path(approval)
    if not written:
        return None
    try:
        path = ws.resolve(written)
    except WorkspaceError:
        return None  # outside the folder, or through a link out of it
    if path.is_symlink():
        return None
    if not path.exists():
        return CREATE_NEW
    if path.is_file() and sha256_file(path) in set(made):
        return EDIT_OWN
    return None  # an existing file Mira did not make, or a folder of outputs


def covering(rules: Sequence[RuleRow], skill_id: str, command: str, kind: str | None) -> RuleRow | None:
    """The active rule naming this skill, command and kind, if any."""
    if kind is None:
        return None
    return next((r for r in rules if r.active and (r.skill_id, r.command, r.kind) == (skill_id, command, kind)),
                None)
