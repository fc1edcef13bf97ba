"""Storage faults across approve → execute → record (issue 18), each simulated deterministically: a write
that raises ENOSPC/EACCES at every stage of the publish path, a folder that cannot be written, an
attachment copy on a full disk, and a full database (``PRAGMA max_page_count``).

Each asserts: a clear message (no traceback, no "Internal error"), no staged or partial file, the target
untouched, the ledger consistent (``failed`` + retryable, no result in the transcript yet), and a retry
from the card that runs exactly once after the fault clears."""
from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from desktop.agent import ApprovalError
from desktop.agent import events as ev
from desktop.llm.scripted import tool_turn
from desktop.store import StorageFull, Store
from skills.runtime import Workspace

from .conftest import Harness, run
from .fakes import read
from .test_approvals import FINISH, RUN_NOTES

PREFIX = Workspace.STAGING_PREFIX
OVERWRITE = ("s1", "note_write", json.dumps({"path": "a.txt", "text": "new text", "overwrite": True}))


class Fault:
    """Raises ``code`` at one stage of the write path while armed; ``hits`` counts the faults raised."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, stage: str, code: int) -> None:
        self.armed, self.hits, self.code = True, 0, code
        real_open, real_fsync, real_replace, real_rename = os.open, os.fsync, os.replace, os.rename
        real_write_text = Path.write_text

        def boom() -> OSError:
            self.hits += 1
            return OSError(self.code, os.strerror(self.code))

        def staging(name: object) -> bool:
            return PREFIX in os.fspath(name)  # type: ignore[arg-type]

        def fake_open(path: Any, flags: int, *a: Any, **kw: Any) -> int:
            if self.armed and stage == "create" and flags & os.O_CREAT and staging(path):
                raise boom()
            return real_open(path, flags, *a, **kw)

        def fake_write_text(path: Path, data: str, *a: Any, **kw: Any) -> int:
            if self.armed and stage == "write" and staging(path):
                real_write_text(path, data[: len(data) // 2], *a, **kw)  # a partial file, then the disk is full
                raise boom()
            return real_write_text(path, data, *a, **kw)

        def fake_fsync(fd: int) -> None:
            if self.armed and stage == "fsync" and staging(os.readlink(f"/proc/self/fd/{fd}")):
                raise boom()
            real_fsync(fd)

        def fake_replace(src: Any, dst: Any, *a: Any, **kw: Any) -> None:
            if self.armed and stage == "rename" and staging(src):
                raise boom()
            real_replace(src, dst, *a, **kw)

        def fake_rename(src: Any, dst: Any, *a: Any, **kw: Any) -> None:
            if self.armed and stage == "rename" and staging(src):
                raise boom()
            real_rename(src, dst, *a, **kw)

        monkeypatch.setattr(os, "open", fake_open)
        monkeypatch.setattr(os, "rename", fake_rename)  # publish renames with os.replace or os.rename
        monkeypatch.setattr(Path, "write_text", fake_write_text)
        monkeypatch.setattr(os, "fsync", fake_fsync)
        monkeypatch.setattr(os, "replace", fake_replace)


def _paused_on_overwrite(h: Harness) -> tuple[Any, str, str, Path]:
    """A task that attached a.txt ("old text") and now waits for approval to overwrite it."""
    (h.tmp / "side.log").write_text("", encoding="utf-8")  # the fake command logs each execution here
    src = h.tmp / "a.txt"
    src.write_text("old text", encoding="utf-8")
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(OVERWRITE), *FINISH])
    task_id = run(rt.start_task(h.conv.id, "rewrite a.txt", [src]))
    approval_id = rt.task_status(task_id).pending_approval_id
    assert approval_id
    return rt, task_id, approval_id, h.ws(task_id)


def _executions(h: Harness) -> int:
    return len(read(h.tmp / "side.log").splitlines())


def _write_row(h: Harness, task_id: str) -> Any:
    [row] = [r for r in h.store.ledger(task_id) if r.tool_id == "note_write"]
    return row


def _results_in_transcript(h: Harness, task_id: str) -> list[dict[str, Any]]:
    return [e.message for e in h.store.transcript(task_id, "skill:notes")
            if e.message.get("role") == "tool" and e.message.get("tool_call_id") == "s1"]


@pytest.mark.parametrize(("stage", "code"), [("create", errno.ENOSPC), ("write", errno.ENOSPC),
                                             ("fsync", errno.ENOSPC), ("rename", errno.ENOSPC),
                                             ("create", errno.EACCES), ("rename", errno.EROFS)])
def test_a_refused_write_is_not_done_and_retries_exactly_once(h: Harness, monkeypatch: pytest.MonkeyPatch,
                                                               stage: str, code: int) -> None:
    rt, task_id, approval_id, ws = _paused_on_overwrite(h)
    fault = Fault(monkeypatch, stage, code)
    run(rt.approve(approval_id))
    assert fault.hits == 1 and _executions(h) == 1
    status = rt.task_status(task_id)
    # A clear message, said in the task and its chat message; no traceback text anywhere.
    expected = "the disk is full" if code == errno.ENOSPC else "cannot be written"
    assert status.status == "paused" and expected in (status.error or "")
    assert "a.txt" in status.error and ("free)" in status.error or code != errno.ENOSPC)
    shown = h.store.message(status.message_id).text
    assert expected in shown and "Retry" in shown
    assert not list(h.of(ev.TaskFailed))
    assert "Traceback" not in shown and "Internal error" not in shown
    # Nothing partial or staged left; the target untouched.
    assert read(ws / "a.txt") == "old text"
    assert Workspace(ws).stray_staging_files() == []
    # The ledger: not done, retryable; its result is not in the transcript, so the agent waits at the call.
    row = _write_row(h, task_id)
    assert row.state == "failed" and row.result and row.result["retryable"] is True
    assert _results_in_transcript(h, task_id) == []
    # A retry while the fault persists fails the same way and stays retryable (nothing half-written).
    run(rt.retry(approval_id))
    assert fault.hits == 2 and _write_row(h, task_id).state == "failed" and read(ws / "a.txt") == "old text"
    # The fault clears: one retry runs it once, the agent goes on from the same call and finishes.
    fault.armed = False
    run(rt.retry(approval_id))
    assert _executions(h) == 3  # two refused attempts + the one that ran
    assert read(ws / "a.txt") == "new text"
    assert _write_row(h, task_id).state == "done"
    assert len(_results_in_transcript(h, task_id)) == 1
    assert rt.task_status(task_id).status == "finished"
    with pytest.raises(ApprovalError):
        run(rt.retry(approval_id))
    assert _executions(h) == 3 and Workspace(ws).stray_staging_files() == []


def test_retry_is_refused_when_the_target_changed_meanwhile(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    rt, task_id, approval_id, ws = _paused_on_overwrite(h)
    fault = Fault(monkeypatch, "rename", errno.ENOSPC)
    run(rt.approve(approval_id))
    fault.armed = False
    (ws / "a.txt").write_text("edited by the user", encoding="utf-8")
    with pytest.raises(ApprovalError, match="changed"):
        run(rt.retry(approval_id))
    assert read(ws / "a.txt") == "edited by the user" and _executions(h) == 1
    row = _write_row(h, task_id)
    assert row.state == "failed" and "changed" in (row.result or {}).get("error", "")
    assert len(_results_in_transcript(h, task_id)) == 1  # the agent was told, at the call


def test_a_pending_approval_cannot_be_retried(h: Harness) -> None:
    rt, _task_id, approval_id, _ws = _paused_on_overwrite(h)
    with pytest.raises(ApprovalError, match="nothing to retry"):
        run(rt.retry(approval_id))
    assert _executions(h) == 0


def test_an_unwritable_folder_is_refused_before_approval(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    real_access = os.access
    root = h.root

    def no_write_in_workspaces(path: Any, mode: int, *a: Any, **kw: Any) -> bool:
        if mode & os.W_OK and Path(path).is_relative_to(root):
            return False  # a read-only mount, as a root-run test can only simulate it
        return real_access(path, mode, *a, **kw)

    monkeypatch.setattr(os, "access", no_write_in_workspaces)
    (h.tmp / "side.log").write_text("", encoding="utf-8")
    src = h.tmp / "a.txt"
    src.write_text("old text", encoding="utf-8")
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(OVERWRITE), *FINISH])
    task_id = run(rt.start_task(h.conv.id, "rewrite a.txt", [src]))
    assert h.of(ev.ApprovalRequested) == []  # never asked: it could not have been done
    row = _write_row(h, task_id)
    assert row.state == "failed" and "read-only or not yours" in (row.result or {}).get("error", "")
    assert _executions(h) == 0 and read(h.ws(task_id) / "a.txt") == "old text"


def test_attachment_copy_on_a_full_disk(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    real_copy = shutil.copyfile

    def full_copy(src: Any, dst: Any, *a: Any, **kw: Any) -> Any:
        Path(dst).write_bytes(b"half")  # a partial copy, then no space
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(shutil, "copyfile", full_copy)
    src = h.tmp / "big.txt"
    src.write_text("x" * 1000, encoding="utf-8")
    rt = h.runtime([])
    task_id = run(rt.start_task(h.conv.id, "read it", [src]))
    status = rt.task_status(task_id)
    assert status.status == "failed"
    assert "the attached file big.txt" in (status.error or "") and "the disk is full" in status.error
    assert "Internal error" not in status.error
    ws = h.ws(task_id)
    assert not ws.exists() or not any(ws.iterdir())  # no partial copy, no staged file
    monkeypatch.setattr(shutil, "copyfile", real_copy)
    assert [m.role for m in h.store.messages(h.conv.id)] == ["user", "assistant"]  # the conversation is intact


def _full_after(store: Store, extra_pages: int = 0) -> None:
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count={pages + extra_pages}")


def test_a_full_database_stops_the_task_with_one_clear_error(h: Harness) -> None:
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(OVERWRITE), *FINISH])
    earlier = h.store.add_message(h.conv.id, "user", "an earlier message")
    _full_after(h.store)
    with pytest.raises(StorageFull, match="Could not save the message: the disk holding Mira's data is full"):
        run(rt.start_task(h.conv.id, "x" * 100_000))
    assert [m.id for m in h.store.messages(h.conv.id)] == [earlier.id]
    assert h.store.integrity_check() == "ok"


def test_mira_task_prints_a_full_database_without_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.agent import cli
    from desktop.store import _db

    monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
    real_init = _db.Database.__init__

    def full_database(self: Any, *a: Any, **kw: Any) -> None:
        real_init(self, *a, **kw)
        _full_after(self)  # type: ignore[arg-type]

    monkeypatch.setattr(_db.Database, "__init__", full_database)
    code = cli.main(["write a note " + "x" * 50_000, "--workspace", str(tmp_path / "ws"), "--yes"])
    err = capsys.readouterr().err
    assert code == 1
    assert "mira task: Could not save the message" in err and "free" in err
    assert "Traceback" not in err and "OperationalError" not in err


def test_the_render_folder_on_a_full_disk_says_so_and_leaves_nothing(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import docx

    from desktop.agent.execute import run_raw
    from skills.runtime import get_command, render_cmds

    ws = Workspace(tmp_path / "ws")
    doc = docx.Document()
    doc.add_paragraph("hello")
    doc.save(str(ws.root / "a.docx"))
    before = sorted(p.name for p in ws.root.iterdir())

    def full_copy(src: Any, dst: Any, *a: Any, **kw: Any) -> Any:
        Path(dst).write_bytes(b"half")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(render_cmds.shutil, "copyfile", full_copy)
    result = run_raw(ws, get_command("render_check"), {"path": "a.docx"})
    assert result.ok is False and not result.retryable
    assert "the preview pages of a.docx" in result.said and "the disk is full" in result.said
    assert sorted(p.name for p in ws.root.iterdir()) == before  # no .mira-render-* folder left


def test_a_refused_write_survives_a_restart_and_retries_once(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    rt, task_id, approval_id, ws = _paused_on_overwrite(h)
    fault = Fault(monkeypatch, "fsync", errno.ENOSPC)
    run(rt.approve(approval_id))
    fault.armed = False
    h.store.close()
    store = Store(h.db)  # a new process: the failed write is still there, still retryable
    rt2 = h.runtime(FINISH, store=store)
    assert run(rt2.recover()) == []  # a paused task is left for the user; nothing runs by itself
    assert _executions(h) == 1 and read(ws / "a.txt") == "old text"
    run(rt2.retry(approval_id))
    assert _executions(h) == 2 and read(ws / "a.txt") == "new text"
    assert rt2.task_status(task_id).status == "finished"
    h.store = store


def test_mira_task_says_the_disk_is_full_for_a_document(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.agent import cli

    monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
    real_replace = os.replace

    def no_space(src: Any, dst: Any, *a: Any, **kw: Any) -> None:
        if PREFIX in os.fspath(src):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_replace(src, dst, *a, **kw)

    monkeypatch.setattr(os, "replace", no_space)
    monkeypatch.setattr(os, "rename", no_space_rename(os.rename))
    code = cli.main(["Make a Word document from these notes:\n\n# Plan\n\n- one\n- two\n",
                     "--workspace", str(tmp_path / "ws"), "--yes"])
    err = capsys.readouterr().err
    assert code == 1
    assert "mira task: Could not write the document" in err and "the disk is full" in err
    assert "Traceback" not in err and "Internal error" not in err
    assert not list((tmp_path / "ws").rglob("*.docx")) and not list((tmp_path / "ws").rglob(f"{PREFIX}*"))


@pytest.mark.parametrize("code", [errno.EACCES, errno.ENOSPC])
def test_a_workspace_that_cannot_hold_the_task_folder(h: Harness, monkeypatch: pytest.MonkeyPatch,
                                                      code: int) -> None:
    real_mkdir = Path.mkdir

    def refuse(self: Path, *a: Any, **kw: Any) -> None:
        if self.is_relative_to(h.root) and self != h.root:
            raise OSError(code, os.strerror(code))
        real_mkdir(self, *a, **kw)

    monkeypatch.setattr(Path, "mkdir", refuse)
    rt = h.runtime([])
    task_id = run(rt.start_task(h.conv.id, "make a note"))
    status = rt.task_status(task_id)
    assert status.status == "failed" and "the working folder" in (status.error or "")
    assert ("the disk is full" if code == errno.ENOSPC else "cannot be written") in status.error
    assert "attached" not in status.error and "Internal error" not in status.error


def no_space_rename(real: Any) -> Any:
    """os.rename that refuses to move a staging file (a full disk at the publish step)."""
    def rename(src: Any, dst: Any, *a: Any, **kw: Any) -> None:
        if PREFIX in os.fspath(src):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(src, dst, *a, **kw)
    return rename


def test_no_space_to_keep_the_old_version_is_said_and_nothing_is_written(h: Harness,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from skills.runtime import versions

    src = h.tmp / "a.txt"
    src.write_text("old text", encoding="utf-8")

    def full(*_a: Any, **_k: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(versions, "shutil", SimpleNamespace(copyfile=full))  # only the version store's copies
    rt = h.runtime([tool_turn(RUN_NOTES), tool_turn(OVERWRITE), *FINISH])
    task_id = run(rt.start_task(h.conv.id, "rewrite a.txt", [src]))
    assert h.of(ev.ApprovalRequested) == []  # never asked: the old version could not be kept
    told = json.loads(h.model.calls[2].messages[-1].content)  # what the skill agent was told
    assert told["ok"] is False and "the previous version of a.txt" in told["error"] and "disk is full" in told["error"]
    assert read(h.ws(task_id) / "a.txt") == "old text"
    assert not list((h.ws(task_id) / ".mira").rglob(".part-*"))
