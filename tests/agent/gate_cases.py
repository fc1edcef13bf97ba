"""Shared situations for the approval-gate tests: a task paused at a frozen write, two writes in one task."""
from __future__ import annotations

import hashlib
import json
import socket
import sqlite3

from desktop.agent.hashing import input_hash
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn

from .conftest import Harness, run

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))
FINISH = [tool_turn(("s9", "complete", json.dumps({"summary": "ok", "artifacts": ["a.txt"]}))), Completion(text="Done.")]
DEAD = f"{socket.gethostname()}:999999999"
NEW = "new"
WRITE_A = ("s1", "note_write", json.dumps({"path": "a.txt", "text": NEW}))
WRITE_B = ("s2", "note_write", json.dumps({"path": "b.txt", "text": "second"}))


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def paused(h: Harness, write: tuple[str, str, str], steps: list | None = None,
           **kw: object) -> tuple[object, str, str]:
    """A task whose skill agent proposed ``write`` and waits for approval: (runtime, task id, approval id)."""
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(write), *(FINISH if steps is None else steps)], **kw)
    task_id = run(rt.start_task(h.conv.id, "write a"))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id
    return rt, task_id, approval_id


def args_hashing(base: dict, approved: str, lower: bool) -> dict:
    """Arguments that differ from ``base`` and whose input hash sorts below (or above) ``approved``."""
    for i in range(10_000):
        args = {**base, "text": f"evil {i}"}
        if (input_hash(args) < approved) == lower:
            return args
    raise AssertionError("no such arguments found")


def two_writes(h: Harness, first_sorts_higher: bool) -> tuple[object, str, list[str]]:
    """A task whose first write ran (a.txt) and whose second waits; ledger ids renamed so that the first
    entry's id sorts above (or below) the second's: ids are random, and a test must not pass by luck."""
    steps = [tool_turn(RUN_NOTES), tool_turn(WRITE_A), tool_turn(WRITE_B), *FINISH]
    rt, task_id, first = paused(h, WRITE_A, steps[2:])
    run(rt.approve(first))
    second = rt.task_status(task_id).pending_approval_id
    assert second and second != first
    ids = ["f" * 32, "0" * 32] if first_sorts_higher else ["0" * 32, "f" * 32]
    with sqlite3.connect(h.db) as raw:
        for approval_id, new in zip((first, second), ids, strict=True):
            old = h.store.approval(approval_id).ledger_id
            raw.execute("UPDATE ledger SET id=? WHERE id=?", (new, old))
            raw.execute("UPDATE approvals SET ledger_id=? WHERE ledger_id=?", (new, old))
    return rt, task_id, [first, second]
