"""The stored user message names what was attached; the model keeps its protocol line."""
from __future__ import annotations

from pathlib import Path

from desktop.messages import shown_request
from desktop.llm import Completion
from desktop.store import Store

from .conftest import Harness, run


def test_stored_user_message_names_the_attachments_and_survives_reopening(h: Harness, tmp_path: Path) -> None:
    notes, data = tmp_path / "notes.md", tmp_path / "data.csv"
    notes.write_text("# Notes\n", encoding="utf-8")
    data.write_text("a,b\n1,2\n", encoding="utf-8")
    rt = h.runtime([Completion(text="Got them.")])
    task_id = run(rt.start_task(h.conv.id, "summarise these", [notes, data]))
    folder = h.ws(task_id)
    h.store.close()

    reopened = Store(h.db)  # what a restarted app reads
    try:
        user = [m for m in reopened.messages(h.conv.id) if m.role == "user"]
        assert [m.text for m in user] == ["summarise these\n\n📎 notes.md · 📎 data.csv"]
    finally:
        reopened.close()
    # The model still gets the request with the protocol line, not the chat decoration.
    first = h.model.calls[0].messages[-1].content
    assert first == "summarise these\n\n[Attached files in the workspace: notes.md, data.csv]"
    assert "📎" not in first
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == ["data.csv", "notes.md"]


def test_attachment_only_request_and_plain_request(h: Harness, tmp_path: Path) -> None:
    src = tmp_path / "表格.xlsx"
    src.write_bytes(b"not really a workbook")
    rt = h.runtime([Completion(text="ok"), Completion(text="ok")])
    run(rt.start_task(h.conv.id, "", [src]))
    run(rt.start_task(h.conv.id, "  just text  "))
    user = [m.text for m in h.store.messages(h.conv.id) if m.role == "user"]
    assert user == ["📎 表格.xlsx", "  just text  "]  # a request without attachments is stored as typed


def test_a_failed_copy_still_records_what_the_user_attached(h: Harness, tmp_path: Path) -> None:
    rt = h.runtime([Completion(text="unused")])
    run(rt.start_task(h.conv.id, "use this", [tmp_path / "gone.docx"]))
    user = [m.text for m in h.store.messages(h.conv.id) if m.role == "user"]
    assert user == ["use this\n\n📎 gone.docx"]
    assert h.store.tasks("failed")


def test_shown_request_format() -> None:
    assert shown_request("hi", []) == "hi"
    assert shown_request("hi\n", ["a.md"]) == "hi\n\n📎 a.md"
    assert shown_request(" ", ["a.md", "b.csv"]) == "📎 a.md · 📎 b.csv"


def test_awkward_attachment_names_are_copied_under_a_name_the_agent_can_read(h: Harness, tmp_path: Path) -> None:
    # "~$…" (Office lock-file style), a leading dot and a backslash are legal file names on disk but not
    # usable workspace paths: the task must still start, with every file readable by the agent's tools.
    from desktop.agent.tools import list_workspace
    from skills.runtime import Workspace

    names = ["~$draft.md", ".hidden.csv", "a\\b.txt"]
    for i, name in enumerate(names):
        (tmp_path / name).write_text(f"content {i}", encoding="utf-8")
    rt = h.runtime([Completion(text="Got them.")])
    task_id = run(rt.start_task(h.conv.id, "use these", [tmp_path / n for n in names]))
    assert h.store.task(task_id).status == "finished"
    listed = list_workspace(Workspace(h.ws(task_id)), {})["files"]
    assert sorted((h.ws(task_id) / f["path"]).read_text(encoding="utf-8") for f in listed) == [
        "content 0", "content 1", "content 2"]
    told = h.model.calls[0].messages[-1].content
    assert all(f["path"] in told for f in listed)
