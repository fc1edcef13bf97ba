"""PDFs readers open and attackers write: junk before %PDF, a page-tree cycle, owner-only and
user passwords, a lying page count, a giant content stream. Inspect opens what the library
opens, names what is broken, and stops what runs away."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import hostile_pdf as hp
import pytest

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.file_inspect import inspect
from skills.runtime.isolate import Limits, WorkerTimeout

MIRA = Path(sys.executable).with_name("mira")
PREFIXES = {
    "bom": b"\xef\xbb\xbf",
    "junk": b"Received: from mail.example.org\r\nX-Junk: yes\r\n\r\n",
    "print_ticket": b'\x1b%-12345X@PJL JOB NAME="report"\r\n@PJL ENTER LANGUAGE=PDF\r\n',
}


@pytest.mark.parametrize("prefix", sorted(PREFIXES))
def test_bytes_before_the_header_are_accepted(ws: Workspace, prefix: str) -> None:
    hp.with_prefix(ws.root / "x.pdf", PREFIXES[prefix], ("Behind a prefix", "Second page"))
    result = get_command("pdf_inspect").run(ws, {"path": "x.pdf"})
    assert result.data["pages"] == 2
    assert [p["text"].strip() for p in result.data["page_details"]] == ["Behind a prefix", "Second page"]


def test_a_header_after_the_first_kilobyte_is_still_refused(ws: Workspace) -> None:
    hp.with_prefix(ws.root / "x.pdf", b"junk " * 300)
    with pytest.raises(CommandError, match="not really a PDF file"):
        get_command("pdf_inspect").run(ws, {"path": "x.pdf"})


def test_a_page_tree_cycle_names_the_broken_page_and_keeps_the_rest(ws: Workspace) -> None:
    hp.page_tree_cycle(ws.root / "cycle.pdf")
    result = get_command("pdf_inspect").run(ws, {"path": "cycle.pdf"})
    details = {p["page"]: p for p in result.data["page_details"]}
    assert result.data["broken_pages"] == [2]
    assert details[1]["text"].strip() == "First page" and details[3]["text"].strip() == "Third page"
    assert "cycle in page tree" in details[2]["error"]
    assert "page 2: page 2 cannot be read (cycle in page tree)" in result.message


def test_an_owner_password_alone_does_not_stop_reading(ws: Workspace) -> None:
    hp.owner_only(ws.root / "owner.pdf")
    result = get_command("pdf_inspect").run(ws, {"path": "owner.pdf"})
    assert "Restricted but readable" in result.data["page_details"][0]["text"]
    assert result.data["encrypted"] is True and "restrictions" in result.message


def test_a_user_password_is_asked_for_and_used(ws: Workspace) -> None:
    hp.user_password(ws.root / "user.pdf", "s3cret")
    with pytest.raises(CommandError, match="protected with a password. Type it in the preview"):
        get_command("pdf_inspect").run(ws, {"path": "user.pdf"})
    with pytest.raises(CommandError, match="password does not open"):
        get_command("pdf_inspect").run(ws, {"path": "user.pdf", "password": "wrong"})
    result = get_command("pdf_inspect").run(ws, {"path": "user.pdf", "password": "s3cret"})
    assert "Behind the password" in result.data["page_details"][0]["text"]


def test_a_lying_page_count_is_refused_at_the_page_limit(ws: Workspace) -> None:
    hp.lying_count(ws.root / "count.pdf")
    # MuPDF up to 1.26 reports the lie (refused at the limit); 1.27+ refuses the count itself.
    with pytest.raises(CommandError, match="(has 1400000000 pages|claims an impossible number of pages); "
                                           "the limit is 5000"):
        get_command("pdf_inspect").run(ws, {"path": "count.pdf"})


def test_a_giant_content_stream_stops_at_the_deadline(ws: Workspace) -> None:
    hp.giant_content(ws.root / "giant.pdf", operators=6_000_000)
    with pytest.raises(WorkerTimeout, match=r"^Reading giant\.pdf took longer than 1 s"):
        inspect(ws.root / "giant.pdf", limits=Limits(seconds=1.0))


def _mira(*args: str, **kw: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(MIRA), "inspect", *args], capture_output=True, timeout=120, **kw)  # type: ignore[call-overload]


def test_cli_takes_a_password(tmp_path: Path) -> None:
    hp.user_password(tmp_path / "user.pdf", "s3cret")
    locked = _mira(str(tmp_path / "user.pdf"))
    assert locked.returncode == 2 and b"needs a password: give it with `--password`" in locked.stderr
    opened = _mira(str(tmp_path / "user.pdf"), "--password", "s3cret")
    assert opened.returncode == 0 and b"Behind the password" in opened.stdout


def test_cli_json_is_valid_utf8_with_lone_surrogates_and_a_strict_stdout(tmp_path: Path) -> None:
    hp.surrogate_title(tmp_path / "title.pdf")
    env = {"PYTHONIOENCODING": "ascii:strict", "PATH": "/usr/bin:/bin"}
    proc = _mira(str(tmp_path / "title.pdf"), "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    data = json.loads(proc.stdout.decode("utf-8"))  # strict decoding: valid UTF-8
    assert data["outline"]["metadata"]["title"].startswith("A")


@pytest.mark.parametrize("command", ["inspect", "preview"])
def test_a_closed_pipe_ends_quietly(tmp_path: Path, command: str) -> None:
    hp.many_pages(tmp_path / "long.pdf", 40)
    if command == "inspect":
        args = [str(MIRA), "inspect", str(tmp_path / "long.pdf"), "--json"]
    else:
        args = [str(MIRA), "preview", str(tmp_path / "long.pdf"), "--out", str(tmp_path / "p.png")]
    shell = subprocess.run(f"{' '.join(args)} | head -c 1 >/dev/null; exit ${{PIPESTATUS[0]}}",
                           shell=True, executable="/bin/bash", capture_output=True, timeout=120)
    assert b"Traceback" not in shell.stderr and b"BrokenPipe" not in shell.stderr, shell.stderr
    assert shell.returncode in (0, 141)


HEAVY = ("pymupdf", "docx", "pptx", "openpyxl", "PySide6", "jsonschema")
PROBE = """
import json, sys
from skills.runtime.file_inspect import inspect_here
inspect_here(sys.argv[1], {})
print(json.dumps(sorted(m for m in %r if m in sys.modules)))
""" % (HEAVY,)


@pytest.mark.parametrize(("kind", "loaded"), [("pdf", ["pymupdf"]), ("docx", ["docx"])])
def test_inspect_loads_only_the_formats_library(ws: Workspace, kind: str, loaded: list[str]) -> None:
    if kind == "pdf":
        hp.with_prefix(ws.root / "a.pdf", b"")
    else:
        get_command("docx_create").run(ws, {"path": "a.docx", "blocks": [{"type": "paragraph", "text": "x"}]})
    proc = subprocess.run([sys.executable, "-c", PROBE, str(ws.root / f"a.{kind}")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == loaded


def test_the_cli_process_itself_loads_no_format_library(tmp_path: Path) -> None:
    hp.with_prefix(tmp_path / "a.pdf", b"")
    probe = ("import sys, json; from skills.cli import main; code = main([sys.argv[1]]); "
             f"print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "a.pdf")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "After the junk" in proc.stdout and proc.stdout.strip().endswith("[]")


def test_verify_of_a_runaway_pdf_is_a_failed_check_not_a_hang(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    from skills.runtime import file_inspect

    hp.giant_content(ws.root / "giant.pdf", operators=6_000_000)
    monkeypatch.setattr(file_inspect, "INSPECT_LIMITS", Limits(seconds=1.0))
    result = get_command("pdf_verify").run(ws, {"path": "giant.pdf", "expect": {"text": ["x"]}})
    assert not result.ok
    check = result.evidence[0].checks[0]
    assert (check.name, check.status) == ("opens", "failed") and "longer than 1 s" in check.detail


def test_render_check_of_a_runaway_pdf_reports_not_run(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    from skills.runtime import render_cmds

    hp.giant_content(ws.root / "giant.pdf", operators=6_000_000)
    monkeypatch.setattr(render_cmds, "RENDER_LIMITS", Limits(seconds=1.0))
    result = get_command("render_check").run(ws, {"path": "giant.pdf"})
    assert not result.ok and result.data["rendered"] is False
    assert "longer than 1 s" in result.data["reason"]
    assert [c.status for c in result.evidence[0].checks] == ["not_run", "not_run"]
