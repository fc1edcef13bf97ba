"""Private office runtimes: the commands a skill agent may call.

Every command is declared with a JSON schema, whether it writes (and so needs
approval), and a ``run(workspace, args)`` that returns a :class:`CommandResult`
whose artifacts and evidence are computed from the real file.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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


# Every name loads on first use (PEP 562). A package that imports its own submodule while it loads deadlocks with
# a thread that imports that submodule first (each holds the lock the other waits for: tests/test_import_graph.py);
# the workspace (and the hashing it loads) also stays out of `mira inspect`, which never makes one.
_LAZY = {**dict.fromkeys(("AnyCommand", "ArtifactRecord", "Change", "Check", "Command", "CommandError", "CommandResult",
                          "Evidence", "WritePlan", "all_commands", "get_command", "register"), "skills.runtime._base"),
         "Workspace": "skills.runtime.workspace", "WorkspaceError": "skills.runtime.workspace"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
