"""The store facade: conversations and messages on top of the task tables (``_tasks``) and the shared
connection (``_db``)."""
from __future__ import annotations

import functools
import json
import sqlite3
import time
import uuid
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from desktop.store._folders import FolderStore
from desktop.store._tasks import TaskStore
from desktop.store.errors import StoreError
from desktop.store.rows import ArtifactRow, ConversationRow, ConversationMatch, Extension, StoredMessage
from desktop.messages import msg
from desktop.store._codec import dumps, kept
from skills.messages import Text

if TYPE_CHECKING:
    from skills.runtime import Evidence
    from desktop.store._rules import ApprovalRules

_TITLE_AUTO = 6  # the schema version that knows whether a title is still Mira's own


def snippet(text: str, needle: str, before: int = 12, after: int = 60) -> str:
    """A few words of ``text`` around the first (case-insensitive) ``needle``, on one line, cut at words."""
    flat = " ".join(text.split())
    at = flat.casefold().find(needle.casefold())
    if at < 0:
        return flat[:before + after]
    start = max(0, at - before)
    if start > 0:
        space = flat.find(" ", start, at)
        start = space + 1 if space >= 0 else start
    end = min(len(flat), at + len(needle) + after)
    if end < len(flat):
        space = flat.rfind(" ", at + len(needle), end)
        end = space if space >= 0 else end
    return ("…" if start > 0 else "") + flat[start:end] + ("…" if end < len(flat) else "")


def new_id() -> str:
    return uuid.uuid4().hex


def _extensions(raw: str) -> tuple[Extension, ...]:
    return tuple(Extension(artifact_id=str(e["artifact_id"]), kind=str(e["kind"])) for e in json.loads(raw))


def _ext_json(extensions: Iterable[Extension | dict[str, str]]) -> str:
    items = []
    for ext in extensions:
        if isinstance(ext, Extension):
            items.append(ext.to_dict())
        else:
            items.append({"artifact_id": str(ext["artifact_id"]), "kind": str(ext["kind"])})
    return json.dumps(items, ensure_ascii=False)


class Store(TaskStore, FolderStore):
    """Mira's persistence. ``path`` defaults to ``desktop.paths.data_dir()/mira.sqlite3``.

    Thread-safe for one writer: every call takes the store's lock, so the UI can
    call it from a single-worker executor while the agent runs on the event loop.
    Several Store instances (two windows) may open the same file; decisions that
    must happen once (approving) are conditional updates, so only one wins.
    """

    @functools.cached_property
    def rules(self) -> ApprovalRules:
        """The approval rules users made in their conversations (loaded with the first decision or the rules'
        list: nothing at start reads them)."""
        from desktop.store._rules import ApprovalRules

        return ApprovalRules(self)

    # -- conversations ----------------------------------------------------------

    def create_conversation(self, title: str, *, auto: bool = False) -> ConversationRow:
        """Create an empty conversation; ``auto``: the title is Mira's own, replaced by :meth:`retitle_conversation`."""
        now = time.time()
        conv = ConversationRow(id=new_id(), title=title.strip() or "New chat", created=now, updated=now)
        with self._tx("conversation") as c:
            c.execute("INSERT INTO conversations(id, title, created, updated) VALUES (?,?,?,?)",
                      (conv.id, conv.title, now, now))
            if auto:
                c.execute("UPDATE conversations SET title_auto=1 WHERE id=?", (conv.id,))
        return conv

    def retitle_conversation(self, conversation_id: str, title: str) -> bool:
        """Give the conversation the title of what it made, once, unless the user renamed it; True if it did."""
        if not title.strip():
            return False
        with self._tx("conversation") as c:
            cur = c.execute("UPDATE conversations SET title=?, title_auto=0 WHERE id=? AND title_auto=1",
                            (title.strip(), conversation_id))
            return cur.rowcount > 0

    def conversation(self, conversation_id: str) -> ConversationRow:
        row = self._one("SELECT * FROM conversations WHERE id=?", (conversation_id,))
        if row is None:
            raise StoreError(msg("error.store_store.conversation", conversation_id=repr(conversation_id)))
        return ConversationRow(id=row["id"], title=row["title"], created=row["created"], updated=row["updated"])

    def list_conversations(self, search: str = "") -> list[ConversationRow]:
        """Newest first; ``search`` matches (case-insensitive) titles, what the user wrote and the files made."""
        if search.strip():
            return [m.conversation for m in self.search_conversations(search)]
        rows = self._all("SELECT * FROM conversations ORDER BY updated DESC, rowid DESC")
        return [ConversationRow(id=r["id"], title=r["title"], created=r["created"], updated=r["updated"]) for r in rows]

    def search_conversations(self, search: str) -> list[ConversationMatch]:
        """The conversations ``search`` finds, newest first, each with a snippet of where it matched.

        Mira's own replies are not searched: its help text is the same in every conversation, so it would
        find them all; what the user wrote and the files made say what a conversation is about."""
        needle = search.strip()
        pattern = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self._all(
            "SELECT * FROM (SELECT c.*,"
            " (SELECT m.text FROM messages m WHERE m.conversation_id = c.id AND m.role = 'user'"
            "  AND m.text LIKE ?1 ESCAPE '\\' ORDER BY m.created LIMIT 1) AS said,"
            " (SELECT a.workspace_path || char(31) || a.title FROM artifacts a WHERE a.conversation_id = c.id"
            "  AND (a.workspace_path LIKE ?1 ESCAPE '\\' OR a.title LIKE ?1 ESCAPE '\\')"
            "  ORDER BY a.created LIMIT 1) AS made"
            " FROM conversations c)"
            " WHERE title LIKE ?1 ESCAPE '\\' OR said IS NOT NULL OR made IS NOT NULL"
            " ORDER BY updated DESC, rowid DESC",
            (pattern,),
        )
        found = []
        for r in rows:
            conv = ConversationRow(id=r["id"], title=r["title"], created=r["created"], updated=r["updated"])
            if r["said"] is not None:
                found.append(ConversationMatch(conversation=conv, snippet=snippet(r["said"], needle), where="said"))
            elif r["made"] is not None:
                path, _sep, title = str(r["made"]).partition("\x1f")
                shown = path if needle.casefold() in path.casefold() or not title else f"{path} · {title}"
                found.append(ConversationMatch(conversation=conv, snippet=shown, where="made"))
            else:
                found.append(ConversationMatch(conversation=conv, snippet="", where="title"))
        return found

    def data_version(self) -> int:
        """SQLite's count of commits by *other* connections (another window, ``mira task``): cheap to poll."""
        row = self._one("PRAGMA data_version")
        return int(row[0]) if row else 0

    def rename_conversation(self, conversation_id: str, title: str) -> None:
        with self._tx("conversation") as c:
            cur = c.execute("UPDATE conversations SET title=?, updated=? WHERE id=?",
                            (title.strip() or "New chat", time.time(), conversation_id))
            if cur.rowcount == 0:
                raise StoreError(msg("error.store_store.conversation", conversation_id=repr(conversation_id)))
            if self.schema_version >= _TITLE_AUTO:  # the user's name is final: what Mira makes never replaces it
                c.execute("UPDATE conversations SET title_auto=0 WHERE id=?", (conversation_id,))

    def delete_conversation(self, conversation_id: str) -> None:
        """Delete a conversation with its messages, tasks, transcripts, approvals and artifacts rows."""
        with self._tx("conversation") as c:
            c.execute("DELETE FROM conversations WHERE id=?", (conversation_id,))

    # -- messages -------------------------------------------------------------

    def add_message(
        self,
        conversation_id: str,
        role: str,
        text: str,
        status: str = "done",
        extensions: Iterable[Extension | dict[str, str]] = (),
    ) -> StoredMessage:
        """Append a message to a conversation."""
        now = time.time()
        mid = new_id()
        ext = _ext_json(extensions)
        with self._tx("message") as c:
            cur = c.execute("UPDATE conversations SET updated=? WHERE id=?", (now, conversation_id))
            if cur.rowcount == 0:
                raise StoreError(msg("error.store_store.conversation", conversation_id=repr(conversation_id)))
            c.execute(
                "INSERT INTO messages(id, conversation_id, role, text, status, extensions, created)"
                " VALUES (?,?,?,?,?,?,?)",
                (mid, conversation_id, role, text, status, ext, now),
            )
        return StoredMessage(id=mid, conversation_id=conversation_id, role=role, text=text, status=status, extensions=_extensions(ext), created=now)

    def update_message(
        self,
        message_id: str,
        text: Text | str | None = None,
        status: str | None = None,
        extensions: Iterable[Extension | dict[str, str]] | None = None,
        reasoning: str | None = None,
    ) -> StoredMessage:
        """Change a message's text, status, extensions and/or reasoning; returns the new row. A Text (Mira's own
        words as message values) is kept as such, with its English as the message's text."""
        sets: list[str] = []
        args: list[str | None] = []
        if reasoning is not None:
            sets.append("reasoning=?")
            args.append(reasoning)
        if isinstance(text, Text):
            sets += ["text=?", "said=?"]
            args += [text.english(), dumps(text)]
        elif text is not None:
            sets += ["text=?", "said=?"]
            args += [text, None]
        if status is not None:
            sets.append("status=?")
            args.append(status)
        if extensions is not None:
            sets.append("extensions=?")
            args.append(_ext_json(extensions))
        with self._tx("message") as c:
            if sets:
                cur = c.execute(f"UPDATE messages SET {', '.join(sets)} WHERE id=?", (*args, message_id))
                if cur.rowcount == 0:
                    raise StoreError(msg("error.store_store.message", message_id=repr(message_id)))
            row = c.execute("SELECT * FROM messages WHERE id=?", (message_id,)).fetchone()
            if row is None:
                raise StoreError(msg("error.store_store.message", message_id=repr(message_id)))
            c.execute("UPDATE conversations SET updated=? WHERE id=?", (time.time(), row["conversation_id"]))
        return self._message(row)

    def message(self, message_id: str) -> StoredMessage:
        row = self._one("SELECT * FROM messages WHERE id=?", (message_id,))
        if row is None:
            raise StoreError(msg("error.store_store.message", message_id=repr(message_id)))
        return self._message(row)

    def messages(self, conversation_id: str, limit: int | None = None, before: str | None = None) -> list[StoredMessage]:
        """Messages oldest first; ``limit`` keeps the newest N, ``before`` pages back from a message id."""
        where = "conversation_id=?"
        args: list[Any] = [conversation_id]
        if before is not None:
            where += " AND n < (SELECT n FROM messages WHERE id=?)"
            args.append(before)
        sql = f"SELECT * FROM messages WHERE {where} ORDER BY n DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(int(limit))
        rows = self._all(sql, args)
        return [self._message(r) for r in reversed(rows)]

    @staticmethod
    def _message(row: sqlite3.Row) -> StoredMessage:
        return StoredMessage(id=row["id"], conversation_id=row["conversation_id"], role=row["role"], text=row["text"],
                             status=row["status"], extensions=_extensions(row["extensions"]), created=row["created"],
                             reasoning=row["reasoning"], said=kept(Text, row["said"], None))

    # -- artifacts and evidence --------------------------------------------------

    def artifact(self, artifact_id: str) -> ArtifactRow:
        row = self._one("SELECT * FROM artifacts WHERE id=?", (artifact_id,))
        if row is None:
            raise StoreError(msg("error.store_store.artifact", artifact_id=repr(artifact_id)))
        return _artifact(row)

    def artifacts(self, conversation_id: str) -> list[ArtifactRow]:
        rows = self._all("SELECT * FROM artifacts WHERE conversation_id=? ORDER BY created, rowid", (conversation_id,))
        return [_artifact(r) for r in rows]

    def task_artifacts(self, task_id: str) -> list[ArtifactRow]:
        rows = self._all("SELECT * FROM artifacts WHERE task_id=? ORDER BY created, rowid", (task_id,))
        return [_artifact(r) for r in rows]

    def evidence(self, artifact_id: str) -> Evidence | None:
        """The artifact's evidence; None when none was recorded (or the row cannot be read)."""
        from skills.runtime import Evidence  # with the first card's checks, like the codec (desktop.store._codec)

        row = self._one("SELECT json FROM evidence WHERE artifact_id=?", (artifact_id,))
        return kept(Evidence, row["json"], None) if row else None


def _artifact(row: sqlite3.Row) -> ArtifactRow:
    return ArtifactRow(id=row["id"], task_id=row["task_id"], conversation_id=row["conversation_id"], path=row["path"], workspace_path=row["workspace_path"],
                       kind=row["kind"], title=row["title"], sha256=row["sha256"], bytes=row["bytes"], tool_call_id=row["tool_call_id"], created=row["created"])
