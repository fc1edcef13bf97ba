"""A reply the output limit cut (``finish_reason: "length"``) is not the answer; Continue asks the model once
more to go on from what it said, and the answer is the whole text once it completes."""
from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.agent import AgentRuntime
from desktop.agent import _messages as M
from desktop.agent.gate import ApprovalError
from desktop.llm.openai_provider import OpenAIModel
from desktop.store import Store
from tests.llm.fake_server import FakeServer, chunk, replay, serve, sse, transcript

CUT = transcript([chunk({"role": "assistant", "content": "Mira turns notes into files: Word, "}),
                  chunk({"content": "PDF, Power"}), chunk({}, finish="length")])
REST = transcript([chunk({"role": "assistant", "content": "Point and Excel."}), chunk({}, finish="stop")])


@pytest.fixture
def server() -> Iterator[FakeServer]:
    yield from serve(replay(CUT, CUT, REST))


def _run(tmp_path: Path, server: FakeServer) -> tuple[Store, AgentRuntime, str]:
    store = Store(tmp_path / "mira.sqlite3")
    model = OpenAIModel(server.url, "test-model", None, timeout=10)
    return store, AgentRuntime(store, lambda: model, tmp_path / "ws"), store.create_conversation("c").id


def test_a_cut_reply_is_not_kept_and_continue_goes_on_from_it(server: FakeServer, tmp_path: Path) -> None:
    store, runtime, conv = _run(tmp_path, server)

    async def flow() -> tuple[str, list[str]]:
        task_id = await runtime.start_task(conv, "What can you do?")
        failed = runtime.task_status(task_id)
        assert failed.status == "failed"
        reply = store.message(failed.message_id)
        assert "cut off at the output limit" in reply.text and "Power" not in reply.text  # nothing half-done kept
        assert runtime.cut_task(failed.message_id) == task_id
        seen: list[str] = []
        unsubscribe = runtime.subscribe(lambda e: seen.append(getattr(e, "text", "")) if type(e).__name__ == "TextDelta"
                                        else None)
        await runtime.continue_answer(task_id)  # cut again: still nothing kept, still continuable
        assert runtime.task_status(task_id).status == "failed" and runtime.cut_task(failed.message_id) == task_id
        seen.clear()
        await runtime.continue_answer(task_id)
        unsubscribe()
        return task_id, seen

    task_id, streamed = asyncio.run(flow())
    status = runtime.task_status(task_id)
    assert status.status == "finished"
    whole = "Mira turns notes into files: Word, PDF, PowerMira turns notes into files: Word, PDF, PowerPoint and Excel."
    assert store.message(status.message_id).text == whole
    # what was said came back first, then the continuation streamed on
    assert "".join(streamed) == whole
    # each Continue is one more model call in the ledger; the cut ones are recorded as failed
    assert [c.state for c in store.model_calls(task_id)] == ["failed", "failed", "done"]
    sent = server.received[-1].body["messages"]
    assert sent[-2] == {"role": "assistant", "content": "Mira turns notes into files: Word, PDF, Power"}
    assert sent[-1] == {"role": "user", "content": M.CONTINUE}
    with pytest.raises(ApprovalError):  # finished: nothing waits for a Continue
        asyncio.run(runtime.continue_answer(task_id))
    store.close()


def test_a_cut_tool_call_offers_no_continue(tmp_path: Path) -> None:
    def cut_call(handler, _body):  # type: ignore[no-untyped-def]
        sse(handler, [chunk({"role": "assistant", "tool_calls": [{"index": 0, "id": "c1", "type": "function",
                                                                   "function": {"name": "run_skill",
                                                                                "arguments": "{\"skill_id\": \"do"}}]}),
                      chunk({}, finish="length")])

    for srv in serve(cut_call):
        store, runtime, conv = _run(tmp_path, srv)
        task_id = asyncio.run(runtime.start_task(conv, "Make a report"))
        status = runtime.task_status(task_id)
        assert status.status == "failed" and runtime.cut_task(status.message_id) is None
        assert "Continue" not in store.message(status.message_id).text
        store.close()


def test_mira_task_asks_to_continue_a_cut_reply_and_finishes_it(server: FakeServer, tmp_path: Path) -> None:
    import json
    import os
    import subprocess
    import sys

    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"model": {
        "provider": "openai_compatible", "base_url": server.url, "model": "m", "timeout": 30.0}}), encoding="utf-8")
    (tmp_path / "ws").mkdir()
    env = dict(os.environ, MIRA_HOME=str(home), MIRA_LANGUAGE="en")
    proc = subprocess.run([str(Path(sys.executable).with_name("mira")), "task", "What can you do?", "--workspace",
                           str(tmp_path / "ws"), "--json"], env=env, input="y\ny\n", capture_output=True, text=True,
                          timeout=110)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report["status"] == "finished"
    assert report["message"].endswith("PowerPoint and Excel.")
    assert "Let the model continue" in proc.stdout + proc.stderr
    assert len([r for r in server.received if r.path.endswith("/chat/completions")]) == 3  # one call per Continue
