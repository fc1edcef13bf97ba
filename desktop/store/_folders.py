"""Conversation-side persistence: each conversation's working folder, file versions, write fingerprints."""
from __future__ import annotations

import sqlite3
import time
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING

from desktop.store._codec import dumps, kept
from skills.messages import Text
from desktop.store._db import Database
from desktop.store.errors import StoreError
from desktop.store.rows import VersionRow
from desktop.messages import msg

if TYPE_CHECKING:
    from desktop.store.task_rows import TargetRow

EMPTY = Text()


class FolderStore(Database):
    """Working folders, versions and write fingerprints over the shared connection; one transaction each."""

    # -- working folders ----------------------------------------------------------

    def set_conversation_folder(self, conversation_id: str, folder: str, *, chosen: bool = False) -> None:
        """Record the conversation's working folder (absolute). ``chosen``: the user picked it (never deleted)."""
        with self._tx() as c:
            cur = c.execute("UPDATE conversations SET folder=?, folder_chosen=? WHERE id=?",
                            (folder, 1 if chosen else 0, conversation_id))
            if cur.rowcount == 0:
                raise StoreError(msg("error.store_store.conversation", conversation_id=repr(conversation_id)))

    def conversation_folder(self, conversation_id: str) -> tuple[str | None, bool]:
        """(folder, chosen by the user); the folder is None until the first request assigns one."""
        row = self._one("SELECT folder, folder_chosen FROM conversations WHERE id=?", (conversation_id,))
        if row is None:
            raise StoreError(msg("error.store_store.conversation", conversation_id=repr(conversation_id)))
        return row["folder"], bool(row["folder_chosen"])

    def folders_in_use(self) -> set[str]:
        return {r["folder"] for r in self._all("SELECT folder FROM conversations WHERE folder IS NOT NULL")}

    # -- versions ---------------------------------------------------------------------

    def add_version(self, *, conversation_id: str, path: str, sha256: str, bytes: int,
                    artifact_id: str | None = None, task_id: str | None = None, change: Text = EMPTY) -> VersionRow:
        """Record ``sha256`` as the next version of ``path``; the same bytes as the latest version add none."""
        with self._tx() as c:
            last = c.execute("SELECT * FROM versions WHERE conversation_id=? AND path=? ORDER BY version DESC "
                             "LIMIT 1", (conversation_id, path)).fetchone()
            if last is not None and last["sha256"] == sha256:
                if artifact_id and not last["artifact_id"]:
                    c.execute("UPDATE versions SET artifact_id=? WHERE id=?", (artifact_id, last["id"]))
                    last = c.execute("SELECT * FROM versions WHERE id=?", (last["id"],)).fetchone()
                return _version(last)
            number = (last["version"] if last is not None else 0) + 1
            vid = uuid.uuid4().hex
            c.execute("INSERT INTO versions(id, conversation_id, path, version, sha256, bytes, artifact_id, task_id, "
                      "change, created) VALUES (?,?,?,?,?,?,?,?,?,?)",
                      (vid, conversation_id, path, number, sha256, int(bytes), artifact_id, task_id, dumps(change),
                       time.time()))
            row = c.execute("SELECT * FROM versions WHERE id=?", (vid,)).fetchone()
        return _version(row)

    def versions(self, conversation_id: str, path: str | None = None) -> list[VersionRow]:
        """Every version, oldest first (of one path when given)."""
        if path is None:
            rows = self._all("SELECT * FROM versions WHERE conversation_id=? ORDER BY created, version",
                             (conversation_id,))
        else:
            rows = self._all("SELECT * FROM versions WHERE conversation_id=? AND path=? ORDER BY version",
                             (conversation_id, path))
        return [_version(r) for r in rows]

    def latest_versions(self, conversation_id: str) -> list[VersionRow]:
        """The current version of every file, the most recently changed last."""
        rows = self._all(
            "SELECT v.* FROM versions v JOIN (SELECT path, MAX(version) AS top FROM versions WHERE conversation_id=?"
            " GROUP BY path) t ON v.path = t.path AND v.version = t.top WHERE v.conversation_id=?"
            " ORDER BY v.created, v.rowid", (conversation_id, conversation_id))
        return [_version(r) for r in rows]

    def artifact_version(self, artifact_id: str) -> VersionRow | None:
        row = self._one("SELECT * FROM versions WHERE artifact_id=? ORDER BY version DESC LIMIT 1", (artifact_id,))
        return _version(row) if row else None

    # -- fingerprints of a frozen write --------------------------------------------------

    def record_targets(self, approval_id: str, targets: Mapping[str, tuple[str, int | None]]) -> None:
        """``path -> (sha256 or "" when absent, version it replaces or None)`` for every file the call writes."""
        with self._tx() as c:
            for path, (sha, replaces) in targets.items():
                c.execute("INSERT OR REPLACE INTO approval_targets VALUES (?,?,?,?)", (approval_id, path, sha, replaces))

    def approval_targets(self, approval_id: str) -> list[TargetRow]:
        from desktop.store.task_rows import TargetRow  # an approval's row: loaded with the first one (task_rows)

        rows = self._all("SELECT * FROM approval_targets WHERE approval_id=? ORDER BY path", (approval_id,))
        return [TargetRow(approval_id=r["approval_id"], path=r["path"], sha256=r["sha256"], replaces_version=r["replaces_version"]) for r in rows]


def _version(r: sqlite3.Row) -> VersionRow:
    return VersionRow(id=r["id"], conversation_id=r["conversation_id"], path=r["path"], version=r["version"], sha256=r["sha256"], bytes=r["bytes"],
                      artifact_id=r["artifact_id"], task_id=r["task_id"], change=kept(Text, r["change"], EMPTY), created=r["created"])
