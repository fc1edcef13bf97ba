"""In-chat cards for every kind, and the approval card (approve/deny exactly once)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from renderers import PendingApproval
from renderers.registry import Registry

KINDS = ["docx", "pdf", "pptx", "xlsx"]


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.mark.parametrize("kind", KINDS)
def test_card_shows_title_size_status_evidence_and_thumbnail(qtbot, registry, files, host, view_of, kind) -> None:
    view = view_of(files[kind])
    card = registry.create_card(view, host)
    qtbot.addWidget(card)
    card.resize(520, 200)
    card.show()
    with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=10_000) as blocker:
        pass
    assert blocker.args == [True]
    assert card.title_label.text() == "Quarterly report"
    meta = card.meta_label.text()
    assert kind.upper() in meta and "Written" in meta and ("KB" in meta or " B" in meta)
    assert card.badge.text() == "2 of 3 checks passed, 1 not run"
    assert not card.checks_label.isVisible()
    qtbot.mouseClick(card.badge, Qt.MouseButton.LeftButton)
    assert card.checks_label.isVisible()
    checks = card.checks_label.text()
    # plain words first; the internal check name only small in the details, the reason only where it matters
    assert "All headings are there" in checks and "not run" in checks and "LibreOffice missing" in checks
    assert "Holds 2 pages" in checks
    thumb = card.thumbnail()
    assert thumb is not None and thumb.width() > 50
    image = thumb.toImage()
    colors = {image.pixel(x, y) for x in range(0, image.width(), 4) for y in range(0, image.height(), 4)}
    assert len(colors) > 2, "the thumbnail is blank"
    for button, call in ((card.preview_button, ("open_preview", (view.id, 0))),
                         (card.save_button, ("save_copy", view.id)),
                         (card.open_button, ("open_external", view.id))):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert host.calls[-1] == call
    card.grab().save(f"/tmp/mira-card-{kind}.png")


def test_badge_texts(qtbot, registry, files, host, view_of) -> None:
    from renderers import CheckView, EvidenceSummary

    ok = EvidenceSummary(passed=True, checks=tuple(CheckView(name=f"c{i}", status="passed") for i in range(6)))
    bad = EvidenceSummary(passed=False, checks=(CheckView(name="a", status="passed"), CheckView(name="b", status="failed", detail="formula error in D2")))
    for evidence, text in ((ok, "All 6 checks passed"), (bad, "1 of 2 checks failed"), (None, "Not verified")):
        card = registry.create_card(view_of(files["pdf"], evidence=evidence), host)
        qtbot.addWidget(card)
        assert card.badge.text() == text


def test_failed_artifact_has_no_file_actions_and_shows_error(qtbot, registry, broken, host, view_of) -> None:
    from dataclasses import replace

    view = replace(view_of(broken["missing.docx"], status="failed"), error="python-docx could not save the file")
    card = registry.create_card(view, host)
    qtbot.addWidget(card)
    assert "Failed" in card.meta_label.text()
    assert card.error_label.text() == "python-docx could not save the file"
    assert not card.preview_button.isEnabled() and not card.open_button.isEnabled()


def test_broken_file_card_shows_no_preview_thumbnail(qtbot, registry, broken, host, view_of) -> None:
    card = registry.create_card(view_of(broken["truncated.docx"]), host)
    qtbot.addWidget(card)
    # Generous: the card's job shares the render pool with the cards the tests before it left
    # drawing (their worker processes start slowly on a loaded machine).
    with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=45_000) as blocker:
        pass
    assert blocker.args == [False]
    assert card.thumb_label.text() == "No preview"
    assert "corrupt or truncated" in card.thumb_label.toolTip()


def _approval(files, view_of, decided: str = "", status: str = "pending_approval"):
    approval = PendingApproval(approval_id="ap-1", command="docx.edit", target_path="out/report.docx", summary="Replace the intro paragraph.",
                               arguments={"path": "out/report.docx", "paragraph": 2},
                               changes=(("Old intro <b>text</b>", "New intro text"), ("", "Added line")), decided=decided)  # type: ignore[arg-type]
    return view_of(files["docx"], kind="approval/docx", status=status, approval=approval)


@pytest.mark.parametrize("action", ["approve", "deny"])
def test_approval_card_decides_exactly_once(qtbot, registry, files, host, view_of, action) -> None:
    card = registry.create_card(_approval(files, view_of), host)
    qtbot.addWidget(card)
    card.show()
    details = card.details_label.text()
    assert "docx.edit" in details and "out/report.docx" in details and "Replace the intro" in details
    changes = card.changes_label.text()
    assert "Old intro &lt;b&gt;text&lt;/b&gt;" in changes and "New intro text" in changes  # escaped, readable
    button = card.approve_button if action == "approve" else card.deny_button
    signal = card.sig_approved if action == "approve" else card.sig_denied
    with qtbot.waitSignal(signal, timeout=1000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.mouseDClick(button, Qt.MouseButton.LeftButton)
    button.click()  # even a programmatic click on a disabled button
    card._on_approve()
    card._on_deny()
    assert host.calls == [(action, "ap-1")]
    assert not card.approve_button.isEnabled() and not card.deny_button.isEnabled()
    assert card.state_label.text() == ("Approving…" if action == "approve" else "Declined — nothing will be written")
    card.grab().save(f"/tmp/mira-approval-{action}.png")


def test_approval_card_shows_the_outcome_with_buttons_gone(qtbot, registry, files, host, view_of) -> None:
    card = registry.create_card(_approval(files, view_of), host)
    qtbot.addWidget(card)
    card.show()
    qtbot.mouseClick(card.approve_button, Qt.MouseButton.LeftButton)
    card.update_view(_approval(files, view_of, decided="approved", status="written"))
    assert not card.approve_button.isVisible() and not card.deny_button.isVisible()
    assert card.state_label.text() == "Done — saved out/report.docx"
    assert card.title_label.text() == "Write out/report.docx"  # no headline given: a plain fallback
    assert card.card_state() == "done"
    denied = registry.create_card(_approval(files, view_of, decided="denied", status="denied"), host)
    qtbot.addWidget(denied)
    denied.show()
    assert not denied.approve_button.isVisible()
    assert denied.state_label.text() == "Nothing was written"
    assert denied.title_label.text() == "You declined: Write out/report.docx"
    assert denied.card_state() == "denied" and denied._card_colors != card._card_colors
    card.grab().save("/tmp/mira-approval-outcome.png")
    assert host.calls == [("approve", "ap-1")]


def test_approval_preview_is_the_target_files_preview(qtbot, registry, files, view_of) -> None:
    from renderers.docx.plugin import DocxPreview

    preview = registry.create_preview(_approval(files, view_of), None, 1)
    qtbot.addWidget(preview)
    assert isinstance(preview, DocxPreview)
    with qtbot.waitSignal(preview.sig_loaded, timeout=10_000) as blocker:
        preview.show()
    assert blocker.args == [1]


def test_a_pending_card_gets_its_thumbnail_once_written(qtbot, registry, files, host, view_of) -> None:
    card = registry.create_card(view_of(files["pptx"], status="pending_approval"), host)
    qtbot.addWidget(card)
    card.show()
    assert "Pending approval" in card.meta_label.text()
    assert not card.preview_button.isEnabled() and not card.thumb_label.isVisible()
    with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=10_000) as blocker:
        card.update_view(view_of(files["pptx"]))
    assert blocker.args == [True] and card.preview_button.isEnabled()
    assert "Written" in card.meta_label.text()


def test_a_host_that_fails_lets_the_user_retry(qtbot, registry, files, host, view_of, caplog) -> None:
    attempts: list[str] = []

    def flaky_approve(approval_id: str) -> None:
        attempts.append(approval_id)
        if len(attempts) == 1:
            raise RuntimeError("the task is no longer waiting")

    host.approve = flaky_approve
    card = registry.create_card(_approval(files, view_of), host)
    qtbot.addWidget(card)
    qtbot.mouseClick(card.approve_button, Qt.MouseButton.LeftButton)
    assert card.state_label.text() == "Could not send the decision: the task is no longer waiting"
    assert card.approve_button.isEnabled() and card.decided() == ""
    with qtbot.waitSignal(card.sig_approved, timeout=1000):
        qtbot.mouseClick(card.approve_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(card.approve_button, Qt.MouseButton.LeftButton)
    assert attempts == ["ap-1", "ap-1"] and card.state_label.text() == "Approving…"


def test_changes_show_a_new_file_as_one_column_and_edits_as_before_after(qapp) -> None:  # type: ignore[no-untyped-def]
    from renderers.approval import changes_html

    created = changes_html((("", "Slide 1: Launch plan (title)"), ("", "Slide 2: Goals (bullets)")))
    assert "+ Slide 1: Launch plan (title)" in created and "→" not in created and "(new)" not in created
    edited = changes_html((("Budget: 10", "Budget: 12"), ("", "Added line"), ("Old line", "")))
    assert edited.count("→") == 3 and "(new)" in edited and "(removed)" in edited
    assert "Budget: 10" in edited and "Budget: 12" in edited
    assert "&lt;b&gt;" in changes_html((("", "<b>x</b>"),))  # escaped, never markup
    # A new document's headings, one per line (they ran together: "+ Timeline Budget").
    assert "+ Timeline<br/>+ Budget" in changes_html((("", "Timeline\nBudget"),))


def test_thumbnail_keeps_its_width_at_a_fractional_pixel_ratio(qtbot, registry, files, host, view_of) -> None:
    from PySide6.QtGui import QColor, QImage

    from renderers.qt_card import THUMB_WIDTH

    card = registry.create_card(view_of(files["docx"]), host)
    qtbot.addWidget(card)
    card.devicePixelRatioF = lambda: 1.5  # a 150 % display
    page = QImage(400, 300, QImage.Format.Format_RGB32)
    page.fill(QColor("white"))
    card._on_thumbnail((page, 1))
    assert card.thumbnail() is not None
    # The box is as tall as the page drawn THUMB_WIDTH wide (a truncated ratio drew it a third smaller).
    assert card.thumb_label.height() == round(THUMB_WIDTH * 300 / 400) + 2


def test_a_card_built_again_reuses_its_thumbnail_and_a_rewritten_file_is_drawn_again(
        qtbot, files, host, view_of, tmp_path) -> None:
    import os
    import shutil

    import renderers.docx.plugin as docx
    from renderers.qt_card import ArtifactCard

    calls = []

    def counting(path, index, width):  # type: ignore[no-untyped-def]
        calls.append(path)
        return docx.render_image(path, index, width)

    path = tmp_path / "again.docx"
    shutil.copyfile(files["docx"], path)
    view = view_of(path)

    def build() -> ArtifactCard:
        card = ArtifactCard(view, host, render_image=counting)
        qtbot.addWidget(card)
        with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=10_000) as blocker:
            pass
        assert blocker.args == [True] and card.thumbnail() is not None
        return card

    first = build()
    second = build()  # scrolled away and back: no second parse, the same height from the start
    assert len(calls) == 1
    assert second.thumb_label.height() == first.thumb_label.height()
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # the file was rewritten
    build()
    assert len(calls) == 2


def test_a_huge_change_is_clipped_so_the_card_stays_light(qapp) -> None:  # type: ignore[no-untyped-def]
    from renderers.approval import MAX_CHANGE_CHARS, changes_html

    before, after = "old " * 50_000, "x" * 200_000
    text = changes_html(((before, after), ("short", "also short")))
    assert len(text) < 6 * MAX_CHANGE_CHARS
    assert "old old" in text and "xxxx…" in text and "also short" in text
