"""The database connection the store's tables share: one connection, one lock, one writer, and every
multi-step change in one ``BEGIN IMMEDIATE`` transaction."""
from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from desktop.store._schema import LATEST, migrate
from desktop.store.errors import StoreError


class Database:
    """Opens (and migrates) the SQLite file; the task and conversation tables build on it."""

    def __init__(self, path: Path | None = None, *, migrate_to: int = LATEST) -> None:
        if path is None:
            from desktop.paths import data_dir

            path = data_dir() / "mira.sqlite3"
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
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
            with self._lock:
                self.schema_version = migrate(self._conn, migrate_to)
        except sqlite3.DatabaseError as exc:
            # A corrupt or foreign file: say which one; it is left untouched so nothing in it is lost.
            self._conn.close()
            raise StoreError(f"{self.path} is not a readable Mira database ({exc}); move it aside to start "
                             "with a new one") from None

    # -- plumbing -------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            with contextlib.suppress(sqlite3.ProgrammingError):
                self._conn.close()

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

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

