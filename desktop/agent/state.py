"""The run state the loops work on: one drive of one task (workspace, model, budgets, usage), and the
small values the parts exchange (how a skill ended, the agent names)."""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Final

from desktop.agent.budgets import BudgetExhausted, Budgets
from desktop.llm import Model
from desktop.messages import msg
from desktop.agent.outcome import ToolOutcome, failed
from skills.messages import Msg
from skills.runtime import Workspace

MAIN: Final = "main"
PAUSED: Final = "paused"  # a loop returns it when the task waits (approval pending, another driver working)
FINISHED: Final = "finished"


def skill_agent(skill_id: str) -> str:
    """The transcript/ledger name of a skill agent."""
    return f"skill:{skill_id}"


def error(message: Msg | str) -> ToolOutcome:
    """A failed tool call: its one error (English words, or a message value)."""
    return failed(message)


def refused(exc: BaseException) -> ToolOutcome:
    """A failed tool call from an exception: its message value when it was raised with one (the person reads
    the card, the chat or the terminal in their language; the model reads its English), else its English."""
    said = getattr(exc, "msg", None)
    return failed(said if isinstance(said, Msg) else str(exc))


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """How a skill agent ended: the parent finalizes from this, never from model text."""

    status: str  # completed | denied | failed
    skill_id: str
    summary: str
    selected: tuple[str, ...] = ()  # paths named in complete()


@dataclass
class Run:
    task_id: str
    conversation_id: str
    message_id: str
    ws: Workspace
    model: Model
    budgets: Budgets
    usage: dict[str, Any]
    started: float = field(default_factory=time.monotonic)
    base_wall: float = 0.0
    cancel_requested: bool = False  # set when a cancel arrived while a command was finishing

    def __post_init__(self) -> None:
        self.base_wall = float(self.usage.get("wall_seconds", 0.0))
        self.usage.setdefault("model_calls", 0)
        self.usage.setdefault("tool_calls", 0)

    @property
    def wall(self) -> float:
        return self.base_wall + (time.monotonic() - self.started)

    def remaining_wall(self) -> float:
        return self.budgets.wall_seconds - self.wall

    def snapshot(self) -> dict[str, Any]:
        return {**self.usage, "wall_seconds": round(self.wall, 3)}

    def check_wall(self) -> None:
        if self.remaining_wall() <= 0:
            raise BudgetExhausted(msg("budget.time", seconds=f"{self.budgets.wall_seconds:g}"))

    def take_model_call(self, reserved: bool = False) -> int:
        self.check_wall()
        if not reserved and self.usage["model_calls"] >= self.budgets.model_calls:
            said = msg("budget.model_calls", self.budgets.model_calls)  # "1 model call", "4 model calls"
            raise BudgetExhausted(said.english(), msg=said)
        self.usage["model_calls"] += 1
        return int(self.usage["model_calls"])

    def take_tool_call(self) -> None:
        self.check_wall()
        if self.usage["tool_calls"] >= self.budgets.tool_calls:
            said = msg("budget.tool_calls", self.budgets.tool_calls)
            raise BudgetExhausted(said.english(), msg=said)
        self.usage["tool_calls"] += 1

    @asynccontextmanager
    async def wall_limit(self) -> AsyncIterator[None]:
        """Bound an await by the remaining wall budget."""
        try:
            async with asyncio.timeout(max(0.001, self.remaining_wall())):
                yield
        except TimeoutError:
            raise BudgetExhausted(msg("budget.time", seconds=f"{self.budgets.wall_seconds:g}")) from None
