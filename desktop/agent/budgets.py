"""Per-task budgets. Running out stops the task with an explanation; nothing is retried silently."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from desktop.errors import AgentError

# Tokens for everything the main agent is shown about earlier turns and files (desktop.agent.context uses it);
# here, not there, so the runtime's default needs no import of the context builder before the first task.
CONTEXT_BUDGET = 4000


class BudgetExhausted(AgentError):
    """A task budget ran out; the message says which one and its limit."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Budgets:
    model_calls: int = 30  # agent turns (main + skill); the one generate call is reserved on top
    tool_calls: int = 60
    wall_seconds: float = 600.0  # running time; time spent waiting for an approval does not count
    repeat_calls: int = 2  # the same tool with the same arguments, per agent, before it is refused

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Budgets:
        known = {k: data[k] for k in ("model_calls", "tool_calls", "wall_seconds", "repeat_calls") if k in data}
        return cls(**known)
