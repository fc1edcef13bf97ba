"""The store: conversations, messages, search, cascade delete, migrations, one-winner decisions."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from desktop.store import SCHEMA_VERSION, Extension, Store, StoreError
from desktop.store._schema import migrate
from skills.messages import text
from skills.runtime import Change, Check, Evidence

EVIDENCE = Evidence(path="r.docx", kind="docx", sha256="0" * 64, bytes=10, checks=(Check(name="opens", status="passed"),))


def test_conversations_messages_and_search(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.sqlite3")
    a = store.create_conversation("Quarterly report")
    b = store.create_conversation("Holiday")
    store.add_message(b.id, "user", "make slides about 长城")
    m = store.add_message(a.id, "assistant", "", status="streaming")
    store.update_message(m.id, text="Done", status="done", extensions=[Extension(artifact_id="art1", kind="docx")])
    assert store.message(m.id).extensions == (Extension(artifact_id="art1", kind="docx"),)
    assert [c.id for c in store.list_conversations()] == [a.id, b.id]  # most recently updated first
    assert [c.id for c in store.list_conversations("长城")] == [b.id]
    assert [c.id for c in store.list_conversations("quarterly")] == [a.id]
    assert store.list_conversations("100%") == []  # LIKE wildcards are literal
    store.rename_conversation(b.id, "Trip")
    assert store.conversation(b.id).title == "Trip"
    with pytest.raises(StoreError, match="no conversation 'nope'"):
        store.add_message("nope", "user", "x")
    store.close()


def test_message_paging(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.sqlite3")
    conv = store.create_conversation("c")
    ids = [store.add_message(conv.id, "user", f"m{i}").id for i in range(10)]
    assert [m.text for m in store.messages(conv.id, limit=3)] == ["m7", "m8", "m9"]
    assert [m.text for m in store.messages(conv.id, limit=3, before=ids[7])] == ["m4", "m5", "m6"]
    assert len(store.messages(conv.id)) == 10
    store.close()


def test_delete_cascades_to_tasks_and_artifacts(tmp_path: Path) -> None:
    from desktop.store import NewArtifact

    store = Store(tmp_path / "m.sqlite3")
    conv = store.create_conversation("c")
    msg = store.add_message(conv.id, "assistant", "")
    store.create_task(task_id="t1", conversation_id=conv.id, message_id=msg.id, request="r", flow_id="f",
                      flow_version=1, build_identity="b", workspace=str(tmp_path), budgets={})
    store.append_transcript("t1", "main", {"role": "user", "content": "r"})
    art = store.commit_artifact(artifact_id="a1", task_id="t1", conversation_id=conv.id,
                                new=NewArtifact(path="/x/r.docx", workspace_path="r.docx", kind="docx", title="R", sha256="0" * 64, bytes=10, tool_call_id="c1",
                                                evidence=EVIDENCE))
    assert store.evidence(art.id) == EVIDENCE
    store.delete_conversation(conv.id)
    with pytest.raises(StoreError, match="no artifact 'a1'"):
        store.artifact("a1")
    assert store.evidence("a1") is None and store.transcript("t1", "main") == [] and store.messages(conv.id) == []
    store.close()


def test_transcript_hash_chain_detects_edits(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.sqlite3")
    conv = store.create_conversation("c")
    msg = store.add_message(conv.id, "assistant", "")
    store.create_task(task_id="t1", conversation_id=conv.id, message_id=msg.id, request="r", flow_id="f",
                      flow_version=1, build_identity="b", workspace=str(tmp_path), budgets={})
    for i in range(3):
        store.append_transcript("t1", "main", {"role": "user", "content": str(i)})
    assert store.verify_transcript("t1", "main") and store.transcript_head("t1", "main")[0] == 3
    store.close()
    with sqlite3.connect(tmp_path / "m.sqlite3") as raw:
        raw.execute("UPDATE transcripts SET message='{\"role\":\"user\",\"content\":\"X\"}' WHERE seq=2")
    store = Store(tmp_path / "m.sqlite3")
    assert not store.verify_transcript("t1", "main")
    store.close()


def test_upgrades_a_v1_database_keeping_data(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = Store(path, migrate_to=1)
    conv = old.create_conversation("from v1")
    old.add_message(conv.id, "user", "hello")
    old.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == 1
        assert raw.execute("SELECT name FROM sqlite_master WHERE name='model_calls'").fetchone() is None
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION >= 2
    assert [m.text for m in store.messages(conv.id)] == ["hello"]
    assert store.list_conversations()[0].title == "from v1"
    assert store.integrity_check() == "ok"
    store.close()


def test_an_upgrade_that_fails_part_way_leaves_the_old_version_whole(tmp_path: Path) -> None:
    """The missing steps run in one transaction: v1 → latest failing at the last step keeps v1 exactly."""
    path = tmp_path / "old.sqlite3"
    Store(path, migrate_to=1).close()
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE versions (x)")  # the last step creates this table: it will fail there
    with pytest.raises(StoreError):
        Store(path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == 1
        assert raw.execute("SELECT name FROM sqlite_master WHERE name='model_calls'").fetchone() is None
        columns = [row[1] for row in raw.execute("PRAGMA table_info(tasks)")]
        assert "owner" not in columns  # step 3 was rolled back with the rest


def test_refuses_a_newer_schema_and_reports_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    Store(path).close()
    with sqlite3.connect(path) as raw:
        raw.execute("INSERT INTO schema_version VALUES (999)")
    with pytest.raises(RuntimeError, match="newer Mira"):
        Store(path)
    conn = sqlite3.connect(tmp_path / "x.sqlite3")
    assert migrate(conn) == SCHEMA_VERSION
    conn.close()
    store = Store(tmp_path / "p.sqlite3")
    assert store._one("PRAGMA journal_mode")[0] == "wal"
    assert store._one("PRAGMA synchronous")[0] == 2  # FULL
    assert store._one("PRAGMA foreign_keys")[0] == 1
    store.close()


def test_default_path_is_under_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIRA_HOME", str(tmp_path))
    store = Store()
    assert store.path == tmp_path / "data" / "mira.sqlite3" and store.path.exists()
    store.close()


def test_one_store_is_safe_from_several_threads(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    store = Store(tmp_path / "m.sqlite3")
    conv = store.create_conversation("c")
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda i: store.add_message(conv.id, "user", f"m{i}"), range(120)))
    assert len(store.messages(conv.id)) == 120 and store.integrity_check() == "ok"
    store.close()


def test_two_stores_racing_to_decide_an_approval_only_one_wins(tmp_path: Path) -> None:
    import threading

    path = tmp_path / "m.sqlite3"
    store = Store(path)
    conv = store.create_conversation("c")
    msg = store.add_message(conv.id, "assistant", "")
    store.create_task(task_id="t1", conversation_id=conv.id, message_id=msg.id, request="r", flow_id="f",
                      flow_version=1, build_identity="b", workspace=str(tmp_path), budgets={})
    store.freeze_approval(approval_id="a1", ledger_id="l1", task_id="t1", agent="skill:x", call_key="3:0",
                          tool_call_id="c1", tool_id="x_write", arguments_json="{}", input_hash="h", skill_id="x",
                          checkpoint_seq=3, checkpoint_hash="hh", target_path="a.txt", target_sha256=None,
                          summary=text("s"), changes=[Change(before="", after="new")])
    assert store.task("t1").status == "paused" and [a.id for a in store.pending_approvals()] == ["a1"]
    others = [Store(path) for _ in range(4)]
    barrier, wins = threading.Barrier(4), []

    def decide(s: Store) -> None:
        barrier.wait()
        wins.append(s.decide_approval("a1", "approved", ledger_state="approved", task_status="running"))

    threads = [threading.Thread(target=decide, args=(s,)) for s in others]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == [False, False, False, True]
    assert store.approval("a1").state == "approved" and store.ledger_entry("l1").state == "approved"
    assert store.approval("a1").changes == (Change(before="", after="new"),) and store.approval("a1").kind == "txt"
    for s in (*others, store):
        s.close()


def test_a_file_that_is_not_a_database_gets_one_clear_message_and_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "mira.sqlite3"
    garbage = b"this is not SQLite\x00" * 200
    path.write_bytes(garbage)
    with pytest.raises(StoreError, match=r"mira\.sqlite3 is not a readable Mira database"):
        Store(path)
    assert path.read_bytes() == garbage
