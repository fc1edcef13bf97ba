"""A tool call's outcome is one record (desktop.agent.outcome.ToolOutcome): built, written through skills.codec,
read back equal; one error value (no English text with a message twin); old ledger rows still read (issue 26)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from desktop.agent.outcome import ToolOutcome, failed, from_command, outcome_json, read_outcome
from desktop.llm.offline import OfflinePlanner
from desktop.llm.scripted import tool_turn
from desktop.llm import Completion
from desktop.translations import render_plain
from skills.codec import dumps, loads
from skills.messages import Msg, english, msg
from skills.runtime import ArtifactRecord, Check, CommandResult, Evidence

from .conftest import Harness, run

ROOT = Path(__file__).resolve().parents[2]
ESCAPE = ("s1", "note_write", json.dumps({"path": "/etc/evil.txt", "text": "x"}))
RUN_NOTES = ("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))
COMPLETE = ("s9", "complete", json.dumps({"summary": "done", "artifacts": []}))


def _written() -> ToolOutcome:
    evidence = Evidence(path="a.docx", kind="docx", sha256="ab" * 32, bytes=12, counts={"paragraphs": 2},
                        checks=(Check(name="opens", status="passed"),
                                Check(name="render", status="not_run", detail=msg("problem.missing", name="soffice"))))
    return from_command(CommandResult(ok=True, message="wrote a.docx", data={"pages": 2, "sheets": ["A"]},
                                      artifacts=(ArtifactRecord(path="a.docx", kind="docx", sha256="ab" * 32, bytes=12),),
                                      evidence=(evidence,)))


@pytest.mark.parametrize("outcome", [
    _written(),
    failed(msg("problem.corrupt", name="a.pdf", kind="PDF")),  # a failure with a message value
    failed("verification failed: a.docx on disk does not match"),  # and one known only in English words
    failed("磁盘已满", retryable=True, fault="no_space"),
    ToolOutcome(ok=False, denied=True, message="denied by the user"),
    ToolOutcome(ok=True, status="completed", summary="made it", selected=("a.docx",)),
], ids=["written", "message", "words", "fault", "denied", "skill_run"])
def test_an_outcome_written_and_read_back_is_equal(outcome: ToolOutcome) -> None:
    text = dumps(outcome)
    assert loads(ToolOutcome, text) == outcome
    assert read_outcome(json.loads(text)) == outcome  # as the ledger hands a row back (its JSON, untyped)
    assert "error_msg" not in text


def test_the_model_reads_only_what_happened_and_a_failure_in_english() -> None:
    said = msg("problem.corrupt", name="a.pdf", kind="PDF")
    sent = outcome_json(failed(said))
    assert set(sent) == {"ok", "error"}  # no flag that is not set, no empty data or artifacts
    assert sent["error"]["text"] == english(said) and sent["error"]["$msg"]["id"] == "problem.corrupt"
    assert outcome_json(_written())["data"] == {"pages": 2, "sheets": ["A"]}  # the offline planner's keys


def test_a_command_that_reports_a_failure_says_why_as_its_error() -> None:
    outcome = from_command(CommandResult(ok=False, message="nothing to export"))
    assert not outcome.ok and outcome.error == "nothing to export" and outcome.said == "nothing to export"


def test_old_ledger_rows_still_read() -> None:
    # before the record: an English error with its message twin beside it, bare (the store's first form)...
    row = {"ok": False, "error": "'r.docx' is not in the workspace",
           "error_msg": {"id": "problem.missing", "english": "{name} is not in the workspace.", "params": {"name": "r.docx"}}}
    old = read_outcome(row)
    assert old.ok is False and isinstance(old.error, Msg) and old.error.id == "problem.missing"
    assert render_plain(old.error, "zh_CN") == "r.docx 不在工作区中。"
    # ...or in the codec's form; a storage fault with its flags; a command's result; complete()'s paths
    twin = {"ok": False, "error": "x", "error_msg": outcome_json(failed(msg("problem.missing", name="r.docx")))["error"]}
    assert read_outcome(twin).error == msg("problem.missing", name="r.docx")
    fault = read_outcome({"ok": False, "error": "the disk is full", "retryable": True, "fault": "no_space"})
    assert fault == failed("the disk is full", retryable=True, fault="no_space")
    done = read_outcome({"ok": True, "message": "wrote", "data": {"pages": 1}, "artifacts": [
        {"path": "a.docx", "kind": "docx", "sha256": "ab" * 32, "bytes": 3}], "evidence": []})
    assert done.artifacts[0].path == "a.docx" and done.data == {"pages": 1}
    complete = read_outcome({"ok": True, "message": "completed", "summary": "made", "artifacts": ["a.docx"]})
    assert complete.selected == ("a.docx",) and complete.artifacts == ()
    # a row the record does not fit is read for its words, not refused
    odd = read_outcome({"ok": False, "error": "boom", "artifacts": "not a list"})
    assert odd.ok is False and odd.said == "boom"


def test_evidence_that_does_not_read_is_left_out_and_the_files_kept() -> None:
    row = outcome_json(_written())
    row["evidence"] = [{"path": "a.docx"}, *row["evidence"]]  # one without its facts
    read = read_outcome(row)
    assert read.artifacts == _written().artifacts and read.evidence == _written().evidence


def test_the_transcript_the_model_gets_holds_the_english_sentence_and_the_chat_says_it_in_chinese(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(ESCAPE), tool_turn(COMPLETE), Completion(text="No.")])
    task_id = run(rt.start_task(h.conv.id, "write"))
    content = [m.content for m in h.model.calls[2].messages if m.role == "tool"][0]  # the model's own input
    english_words = "path: path '/etc/evil.txt' is absolute; use a path inside the workspace"
    assert json.loads(content)["error"]["text"] == english_words
    assert "error_msg" not in content
    row = next(r for r in h.store.ledger(task_id) if r.tool_id == "note_write")
    stored = read_outcome(row.result)
    assert isinstance(stored.error, Msg) and english(stored.error) == english_words
    # the offline planner reads the same text as a model would, and answers a Chinese request in Chinese
    reply = OfflinePlanner._after_tool(content, True)
    assert reply.startswith("没能完成") and "路径 '/etc/evil.txt' 是绝对路径；请使用工作区内的路径" in reply, reply


def test_no_result_is_written_with_an_error_msg_twin() -> None:
    """Only readers of old rows may name "error_msg": nothing in desktop/ writes the key any more."""
    writes = []
    for path in sorted((ROOT / "desktop").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for hit in re.finditer(r"""["']error_msg["']""", line):
                before, after = line[:hit.start()], line[hit.end():]
                reading = re.search(r"\.(get|pop)\($", before) is not None
                if not reading or re.match(r"\s*\]?\s*=(?!=)|\s*:", after):
                    writes.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not writes, "\n".join(writes)
