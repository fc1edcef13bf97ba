"""Working folders and versions in the store: migration of an older database, naming, choosing, deleting."""
from __future__ import annotations

from pathlib import Path

import pytest

from desktop.agent import workfolder
from desktop.store import SCHEMA_VERSION, Store
from skills.messages import Text, text


def test_an_older_database_is_migrated_with_its_conversations(tmp_path: Path) -> None:
    db = tmp_path / "mira.sqlite3"
    old = Store(db, migrate_to=4)
    conv = old.create_conversation("Budget review")
    old.add_message(conv.id, "user", "hello")
    old.close()
    store = Store(db)
    assert store.schema_version == SCHEMA_VERSION >= 5
    assert store.conversation(conv.id).title == "Budget review"
    assert [m.text for m in store.messages(conv.id)] == ["hello"]
    assert store.conversation_folder(conv.id) == (None, False)  # assigned on its next request
    v1 = store.add_version(conversation_id=conv.id, path="a.docx", sha256="1" * 64, bytes=3)
    again = store.add_version(conversation_id=conv.id, path="a.docx", sha256="1" * 64, bytes=3)
    v2 = store.add_version(conversation_id=conv.id, path="a.docx", sha256="2" * 64, bytes=4, change=text("x → y"))
    assert (v1.version, again.version, v2.version) == (1, 1, 2)  # the same bytes make no new version
    assert [v.version for v in store.latest_versions(conv.id)] == [2]
    store.close()
    reopened = Store(db)  # versions survive a restart
    assert [(v.version, v.change) for v in reopened.versions(conv.id, "a.docx")] == [(1, Text()), (2, text("x → y"))]
    reopened.close()


def test_folder_names_are_readable_unique_and_stable(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    root = tmp_path / "root"
    assert workfolder.readable_name("Q3 planning / meeting: notes?") == "Q3-planning-meeting-notes"
    assert workfolder.readable_name("第三季度 计划") == "第三季度-计划"
    assert workfolder.readable_name("../..") == "conversation" and workfolder.readable_name("CON") == "conversation"
    a = store.create_conversation("Q3 planning")
    b = store.create_conversation("Q3 planning")
    (root / "Q3-planning-3").mkdir(parents=True)  # a folder already there is never taken over
    c = store.create_conversation("Q3 planning")
    fa, fb, fc = (workfolder.assign(store, x.id, root) for x in (a, b, c))
    assert (fa.name, fb.name, fc.name) == ("Q3-planning", "Q3-planning-2", "Q3-planning-4")
    store.rename_conversation(a.id, "Something else")
    assert workfolder.assign(store, a.id, root) == fa  # stable after a rename
    store.close()


def test_a_chosen_folder_is_checked_and_kept_when_the_conversation_goes(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    conv = store.create_conversation("mine")
    with pytest.raises(workfolder.FolderError, match="too broad"):
        workfolder.choose(store, conv.id, Path("/"))
    with pytest.raises(workfolder.FolderError, match="too broad"):
        workfolder.choose(store, conv.id, Path.home())
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    with pytest.raises(workfolder.FolderError, match="is a file"):
        workfolder.choose(store, conv.id, tmp_path / "file.txt")
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "real", target_is_directory=True)
    (tmp_path / "real").mkdir()
    chosen = workfolder.choose(store, conv.id, link)
    assert chosen == (tmp_path / "real").resolve()  # the real folder is recorded, not the symlink
    (chosen / "mine.docx").write_bytes(b"user file")
    (chosen / ".mira" / "objects").mkdir(parents=True)
    assert workfolder.forget(store, conv.id, keep_folder=False) == "versions-removed"
    assert (chosen / "mine.docx").read_bytes() == b"user file" and not (chosen / ".mira").exists()
    made = store.create_conversation("made by mira")
    folder = workfolder.assign(store, made.id, tmp_path / "root")
    (folder / "out.pdf").write_bytes(b"%PDF")
    assert workfolder.forget(store, made.id, keep_folder=True) == "kept" and folder.is_dir()
    again = store.create_conversation("made by mira")
    folder2 = workfolder.assign(store, again.id, tmp_path / "root")
    assert workfolder.forget(store, again.id, keep_folder=False) == "removed" and not folder2.exists()
    store.close()
