"""Main agent, skill agent, tool surfaces, approvals, ledger, finalization (no Qt).

Names load on first use (module ``__getattr__``), so the window can import the event classes and the
store types without loading the runtime, the loops or the skill catalog.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from desktop.agent.budgets import BudgetExhausted, Budgets
    from desktop.agent.flows import FlowError, FlowRunner
    from desktop.agent.gate import ApprovalError
    from desktop.agent.runtime import AgentRuntime, TaskStatus
    from desktop.agent.skillsource import CatalogSkills, SkillInfo, SkillSource, SkillUnavailable, StaticSkills

_HOMES = {
    "AgentRuntime": "runtime", "TaskStatus": "runtime",
    "ApprovalError": "gate",
    "BudgetExhausted": "budgets", "Budgets": "budgets",
    "FlowError": "flows", "FlowRunner": "flows",
    "CatalogSkills": "skillsource", "SkillInfo": "skillsource", "SkillSource": "skillsource",
    "SkillUnavailable": "skillsource", "StaticSkills": "skillsource",
}

__all__ = [  # the same names as _HOMES, spelled out for tools that read __all__ statically
    "AgentRuntime", "ApprovalError", "BudgetExhausted", "Budgets", "CatalogSkills", "FlowError", "FlowRunner",
    "SkillInfo", "SkillSource", "SkillUnavailable", "StaticSkills", "TaskStatus",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
