"""Private office runtimes: the commands a skill agent may call.

Every command is declared with a JSON schema, whether it writes (and so needs
approval), and a ``run(workspace, args)`` that returns a :class:`CommandResult`
whose artifacts and evidence are computed from the real file.
"""
from __future__ import annotations

from skills.runtime._base import (
    AnyCommand,
    ArtifactRecord,
    Change,
    Check,
    Command,
    CommandError,
    CommandResult,
    Evidence,
    WritePlan,
    all_commands,
    get_command,
    register,
)
from skills.runtime.workspace import Workspace, WorkspaceError

__all__ = [
    "AnyCommand",
    "ArtifactRecord",
    "Change",
    "Check",
    "Command",
    "CommandError",
    "CommandResult",
    "Evidence",
    "Workspace",
    "WorkspaceError",
    "WritePlan",
    "all_commands",
    "get_command",
    "register",
]
