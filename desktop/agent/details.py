"""Progressive skill instructions: a skill agent starts with the workflow, and reads a command's examples and
rules by name when it needs them (seed 003: details loaded on demand).

A ``## `` section of a SKILL.md body whose heading names one of the skill's commands (``## docx_edit``,
``## docx_inspect and docx_verify``) is a detail: it leaves the first request and is returned by the
``skill_details`` tool. Everything else — the workflow, the rules for good documents — stays up front. A
body without such sections is sent whole, as before.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from desktop.llm import ToolSpec

NAME = "skill_details"
_HEADING = re.compile(r"^## +(.+?)\s*$", re.MULTILINE)


def split_details(body: str, commands: Sequence[str]) -> tuple[str, dict[str, str]]:
    """``(first part, {section name: section text})``; the first part says how to read the sections."""
    marks = list(_HEADING.finditer(body))
    if not marks or not commands:
        return body, {}
    keep = [body[:marks[0].start()]]
    details: dict[str, str] = {}
    for n, mark in enumerate(marks):
        end = marks[n + 1].start() if n + 1 < len(marks) else len(body)
        section = body[mark.start():end]
        name = mark.group(1).replace("`", "").strip()
        if any(re.search(rf"\b{re.escape(c)}\b", name) for c in commands):
            details[name] = section.strip()
        else:
            keep.append(section)
    if not details:
        return body, {}
    # the section names are the tool's enum: said there once, not here again
    core = "".join(keep).rstrip() + (
        f"\n\n## Command details\n\nBefore you first use a command, call `{NAME}` with its section for the "
        "examples and rules.\n")
    return core, details


def details_tool(details: Mapping[str, str]) -> ToolSpec:
    """The ``skill_details`` tool for one skill's sections."""
    return ToolSpec(name=NAME, description="Return one section of your skill's instructions by name.",
                    parameters={"type": "object", "properties": {"section": {"enum": list(details)}},
                     "required": ["section"], "additionalProperties": False})
