"""The skills layer's exceptions, one tree (ARCHITECTURE §11). Every message is meant for the user or
the model as is; catch the narrowest type.

    SkillsError                     anything the skills layer refuses
    ├── WorkspaceError              a path was refused: outside the folder, absolute, a link out of it
    │   └── TargetInUse             (workspace) another program holds the target open; the new version is kept
    ├── CommandError                a command refused or failed (bad input, unreadable file...)
    │   ├── UnsafeFileError         (safety) a hostile or unsupported file
    │   ├── SofficeUnavailable      (soffice) LibreOffice is missing or failed
    │   ├── PasswordRequired        (pdf_read) the PDF needs a user password to open
    │   ├── StringTooLong           (_xlsx_strings) a workbook's shared string is past the bound
    │   └── WorkerError             (isolate) isolated work on a file did not finish
    │       ├── WorkerCrashed       the worker process died (a parser crash on a hostile file)
    │       ├── WorkerTimeout       the work took longer than its time limit
    │       └── WorkerOutOfMemory   the work needed more memory than its limit
    ├── VersionStoreError           (versions) a kept version's bytes are missing or damaged
    ├── CodecError                  (skills.codec) a kept or sent record does not fit its type
    ├── CatalogError                (skills.catalog) the catalog cannot be built or a body not trusted
    │   └── FlowDefinitionError     (skills.flow) a flow resource is malformed or skips a protected step
    ├── Unsupported                 (_xlsx_formula) a formula the engine does not evaluate (unknown function, names...)
    └── _Raise                      (_xlsx_formula) a formula's own error value (#DIV/0!...), unwinding evaluation

This module imports nothing, so any module of the layer can raise these without import cycles.
An error is raised with its message value, ``CommandError(msg("error.…", name=…))``: ``exc.msg`` is that
value for the user's language and ``str(exc)`` its English (the model and the log read it); ``exc.details`` the
lower layer's own text (a library's exception) for a details view.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skills.messages import Msg


class SkillsError(Exception):
    """Base of every error the skills layer raises on purpose."""

    def __init__(self, *args: object, msg: Msg | None = None, details: str = "") -> None:
        super().__init__(*args)
        if msg is None and args and _is_message(args[0]):
            msg = args[0]  # type: ignore[assignment]  # the one message value: str(exc) is its English
        self.msg = msg
        self.details = details


def _is_message(value: object) -> bool:
    from skills.messages import Msg  # here: this module imports nothing at load, so no layer module cycles

    return isinstance(value, Msg)


class WorkspaceError(SkillsError):
    """A path was refused: outside the workspace, absolute, or through a symlink escape."""


class CommandError(SkillsError):
    """A clear, user-facing failure of a command (bad input, unreadable file...)."""


class CatalogError(SkillsError):
    """The catalog cannot be built or a skill body cannot be trusted; the message names the file."""


class FlowDefinitionError(CatalogError, ValueError):
    """A flow resource is malformed or unsafe; the message names the flow and the step."""
