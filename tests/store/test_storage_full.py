"""A full database (SQLITE_FULL, made deterministic with ``PRAGMA max_page_count``) is one clear error:
the change is rolled back whole, everything saved before stays, and writing works again once space is back."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from desktop import i18n
from desktop.store import StorageFull, Store, StoreError


def _fill(store: Store) -> None:
    """Cap the database at the pages it has now: the next write that needs a page fails with SQLITE_FULL."""
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count={pages}")


def _free(store: Store) -> None:
    store._conn.execute("PRAGMA max_page_count=1073741823")


def test_full_database_is_one_clear_error_and_nothing_earlier_is_lost(tmp_path: Path) -> None:
    store = Store(tmp_path / "mira.sqlite3")
    conv = store.create_conversation("kept")
    store.add_message(conv.id, "user", "the earlier message")
    _fill(store)
    with pytest.raises(StorageFull) as info:
        store.add_message(conv.id, "user", "x" * 200_000)
    exc = info.value
    assert isinstance(exc, StoreError)
    text = str(exc)
    assert "the message" in text and "full" in text and " free" in text
    assert exc.what == "the message" and exc.path == str(tmp_path / "mira.sqlite3")
    # Rolled back: the earlier state is intact and the connection is usable (reading works).
    assert not store._conn.in_transaction
    assert [m.text for m in store.messages(conv.id)] == ["the earlier message"]
    assert store.integrity_check() == "ok"
    _free(store)
    store.add_message(conv.id, "user", "after space was freed")
    assert [m.text for m in store.messages(conv.id)][-1] == "after space was freed"
    store.close()


def test_a_multi_row_change_that_hits_the_limit_is_rolled_back_whole(tmp_path: Path) -> None:
    store = Store(tmp_path / "mira.sqlite3")
    conv = store.create_conversation("before")
    _fill(store)
    with pytest.raises(StorageFull, match="conversation"), store._tx("conversation") as c:
        c.execute("UPDATE conversations SET title='half' WHERE id=?", (conv.id,))
        c.execute("INSERT INTO conversations (id, title, created, updated) VALUES ('x', ?, 0, 0)",
                  ("y" * 300_000,))
    assert store.conversation(conv.id).title == "before"
    store.close()


def test_the_message_is_in_the_users_language(tmp_path: Path) -> None:
    store = Store(tmp_path / "mira.sqlite3")
    conv = store.create_conversation("c")
    _fill(store)
    i18n.set_language("zh_CN")
    try:
        with pytest.raises(StorageFull) as info:
            store.add_message(conv.id, "user", "x" * 200_000)
    finally:
        i18n.set_language("en")
    assert "磁盘已满" in str(info.value) and "消息" in str(info.value)
    store.close()


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes")
def test_data_folder_and_database_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop import paths, settings

    monkeypatch.setenv("MIRA_HOME", str(tmp_path))
    (tmp_path / "data").mkdir(mode=0o755)
    os.chmod(tmp_path / "data", 0o755)  # an existing world-readable folder is tightened at start
    data = paths.data_dir()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    store = Store()
    store.create_conversation("private")
    assert stat.S_IMODE((data / "mira.sqlite3").stat().st_mode) == 0o600
    for side in ("mira.sqlite3-wal", "mira.sqlite3-shm"):
        if (data / side).exists():
            assert stat.S_IMODE((data / side).stat().st_mode) & 0o077 == 0
    store.close()
    config = settings.config_dir()
    assert stat.S_IMODE(config.stat().st_mode) == 0o700
    settings.SettingsStore(config).save(settings.AppSettings())
    assert stat.S_IMODE((config / "settings.json").stat().st_mode) == 0o600


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes")
def test_an_existing_world_readable_database_is_tightened(tmp_path: Path) -> None:
    db = tmp_path / "old" / "mira.sqlite3"
    Store(db).close()
    os.chmod(db, 0o644)
    os.chmod(db.parent, 0o755)
    Store(db).close()
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert stat.S_IMODE(db.parent.stat().st_mode) == 0o755  # a folder the caller chose is not Mira's to change


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes")
def test_the_log_folder_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``ship`` branch adds desktop/logs.py; once merged its folder must be made with
    ``paths.private_folder`` like the data and config folders (this test then runs instead of skipping)."""
    logs = pytest.importorskip("desktop.logs", reason="desktop/logs.py comes with the ship branch")
    monkeypatch.setenv("MIRA_HOME", str(tmp_path))
    (tmp_path / "logs").mkdir(mode=0o755)
    os.chmod(tmp_path / "logs", 0o755)
    folder = logs.log_dir()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
