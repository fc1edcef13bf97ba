"""The document libraries load once in the background after the runtime is ready; a task waits for that
before its first step.

Two threads importing the same libraries at once can leave one of them half-initialised (seen with
openpyxl), so the window used to import them all before the runtime counted as ready, which kept a request
waiting a second or more after the window appeared. Now the runtime is ready at once, and only a task that
begins while the import is still running waits for it (a request sent in the first moment after start).
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)
_idle = threading.Event()
_idle.set()


def start(load: Callable[[], None], name: str = "mira-warmup") -> threading.Thread:
    """Run ``load`` in a background thread; :func:`wait` blocks until it has ended (also if it failed)."""
    _idle.clear()

    def run() -> None:
        try:
            load()
        except Exception:  # boundary: a library that fails to load is reported where it is used
            log.exception("background import failed")
        finally:
            _idle.set()

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread


def wait(timeout: float = 120.0) -> bool:
    """Block until no background import is running; False if it still runs after ``timeout`` seconds."""
    return _idle.wait(timeout)
