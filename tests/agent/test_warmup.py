"""A task begun while the document libraries still import in the background waits for that import before
its first step (two threads importing them at once can leave one half-initialised)."""
from __future__ import annotations

import threading

from desktop.agent import warmup
from desktop.llm import Completion

from .conftest import Harness, run


def test_a_task_waits_for_the_background_import_then_runs(h: Harness) -> None:
    release, steps_seen = threading.Event(), []
    importing = warmup.start(lambda: (release.wait(10), None)[1])
    rt = h.runtime([Completion(text="Hello.")])

    def let_go() -> None:
        steps_seen.append(len(h.model.calls))  # how many model calls had happened while the import ran
        release.set()

    threading.Timer(0.3, let_go).start()
    task_id = run(rt.start_task(h.conv.id, "hi"))
    importing.join(5)
    assert steps_seen == [0]  # nothing ran before the import ended
    assert rt.task_status(task_id).status == "finished" and len(h.model.calls) == 1


def test_an_import_that_fails_does_not_block_tasks() -> None:
    def broken() -> None:
        raise ImportError("no such library")

    thread = warmup.start(broken)
    thread.join(5)
    assert warmup.wait(1)
