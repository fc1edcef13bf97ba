"""The conversation reaches the main agent (history within budget, folder files, artifacts with versions);
writes over existing files make versions; every target of a frozen write is fingerprinted."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desktop.agent import ApprovalError, context
from desktop.agent.context import CONTEXT_PREFIX, estimate_tokens
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn
from skills.runtime import ArtifactRecord, Command, CommandResult, Workspace
from skills.runtime.workspace import sha256_file

from .conftest import Harness, run, seen
from .fakes import fake_skills

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))


def _write_turn(rt_h: Harness, text: str, request: str) -> str:
    write = ("s1", "note_write", json.dumps({"path": "a.txt", "text": text, "overwrite": True}))
    done = ("s2", "complete", json.dumps({"summary": "ok", "artifacts": ["a.txt"]}))
    rt = rt_h.runtime([tool_turn(RUN_NOTES), tool_turn(write), tool_turn(done), Completion(text="Done.")])
    task_id = run(rt.start_task(rt_h.conv.id, request))
    run(rt.approve(rt.task_status(task_id).pending_approval_id or ""))
    assert rt.task_status(task_id).status == "finished"
    return task_id


def _context_of(messages: Any) -> dict[str, Any]:
    [ctx] = [m for m in messages if m.role == "user" and m.content.startswith(CONTEXT_PREFIX)]
    return json.loads(ctx.content[len(CONTEXT_PREFIX):])


def test_history_files_and_versions_reach_the_main_model_within_budget(h: Harness) -> None:
    first = _write_turn(h, "one", "remember the apples")
    folder = h.ws(first)
    (folder / "data.csv").write_text("a,b\n1,2\n", encoding="utf-8")  # the user drops a file in the folder
    second = _write_turn(h, "two", "now write two")
    assert h.ws(second) == folder  # one working folder for the whole conversation
    rt = h.runtime([Completion(text="It is a.txt, now v2.")])
    run(rt.start_task(h.conv.id, "which file did you change?"))
    messages = h.model.calls[0].messages
    data = _context_of(messages)
    assert {f["path"] for f in data["working_folder"]["files"]} == {"a.txt", "data.csv"}
    [art] = data["artifacts"]
    assert art["path"] == "a.txt" and art["version"] == 2 and [v["version"] for v in art["versions"]] == [1, 2]
    assert art["evidence"] == "2 checks passed" and art["sha256"] == sha256_file(folder / "a.txt")
    shown = [m.content for m in messages[1:-1]]  # between the system prompt and this request
    assert "remember the apples" in shown and "now write two" in shown
    assert messages[-1].content == "which file did you change?"
    assert sum(estimate_tokens(c) for c in shown) <= rt.context_budget


def test_a_long_history_is_compacted_with_a_marker_never_silently(h: Harness) -> None:
    for n in range(40):
        h.store.add_message(h.conv.id, "user", f"request {n}: " + "words " * 40)
        h.store.add_message(h.conv.id, "assistant", f"answer {n}: " + "more " * 40)
    model_budget = 600
    rt = h.runtime([Completion(text="ok")])
    rt.context_budget = model_budget
    run(rt.start_task(h.conv.id, "and now?"))
    messages = h.model.calls[0].messages
    shown = [m.content for m in messages[1:-1]]
    assert sum(estimate_tokens(c) for c in shown) <= model_budget
    turns = _context_of(messages)["earlier_turns"]
    assert turns["total"] == 40
    folded = 40 - turns["shown_in_full"] - turns["summarised"]
    assert folded > 0 and turns["marker"].startswith(f"[{folded} earliest turns (1–{folded})")
    assert turns["summaries"][0]["turn"] == folded + 1  # summaries continue right after the marker
    assert "answer 39" in shown[-1]  # the newest turn is shown in full


def test_compaction_at_the_budget_edge(h: Harness, tmp_path: Path) -> None:
    for n in range(6):
        h.store.add_message(h.conv.id, "user", f"request {n} " + "x" * 400)
        h.store.add_message(h.conv.id, "assistant", f"answer {n} " + "y" * 400)
    folder = tmp_path / "f"
    folder.mkdir()
    everything = context.build(h.store, h.conv.id, folder, budget=100_000)
    assert everything.full == 6 and everything.folded == 0
    low, high = everything.tokens, 100_000  # the smallest budget that still shows all six turns in full
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if context.build(h.store, h.conv.id, folder, budget=mid).full == 6 else (mid + 1, high)
    edge = low
    fits = context.build(h.store, h.conv.id, folder, budget=edge)
    one_less = context.build(h.store, h.conv.id, folder, budget=edge - 1)
    assert fits.full == 6 and fits.tokens <= edge
    # One token less: the newest turns stay in full, every older one becomes a summary, none is lost.
    assert 0 < one_less.full < 6 and one_less.summarised == 6 - one_less.full and one_less.folded == 0
    assert one_less.tokens <= edge - 1
    assert one_less.data["earlier_turns"]["summaries"][0]["summary"].startswith("asked: request 0")
    # Deterministic: the same conversation gives the same context.
    assert context.build(h.store, h.conv.id, folder, budget=edge - 1).messages == one_less.messages
    tiny = context.build(h.store, h.conv.id, folder, budget=150)
    assert tiny.full == 0 and tiny.folded >= 1 and "marker" in tiny.data["earlier_turns"]


def _copy(ws: Workspace, args: dict[str, Any]) -> CommandResult:
    text = ws.resolve(args["path"], must_exist=True).read_text(encoding="utf-8")
    with ws.publish(args["output"]) as staging:
        staging.write_text(text.upper(), encoding="utf-8")
    out = ws.resolve(args["output"])
    return CommandResult(ok=True, message="copied", data={}, artifacts=(ArtifactRecord(path=args["output"], kind="txt", sha256=sha256_file(out),
                                                             bytes=out.stat().st_size),))


NOTE_COPY = Command(args_type=dict, name="note_copy", description="Copy a note in capitals.", input_schema={
    "type": "object", "properties": {"path": {"type": "string"}, "output": {"type": "string"}},
    "required": ["path", "output"], "additionalProperties": False}, writes=True, run=_copy, target_arg="path")


def test_an_output_created_after_freezing_is_refused(h: Harness) -> None:
    first = _write_turn(h, "source", "write a")
    copy = ("s1", "note_copy", json.dumps({"path": "a.txt", "output": "b.txt"}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(copy), Completion(text="stop"), Completion(text="Not done.")],
                   skills=fake_skills(extra=[NOTE_COPY]))
    task_id = run(rt.start_task(h.conv.id, "copy it"))
    approval_id = rt.task_status(task_id).pending_approval_id or ""
    targets = {t.path: t for t in h.store.approval_targets(approval_id)}
    assert targets["b.txt"].sha256 == "" and targets["a.txt"].replaces_version == 1
    (h.ws(first) / "b.txt").write_text("the user's own b", encoding="utf-8")  # created after freezing
    with pytest.raises(ApprovalError, match="changed since"):
        run(rt.approve(approval_id))
    assert (h.ws(first) / "b.txt").read_text(encoding="utf-8") == "the user's own b"


def test_private_version_area_is_out_of_reach(h: Harness) -> None:
    first = _write_turn(h, "one", "write a")
    assert (h.ws(first) / ".mira" / "objects").is_dir()
    steal = ("s1", "note_write", json.dumps({"path": ".mira/objects/x.txt", "text": "evil"}))
    peek = ("m0", "read_workspace_file", json.dumps({"path": ".mira/objects"}))
    rt = h.runtime([tool_turn(peek), tool_turn(RUN_NOTES), tool_turn(steal), Completion(text="stop"), Completion(text="x")])
    task_id = run(rt.start_task(h.conv.id, "try"))
    results = [json.loads(e.message["content"]) for e in h.store.transcript(task_id, "main")
               if e.message.get("role") == "tool"]
    assert "private version area" in seen(results[0])
    skill = [json.loads(e.message["content"]) for e in h.store.transcript(task_id, "skill:notes")
             if e.message.get("role") == "tool"]
    assert "private version area" in seen(skill[0]) and not h.store.approvals(task_id)


def test_a_user_file_written_over_keeps_its_bytes_as_v1(h: Harness) -> None:
    folder = Path(h.root) / "mine"
    from desktop.agent import workfolder

    workfolder.choose(h.store, h.conv.id, folder)
    (folder / "a.txt").write_text("the user's original", encoding="utf-8")
    task_id = _write_turn(h, "rewritten", "rewrite a")
    versions = h.store.versions(h.conv.id, "a.txt")
    assert [v.version for v in versions] == [1, 2] and versions[0].artifact_id is None
    from skills.runtime import versions as kept

    assert kept.read(folder, versions[0].sha256) == "the user's original".encode()
    assert h.store.artifact_version(h.store.task_artifacts(task_id)[0].id).version == 2
