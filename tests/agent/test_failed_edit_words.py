"""A failed edit names no internal field to a person (issue 26): "replace /usr/bin with /opt/bin in a.docx" said
"operations[0] (replace_text): '/usr/bin' was not found". The person reads the sentence without the argument path,
which goes to a labelled details line; the model still reads the path, which it needs to fix its call."""
from __future__ import annotations

import io
import json
from pathlib import Path

import docx
import pytest

from desktop.agent import AgentRuntime, CatalogSkills
from desktop.llm.offline import OfflinePlanner
from desktop.messages import shown
from desktop.translations import render_plain
from skills.messages import msg
from skills.person_words import for_person
from tests.zh_words import english_words

from .conftest import Harness, run

PATH = "operations[0] (replace_text)"


def _document(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    document = docx.Document()
    document.add_paragraph("Install it under /usr/local.")
    document.save(str(folder / "a.docx"))
    return folder / "a.docx"


def _main_lines(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(("Details:", "详细信息：")))


@pytest.mark.parametrize(("request_text", "language"), [
    ("replace /usr/bin with /opt/bin in a.docx", "en"),
    ("把 a.docx 中的 /usr/bin 替换为 /opt/bin", "zh_CN"),
])
def test_the_chat_says_what_was_not_found_and_keeps_the_path_for_the_model(
        h: Harness, tmp_path: Path, request_text: str, language: str) -> None:
    rt = AgentRuntime(h.store, OfflinePlanner, h.root, skills=CatalogSkills())
    task_id = run(rt.start_task(h.conv.id, request_text, [_document(tmp_path / "in")]))
    reply = shown(h.store.message(h.store.task(task_id).message_id).text, lambda m: render_plain(m, language))
    said = _main_lines(reply)
    assert "'/usr/bin'" in said and "operations" not in said and "replace_text" not in said, reply
    assert PATH in reply  # on the details line
    if language == "zh_CN":
        assert "没有找到 '/usr/bin'" in said and english_words(said, ["a.docx", "/usr/bin", "/opt/bin"]) == [], said
    model_read = [e.message.get("content") or "" for e in h.store.transcript(task_id, "skill:docx")
                  if e.message.get("role") == "tool"]
    assert any(f"{PATH}: '/usr/bin' was not found" in c for c in model_read), model_read


def test_mira_task_says_it_without_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.agent import cli

    monkeypatch.setenv("MIRA_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(cli, "_configured", lambda: (OfflinePlanner(), "", tmp_path / "ws"))
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    folder = tmp_path / "ws" / "docs"
    _document(folder)
    code = cli.main(["replace /usr/bin with /opt/bin in a.docx", "--json", "--workspace", str(folder)])
    captured = capsys.readouterr()
    assert code == cli.EXIT_FAILED
    assert "That failed, so no file was changed: '/usr/bin' was not found" in captured.err, captured.err
    assert "operations[0]" not in _main_lines(captured.err) and f"Details: {PATH}" in captured.err
    report = json.loads(captured.out)
    assert "'/usr/bin'" in report["error"]  # the JSON report keeps the English record
    assert docx.Document(str(folder / "a.docx")).paragraphs[0].text == "Install it under /usr/local."


def test_the_person_form_leaves_out_only_what_the_model_needs() -> None:
    model_form = msg("error.pptx_edit.slide_does_exist_deck", where="edits[2] (set_title)", number=9, count=3)
    person, details = for_person(msg("problem.failed", reason=model_form))
    assert person.english() == "That failed, so no file was changed: Slide 9 does not exist (the deck has 3 slides)."
    assert details == "edits[2] (set_title)"
    assert render_plain(person, "zh_CN").endswith("幻灯片 9 不存在（演示文稿共 3 张幻灯片）。")
    schema = msg("error.validate.invalid_argument", command="docx_edit", where="operations/0",
                 reason="'x' is not of type 'integer'")
    person, details = for_person(schema)
    assert "docx_edit" not in person.english() and details == "docx_edit: operations/0: 'x' is not of type 'integer'"
    cell = msg("error.xlsx_write.cell_reference_like_b", field="cells", ref="'B0'")
    assert for_person(cell)[0].english() == "'B0' is not a cell reference like B2." and for_person(cell)[1] == "cells"
    plain = msg("problem.empty", name="a.docx")
    assert for_person(plain) == (plain, "")


def test_every_message_that_names_the_argument_path_has_a_person_form() -> None:
    """A refusal raised with ``where=`` or ``field=`` (an argument path) in a command module has its ``.person``
    twin."""
    import ast

    import skills
    from skills.messages import MESSAGES

    root = Path(skills.__file__).parent / "runtime"
    missing = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "msg" and node.args \
                    and isinstance(node.args[0], ast.Constant) and any(k.arg in ("where", "field") for k in node.keywords):
                mid = str(node.args[0].value)
                if not mid.startswith("error.safety.") and f"{mid}.person" not in MESSAGES:  # safety: a part name
                    missing.add(mid)
    assert missing == set()
