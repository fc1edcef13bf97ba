"""Agent overhead per turn: a full task with a scripted model and a no-op command, minus the time spent
inside model and command calls. Baseline: the same scripted model and command calls, run raw."""
from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from bench._common import Row

TURNS_IN_SKILL = 20  # no-op command turns inside the skill agent
REPEAT = 5


def _steps() -> list:
    from desktop.llm import Completion
    from desktop.llm.scripted import tool_turn

    steps = [tool_turn(("m1", "run_skill", json.dumps({"skill_id": "bench", "goal": "go"})))]
    steps += [tool_turn((f"s{i}", "noop", json.dumps({"n": i}))) for i in range(TURNS_IN_SKILL)]
    steps += [tool_turn(("done", "complete", json.dumps({"summary": "ok"}))), Completion(text="Finished.")]
    return steps


class _Timer:
    def __init__(self) -> None:
        self.inside = 0.0


def _noop_command(timer: _Timer):
    from skills.runtime import Command, CommandResult

    def run(ws, args):
        t0 = time.perf_counter()
        result = CommandResult(ok=True, message="nothing to do", data={"n": args["n"]})
        timer.inside += time.perf_counter() - t0
        return result

    return Command(args_type=dict, name="noop", description="Do nothing.", input_schema={"type": "object", "properties": {"n": {"type": "integer"}},
                                           "required": ["n"], "additionalProperties": False}, writes=False, run=run)


class _TimedModel:
    """Wraps the scripted model and adds up the time spent inside its stream."""

    name = "scripted"
    label = "scripted"

    def __init__(self, inner, timer: _Timer) -> None:
        self.inner, self.timer = inner, timer

    async def stream(self, messages: Sequence, tools: Sequence) -> AsyncIterator:
        it = self.inner.stream(messages, tools).__aiter__()
        while True:
            t0 = time.perf_counter()
            try:
                event = await it.__anext__()
            except StopAsyncIteration:
                self.timer.inside += time.perf_counter() - t0
                return
            self.timer.inside += time.perf_counter() - t0
            yield event


def _one_task(tmp: Path) -> tuple[float, float, int]:
    from desktop.agent import AgentRuntime, SkillInfo, StaticSkills
    from desktop.llm.scripted import ScriptedModel
    from desktop.store import Store

    timer = _Timer()
    skills = StaticSkills({"bench": (SkillInfo(id="bench", name="bench", description="bench", commands=("noop",), execution={"max_steps": 100}),
                                     "Call noop, then complete.")}, {"noop": _noop_command(timer)}, "bench")
    store = Store(tmp / "mira.sqlite3")
    model = _TimedModel(ScriptedModel(_steps()), timer)
    rt = AgentRuntime(store, lambda: model, tmp / "ws", skills=skills)
    conv = store.create_conversation("bench")
    t0 = time.perf_counter()
    task_id = asyncio.run(rt.start_task(conv.id, "go"))
    total = time.perf_counter() - t0
    turns = len(store.model_calls(task_id))
    assert store.task(task_id).status == "finished", store.task(task_id)
    store.close()
    return total, timer.inside, turns


def _raw() -> tuple[float, int]:
    """The same model turns and command calls, no runtime: the baseline."""
    from desktop.llm import Completion
    from desktop.llm.scripted import ScriptedModel
    from skills.runtime import Workspace

    timer = _Timer()
    cmd = _noop_command(timer)
    model = ScriptedModel(_steps())
    ws = Workspace(tempfile.mkdtemp(prefix="mira-bench-raw-"))

    async def go() -> int:
        turns = 0
        while model.remaining:
            async for event in model.stream([], []):
                if isinstance(event, Completion):
                    turns += 1
                    for call in event.tool_calls:
                        if call.name == "noop":
                            cmd.run(ws, json.loads(call.arguments))
        return turns

    t0 = time.perf_counter()
    turns = asyncio.run(go())
    return time.perf_counter() - t0, turns


def _measure(tmp_root: str | None) -> tuple[float, float]:
    overheads, raws = [], []
    for _ in range(REPEAT):
        with tempfile.TemporaryDirectory(prefix="mira-bench-agent-", dir=tmp_root) as tmp:
            total, inside, turns = _one_task(Path(tmp))
        overheads.append((total - inside) / turns * 1000)
        raw_total, raw_turns = _raw()
        raws.append(raw_total / raw_turns * 1000)
    return statistics.median(overheads), statistics.median(raws)


def _commit_latency(tmp_root: str | None) -> float:
    """One durable SQLite commit (WAL, synchronous=FULL) on that file system, in ms: what fsync costs here."""
    import sqlite3

    with tempfile.TemporaryDirectory(dir=tmp_root) as tmp:
        conn = sqlite3.connect(Path(tmp) / "c.sqlite3", isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE t(x)")
        t0 = time.perf_counter()
        for i in range(20):
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO t VALUES (?)", (i,))
            conn.execute("COMMIT")
        conn.close()
        return (time.perf_counter() - t0) / 20 * 1000


def run() -> list[Row]:
    rows = []
    name = f"Agent overhead per turn (scripted model, no-op command, {TURNS_IN_SKILL + 3} turns)"
    shm = "/dev/shm" if Path("/dev/shm").is_dir() else None
    for label, root in (("store on disk", None), ("store on RAM disk", shm)):
        if label == "store on RAM disk" and root is None:
            continue
        value, baseline = _measure(root)
        rows.append(Row(name=f"{name}, {label}", value=round(value, 3), baseline=round(baseline, 3), unit="ms",
                        baseline_name="raw scripted model + command calls, no runtime",
                        target="< 5 ms per turn", met=value < 5.0,
                        note=("task wall time minus time inside model and command calls, per model turn; "
                              f"~3 durable commits per turn, one commit here = {_commit_latency(root):.2f} ms")))
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
