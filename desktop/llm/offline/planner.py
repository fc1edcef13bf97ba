"""The offline planner: the embedded default model. Deterministic, no network, same interface.

It reads the messages and tools it is given and plays whichever role the agent
protocol asks for:

- main agent (tools include ``run_skill``): pick the skill from the request
  (English or Chinese) and call ``run_skill``; otherwise say plainly what it can do;
- skill agent (tools include ``complete``): list the workspace, read text inputs,
  turn the user's own content into the command's spec, call it once, then
  ``complete`` (also after a denial or an error; it never retries a failed command);
- generate step (no tools, a "FINALIZATION PACKET" message): write the delivery
  message from the packet, reporting checks exactly as the packet shows them.
"""
from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

import desktop.llm.offline._followup as followup
import desktop.llm.offline._intents as intents
import desktop.llm.offline._reply as reply
import desktop.llm.offline._slots as slots
from desktop.llm.offline._described import describe
from desktop.llm.offline._route import ATTACHED, body_of, instruction_of, is_chinese, route, split_files
from desktop.llm.offline._skill import SkillAgentPlan
from desktop.llm.offline._summary import error_of
from desktop.llm._patterns import later
from desktop.llm._types import ChatMessage, Completion, ModelEvent, TextChunk, ToolCall, ToolSpec
from desktop.llm.markers import PACKET_PREFIX
from desktop.llm.packet import read_packet
from desktop.messages import for_person
from desktop.messages import msg as desktop_msg
from desktop.translations import render_plain
from skills.codec import message_in
from skills.messages import msg as skill_msg

_ASKS_HELP = later(r"^\s*(?:help|\?|what can you do\??|帮助|帮忙|你能做什么[？?]?)\s*[.!?？！]?\s*$", re.IGNORECASE)
# "show me the file", "preview it", "打开看看": the window shows files, not the planner (the card's Preview does)
_ASKS_TO_SEE = later(r"^\s*(?:please\s+|can you\s+|could you\s+)?(?:show(?:\s+me)?|preview|open|display|let me see)\s+"
                     r"(?:it|that|this|the\s+(?:file|document|deck|presentation|workbook|spreadsheet|pdf|result))"
                     r"(?:\s+again)?\s*(?:please)?\s*[.!?]?\s*$"
                     r"|^\s*(?:请|麻烦)?(?:给我)?(?:打开|预览|显示|展示)(?:一下)?(?:它|这个文件|文件|文档|看看)?(?:看看|一下)?\s*[。!！?？]?\s*$"
                     r"|^\s*(?:请|麻烦)?(?:给我|让我)看看(?:它|这个文件|文件|文档)?\s*[。!！?？]?\s*$",
                     re.IGNORECASE)


def _last_user(messages: Sequence[ChatMessage]) -> ChatMessage | None:
    return next((m for m in reversed(messages) if m.role == "user"), None)


def _chunks(text: str, pieces: int = 4) -> list[str]:
    """Split text into a few chunks on line or word boundaries, so the UI sees it stream."""
    if len(text) < 40:
        return [text] if text else []
    size = max(1, len(text) // pieces)
    out, start = [], 0
    while start < len(text):
        end = min(len(text), start + size)
        nl = text.rfind("\n", start, end + size // 2)
        if end < len(text) and nl > start:
            end = nl + 1
        out.append(text[start:end])
        start = end
    return out


class OfflinePlanner:
    """A deterministic :class:`~desktop.llm.Model` that needs no key and no network."""

    name = "offline-planner"
    label = "Offline planner (no network)"

    async def stream(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> AsyncIterator[ModelEvent]:
        """Decide this turn from ``messages`` and ``tools``; yield a few TextChunks, then the Completion."""
        # Parsing a large pasted CSV or markdown takes a while; in the app this loop is the UI thread.
        completion = await asyncio.to_thread(self.decide, list(messages), list(tools))
        for piece in _chunks(completion.text):
            yield TextChunk(text=piece)
        yield completion

    # -- decisions -------------------------------------------------------

    def decide(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> Completion:
        """The whole turn, computed synchronously (the stream only replays it)."""
        names = {t.name for t in tools}
        last = _last_user(messages)
        if not tools and last is not None and last.content.startswith(PACKET_PREFIX):
            return self._generate(messages, last)
        if "complete" in names:
            return SkillAgentPlan(messages, tools).next_turn()
        if names == {"read_workspace_file"}:  # a skill agent's first step: its text inputs, read before anything
            return self._read_first(messages, tools[0])
        if "run_skill" in names:
            return self._main(messages, names)
        # Anything else (no tools, unknown surface): explain, never call a tool we were not given.
        return Completion(text=reply.help_text(is_chinese(last.content if last else "")))

    def _main(self, messages: Sequence[ChatMessage], names: set[str]) -> Completion:
        last = _last_user(messages)
        request = last.content if last else ""
        text, files = split_files(request, ATTACHED)
        chinese = is_chinese(text)
        if messages and messages[-1].role == "tool":
            # A tool already answered (e.g. run_skill returned to us): report it, do not loop.
            return Completion(text=self._after_tool(messages[-1].content, chinese))
        shown = reply.help_shown([m.content for m in messages[:-1] if m.role == "assistant"])
        if _ASKS_HELP.match(text):
            return Completion(text=reply.help_text(chinese))
        if _ASKS_TO_SEE.match(text):
            return Completion(text=reply.use_preview(chinese))
        # Only where a file is named (not the document's own words after "with:", not a replacement's text).
        replacing = any(found.id == "replace_text" for found in intents.match_all(text))
        outside = [] if replacing else slots.outside_paths(instruction_of(text))
        if outside:  # never a folder file in its place: the one named is not Mira's to read
            return Completion(text=reply.outside_folder(outside, chinese))
        ctx = followup.context_of(messages)
        follow = followup.decide(text, files, ctx, chinese)
        if follow is not None and follow.ask:
            return Completion(text=follow.ask)  # two files could be meant: ask, write nothing
        if follow is not None:
            return self._run_skill(messages, follow.skill or "", follow.goal, list(follow.inputs))
        decision = route(text, files)
        asks = decision.intent == "create" and intents.is_question(text) and not body_of(text).strip()
        if decision.skill is None or asks:  # "what's in the spreadsheet?", "fill in the form: …": the conversation's file
            known = followup.file_for(text, ctx)
            if known is not None and known not in files:
                decision = route(text, [*files, known])
                asks = decision.intent == "create" and asks
        if decision.skill is None or asks:
            return Completion(text=reply.help_text(chinese, text, shown))
        if decision.intent == "create" and not decision.inputs and not body_of(text).strip() \
                and describe(instruction_of(text), "") is None:  # "slides titled X with sections A, B and C"
            sources = followup.folder_office_named(ctx, text, decision.skill) or followup.folder_sources(ctx)
            if len(sources) == 1:  # "make slides from my notes" with notes.md already in the working folder
                return self._run_skill(messages, decision.skill, text, sources)
            # "Write me a report on X": there is nothing of the user's to build from.
            return Completion(text=reply.no_content(decision.skill, chinese, text, shown))
        return self._run_skill(messages, decision.skill, text, list(decision.inputs))

    @staticmethod
    def _read_first(messages: Sequence[ChatMessage], tool: ToolSpec) -> Completion:
        files = tool.parameters.get("properties", {}).get("path", {}).get("enum") or []
        if not files:
            return Completion(text="")
        n = sum(1 for m in messages if m.role == "assistant") + 1
        call = ToolCall(id=f"offline_read_{n}", name=tool.name, arguments=json.dumps({"path": files[0]}, ensure_ascii=False))
        return Completion(text="", tool_calls=(call,), finish_reason="tool_calls")

    @staticmethod
    def _run_skill(messages: Sequence[ChatMessage], skill: str, goal: str, inputs: list[str]) -> Completion:
        args: dict[str, Any] = {"skill_id": skill, "goal": goal}
        if inputs:
            args["inputs"] = inputs
        n = sum(1 for m in messages if m.role == "assistant") + 1
        call = ToolCall(id=f"offline_main_{n}", name="run_skill", arguments=json.dumps(args, ensure_ascii=False))
        return Completion(text="", tool_calls=(call,), finish_reason="tool_calls")

    @staticmethod
    def _after_tool(content: str, chinese: bool) -> str:
        try:
            data = json.loads(content)
        except ValueError:
            data = None
        language = "zh_CN" if chinese else "en"
        if isinstance(data, dict) and data.get("ok") is False:
            err = error_of(data) if data.get("error") or data.get("message") else ""
            said = message_in(data.get("error")) or message_in(data.get("error_msg"))  # the codec's form, or an old row's
            if said is not None:  # the person's form: the argument path the model sees goes to the details
                reason, where = for_person(said)
                shown = render_plain(skill_msg("reply.did_not_work", reason=reason), language)
                return shown + ("\n" + render_plain(desktop_msg("error.details", details=where), language)
                                if where else "")
            if chinese and err:  # known only in English: a Chinese sentence, the English as details
                return (render_plain(skill_msg("reply.did_not_work.plain"), language) + "\n"
                        + render_plain(desktop_msg("error.details", details=err), language))
            return render_plain(skill_msg("reply.did_not_work", reason=err) if err
                                else skill_msg("reply.did_not_work.plain"), language)
        return render_plain(skill_msg("reply.done"), language)

    @staticmethod
    def _generate(messages: Sequence[ChatMessage], packet_msg: ChatMessage) -> Completion:
        packet = read_packet(packet_msg.content)
        request = next((m.content for m in messages if m.role == "user" and m is not packet_msg), "")
        chinese = is_chinese(split_files(request, ATTACHED)[0])
        if packet is None:
            return Completion(text=render_plain(skill_msg("planner.result_unreadable"), "zh_CN" if chinese else "en"))
        return Completion(text=reply.delivery(packet, chinese))
