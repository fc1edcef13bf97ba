"""Tool surfaces: what the main agent and a skill agent may call, and the read-only workspace tools."""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from desktop.errors import AgentError
from desktop.llm import ToolSpec
from desktop.llm.schemas import for_model, share_across, without_guards
from skills.runtime import AnyCommand, Workspace, WorkspaceError
from desktop.messages import msg
from skills.messages import Msg

LOAD_SKILL = ToolSpec(
    name="load_skill",
    description="Return a skill's instructions by catalog id.",
    parameters={"type": "object", "properties": {"skill_id": {"type": "string", "minLength": 1}},
     "required": ["skill_id"], "additionalProperties": False},
)
RUN_SKILL = ToolSpec(
    name="run_skill",
    description="Hand document work to a skill; its agent makes and verifies the files, then you write the delivery "
    "message.",
    parameters={"type": "object",
     "properties": {"skill_id": {"type": "string", "minLength": 1},
                    "goal": {"type": "string", "minLength": 1},
                    "inputs": {"type": "array", "items": {"type": "string"}}},
     "required": ["skill_id", "goal"], "additionalProperties": False},
)
LIST_WORKSPACE = ToolSpec(
    name="list_workspace",
    description="List the workspace's files (path, bytes, kind), or one folder's.",
    parameters={"type": "object", "properties": {"path": {"type": "string"}}, "additionalProperties": False},
)
READ_WORKSPACE_FILE = ToolSpec(
    name="read_workspace_file",
    description="Read a text file (md, txt, csv, json) from the workspace; office files need a skill.",
    parameters={"type": "object",
     "properties": {"path": {"type": "string", "minLength": 1},
                    "max_chars": {"type": "integer", "minimum": 1, "maximum": 200000}},
     "required": ["path"], "additionalProperties": False},
)
COMPLETE = ToolSpec(
    name="complete",
    description="Call once at the end: what was made from what, and the files to deliver (only ones a command wrote "
    "and verified).",
    parameters={"type": "object",
     "properties": {"summary": {"type": "string"},
                    "artifacts": {"type": "array", "items": {"type": "string"}}},
     "required": ["summary"], "additionalProperties": False},
)

def run_skill_for(skill_id: str, files: Sequence[str]) -> ToolSpec:
    """``run_skill`` for the one skill the user picked: its id is the only one the call may name, and its inputs
    only files in the workspace (none offered when it is empty). A server that constrains a named tool_choice
    by grammar then writes a call that runs, even with a small model."""
    properties: dict[str, Any] = {**RUN_SKILL.parameters["properties"],
                                  "skill_id": {"type": "string", "enum": [skill_id]}}
    if files:
        properties["inputs"] = {"type": "array", "items": {"type": "string", "enum": list(files)}}
    else:
        properties.pop("inputs")
    return ToolSpec(name=RUN_SKILL.name, description=RUN_SKILL.description,
                    parameters={**RUN_SKILL.parameters, "properties": properties})


def read_first(files: Sequence[str]) -> ToolSpec:
    """``read_workspace_file`` for a skill agent's first step: its path may only be one of its text inputs."""
    # no max_chars: the first read takes the file whole (up to the tool's default)
    properties = {"path": {"type": "string", "enum": list(files)}}
    return ToolSpec(name=READ_WORKSPACE_FILE.name, description=READ_WORKSPACE_FILE.description,
                    parameters={**READ_WORKSPACE_FILE.parameters, "properties": properties})


MAIN_TOOLS: tuple[ToolSpec, ...] = (LOAD_SKILL, RUN_SKILL, LIST_WORKSPACE, READ_WORKSPACE_FILE)
READ_ONLY_TOOLS: tuple[ToolSpec, ...] = (LIST_WORKSPACE, READ_WORKSPACE_FILE)
TEXT_SUFFIXES = {".md", ".markdown", ".txt", ".csv", ".tsv", ".json"}
OFFICE_SUFFIXES = {".docx": "docx", ".pdf": "pdf", ".pptx": "pptx", ".xlsx": "xlsx"}
DEFAULT_MAX_CHARS = 20000
_LIST_LIMIT = 500


def command_spec(cmd: AnyCommand) -> ToolSpec:
    """The command with its full argument schema: what a call's arguments are validated against."""
    return ToolSpec(name=cmd.name, description=cmd.description, parameters=dict(cmd.input_schema))


def model_spec(cmd: AnyCommand) -> ToolSpec:
    """The command as the model is shown it: the same shapes, said once (shared definitions, no limits
    an answer never reaches, no refuse-only guards); arguments are still validated against
    :func:`command_spec`."""
    return ToolSpec(name=cmd.name, description=cmd.description, parameters=for_model(dict(cmd.input_schema)))


def shown(spec: ToolSpec) -> ToolSpec:
    """A built-in tool as a skill agent is shown it; its call is still validated against ``spec`` itself."""
    return ToolSpec(name=spec.name, description=spec.description, parameters=without_guards(dict(spec.parameters)))


# The tools shown for a set of commands, made once: the same every turn (~25 ms to make, on every skill turn).
# Keyed by the command objects themselves, which the value keeps alive, so an id is never reused for another.
_SHOWN: dict[tuple[int, ...], tuple[tuple[AnyCommand, ...], tuple[ToolSpec, ...]]] = {}


def skill_tools(commands: Sequence[AnyCommand]) -> tuple[ToolSpec, ...]:
    """Exactly the skill's commands, the read-only workspace tools and ``complete``."""
    key = tuple(id(c) for c in commands)
    made = _SHOWN.get(key)
    if made is None:
        made = _SHOWN[key] = (tuple(commands), _skill_tools(commands))
    return made[1]


def _skill_tools(commands: Sequence[AnyCommand]) -> tuple[ToolSpec, ...]:
    specs = [model_spec(c) for c in commands]
    # a shape already shown by an earlier command (docx_create's blocks in docx_edit) is named, not repeated
    shared = share_across([(s.name, dict(s.parameters)) for s in specs])
    return (*(ToolSpec(name=s.name, description=s.description, parameters=p) for s, p in zip(specs, shared)),
            *(shown(t) for t in (*READ_ONLY_TOOLS, COMPLETE)))


class ToolInputError(AgentError):
    """The arguments of a tool call were refused; the message is shown to the model."""


MAX_DEPTH = 64  # nesting of the arguments object; real commands need fewer than 10 levels
ECHO_LIMIT = 240  # characters of an offending value quoted back to the model


def load_arguments(raw: str) -> Any:
    """The model's raw arguments as JSON; empty means no arguments. The approval gate reads the proposed
    call back with this too, so a call frozen from empty arguments still matches its input hash. A raw newline
    or tab inside a string is taken as itself (``strict=False``): small models write them, and llama-cpp-python's
    grammar for a named tool_choice lets them through; the commands refuse control characters where a format
    cannot hold them."""
    return json.loads(raw or "{}", strict=False)


def parse_arguments(raw: str, spec: ToolSpec) -> dict[str, Any]:
    """Parse the model's raw JSON and validate it against the tool's schema (a protected step)."""
    try:
        args = load_arguments(raw)
    except json.JSONDecodeError as exc:
        raise ToolInputError(msg("error.agent_tools.arguments_valid_json_position", name=spec.name, msg=exc.msg, pos=exc.pos)
                             ) from None
    except RecursionError:
        raise ToolInputError(msg("error.agent_tools.arguments_nested_too_deeply", name=spec.name)) from None
    if not isinstance(args, dict):
        raise ToolInputError(msg("error.agent_tools.arguments_json_object", name=spec.name, type=type(args).__name__))
    if depth(args) > MAX_DEPTH:
        raise ToolInputError(msg("error.agent_tools.arguments_nested_more_levels", name=spec.name, max_depth=MAX_DEPTH))
    validate(args, spec.parameters, spec.name)
    return args


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (iterative: no recursion limit to hit)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def capped(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit} more characters not shown)"


def validate(args: Mapping[str, Any], schema: Mapping[str, Any], name: str) -> None:
    import jsonschema  # imported on first use: it is the heaviest import of the agent

    try:
        validator_cls = jsonschema.validators.validator_for(schema)
        error = jsonschema.exceptions.best_match(validator_cls(schema).iter_errors(args))
    except jsonschema.exceptions.SchemaError as exc:
        raise ToolInputError(msg("error.agent_tools.invalid_input_schema", name=name, value=capped(exc.message))) from None
    if error is not None:
        # The message quotes the offending value: an 8 MB argument must not come back as 8 MB of error.
        where = capped("/".join(str(p) for p in error.absolute_path) or "(top level)", 120)
        raise ToolInputError(msg("error.agent_tools.invalid_arguments", name=name, where=where, value=capped(error.message)))


OUTPUT_ARGS = ("path", "output", "output_dir", "target")  # top-level: the file a command writes or edits
READ_KEYS = ("path", "image", "src", "file", "template")  # nested: a file a command reads (an image block)


def argument_paths(ws: Workspace, args: Mapping[str, Any]) -> tuple[str, ...]:
    """Check every path in every argument before anything runs or is asked: each must resolve inside the
    workspace, and a file the call reads (``inputs``, an image inside a document block) must exist.
    Returns the files it reads, for the approval card. Raises ToolInputError naming the argument."""
    reads: list[str] = []
    for name in OUTPUT_ARGS:
        if isinstance(args.get(name), str):
            _resolve(ws, args[name], name, must_exist=False)
    # Depth first, children pushed in reverse so they come off the stack in the call's own order: the card
    # lists a merge's inputs in the order they are merged.
    stack: list[tuple[str, Any]] = [(k, v) for k, v in args.items() if k not in OUTPUT_ARGS][::-1]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            stack.extend([(f"{where}/{k}", v) for k, v in value.items()][::-1])
        elif isinstance(value, list):
            stack.extend([(f"{where}/{i}", v) for i, v in enumerate(value)
                          if where == "inputs" or not isinstance(v, str)][::-1])
        elif isinstance(value, str) and (where.rpartition("/")[2] in READ_KEYS or where.startswith("inputs/")):
            _resolve(ws, value, where, must_exist=True)
            reads.append(value)
    return tuple(sorted(set(reads), key=reads.index))


def _resolve(ws: Workspace, rel: str, where: str, *, must_exist: bool) -> None:
    try:
        path = ws.resolve(rel, must_exist=must_exist)
    except WorkspaceError as exc:
        said = exc.msg if isinstance(exc.msg, Msg) else capped(str(exc))  # the person reads it in their language
        raise ToolInputError(msg("error.agent_tools.failed", where=where, value=said)) from None
    if must_exist and not path.is_file():
        raise ToolInputError(msg("error.agent_tools.folder_file", where=where, value=capped(rel, 120)))


def kind_of(path: Path) -> str:
    if path.is_dir():
        return "folder"
    suffix = path.suffix.lower()
    if suffix in OFFICE_SUFFIXES:
        return OFFICE_SUFFIXES[suffix]
    if suffix in TEXT_SUFFIXES:
        return suffix.lstrip(".")
    return suffix.lstrip(".") or "file"


def list_workspace(ws: Workspace, args: Mapping[str, Any]) -> dict[str, Any]:
    rel = str(args.get("path") or "").strip()
    base = ws.root if rel in ("", ".", "./") else ws.resolve(rel, must_exist=True)
    if not base.is_dir():
        raise WorkspaceError(f"{rel!r} is a file, not a folder; use read_workspace_file")
    files: list[dict[str, Any]] = []
    for path in sorted(base.rglob("*")):
        rel_parts = path.relative_to(ws.root).parts
        # Hidden and staging entries are runtime internals, not the user's material.
        if any(p.startswith(".") for p in rel_parts) or path.is_symlink():
            continue
        if path.is_dir():
            continue
        if len(files) >= _LIST_LIMIT:
            return {"ok": True, "files": files, "truncated": True}
        files.append({"path": path.relative_to(ws.root).as_posix(), "bytes": path.stat().st_size,
                      "kind": kind_of(path)})
    return {"ok": True, "files": files, "truncated": False}


def read_workspace_file(ws: Workspace, args: Mapping[str, Any]) -> dict[str, Any]:
    rel = str(args["path"])
    path = ws.resolve(rel, must_exist=True)
    if path.is_dir():
        raise WorkspaceError(f"{rel!r} is a folder; use list_workspace")
    suffix = path.suffix.lower()
    if suffix in OFFICE_SUFFIXES:
        kind = OFFICE_SUFFIXES[suffix]
        return {"ok": True, "path": rel, "kind": kind, "text": "",
                "note": f"{rel} is a {kind.upper()} file; read it with the {kind} skill's {kind}_inspect command"}
    if suffix not in TEXT_SUFFIXES:
        raise WorkspaceError(f"{rel!r} is not a text file this tool can read (md, txt, csv, json)")
    max_chars = int(args.get("max_chars") or DEFAULT_MAX_CHARS)
    with open(path, encoding="utf-8-sig", errors="replace") as fh:
        text = fh.read(max_chars + 1)
    truncated = len(text) > max_chars
    return {"ok": True, "path": rel, "kind": suffix.lstrip("."), "text": text[:max_chars], "truncated": truncated,
            "bytes": path.stat().st_size}
