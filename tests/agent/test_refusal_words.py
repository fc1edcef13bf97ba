"""A refusal names no argument to a person, from whichever layer it came (issue 26).

The agent's own tool-call checks (desktop.messages: "inputs/0: path ../a.md leaves the workspace") and the
commands' refusals that began with a literal argument name ("order: [1, 1, 2] must list…", "output: …",
"pdf_pages: op rotate takes…", "slides[0].image: …") are read by a person without that name: the offline
planner's reply and the approval card say the sentence, and the name goes to the details line. The model still
reads the refusal as it was raised."""
from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import docx
import fitz
import pytest

from desktop.agent.outcome import outcome_json
from desktop.agent.state import refused
from desktop.agent.tools import ToolInputError, argument_paths
from desktop.llm.offline._summary import failure
from desktop.messages import MESSAGES as DESKTOP
from desktop.messages import for_person
from desktop.translations import render_plain
from skills.messages import MESSAGES as SKILLS
from skills.runtime import CommandError, Workspace, get_command
from tests.zh_words import english_words

DETAILS = ("Details:", "详细信息：")


def _said(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(DETAILS))


def _details(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if line.startswith(DETAILS))


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    root = tmp_path / "ws"
    root.mkdir()
    doc = fitz.open()
    for n in range(3):
        doc.new_page().insert_text((72, 72), f"page {n + 1}", fontname="helv", fontsize=14)
    doc.save(root / "a.pdf")
    document = docx.Document()
    document.add_paragraph("Moving plan.")
    document.save(str(root / "a.docx"))
    (root / "out.docx").mkdir()
    return Workspace(root)


def _tool_paths(ws: Workspace) -> None:
    argument_paths(ws, {"path": "a.docx", "inputs": ["../notes.md"]})


def _command(name: str, args: dict[str, Any]) -> Callable[[Workspace], None]:
    return lambda ws: get_command(name).run(ws, args) and None


# (how to make the refusal, what the model's form names, data a Chinese reply may show)
CASES: list[tuple[str, Callable[[Workspace], None], str, list[str]]] = [
    ("tool-call path", _tool_paths, "inputs/0", ["../notes.md"]),
    ("reorder", _command("pdf_reorder_pages", {"path": "a.pdf", "order": [1, 1, 2]}), "order", []),
    ("pdf_pages op", _command("pdf_pages", {"op": "rotate", "path": "a.pdf", "pages": [1], "output": "x.pdf"}),
     "pdf_pages", []),
    ("export name", _command("export_pdf", {"path": "a.docx", "output": "a.docx"}), "output", ["a.docx", ".pdf"]),
    ("edit into a folder", _command("docx_edit", {"path": "a.docx", "output": "out.docx", "operations": [
        {"op": "replace_text", "find": "Moving", "replace": "Packing"}]}), "output", ["out.docx"]),
    ("slide image", _command("pptx_create", {"path": "d.pptx", "slides": [
        {"layout": "image", "title": "Floor plan", "image": "../plan.png"}]}), "slides[0]", ["../plan.png"]),
]


@pytest.mark.parametrize(("make", "field", "data"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_reply_says_the_refusal_without_the_argument_name(
        ws: Workspace, make: Callable[[Workspace], None], field: str, data: list[str], language: str) -> None:
    with pytest.raises((CommandError, ToolInputError)) as caught:
        make(ws)
    model_form = str(caught.value)
    assert model_form.startswith(field), model_form  # the model still reads where its call went wrong
    reply = failure(outcome_json(refused(caught.value)), chinese=language == "zh_CN")
    said = _said(reply)
    prefix = model_form.split(" ")[0]  # "order:", "inputs/0:", "slides[0].image:"
    assert prefix not in said and f"{field}:" not in said and said.strip(), reply
    assert field in _details(reply), reply  # kept for the Details view
    if language == "zh_CN":
        assert english_words(said, data) == [], said
    assert (ws.root / "a.pdf").is_file() and not (ws.root / "x.pdf").exists() and not (ws.root / "d.pptx").exists()


def test_a_desktop_refusal_nested_in_a_skills_message_is_found_in_its_own_catalogue() -> None:
    from desktop.messages import msg as desktop_msg
    from skills.messages import msg

    inner = desktop_msg("error.agent_tools.folder_file", where="inputs/1", value="notes")
    person, details = for_person(msg("problem.failed", reason=inner))
    assert person.english() == "That failed, so no file was changed: notes is a folder, not a file."
    assert details == "inputs/1"
    assert render_plain(person, "zh_CN").endswith("notes 是文件夹，不是文件。"), render_plain(person, "zh_CN")


def test_a_wrapped_refusal_reads_in_the_persons_language() -> None:
    """"output: {exc}" kept the wrapped error as its English words; it keeps the message value now."""
    from skills.messages import msg
    from skills.runtime.errors import WorkspaceError

    inner = WorkspaceError(msg("error.workspace.path_absolute_use_path", rel="/etc/x.docx"))
    wrapped = msg("error.pptx_xlsx_common.output", field="output", exc=inner)
    assert wrapped.english() == "output: path /etc/x.docx is absolute; use a path inside the workspace"
    person, details = for_person(wrapped)
    assert details == "output" and english_words(render_plain(person, "zh_CN"), ["/etc/x.docx"]) == []


_FIELD_FIRST = r"^[a-z_]+(?:\.[a-z_]+)*(?:\[\{?\w*\}?\])?(?::|\.\{)"


def test_no_refusal_begins_with_a_literal_argument_name() -> None:
    """A refusal a person may read begins with words, or with a parameter its person form leaves out; the
    skill catalogue's own build errors (a SKILL.md, a flow file) are for the developer who edits them."""
    import re

    for catalogue in (SKILLS, DESKTOP):
        named = [mid for mid, t in catalogue.items() if mid.startswith("error.")
                 and not mid.startswith(("error.catalog.", "error.flow."))
                 and re.match(_FIELD_FIRST, t[1] if isinstance(t, tuple) else t)]
        assert named == []


def test_every_refusal_raised_with_an_argument_path_has_a_person_form() -> None:
    """Raised with ``where=``, ``field=``, ``command=`` or ``skill_id=`` in a command module or in the agent: a ``.person`` twin
    in the catalogue that raises it."""
    import desktop.agent
    import skills

    roots = [(Path(skills.__file__).parent / "runtime", SKILLS), (Path(desktop.agent.__file__).parent, DESKTOP)]
    missing = set()
    for root, catalogue in roots:
        for path in root.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "msg" and node.args \
                        and isinstance(node.args[0], ast.Constant) \
                        and any(k.arg in ("where", "field", "command", "skill_id") for k in node.keywords):
                    mid = str(node.args[0].value)
                    if mid in catalogue and not mid.startswith("error.safety.") and f"{mid}.person" not in catalogue:
                        missing.add(mid)
    assert missing == set()
