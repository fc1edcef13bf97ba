"""The agent loops as functions over a run state. Both are driven from the stored transcript, so resuming
is just looping again. What happens around them goes through named hooks (:class:`Hooks`)."""
from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from desktop.agent import _messages as M
from desktop.agent import versioning
from desktop.agent.budgets import BudgetExhausted
from desktop.agent.calls import Calls
from desktop.agent.details import NAME as DETAILS
from desktop.agent.details import details_tool, split_details
from desktop.agent.events import ToolFinished, ToolStarted
from desktop.agent.flows import BeforeWrite, CallState, FlowRunner
from desktop.agent.hashing import input_hash
from desktop.agent.outcome import ToolOutcome, outcome_json, read_outcome
from desktop.agent.reporter import Reporter
from desktop.agent.skillsource import SkillInfo, SkillSource, SkillUnavailable
from desktop.agent.state import FINISHED, MAIN, PAUSED, Outcome, Run, error, refused, skill_agent
from desktop.agent.tools import (
    COMPLETE,
    LIST_WORKSPACE,
    LOAD_SKILL,
    MAIN_TOOLS,
    READ_WORKSPACE_FILE,
    RUN_SKILL,
    ToolInputError,
    list_workspace,
    TEXT_SUFFIXES,
    parse_arguments,
    read_first,
    read_workspace_file,
    run_skill_for,
    shown,
    skill_tools,
)
from desktop.llm import ModelError, ToolCall
from desktop.llm.turn import AnswerCut
from desktop.messages import msg
from desktop.store import LedgerRow, Store
from desktop.store.states import LedgerState
from skills.runtime import AnyCommand, CommandError, WorkspaceError

ResumeFrozen = Callable[[Run, LedgerRow], Awaitable[str | None]]


class StepCut(ModelError):
    """The output limit cut a skill agent's turn: the task stops with its skill run left open, so a Continue
    asks for that step again."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Hooks:
    """The named points where the loops hand over.

    ``before_write`` gets every validated write before it runs and may block it (the approval gate returns
    ``PAUSED``); ``resume_frozen`` continues a call already frozen in the ledger; ``skill_ended`` takes over
    once the skill agent ended (finalization); ``answered`` ends a task the main agent answered in text.
    """

    before_write: BeforeWrite
    resume_frozen: ResumeFrozen
    skill_ended: Callable[[Run, Outcome], Awaitable[None]]
    answered: Callable[[Run, str], None]


@dataclass(frozen=True, slots=True, kw_only=True)
class Loop:
    """What the loops read and write through."""

    store: Store
    skills: SkillSource
    calls: Calls
    reporter: Reporter
    hooks: Hooks
    flow: FlowRunner


# -- main agent ------------------------------------------------------------------------------

async def main_loop(lp: Loop, run: Run) -> str:
    """Run the main agent until the task finishes or pauses; returns ``FINISHED`` or ``PAUSED``."""
    ended = ended_skill(lp, run)
    if ended is not None:
        # A crash came after the skill ended but before the packet was frozen: finalize only. The
        # planner never takes over again (it could run the skill twice or answer without the files).
        key, outcome = ended
        _close_other_calls(lp, run, key)
        await lp.hooks.skill_ended(run, outcome)
        return FINISHED
    while True:
        entries = lp.store.transcript(run.task_id, MAIN)
        state = M.state_of(entries)
        if state.pending:
            for key, call in state.pending:
                if _refused_reuse(lp, run, MAIN, key, call, state):
                    continue
                if call.name != RUN_SKILL.name:
                    await _main_tool(lp, run, key, call)
                    continue
                ran = await _run_skill_call(lp, run, key, call)
                if ran == PAUSED:
                    return PAUSED
                if isinstance(ran, Outcome):
                    # The skill ran: the parent finalizes; the planner never takes over again.
                    _close_other_calls(lp, run, key)
                    await lp.hooks.skill_ended(run, ran)
                    return FINISHED
            continue
        if state.ended:
            text = M.said_so_far(entries).strip()  # with the cut parts it continues
            lp.hooks.answered(run, text or "I have no answer to give.")
            return FINISHED
        if entries and M.is_cut(entries[-1].message):  # waits for the user's Continue: no call on its own
            raise AnswerCut(text=str(entries[-1].message.get("content") or ""))
        task = lp.store.task(run.task_id)
        picked = task.skill_id if task.skill_id and not task.skill_call_key else ""  # the user's pick, not yet run
        asked = max((i for i, e in enumerate(entries) if e.message.get("role") == "user"), default=-1)
        first = not any(e.message.get("role") == "assistant" for e in entries[asked + 1:])
        # The user picked the skill: the first step hands the work to it (run_skill alone, named in tool_choice)
        offered = (run_skill_for(picked, await _input_files(run)),) if picked and first else MAIN_TOOLS
        await lp.calls.model(run, MAIN, lp.calls.messages(run, MAIN), offered, append=True)


async def _input_files(run: Run) -> list[str]:
    """The workspace's files a picked skill may take as inputs (at most the listing's limit)."""
    try:
        listing = await asyncio.to_thread(list_workspace, run.ws, {})
    except (WorkspaceError, OSError):
        return []
    return [str(f["path"]) for f in listing["files"]]


def ended_skill(lp: Loop, run: Run) -> tuple[str, Outcome] | None:
    """The run_skill call key and outcome when the task's skill agent already ended, else None."""
    task = lp.store.task(run.task_id)
    if not task.skill_call_key or not task.skill_id:
        return None
    result = M.state_of(lp.store.transcript(run.task_id, MAIN)).results.get(task.skill_call_key)
    if result is None:
        return None
    ended = read_outcome(result)
    return task.skill_call_key, Outcome(status=ended.status or "failed", skill_id=task.skill_id, summary=ended.summary,
                                        selected=ended.selected)


def _close_other_calls(lp: Loop, run: Run, done_key: str) -> None:
    state = M.state_of(lp.store.transcript(run.task_id, MAIN))
    for key, call in state.pending:
        if key != done_key:
            lp.calls.log(run, MAIN, key, call, error("not run: the skill run ended this turn"))


async def _main_tool(lp: Loop, run: Run, key: str, call: ToolCall) -> None:
    lp.reporter.emit(ToolStarted(task_id=run.task_id, agent=MAIN, tool_call_id=call.id, tool=call.name, arguments=call.arguments))
    run.take_tool_call()
    specs = {s.name: s for s in MAIN_TOOLS}
    spec = specs.get(call.name)
    if spec is None:
        lp.calls.log(run, MAIN, key, call, error(
            f"{call.name!r} is not a tool you can call. Your tools are: {', '.join(specs)}. Document commands "
            "run only inside a skill: use run_skill."))
        return
    try:
        args = parse_arguments(call.arguments, spec)
        repeated = lp.calls.repeated(run, MAIN, call, args)
        if repeated:
            raise ToolInputError(repeated)
        if call.name == LOAD_SKILL.name:
            body = lp.skills.body(args["skill_id"])  # instruction-only or not: just the text, nothing prepared
            lp.calls.log(run, MAIN, key, call, ToolOutcome(ok=True, message=f"loaded {args['skill_id']}"), body)
            return
        result = await _read_tool(run, call.name, args)
    except (ToolInputError, SkillUnavailable, WorkspaceError, OSError) as exc:
        lp.calls.log(run, MAIN, key, call, refused(exc))
        return
    lp.calls.log(run, MAIN, key, call, result)


async def _read_tool(run: Run, name: str, args: Mapping[str, Any]) -> ToolOutcome:
    fn = list_workspace if name == LIST_WORKSPACE.name else read_workspace_file
    read = await asyncio.to_thread(fn, run.ws, args)
    return ToolOutcome(ok=True, data={k: v for k, v in read.items() if k != "ok"})


async def _run_skill_call(lp: Loop, run: Run, key: str, call: ToolCall) -> Outcome | str | None:
    task = lp.store.task(run.task_id)
    inputs: list[str] = []
    if task.skill_call_key == key and task.skill_id:
        skill_id = task.skill_id  # resuming the same skill agent
    else:
        lp.reporter.emit(ToolStarted(task_id=run.task_id, agent=MAIN, tool_call_id=call.id, tool=call.name, arguments=call.arguments))
        try:
            run.take_tool_call()
            args = parse_arguments(call.arguments, RUN_SKILL)
            skill_id = args["skill_id"]
            info = lp.skills.skill(skill_id)
            if info.execution is None:
                raise SkillUnavailable(msg("error.agent_loop.instruction_skill_read_load", skill_id=repr(skill_id)))
            inputs = [str(p) for p in args.get("inputs") or ()]
            for rel in inputs:
                run.ws.resolve(rel, must_exist=True)
            # A folder file the user's request names is an input whether or not the model listed it.
            inputs += [rel for rel in await _input_files(run) if rel not in inputs
                       and re.search(rf"(?<![\w.-]){re.escape(rel)}(?![\w-])", task.request)]
            # the workflow up front; each command's examples and rules on demand (skill_details)
            body, _details = split_details(lp.skills.body(skill_id), info.commands)
            for name in info.commands:
                lp.skills.command(name)
        except (ToolInputError, SkillUnavailable, WorkspaceError, CommandError) as exc:
            lp.calls.log(run, MAIN, key, call, refused(exc))
            return None
        goal = _skill_goal(task.request, args["goal"], picked=skill_id == task.skill_id and not task.skill_call_key)
        goal += f"\n\n[Input files: {', '.join(inputs)}]" if inputs else ""
        lp.store.begin_skill(task_id=run.task_id, ledger_id=uuid.uuid4().hex, call_key=key,
                             tool_call_id=call.id, input_hash=input_hash(args), skill_id=skill_id,
                             agent=skill_agent(skill_id),
                             messages=[M.message("system", body), M.message("user", goal)])
    outcome = await skill_loop(lp, run, lp.skills.skill(skill_id), inputs=inputs)
    if outcome == PAUSED:
        return PAUSED
    assert isinstance(outcome, Outcome)
    ledger = [r for r in lp.store.ledger(run.task_id) if r.agent == MAIN and r.call_key == key]
    result = ToolOutcome(ok=outcome.status == "completed", status=outcome.status, summary=outcome.summary,
                         selected=outcome.selected)
    if ledger and ledger[0].state == LedgerState.EXECUTING:
        lp.store.record_result(ledger[0].id, (LedgerState.EXECUTING,),
                               LedgerState.DONE if result.ok else LedgerState.FAILED, outcome_json(result),
                               M.tool_result(call, result))
    lp.reporter.emit(ToolFinished(task_id=run.task_id, agent=MAIN, tool_call_id=call.id, tool=call.name, ok=result.ok, message=outcome.summary))
    return outcome


def _skill_goal(request: str, said: str, *, picked: bool) -> str:
    """What the skill agent is asked to do. A skill the user picked works on the user's request: a small model
    forced to call run_skill may name its goal in a few words of its own ("create-document")."""
    request = request.strip()
    if not picked or not request or request in said:
        return said
    return f"{request}\n\n[The main agent's words for it: {said}]" if said.strip() else request


# -- skill agent ---------------------------------------------------------------------------

async def skill_loop(lp: Loop, run: Run, info: SkillInfo, *, inputs: Sequence[str] = ()) -> Outcome | str:
    """Run a skill agent until it completes, stops, or pauses (``PAUSED``).

    Given text files as inputs, its first step reads them: ``read_workspace_file`` alone, its path one of those
    files (named in tool_choice; a server that constrains the call by grammar can only name a real input), so
    what it writes is made from the user's words, not from a guess at them."""
    readable = [rel for rel in inputs if PurePosixPath(rel).suffix.lower() in TEXT_SUFFIXES]
    agent = skill_agent(info.id)
    commands = {name: lp.skills.command(name) for name in versioning.skill_commands(info)}
    tools = skill_tools(list(commands.values()))
    _body, details = split_details(lp.skills.body(info.id), info.commands)
    if details:
        tools = (*tools, shown(details_tool(details)))
    while True:
        entries = lp.store.transcript(run.task_id, agent)
        state = M.state_of(entries)
        completed = _completed(state)
        if state.pending:
            for key, call in state.pending:
                if completed is not None:
                    # Protected: after complete, no command runs, whatever the model asked for.
                    lp.reporter.emit(ToolStarted(task_id=run.task_id, agent=agent, tool_call_id=call.id, tool=call.name, arguments=call.arguments))
                    lp.calls.log(run, agent, key, call, error("refused: the skill already completed; "
                                                              "nothing more runs"))
                    continue
                if _refused_reuse(lp, run, agent, key, call, state):
                    continue
                try:
                    if await _skill_tool(lp, run, agent, info, key, call, commands) == PAUSED:
                        return PAUSED
                except BudgetExhausted as exc:  # ends the skill; the generate step still explains it
                    return _stopped(lp, run, agent, info.id, f"stopped: {exc}")
                completed = _completed(M.state_of(lp.store.transcript(run.task_id, agent)))
            continue
        if completed is not None:
            selected = completed.selected
            # complete() reports; it does not decide the outcome: a skill whose last command failed and
            # that delivers nothing did not do what was asked (mira task exits 1, the packet says failed).
            status = "failed" if not selected and _last_command_failed(lp, run, agent, commands) else "completed"
            return Outcome(status=status, skill_id=info.id, summary=completed.summary, selected=selected)
        turns = sum(1 for e in entries if e.message.get("role") == "assistant")
        # A denied write ends the skill as denied: its words are its report, no second ask.
        asked_before = any(e.message.get("role") == "user" and e.message.get("content") == M.REPORT_NOW
                           for e in entries) \
            or any(r.agent == agent and r.state == LedgerState.DENIED for r in lp.store.ledger(run.task_id))
        if state.ended and (asked_before or turns >= info.max_steps):
            last = (state.last_assistant.message.get("content") or "").strip() if state.last_assistant else ""
            return _stopped(lp, run, agent, info.id, "the skill agent stopped without completing"
                            + (f": {last}" if last else ""))
        if turns >= info.max_steps:
            return _stopped(lp, run, agent, info.id, f"the skill agent used all {info.max_steps} "
                            "steps of its execution profile without completing")
        if state.ended:  # it answered in words: once, it is asked to report (complete alone, as on the last step)
            lp.store.append_transcript(run.task_id, agent, M.message("user", M.REPORT_NOW))
        asked = state.ended or (bool(entries) and entries[-1].message.get("content") == M.REPORT_NOW)
        # The last step may only report: offered alone, ``complete`` is named in tool_choice where the server
        # takes it, so the skill ends with its summary instead of running out of steps mid-work.
        last_step = info.max_steps > 1 and turns == info.max_steps - 1
        offered = (shown(COMPLETE),) if last_step or asked else (
            (read_first(readable),) if readable and turns == 0 else tools)
        try:
            await lp.calls.model(run, agent, lp.calls.messages(run, agent), offered, append=True)
        except AnswerCut as exc:
            # Cut mid-step (a call's arguments, or its words): nothing of the turn is kept, the task stops as cut
            # and a Continue asks for this step again, with what was done before it kept.
            raise StepCut(str(exc), msg=msg("model.error.cut_step"), details=exc.details) from None
        except (BudgetExhausted, ModelError) as exc:
            return _stopped(lp, run, agent, info.id, f"stopped: {exc}")


def _last_command_failed(lp: Loop, run: Run, agent: str, commands: Mapping[str, AnyCommand]) -> bool:
    """Whether the skill's last command call (not complete() or a workspace read) ended failed."""
    ran = [r for r in lp.store.ledger(run.task_id) if r.agent == agent and r.tool_id in commands]
    return bool(ran) and ran[-1].state == LedgerState.FAILED


def _stopped(lp: Loop, run: Run, agent: str, skill_id: str, why: str) -> Outcome:
    rows = [r for r in lp.store.ledger(run.task_id) if r.agent == agent]
    denied = any(r.state == LedgerState.DENIED for r in rows)
    return Outcome(status="denied" if denied else "failed", skill_id=skill_id,
                   summary=("The user denied the change; nothing was written. " if denied else "") + why)


async def _skill_tool(lp: Loop, run: Run, agent: str, info: SkillInfo, key: str, call: ToolCall,
                      commands: Mapping[str, AnyCommand]) -> str | None:
    existing = [r for r in lp.store.ledger(run.task_id) if r.agent == agent and r.call_key == key]
    if existing:  # a frozen call: approval pending, approved, or interrupted
        return await lp.hooks.resume_frozen(run, existing[0])
    lp.reporter.emit(ToolStarted(task_id=run.task_id, agent=agent, tool_call_id=call.id, tool=call.name, arguments=call.arguments))
    try:
        run.take_tool_call()
    except BudgetExhausted as exc:
        lp.calls.log(run, agent, key, call, refused(exc))
        raise
    allowed = [*commands, LIST_WORKSPACE.name, READ_WORKSPACE_FILE.name, COMPLETE.name]
    try:
        if call.name == DETAILS:
            _body, details = split_details(lp.skills.body(info.id), info.commands)
            if details:
                args = parse_arguments(call.arguments, details_tool(details))
                lp.calls.log(run, agent, key, call, ToolOutcome(ok=True, data={"section": args["section"],
                                                                               "text": details[args["section"]]}))
                return None
        if call.name == COMPLETE.name:
            args = parse_arguments(call.arguments, COMPLETE)
            lp.calls.log(run, agent, key, call, ToolOutcome(ok=True, message="completed", summary=args["summary"],
                                                            selected=tuple(str(p) for p in args.get("artifacts") or ())))
            return None
        if call.name in (LIST_WORKSPACE.name, READ_WORKSPACE_FILE.name):
            spec = LIST_WORKSPACE if call.name == LIST_WORKSPACE.name else READ_WORKSPACE_FILE
            args = parse_arguments(call.arguments, spec)
            repeated = lp.calls.repeated(run, agent, call, args)
            if repeated:
                raise ToolInputError(repeated)
            lp.calls.log(run, agent, key, call, await _read_tool(run, call.name, args))
            return None
        cmd = commands.get(call.name)
        if cmd is None:
            raise ToolInputError(msg("error.agent_loop.one_your_tools_you", name=repr(call.name), allowed=', '.join(allowed)))
    except (ToolInputError, WorkspaceError, OSError) as exc:
        lp.calls.log(run, agent, key, call, refused(exc))
        return None
    # A document command goes through the flow's call steps: validate, approval, run, verify.
    st = CallState(run, agent, info, key, call, cmd, lp.calls, lp.hooks.before_write)
    stop = await lp.flow.call(st)
    if stop == PAUSED:
        return PAUSED
    if stop is None and st.result is not None:
        # Read-only (a write always stops at approval): no side effect to protect, so the ledger row and the
        # result are one commit after the run (a crash in between leaves the call pending; it runs again).
        lp.calls.log(run, agent, key, call, st.result, tool_id=cmd.name, digest=input_hash(st.args))
    if run.cancel_requested:
        raise asyncio.CancelledError
    return None


def _refused_reuse(lp: Loop, run: Run, agent: str, key: str, call: ToolCall, state: M.TranscriptState) -> bool:
    """Refuse (as a tool error) a call whose id an earlier call of this task already used: several results
    with one id would make the transcript ambiguous, and a replayed id must not run anything twice."""
    earlier = False
    for other_key, other in state.calls.items():
        if other_key == key:
            break
        earlier = earlier or other.id == call.id
    rows = lp.store.ledger(run.task_id)
    if any(r.agent == agent and r.call_key == key for r in rows):
        return False  # this very call, already on record (frozen, or the skill run it started)
    if not earlier and not any(r.tool_call_id == call.id for r in rows):
        return False
    lp.reporter.emit(ToolStarted(task_id=run.task_id, agent=agent, tool_call_id=call.id, tool=call.name, arguments=call.arguments))
    lp.calls.log(run, agent, key, call, error(
        f"refused: the tool call id {call.id!r} was already used in this task; nothing ran. Give every call "
        "a new id."), digest="")
    return True


def _completed(state: M.TranscriptState) -> ToolOutcome | None:
    for key, call in state.calls.items():
        result = state.results.get(key)
        if call.name == COMPLETE.name and result is not None and (done := read_outcome(result)).ok:
            return done
    return None
