"""The contract every ``bench/bench_*.py`` module follows.

A module defines ``run() -> list[Row]``. Raise :class:`Skip` with the reason when
something it needs is missing (e.g. LibreOffice). Baselines are measured in the
same run, never hard-coded, and never tuned.
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


class Skip(Exception):
    """The benchmark cannot run here; the message says why."""


@dataclass(frozen=True)
class Row:
    name: str  # e.g. "DOCX create+verify, 50 pages"
    value: float  # what Mira measured
    baseline: float  # the baseline measured in the same run
    unit: str  # "s", "ms", "MB", "widgets", ...
    baseline_name: str  # e.g. "raw python-docx, same content"
    target: str  # human text, e.g. "<= 2x baseline"
    target_ratio: float | None = None  # ratio = value / baseline must be <= this; None if absolute
    met: bool | None = None  # set for absolute targets; computed from ratio otherwise
    note: str = ""

    @property
    def ratio(self) -> float:
        return self.value / self.baseline if self.baseline else float("inf")

    @property
    def ok(self) -> bool | None:
        if self.met is not None:
            return self.met
        if self.target_ratio is None:
            return None
        return self.ratio <= self.target_ratio


def timeit(fn: Callable[[], object], *, repeat: int = 3) -> float:
    """Median wall time of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)
