"""A small test driver for the offline planner: real commands, real files, the protocol's message shapes.

This is not the agent runtime (engineer D builds that); it plays the protocol
just far enough to check that every turn the planner produces is valid for the
tools it was given and that the files it asks for really get made.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from desktop.llm import ChatMessage, Completion, ToolSpec
from desktop.llm.offline import OfflinePlanner
from skills.codec import to_json
from skills.runtime import CommandError, Workspace, all_commands, get_command

MAIN_TOOLS = [
    ToolSpec(name="load_skill", description="Load a skill's instructions", parameters={
        "type": "object", "required": ["skill_id"], "additionalProperties": False,
        "properties": {"skill_id": {"type": "string"}}}),
    ToolSpec(name="run_skill", description="Run a skill agent", parameters={
        "type": "object", "required": ["skill_id", "goal"], "additionalProperties": False,
        "properties": {"skill_id": {"type": "string"}, "goal": {"type": "string"},
                       "inputs": {"type": "array", "items": {"type": "string"}}}}),
    ToolSpec(name="list_workspace", description="List files", parameters={
        "type": "object", "additionalProperties": False, "properties": {"path": {"type": "string"}}}),
    ToolSpec(name="read_workspace_file", description="Read a text file", parameters={
        "type": "object", "required": ["path"], "additionalProperties": False,
        "properties": {"path": {"type": "string"}, "max_chars": {"type": "integer"}}}),
]
COMPLETE = ToolSpec(name="complete", description="Finish", parameters={
    "type": "object", "required": ["summary"], "additionalProperties": False,
    "properties": {"summary": {"type": "string"}, "artifacts": {"type": "array", "items": {"type": "string"}}}})
def _skill_commands(skill_id: str) -> tuple[str, ...]:
    """The skill's commands as the built catalog lists them; a skill missing there fails the test."""
    from skills.catalog import load_catalog

    entries = load_catalog().entries
    assert skill_id in entries, f"the {skill_id} skill is missing from the built catalog"
    return tuple(entries[skill_id].commands)


def skill_tools(skill_id: str) -> list[ToolSpec]:
    """The skill agent's surface: its commands + read-only workspace tools + complete."""
    names = _skill_commands(skill_id)
    missing = [n for n in names if n not in all_commands()]
    assert not missing, f"commands missing from the registry: {', '.join(missing)}"
    cmds = [get_command(n) for n in names]
    return [ToolSpec(name=c.name, description=c.description, parameters=c.input_schema) for c in cmds] + MAIN_TOOLS[2:] + [COMPLETE]


def decide(messages: list[ChatMessage], tools: list[ToolSpec]) -> Completion:
    """One planner turn, checked against the schema of every tool it calls."""
    turn = OfflinePlanner().decide(messages, tools)
    by_name = {t.name: t for t in tools}
    for call in turn.tool_calls:
        assert call.name in by_name, f"called {call.name!r}, which is not among the tools given"
        jsonschema.validate(json.loads(call.arguments), dict(by_name[call.name].parameters))
    return turn


@dataclass
class SkillRun:
    messages: list[ChatMessage]
    complete: dict[str, Any]
    results: dict[str, dict[str, Any]] = field(default_factory=dict)  # command name -> result


def _workspace_tool(ws: Workspace, name: str, args: dict[str, Any]) -> str:
    if name == "list_workspace":
        files = [{"path": p.relative_to(ws.root).as_posix(), "bytes": p.stat().st_size, "kind": p.suffix[1:]}
                 for p in sorted(ws.root.rglob("*")) if p.is_file()]
        return json.dumps({"ok": True, "files": files})
    path = ws.resolve(args["path"], must_exist=True)
    return json.dumps({"ok": True, "path": args["path"], "text": path.read_text(encoding="utf-8")})


def run_skill_agent(root: Path, skill_id: str, goal: str, inputs: list[str] | None = None, *,
                    approve: Callable[[str, dict[str, Any]], bool] = lambda n, a: True,
                    workspace_tool: Callable[[Path, str, dict[str, Any]], str] | None = None,
                    max_turns: int = 12) -> SkillRun:
    """Drive the planner as a skill agent until it calls complete."""
    ws = Workspace(root)
    tools = skill_tools(skill_id)
    first = goal + (f"\n\n[Input files: {', '.join(inputs)}]" if inputs else "")
    messages = [ChatMessage(role="system", content=f"skill {skill_id} body"), ChatMessage(role="user", content=first)]
    results: dict[str, dict[str, Any]] = {}
    for _ in range(max_turns):
        turn = decide(messages, tools)
        assert len(turn.tool_calls) == 1, f"expected one tool call, got {turn}"
        call = turn.tool_calls[0]
        messages.append(ChatMessage(role="assistant", content=turn.text, tool_calls=turn.tool_calls))
        args = json.loads(call.arguments)
        if call.name == "complete":
            ids = [c.id for m in messages for c in m.tool_calls]
            assert len(ids) == len(set(ids)) and all(ids), f"tool-call ids repeat or are empty: {ids}"
            return SkillRun(messages, args, results)
        if call.name == "read_workspace_file" and workspace_tool is not None:
            content = workspace_tool(ws.root, call.name, args)
        elif call.name in ("list_workspace", "read_workspace_file"):
            content = _workspace_tool(ws, call.name, args)
        else:
            cmd = get_command(call.name)
            if cmd.writes and not approve(call.name, args):
                content = json.dumps({"ok": False, "denied": True, "message": "denied by the user"})
            else:
                try:
                    content = json.dumps(to_json(cmd.run(ws, args)))
                except CommandError as exc:
                    content = json.dumps({"ok": False, "error": str(exc)})
            results[call.name] = json.loads(content)
        messages.append(ChatMessage(role="tool", content=content, tool_call_id=call.id))
    raise AssertionError("the planner never completed")
