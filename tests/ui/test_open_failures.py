"""What goes wrong opening a file is said in the chat with the reason; a failed write offers Retry; the
Save-as dialog follows the dark theme."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QDesktopServices, QPalette
from PySide6.QtWidgets import QFileDialog

from renderers import ArtifactView, PendingApproval
from renderers.approval import ApprovalCard


def test_a_file_the_system_cannot_open_is_explained_in_the_chat(make_window, qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                monkeypatch) -> None:
    window = make_window()
    doc = tmp_path / "long-report.docx"
    doc.write_bytes(b"PK\x03\x04 not really")
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda _url: False))
    view = ArtifactView(id="a1", kind="docx", title="Long report", path=doc, workspace_path="long-report.docx")
    window.host.open_external(view)
    notices = [m for m in window.conversation if m.role.value == "system"]
    assert notices, "nothing said in the chat"
    said = notices[-1].text
    assert said.startswith("Could not open long-report.docx: ") and "DOCX files" in said
    assert said in window.statusBar().currentMessage()


class _Host:
    def __init__(self) -> None:
        self.retried: list[str] = []

    def retry(self, approval_id: str) -> None:
        self.retried.append(approval_id)

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


def test_a_failed_write_offers_retry(qtbot) -> None:  # type: ignore[no-untyped-def]
    approval = PendingApproval(approval_id="ap-1", command="docx_create", target_path="a.docx", summary="",
                               decided="approved", retryable=False)
    view = ArtifactView(id="ap-1", kind="approval/docx", title="a.docx", path=None, workspace_path="a.docx",
                        status="failed", approval=approval, error="the template could not be read")
    host = _Host()
    card = ApprovalCard(view, host)
    qtbot.addWidget(card)
    card.show()
    assert card.retry_button.isVisibleTo(card) and card.retry_button.isEnabled()
    card.retry_button.click()
    assert host.retried == ["ap-1"]


def test_the_save_as_dialog_is_qt_s_own_in_the_dark_theme(qapp, qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.ui.theme import apply_theme, file_dialog_options, reset

    try:
        apply_theme("dark")
        assert file_dialog_options() & QFileDialog.Option.DontUseNativeDialog
        dialog = QFileDialog(None, "Save a copy")
        dialog.setOptions(file_dialog_options())
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        assert dialog.palette().color(QPalette.ColorRole.Window).lightness() < 80
        image = dialog.grab().toImage()
        dark = sum(image.pixelColor(x, y).lightness() < 90 for x in range(0, image.width(), 10)
                   for y in range(0, image.height(), 10))
        assert dark / ((image.width() // 10 + 1) * (image.height() // 10 + 1)) > 0.6  # drawn dark, not light
        dialog.close()
        apply_theme("light")
        assert not file_dialog_options() & QFileDialog.Option.DontUseNativeDialog
    finally:
        reset()


def test_retry_of_a_write_that_failed_for_another_reason_asks_again(make_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from types import SimpleNamespace

    window = make_window()
    host = window.host
    sent: list[str] = []
    host.send_request = sent.append
    refused: list[str] = []
    host._on_retry = lambda approval_id, _message: refused.append(approval_id)
    failed = PendingApproval(approval_id="ap-1", command="docx_create", target_path="a.docx", summary="",
                             decided="approved", retryable=False)
    view = ArtifactView(id="ap-1", kind="approval/docx", title="a.docx", path=None, workspace_path="a.docx",
                        status="failed", approval=failed)
    monkeypatch.setattr(host, "view_for", lambda _ref: view)
    monkeypatch.setattr(host, "store", SimpleNamespace(approval=lambda _id: SimpleNamespace(task_id="t1"),
                                                       task=lambda _id: SimpleNamespace(request="Make a report")))
    host.retry("ap-1")
    assert sent == ["Make a report"] and refused == []  # asked again as a new request
    view = ArtifactView(id="ap-1", kind="approval/docx", title="a.docx", path=None, workspace_path="a.docx",
                        status="failed", approval=PendingApproval(approval_id="ap-1", command="docx_create",
                                                                  target_path="a.docx", summary="", decided="approved",
                                                                  retryable=True))
    host.retry("ap-1")
    assert refused == ["ap-1"] and sent == ["Make a report"]  # the refused write runs again as frozen
