"""A skill agent's transcript for the offline planner: the goal, its input files and the skill's kind
read from the messages so far, every earlier call with its result, and the small helpers that answer
with a tool call or with ``complete``."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from desktop.llm.offline._route import INPUTS, is_chinese, split_files
from desktop.llm._types import ChatMessage, Completion, ToolCall, ToolSpec
from desktop.translations import render_plain
from skills.messages import msg

KINDS = ("docx", "pdf", "pptx", "xlsx")


def read_result(content: str) -> dict[str, Any]:
    """A tool result as a dict: JSON as-is; plain text becomes {"ok": True, "text": ...}."""
    try:
        data = json.loads(content)
    except ValueError:
        return {"ok": True, "text": content}
    if isinstance(data, dict):
        return data
    return {"ok": True, "text": content, "data": data}


def payload(res: dict[str, Any]) -> dict[str, Any]:
    """What a tool read handed back: its ``data`` (a workspace read's, a command's), or the result itself."""
    data = res.get("data")
    return data if isinstance(data, dict) else res


def file_text(res: dict[str, Any]) -> str | None:
    """The text of a read_workspace_file result, whatever shape the runtime chose."""
    if res.get("ok") is False:
        return None
    data = res.get("data")
    for where in (res, data if isinstance(data, dict) else {}):
        for key in ("text", "content"):
            value = where.get(key)
            if isinstance(value, str):
                return value
    return None


def data_of(res: dict[str, Any]) -> dict[str, Any]:
    """A command result's ``data`` when it is an object; an empty one when it is missing or of another shape."""
    data = res.get("data")
    return data if isinstance(data, dict) else {}


class CallHistory:
    """Every earlier call of a skill agent with its result, in order, and the answers it gives: a tool
    call (ids ``<prefix>_<turn>``) or ``complete``. The create and the follow-up planners build on it."""

    chinese: bool

    def __init__(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec], id_prefix: str) -> None:
        self.tools = {t.name for t in tools}
        self._id_prefix = id_prefix
        results = {m.tool_call_id: m.content for m in messages if m.role == "tool"}
        self.history: list[tuple[ToolCall, dict[str, Any] | None]] = [
            (c, read_result(results[c.id]) if c.id in results else None)
            for m in messages if m.role == "assistant" for c in m.tool_calls
        ]
        self.turn = sum(1 for m in messages if m.role == "assistant") + 1

    def _calls_named(self, name: str) -> list[tuple[ToolCall, dict[str, Any] | None]]:
        return [(c, r) for c, r in self.history if c.name == name]

    def _args(self, call: ToolCall) -> dict[str, Any]:
        try:
            data = json.loads(call.arguments)
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def _say(self, id: str, n: int | None = None, /, **params: Any) -> str:
        """The catalogue message ``id`` in the request's language: every reply is one message, rendered here."""
        return render_plain(msg(id, n, **params), "zh_CN" if self.chinese else "en")

    def _call(self, name: str, args: dict[str, Any]) -> Completion:
        call = ToolCall(id=f"{self._id_prefix}_{self.turn}", name=name, arguments=json.dumps(args, ensure_ascii=False))
        return Completion(text="", tool_calls=(call,), finish_reason="tool_calls")

    def _complete(self, summary: str, artifacts: Sequence[str] = ()) -> Completion:
        return self._call("complete", {"summary": summary, "artifacts": list(artifacts)})


class SkillTranscript(CallHistory):
    """What a skill agent's messages say so far: the goal, its input files and the skill's kind."""

    def __init__(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> None:
        super().__init__(messages, tools, "offline_skill")
        self.messages = list(messages)
        self.tool_specs = list(tools)
        first = next((m for m in messages if m.role == "user"), None)
        goal = first.content if first else ""
        self.goal, self.inputs = split_files(goal, INPUTS)
        self.chinese = is_chinese(self.goal)
        self.kind = next((k for k in KINDS if any(n.startswith(k + "_") for n in self.tools)), None)
