"""The offline planner: the embedded default model (:class:`~desktop.llm.offline.planner.OfflinePlanner`).

The planner lives in :mod:`desktop.llm.offline.planner` and loads on first use (PEP 562): a package that imports
its own submodules while it loads deadlocks with a thread that imports one of them first (each holds the lock the
other waits for; tests/test_import_graph.py). The first task builds the model in a worker thread while the window
reads the intents table for a card's quick actions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from desktop.llm.offline.planner import OfflinePlanner

__all__ = ["OfflinePlanner"]


def __getattr__(name: str) -> Any:
    if name != "OfflinePlanner":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from desktop.llm.offline.planner import OfflinePlanner

    globals()[name] = OfflinePlanner
    return OfflinePlanner
