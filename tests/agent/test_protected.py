"""Protected steps: verification from disk, artifacts only from commands, wall-time budget, clean cancel."""
from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from desktop.agent import Budgets
from desktop.agent import events as ev
from desktop.messages import english
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from skills.runtime import ArtifactRecord, Command, CommandResult, Workspace

from .conftest import Harness, run
from .fakes import fake_skills

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))


def _liar(ws: Workspace, args: dict[str, Any]) -> CommandResult:
    with ws.publish(args["path"]) as staging:
        staging.write_text("real content", encoding="utf-8")
    return CommandResult(ok=True, message="wrote it", data={}, artifacts=(ArtifactRecord(path=args["path"], kind="txt", sha256="0" * 64, bytes=3),))


LIAR = Command(
    args_type=dict, name="liar_write", description="Writes but misreports.", input_schema={"type": "object", "properties": {"path": {"type": "string"}},
               "required": ["path"], "additionalProperties": False}, writes=True, run=_liar, target_arg="path")


def test_artifact_that_does_not_match_the_disk_is_never_committed(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(("s1", "liar_write", '{"path": "x.txt"}')),
                    tool_turn(("s2", "complete", '{"summary": "made x.txt", "artifacts": ["x.txt"]}')),
                    Completion(text="Sorry.")], skills=fake_skills(extra=[LIAR]))
    task_id = run(rt.start_task(h.conv.id, "write"))
    run(rt.approve(rt.task_status(task_id).pending_approval_id))
    result = json.loads(h.model.calls[2].messages[-1].content)
    assert result["ok"] is False and result["error"].startswith("verification failed: x.txt on disk")
    assert h.store.task_artifacts(task_id) == [] and not h.of(ev.ArtifactCommitted)
    assert h.store.task(task_id).packet.status == "failed"  # type: ignore[union-attr]


def test_an_artifact_named_only_in_model_text_is_not_delivered(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES),
                    tool_turn(("s1", "complete", '{"summary": "made report.docx", "artifacts": ["report.docx"]}')),
                    Completion(text="ok")])
    task_id = run(rt.start_task(h.conv.id, "write"))
    packet = h.store.task(task_id).packet
    assert packet is not None and packet.artifacts == () and "report.docx was not written by a command" in packet.summary
    assert h.store.task_artifacts(task_id) == []


def test_wall_time_budget_stops_the_task(h: Harness) -> None:
    class Stalling:
        name = label = "stall"

        async def stream(self, messages, tools):
            await asyncio.sleep(10)
            yield Completion(text="late")

    rt = h.runtime(budgets=Budgets(wall_seconds=0.2))
    rt.model_factory = Stalling
    task_id = run(rt.start_task(h.conv.id, "hi"))
    status = rt.task_status(task_id)
    assert status.status == "failed" and "time budget of 0.2 s" in status.error


def test_cancel_during_a_command_lets_it_finish_atomically_and_records_it(h: Harness) -> None:
    entered, release = threading.Event(), threading.Event()

    def slow_read(ws: Workspace, args: dict[str, Any]) -> CommandResult:
        entered.set()
        release.wait(5)
        return CommandResult(ok=True, message="read slowly")

    slow = Command(
        args_type=dict, name="slow_read", description="Slow.", input_schema={"type": "object", "additionalProperties": False}, writes=False, run=slow_read)
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(("s1", "slow_read", "{}"))], skills=fake_skills(extra=[slow]))

    async def scenario() -> str:
        start = asyncio.ensure_future(rt.start_task(h.conv.id, "write"))
        await asyncio.to_thread(entered.wait, 5)
        task_id = h.store.tasks()[-1].id
        rt.cancel(task_id)
        await asyncio.sleep(0)
        release.set()
        await asyncio.wait_for(start, 5)
        return task_id

    task_id = run(scenario())
    assert rt.task_status(task_id).status == "cancelled"
    [row] = [r for r in h.store.ledger(task_id) if r.tool_id == "slow_read"]
    assert row.state == "done" and row.result["message"] == "read slowly"
    assert english(h.store.message(rt.task_status(task_id).message_id).text).startswith("Stopped.")
