"""The desktop layer's exceptions, one tree (ARCHITECTURE §11). Catch the narrowest type; a bare
``except Exception`` belongs only at a boundary that reports to the user or the log.

    MiraError                       anything Mira refuses or fails on, with a message for the user
    ├── StoreError                  desktop.store: unknown id, bad value, unreadable database
    ├── AgentError                  desktop.agent
    │   ├── ApprovalError           an approve/deny was refused (tampered, stale, decided, running)
    │   ├── BudgetExhausted         a task budget ran out
    │   ├── ToolInputError          a tool call's arguments were refused (shown to the model)
    │   ├── SkillUnavailable        unknown or instruction-only skill
    │   └── FlowError               a task's flow is unknown, changed, or its steps are inconsistent
    └── ModelError                  desktop.llm: the model call failed (network, protocol, deadline)

Leaf modules define their own class and derive it from here, so this module imports nothing of Mira.
"""
from __future__ import annotations


class MiraError(Exception):
    """Base of every error Mira raises on purpose; ``str(exc)`` is a message a user may see."""


class AgentError(MiraError):
    """Raised by desktop.agent."""
