"""Every control of an artifact card and an approval card has an accessible name and description, in the
interface language (a screen reader hears "Approve — Let Mira do this: Create report.docx", not "button")."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from docx import Document
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from desktop import i18n
from desktop.ui.host import install_renderer_translator
from renderers import ArtifactView, CheckView, EvidenceSummary, PendingApproval
from renderers.approval import ApprovalCard
from renderers.registry import Registry
from skills.describe import write_headline


class _Host:
    offers_allow_similar = True

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


@pytest.fixture
def hooked(qapp: QApplication) -> Iterator[None]:
    install_renderer_translator()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _focusable(card: QWidget) -> list[QWidget]:
    found = [w for w in card.findChildren(QWidget) if w.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert found, "the card has controls to walk"
    return found


def _unnamed(card: QWidget) -> list[str]:
    return [f"{type(w).__name__} {w.objectName() or w.property('text')!r}" for w in _focusable(card)
            if not w.accessibleName().strip() or not w.accessibleDescription().strip()]


def _artifact_view(tmp_path: Path) -> ArtifactView:
    path = tmp_path / "report.docx"
    Document().save(str(path))
    evidence = EvidenceSummary(passed=True, checks=(CheckView(name="opens", status="passed"), CheckView(name="render", status="not_run")), counts={})
    return ArtifactView(id="art-1", kind="docx", title="report.docx", path=path, workspace_path="report.docx", bytes=path.stat().st_size, sha256="0" * 64,
                        evidence=evidence, version=2, change="Replaced the intro")


def _approval_view() -> ArtifactView:
    args = {"path": "out/report.docx", "blocks": [{"type": "heading", "text": "Plan"}]}
    approval = PendingApproval(approval_id="ap-1", command="docx_create", target_path="out/report.docx", summary="Create out/report.docx", arguments=args,
                               headline=write_headline("docx_create", args))
    return ArtifactView(id="ap-1", kind="approval/docx", title="report.docx", path=None, workspace_path="out/report.docx", bytes=0, sha256="",
                        status="pending_approval", approval=approval)


def test_every_control_of_an_artifact_card_is_named_and_described(qtbot, hooked, tmp_path: Path) -> None:
    card = Registry().create_card(_artifact_view(tmp_path), _Host())
    qtbot.addWidget(card)
    walked = {w.accessibleName() for w in _focusable(card)}
    assert {"Preview", "Open", "Compare with v1"} <= walked
    assert _unnamed(card) == []
    assert "report.docx" in card.open_button.accessibleDescription()
    assert card.badge.accessibleName() == "Checks: 1 of 2 checks passed, 1 not run"
    i18n.set_language("zh_CN")
    assert _unnamed(card) == []
    for w in _focusable(card):  # translated, not English with a Chinese file name
        assert re.search(r"[\u4e00-\u9fff]", w.accessibleName() + w.accessibleDescription()), w.accessibleName()


def test_every_control_of_an_approval_card_is_named_and_described(qtbot, hooked) -> None:
    card = ApprovalCard(_approval_view(), _Host())
    qtbot.addWidget(card)
    assert {"Approve", "Deny", "Details", "Retry"} <= {w.accessibleName() for w in _focusable(card)}
    assert _unnamed(card) == []
    assert card.approve_button.accessibleDescription() == "Let Mira do this: Create report.docx — 1 heading"
    card.details_button.setChecked(True)
    assert card.details_button.accessibleName() == "Hide details"
    i18n.set_language("zh_CN")
    assert _unnamed(card) == []
    assert card.approve_button.accessibleName() == "批准"
    for w in _focusable(card):
        assert re.search(r"[\u4e00-\u9fff]", w.accessibleName() + w.accessibleDescription()), w.accessibleName()
