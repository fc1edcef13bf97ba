"""The whole flow with a scripted model: plan → skill agent → approval → verified artifact → delivery."""
from __future__ import annotations

import json

from desktop.agent import events as ev
from desktop.agent.tools import MAIN_TOOLS
from desktop.llm import Completion
from desktop.messages import english
from desktop.llm.scripted import tool_turn
from skills.runtime import Change

from .conftest import Harness, run
from .fakes import BODY, read

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write hello"}))
WRITE = ("s1", "note_write", json.dumps({"path": "hello.txt", "text": "Hello 世界"}))
COMPLETE = ("s2", "complete", json.dumps({"summary": "wrote hello.txt", "artifacts": ["hello.txt"]}))


def test_write_pauses_then_approve_runs_once_and_delivers(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(WRITE), tool_turn(COMPLETE),
                    Completion(text="Here is **hello.txt**.")])
    task_id = run(rt.start_task(h.conv.id, "make a hello note"))
    status = rt.task_status(task_id)
    assert status.status == "paused" and status.pending_approval_id
    ws = h.ws(task_id)
    assert not (ws / "hello.txt").exists()  # nothing is written before approval
    [req] = h.of(ev.ApprovalRequested)
    assert req.tool == "note_write" and req.target_path == "hello.txt"
    assert english(req.summary) == "Writes hello.txt" and req.changes[0] == Change(before="", after="Hello 世界")
    msg = h.store.message(status.message_id)
    assert [e.kind for e in msg.extensions] == ["approval/txt"]

    run(rt.approve(status.pending_approval_id))
    status = rt.task_status(task_id)
    assert status.status == "finished" and status.outcome == "completed"
    assert read(ws / "hello.txt") == "Hello 世界"
    [art] = h.of(ev.ArtifactCommitted)
    assert art.workspace_path == "hello.txt" and art.evidence is not None and art.evidence.passed
    kept = h.store.evidence(art.artifact_id)
    assert kept is not None and kept.checks[1].name == "content present"
    msg = h.store.message(status.message_id)
    assert msg.text == "Here is **hello.txt**." and msg.status == "done"
    assert [e.kind for e in msg.extensions] == ["approval/txt", "txt"]
    assert h.of(ev.TaskFinished)[0].text == "Here is **hello.txt**."

    calls = h.model.calls
    # main agent: only the generic tools; skill agent: exactly its commands + read-only tools + complete
    assert [t.name for t in calls[0].tools] == [t.name for t in MAIN_TOOLS]
    assert [t.name for t in calls[1].tools] == ["note_write", "note_read", "list_workspace",
                                                "read_workspace_file", "complete"]
    assert calls[1].messages[0].content == BODY and calls[1].messages[1].content == "write hello"
    # the same skill agent continued from the checkpoint: its history holds the real result at that call
    resumed = calls[2].messages
    assert resumed[:2] == calls[1].messages and resumed[2].tool_calls[0].id == "s1"
    assert len(resumed) == 4 and resumed[3].tool_call_id == "s1"
    assert json.loads(resumed[3].content)["ok"] is True
    # generate: tools closed, the packet as the last message
    assert calls[3].tools == ()
    assert calls[3].messages[1].content == "make a hello note"
    packet = json.loads(calls[3].messages[2].content.removeprefix("FINALIZATION PACKET\n"))
    assert packet["status"] == "completed" and packet["artifacts"][0]["path"] == "hello.txt"
    assert packet["evidence"][0]["passed"] is True
    ledger = h.store.ledger(task_id)
    assert [r.state for r in ledger if r.tool_id == "note_write"] == ["done"]
    assert [c.state for c in h.store.model_calls(task_id)] == ["done"] * 4


def test_deny_writes_denial_at_the_call_and_continues(h: Harness) -> None:
    stop = Completion(text="The user said no; stopping.")
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(WRITE), stop, Completion(text="Nothing was written.")])
    task_id = run(rt.start_task(h.conv.id, "make a hello note"))
    approval_id = rt.task_status(task_id).pending_approval_id
    run(rt.deny(approval_id))
    status = rt.task_status(task_id)
    assert status.status == "finished" and status.outcome == "denied"
    assert not (h.ws(task_id) / "hello.txt").exists()
    denied = h.model.calls[2].messages[-1]
    assert denied.role == "tool" and denied.tool_call_id == "s1"
    assert json.loads(denied.content) == {"ok": False, "denied": True, "message": "denied by the user"}
    packet = json.loads(h.model.calls[3].messages[2].content.split("\n", 1)[1])
    assert packet["status"] == "denied" and packet["artifacts"] == []
    assert h.store.approval(approval_id).state == "denied"
    assert [e.approved for e in h.of(ev.ApprovalDecided)] == [False]


def test_no_runtime_command_is_ever_a_main_agent_tool() -> None:
    from skills.runtime import all_commands

    from desktop.agent.tools import MAIN_TOOLS as TOOLS

    commands = set(all_commands())
    assert commands, "the built-in office commands are registered"
    assert not commands & {t.name for t in TOOLS}
    assert {t.name for t in TOOLS} == {"load_skill", "run_skill", "list_workspace", "read_workspace_file"}


def test_real_catalog_skill_agent_surface_is_exactly_its_commands(h: Harness) -> None:
    from desktop.agent import CatalogSkills

    skills = CatalogSkills()
    rt = h.runtime([tool_turn(("m1", "run_skill", json.dumps({"skill_id": "docx", "goal": "inspect nothing"}))),
                    Completion(text="I stop."), Completion(text="Nothing made.")], skills=skills)
    task_id = run(rt.start_task(h.conv.id, "hello"))
    assert rt.task_status(task_id).status == "finished"
    main_tools, skill_tools = h.model.calls[0].tools, h.model.calls[1].tools
    assert skills.summaries() in h.model.calls[0].messages[0].content
    # Its own commands, the working-folder commands every format skill has, the read tools and complete.
    expected = [*skills.skill("docx").commands, "version_restore", "export_pdf", "list_workspace",
                "read_workspace_file", "complete", "skill_details"]
    assert [t.name for t in skill_tools] == expected
    assert not {t.name for t in main_tools} & set(skills.skill("docx").commands)
    from skills.catalog import load_body

    from desktop.agent.details import split_details

    core, details = split_details(load_body("docx"), skills.skill("docx").commands)
    assert h.model.calls[1].messages[0].content == core and "docx_create" in details


def test_complete_naming_the_file_by_another_spelling_still_delivers_it(h: Harness) -> None:
    # Models write "./hello.txt" or "sub//x.txt" as often as "hello.txt": same file, same delivery.
    complete = ("s2", "complete", json.dumps({"summary": "wrote it", "artifacts": ["./hello.txt"]}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(WRITE), tool_turn(complete), Completion(text="Done.")])
    task_id = run(rt.start_task(h.conv.id, "make a hello note"))
    run(rt.approve(rt.task_status(task_id).pending_approval_id))
    status = rt.task_status(task_id)
    assert status.status == "finished" and status.outcome == "completed"
    assert [a.workspace_path for a in h.store.task_artifacts(task_id)] == ["hello.txt"]
    assert "not written by a command" not in h.store.task(task_id).packet.summary  # type: ignore[union-attr]
