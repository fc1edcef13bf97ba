"""Live Qt objects that only Python's cycle collector would free (tests of what a closed view leaves)."""
from __future__ import annotations

import gc

import shiboken6
from PySide6.QtCore import QObject


def live_qt_objects_in_cycles() -> list[str]:
    """The classes of Python-owned Qt objects, still alive on the C++ side, that the next cycle
    collection would free, on whichever thread runs it (a pool thread: the wrong one for a UI-thread
    object). Found with DEBUG_SAVEALL, which keeps in ``gc.garbage`` what a collection would free."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return [type(o).__name__ for o in gc.garbage
                if isinstance(o, QObject) and shiboken6.isValid(o) and shiboken6.ownedByPython(o)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()
