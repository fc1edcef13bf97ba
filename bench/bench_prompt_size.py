"""Tokens in each agent's first request (system prompt, user message, tool schemas), counted with the same
counter that guards every request before it is sent (desktop/llm/tokens.py; a stated conservative
estimate). A real task runs through the real runtime and catalog with a scripted model that records what
it is shown: the main agent's first request, then each skill agent's first request after run_skill.

Targets are absolute (issue 17): main agent <= 1,000 tokens, each skill agent <= 2,500 tokens. The
baseline column is the same request counted as characters / 4 (the usual rule of thumb), for scale.
"""
from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

from bench._common import Row

MAIN_TARGET = 1000
SKILL_TARGET = 2500
# Every skill meets the same budget; the PDF skill's six page operations are one tool (pdf_pages with an op).
SKILL_TARGETS: dict[str, int] = {}


def skill_target(skill_id: str) -> int:
    return SKILL_TARGETS.get(skill_id, SKILL_TARGET)


def _first_requests(skill_id: str, tmp: Path) -> list:
    from desktop.agent import AgentRuntime
    from desktop.llm.scripted import ScriptedModel, tool_turn
    from desktop.store import Store

    goal = json.dumps({"skill_id": skill_id, "goal": "Make a short report from notes.md"})
    model = ScriptedModel([tool_turn(("m1", "run_skill", goal))])  # then the script ends on purpose
    store = Store(tmp / "mira.sqlite3")
    try:
        rt = AgentRuntime(store, lambda: model, tmp / "ws")
        conv = store.create_conversation("bench")
        asyncio.run(rt.start_task(conv.id, "Write a one-page report from my notes"))
    finally:
        store.close()
    return model.calls


def _chars(call) -> int:
    from desktop.llm.tokens import _tool_text

    return sum(len(m.content) for m in call.messages) + sum(len(_tool_text(t)) for t in call.tools)


def run() -> list[Row]:
    from desktop.llm.tokens import METHOD, count_request
    from skills.catalog import collect

    skill_ids = [s.id for s in collect() if s.commands and s.execution]
    rows: list[Row] = []
    main_done = False
    for skill_id in skill_ids:
        with tempfile.TemporaryDirectory(prefix="mira-bench-prompt-") as tmp:
            calls = _first_requests(skill_id, Path(tmp))
        if not main_done:
            main = calls[0]
            n = count_request(main.messages, main.tools)
            rows.append(Row("first request, main agent", n, _chars(main) / 4, "tokens", "chars/4",
                            f"<= {MAIN_TARGET} tokens", met=n <= MAIN_TARGET, note=METHOD))
            main_done = True
        if len(calls) < 2:
            rows.append(Row(f"first request, skill {skill_id}", float("nan"), 0, "tokens", "chars/4",
                            f"<= {skill_target(skill_id)} tokens", met=False, note="the skill agent was not reached"))
            continue
        first = calls[1]
        n = count_request(first.messages, first.tools)
        rows.append(Row(f"first request, skill {skill_id}", n, _chars(first) / 4, "tokens", "chars/4",
                        f"<= {skill_target(skill_id)} tokens", met=n <= skill_target(skill_id),
                        note=f"{len(first.tools)} tools, {_chars(first)} chars"))
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row.name:40s} {row.value:8.0f} {row.unit}  (chars/4: {row.baseline:6.0f})  "
              f"{row.target}: {'met' if row.ok else 'MISSED'}  {row.note}")
