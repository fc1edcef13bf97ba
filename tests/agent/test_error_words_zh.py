"""Errors a user reads are whole sentences in their language: a model provider's failure, a crash, a file
that cannot be copied. The lower layer's own text (a server's reply, an exception) is kept as details only."""
from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

import pytest

from desktop.agent import AgentRuntime, CatalogSkills
from desktop.agent import events as ev
from desktop.llm import ModelError
from desktop.llm.packet import FinalizationPacket
from desktop.llm.openai_provider import OpenAIModel
from desktop.messages import MESSAGES as DESKTOP
from desktop.messages import english, shown
from desktop.translations import render_plain
from skills.messages import MESSAGES as SKILLS
from skills.messages import Msg
from tests.llm.fake_server import FakeServer, http_error, serve
from tests.zh_words import english_words

from .conftest import Harness, run

SERVER_SAYS = "Service Unavailable: upstream overloaded"


def zh(text: str) -> str:
    return shown(text, lambda m: render_plain(m, "zh_CN"))


@pytest.fixture
def busy_server() -> Iterator[FakeServer]:
    yield from serve(lambda handler, body: http_error(handler, 503, SERVER_SAYS))


def test_a_provider_503_reads_as_one_chinese_sentence_with_the_servers_words_as_details(
        h: Harness, busy_server: FakeServer) -> None:
    model = OpenAIModel(busy_server.url, "test-model", "sk-test", timeout=5)
    rt = AgentRuntime(h.store, lambda: model, h.root, skills=CatalogSkills())
    rt.subscribe(h.events.append)
    task_id = run(rt.start_task(h.conv.id, "写一份报告"))
    assert rt.task_status(task_id).status == "failed"
    stored = h.store.message(h.store.task(task_id).message_id).words
    main, details = zh(stored).split("\n")
    assert "HTTP 503" in main and busy_server.url in main
    assert english_words(main, [busy_server.url]) == [], main  # was "server error at …": English inside Chinese
    assert details.startswith("详细信息：") and SERVER_SAYS in details  # the server's words, labelled details
    # the English record (logs, the model) keeps everything; so does `mira task` through the event
    assert "HTTP 503" in h.store.task(task_id).error and SERVER_SAYS in h.store.task(task_id).error
    [failed] = h.of(ev.TaskFailed)
    assert zh(failed.text) == zh(stored) and SERVER_SAYS in english(failed.text)


def _model_error(model: OpenAIModel) -> ModelError:
    """The error a request to ``model`` ends with (it must end with one)."""
    async def call() -> ModelError:
        with pytest.raises(ModelError) as caught:
            async for _ in model.stream([], []):
                pass
        await model.aclose()
        return caught.value

    return run(call())


@pytest.mark.parametrize("status", [401, 403, 404, 429, 500, 418])
def test_every_http_failure_of_the_provider_has_a_chinese_sentence(status: int) -> None:
    serving = serve(lambda handler, body: http_error(handler, status, "the server's own words"))
    server = next(serving)
    try:
        exc = _model_error(OpenAIModel(server.url, "test-model", None if status == 401 else "sk-test", timeout=5))
    finally:
        serving.close()
    assert isinstance(exc.msg, Msg), str(exc)
    text = render_plain(exc.msg, "zh_CN")
    assert english_words(text, [server.url, "test-model"]) == [], text
    assert "the server's own words" not in text and (status == 401 or "the server's own words" in exc.details)


def test_a_connection_refused_is_a_chinese_sentence() -> None:
    exc = _model_error(OpenAIModel("http://127.0.0.1:9/v1", "test-model", "sk-test", timeout=2))
    assert exc.msg is not None and "could not connect" in str(exc)
    assert english_words(render_plain(exc.msg, "zh_CN"), ["http://127.0.0.1:9/v1"]) == []


def test_a_crash_inside_mira_keeps_the_exception_as_details_only(h: Harness, monkeypatch: Any) -> None:
    rt = h.runtime([])

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("internal_state_key")

    monkeypatch.setattr("desktop.agent.loop.main_loop", broken)
    task_id = run(rt.start_task(h.conv.id, "做一个文档"))
    text = zh(h.store.message(h.store.task(task_id).message_id).words)
    main, details = text.split("\n")
    assert english_words(main) == [], main  # was "内部错误：KeyError: 'internal_state_key'"
    assert "KeyError" in details and details.startswith("详细信息：")


def _placeholders(template: str | tuple[str, str]) -> dict[str, str]:
    source = template[1] if isinstance(template, tuple) else template
    return {name: "〈值〉" for _, name, _, _ in string.Formatter().parse(source) if name}


@pytest.mark.parametrize("catalogue", [SKILLS, DESKTOP], ids=["skills", "desktop"])
def test_every_message_id_reads_in_chinese_without_english_words(catalogue: dict[str, Any]) -> None:
    """Each message of the Qt-free layers, parameters filled with Chinese stand-ins, in zh_CN: only names,
    file names and code spans stay Latin (a message left English, or a half-translated one, fails)."""
    found = {}
    for mid, template in catalogue.items():
        n = 2 if isinstance(template, tuple) else None
        text = render_plain(Msg(id=mid, english_template=template, params=_placeholders(template), n=n), "zh_CN")
        words = english_words(text, ["--yes", "ollama pull", "#REF!", "mira task --help",
                                     "llama-cpp-python", "llama-server", "llama.cpp", "DashScope", "--jinja"])  # product names, a flag
        if words:
            found[mid] = words
    assert found == {}


def test_a_refusal_known_only_in_english_is_a_chinese_sentence_with_the_english_as_details(
        h: Harness, monkeypatch: Any) -> None:
    from desktop.errors import MiraError

    rt = h.runtime([])

    async def refused(*args: Any, **kwargs: Any) -> Any:
        raise MiraError("flow step publish_output cannot run here")

    monkeypatch.setattr("desktop.agent.loop.main_loop", refused)
    task_id = run(rt.start_task(h.conv.id, "做一个文档"))
    main, details = zh(h.store.message(h.store.task(task_id).message_id).words).split("\n")
    assert main == "Mira 拒绝继续执行这个请求。"
    assert details == "详细信息：flow step publish_output cannot run here"


def test_a_budget_that_ran_out_says_so_in_chinese(h: Harness) -> None:
    from desktop.agent import Budgets
    from desktop.agent.budgets import BudgetExhausted
    from desktop.agent.state import Run
    from skills.runtime import Workspace

    state = Run("t", "c", "m", Workspace(h.tmp), None, Budgets(model_calls=1), {"model_calls": 1, "tool_calls": 0})
    with pytest.raises(BudgetExhausted) as caught:
        state.take_model_call()
    assert "budget of 1 model call for this task" in str(caught.value)
    assert isinstance(caught.value.msg, Msg)
    text = render_plain(msg_of("task.failed.budget", caught.value.msg), "zh_CN")
    assert "1 次模型调用" in text and english_words(text) == [], text


def msg_of(mid: str, error: Msg) -> Msg:
    from desktop.messages import msg

    return msg(mid, error=error)


def test_a_notice_about_an_error_known_only_in_english_labels_it_as_details() -> None:
    from desktop import texts
    from desktop.agent.gate import ApprovalError

    exc = ApprovalError("this task is running; wait for it to pause")
    texts.set_language("zh_CN")
    try:
        notice = texts.tr("chat.decision_failed", error=texts.say_error(exc))
        translated = texts.say_error(ModelError("x", msg=Msg(id="model.error.ended", english_template=DESKTOP["model.error.ended"])))
    finally:
        texts.set_language("en")
    assert notice.endswith("（详细信息：this task is running; wait for it to pause）")
    assert english_words(notice, ["this task is running; wait for it to pause"]) == [], notice
    assert translated == "模型的回答在完成之前就结束了。"
    assert texts.say_error(exc) == "this task is running; wait for it to pause"  # English stays as it was


@pytest.mark.parametrize(("packet", "expected"), [
    (FinalizationPacket(status="completed", skill_id="docx", summary="操作失败，没有修改任何文件。"), "操作失败，没有修改任何文件。"),
    (FinalizationPacket(status="completed", skill_id="docx"), "已完成。"),
    (FinalizationPacket(status="failed", skill_id="docx", summary="没有找到"), "任务没有完成。\n\n没有找到"),
])
def test_the_delivery_without_a_model_heads_a_summary_only_when_it_needs_to(packet: FinalizationPacket,
                                                                             expected: str) -> None:
    from desktop.agent.finalize import fallback_text
    from desktop.llm.offline._reply import delivery

    assert zh(fallback_text(packet)) == expected
    assert delivery(packet, chinese=True) == expected


def test_the_offline_planner_reports_a_failed_skill_run_in_chinese() -> None:
    import json

    from desktop.llm.offline import OfflinePlanner
    from skills.codec import to_json
    from skills.messages import msg

    english_only = OfflinePlanner._after_tool(json.dumps({"ok": False, "error": "skill docx is not trusted"}), True)
    assert english_only == "没能完成。\n详细信息：skill docx is not trusted"  # was "没能完成：skill docx is not trusted"
    said = to_json(msg("problem.missing", name="报告.docx"))
    with_id = OfflinePlanner._after_tool(json.dumps({"ok": False, "error": "x", "error_msg": said}), True)
    assert with_id == "没能完成：报告.docx 不在工作区中。", with_id
    # the tool message's form now: the error is the message value itself (its English as "text")
    from desktop.agent.outcome import failed, outcome_json

    one = OfflinePlanner._after_tool(json.dumps(outcome_json(failed(msg("problem.missing", name="报告.docx")))), True)
    assert one == "没能完成：报告.docx 不在工作区中。", one
    assert OfflinePlanner._after_tool(json.dumps({"ok": False, "error": "boom"}), False) == "That did not work: boom"
    assert OfflinePlanner._after_tool(json.dumps({"ok": True}), True) == "已完成。"
