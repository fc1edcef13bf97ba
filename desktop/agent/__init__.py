"""Main agent, skill agent, tool surfaces, approvals, ledger, finalization (no Qt)."""
from __future__ import annotations

from desktop.agent.approvals import ApprovalError
from desktop.agent.budgets import BudgetExhausted, Budgets
from desktop.agent.flow import SKILL_PIPELINE, Flow, FlowStep
from desktop.agent.runtime import AgentRuntime, TaskStatus
from desktop.agent.skillsource import CatalogSkills, SkillInfo, SkillSource, SkillUnavailable, StaticSkills

__all__ = [
    "SKILL_PIPELINE",
    "AgentRuntime",
    "ApprovalError",
    "BudgetExhausted",
    "Budgets",
    "CatalogSkills",
    "Flow",
    "FlowStep",
    "SkillInfo",
    "SkillSource",
    "SkillUnavailable",
    "StaticSkills",
    "TaskStatus",
]
