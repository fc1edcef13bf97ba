"""Tool surfaces, bad model output, budgets, closed generate step, cancel, attachments."""
from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from desktop.agent import Budgets
from desktop.agent import events as ev
from desktop.messages import english
from desktop.llm import ChatMessage, Completion, ModelError, TextChunk, ToolSpec
from desktop.llm.scripted import tool_turn

from .conftest import Harness, run, seen
from .fakes import ROUTER

RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))
COMPLETE = ("s9", "complete", json.dumps({"summary": "done", "artifacts": []}))


def _tool_results(h: Harness, call_index: int) -> list[dict]:
    return [json.loads(m.content) for m in h.model.calls[call_index].messages if m.role == "tool"]


def test_bad_output_becomes_tool_errors_the_model_sees(h: Harness) -> None:
    rt = h.runtime([
        tool_turn(("m1", "docx_create", '{"path": "x.docx"}'),  # a runtime command, outside the main surface
                  ("m2", "list_workspace", "{not json"),
                  ("m3", "no_such_tool", "{}"),
                  ("m4", "read_workspace_file", '{"path": "../etc/passwd"}'),
                  ("m5", "run_skill", '{"skill_id": "router", "goal": "x"}')),
        Completion(text="I cannot do that."),
    ])
    task_id = run(rt.start_task(h.conv.id, "hi"))
    errors = [seen(r) for r in _tool_results(h, 1)]
    assert "'docx_create' is not a tool you can call" in errors[0] and "run_skill" in errors[0]
    assert "not valid JSON" in errors[1]
    assert "'no_such_tool' is not a tool" in errors[2]
    assert "leaves the workspace" in errors[3]
    assert "instruction-only" in errors[4]
    status = rt.task_status(task_id)
    assert status.status == "finished" and h.store.message(status.message_id).text == "I cannot do that."
    assert all(not isinstance(e, ev.ApprovalRequested) for e in h.events)


def test_schema_violation_is_refused_before_approval_is_requested(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES),
                    tool_turn(("s1", "note_write", '{"path": "a.txt"}'),
                              ("s2", "note_write", '{"path": "a.txt", "text": "x", "extra": 1}')),
                    tool_turn(COMPLETE), Completion(text="Nothing made.")])
    task_id = run(rt.start_task(h.conv.id, "write"))
    errors = [seen(r) for r in _tool_results(h, 2)]
    assert "'text' is a required property" in errors[0]
    assert "Additional properties" in errors[1]
    assert not h.store.approvals(task_id)
    assert rt.task_status(task_id).status == "finished"


def test_load_skill_appends_the_body_and_prepares_nothing(h: Harness) -> None:
    rt = h.runtime([tool_turn(("m1", "load_skill", '{"skill_id": "router"}')), Completion(text="Use notes.")])
    task_id = run(rt.start_task(h.conv.id, "which skill?"))
    tool_msg = [m for m in h.model.calls[1].messages if m.role == "tool"]
    assert [m.content for m in tool_msg] == [ROUTER]
    assert [r.tool_id for r in h.store.ledger(task_id)] == ["load_skill"]
    assert h.store.transcript(task_id, "skill:router") == []
    assert h.store.task(task_id).skill_id is None and not h.store.approvals(task_id)


def test_repeated_call_and_budgets_stop_with_an_explanation(h: Harness) -> None:
    same = [tool_turn((f"m{i}", "list_workspace", "{}")) for i in range(10)]  # new ids, same call
    rt = h.runtime(same, budgets=Budgets(model_calls=4, tool_calls=50))
    task_id = run(rt.start_task(h.conv.id, "loop forever"))
    results = _tool_results(h, 3)
    assert "already called 2 times with exactly these arguments" in results[-1]["error"]
    status = rt.task_status(task_id)
    assert status.status == "failed" and "budget of 4 model calls" in status.error
    assert h.of(ev.TaskFailed)[0].error == status.error
    calls = h.store.model_calls(task_id)
    assert len(calls) == 4 and all(c.budget == 4 for c in calls)


def test_skill_step_budget_ends_in_generate_with_failed_status(h: Harness) -> None:
    read = tool_turn(("s1", "list_workspace", '{"path": ""}'))
    read2 = tool_turn(("s2", "read_workspace_file", '{"path": "missing.md"}'))
    rt = h.runtime([tool_turn(RUN_NOTES), read, read2, Completion(text="Could not finish.")],
                   skills=_skills(max_steps=2))
    task_id = run(rt.start_task(h.conv.id, "write"))
    packet = json.loads(h.model.calls[-1].messages[-1].content.split("\n", 1)[1])
    assert packet["status"] == "failed" and "all 2 steps" in packet["summary"]
    assert rt.task_status(task_id).status == "finished"


def _skills(**kw: object):
    from .fakes import fake_skills

    return fake_skills(**kw)


def test_generate_cannot_call_tools_and_nothing_runs_after_complete(h: Harness) -> None:
    write = ("s2", "note_write", json.dumps({"path": "late.txt", "text": "x"}))
    rt = h.runtime([
        tool_turn(RUN_NOTES),
        tool_turn(COMPLETE, write),  # a command after complete in the same turn
        tool_turn(("g1", "run_skill", '{"skill_id": "notes", "goal": "again"}'), text="Delivered."),
    ])
    task_id = run(rt.start_task(h.conv.id, "write"))
    assert rt.task_status(task_id).status == "finished"
    assert not h.store.approvals(task_id) and not (h.ws(task_id) / "late.txt").exists()
    ledger = {r.tool_id: r for r in h.store.ledger(task_id) if r.agent == "skill:notes"}
    assert "already completed" in ledger["note_write"].result["error"]
    refused = [r for r in h.store.ledger(task_id) if r.call_key.startswith("generate:")]
    assert [(r.tool_id, r.state, r.result["refused"]) for r in refused] == [("run_skill", "failed", True)]
    assert len(h.model.calls) == 3 and h.model.calls[2].tools == ()
    assert h.store.message(rt.task_status(task_id).message_id).text == "Delivered."


def test_model_error_in_skill_agent_is_reported_not_retried(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), ModelError("HTTP 500 from the server"), Completion(text="It failed.")])
    task_id = run(rt.start_task(h.conv.id, "write"))
    packet = json.loads(h.model.calls[-1].messages[-1].content.split("\n", 1)[1])
    assert packet["status"] == "failed" and "HTTP 500" in packet["summary"]
    assert [c.state for c in h.store.model_calls(task_id)] == ["done", "failed", "done"]


def test_attachments_are_copied_and_announced(h: Harness, tmp_path: Path) -> None:
    src = tmp_path / "notes.md"
    src.write_text("# Title\n\nbody", encoding="utf-8")
    rt = h.runtime([tool_turn(("m1", "read_workspace_file", '{"path": "notes.md"}')), Completion(text="Read it.")])
    task_id = run(rt.start_task(h.conv.id, "read my notes", [src]))
    first = h.model.calls[0].messages[-1].content
    assert first == "read my notes\n\n[Attached files in the workspace: notes.md]"
    assert _tool_results(h, 1)[0]["data"]["text"] == "# Title\n\nbody"
    assert (h.ws(task_id) / "notes.md").read_text(encoding="utf-8") == "# Title\n\nbody"


class _SlowModel:
    name = "slow"
    label = "slow"

    def __init__(self) -> None:
        self.started = asyncio.Event()

    async def stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator:
        yield TextChunk(text="thinking")
        self.started.set()
        await asyncio.sleep(30)
        yield Completion(text="never")


def test_cancel_stops_a_running_model_stream_cleanly(h: Harness) -> None:
    model = _SlowModel()
    rt = h.runtime()
    rt.model_factory = lambda: model

    async def scenario() -> str:
        start = asyncio.ensure_future(rt.start_task(h.conv.id, "slow"))
        await model.started.wait()
        task_id = h.store.tasks()[-1].id
        rt.cancel(task_id)
        assert await asyncio.wait_for(start, 5) == task_id
        return task_id

    task_id = run(scenario())
    assert rt.task_status(task_id).status == "cancelled"
    assert [c.state for c in h.store.model_calls(task_id)] == ["failed"]
    assert h.of(ev.TaskCancelled) and h.of(ev.TextDelta)[0].text == "thinking"


def test_cancelling_the_caller_cancels_the_task_cleanly(h: Harness) -> None:
    model = _SlowModel()
    rt = h.runtime()
    rt.model_factory = lambda: model

    async def scenario() -> None:
        start = asyncio.ensure_future(rt.start_task(h.conv.id, "slow"))
        await model.started.wait()
        start.cancel()
        try:
            await start
        except asyncio.CancelledError:
            pass

    run(scenario())
    [task] = h.store.tasks()
    assert task.status == "cancelled" and task.owner is None
    assert english(h.store.message(task.message_id).text).startswith("Stopped.")


def test_the_model_is_made_off_the_loop_by_the_first_drive_and_a_stop_meanwhile_cancels_cleanly(h: Harness) -> None:
    """The start no longer makes the model (the offline planner's code is ~90 ms of imports): the first drive
    does, in a worker thread, so the window keeps drawing; a Stop pressed while it loads ends the task."""
    import threading

    release, loading = threading.Event(), threading.Event()
    threads: list[str] = []

    def factory() -> _SlowModel:
        threads.append(threading.current_thread().name)
        loading.set()
        release.wait(10)
        return _SlowModel()

    rt = h.runtime()
    rt.model_factory = factory

    async def scenario() -> str:
        start = asyncio.ensure_future(rt.start_task(h.conv.id, "slow"))
        await asyncio.to_thread(loading.wait, 5)
        task_id = h.store.tasks()[-1].id
        rt.cancel(task_id)
        result = await asyncio.wait_for(start, 5)
        release.set()
        return result

    task_id = run(scenario())
    assert threads and threads[0] != threading.main_thread().name
    task = h.store.task(task_id)
    assert task.status == "cancelled" and task.owner is None
    assert h.store.model_calls(task_id) == []  # nothing reached a model
    assert english(h.store.message(task.message_id).text).startswith("Stopped.")
    assert h.of(ev.TaskCancelled)


def test_tool_budget_in_the_skill_agent_still_ends_in_generate(h: Harness) -> None:
    reads = [tool_turn((f"s{i}", "list_workspace", json.dumps({"path": "." * (i % 2 + 1)}))) for i in range(3)]
    rt = h.runtime([tool_turn(RUN_NOTES), *reads, Completion(text="Ran out.")], budgets=Budgets(tool_calls=3))
    task_id = run(rt.start_task(h.conv.id, "write"))
    packet = json.loads(h.model.calls[-1].messages[-1].content.split("\n", 1)[1])
    assert packet["status"] == "failed" and "budget of 3 tool calls" in packet["summary"]
    assert rt.task_status(task_id).status == "finished"
    assert h.store.message(rt.task_status(task_id).message_id).text == "Ran out."


def test_a_write_outside_the_workspace_is_refused_before_approval(h: Harness) -> None:
    escape = ("s1", "note_write", json.dumps({"path": "/etc/evil.txt", "text": "x"}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(escape), tool_turn(COMPLETE), Completion(text="No.")])
    task_id = run(rt.start_task(h.conv.id, "write"))
    assert "is absolute" in seen(_tool_results(h, 2)[0])
    assert not h.store.approvals(task_id) and rt.task_status(task_id).status == "finished"


def test_a_skill_whose_last_command_failed_and_that_delivers_nothing_has_failed(h: Harness) -> None:
    """complete() reports; the outcome comes from what ran: the note could not be read, nothing was
    delivered, so the task's outcome is failed (mira task exits 1) while the summary still says why."""
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(("s1", "note_read", '{"path": "missing.txt"}')),
                    tool_turn(("s2", "complete", json.dumps({"summary": "missing.txt could not be read"}))),
                    Completion(text="It could not be read.")])
    status = rt.task_status(run(rt.start_task(h.conv.id, "read missing.txt")))
    assert status.status == "finished" and status.outcome == "failed"


def test_a_failed_command_followed_by_one_that_worked_still_completes(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES),
                    tool_turn(("s1", "note_read", '{"path": "missing.txt"}')),
                    tool_turn(("s2", "note_write", '{"path": "found.txt", "text": "x"}')),
                    tool_turn(("s3", "note_read", '{"path": "found.txt"}')),
                    tool_turn(("s4", "complete", json.dumps({"summary": "read found.txt"}))),
                    Completion(text="Read it.")])
    task_id = run(rt.start_task(h.conv.id, "read a note"))
    status = rt.task_status(task_id)
    if status.pending_approval_id:  # the write asks first
        run(rt.approve(status.pending_approval_id))
        status = rt.task_status(task_id)
    assert status.status == "finished" and status.outcome == "completed"


def test_the_skill_agents_last_step_offers_only_complete(h: Harness) -> None:
    read = tool_turn(("s1", "list_workspace", '{"path": ""}'))
    rt = h.runtime([tool_turn(RUN_NOTES), read, tool_turn(COMPLETE), Completion(text="Done.")], skills=_skills(max_steps=2))
    task_id = run(rt.start_task(h.conv.id, "write"))
    skill_steps = [[t.name for t in c.tools] for c in h.model.calls[1:3]]
    assert "list_workspace" in skill_steps[0] and skill_steps[1] == ["complete"]  # the one call left: report
    packet = json.loads(h.model.calls[-1].messages[-1].content.split("\n", 1)[1])
    assert packet["summary"] == "done" and rt.task_status(task_id).status == "finished"


def test_a_skill_the_user_picked_is_the_first_steps_only_tool(h: Harness) -> None:
    from desktop.agent.tools import MAIN_TOOLS

    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(COMPLETE), Completion(text="Done.")])
    task_id = run(rt.start_task(h.conv.id, "write my notes", skill="notes"))
    [first] = h.model.calls[0].tools  # one tool: a server that takes tool_choice is told to call it
    assert first.name == "run_skill" and first.parameters["properties"]["skill_id"]["enum"] == ["notes"]
    assert "inputs" not in first.parameters["properties"]  # an empty folder: no input to name (or invent)
    assert h.model.calls[0].messages[-1].content == "write my notes"  # the request as the user wrote it
    assert rt.task_status(task_id).status == "finished" and rt.task_status(task_id).outcome == "completed"
    # a later request in the conversation, without a pick, lets the model choose again
    rt = h.runtime([Completion(text="Hello.")])
    run(rt.start_task(h.conv.id, "hi"))
    assert h.model.calls[0].tools == MAIN_TOOLS


def test_a_picked_skill_works_on_the_users_request_not_the_models_few_words(h: Harness) -> None:
    """A small model forced to call run_skill named its goal "create-document": the skill agent got that alone."""
    few_words = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "create-document"}))
    rt = h.runtime([tool_turn(few_words), tool_turn(COMPLETE), Completion(text="Done.")])
    run(rt.start_task(h.conv.id, "write my notes about the spring launch", skill="notes"))
    asked = h.model.calls[1].messages[-1].content  # the skill agent's first request: its goal
    assert asked.startswith("write my notes about the spring launch")
    assert "create-document" in asked  # the main agent's words stay, marked as its own
    # a skill the model chose itself keeps the model's goal (its words are the plan, the request is in context)
    chosen = ("m2", "run_skill", json.dumps({"skill_id": "notes", "goal": "write the launch notes"}))
    rt = h.runtime([tool_turn(chosen), tool_turn(COMPLETE), Completion(text="Done.")])
    run(rt.start_task(h.conv.id, "notes please"))
    assert h.model.calls[1].messages[-1].content == "write the launch notes"


def test_a_skill_agent_that_answers_in_words_is_asked_once_to_report(h: Harness) -> None:
    from desktop.agent import _messages as M

    rt = h.runtime([tool_turn(RUN_NOTES), Completion(text="I wrote the notes."), tool_turn(COMPLETE),
                    Completion(text="Done.")])
    task_id = run(rt.start_task(h.conv.id, "write"))
    asked = h.model.calls[2]
    assert [t.name for t in asked.tools] == ["complete"] and asked.messages[-1].content == M.REPORT_NOW
    packet = json.loads(h.model.calls[-1].messages[-1].content.split("\n", 1)[1])
    assert packet["summary"] == "done" and rt.task_status(task_id).status == "finished"


def test_a_skill_agent_that_answers_in_words_twice_has_stopped(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), Completion(text="I wrote it."), Completion(text="Really."),
                    Completion(text="It failed.")])
    run(rt.start_task(h.conv.id, "write"))
    packet = json.loads(h.model.calls[-1].messages[-1].content.split("\n", 1)[1])
    assert packet["status"] == "failed" and "stopped without completing: Really." in packet["summary"]
    assert len(h.model.calls) == 4  # asked once to report, never again


def test_a_skill_step_cut_by_the_output_limit_stops_as_cut_and_continue_asks_for_that_step_again(h: Harness) -> None:
    from desktop.llm.turn import AnswerCut

    write = ("s1", "note_write", json.dumps({"path": "a.txt", "text": "first"}))
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(("s0", "list_workspace", '{"path": ""}')),
                    AnswerCut({"completion_tokens": 64}),  # a call cut mid-arguments
                    tool_turn(write), tool_turn(COMPLETE), Completion(text="Made a.txt.")])
    task_id = run(rt.start_task(h.conv.id, "write"))
    status = rt.task_status(task_id)
    assert status.status == "failed" and "cut off at the output limit in the middle of a step" in english(status.error)
    skill = [e.message for e in h.store.transcript(task_id, "skill:notes")]
    assert skill[-1]["role"] == "tool"  # nothing of the cut turn was kept; the listing before it was
    assert rt.cut_task(status.message_id) == task_id  # Continue is offered
    run(rt.continue_answer(task_id))
    status = rt.task_status(task_id)
    if status.pending_approval_id:
        run(rt.approve(status.pending_approval_id))
        status = rt.task_status(task_id)
    assert status.status == "finished" and status.outcome == "completed"
    asked_again = h.model.calls[3]
    assert asked_again.messages == h.model.calls[2].messages  # the same step, from where it was
    assert (h.ws(task_id) / "a.txt").read_text(encoding="utf-8") == "first"
    assert [c.state for c in h.store.model_calls(task_id)].count("failed") == 1


def test_a_raw_newline_inside_an_argument_string_is_taken_as_a_newline(h: Harness) -> None:
    run_notes = ("m1", "run_skill", '{"skill_id": "notes", "goal": "write\nthe notes"}')  # as small models write it
    rt = h.runtime([tool_turn(run_notes), tool_turn(COMPLETE), Completion(text="Done.")])
    task_id = run(rt.start_task(h.conv.id, "write"))
    assert rt.task_status(task_id).outcome == "completed"
    goal = [m.content for m in h.model.calls[1].messages if m.role == "user"][0]
    assert goal == "write\nthe notes"


def test_a_picked_skill_may_take_only_files_that_are_in_the_workspace(h: Harness, tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes", encoding="utf-8")
    rt = h.runtime([tool_turn(("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "w", "inputs": ["notes.md"]}))),
                    tool_turn(COMPLETE), Completion(text="Done.")])
    task_id = run(rt.start_task(h.conv.id, "write from my notes", [notes], skill="notes"))
    [first] = h.model.calls[0].tools
    assert first.parameters["properties"]["inputs"]["items"]["enum"] == ["notes.md"]
    assert rt.task_status(task_id).outcome == "completed"


def test_a_skill_agent_given_text_inputs_reads_them_first(h: Harness, tmp_path: Path) -> None:
    src = tmp_path / "notes.md"
    src.write_text("# Title\n\nbody", encoding="utf-8")
    with_inputs = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write", "inputs": ["notes.md"]}))
    read = tool_turn(("s1", "read_workspace_file", '{"path": "notes.md"}'))
    rt = h.runtime([tool_turn(with_inputs), read, tool_turn(COMPLETE), Completion(text="Done.")])
    task_id = run(rt.start_task(h.conv.id, "write from my notes", [src]))
    [first] = h.model.calls[1].tools  # the skill agent's first step: the read alone, named in tool_choice
    assert first.name == "read_workspace_file" and first.parameters["properties"]["path"]["enum"] == ["notes.md"]
    assert _tool_results(h, 2)[-1]["data"]["text"] == "# Title\n\nbody"  # its result goes back with the call's turn
    assert "complete" in [t.name for t in h.model.calls[2].tools]  # then the skill's whole surface
    assert rt.task_status(task_id).status == "finished"


def test_a_skill_agent_without_text_inputs_starts_with_its_whole_surface(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(COMPLETE), Completion(text="Done.")])
    run(rt.start_task(h.conv.id, "write"))
    assert "complete" in [t.name for t in h.model.calls[1].tools]


def test_a_folder_file_the_request_names_is_an_input_even_when_the_model_leaves_it_out(h: Harness,
                                                                                      tmp_path: Path) -> None:
    src = tmp_path / "notes.md"
    src.write_text("# Title\n\nbody", encoding="utf-8")
    read = tool_turn(("s1", "read_workspace_file", '{"path": "notes.md"}'))
    rt = h.runtime([tool_turn(RUN_NOTES), read, tool_turn(COMPLETE), Completion(text="Done.")])
    run(rt.start_task(h.conv.id, "turn notes.md into a report", [src]))
    assert h.model.calls[1].messages[-1].content.endswith("[Input files: notes.md]")
    assert [t.name for t in h.model.calls[1].tools] == ["read_workspace_file"]
