"""The whole agent flow on the real OpenAI SDK: a local streaming Chat Completions server plays the model.

Main agent → run_skill → skill agent → docx_create pauses for approval → approve runs the frozen call
once → the same skill agent continues with the real result → complete → delivery with tools closed.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import docx
import pytest

from desktop.agent import AgentRuntime
from desktop.llm.openai_provider import OpenAIModel
from desktop.store import Store
from tests.llm.fake_server import FakeServer, chunk, serve, sse

MAIN_TOOLS = {"load_skill", "run_skill", "list_workspace", "read_workspace_file"}
SPEC = {"path": "report.docx", "title": "Quarterly report", "blocks": [
    {"type": "heading", "text": "Highlights", "level": 1},
    {"type": "paragraph", "text": "Revenue grew in every region."},
    {"type": "table", "header": ["Region", "Growth"], "rows": [["North", "12%"], ["South", "9%"]]}]}


def _tool_call(handler: Any, call_id: str, name: str, args: dict[str, Any]) -> None:
    text = json.dumps(args, ensure_ascii=False)
    cut = len(text) // 3
    sse(handler, [  # arguments split across chunks, as real servers do
        chunk({"role": "assistant", "content": None, "tool_calls": [
            {"index": 0, "id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": text[:cut]}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": text[cut:]}}]}),
        chunk({}, finish="tool_calls"),
    ])


def _model(handler: Any, body: dict[str, Any]) -> None:
    tools = {t["function"]["name"] for t in body.get("tools", [])}
    last = body["messages"][-1]
    if not tools:  # the generate step
        sse(handler, [chunk({"role": "assistant", "content": "Your report is ready: report.docx."}),
                      chunk({}, finish="stop")])
    elif "run_skill" in tools:
        _tool_call(handler, "call_run", "run_skill", {"skill_id": "docx", "goal": "Write the quarterly report"})
    elif last["role"] == "tool" and last["tool_call_id"] == "call_create":
        _tool_call(handler, "call_done", "complete", {"summary": "Wrote the report.", "artifacts": ["report.docx"]})
    else:
        _tool_call(handler, "call_create", "docx_create", SPEC)


@pytest.fixture
def server() -> Iterator[FakeServer]:
    yield from serve(_model)


def test_a_real_provider_drives_the_flow_through_approval_to_a_verified_file(server: FakeServer,
                                                                             tmp_path: Path) -> None:
    store = Store(tmp_path / "mira.sqlite3")
    model = OpenAIModel(server.url, "test-model", "sk-test", timeout=10)
    runtime = AgentRuntime(store, lambda: model, tmp_path / "ws")
    conv = store.create_conversation("report")

    async def flow() -> str:
        task_id = await runtime.start_task(conv.id, "Make a Word report with the quarterly highlights")
        paused = runtime.task_status(task_id)
        assert paused.status == "paused" and paused.pending_approval_id
        assert not list((tmp_path / "ws").rglob("report.docx"))  # nothing written before approval
        await runtime.approve(paused.pending_approval_id)
        return task_id

    task_id = asyncio.run(flow())
    status = runtime.task_status(task_id)
    assert status.status == "finished" and status.outcome == "completed"

    # The main agent never saw a runtime command; the skill agent saw its commands and not run_skill;
    # the generate step had no tools.
    surfaces = [{t["function"]["name"] for t in r.body.get("tools", [])} for r in server.received]
    assert surfaces[0] == MAIN_TOOLS
    assert all("docx_create" in s and "complete" in s and "run_skill" not in s for s in surfaces[1:-1])
    assert surfaces[-1] == set()
    # Exact resume: after approval the same skill transcript continues, with the real result at that call.
    resumed = server.received[-2].body["messages"]
    calls = [m for m in resumed if m["role"] == "assistant" and m.get("tool_calls")]
    assert [c["tool_calls"][0]["id"] for c in calls] == ["call_create"]
    result = json.loads(resumed[-1]["content"])
    assert resumed[-1]["tool_call_id"] == "call_create" and result["ok"] is True
    assert sum(1 for r in server.received if r.body.get("tools") and "docx_create" in
               {t["function"]["name"] for t in r.body["tools"]}) == 2  # one proposal, one continuation

    # The artifact is the real file, with evidence computed from it.
    [artifact] = [store.artifact(a) for a in status.artifact_ids]
    assert Path(artifact.path).is_file() and artifact.kind == "docx"
    document = docx.Document(artifact.path)
    assert "Highlights" in [p.text for p in document.paragraphs]
    assert document.tables[0].rows[1].cells[0].text == "North"
    kept = store.evidence(artifact.id)
    assert kept is not None and kept.passed
    final = [m for m in store.messages(conv.id) if m.role == "assistant"][-1]
    assert "Your report is ready" in final.text
    store.close()
