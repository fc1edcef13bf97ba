"""Mira Desktop: the composition root (app, window, agent runtime, store, models)."""
from __future__ import annotations

# A constant, not an importlib.metadata lookup: that lookup costs ~20 ms at every start
# (it imports email and friends). tests/test_entry_point.py keeps it equal to pyproject's.
__version__ = "0.1.0"
