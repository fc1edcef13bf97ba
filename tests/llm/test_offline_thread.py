"""The offline planner decides off the event loop's thread (in the app that thread draws the window)."""
from __future__ import annotations

import asyncio
import threading

from desktop.llm import ChatMessage, Completion, TextChunk
from desktop.llm.offline import OfflinePlanner


def test_the_decision_runs_in_a_worker_and_the_stream_replays_it() -> None:
    planner = OfflinePlanner()
    seen: list[threading.Thread] = []
    real = planner.decide

    def decide(messages, tools):  # type: ignore[no-untyped-def]
        seen.append(threading.current_thread())
        return real(messages, tools)

    planner.decide = decide  # type: ignore[method-assign]

    async def run() -> tuple[list[object], threading.Thread]:
        events = [e async for e in planner.stream([ChatMessage(role="user", content="hello")], [])]
        return events, threading.current_thread()

    events, loop_thread = asyncio.run(run())
    assert seen and seen[0] is not loop_thread
    assert isinstance(events[-1], Completion) and events[-1].text
    assert "".join(e.text for e in events if isinstance(e, TextChunk)) == events[-1].text
