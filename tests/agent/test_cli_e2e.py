"""`mira task` end to end: the installed entry point, the offline planner, the real commands, real files."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

MIRA = Path(sys.executable).with_name("mira")
NOTES = """# Quarterly report

Sales grew in every region.

## Results

- North: up
- South: flat

| Region | Sales |
|---|---|
| North | 10 |
| South | 7 |
"""
CSV = "Region,Sales,Cost\nNorth,10,4\nSouth,7.5,3\n"


def _need_skill(skill_id: str) -> None:
    from skills.catalog import load_catalog

    assert skill_id in load_catalog().entries, f"the {skill_id} skill is missing from the built catalog"


def mira(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, MIRA_HOME=str(tmp_path / "home"))
    return subprocess.run([str(MIRA), "task", *args, "--workspace", str(tmp_path / "ws")], cwd=tmp_path, env=env,
                          input=stdin, capture_output=True, text=True, timeout=110)


def _json_task(tmp_path: Path, request: str, name: str, content: str) -> list[dict]:
    (tmp_path / name).write_text(content, encoding="utf-8")
    proc = mira(tmp_path, request, "--attach", name, "--yes", "--json")
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    assert report["status"] == "finished" and report["outcome"] == "completed"
    assert report["artifacts"], report
    assert Path(report["workspace"]) == (tmp_path / "ws").resolve()  # --workspace DIR is exactly the folder
    for art in report["artifacts"]:
        assert (tmp_path / "ws" / art["path"]).is_file() and art["evidence"]["passed"] is True
        assert art["evidence"]["sha256"] == art["sha256"] and art["version"] == 1
        art["path"] = str(tmp_path / "ws" / art["path"])
    return report["artifacts"]


def test_markdown_to_docx(tmp_path: Path) -> None:
    import docx

    _need_skill("docx")
    [art] = _json_task(tmp_path, "Turn notes.md into a Word report", "notes.md", NOTES)
    doc = docx.Document(art["path"])
    text = "\n".join(p.text for p in doc.paragraphs)
    assert "Results" in text and "Sales grew in every region." in text
    assert doc.tables[0].cell(1, 0).text == "North"


def test_markdown_to_pdf(tmp_path: Path) -> None:
    import fitz

    _need_skill("pdf")
    [art] = _json_task(tmp_path, "Turn notes.md into a PDF", "notes.md", NOTES)
    with fitz.open(art["path"]) as pdf:
        text = "".join(page.get_text() for page in pdf)
    assert "Sales grew in every region." in text and "North" in text


def test_markdown_to_pptx(tmp_path: Path) -> None:
    import pptx

    _need_skill("pptx")
    [art] = _json_task(tmp_path, "Make slides from notes.md", "notes.md", NOTES)
    deck = pptx.Presentation(art["path"])
    texts = [shape.text_frame.text for slide in deck.slides for shape in slide.shapes if shape.has_text_frame]
    assert len(deck.slides) >= 2 and any("Results" in t for t in texts)


def test_csv_to_xlsx(tmp_path: Path) -> None:
    import openpyxl

    _need_skill("xlsx")
    [art] = _json_task(tmp_path, "Make a spreadsheet from data.csv", "data.csv", CSV)
    sheet = openpyxl.load_workbook(art["path"]).worksheets[0]
    rows = [[c.value for c in row] for row in sheet.iter_rows(max_row=3)]
    assert rows[0][:3] == ["Region", "Sales", "Cost"] and rows[1][:2] == ["North", 10] and rows[2][1] == 7.5


def test_denial_at_the_prompt_writes_nothing(tmp_path: Path) -> None:
    _need_skill("docx")
    (tmp_path / "notes.md").write_text(NOTES, encoding="utf-8")
    proc = mira(tmp_path, "Turn notes.md into a Word report", "--attach", "notes.md", stdin="n\n")
    assert proc.returncode == 3, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Approval needed:" in proc.stdout and "Approve? [y/N]" in proc.stdout
    assert "denied" in proc.stderr
    assert not list((tmp_path / "ws").rglob("*.docx"))


def test_the_prompt_lists_a_new_documents_headings_one_per_line(tmp_path: Path) -> None:
    _need_skill("docx")
    proc = mira(tmp_path, "Write a memo titled Office Move with headings Timeline and Budget", stdin="n\n")
    assert "Approval needed: Create office-move.docx" in proc.stdout, proc.stdout + proc.stderr[-2000:]
    assert "  + Timeline\n  + Budget\n" in proc.stdout, proc.stdout  # they ran together on one line


def test_bad_arguments_exit_2(tmp_path: Path) -> None:
    proc = mira(tmp_path, "make a report", "--attach", "missing.md")
    assert proc.returncode == 2 and "cannot attach" in proc.stderr


def test_inspect_exits_0_with_its_result_and_no_artifact(tmp_path: Path) -> None:
    _need_skill("docx")
    import docx

    doc = docx.Document()
    doc.add_heading("Budget 2026", level=1)
    doc.add_paragraph("Travel is capped.")
    doc.save(tmp_path / "plan.docx")
    proc = mira(tmp_path, "What's in plan.docx?", "--attach", "plan.docx", "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report["outcome"] == "completed" and report["artifacts"] == []
    assert "Budget 2026" in report["message"]


def test_inspecting_a_corrupt_file_exits_1_saying_why(tmp_path: Path) -> None:
    _need_skill("docx")
    (tmp_path / "broken.docx").write_bytes(b"PK\x03\x04 not really a zip archive" * 40)
    proc = mira(tmp_path, "What's in broken.docx?", "--attach", "broken.docx", "--json")
    assert proc.returncode == 1, proc.stdout[-2000:]
    report = json.loads(proc.stdout)
    assert report["outcome"] == "failed" and report["artifacts"] == []
    assert "broken.docx" in report["error"] and "corrupt" in report["error"]
    assert "Traceback" not in proc.stderr and "corrupt" in proc.stderr


def test_a_refused_approval_is_reported_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    # The file changes between the proposal and the answer: approve() refuses with a message; the CLI
    # shows it, the agent is told and goes on, and the exit code says the request was not carried out.
    from functools import partial

    from desktop.agent import cli
    from desktop.llm import Completion
    from desktop.llm.scripted import ScriptedModel, tool_turn

    from .fakes import fake_skills

    monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
    write = ("s1", "note_write", json.dumps({"path": "a.txt", "text": "new", "overwrite": True}))
    model = ScriptedModel([tool_turn(("m1", "run_skill", json.dumps({"skill_id": "notes", "goal": "write"}))),
                           tool_turn(write), Completion(text="I will stop."), Completion(text="Not done.")])
    monkeypatch.setattr(cli, "_configured", lambda: (model, "", tmp_path / "ws"))
    monkeypatch.setattr(cli, "AgentRuntime", partial(cli.AgentRuntime, skills=fake_skills()))

    def edit_then_yes(rt: cli.AgentRuntime, approval_id: str, out: object, assume_yes: bool) -> bool:
        task = rt.store.task(rt.store.approval(approval_id).task_id)
        (Path(task.workspace) / "a.txt").write_text("edited meanwhile", encoding="utf-8")
        return True

    monkeypatch.setattr(cli, "_ask", edit_then_yes)
    assert cli.main(["write a"]) == cli.EXIT_FAILED
    out = capsys.readouterr()
    assert "the file changed since this was proposed; ask again" in out.out
    [ws] = (tmp_path / "ws").iterdir()  # the conversation's folder, named from the request
    assert ws.name == "write-a" and (ws / "a.txt").read_text(encoding="utf-8") == "edited meanwhile"


def test_an_unreadable_database_is_one_message_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.agent import cli
    from desktop.llm.scripted import ScriptedModel

    monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
    db = tmp_path / "home" / "data" / "mira.sqlite3"
    db.parent.mkdir(parents=True)
    db.write_bytes(b"not a database at all" * 100)
    monkeypatch.setattr(cli, "_configured", lambda: (ScriptedModel([]), "", tmp_path / "ws"))
    assert cli.main(["write a"]) == cli.EXIT_FAILED
    err = capsys.readouterr().err
    assert "is not a readable Mira database" in err and "Traceback" not in err
    assert db.read_bytes() == b"not a database at all" * 100


def test_attach_before_the_request_and_several_files(tmp_path: Path) -> None:
    """``--attach`` takes one file each time: the request after it is not read as another file."""
    _need_skill("docx")
    (tmp_path / "notes.md").write_text(NOTES, encoding="utf-8")
    (tmp_path / "data.csv").write_text(CSV, encoding="utf-8")
    proc = mira(tmp_path, "--attach", "notes.md", "--attach", "data.csv", "Turn notes.md into a Word report",
                "--yes", "--json")
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    assert report["outcome"] == "completed" and report["artifacts"]
    assert (tmp_path / "ws" / "notes.md").is_file() and (tmp_path / "ws" / "data.csv").is_file()


@pytest.mark.slow  # two runs of the command
def test_a_picked_skill_runs_at_once_and_an_unknown_one_is_a_usage_error(tmp_path: Path) -> None:
    from docx import Document

    proc = mira(tmp_path, "Write a memo titled Office Move with headings Timeline and Budget", "--skill", "docx",
                "--yes", "--json")
    assert proc.returncode == 0, proc.stderr[-3000:]
    [art] = json.loads(proc.stdout)["artifacts"]
    texts = [p.text for p in Document(str(tmp_path / "ws" / art["path"])).paragraphs]
    assert texts[:3] == ["Office Move", "Timeline", "Budget"]  # the request as written, nothing added to it
    proc = mira(tmp_path, "Write a memo", "--skill", "no-such-skill", "--json")
    assert proc.returncode == 2 and "there is no skill no-such-skill" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr
