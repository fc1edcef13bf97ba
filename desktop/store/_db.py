"""The database connection the store's tables share: one connection, one lock, one writer, and every
multi-step change in one ``BEGIN IMMEDIATE`` transaction."""
from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from desktop.messages import msg
from desktop.texts import tr
from desktop.paths import private_file
from desktop.store._schema import LATEST, migrate
from desktop.store.errors import StorageFull, StoreError


class Database:
    """Opens (and migrates) the SQLite file; the task and conversation tables build on it."""

    def __init__(self, path: Path | None = None, *, migrate_to: int = LATEST) -> None:
        if path is None:
            from desktop.paths import data_dir

            path = data_dir() / "mira.sqlite3"
        self.path = Path(path)
        # A new folder is made private; an existing one is tightened only when it is Mira's data folder
        # (data_dir() did that above): a database the caller placed elsewhere never changes its folder.
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        private_file(self.path)  # created 0600 before SQLite opens it: the data is the user's alone
        self._lock = threading.RLock()
        # isolation_level=None: we open transactions ourselves (BEGIN IMMEDIATE) so a
        # multi-row change is all-or-nothing and concurrent writers queue instead of failing.
        self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10.0)
        self._conn.row_factory = sqlite3.Row
        try:
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=FULL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._conn.execute("PRAGMA busy_timeout=10000")
            # The WAL and shared-memory files inherit the database file's mode; tighten ones left from before.
            for side in ("-wal", "-shm"):
                private_file(self.path.with_name(self.path.name + side), create=False)
            with self._lock:
                self.schema_version = migrate(self._conn, migrate_to)
        except sqlite3.DatabaseError as exc:
            # A corrupt or foreign file: say which one; it is left untouched so nothing in it is lost.
            self._conn.close()
            raise StoreError(msg("store.unreadable", path=str(self.path)), details=str(exc)) from None

    # -- plumbing -------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock, contextlib.suppress(sqlite3.ProgrammingError):
            self._conn.close()

    @contextlib.contextmanager
    def _tx(self, what: str = "data") -> Iterator[sqlite3.Connection]:
        """One all-or-nothing change; ``what`` names it (``store.what.<what>``) when the disk is full."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self._conn
                except BaseException:
                    self._rollback()
                    raise
                self._conn.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                if not _is_full(exc):
                    raise
                self._rollback()
                raise StorageFull(tr(f"store.what.{what}"), self.path) from None

    def _rollback(self) -> None:
        # SQLite may already have rolled back on its own (SQLITE_FULL does, in some statements).
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")

    def _one(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Row | None:
        with self._lock:
            row: sqlite3.Row | None = self._conn.execute(sql, args).fetchone()
            return row

    def _all(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    def integrity_check(self) -> str:
        """``"ok"`` when SQLite finds the file sound."""
        row = self._one("PRAGMA integrity_check")
        return str(row[0]) if row else "no answer"



def _is_full(exc: sqlite3.OperationalError) -> bool:
    """SQLITE_FULL: the disk is full, or the database reached its page limit."""
    return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc)
