"""The Host builds renderer views from store rows and routes card actions back to the window."""
from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace
from pathlib import Path
from typing import Any

import docx
import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

from desktop.agent.outcome import failed, outcome_json
from desktop.ui.host import Host, evidence_summary
from renderers.registry import Registry
from skills.messages import msg
from skills.runtime import Check, Evidence
from tests.ui.conftest import run
from uchat import ExtensionRef


@dataclass(frozen=True)
class _Artifact:
    id: str
    path: str
    workspace_path: str
    kind: str
    title: str
    sha256: str
    bytes: int


@dataclass(frozen=True)
class _Approval:
    id: str
    task_id: str
    tool_id: str
    target_path: str
    summary: str
    state: str
    arguments: dict[str, Any] = field(default_factory=dict)
    changes: tuple[tuple[str, str], ...] = ()
    ledger_id: str = ""
    message: str = ""


@dataclass(frozen=True)
class _Ledger:
    state: str
    result: dict[str, Any] | None = None


class _Store:
    def __init__(self) -> None:
        self.artifacts: dict[str, _Artifact] = {}
        self.approvals: dict[str, _Approval] = {}
        self.evidences: dict[str, Evidence] = {}
        self.ledgers: dict[str, _Ledger] = {}

    def ledger_entry(self, ledger_id: str) -> _Ledger:
        return self.ledgers[ledger_id]

    def artifact(self, artifact_id: str) -> _Artifact:
        return self.artifacts[artifact_id]

    def evidence(self, artifact_id: str) -> Evidence | None:
        return self.evidences.get(artifact_id)

    def approval(self, approval_id: str) -> _Approval:
        return self.approvals[approval_id]


@pytest.fixture
def setup(tmp_path: Path, qtbot):  # type: ignore[no-untyped-def]
    path = tmp_path / "ws" / "report.docx"
    path.parent.mkdir()
    document = docx.Document()
    document.add_heading("Quarterly report", 1)
    document.add_paragraph("Revenue grew.")
    document.save(str(path))
    store = _Store()
    store.artifacts["a1"] = _Artifact("a1", str(path), "report.docx", "docx", "Quarterly report", "ab" * 32,
                                      path.stat().st_size)
    store.evidences["a1"] = Evidence(path="report.docx", kind="docx", sha256="ab" * 32, bytes=path.stat().st_size,
                                     counts={"headings": 1}, checks=(Check(name="opens", status="passed"),
                                                                     Check(name="visual", status="not_run", detail="LibreOffice missing")))
    store.approvals["p1"] = _Approval("p1", "t1", "docx_create", "report.docx", "Create report.docx", "pending",
                                      {"path": "report.docx"})
    calls: dict[str, list[Any]] = {"decision": [], "preview": [], "notify": []}
    parent = QWidget()
    qtbot.addWidget(parent)
    host = Host(store, registry=Registry(),
                on_decision=lambda *a: calls["decision"].append(a),
                on_preview=lambda view, index: calls["preview"].append((view.id, index)),
                notify=calls["notify"].append)
    return host, store, calls, parent, path


def test_artifact_ref_becomes_a_card_with_evidence_from_the_store(setup) -> None:  # type: ignore[no-untyped-def]
    host, _store, _calls, parent, path = setup
    view = host.view_for(ExtensionRef(message_id="m1", artifact_id="a1", kind="docx"))
    assert view is not None
    assert (view.title, view.path, view.bytes, view.status) == ("Quarterly report", path, path.stat().st_size,
                                                                "written")
    assert view.evidence is not None and view.evidence.passed
    assert [c.status for c in view.evidence.checks] == ["passed", "not_run"]
    card = host.create(ExtensionRef(message_id="m1", artifact_id="a1", kind="docx"), parent)
    assert card is not None and host.live_cards("a1") == [card]


def test_unknown_rows_and_kinds_take_no_space(setup) -> None:  # type: ignore[no-untyped-def]
    host, _store, _calls, parent, _path = setup
    assert host.create(ExtensionRef(message_id="m1", artifact_id="missing", kind="docx"), parent) is None
    assert host.create(ExtensionRef(message_id="m1", artifact_id="a1", kind="odt"), parent) is None


def test_evidence_that_did_not_run_is_never_passed() -> None:
    assert evidence_summary(None) is None
    bare = Evidence(path="a.docx", kind="docx", sha256="0" * 64, bytes=1)
    only_not_run = evidence_summary(replace(bare, checks=(Check(name="visual", status="not_run"),)))
    assert only_not_run is not None and not only_not_run.passed
    failed = evidence_summary(replace(bare, checks=(Check(name="a", status="passed"), Check(name="b", status="failed"))))
    assert failed is not None and not failed.passed


def test_approval_view_and_decisions_reach_the_window_with_their_message(setup) -> None:  # type: ignore[no-untyped-def]
    host, store, calls, parent, _path = setup
    view = host.view_for(ExtensionRef(message_id="m7", artifact_id="p1", kind="approval/docx"))
    assert view is not None and view.approval is not None
    assert (view.status, view.approval.command, view.approval.decided) == ("pending_approval", "docx_create", "")
    host.create(ExtensionRef(message_id="m7", artifact_id="p1", kind="approval/docx"), parent)
    host.approve("p1")
    host.deny("p1")
    assert calls["decision"] == [("p1", True, "m7"), ("p1", False, "m7")]
    store.approvals["p1"] = _Approval("p1", "t1", "docx_create", "report.docx", "Create", "denied")
    decided = host.view_for(ExtensionRef(message_id="m7", artifact_id="p1", kind="approval/docx"))
    assert decided is not None and decided.status == "denied" and decided.approval.decided == "denied"


def test_save_copy_writes_the_same_bytes_and_open_uses_the_system_app(setup, aloop, qtbot, tmp_path,  # type: ignore[no-untyped-def]
                                                                      monkeypatch) -> None:
    host, _store, calls, _parent, path = setup
    view = host.view_for(ExtensionRef(message_id="m1", artifact_id="a1", kind="docx"))
    target = tmp_path / "copy.docx"
    host.ask_save_path = lambda _parent, _title, suggested: str(target)
    host.save_copy(view)
    run(aloop, qtbot, host.last_save)
    assert target.read_bytes() == path.read_bytes()
    assert any("copy.docx" in n for n in calls["notify"])
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    host.open_external(view)
    assert opened == [QUrl.fromLocalFile(str(path))]
    host.open_preview(view, 1)
    assert calls["preview"] == [("a1", 1)]


def test_a_cancelled_save_writes_nothing_and_a_vanished_file_is_reported(setup, tmp_path) -> None:  # type: ignore[no-untyped-def]
    host, _store, calls, _parent, path = setup
    view = host.view_for(ExtensionRef(message_id="m1", artifact_id="a1", kind="docx"))
    host.ask_save_path = lambda *_a: ""
    host.save_copy(view)
    assert host.last_save is None
    path.unlink()
    gone = host.view_for(ExtensionRef(message_id="m1", artifact_id="a1", kind="docx"))
    assert gone is not None and gone.status == "failed" and "report.docx" in gone.error
    host.save_copy(gone)
    assert any("no longer" in n for n in calls["notify"])


@pytest.mark.parametrize(("state", "ledger", "expected"), [
    ("approved", _Ledger("done"), ("written", "approved", "")),
    ("approved", _Ledger("failed", {"ok": False, "error": "disk full"}), ("failed", "approved", "disk full")),
    ("approved", _Ledger("executing"), ("pending_approval", "approved", "")),
    ("refused", None, ("denied", "denied", "the request was stopped")),  # the card's words, not the record
])
def test_a_decided_approval_shows_what_really_happened(setup, state, ledger, expected) -> None:  # type: ignore[no-untyped-def]
    host, store, _calls, _parent, _path = setup
    if ledger is not None:
        store.ledgers["l1"] = ledger
    store.approvals["p2"] = _Approval("p2", "t1", "docx_create", "r.docx", "Create", state, ledger_id="l1",
                                      message="the task was cancelled")
    view = host.view_for(ExtensionRef(message_id="m1", artifact_id="p2", kind="approval/docx"))
    assert view is not None and view.approval is not None
    assert (view.status, view.approval.decided, view.error) == expected


def test_a_card_built_again_reads_its_artifact_from_the_store_once(setup) -> None:  # type: ignore[no-untyped-def]
    host, store, _calls, parent, path = setup
    reads: list[str] = []
    artifact, evidence = store.artifact, store.evidence
    store.artifact = lambda aid: reads.append(aid) or artifact(aid)
    store.evidence = lambda aid: reads.append(aid) or evidence(aid)
    ref = ExtensionRef(message_id="m1", artifact_id="a1", kind="docx")
    first = host.create(ref, parent)
    assert first is not None
    first.deleteLater()  # scrolled far away; uchat builds it again when it comes back
    again = host.create(ref, parent)
    assert again is not None and again.view.evidence == first.view.evidence
    assert reads == ["a1", "a1"]  # the row and its evidence, once
    path.unlink()  # the file itself is still checked every time
    assert host.view_for(ref).status == "failed"


@pytest.mark.parametrize(("result", "message", "expected"), [
    ({"ok": False, "error": "the font has no glyph"}, "", "（详细信息：the font has no glyph）"),
    # the ledger's form now (desktop.agent.outcome): one message value, its English beside its id
    (outcome_json(failed(msg("problem.missing", name="r.docx"))), "", "r.docx 不在工作区中。"),
    # a storage fault's words are already the person's: shown as they are, never as English details
    (outcome_json(failed("磁盘已满，r.docx 没有写入。", retryable=True, fault="no_space")), "", "磁盘已满，r.docx 没有写入。"),
    # rows written before it: an English error with its message twin in error_msg
    ({"ok": False, "error": "x", "error_msg": {"id": "problem.missing", "english": "{name} is not in the workspace.",
                                                "params": {"name": "r.docx"}, "n": None}}, "", "r.docx 不在工作区中。"),
    (None, "not written: 'r.docx' is a symlink", "（详细信息：not written: 'r.docx' is a symlink）"),
    (None, "denied by the user", ""),
    # a refusal that names the model's argument path: the card says it without, the path as details (issue 26)
    ({"ok": False, "error": "x", "error_msg": {"id": "error.docx_edit.was_found_nothing_was",
                                                "english": "{where}: {find} was not found; nothing was changed",
                                                "params": {"where": "operations[0] (replace_text)", "find": "'/usr/bin'"},
                                                "n": None}}, "", "没有找到 '/usr/bin'；未做任何更改。（详细信息：operations[0] (replace_text)）"),
])
def test_a_card_in_chinese_shows_an_english_reason_only_as_details(setup, result, message, expected) -> None:  # type: ignore[no-untyped-def]
    from desktop import i18n

    host, store, _calls, _parent, _path = setup
    state = "approved" if result is not None else "refused"
    if result is not None:
        store.ledgers["l1"] = _Ledger("failed", result)
    store.approvals["p3"] = _Approval("p3", "t1", "docx_create", "r.docx", "Create", state, ledger_id="l1",
                                      message=message)
    i18n.set_language("zh_CN")
    try:
        view = host.view_for(ExtensionRef(message_id="m1", artifact_id="p3", kind="approval/docx"))
    finally:
        i18n.set_language("en")
    assert view is not None and view.error == expected
