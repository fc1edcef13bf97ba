"""One assistant turn put together from what a server sent, streamed or whole, whatever its dialect.

Servers differ in how they send the same turn: reasoning as ``reasoning_content`` (DeepSeek, llama.cpp),
``reasoning`` (vLLM ≥ 0.17, Ollama's OpenAI endpoint) or as ``<think>…</think>`` inside the text; tool
calls with or without ids, with every parallel call at index 0 (Ollama), with arguments as objects
(Ollama) or as JSON text in the content (small models, LM Studio), sometimes inside an unclosed
``<think>`` (llama.cpp). :class:`TurnBuilder` takes all of these and gives one :class:`Completion`, or
one clear :class:`ModelError`.
"""
from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from desktop.llm._types import ChatMessage, Completion, ModelError, ToolCall, ToolSpec
from desktop.llm.textcalls import may_be_call, parse_text_calls
from desktop.messages import msg

_OPEN, _CLOSE = "<think>", "</think>"


def _arguments_text(raw: Any) -> str:
    # Ollama (and some proxies) send the arguments as an object, not as the JSON text the API defines.
    if raw is None:
        return ""
    return raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False)


def _field(obj: Any, name: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(name)
    value = getattr(obj, name, None)
    if value is None:
        extra = getattr(obj, "model_extra", None) or {}
        value = extra.get(name)
    return value


def reasoning_of(delta: Any) -> str:
    """The reasoning a delta or message carries, under whichever name the server uses."""
    for name in ("reasoning_content", "reasoning"):
        value = _field(delta, name)
        if isinstance(value, str) and value:
            return value
    return ""


class ToolCallAssembler:
    """Collects tool-call fragments: id and name usually come first, arguments in many pieces."""

    def __init__(self) -> None:
        self._parts: dict[int, dict[str, str]] = {}
        self._at: dict[int, int] = {}  # the server's index -> our slot (a new id at a used index opens a slot)

    @property
    def started(self) -> bool:
        """True once any fragment of a call arrived."""
        return bool(self._parts)

    def _slot(self, fragment: Any, position: int) -> int:
        index, call_id = _field(fragment, "index"), _field(fragment, "id") or ""
        if index is not None:
            known = self._at.get(int(index))
            part = self._parts.get(known) if known is not None else None
            if known is None or part is None or (call_id and part["id"] and call_id != part["id"] and part["name"]):
                # Ollama streams parallel calls all at index 0, each whole with its own id: not one call
                known = max(self._parts, default=-1) + 1
                self._at[int(index)] = known
            return known
        # No index (some local servers): a new id opens a new call, no id continues the last one.
        if call_id:
            for slot, part in self._parts.items():
                if part["id"] == call_id:
                    return slot
            return max(self._parts, default=-1) + 1
        return max(self._parts, default=position)

    def add(self, fragment: Any, position: int) -> None:
        slot = self._slot(fragment, position)
        part = self._parts.setdefault(slot, {"id": "", "name": "", "arguments": ""})
        call_id = _field(fragment, "id")
        if call_id:
            part["id"] = str(call_id)
        function = _field(fragment, "function")
        if function is not None:
            name = _field(function, "name")
            if name:
                # Servers send the name once; a few repeat it in every fragment.
                part["name"] = name if part["name"] in ("", name) else part["name"] + name
            part["arguments"] += _arguments_text(_field(function, "arguments"))

    def calls(self, used: set[str]) -> tuple[ToolCall, ...]:
        """The calls, each with an id not in ``used``: a server that sends none, an empty one (LM Studio)
        or one it already used in an earlier turn (Kimi on vLLM) gets a fresh one (a reused id is refused)."""
        out = []
        for n, slot in enumerate(sorted(self._parts), start=1):
            part = self._parts[slot]
            if not part["name"]:
                raise ModelError(msg("model.error.bad_answer"), details="a tool call arrived without a function name")
            call_id = part["id"]
            if not call_id or call_id in used:
                call_id = f"call_{uuid.uuid4().hex[:12]}_{n}"
            used.add(call_id)
            out.append(ToolCall(id=call_id, name=part["name"], arguments=part["arguments"] or "{}"))
        return tuple(out)


class ThinkSplitter:
    """Routes ``<think>…</think>`` at the start of the content to the reasoning; holds back a tag split
    across chunks until the next one decides."""

    def __init__(self) -> None:
        self._state = "start"  # start | thinking | text
        self._buf = ""

    def feed(self, text: str) -> tuple[str, str]:
        """``(reasoning, text)`` to pass on for this piece."""
        self._buf += text
        reasoning, shown = "", ""
        while self._buf:
            if self._state == "start":
                head = self._buf.lstrip()
                if head.startswith(_OPEN):
                    self._state, self._buf = "thinking", head[len(_OPEN):]
                elif _OPEN.startswith(head):
                    break  # "<th" may still become the tag
                else:
                    self._state = "text"
            elif self._state == "thinking":
                end = self._buf.find(_CLOSE)
                if end >= 0:
                    reasoning += self._buf[:end]
                    self._state, self._buf = "text", self._buf[end + len(_CLOSE):].lstrip()
                    continue
                keep = next((n for n in range(min(len(self._buf), len(_CLOSE) - 1), 0, -1)
                             if _CLOSE.startswith(self._buf[-n:])), 0)
                reasoning += self._buf[:len(self._buf) - keep]
                self._buf = self._buf[len(self._buf) - keep:]
                break
            else:
                shown, self._buf = shown + self._buf, ""
        return reasoning, shown

    def flush(self) -> tuple[str, str]:
        rest, self._buf = self._buf, ""
        return (rest, "") if self._state == "thinking" else ("", rest)

    @property
    def unclosed(self) -> bool:
        return self._state == "thinking"


def used_ids(messages: Sequence[ChatMessage]) -> set[str]:
    return {c.id for m in messages for c in m.tool_calls}


class TurnBuilder:
    """Builds one turn; ``text()``/``reasoning()`` return what may be shown now, ``finish()`` the turn."""

    def __init__(self, tools: Sequence[ToolSpec], used: set[str]) -> None:
        self._tools = tools
        self._used = used
        self._think = ThinkSplitter()
        self._text: list[str] = []
        self._held: list[str] = []  # text that may still be a tool call written as JSON, not shown yet
        self._reasoning: list[str] = []
        self.assembler = ToolCallAssembler()
        self.finish_reason: str | None = None
        self.usage: dict[str, int] = {}
        self.anything = False  # the server sent at least one choice

    def reasoning(self, piece: str) -> str:
        self.anything = True
        if piece:
            self._reasoning.append(piece)
        return piece

    def text(self, piece: str) -> tuple[str, str]:
        """Feed content; ``(reasoning, text)`` that may be shown now."""
        self.anything = True
        thought, shown = self._think.feed(piece)
        if thought:
            self._reasoning.append(thought)
        return thought, self._show(shown)

    def _show(self, shown: str) -> str:
        if not shown:
            return ""
        self._text.append(shown)
        if self._tools and (self._held or not "".join(self._text[:-1]).strip()) and may_be_call("".join(self._text)):
            self._held.append(shown)
            return ""
        out = "".join(self._held) + shown
        self._held.clear()
        return out

    def calls(self, fragments: Iterable[Any]) -> None:
        self.anything = True
        for position, fragment in enumerate(fragments):
            self.assembler.add(fragment, position)

    def finish(self) -> tuple[str, Completion]:
        """``(text still to show, the turn)``; raises when the turn is not whole."""
        thought, rest = self._think.flush()
        if thought:
            self._reasoning.append(thought)
        if rest:
            self._text.append(rest)
            self._held.append(rest)
        reasoning = "".join(self._reasoning)
        calls = self.assembler.calls(self._used)
        whole = "".join(self._text)
        late = ""
        if self._held:
            from_text = () if calls else parse_text_calls(whole, self._tools)
            if from_text:
                calls, whole = from_text, ""
            else:
                late = "".join(self._held)
        if not calls and not whole.strip() and reasoning and self._tools:
            # llama.cpp: a tool call written inside a <think> the model never closed ends up in the reasoning
            calls = parse_text_calls(_after_last_think(reasoning), self._tools)
        finish = self.finish_reason
        if finish == "length":
            # A reply cut mid-text can be continued from what was said; a call cut mid-arguments cannot.
            raise AnswerCut(self.usage, text="" if calls or self.assembler.started else whole, reasoning=reasoning)
        if finish is None:
            raise ModelError(msg("model.error.stopped"))
        if calls and finish == "stop":
            finish = "tool_calls"  # Ollama reports "stop" even when it calls tools
        return late, Completion(text=whole, tool_calls=calls, finish_reason=finish, usage=self.usage,
                                reasoning=reasoning)


def _after_last_think(reasoning: str) -> str:
    """Where a call written into the reasoning starts: its first ``<tool_call>`` tag, else its last line."""
    tail = reasoning.rsplit(_OPEN, 1)[-1]
    at = tail.find("<tool_call>")
    if at >= 0:
        return tail[at:].strip()
    lines = tail.strip().splitlines()
    return lines[-1].strip() if lines else ""


class AnswerCut(ModelError):
    """The server cut the answer at the output limit (``finish_reason: "length"``); nothing of it is kept as
    an answer. ``text`` is what the model had said when the cut came in plain text (the agent keeps it
    aside so the user may ask the model to continue from it); empty when a tool call was cut."""

    def __init__(self, usage: Mapping[str, int] | None = None, *, text: str = "", reasoning: str = "") -> None:
        self.usage: Mapping[str, int] = dict(usage or {})
        self.text = text if text.strip() else ""
        self.reasoning = reasoning
        super().__init__(CUT_ENGLISH + " (finish_reason \"length\"); nothing of it was kept",
                         msg=msg("model.error.cut_reply" if self.text else "model.error.cut"))


CUT_ENGLISH = "the model's answer was cut off at the output limit"  # how a cut call ends in the model-call ledger
