"""Every visible renderer string goes through renderers.tr; cards follow the palette (light and dark)."""
from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QLineEdit, QWidget

import renderers
from renderers import ArtifactView, PendingApproval
from renderers._i18n import tr
from renderers.approval import ApprovalCard
from renderers.registry import Registry

ZH = {"Approve": "批准", "Deny": "拒绝", "Preview": "预览", "Save as…": "另存为…", "Open": "打开",
      "Slide {i} / {n}": "第 {i} / {n} 张幻灯片", "Written": "已写入",
      "Verified ✓ {passed}/{total} checks": "已验证 ✓ {passed}/{total} 项检查"}


@pytest.fixture
def translator() -> Iterator[Callable[[Callable[[str], str] | None], None]]:
    """Install a translator for one test; English comes back afterwards."""
    yield renderers.set_translator
    renderers.set_translator(None)
    renderers.set_message_renderer(None)


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def approval_view(path: Path, view_of, **changes: object) -> ArtifactView:
    approval = PendingApproval(approval_id="ap-1", command="docx.create", target_path=f"out/{path.name}", summary="Create a two-page report.",
                               arguments={"title": "Quarterly report", "pages": 2}, changes=(("Old intro", "New intro"), ("", "Added")))
    return view_of(path, kind="approval/docx", status="pending_approval", approval=approval, **changes)


def test_tr_formats_after_translating_and_falls_back_to_english(translator) -> None:
    assert tr("Slide {i} / {n}", i=2, n=4) == "Slide 2 / 4"
    translator(ZH.get)
    assert tr("Slide {i} / {n}", i=2, n=4) == "第 2 / 4 张幻灯片"
    assert tr("not in the table") == "not in the table"

    def broken(text: str) -> str:
        raise RuntimeError("translator bug")

    translator(broken)
    assert tr("Approve") == "Approve"
    translator(lambda text: "{wrong} placeholder")  # a template whose fields do not match: English
    assert tr("Page {i} / {n}", i=1, n=3) == "Page 1 / 3"
    translator(lambda text: "")
    assert tr("Deny") == "Deny"


def test_cards_read_chinese_and_switch_back_live(qtbot, registry, files, host, view_of, translator) -> None:
    card = registry.create_card(view_of(files["pdf"], evidence=None), host)
    approval = ApprovalCard(approval_view(files["docx"], view_of), host)
    for w in (card, approval):
        qtbot.addWidget(w)
    assert (approval.approve_button.text(), card.preview_button.text()) == ("Approve", "Preview")
    translator(ZH.get)  # open cards retranslate without being rebuilt
    assert (approval.approve_button.text(), approval.deny_button.text()) == ("批准", "拒绝")
    assert [b.text() for b in (card.preview_button, card.save_button, card.open_button)] == ["预览", "另存为…", "打开"]
    assert "已写入" in card.meta_label.text()
    translator(None)
    assert (approval.approve_button.text(), card.save_button.text()) == ("Approve", "Save as…")


def _marked(text: str) -> str:
    return f"«{text}»"


def _visible_texts(root: QWidget) -> list[tuple[str, str]]:
    out = [("tooltip", root.toolTip())] if root.toolTip() else []
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root):
            continue
        if isinstance(w, (QLabel, QAbstractButton)) and w.text():
            out.append((type(w).__name__, w.text()))
        if isinstance(w, QLineEdit) and w.placeholderText():
            out.append(("placeholder", w.placeholderText()))
        if w.toolTip():
            out.append(("tooltip", w.toolTip()))
    return out


def _unmarked_words(text: str, data: set[str]) -> list[str]:
    """English words left once marked strings, markup and data (file names, values) are taken out."""
    rest = re.sub(r"«[^»]*»", " ", html.unescape(re.sub(r"<[^>]+>", " ", text)))
    return [w for w in re.findall(r"[A-Za-z]{2,}", rest) if w not in data]


def _data_words(*strings: str) -> set[str]:
    return {w for s in strings for w in re.findall(r"[A-Za-z]{2,}", s)} | {"KB", "MB", "GB", "nbsp"}


def test_no_visible_english_bypasses_tr(qtbot, registry, files, host, view_of, translator) -> None:
    """Render every card and preview with a translator that marks each string; nothing may stay unmarked."""
    translator(_marked)
    renderers.set_message_renderer(lambda message: _marked(message.english()))  # ids with parameters too
    widgets: list[tuple[QWidget, ArtifactView]] = []
    for kind in ("docx", "pdf", "pptx", "xlsx"):
        view = view_of(files[kind])
        card = registry.create_card(view, host)
        qtbot.addWidget(card)
        card.show()
        with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=10_000):
            pass
        card.badge.setChecked(True)
        preview = registry.create_preview(view, None, 1 if kind in ("pdf", "pptx") else 0)
        qtbot.addWidget(preview)
        preview.resize(700, 500)
        preview.show()
        qtbot.waitUntil(lambda p=preview: p.count() > 0 and not p.is_loading(), timeout=10_000)
        widgets += [(card, view), (preview, view)]
    # a preview that cannot show its file, a card waiting for its thumbnail, every approval state
    missing = ArtifactView(id="art-missing", kind="docx", title="Missing", path=None, workspace_path="out/missing.docx")
    failed = registry.create_preview(missing)
    qtbot.addWidget(failed)
    qtbot.waitUntil(lambda: bool(failed.error()), timeout=5_000)
    widgets.append((failed, missing))
    pending = approval_view(files["docx"], view_of)
    for decided, status, error in (("", "pending_approval", ""), ("denied", "denied", "user said no"),
                                   ("approved", "written", ""), ("approved", "failed", "disk full")):
        card = ApprovalCard(pending, host)
        qtbot.addWidget(card)
        if decided:
            assert pending.approval is not None
            done = dataclasses.replace(pending.approval, decided=decided)
            card.update_view(dataclasses.replace(pending, status=status, error=error, approval=done))
        widgets.append((card, card.view))
    for root, view in widgets:
        approval = view.approval
        data = _data_words(view.title, view.workspace_path, view.error, view.path.name if view.path else "",
                           *(c.name + " " + c.detail for c in (view.evidence.checks if view.evidence else ())),
                           *(view.evidence.counts if view.evidence else ()),
                           *((approval.command, approval.summary, str(dict(approval.arguments)),
                              *(" ".join(pair) for pair in approval.changes)) if approval else ()),
                           "DOCX PDF PPTX XLSX")
        if hasattr(root, "count"):  # document content shown inside a preview is data too
            data |= _data_words("Speaker notes for slide two")
        for where, text in _visible_texts(root):
            assert _unmarked_words(text, data) == [], f"{type(root).__name__} {where}: {text!r}"


@pytest.fixture
def dark_palette(qapp: QApplication) -> Iterator[QPalette]:
    old = QPalette(qapp.palette())
    pal = QPalette()
    for role, value in ((QPalette.ColorRole.Window, "#202124"), (QPalette.ColorRole.WindowText, "#e8eaed"),
                        (QPalette.ColorRole.Base, "#17181a"), (QPalette.ColorRole.AlternateBase, "#2a2b2e"),
                        (QPalette.ColorRole.Text, "#e8eaed"), (QPalette.ColorRole.Button, "#2d2e31"),
                        (QPalette.ColorRole.ButtonText, "#e8eaed"), (QPalette.ColorRole.Mid, "#3c4043"),
                        (QPalette.ColorRole.PlaceholderText, "#9aa0a6")):
        pal.setColor(role, QColor(value))
    qapp.setPalette(pal)
    yield pal
    qapp.setPalette(old)


def _corner_lightness(widget: QWidget) -> int:
    """Lightness of the card's own background, sampled just inside its rounded border."""
    image = widget.grab().toImage()
    return image.pixelColor(6, image.height() - 4).lightness()


def test_cards_follow_a_dark_palette_live(qtbot, registry, files, host, view_of, dark_palette, qapp) -> None:
    light = QPalette(dark_palette)
    light.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
    light.setColor(QPalette.ColorRole.PlaceholderText, QColor("#6e7781"))
    card = registry.create_card(view_of(files["pdf"]), host)
    approval = ApprovalCard(approval_view(files["docx"], view_of), host)
    for w in (card, approval):
        qtbot.addWidget(w)
        w.resize(520, 220)
    assert _corner_lightness(card) < 60 and _corner_lightness(approval) < 80
    badge = QColor(re.search(r"color: (#[0-9a-f]{6})", card.badge.styleSheet()).group(1))
    assert badge.lightness() > 140, "a status colour on a dark card must be light"
    qapp.setPalette(light)  # the theme changes while the cards are open
    qtbot.waitUntil(lambda: _corner_lightness(card) > 200, timeout=2_000)
    assert _corner_lightness(approval) > 200
    badge = QColor(re.search(r"color: (#[0-9a-f]{6})", card.badge.styleSheet()).group(1))
    assert badge.lightness() < 120, "a status colour on a light card must be dark"
