"""The runtime executes the declared flow through registered processors; a task records the flow's id,
version and hash and refuses to continue under another."""
from __future__ import annotations

import json

import pytest

from desktop.agent import ApprovalError
from desktop.agent.flows import CALL_PROCESSORS, FlowError, FlowRunner
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from skills.flow import PROCESSORS, Flow, default_flow, parse_flow

from .conftest import Harness, run
from .fakes import fake_skills, read

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))
WRITE = ("s1", "note_write", json.dumps({"path": "a.txt", "text": "new"}))
FINISH = [tool_turn(("s2", "complete", json.dumps({"summary": "ok", "artifacts": ["a.txt"]}))), Completion(text="Done.")]


def _variant() -> Flow:
    """The packaged pipeline with other words in it: same id and version, another hash."""
    text = default_flow().to_dict()
    steps = "".join(f"  - {{id: {s['id']}, processor: {s['processor']}, after: {json.dumps(s['after'])}, "
                    f"description: changed}}\n" for s in text["steps"])
    return parse_flow(f"id: {text['id']}\nversion: {text['version']}\nsteps:\n{steps}", "variant.yaml")


def test_every_registered_processor_is_bound_and_nothing_else() -> None:
    runner = FlowRunner(default_flow(), {"commit_evidence": _noop, "generate_delivery": _noop})
    assert runner.flow.id == "skill-pipeline"
    bound = {*CALL_PROCESSORS, "commit_evidence", "generate_delivery"}
    assert bound == set(PROCESSORS)


async def _noop(_st: object) -> None:
    return None


def test_a_step_whose_processor_this_mira_cannot_run_is_refused() -> None:
    flow = default_flow()
    with pytest.raises(FlowError, match="step deliver: processor generate_delivery is not implemented"):
        FlowRunner(flow, {"commit_evidence": _noop})


def test_the_task_records_the_flow_it_started_under(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(WRITE)])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    task = h.store.task(task_id)
    flow = default_flow()
    assert (task.flow_id, task.flow_version, task.flow_sha256) == (flow.id, flow.version, flow.sha256)


def test_a_paused_task_does_not_continue_under_another_flow(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(WRITE), *FINISH])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id
    other = h.runtime(FINISH, skills=fake_skills_with(_variant()))
    with pytest.raises(ApprovalError, match="started under flow skill-pipeline v2 .*this Mira runs"):
        run(other.approve(approval_id))
    assert h.store.approval(approval_id).state == "pending"
    assert not (h.ws(task_id) / "a.txt").exists()
    run(rt.approve(approval_id))  # the same flow goes on
    assert read(h.ws(task_id) / "a.txt") == "new"


def test_a_running_task_is_not_resumed_under_another_flow(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(WRITE)])
    task_id = run(rt.start_task(h.conv.id, "write a"))
    h.store.update_task(task_id, status="running")  # as if a crash came while it ran
    other = h.runtime(FINISH, skills=fake_skills_with(_variant()))
    report = run(other.recover())
    assert h.store.task(task_id).status == "failed"
    assert any("started under flow" in line for line in report)


def fake_skills_with(flow: Flow):
    skills = fake_skills()
    skills.flow = flow
    return skills
