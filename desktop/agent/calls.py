"""Model calls and plain tool-call records: the ledger entries every part writes the same way."""
from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from desktop.agent import _messages as M
from desktop.agent.events import ReasoningDelta, TextDelta, ToolFinished
from desktop.agent.hashing import input_hash
from desktop.agent.outcome import ToolOutcome, outcome_json
from desktop.agent.reporter import Reporter
from desktop.agent.state import MAIN, Run
from desktop.llm import ChatMessage, Completion, ModelError, ToolCall, ToolSpec
from desktop.llm import ReasoningChunk as ModelReasoning
from desktop.llm import TextChunk as ModelDelta
from desktop.llm.turn import AnswerCut
from desktop.store import Store
from desktop.messages import msg
from desktop.store.states import LedgerState


class Calls:
    """Writes model calls and side-effect-free tool calls to the store, and reports them."""

    def __init__(self, store: Store, reporter: Reporter) -> None:
        self._store = store
        self._reporter = reporter

    async def model(self, run: Run, agent: str, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec], *,
                    reserved: bool = False, append: bool = False) -> Completion:
        """One model call: a model_calls ledger entry first, streamed deltas, no retries. With ``append`` the
        reply is appended to the agent's transcript in the same commit that closes the call."""
        n = run.take_model_call(reserved)
        call_id = self._store.model_call_start(run.task_id, agent, n,
                                               run.budgets.model_calls + (1 if reserved else 0))
        completion: Completion | None = None
        try:
            async with run.wall_limit():
                async for event in run.model.stream(list(messages), list(tools)):
                    if isinstance(event, ModelDelta):
                        if event.text:
                            self._reporter.emit(TextDelta(task_id=run.task_id, agent="generate" if reserved else agent,
                                                          text=event.text))
                    elif isinstance(event, ModelReasoning):
                        if event.text:
                            self._reporter.emit(ReasoningDelta(task_id=run.task_id, agent="generate" if reserved else agent,
                                                               text=event.text))
                    elif isinstance(event, Completion):
                        completion = event
        except AnswerCut as exc:
            # A main-agent reply cut mid-text is kept aside in its transcript (marked cut, never the answer),
            # so a Continue goes on from it; a cut call, or a skill agent's turn, has nothing to go on from.
            keep = append and not reserved and agent == MAIN and bool(exc.text)
            if reserved or agent == MAIN:
                self._reporter.add_reasoning(run.task_id, exc.reasoning)
            self._store.model_call_end(call_id, "failed", str(exc),
                                       transcript=(run.task_id, agent, M.cut(exc.text, exc.reasoning)) if keep
                                       else None)
            raise
        except BaseException as exc:  # recorded, then re-raised: the model call ledger shows every ending
            said = str(exc) or type(exc).__name__
            details = getattr(exc, "details", "")  # the ledger keeps the lower layer's words too (a server's reply)
            self._store.model_call_end(call_id, "failed", f"{said} ({details})" if details else said)
            raise
        if completion is None:
            self._store.model_call_end(call_id, "failed", "the stream ended without a completion")
            raise ModelError(msg("model.error.ended"))
        self._store.model_call_end(call_id, "done",
                                   transcript=(run.task_id, agent, M.assistant(completion)) if append else None)
        if reserved or agent == MAIN:  # the reasoning the chat showed stays with the reply
            self._reporter.add_reasoning(run.task_id, completion.reasoning)
        return completion

    def messages(self, run: Run, agent: str) -> list[ChatMessage]:
        return [M.to_chat(e.message) for e in self._store.transcript(run.task_id, agent)]

    def log(self, run: Run, agent: str, key: str, call: ToolCall, outcome: ToolOutcome,
            content: str | None = None, *, tool_id: str | None = None, digest: str | None = None) -> None:
        """Ledger entry in its final state + tool result in the transcript, one commit; ``content`` (a loaded
        skill's text) defaults to the outcome's JSON."""
        ok = outcome.ok
        result = outcome_json(outcome)
        self._store.log_call(ledger_id=uuid.uuid4().hex, task_id=run.task_id, agent=agent, call_key=key,
                             tool_call_id=call.id, tool_id=tool_id or call.name,
                             input_hash=digest if digest is not None else raw_hash(call.arguments),
                             state=LedgerState.DONE if ok else LedgerState.FAILED, result=result,
                             tool_message=M.tool_result(call, result if content is None else content))
        message = outcome.said or ("done" if ok else "failed")
        self._reporter.emit(ToolFinished(task_id=run.task_id, agent=agent, tool_call_id=call.id, tool=call.name, ok=ok, message=message))

    def repeated(self, run: Run, agent: str, call: ToolCall, args: Mapping[str, Any]) -> str | None:
        """Why this call is refused as a repeat, or None."""
        digest = input_hash(args)
        same = [r for r in self._store.ledger(run.task_id)
                if r.agent == agent and r.tool_id == call.name and r.input_hash == digest]
        if len(same) >= run.budgets.repeat_calls:
            return (f"{call.name} was already called {len(same)} times with exactly these arguments; repeating it "
                    "will not change the result. Change the arguments or finish.")
        return None


def raw_hash(raw: str) -> str:
    try:
        return input_hash(json.loads(raw or "{}", strict=False))  # read as the tools read it
    except (json.JSONDecodeError, RecursionError):
        return input_hash(raw)
