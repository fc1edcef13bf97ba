"""Follow-up overhead: a turn in a conversation of 50 earlier turns and 20 artifacts (with versions and their
files in the working folder) against the same turn as the first of a new conversation, measured in the same
run (medians of interleaved runs). Overhead = task wall time minus the time inside model and command calls,
so what is compared is what the runtime adds: the context (history compaction, folder listing, artifacts
and versions), the transcript and the ledger."""
from __future__ import annotations

import asyncio
import hashlib
import json
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from bench._common import Row
from bench.bench_agent_overhead import _noop_command, _TimedModel, _Timer

EARLIER_TURNS = 50
ARTIFACTS = 20
REPEAT = 7


def _steps() -> list:
    from desktop.llm import Completion
    from desktop.llm.scripted import tool_turn

    return [tool_turn(("m1", "run_skill", json.dumps({"skill_id": "bench", "goal": "go"}))),
            tool_turn(("s1", "noop", json.dumps({"n": 1}))),
            tool_turn(("done", "complete", json.dumps({"summary": "ok"}))), Completion(text="Finished.")]


def _history(store, conv_id: str, folder: Path) -> None:
    """50 earlier turns and 20 artifacts (every other one with a second version), files on disk."""
    from desktop.store import NewArtifact

    folder.mkdir(parents=True, exist_ok=True)
    store.set_conversation_folder(conv_id, str(folder))
    for n in range(EARLIER_TURNS):
        store.add_message(conv_id, "user", f"Request {n}: please change the report " + "with some detail " * 12)
        reply = store.add_message(conv_id, "assistant", f"Made the change {n}. " + "Explained at length. " * 15)
        if n < ARTIFACTS:
            task_id = uuid.uuid4().hex
            store.create_task(task_id=task_id, conversation_id=conv_id, message_id=reply.id, request="r",
                              flow_id="f", flow_version=1, build_identity="b", workspace=str(folder), budgets={})
            rel = f"file-{n}.docx"
            for v in range(1 + n % 2):
                data = f"content {n} v{v}".encode() * 200
                (folder / rel).write_bytes(data)
                sha = hashlib.sha256(data).hexdigest()
                art = store.commit_artifact(
                    artifact_id=uuid.uuid4().hex,
                    task_id=task_id,
                    conversation_id=conv_id,
                    new=NewArtifact(
                        path=str(folder / rel),
                        workspace_path=rel,
                        kind="docx",
                        title=rel,
                        sha256=sha,
                        bytes=len(data),
                        tool_call_id="c",
                        evidence={"checks": [{"name": "opens", "status": "passed"}]},
                    ),
                )
                store.add_version(conversation_id=conv_id, path=rel, sha256=sha, bytes=len(data),
                                  artifact_id=art.id, task_id=task_id, change=f"edit {v}")


def _one(tmp: Path, follow_up: bool) -> tuple[float, int]:
    from desktop.agent import AgentRuntime, SkillInfo, StaticSkills
    from desktop.llm.scripted import ScriptedModel
    from desktop.store import Store

    timer = _Timer()
    skills = StaticSkills({"bench": (SkillInfo(id="bench", name="bench", description="bench", commands=("noop",), execution={"max_steps": 100}),
                                     "Call noop, then complete.")}, {"noop": _noop_command(timer)}, "bench")
    store = Store(tmp / "mira.sqlite3")
    conv = store.create_conversation("bench")
    if follow_up:
        _history(store, conv.id, tmp / "root" / "bench")
    model = _TimedModel(ScriptedModel(_steps()), timer)
    rt = AgentRuntime(store, lambda: model, tmp / "root", skills=skills)
    t0 = time.perf_counter()
    task_id = asyncio.run(rt.start_task(conv.id, "now change the title"))
    total = time.perf_counter() - t0
    assert store.task(task_id).status == "finished", store.task(task_id)
    shown = len(store.transcript(task_id, "main"))
    store.close()
    return (total - timer.inside) * 1000, shown


def run() -> list[Row]:
    firsts, follows = [], []
    shown = 0
    for _ in range(REPEAT):  # interleaved, so drift on a shared machine hits both alike
        with tempfile.TemporaryDirectory(prefix="mira-bench-conv-") as tmp:
            firsts.append(_one(Path(tmp), False)[0])
        with tempfile.TemporaryDirectory(prefix="mira-bench-conv-") as tmp:
            value, shown = _one(Path(tmp), True)
            follows.append(value)
    first, follow = statistics.median(firsts), statistics.median(follows)
    return [Row(name=f"Follow-up turn overhead, {EARLIER_TURNS} earlier turns and {ARTIFACTS} artifacts",
                value=round(follow, 2), baseline=round(first, 2), unit="ms",
                baseline_name="the same turn as the first of a new conversation", target="< 2x baseline",
                target_ratio=2.0, note=f"main transcript of the follow-up: {shown} entries (context message + turns "
                "kept in full within the budget)")]


if __name__ == "__main__":
    for row in run():
        print(row, f"ratio {row.ratio:.2f}")
