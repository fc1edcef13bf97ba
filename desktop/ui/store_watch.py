"""Notices what another process wrote to the store (``mira task`` in a terminal, a second window), so a
conversation started there shows in the sidebar without a restart.

SQLite's ``PRAGMA data_version`` changes only when another connection commits: one tiny query every few
seconds (and when the window is activated) is all the watching costs; nothing is re-read until it moves.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from PySide6.QtCore import QObject, QTimer

log = logging.getLogger(__name__)

INTERVAL_MS = 3000


class StoreWatch(QObject):
    """Calls ``on_change`` after ``read_version`` (awaited off the UI thread) returns a new value."""

    def __init__(self, read_version: Callable[[], Awaitable[int]], on_change: Callable[[], None],
                 run: Callable[[Awaitable[None]], object], parent: QObject | None = None,
                 interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._read = read_version
        self._on_change = on_change
        self._run = run
        self._seen: int | None = None
        self._checking = False
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.check)

    def start(self) -> None:
        """Start watching from the store's present state."""
        self.timer.start()
        self.check()

    def stop(self) -> None:
        self.timer.stop()

    def check(self) -> None:
        """Look once (at most one look in flight)."""
        if not self._checking:
            self._checking = True
            self._run(self._look())

    async def _look(self) -> None:
        try:
            version = await self._read()
        except Exception:
            log.debug("could not read the store's data version", exc_info=True)
            return
        finally:
            self._checking = False
        changed = self._seen is not None and version != self._seen
        self._seen = version
        if changed:
            self._on_change()
