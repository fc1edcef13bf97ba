"""Runs the declared flow (``skills/flows``, built into the catalog): each step's registered processor is
bound here to the code that does it, and the steps run in the flow's order. Nothing hard-codes the
order: ``validate → approval → run → verify`` for every proposed command, ``commit → deliver`` at the end.

A processor returns ``None`` to go on, or a stop: ``state.PAUSED`` (the task waits), ``STOP`` (this call is
done, e.g. refused with a tool error already logged).
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from desktop.agent.calls import Calls
from desktop.agent.execute import run_command, run_raw, verify_result
from desktop.agent.outcome import ToolOutcome
from desktop.agent.skillsource import SkillInfo
from desktop.agent.state import Outcome, Run, refused
from desktop.agent.tools import ToolInputError, argument_paths, command_spec, parse_arguments
from desktop.errors import AgentError
from desktop.llm import ToolCall
from desktop.llm.packet import FinalizationPacket
from skills.flow import PROCESSORS, Flow
from skills.runtime import AnyCommand, WorkspaceError
from desktop.messages import msg

STOP = "stop"

BeforeWrite = Callable[["CallState"], Awaitable[str | None]]


class FlowError(AgentError):
    """The flow cannot run here: a step's processor is not bound, or a task started under another flow."""


@dataclass
class CallState:
    """One proposed command on its way through the call steps."""

    run: Run
    agent: str
    info: SkillInfo
    key: str
    call: ToolCall
    cmd: AnyCommand
    calls: Calls
    before_write: BeforeWrite  # the approval gate's freeze
    args: dict[str, Any] = field(default_factory=dict)
    result: ToolOutcome | None = None


@dataclass
class FinishState:
    """The end of a skill run on its way through the finish steps."""

    run: Run
    outcome: Outcome | None  # None: the packet was frozen before a restart; deliver only
    packet: FinalizationPacket | None = None


CallProcessor = Callable[[CallState], Awaitable[str | None]]
FinishProcessor = Callable[[FinishState], Awaitable[str | None]]


# -- call processors ------------------------------------------------------------------------------

async def validate_input(st: CallState) -> str | None:
    """Protected: schema, every path inside the folder (files it reads exist), no pointless repeat."""
    try:
        st.args = parse_arguments(st.call.arguments, command_spec(st.cmd))
        argument_paths(st.run.ws, st.args)
        repeated = st.calls.repeated(st.run, st.agent, st.call, st.args)
        if repeated:
            raise ToolInputError(repeated)
    except (ToolInputError, WorkspaceError, OSError) as exc:
        st.calls.log(st.run, st.agent, st.key, st.call, refused(exc))
        return STOP
    return None


async def approval_gate(st: CallState) -> str | None:
    """Protected: a write is frozen and waits for a decision; a read goes on."""
    if not st.cmd.writes:
        return None
    return await st.before_write(st) or STOP  # frozen (PAUSED), or refused and logged


async def run_step(st: CallState) -> str | None:
    st.result = await run_command(st.run, lambda: run_raw(st.run.ws, st.cmd, dict(st.args)))
    return None


async def verify_artifacts(st: CallState) -> str | None:
    """Protected: every file the command reports is re-read from disk."""
    assert st.result is not None, "verify_artifacts runs after run_command (checked when the flow is built)"
    st.result = await asyncio.to_thread(verify_result, st.run.ws, st.cmd, st.result)
    return None


CALL_PROCESSORS: Mapping[str, CallProcessor] = {
    "validate_input": validate_input, "approval_gate": approval_gate, "run_command": run_step,
    "verify_artifacts": verify_artifacts,
}


class FlowRunner:
    """Executes one flow's steps through the bound processors."""

    def __init__(self, flow: Flow, finish: Mapping[str, FinishProcessor]) -> None:
        unbound = [s for s in flow.steps if s.processor not in CALL_PROCESSORS and s.processor not in finish]
        if unbound:
            raise FlowError(msg("error.agent_flows.flow_step_processor_implemented", id_value=flow.id, id_value2=unbound[0].id, processor=unbound[0].processor))
        self.flow = flow
        self._call = [(s.processor, CALL_PROCESSORS[s.processor]) for s in flow.steps
                      if PROCESSORS[s.processor].phase == "call"]
        self._finish = [(s.processor, finish[s.processor]) for s in flow.steps
                        if PROCESSORS[s.processor].phase == "finish"]

    async def call(self, st: CallState, *, after: str | None = None) -> str | None:
        """Run the call steps (those after the step running ``after`` when given); the first stop wins."""
        steps = self._call
        if after is not None:
            names = [name for name, _ in steps]
            steps = steps[names.index(after) + 1:]
        for _name, processor in steps:
            stop = await processor(st)
            if stop is not None:
                return stop
        return None

    async def finish(self, st: FinishState) -> None:
        for _name, processor in self._finish:
            if await processor(st) is not None:
                return

    def check_task(self, flow_id: str, version: int, sha256: str | None) -> None:
        """Refuse to continue a task that started under another flow (id, version or content)."""
        flow = self.flow
        if (flow_id, version) != (flow.id, flow.version) or (sha256 and sha256 != flow.sha256):
            started = f"{flow_id} v{version}" + (f" ({sha256[:12]})" if sha256 else "")
            raise FlowError(msg("error.agent_flows.other_flow", started=started,
                                running=f"{flow.id} v{flow.version} ({flow.sha256[:12]})"))


