"""skills.codec: every record that crosses the store or the ledger has one JSON form and comes back equal;
the store's v8 migration reads the marked strings and twin details older stores kept."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from desktop.store import Store
from skills.codec import CodecError, dumps, from_json, loads, message_in, to_json
from skills.messages import Msg, Text, count, msg, text
from skills.runtime import ArtifactRecord, Change, Check, CommandResult, Evidence, WritePlan

EVIDENCE = Evidence(path="r.docx", kind="docx", sha256="a" * 64, bytes=10, counts={"headings": 2}, checks=(
    Check(name="opens", status="passed"),
    Check(name="render", status="not_run", detail=msg("check.detail.not_rendered", reason=msg("soffice.missing")))))


@pytest.mark.parametrize("value", [
    msg("change.slide.bullets", number=2, items=["a", "b"]),
    count("count.pages", 3),
    text(msg("summary.writes", name="a.docx"), "words as written", ""),
    Change(before="old words", after=msg("change.removed")),
    WritePlan(summary=msg("summary.writes", name="a.docx"), changes=(Change(before="", after="new"),)),
    EVIDENCE,
    CommandResult(ok=True, message="made r.docx", data={"counts": {"headings": 2}},
                  artifacts=(ArtifactRecord(path="r.docx", kind="docx", sha256="a" * 64, bytes=10),), evidence=(EVIDENCE,)),
])
def test_a_record_comes_back_equal_through_json_text(value: object) -> None:
    again = loads(type(value), json.dumps(json.loads(dumps(value))))
    assert again == value and type(again) is type(value)


def test_a_side_is_a_message_or_words_by_its_json_kind_and_the_model_reads_english() -> None:
    change = Change(before="Slide 1", after=msg("change.removed"))
    data = to_json(change)
    assert isinstance(data, dict) and data["before"] == "Slide 1" and data["after"]["text"] == "(removed)"
    assert from_json(Change, data) == change
    assert to_json(EVIDENCE, english=True)["checks"][1]["detail"].startswith("The pages were not drawn")  # type: ignore[index]
    assert to_json(EVIDENCE)["passed"] is True  # (a check not run is not a failure) a computed fact is written for the model, recomputed on read


def test_damaged_or_older_json_gets_a_clear_error_and_unknown_keys_are_ignored() -> None:
    with pytest.raises(CodecError, match="not JSON"):
        loads(Evidence, "{oops")
    with pytest.raises(CodecError, match="has no sha256"):
        from_json(Evidence, {"path": "a", "kind": "docx", "bytes": 1})
    with pytest.raises(CodecError, match=r"checks\[0\]\.status is not a"):
        from_json(Evidence, {"path": "a", "kind": "docx", "sha256": "", "bytes": 1, "checks": [{"name": "x", "status": "maybe"}]})
    newer = {**to_json(Change(before="a", after="b")), "added_later": 1}  # type: ignore[dict-item]
    assert from_json(Change, newer) == Change(before="a", after="b")
    assert message_in({"id": "change.removed", "english": "(removed)", "params": {}}) == msg("change.removed")  # an old row
    assert message_in("words") is None and message_in({"$msg": 3}) is None


def test_the_v8_migration_reads_what_an_older_store_kept(tmp_path: Path) -> None:
    db = tmp_path / "mira.sqlite3"
    old = Store(db, migrate_to=7)
    conv = old.create_conversation("c")
    reply = old.add_message(conv.id, "assistant", "")
    old.close()
    mark = "\x1emira-msg:"
    removed = {"id": "change.removed", "english": "(removed)", "params": {}, "n": None}
    writes = {"id": "summary.writes", "english": "Writes {name}", "params": {"name": "a.docx"}, "n": None}
    conn = sqlite3.connect(db)
    conn.execute("UPDATE messages SET text=? WHERE id=?", (mark + json.dumps([writes, "the model's words"]), reply.id))
    conn.execute("INSERT INTO tasks(id, conversation_id, message_id, request, status, flow_id, flow_version, build_identity,"
                 " workspace, budgets, created) VALUES ('t1', ?, ?, 'r', 'paused', 'f', 1, 'b', '', '{}', 0)", (conv.id, reply.id))
    conn.execute("INSERT INTO ledger(id, task_id, agent, call_key, tool_call_id, tool_id, input_hash, state, created, updated)"
                 " VALUES ('l1', 't1', 'skill:x', 'k', 'c1', 'docx_edit', 'h', 'awaiting_approval', 0, 0)")
    conn.execute("INSERT INTO approvals(id, task_id, ledger_id, agent, call_key, tool_call_id, tool_id, arguments, input_hash,"
                 " skill_id, checkpoint_seq, checkpoint_hash, ledger_snapshot, target_path, summary, changes, state, created)"
                 " VALUES ('a1', 't1', 'l1', 'skill:x', 'k', 'c1', 'docx_edit', '{}', 'h', 'x', 0, '', '[]', 'a.docx', ?, ?,"
                 " 'pending', 0)", (mark + json.dumps([writes]), json.dumps([["Old text", mark + json.dumps([removed])]])))
    conn.execute("INSERT INTO artifacts VALUES ('r1', 't1', ?, '/x/a.docx', 'a.docx', 'docx', 'A', ?, 10, 'c1', 0)",
                 (conv.id, "a" * 64))
    conn.execute("INSERT INTO evidence VALUES ('r1', ?)", (json.dumps({"path": "a.docx", "kind": "docx", "sha256": "a" * 64,
                 "bytes": 10, "passed": False, "checks": [{"name": "render", "status": "not_run", "detail": "LibreOffice is missing",
                 "detail_msg": {"id": "soffice.missing", "english": "LibreOffice is missing", "params": {}}}]}),))
    conn.execute("INSERT INTO versions(id, conversation_id, path, version, sha256, bytes, change, created)"
                 " VALUES ('v1', ?, 'a.docx', 1, ?, 10, 'plain words', 0)", (conv.id, "a" * 64))
    conn.commit()
    conn.close()
    store = Store(db)
    message = store.message(reply.id)
    assert message.said == text(msg("summary.writes", name="a.docx"), "the model's words")
    assert message.text == "Writes a.docx\nthe model's words"  # the English stays searchable
    approval = store.approval("a1")
    assert approval.summary == text(msg("summary.writes", name="a.docx"))
    assert approval.changes == (Change(before="Old text", after=msg("change.removed")),)
    evidence = store.evidence("r1")
    assert evidence is not None and evidence.checks[0].detail == Msg(id="soffice.missing", english_template="LibreOffice is missing")
    assert store.versions(conv.id, "a.docx")[0].change == Text(lines=("plain words",))
    store.close()


def test_the_packet_the_model_reads_is_the_packet_the_store_keeps_and_the_offline_planner_says_its_checks_in_chinese() -> None:
    from desktop.llm.offline._reply import delivery
    from desktop.llm.packet import Delivered, FinalizationPacket, packet_message, read_packet

    packet = FinalizationPacket(status="completed", skill_id="docx", summary="made it", evidence=(EVIDENCE,),
                                artifacts=(Delivered(path="r.docx", kind="docx", sha256="a" * 64, bytes=10, version=2),))
    message = packet_message(packet)
    assert read_packet(message) == packet and read_packet("hello") is None and read_packet(message[:-3]) is None
    sent = json.loads(message.split("\n", 1)[1])
    assert sent["evidence"][0]["checks"][1]["detail"]["text"].startswith("The pages were not drawn")  # a model reads English
    said = delivery(packet, chinese=True)
    assert "页面没有绘制出来" in said and "The pages" not in said, said  # the check's own message, in Chinese
    older = {"status": "failed", "skill_id": "docx", "summary": "x", "artifacts": [{"path": "a.docx", "kind": "docx",
             "sha256": "b", "bytes": 3, "title": ""}], "evidence": [{"path": "a.docx", "kind": "docx", "sha256": "b",
             "bytes": 3, "passed": False, "checks": [{"name": "opens", "status": "failed", "detail": "bad zip"}]}]}
    kept = from_json(FinalizationPacket, older)  # a packet frozen by an older Mira still reads
    assert kept.artifacts[0].version == 1 and kept.evidence[0].checks[0].detail == "bad zip"
