"""The approval card: what a write will do, Approve / Deny exactly once, then the outcome."""
from __future__ import annotations

import html
import logging
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from renderers._api import ArtifactView, RendererHost
from renderers._common import format_kind
from renderers._icons import kind_icon

log = logging.getLogger(__name__)

MAX_CHANGES_SHOWN = 200


def changes_html(changes: tuple[tuple[str, str], ...]) -> str:
    """Readable before → after pairs; everything escaped."""
    rows = []
    for before, after in changes[:MAX_CHANGES_SHOWN]:
        b = html.escape(before) if before else "<i>(new)</i>"
        a = html.escape(after) if after else "<i>(removed)</i>"
        rows.append("<tr><td style='background:#fce8e6; padding:3px 6px'>" + b + "</td>"
                    "<td style='padding:3px 6px'>→</td>"
                    "<td style='background:#e6f4ea; padding:3px 6px'>" + a + "</td></tr>")
    more = len(changes) - MAX_CHANGES_SHOWN
    tail = f"<p><i>… and {more} more changes</i></p>" if more > 0 else ""
    return f"<table cellspacing='2' width='100%'>{''.join(rows)}</table>{tail}"


class ApprovalCard(QFrame):
    """A pending write. Clicking Approve or Deny disables both at once, so the host is called once."""

    sig_approved = Signal(str)
    sig_denied = Signal(str)

    def __init__(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.view = view
        self._decision = ""  # set on the first click; nothing is sent twice
        self.setObjectName("ApprovalCard")
        self.setStyleSheet("#ApprovalCard { background: #fffaf0; border: 1px solid #f0c36d; border-radius: 8px; }")
        self.setMinimumWidth(360)
        self.setMaximumWidth(720)
        self._build()
        self.update_view(view)

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        head = QHBoxLayout()
        self.icon_label = QLabel()
        self.icon_label.setFixedSize(36, 36)
        head.addWidget(self.icon_label, 0, Qt.AlignmentFlag.AlignTop)
        self.title_label = QLabel()
        self.title_label.setWordWrap(True)
        self.title_label.setStyleSheet("font-weight: 600; font-size: 14px;")
        head.addWidget(self.title_label, 1)
        layout.addLayout(head)
        self.details_label = QLabel()
        self.details_label.setWordWrap(True)
        self.details_label.setTextFormat(Qt.TextFormat.RichText)
        self.details_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.details_label)
        self.changes_label = QLabel()
        self.changes_label.setWordWrap(True)
        self.changes_label.setTextFormat(Qt.TextFormat.RichText)
        self.changes_area = QScrollArea()
        self.changes_area.setWidgetResizable(True)
        self.changes_area.setWidget(self.changes_label)
        self.changes_area.setMaximumHeight(220)
        self.changes_area.setFrameShape(QFrame.Shape.NoFrame)
        layout.addWidget(self.changes_area)
        row = QHBoxLayout()
        self.approve_button = QPushButton("Approve")
        self.approve_button.setDefault(True)
        self.approve_button.setStyleSheet("QPushButton:enabled { background: #1a73e8; color: white; "
                                          "border-radius: 4px; padding: 5px 14px; }")
        self.deny_button = QPushButton("Deny")
        self.approve_button.clicked.connect(self._on_approve)
        self.deny_button.clicked.connect(self._on_deny)
        self.state_label = QLabel()
        self.state_label.setStyleSheet("font-weight: 600;")
        row.addWidget(self.approve_button)
        row.addWidget(self.deny_button)
        row.addWidget(self.state_label, 1)
        layout.addLayout(row)

    def update_view(self, view: ArtifactView) -> None:
        """Show the latest state: still pending, or the outcome with the buttons gone."""
        self.view = view
        approval = view.approval
        kind = format_kind(view)
        self.icon_label.setPixmap(kind_icon(kind, 36))
        target = approval.target_path if approval else view.workspace_path
        self.title_label.setText(f"Approve writing {html.escape(target)}?")
        if approval is not None:
            args = _arguments_line(approval.arguments)
            self.details_label.setText(
                f"<b>Command:</b> <code>{html.escape(approval.command)}</code><br/>"
                f"<b>Target:</b> {html.escape(approval.target_path)}<br/>"
                f"{html.escape(approval.summary)}" + (f"<br/><span style='color:#5f6368'>{args}</span>" if args else ""))
            self.changes_label.setText(changes_html(approval.changes))
            self.changes_area.setVisible(bool(approval.changes))
        decided = approval.decided if approval is not None else ""
        # The host marks the outcome in approval.decided; a status change after our own click counts too.
        if decided or view.status == "denied" or (view.status in ("written", "failed") and self._decision):
            self._show_outcome(decided or ("denied" if view.status == "denied" else "approved"))

    def decided(self) -> str:
        """``approved``/``denied`` once clicked or decided by the host, else ``""``."""
        return self._decision

    def _on_approve(self) -> None:
        if self._decision:
            return
        self._decide("approved", "Approving…")
        if self._send(self.host.approve):
            self.sig_approved.emit(self._approval_id())

    def _on_deny(self) -> None:
        if self._decision:
            return
        self._decide("denied", "Denied")
        if self._send(self.host.deny):
            self.sig_denied.emit(self._approval_id())

    def _send(self, call: Any) -> bool:
        """Hand the decision to the host; if the host refuses it, say so and let the user retry."""
        try:
            call(self._approval_id())
        except Exception as exc:  # the host's failure must not leave a card that can never decide
            log.exception("approval %s could not be sent", self._approval_id())
            self._decision = ""
            self.approve_button.setEnabled(True)
            self.deny_button.setEnabled(True)
            self.state_label.setText(f"Could not send the decision: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")
            self.state_label.setStyleSheet("font-weight: 600; color: #a50e0e;")
            return False
        return True

    def _decide(self, decision: str, text: str) -> None:
        self._decision = decision
        self.approve_button.setEnabled(False)
        self.deny_button.setEnabled(False)
        self.state_label.setStyleSheet("font-weight: 600;")
        self.state_label.setText(text)

    def _approval_id(self) -> str:
        return self.view.approval.approval_id if self.view.approval else self.view.id

    def _show_outcome(self, decided: str) -> None:
        self._decision = decided
        self.approve_button.setVisible(False)
        self.deny_button.setVisible(False)
        if decided == "denied":
            reason = f" ({self.view.error})" if self.view.error else ""
            text, color = f"Denied — nothing was written{reason}", "#5f6368"
        elif self.view.status == "written":
            text, color = f"Approved — written {self.view.workspace_path}", "#137333"
        elif self.view.status == "failed":
            text, color = f"Approved — failed: {self.view.error or 'the write did not complete'}", "#a50e0e"
        else:
            text, color = "Approved — writing…", "#1a73e8"
        target = self.view.approval.target_path if self.view.approval else self.view.workspace_path
        verb = "Denied" if decided == "denied" else "Approved"
        self.title_label.setText(f"{verb}: write {html.escape(target)}")
        self.state_label.setText(text)
        self.state_label.setWordWrap(True)
        self.layout().activate()
        self.state_label.setStyleSheet(f"font-weight: 600; color: {color};")


def _arguments_line(arguments: Any) -> str:
    """Short ``key: value`` list of scalar arguments (long values cut)."""
    parts = []
    for key, value in list(dict(arguments or {}).items())[:8]:
        if isinstance(value, (str, int, float, bool)):
            text = str(value)
            text = text if len(text) <= 60 else text[:57] + "…"
            parts.append(f"{html.escape(str(key))}: {html.escape(text)}")
    return " · ".join(parts)


class ApprovalRenderer:
    """Plugin for ``approval/<fmt>``: the approval card; the preview is that of the target file."""

    def card(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None) -> ApprovalCard:
        return ApprovalCard(view, host, parent)

    def preview(self, view: ArtifactView, parent: QWidget | None = None, index: int = 0) -> QWidget | None:
        if view.path is None or not view.path.is_file():
            return None
        from importlib import import_module

        kind = format_kind(view)
        module = import_module(f"renderers.{kind}")
        renderer = getattr(module, f"{kind.capitalize()}Renderer")()
        return renderer.preview(view, parent, index)
