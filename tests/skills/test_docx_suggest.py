"""docx_edit with track_changes: replacements as w:del/w:ins by Mira, comments anchored to text."""
from __future__ import annotations

from desktop.messages import english
from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn

from skills.runtime import CommandError, Workspace, get_command


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    d = docx.Document()
    p = d.add_paragraph("Acme signs the contract with ")
    p.add_run("Acme").bold = True
    p.add_run(" Ltd today.")
    d.add_paragraph("甲公司负责交付。")
    d.save(str(tmp_path / "c.docx"))
    return Workspace(tmp_path)


def test_replacements_become_tracked_changes_and_comments_are_anchored(ws: Workspace) -> None:
    args = {"path": "c.docx", "track_changes": True, "operations": [
        {"op": "replace_text", "find": "Acme", "replace": "Mira"},
        {"op": "replace_text", "find": "甲公司", "replace": "乙公司"},
        {"op": "comment", "text": "today", "comment": "Which date exactly?"}]}
    card = get_command("docx_edit").describe(ws, args)
    assert card.summary.id == "summary.suggest" and "3 tracked replacements" in card.summary.english()
    assert any("“Acme” → “Mira”" in english(after) for _, after in card.pairs())
    res = get_command("docx_edit").run(ws, args)
    assert res.ok, res.message
    assert {c.name: c.status for c in res.evidence[0].checks}["suggestions recorded"] == "passed"
    d = docx.Document(str(ws.root / "c.docx"))
    body = d.element.body
    dels = list(body.iter(qn("w:del")))
    inss = list(body.iter(qn("w:ins")))
    assert len(dels) == 3 and len(inss) == 3
    assert {el.get(qn("w:author")) for el in dels + inss} == {"Mira"}
    deleted = ["".join(t.text for t in el.iter(qn("w:delText"))) for el in dels]
    inserted = ["".join(t.text for t in el.iter(qn("w:t"))) for el in inss]
    assert deleted == ["Acme", "Acme", "甲公司"] and inserted == ["Mira", "Mira", "乙公司"]
    # the bold "Acme" is suggested as a bold "Mira"
    assert inss[1].find(qn("w:r")).find(qn("w:rPr")).find(qn("w:b")) is not None
    # the untouched text is still there, unchanged
    assert "signs the contract with" in d.paragraphs[0].text and " Ltd today." in d.paragraphs[0].text
    comments = list(d.comments)
    assert [c.text for c in comments] == ["Which date exactly?"] and comments[0].author == "Mira"
    start = next(body.iter(qn("w:commentRangeStart")))
    assert start.getnext().find(qn("w:t")).text == "today"


def test_a_missing_anchor_changes_nothing(ws: Workspace) -> None:
    before = (ws.root / "c.docx").read_bytes()
    with pytest.raises(CommandError, match="was not found"):
        get_command("docx_edit").run(ws, {"path": "c.docx", "track_changes": True, "operations": [
            {"op": "comment", "text": "nowhere", "comment": "x"}]})
    assert (ws.root / "c.docx").read_bytes() == before
