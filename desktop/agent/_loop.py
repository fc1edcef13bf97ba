"""The agent loops. Both are driven from the stored transcript, so resuming is just looping again."""
from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from desktop.agent import _messages as M
from desktop.agent import versioning
from desktop.agent.budgets import BudgetExhausted
from desktop.agent.events import TextDelta, ToolFinished, ToolStarted
from desktop.agent.hashing import canonical_json, input_hash
from desktop.agent.skillsource import SkillInfo, SkillUnavailable
from desktop.agent.tools import (
    COMPLETE,
    LIST_WORKSPACE,
    LOAD_SKILL,
    MAIN_TOOLS,
    READ_WORKSPACE_FILE,
    RUN_SKILL,
    ToolInputError,
    command_spec,
    list_workspace,
    parse_arguments,
    read_workspace_file,
    skill_tools,
)
from desktop.llm import ChatMessage, Completion, ModelError, ToolCall, ToolSpec
from desktop.llm import TextDelta as ModelDelta
from skills.runtime import Command, CommandError, WorkspaceError

if TYPE_CHECKING:
    from desktop.agent._run import Run
    from desktop.agent.runtime import AgentRuntime

log = logging.getLogger(__name__)
PAUSED = "paused"
MAIN = "main"


@dataclass(frozen=True)
class Outcome:
    """How a skill agent ended: the parent finalizes from this, never from model text."""

    status: str  # completed | denied | failed
    skill_id: str
    summary: str
    selected: tuple[str, ...] = ()  # paths named in complete()


def skill_agent(skill_id: str) -> str:
    return f"skill:{skill_id}"


def error(message: str) -> dict[str, Any]:
    return {"ok": False, "error": message}


class LoopMixin:
    """The main agent and skill agent loops; mixed into :class:`AgentRuntime`."""

    # -- model calls ------------------------------------------------------------------

    async def _call_model(self: AgentRuntime, run: Run, agent: str, messages: Sequence[ChatMessage],
                          tools: Sequence[ToolSpec], *, reserved: bool = False, append: bool = False) -> Completion:
        """One model call: a model_calls ledger entry first, streamed deltas, no retries. With ``append`` the
        reply is appended to the agent's transcript in the same commit that closes the call."""
        n = run.take_model_call(reserved)
        call_id = self.store.model_call_start(run.task_id, agent, n, run.budgets.model_calls + (1 if reserved else 0))
        completion: Completion | None = None
        try:
            async with run.wall_limit():
                async for event in run.model.stream(list(messages), list(tools)):
                    if isinstance(event, ModelDelta):
                        if event.text:
                            self._emit(TextDelta(run.task_id, "generate" if reserved else agent, event.text))
                    elif isinstance(event, Completion):
                        completion = event
        except BaseException as exc:
            self.store.model_call_end(call_id, "failed", str(exc) or type(exc).__name__)
            raise
        if completion is None:
            self.store.model_call_end(call_id, "failed", "the stream ended without a completion")
            raise ModelError("the model's stream ended without a completion")
        self.store.model_call_end(call_id, "done",
                                  transcript=(run.task_id, agent, M.assistant(completion)) if append else None)
        return completion

    def _messages(self: AgentRuntime, run: Run, agent: str) -> list[ChatMessage]:
        return [M.to_chat(e.message) for e in self.store.transcript(run.task_id, agent)]

    # -- logging a tool call -------------------------------------------------------------

    def _log_call(self: AgentRuntime, run: Run, agent: str, key: str, call: ToolCall, result: Mapping[str, Any],
                  content: Mapping[str, Any] | str | None = None) -> None:
        """Ledger entry + tool result in the transcript; ``content`` defaults to the result's JSON."""
        ok = bool(result.get("ok", True))
        self.store.log_call(ledger_id=uuid.uuid4().hex, task_id=run.task_id, agent=agent, call_key=key,
                            tool_call_id=call.id, tool_id=call.name, input_hash=_raw_hash(call.arguments),
                            state="done" if ok else "failed", result=result,
                            tool_message=M.tool_result(call, result if content is None else content))
        message = str(result.get("message") or result.get("error") or ("done" if ok else "failed"))
        self._emit(ToolFinished(run.task_id, agent, call.id, call.name, ok, message))

    def _repeat_error(self: AgentRuntime, run: Run, agent: str, call: ToolCall, args: Mapping[str, Any]) -> str | None:
        digest = input_hash(args)
        same = [r for r in self.store.ledger(run.task_id)
                if r.agent == agent and r.tool_id == call.name and r.input_hash == digest]
        if len(same) >= run.budgets.repeat_calls:
            return (f"{call.name} was already called {len(same)} times with exactly these arguments; repeating it "
                    "will not change the result. Change the arguments or finish.")
        return None

    # -- main agent ------------------------------------------------------------------------

    async def _main_loop(self: AgentRuntime, run: Run) -> str:
        ended = self._ended_skill(run)
        if ended is not None:
            # A crash came after the skill ended but before the packet was frozen: finalize only. The
            # planner never takes over again (it could run the skill twice or answer without the files).
            key, outcome = ended
            self._close_other_calls(run, key)
            await self._finalize(run, outcome)
            return "finished"
        while True:
            entries = self.store.transcript(run.task_id, MAIN)
            state = M.state_of(entries)
            if state.pending:
                for key, call in state.pending:
                    if call.name == RUN_SKILL.name:
                        outcome = await self._run_skill_call(run, key, call)
                        if outcome == PAUSED:
                            return PAUSED
                        if isinstance(outcome, Outcome):
                            # The skill ran: the parent finalizes; the planner never takes over again.
                            self._close_other_calls(run, key)
                            await self._finalize(run, outcome)
                            return "finished"
                    else:
                        await self._main_tool(run, key, call)
                continue
            if state.ended:
                text = (state.last_assistant.message.get("content") or "").strip() if state.last_assistant else ""
                self._finish(run, text or "I have no answer to give.")
                return "finished"
            await self._call_model(run, MAIN, self._messages(run, MAIN), MAIN_TOOLS, append=True)

    def _ended_skill(self: AgentRuntime, run: Run) -> tuple[str, Outcome] | None:
        """The run_skill call key and outcome when the task's skill agent already ended, else None."""
        task = self.store.task(run.task_id)
        if not task.skill_call_key or not task.skill_id:
            return None
        result = M.state_of(self.store.transcript(run.task_id, MAIN)).results.get(task.skill_call_key)
        if result is None:
            return None
        return task.skill_call_key, Outcome(str(result.get("status") or "failed"), task.skill_id,
                                            str(result.get("summary") or ""),
                                            tuple(str(p) for p in result.get("selected") or ()))

    def _close_other_calls(self: AgentRuntime, run: Run, done_key: str) -> None:
        state = M.state_of(self.store.transcript(run.task_id, MAIN))
        for key, call in state.pending:
            if key != done_key:
                self._log_call(run, MAIN, key, call, error("not run: the skill run ended this turn"))

    async def _main_tool(self: AgentRuntime, run: Run, key: str, call: ToolCall) -> None:
        self._emit(ToolStarted(run.task_id, MAIN, call.id, call.name, call.arguments))
        run.take_tool_call()
        specs = {s.name: s for s in MAIN_TOOLS}
        spec = specs.get(call.name)
        if spec is None:
            self._log_call(run, MAIN, key, call, error(
                f"{call.name!r} is not a tool you can call. Your tools are: {', '.join(specs)}. Document commands "
                "run only inside a skill: use run_skill."))
            return
        try:
            args = parse_arguments(call.arguments, spec)
            repeated = self._repeat_error(run, MAIN, call, args)
            if repeated:
                raise ToolInputError(repeated)
            if call.name == LOAD_SKILL.name:
                body = self.skills.body(args["skill_id"])  # instruction-only or not: just the text, nothing prepared
                self._log_call(run, MAIN, key, call, {"ok": True, "message": f"loaded {args['skill_id']}"}, body)
                return
            result = await self._read_tool(run, call.name, args)
        except (ToolInputError, SkillUnavailable, WorkspaceError, OSError) as exc:
            self._log_call(run, MAIN, key, call, error(str(exc)))
            return
        self._log_call(run, MAIN, key, call, result)

    async def _read_tool(self: AgentRuntime, run: Run, name: str, args: Mapping[str, Any]) -> dict[str, Any]:
        fn = list_workspace if name == LIST_WORKSPACE.name else read_workspace_file
        versioning.check_private(args)
        return await asyncio.to_thread(fn, run.ws, args)

    async def _run_skill_call(self: AgentRuntime, run: Run, key: str, call: ToolCall) -> Outcome | str | None:
        task = self.store.task(run.task_id)
        if task.skill_call_key == key and task.skill_id:
            skill_id = task.skill_id  # resuming the same skill agent
        else:
            self._emit(ToolStarted(run.task_id, MAIN, call.id, call.name, call.arguments))
            try:
                run.take_tool_call()
                args = parse_arguments(call.arguments, RUN_SKILL)
                skill_id = args["skill_id"]
                info = self.skills.skill(skill_id)
                if info.execution is None:
                    raise SkillUnavailable(f"{skill_id!r} is an instruction-only skill; read it with load_skill "
                                           "and pick a skill with an execution profile to run")
                inputs = [str(p) for p in args.get("inputs") or ()]
                for rel in inputs:
                    run.ws.resolve(rel, must_exist=True)
                body = self.skills.body(skill_id)
                for name in info.commands:
                    self.skills.command(name)
            except (ToolInputError, SkillUnavailable, WorkspaceError, CommandError) as exc:
                self._log_call(run, MAIN, key, call, error(str(exc)))
                return None
            goal = args["goal"] + (f"\n\n[Input files: {', '.join(inputs)}]" if inputs else "")
            self.store.begin_skill(task_id=run.task_id, ledger_id=uuid.uuid4().hex, call_key=key,
                                   tool_call_id=call.id, input_hash=input_hash(args), skill_id=skill_id,
                                   agent=skill_agent(skill_id),
                                   messages=[M.message("system", body), M.message("user", goal)])
        outcome = await self._skill_loop(run, self.skills.skill(skill_id))
        if outcome == PAUSED:
            return PAUSED
        assert isinstance(outcome, Outcome)
        ledger = [r for r in self.store.ledger(run.task_id) if r.agent == MAIN and r.call_key == key]
        result = {"ok": outcome.status == "completed", "status": outcome.status, "summary": outcome.summary,
                  "selected": list(outcome.selected)}
        if ledger and ledger[0].state == "executing":
            self.store.record_result(ledger[0].id, ("executing",), "done" if result["ok"] else "failed", result,
                                     M.tool_result(call, result))
        self._emit(ToolFinished(run.task_id, MAIN, call.id, call.name, bool(result["ok"]), outcome.summary))
        return outcome

    # -- skill agent ---------------------------------------------------------------------

    async def _skill_loop(self: AgentRuntime, run: Run, info: SkillInfo) -> Outcome | str:
        agent = skill_agent(info.id)
        commands = {name: self.skills.command(name) for name in versioning.skill_commands(info)}
        tools = skill_tools(list(commands.values()))
        while True:
            entries = self.store.transcript(run.task_id, agent)
            state = M.state_of(entries)
            completed = _completed(state)
            if state.pending:
                for key, call in state.pending:
                    if completed is not None:
                        # Protected: after complete, no command runs, whatever the model asked for.
                        self._emit(ToolStarted(run.task_id, agent, call.id, call.name, call.arguments))
                        self._log_call(run, agent, key, call, error("refused: the skill already completed; "
                                                                    "nothing more runs"))
                        continue
                    try:
                        if await self._skill_tool(run, agent, info, key, call, commands) == PAUSED:
                            return PAUSED
                    except BudgetExhausted as exc:  # ends the skill; the generate step still explains it
                        return self._stopped_outcome(run, agent, info.id, f"stopped: {exc}")
                    completed = _completed(M.state_of(self.store.transcript(run.task_id, agent)))
                continue
            if completed is not None:
                return Outcome("completed", info.id, str(completed.get("summary") or ""),
                               tuple(str(p) for p in completed.get("artifacts") or ()))
            if state.ended:
                last = (state.last_assistant.message.get("content") or "").strip() if state.last_assistant else ""
                return self._stopped_outcome(run, agent, info.id, "the skill agent stopped without completing"
                                             + (f": {last}" if last else ""))
            turns = sum(1 for e in entries if e.message.get("role") == "assistant")
            if turns >= info.max_steps:
                return self._stopped_outcome(run, agent, info.id, f"the skill agent used all {info.max_steps} "
                                             "steps of its execution profile without completing")
            try:
                await self._call_model(run, agent, self._messages(run, agent), tools, append=True)
            except (BudgetExhausted, ModelError) as exc:
                return self._stopped_outcome(run, agent, info.id, f"stopped: {exc}")

    def _stopped_outcome(self: AgentRuntime, run: Run, agent: str, skill_id: str, why: str) -> Outcome:
        rows = [r for r in self.store.ledger(run.task_id) if r.agent == agent]
        denied = any(r.state == "denied" for r in rows)
        return Outcome("denied" if denied else "failed", skill_id,
                       ("The user denied the change; nothing was written. " if denied else "") + why)

    async def _skill_tool(self: AgentRuntime, run: Run, agent: str, info: SkillInfo, key: str, call: ToolCall,
                          commands: Mapping[str, Command]) -> str | None:
        existing = [r for r in self.store.ledger(run.task_id) if r.agent == agent and r.call_key == key]
        if existing:  # a frozen call: approval pending, approved, or interrupted
            return await self._resume_existing(run, existing[0])
        self._emit(ToolStarted(run.task_id, agent, call.id, call.name, call.arguments))
        try:
            run.take_tool_call()
        except BudgetExhausted as exc:
            self._log_call(run, agent, key, call, error(str(exc)))
            raise
        allowed = [*commands, LIST_WORKSPACE.name, READ_WORKSPACE_FILE.name, COMPLETE.name]
        try:
            if call.name == COMPLETE.name:
                args = parse_arguments(call.arguments, COMPLETE)
                self._log_call(run, agent, key, call, {"ok": True, "message": "completed",
                                                       "summary": args["summary"],
                                                       "artifacts": list(args.get("artifacts") or ())})
                return None
            if call.name in (LIST_WORKSPACE.name, READ_WORKSPACE_FILE.name):
                spec = LIST_WORKSPACE if call.name == LIST_WORKSPACE.name else READ_WORKSPACE_FILE
                args = parse_arguments(call.arguments, spec)
                repeated = self._repeat_error(run, agent, call, args)
                if repeated:
                    raise ToolInputError(repeated)
                self._log_call(run, agent, key, call, await self._read_tool(run, call.name, args))
                return None
            cmd = commands.get(call.name)
            if cmd is None:
                raise ToolInputError(f"{call.name!r} is not one of your tools; you can call: {', '.join(allowed)}")
            args = parse_arguments(call.arguments, command_spec(cmd))  # protected: validate_input
            _check_paths(run, args)
            repeated = self._repeat_error(run, agent, call, args)
            if repeated:
                raise ToolInputError(repeated)
        except (ToolInputError, WorkspaceError, OSError) as exc:
            self._log_call(run, agent, key, call, error(str(exc)))
            return None
        if cmd.writes:
            return await self._freeze(run, agent, info, key, call, cmd, args)
        return await self._run_read_command(run, agent, key, call, cmd, args)

    async def _run_read_command(self: AgentRuntime, run: Run, agent: str, key: str, call: ToolCall, cmd: Command,
                                args: dict[str, Any]) -> None:
        # Read-only: no side effect to protect, so the ledger row and the result are one commit after the run
        # (a crash in between leaves the call pending and it simply runs again).
        result = await self._execute_command(run, cmd, args)
        self.store.log_call(ledger_id=uuid.uuid4().hex, task_id=run.task_id, agent=agent, call_key=key,
                            tool_call_id=call.id, tool_id=cmd.name, input_hash=input_hash(args),
                            state="done" if result.get("ok") else "failed", result=result,
                            tool_message=M.tool_result(call, result))
        self._emit(ToolFinished(run.task_id, agent, call.id, call.name, bool(result.get("ok")),
                                str(result.get("message") or result.get("error") or "")))
        if run.cancel_requested:
            raise asyncio.CancelledError


_PATH_ARGS = ("path", "output", "output_dir", "target")


def _check_paths(run: Run, args: Mapping[str, Any]) -> None:
    """Protected: every path-like argument must resolve inside the task workspace before anything else."""
    for name in _PATH_ARGS:
        if isinstance(args.get(name), str):
            run.ws.resolve(args[name])
    for rel in args.get("inputs") or ():
        if isinstance(rel, str):
            run.ws.resolve(rel)
    versioning.check_private(args)


def _completed(state: M.TranscriptState) -> Mapping[str, Any] | None:
    for key, call in state.calls.items():
        result = state.results.get(key)
        if call.name == COMPLETE.name and result is not None and result.get("ok"):
            return result
    return None


def _raw_hash(raw: str) -> str:
    try:
        return input_hash(json.loads(raw or "{}"))
    except json.JSONDecodeError:
        return input_hash(raw)


__all__ = ["MAIN", "PAUSED", "LoopMixin", "Outcome", "canonical_json", "skill_agent"]
