"""Private office runtimes: the commands a skill agent may call.

Every command is declared with a JSON schema, whether it writes (and so needs
approval), and a ``run(workspace, args)`` that returns a :class:`CommandResult`
whose artifacts and evidence are computed from the real file.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    # The workspace (and the hashing it loads) on first use: `mira inspect` reaches this package for its
    # errors and file checks, never for a workspace.
    if name in ("Workspace", "WorkspaceError"):
        from skills.runtime import workspace

        return getattr(workspace, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
