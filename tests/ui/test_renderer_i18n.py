"""Renderer cards and previews in 简体中文 and the dark theme, wired through desktop.i18n and the Host."""
from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from docx import Document
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from desktop import i18n
from desktop.translations import catalog
from desktop.ui import theme
from desktop.ui.host import Host
from renderers import ArtifactView, PendingApproval, _i18n
from renderers.approval import ApprovalCard
from renderers.registry import Registry

def test_every_renderer_string_has_a_chinese_translation() -> None:
    """The renderers' templates are found in their source and each has a finished zh_CN entry."""
    templates = [e for e in catalog.entries() if e.context == "renderers"]
    assert len(templates) > 60  # the scan really found the strings
    assert catalog.problems("zh_CN", templates) == []
    i18n.set_language("zh_CN")
    try:
        assert i18n.tr_renderers("Approve") == "批准"
        assert i18n.tr_uchat("Error") == "错误"
    finally:
        i18n.set_language("en")


@pytest.fixture
def report(tmp_path: Path) -> Path:
    path = tmp_path / "report.docx"
    doc = Document()
    doc.add_heading("Quarterly report", 1)
    doc.add_paragraph("Revenue grew in every region.")
    doc.save(str(path))
    return path


def _view(path: Path, **fields: object) -> ArtifactView:
    data = path.read_bytes()
    base = {"id": "art-1", "kind": "docx", "title": "Quarterly report", "path": path,
            "workspace_path": "out/report.docx", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    return ArtifactView(**{**base, **fields})  # type: ignore[arg-type]


class _Recorder:
    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    """The Host installs desktop's translator; the language is 简体中文 for the test, English after."""
    Host(None, registry=Registry(), on_decision=lambda *a: None, on_preview=lambda *a: None, notify=lambda m: None)
    i18n._missing.clear()
    assert _i18n._translator is i18n.tr_renderers
    i18n.set_language("zh_CN")
    yield
    i18n.set_language("en")
    theme.reset(qapp)


def test_cards_and_preview_in_chinese_and_back_to_english_live(qtbot, report, chinese) -> None:
    registry = Registry()
    approval = PendingApproval(approval_id="ap-1", command="docx.create", target_path="out/report.docx", summary="Create the report.")
    approval_card = ApprovalCard(_view(report, kind="approval/docx", status="pending_approval",
                                       approval=approval), _Recorder())
    card = registry.create_card(_view(report), _Recorder())
    preview = registry.create_preview(_view(report), None, 0)
    for w in (approval_card, card, preview):
        qtbot.addWidget(w)
    qtbot.waitUntil(lambda: preview.count() > 0, timeout=10_000)
    assert (approval_card.approve_button.text(), approval_card.deny_button.text()) == ("批准", "拒绝")
    assert approval_card.title_label.text() == "写入 out/report.docx"
    assert approval_card.state_label.text() == "等待你的批准"
    assert [b.text() for b in (card.preview_button, card.save_button, card.open_button)] == ["预览", "另存为…", "打开"]
    assert "已写入" in card.meta_label.text() and card.badge.text() == "未验证"
    assert preview.position_label.text() == "第 1 / 1 页"
    assert preview.fit_button.text() == "适合宽度" and preview.page_view_button.text() == "页面视图"
    assert i18n.missing() == set()  # every string the cards and the preview showed had a translation
    i18n.set_language("en")  # switching while everything is open retranslates it in place
    assert approval_card.approve_button.text() == "Approve" and card.save_button.text() == "Save as…"
    assert preview.position_label.text() == "Page 1 / 1"


def test_cards_are_dark_under_the_dark_theme(qtbot, report, chinese, qapp) -> None:
    # Inside a parent, as in the chat: a card must hear the theme change through its parent.
    chat = QWidget()
    qtbot.addWidget(chat)
    layout = QVBoxLayout(chat)
    card = Registry().create_card(_view(report), _Recorder(), chat)
    approval_card = ApprovalCard(_view(report, kind="approval/docx", status="pending_approval",
                                       approval=PendingApproval(approval_id="ap-1", command="docx.create", target_path="out/report.docx", summary="x")),
                                 _Recorder(), chat)
    layout.addWidget(card)
    layout.addWidget(approval_card)
    chat.resize(560, 480)
    chat.show()
    qtbot.waitExposed(chat)

    def corner(w: QWidget) -> int:
        image = w.grab().toImage()
        return image.pixelColor(6, image.height() - 4).lightness()

    theme.apply_theme("light", qapp)
    qtbot.waitUntil(lambda: corner(card) > 200 and corner(approval_card) > 200, timeout=3_000)
    theme.apply_theme("dark", qapp)  # a live switch: the open cards turn dark
    qtbot.waitUntil(lambda: corner(card) < 60 and corner(approval_card) < 80, timeout=3_000)
    assert "已写入" in card.meta_label.text()
    theme.apply_theme("light", qapp)
    qtbot.waitUntil(lambda: corner(card) > 200, timeout=3_000)
