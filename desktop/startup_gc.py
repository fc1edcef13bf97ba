"""Python's cyclic garbage collector is off while the window starts, and back on once the agent is ready.

The start allocates the objects of some 300 modules and makes almost no garbage cycles, yet the
collector ran ~90 times over them (~7 ms before the first frame, ~11 ms before a request could start,
bench/bench_startup.py). :func:`pause` turns it off when the window is asked for; :func:`resume` turns
it back on once a request could start (or when the start gave up), after freezing what the start made:
those objects live as long as the app, and later collections need not scan them again.
"""
from __future__ import annotations

import gc

_paused = [False]


def pause() -> None:
    if gc.isenabled():
        gc.disable()
        _paused[0] = True


def resume() -> None:
    """Collect again (only if :func:`pause` turned collection off; calling it twice is harmless)."""
    if _paused[0]:
        _paused[0] = False
        gc.freeze()
        gc.enable()
