"""Tool calls written as JSON text inside the message content, as small local models often answer.

Such text is taken as a tool call only when it matches a declared tool exactly: the whole answer (maybe in
a ```json fence) is one call object or a list of them, each names a declared tool, and its arguments are
valid against that tool's schema. Anything else stays text: a model explaining JSON to the user must not
run a command by accident.
"""
from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from desktop.llm._types import ToolCall, ToolSpec

_FENCE = re.compile(r"^```(?:json)?\s*\n?(.*?)\n?```$", re.DOTALL)
_OPENERS = ("{", "[", "`")
# Hermes/Qwen-style calls as text (LM Studio, llama.cpp without a tool-call parser): <tool_call>{…}</tool_call>
_TAG = "<tool_call>"
_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)


def may_be_call(text: str) -> bool:
    """True while the streamed text could still turn out to be a JSON tool call (hold it back)."""
    head = text.lstrip()
    return not head or head.startswith(_OPENERS) or head.startswith(_TAG) or _TAG.startswith(head)


def _untagged(body: str) -> str | None:
    """The calls of a text made only of ``<tool_call>`` blocks, as a JSON list; None when it is not that."""
    if not body.startswith(_TAG):
        return None
    found = _TAGGED.findall(body)
    if not found or _TAGGED.sub("", body).strip():
        return None
    return "[" + ",".join(found) + "]"


def _one(obj: Any, tools: Mapping[str, ToolSpec]) -> ToolCall | None:
    if not isinstance(obj, dict):
        return None
    if isinstance(obj.get("function"), dict):  # {"type": "function", "function": {...}}
        obj = obj["function"]
    name = obj.get("name")
    args = obj.get("arguments", obj.get("parameters"))
    if set(obj) - {"name", "arguments", "parameters", "type", "id"} or not isinstance(name, str):
        return None
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except json.JSONDecodeError:
            return None
    tool = tools.get(name)
    if tool is None or not isinstance(args, dict):
        return None
    # Imported here, on the first answer that looks like a call: jsonschema costs ~40 ms of imports, and the
    # agent runtime loads this module before a request can be sent (bench/bench_startup.py).
    import jsonschema

    try:
        jsonschema.validate(args, dict(tool.parameters))
    except (jsonschema.ValidationError, jsonschema.SchemaError):
        return None
    return ToolCall(id=f"call_{uuid.uuid4().hex[:12]}", name=name, arguments=json.dumps(args, ensure_ascii=False))


def parse_text_calls(text: str, tools: Sequence[ToolSpec]) -> tuple[ToolCall, ...]:
    """The tool calls ``text`` states exactly, or ``()`` when it is (also) something else."""
    if not tools:
        return ()
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    tagged = _untagged(body)
    if tagged is not None:
        body = tagged
    if not body.startswith(("{", "[")):
        return ()
    try:
        data = json.loads(body)
    except json.JSONDecodeError:
        return ()
    items = data if isinstance(data, list) else [data]
    declared = {t.name: t for t in tools}
    calls = [_one(item, declared) for item in items]
    if not calls or any(c is None for c in calls):
        return ()
    return tuple(c for c in calls if c is not None)
