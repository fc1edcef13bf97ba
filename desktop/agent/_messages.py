"""Transcript messages: stored as plain JSON dicts, handed to models as ChatMessage."""
from __future__ import annotations

from dataclasses import dataclass
import json
from collections.abc import Mapping, Sequence
from typing import Any

from desktop.agent.outcome import ToolOutcome, outcome_json
from desktop.llm import ChatMessage, Completion, ToolCall
from desktop.store import TranscriptEntry

DENIED = ToolOutcome(ok=False, denied=True, message="denied by the user")

MAIN_SYSTEM = """You are Mira: you turn the user's conversation and files into verified Word, PDF, \
PowerPoint and Excel files.

Never write files yourself. For document work call run_skill with the skill id, the user's full goal and the \
input files; the skill's agent does the work, the user approves every write, then you write the delivery \
message. load_skill returns an instruction-only skill's text (e.g. the router). list_workspace and \
read_workspace_file read the working folder. Without document work, answer in plain text, in the user's language.

A "CONVERSATION CONTEXT" message lists the folder's files and those made so far (version, sha256, \
evidence); earlier turns follow it. "It" or "this file" means the most recently changed file; \
if two could be meant, ask which and do nothing else. To restore a version, put its path, sha256 and version \
in the goal (skills have version_restore); export_pdf makes a PDF of a document.

Skills:
{summaries}"""

GENERATE_SYSTEM = """Write the delivery message for the user from the FINALIZATION PACKET: which files were \
made (path, kind, size), what the evidence checks show (passed, failed, or not run with the reason - say so \
honestly, never call a check passed that the packet does not show passed), and for denied or failed work what \
happened and what the user can do. You cannot call tools: the work is finished and nothing more will run. \
Reply in the user's language, in markdown."""


def message(role: str, content: str = "", tool_calls: Sequence[ToolCall] = (), tool_call_id: str | None = None,
            ) -> dict[str, Any]:
    msg: dict[str, Any] = {"role": role, "content": content}
    if tool_calls:
        msg["tool_calls"] = [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in tool_calls]
    if tool_call_id is not None:
        msg["tool_call_id"] = tool_call_id
    return msg


def assistant(completion: Completion) -> dict[str, Any]:
    out = message("assistant", completion.text, completion.tool_calls)
    if completion.reasoning:  # kept for the servers that need it back (DeepSeek's thinking mode with tools)
        out["reasoning"] = completion.reasoning
    return out


# A skill agent that answered in words has still to report: its next step may only call complete.
REPORT_NOW = ("You answered in words, but a skill ends by calling complete. Call complete now: say what was done "
              "(or why nothing was), and list only files a command wrote and verified.")


# The model prompt of a Continue (the user asked the model to go on from a reply the output limit cut).
CONTINUE = ("Your previous answer was cut off at the output limit. Continue it exactly where it stopped: do not "
            "repeat anything you already wrote and do not start over.")


def cut(text: str, reasoning: str = "") -> dict[str, Any]:
    """A reply the output limit cut: kept aside (never the answer) so a Continue can go on from it."""
    out = message("assistant", text)
    out["cut"] = True
    if reasoning:
        out["reasoning"] = reasoning
    return out


def is_cut(message: Mapping[str, Any]) -> bool:
    return message.get("role") == "assistant" and bool(message.get("cut"))


def said_so_far(entries: Sequence[TranscriptEntry]) -> str:
    """The text of the last answer with every cut part it continues, joined in order."""
    parts: list[str] = []
    for e in reversed(entries):
        m = e.message
        if m.get("role") == "assistant" and not m.get("tool_calls") and (not parts or is_cut(m)):
            parts.append(str(m.get("content") or ""))
        elif parts and m.get("role") == "user" and m.get("content") == CONTINUE:
            continue
        else:
            break
    return "".join(reversed(parts))


def tool_result(call: ToolCall, content: ToolOutcome | Mapping[str, Any] | str) -> dict[str, Any]:
    """The tool message for a call: its outcome's JSON (skills.codec's form), or a text (a loaded skill)."""
    if isinstance(content, ToolOutcome):
        content = outcome_json(content)
    text = content if isinstance(content, str) else json.dumps(dict(content), ensure_ascii=False)
    return message("tool", text, tool_call_id=call.id)


def to_chat(msg: Mapping[str, Any]) -> ChatMessage:
    calls = tuple(ToolCall(id=c["id"], name=c["name"], arguments=c["arguments"]) for c in msg.get("tool_calls") or ())
    return ChatMessage(role=msg["role"], content=msg.get("content") or "", tool_calls=calls,
                       tool_call_id=msg.get("tool_call_id"), reasoning=str(msg.get("reasoning") or ""))


def calls_of(entry: TranscriptEntry) -> list[tuple[str, ToolCall]]:
    """Every tool call of an assistant entry with its call key (unique per agent: seq:index)."""
    return [(f"{entry.seq}:{i}", ToolCall(id=c["id"], name=c["name"], arguments=c["arguments"]))
            for i, c in enumerate(entry.message.get("tool_calls") or ())]


@dataclass(frozen=True, slots=True, kw_only=True)
class TranscriptState:
    last_assistant: TranscriptEntry | None
    pending: tuple[tuple[str, ToolCall], ...]  # calls of the last assistant turn without a result yet
    ended: bool  # the last entry is an assistant turn with no tool calls
    calls: Mapping[str, ToolCall]  # every call in the transcript by key
    results: Mapping[str, Mapping[str, Any]]  # parsed tool results by call key


def state_of(entries: Sequence[TranscriptEntry]) -> TranscriptState:
    calls: dict[str, ToolCall] = {}
    results: dict[str, Mapping[str, Any]] = {}
    last_assistant = None
    for e in entries:
        if e.message.get("role") == "assistant":
            last_assistant = e
            calls.update(calls_of(e))
        elif e.call_key is not None:
            results[e.call_key] = parse_result(e.message.get("content") or "")
    pending: tuple[tuple[str, ToolCall], ...] = ()
    ended = False
    if last_assistant is not None:
        pending = tuple((k, c) for k, c in calls_of(last_assistant) if k not in results)
        # a cut reply is not an answer: the task waits for a Continue (or a new request)
        ended = (entries[-1] is last_assistant and not last_assistant.message.get("tool_calls")
                 and not is_cut(last_assistant.message))
    return TranscriptState(last_assistant=last_assistant, pending=pending, ended=ended, calls=calls, results=results)


def parse_result(content: str) -> Mapping[str, Any]:
    try:
        value = json.loads(content)
    except (json.JSONDecodeError, TypeError):
        return {"ok": True, "text": content}
    return value if isinstance(value, dict) else {"ok": True, "value": value}
