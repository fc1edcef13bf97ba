"""Task-side persistence used by the agent runtime: tasks, transcripts, ledger, approvals, artifacts."""
from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from desktop.store._db import Database
from desktop.store.errors import StoreError
from desktop.store.rows import ArtifactRow
from desktop.messages import msg
from desktop.store._codec import dumps, kept
from skills.messages import Text

if TYPE_CHECKING:
    from skills.runtime import Change

    from desktop.store.task_rows import ApprovalRow, LedgerRow, ModelCallRow, NewArtifact, TaskRow, TranscriptEntry

# The task tables' rows (desktop.store.task_rows) and the finalization packet load with the first row built
# from these tables, in the helpers at the end: a start with no task to recover builds none.

_TASK_FIELDS = {"status", "usage", "skill_id", "skill_call_key", "outcome", "packet", "error", "finished",
                "owner"}
_JSON_FIELDS = {"usage"}


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def chain_hash(prev_hash: str, message_json: str) -> str:
    """Each transcript entry's hash covers its message and the previous hash."""
    return hashlib.sha256((prev_hash + "\n" + message_json).encode("utf-8")).hexdigest()


class TaskStore(Database):
    """Tasks, transcripts, ledger, approvals, artifacts and model calls over the shared connection."""

    # -- tasks ------------------------------------------------------------------

    def create_task(self, *, task_id: str, conversation_id: str, message_id: str, request: str, flow_id: str,
                    flow_version: int, build_identity: str, workspace: str, budgets: Mapping[str, Any],
                    flow_sha256: str | None = None) -> TaskRow:
        with self._tx("task") as c:
            c.execute(
                "INSERT INTO tasks(id, conversation_id, message_id, request, status, flow_id, flow_version,"
                " build_identity, workspace, budgets, created, flow_sha256) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (task_id, conversation_id, message_id, request, "running", flow_id, flow_version,
                 build_identity, workspace, _dumps(dict(budgets)), time.time(), flow_sha256),
            )
        return self.task(task_id)

    def task(self, task_id: str) -> TaskRow:
        row = self._one("SELECT * FROM tasks WHERE id=?", (task_id,))
        if row is None:
            raise StoreError(msg("error.store_tasks.task", task_id=repr(task_id)))
        return _task(row)

    def tasks(self, status: str | None = None) -> list[TaskRow]:
        if status is None:
            return [_task(r) for r in self._all("SELECT * FROM tasks ORDER BY created, rowid")]
        return [_task(r) for r in self._all("SELECT * FROM tasks WHERE status=? ORDER BY created, rowid", (status,))]

    def update_task(self, task_id: str, **fields: Any) -> bool:
        """Set task fields; False when there is no such task."""
        unknown = set(fields) - _TASK_FIELDS
        if unknown:
            raise ValueError(f"unknown task fields {sorted(unknown)}")
        sets = [f"{k}=?" for k in fields]
        args = [_task_column(k, v) for k, v in fields.items()]
        sql = f"UPDATE tasks SET {', '.join(sets)} WHERE id=?"
        args.append(task_id)
        with self._tx("task") as c:
            return c.execute(sql, args).rowcount == 1

    # -- transcripts --------------------------------------------------------------

    def _append(self, c: sqlite3.Connection, task_id: str, agent: str, message: Mapping[str, Any],
                call_key: str | None) -> TranscriptEntry:
        from desktop.store.task_rows import TranscriptEntry

        head = c.execute("SELECT seq, hash FROM transcripts WHERE task_id=? AND agent=? ORDER BY seq DESC LIMIT 1",
                         (task_id, agent)).fetchone()
        seq, prev = (head["seq"] + 1, head["hash"]) if head else (1, "")
        text = _dumps(dict(message))
        digest = chain_hash(prev, text)
        c.execute("INSERT INTO transcripts VALUES (?,?,?,?,?,?,?)", (task_id, agent, seq, text, call_key, prev, digest))
        return TranscriptEntry(task_id=task_id, agent=agent, seq=seq, message=json.loads(text), call_key=call_key, prev_hash=prev, hash=digest)

    def append_transcript(self, task_id: str, agent: str, message: Mapping[str, Any],
                          call_key: str | None = None) -> TranscriptEntry:
        """Append one message; a tool result carries its ``call_key`` (unique per agent)."""
        with self._tx("transcript") as c:
            return self._append(c, task_id, agent, message, call_key)

    def append_transcript_many(self, task_id: str, agent: str, messages: Sequence[Mapping[str, Any]]) -> None:
        """Append several messages in one commit: a task's opening (prompt, conversation context, request)
        is there whole or not at all."""
        with self._tx() as c:
            for message in messages:
                self._append(c, task_id, agent, message, None)

    def transcript(self, task_id: str, agent: str) -> list[TranscriptEntry]:
        from desktop.store.task_rows import TranscriptEntry

        rows = self._all("SELECT * FROM transcripts WHERE task_id=? AND agent=? ORDER BY seq", (task_id, agent))
        return [TranscriptEntry(task_id=r["task_id"], agent=r["agent"], seq=r["seq"], message=json.loads(r["message"]), call_key=r["call_key"],
                                prev_hash=r["prev_hash"], hash=r["hash"]) for r in rows]

    def transcript_head(self, task_id: str, agent: str) -> tuple[int, str]:
        row = self._one("SELECT seq, hash FROM transcripts WHERE task_id=? AND agent=? ORDER BY seq DESC LIMIT 1",
                        (task_id, agent))
        return (row["seq"], row["hash"]) if row else (0, "")

    def verify_transcript(self, task_id: str, agent: str) -> bool:
        """Recompute the hash chain; False if any stored message was altered or removed."""
        prev, expected_seq = "", 1
        for r in self._all("SELECT seq, message, prev_hash, hash FROM transcripts WHERE task_id=? AND agent=?"
                           " ORDER BY seq", (task_id, agent)):
            if r["seq"] != expected_seq or r["prev_hash"] != prev or chain_hash(prev, r["message"]) != r["hash"]:
                return False
            prev, expected_seq = r["hash"], expected_seq + 1
        return True

    # -- ledger -------------------------------------------------------------------

    def ledger_move(self, ledger_id: str, from_states: Sequence[str], to_state: str, *,
                    pre_sha256: str | None = None, result: Mapping[str, Any] | None = None) -> bool:
        """Conditional state change, committed before the caller takes the next step."""
        with self._tx("ledger") as c:
            return self._ledger_move(c, ledger_id, from_states, to_state, pre_sha256=pre_sha256, result=result)

    @staticmethod
    def _ledger_move(c: sqlite3.Connection, ledger_id: str, from_states: Sequence[str], to_state: str, *,
                     pre_sha256: str | None = None, result: Mapping[str, Any] | None = None) -> bool:
        sets, args = ["state=?", "updated=?"], [to_state, time.time()]
        if pre_sha256 is not None:
            sets.append("pre_sha256=?")
            args.append(pre_sha256)
        if result is not None:
            sets.append("result=?")
            args.append(_dumps(dict(result)))
        marks = ",".join("?" * len(from_states))
        cur = c.execute(f"UPDATE ledger SET {', '.join(sets)} WHERE id=? AND state IN ({marks})",
                        (*args, ledger_id, *from_states))
        return cur.rowcount == 1

    def log_call(self, *, ledger_id: str, task_id: str, agent: str, call_key: str, tool_call_id: str, tool_id: str,
                 input_hash: str, state: str, result: Mapping[str, Any],
                 tool_message: Mapping[str, Any]) -> TranscriptEntry:
        """A call with no side effects (refusal, read-only tool): ledger row in its final state and the tool
        result, in one commit."""
        now = time.time()
        with self._tx("ledger") as c:
            c.execute("INSERT INTO ledger(id, task_id, agent, call_key, tool_call_id, tool_id, input_hash, state,"
                      " result, created, updated) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                      (ledger_id, task_id, agent, call_key, tool_call_id, tool_id, input_hash, state,
                       _dumps(dict(result)), now, now))
            return self._append(c, task_id, agent, tool_message, call_key)

    def record_result(self, ledger_id: str, from_states: Sequence[str], to_state: str, result: Mapping[str, Any],
                      tool_message: Mapping[str, Any]) -> TranscriptEntry | None:
        """Finish a call and write its tool result into the transcript, atomically and only once."""
        with self._tx("result") as c:
            entry = c.execute("SELECT * FROM ledger WHERE id=?", (ledger_id,)).fetchone()
            if entry is None or c.execute("SELECT 1 FROM transcripts WHERE task_id=? AND agent=? AND call_key=?",
                                          (entry["task_id"], entry["agent"], entry["call_key"])).fetchone():
                return None  # a call has one result, ever
            if not self._ledger_move(c, ledger_id, from_states, to_state, result=result):
                return None
            return self._append(c, entry["task_id"], entry["agent"], tool_message, entry["call_key"])

    def begin_skill(self, *, task_id: str, ledger_id: str, call_key: str, tool_call_id: str, input_hash: str,
                    skill_id: str, agent: str, messages: Sequence[Mapping[str, Any]]) -> None:
        """Fork a skill agent in one commit: the parent's run_skill ledger entry, the agent's first messages,
        and the task's pointer to it (a crash leaves either nothing or all of it)."""
        now = time.time()
        with self._tx("ledger") as c:
            c.execute("INSERT INTO ledger(id, task_id, agent, call_key, tool_call_id, tool_id, input_hash, state,"
                      " created, updated) VALUES (?,?,?,?,?,?,?,?,?,?)",
                      (ledger_id, task_id, "main", call_key, tool_call_id, "run_skill", input_hash, "executing",
                       now, now))
            for message in messages:
                self._append(c, task_id, agent, message, None)
            c.execute("UPDATE tasks SET skill_id=?, skill_call_key=? WHERE id=?", (skill_id, call_key, task_id))

    def ledger_entry(self, ledger_id: str) -> LedgerRow:
        row = self._one("SELECT * FROM ledger WHERE id=?", (ledger_id,))
        if row is None:
            raise StoreError(msg("error.store_tasks.ledger_entry", ledger_id=repr(ledger_id)))
        return _ledger(row)

    def ledger(self, task_id: str | None = None, states: Sequence[str] = ()) -> list[LedgerRow]:
        where, args = [], []
        if task_id is not None:
            where.append("task_id=?")
            args.append(task_id)
        if states:
            where.append(f"state IN ({','.join('?' * len(states))})")
            args.extend(states)
        sql = "SELECT * FROM ledger" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY created, rowid"
        return [_ledger(r) for r in self._all(sql, args)]

    # -- approvals ----------------------------------------------------------------

    def freeze_approval(self, *, approval_id: str, ledger_id: str, task_id: str, agent: str, call_key: str,
                        tool_call_id: str, tool_id: str, arguments_json: str, input_hash: str, skill_id: str,
                        checkpoint_seq: int, checkpoint_hash: str, target_path: str | None,
                        target_sha256: str | None, summary: Text, changes: Sequence[Change]) -> ApprovalRow:
        """Persist the frozen invocation, its ledger entry and the paused task in one transaction."""
        now = time.time()
        with self._tx("approval") as c:
            snapshot = [asdict(_ledger(r)) for r in
                        c.execute("SELECT * FROM ledger WHERE task_id=? ORDER BY created, rowid", (task_id,))]
            c.execute("INSERT INTO ledger(id, task_id, agent, call_key, tool_call_id, tool_id, input_hash, state,"
                      " created, updated) VALUES (?,?,?,?,?,?,?,?,?,?)",
                      (ledger_id, task_id, agent, call_key, tool_call_id, tool_id, input_hash, "awaiting_approval",
                       now, now))
            c.execute(
                "INSERT INTO approvals(id, task_id, ledger_id, agent, call_key, tool_call_id, tool_id, arguments,"
                " input_hash, skill_id, checkpoint_seq, checkpoint_hash, ledger_snapshot, target_path,"
                " target_sha256_at_freeze, summary, changes, state, created) VALUES"
                " (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (approval_id, task_id, ledger_id, agent, call_key, tool_call_id, tool_id, arguments_json, input_hash,
                 skill_id, checkpoint_seq, checkpoint_hash, _dumps(snapshot), target_path, target_sha256, dumps(summary),
                 dumps(tuple(changes)), "pending", now),
            )
            c.execute("UPDATE tasks SET status='paused' WHERE id=?", (task_id,))
        return self.approval(approval_id)

    def decide_approval(self, approval_id: str, state: str, *, message: str = "", ledger_state: str,
                        ledger_result: Mapping[str, Any] | None = None,
                        tool_message: Mapping[str, Any] | None = None, task_status: str | None = None) -> bool:
        """Move a pending approval to ``state`` (and its ledger entry, transcript, task) once; False if not pending."""
        with self._tx("approval") as c:
            row = c.execute("SELECT * FROM approvals WHERE id=?", (approval_id,)).fetchone()
            if row is None:
                return False
            cur = c.execute("UPDATE approvals SET state=?, message=?, decided_at=? WHERE id=? AND state='pending'",
                            (state, message, time.time(), approval_id))
            if cur.rowcount != 1:
                return False
            if not self._ledger_move(c, row["ledger_id"], ("awaiting_approval",), ledger_state, result=ledger_result):
                raise sqlite3.IntegrityError(f"ledger entry of approval {approval_id} is not awaiting approval")
            if tool_message is not None:
                self._append(c, row["task_id"], row["agent"], tool_message, row["call_key"])
            if task_status is not None:
                c.execute("UPDATE tasks SET status=? WHERE id=?", (task_status, row["task_id"]))
            return True

    def approval(self, approval_id: str) -> ApprovalRow:
        row = self._one("SELECT * FROM approvals WHERE id=?", (approval_id,))
        if row is None:
            raise StoreError(msg("error.store_tasks.approval", approval_id=repr(approval_id)))
        return _approval(row)

    def pending_approvals(self) -> list[ApprovalRow]:
        return [_approval(r) for r in self._all("SELECT * FROM approvals WHERE state='pending' ORDER BY created")]

    def approvals(self, task_id: str) -> list[ApprovalRow]:
        return [_approval(r) for r in self._all("SELECT * FROM approvals WHERE task_id=? ORDER BY created, rowid",
                                                (task_id,))]

    # -- artifacts ------------------------------------------------------------------

    def commit_artifact(self, *, artifact_id: str, task_id: str, conversation_id: str, new: NewArtifact) -> ArtifactRow:
        """Insert an artifact and its evidence together."""
        now = time.time()
        with self._tx("artifact") as c:
            c.execute("INSERT INTO artifacts VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                      (artifact_id, task_id, conversation_id, new.path, new.workspace_path, new.kind, new.title,
                       new.sha256, new.bytes, new.tool_call_id, now))
            if new.evidence is not None:
                c.execute("INSERT INTO evidence VALUES (?,?)", (artifact_id, dumps(new.evidence)))
        return ArtifactRow(id=artifact_id, task_id=task_id, conversation_id=conversation_id, path=new.path, workspace_path=new.workspace_path, kind=new.kind,
                           title=new.title,
                           sha256=new.sha256, bytes=new.bytes, tool_call_id=new.tool_call_id, created=now)

    # -- model calls ------------------------------------------------------------------

    def model_call_start(self, task_id: str, agent: str, n: int, budget: int) -> int:
        with self._tx("model_call") as c:
            cur = c.execute("INSERT INTO model_calls(task_id, agent, n, budget, created) VALUES (?,?,?,?,?)",
                            (task_id, agent, n, budget, time.time()))
            return int(cur.lastrowid or 0)

    def model_call_end(self, call_id: int, state: str, error: str | None = None, *,
                       transcript: tuple[str, str, Mapping[str, Any]] | None = None) -> TranscriptEntry | None:
        """Close a model call; with ``transcript=(task_id, agent, message)`` also append its reply (one commit)."""
        with self._tx("model_call") as c:
            c.execute("UPDATE model_calls SET state=?, error=? WHERE id=?", (state, error, call_id))
            if transcript is not None:
                return self._append(c, transcript[0], transcript[1], transcript[2], None)
        return None

    def model_calls(self, task_id: str) -> list[ModelCallRow]:
        from desktop.store.task_rows import ModelCallRow

        return [ModelCallRow(id=r["id"], task_id=r["task_id"], agent=r["agent"], n=r["n"], budget=r["budget"], state=r["state"], error=r["error"],
                             created=r["created"])
                for r in self._all("SELECT * FROM model_calls WHERE task_id=? ORDER BY id", (task_id,))]


def _task_column(name: str, value: Any) -> Any:
    """A task field as its column holds it: the packet through the records codec, usage as JSON."""
    if value is None:
        return None
    if name == "packet":
        return dumps(value)
    return _dumps(value) if name in _JSON_FIELDS else value


def _loads(raw: str | None) -> Any:
    return json.loads(raw) if raw else None


def _task(r: sqlite3.Row) -> TaskRow:
    from desktop.llm.packet import FinalizationPacket
    from desktop.store.task_rows import TaskRow

    return TaskRow(id=r["id"], conversation_id=r["conversation_id"], message_id=r["message_id"], request=r["request"], status=r["status"], flow_id=r["flow_id"],
                   flow_version=r["flow_version"], build_identity=r["build_identity"], workspace=r["workspace"], budgets=json.loads(r["budgets"]),
                   usage=json.loads(r["usage"] or "{}"), skill_id=r["skill_id"], skill_call_key=r["skill_call_key"], outcome=r["outcome"],
                   packet=kept(FinalizationPacket, r["packet"], None), error=r["error"], created=r["created"], finished=r["finished"],
                   owner=r["owner"] if "owner" in r.keys() else None,
                   flow_sha256=r["flow_sha256"] if "flow_sha256" in r.keys() else None)


def _ledger(r: sqlite3.Row) -> LedgerRow:
    from desktop.store.task_rows import LedgerRow

    return LedgerRow(id=r["id"], task_id=r["task_id"], agent=r["agent"], call_key=r["call_key"], tool_call_id=r["tool_call_id"], tool_id=r["tool_id"],
                     input_hash=r["input_hash"], state=r["state"], pre_sha256=r["pre_sha256"], result=_loads(r["result"]), created=r["created"],
                     updated=r["updated"])


def _approval(r: sqlite3.Row) -> ApprovalRow:
    from desktop.store.task_rows import ApprovalRow
    from skills.runtime import Change

    return ApprovalRow(
        id=r["id"], task_id=r["task_id"], ledger_id=r["ledger_id"], agent=r["agent"], call_key=r["call_key"], tool_call_id=r["tool_call_id"],
                       tool_id=r["tool_id"],
        arguments=json.loads(r["arguments"]), arguments_json=r["arguments"], input_hash=r["input_hash"], skill_id=r["skill_id"],
                       checkpoint_seq=r["checkpoint_seq"],
        checkpoint_hash=r["checkpoint_hash"], ledger_snapshot=tuple(json.loads(r["ledger_snapshot"])), target_path=r["target_path"],
        target_sha256_at_freeze=r["target_sha256_at_freeze"], summary=kept(Text, r["summary"], Text()),
        changes=kept(tuple[Change, ...], r["changes"], ()),
        state=r["state"], message=r["message"], created=r["created"], decided_at=r["decided_at"],
    )


