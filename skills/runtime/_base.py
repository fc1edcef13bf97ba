from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeAlias, TypeVar

from skills.messages import Msg, Said, english, msg
from skills.runtime.errors import CommandError
from skills.runtime.json_types import JsonObject

if TYPE_CHECKING:
    from skills.runtime.workspace import Workspace

__all__ = ["AnyCommand", "ArgsT", "ArtifactRecord", "Check", "Command", "CommandError", "CommandResult", "Evidence",
           "all_commands", "get_command", "register"]

CheckStatus = Literal["passed", "failed", "not_run"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Check:
    """One evidence check. ``not_run`` is never counted as passed."""

    name: str
    status: CheckStatus
    detail: Msg | str = ""  # why it failed or did not run: a message (a person reads it in their language)


@dataclass(frozen=True, slots=True, kw_only=True)
class Evidence:
    """Facts computed from a real file on disk, never from model text."""

    path: str  # workspace-relative, posix separators
    kind: str  # docx | pdf | pptx | xlsx
    sha256: str
    bytes: int
    checks: tuple[Check, ...] = ()
    counts: Mapping[str, int] = field(default_factory=dict)

    JSON_COMPUTED: ClassVar[tuple[str, ...]] = ("passed",)  # told to the model with the checks (skills.codec)

    @property
    def passed(self) -> bool:
        ran = [c for c in self.checks if c.status != "not_run"]
        return bool(ran) and all(c.status == "passed" for c in ran)


@dataclass(frozen=True, slots=True, kw_only=True)
class ArtifactRecord:
    """A file a runtime reports as written; the only way an artifact comes to exist."""

    path: str  # workspace-relative, posix separators
    kind: str
    sha256: str
    bytes: int
    title: str = ""



@dataclass(frozen=True, slots=True, kw_only=True)
class CommandResult:
    ok: bool
    message: str  # what the model (and the user, in the ledger) reads
    data: JsonObject = field(default_factory=dict)  # JSON the model (or the offline planner) reads back
    artifacts: tuple[ArtifactRecord, ...] = ()
    evidence: tuple[Evidence, ...] = ()

@dataclass(frozen=True, slots=True, kw_only=True)
class Change:
    """One before/after pair the approval card shows: a paragraph, a slide's text, a cell (never XML).

    A side is the file's own words, or a message value (a slide's number and title, "(removed)") that each
    reader sees in their own language; an empty side means nothing was there (an addition) or nothing will be
    (a removal).
    """

    before: Msg | str
    after: Msg | str


@dataclass(frozen=True, slots=True, kw_only=True)
class WritePlan:
    """What a write will do, told before it runs: the approval card's summary line and its changes."""

    summary: Msg
    changes: tuple[Change, ...] = ()

    def pairs(self) -> list[list[Said]]:
        """The changes as [before, after] lists, in order."""
        return [[c.before, c.after] for c in self.changes]



def changes_of(pairs: Iterable[Sequence[Msg | str]]) -> tuple[Change, ...]:
    """Before/after pairs from a command's reading of the file (lists or tuples of two sides)."""
    return tuple(Change(before=_side(before), after=_side(after)) for before, after in pairs)


def _side(value: Msg | str) -> Msg | str:
    return value if isinstance(value, Msg) else str(value)


def english_changes(changes: Iterable[Sequence[Msg | str]]) -> list[list[str]]:
    """Before/after pairs in English, for a command's result (the model reads it)."""
    return [[english(side) for side in pair] for pair in changes]


# A command's arguments: the TypedDict its ``input_schema`` describes (tests/skills/test_command_args.py keeps
# the two in step).
ArgsT = TypeVar("ArgsT", bound=Mapping[str, object])


@dataclass(frozen=True, slots=True, kw_only=True)
class Command(Generic[ArgsT]):
    """A runtime entry point. Names match ``^[a-z0-9_]+$`` so they are valid tool names.

    ``run`` and ``describe`` are handed the model's JSON as it came and check it against ``input_schema``
    first (:func:`skills.runtime._validate.checked_args`): only then do they read it as ``args_type``."""

    name: str
    description: str
    input_schema: JsonObject
    writes: bool
    args_type: type[ArgsT]
    run: Callable[[Workspace, ArgsT], CommandResult]
    # Name of the argument holding the workspace-relative output/target path, if any.
    target_arg: str | None = None
    # For writes: what the call will do, for the approval card (read from the file, nothing written).
    describe: Callable[[Workspace, ArgsT], WritePlan] | None = None


# A command as the registry holds it, whatever its argument type: callers hand it the model's JSON object.
AnyCommand: TypeAlias = "Command[Any]"

_REGISTRY: dict[str, AnyCommand] = {}
# Modules that register the built-in commands when imported.
_BUILTIN_MODULES = (
    "skills.runtime.folder_cmds",  # restore a kept version, export to PDF: every format skill may use them
    "skills.runtime.docx.cmds",
    "skills.runtime.pdf.cmds",
    "skills.runtime.pptx.cmds",
    "skills.runtime.xlsx.cmds",
    "skills.runtime.render_cmds",
    "skills.runtime.office_read",
    "skills.runtime.pdf.edit",
    "skills.runtime.pdf.page_ops",
)
_loaded = False


def register(cmd: Command[ArgsT]) -> Command[ArgsT]:
    if cmd.name in _REGISTRY:
        raise ValueError(f"command {cmd.name!r} is registered twice")
    _REGISTRY[cmd.name] = cmd
    return cmd


def _load_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    try:
        for mod in _BUILTIN_MODULES:
            try:
                importlib.import_module(mod)
            except ModuleNotFoundError as exc:
                if exc.name != mod:  # a real missing dependency, not an unbuilt module
                    raise
    except BaseException:
        # Never leave a silently partial registry behind: the next call tries again
        # (modules that imported fine are cached and do not register twice).
        _loaded = False
        raise


def all_commands() -> dict[str, AnyCommand]:
    _load_builtins()
    return dict(_REGISTRY)


def get_command(name: str) -> AnyCommand:
    _load_builtins()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise CommandError(msg("error.base.unknown_command", name=repr(name))) from None
