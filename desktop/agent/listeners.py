"""Who hears the runtime's events: the subscriptions the reporter publishes to.

Apart from :mod:`desktop.agent.reporter` so that a window can subscribe when the runtime is made, before a
task needs the reporter (its prompts and event classes load with the first task)."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desktop.agent.events import Event

log = logging.getLogger("desktop.agent.reporter")

Listener = Callable[["Event"], None]


class Listeners:
    """The subscribers, in the order they subscribed; a broken one is logged and never breaks a task."""

    def __init__(self) -> None:
        self._subscribers: list[Listener] = []

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(event)`` for every event; returns the unsubscribe function."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def emit(self, event: Event) -> None:
        for callback in list(self._subscribers):
            try:
                callback(event)
            except Exception:  # boundary: a broken listener is logged and must not break the task
                log.exception("event subscriber failed on %s", type(event).__name__)
