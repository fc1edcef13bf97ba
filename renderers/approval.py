"""The approval card: what a write will do, Approve / Deny exactly once, then the outcome.

The before → after table it shows is :mod:`renderers._approval_changes` (its names are re-exported here)."""
from __future__ import annotations

import html
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from renderers import _colors as colors
from renderers._api import ArtifactView, RendererHost
from renderers._approval_changes import MAX_CHANGE_CHARS, MAX_CHANGES_SHOWN, ChangesArea, changes_html
from renderers._i18n import track, tr, tr_msg
from renderers._common import format_kind
from renderers._icons import kind_icon, kind_name

if TYPE_CHECKING:
    from renderers.registry import RendererPlugin

log = logging.getLogger(__name__)

__all__ = ["MAX_CHANGES_SHOWN", "MAX_CHANGE_CHARS", "ApprovalCard", "ApprovalRenderer", "ChangesArea", "changes_html"]

# Each state of the card has its own colour (the card's tint and border) and its own words.
STATE_ACCENTS = {"pending": colors.AMBER, "writing": "#1a73e8", "done": colors.GREEN, "denied": "#9aa0a6",
                 "failed": colors.RED, "stopped": "#8e6cc4"}


class ApprovalCard(colors.ThemedCard):
    """A pending write. Clicking Approve or Deny disables both at once, so the host is called once."""

    sig_approved = Signal(str)
    sig_denied = Signal(str)

    def __init__(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.view = view
        self._decision = ""  # set on the first click; nothing is sent twice
        # What the state line says, kept as (English template, values, colour) so it can be retranslated.
        self._state: tuple[str, dict[str, object], str] = ("", {}, "")
        self._outcome = ""
        self.setObjectName("ApprovalCard")
        self._card_colors = ("#fffaf0", "#f0c36d")  # background, border; set from the palette
        self.setMinimumWidth(300)  # fits a 700 px window with the preview open (its buttons stack when narrow)
        self.setMaximumWidth(720)
        self._build()
        self._themed = True
        self.update_view(view)
        track(self)

    def _build(self) -> None:
        layout = self._box = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        head = QHBoxLayout()
        self.icon_label = QLabel()
        self.icon_label.setFixedSize(36, 36)
        head.addWidget(self.icon_label, 0, Qt.AlignmentFlag.AlignTop)
        self.title_label = QLabel()
        self.title_label.setWordWrap(True)
        colors.bold(self.title_label, 14)
        head.addWidget(self.title_label, 1)
        layout.addLayout(head)
        # What else matters, on the card (not under Details): the file it replaces, the folder, a rule made.
        self.facts_label = QLabel()
        self.facts_label.setWordWrap(True)
        self.facts_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.facts_label.setVisible(False)
        layout.addWidget(self.facts_label)
        # Command names and raw arguments are for the curious: hidden until "Details" is pressed.
        self.details_button = QPushButton()
        self.details_button.setCheckable(True)
        self.details_button.setFlat(True)
        self.details_button.toggled.connect(self._on_details_toggled)
        layout.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.details_label = QLabel()
        self.details_label.setWordWrap(True)
        self.details_label.setTextFormat(Qt.TextFormat.RichText)
        self.details_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details_label.setVisible(False)
        layout.addWidget(self.details_label)
        self.changes_label = QLabel()
        self.changes_label.setWordWrap(True)
        self.changes_label.setTextFormat(Qt.TextFormat.RichText)
        self.changes_area = ChangesArea(self.changes_label)
        # the changes sit on the card's own tint, not on a Window-coloured panel
        self.changes_area.setStyleSheet("QScrollArea { background: transparent; }")
        self.changes_area.viewport().setAutoFillBackground(False)
        self.changes_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.changes_area)
        self.approve_button = QPushButton()
        self.approve_button.setDefault(True)
        self.deny_button = QPushButton()
        self.approve_button.clicked.connect(self._on_approve)
        self.deny_button.clicked.connect(self._on_deny)
        # Offered when the host can keep a rule: approve this and similar writes in this conversation.
        self.similar_button = QPushButton()
        self.similar_button.clicked.connect(self._on_allow_similar)
        self.retry_button = QPushButton()
        self.retry_button.clicked.connect(self._on_retry)
        self.state_label = QLabel()
        colors.bold(self.state_label)
        # One line when the buttons and the state fit; in a narrow chat the state goes below the buttons,
        # and narrower still the buttons stack (_arrange), so no button's words are cut.
        self.buttons = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        for button in (self.approve_button, self.similar_button, self.deny_button, self.retry_button):
            self.buttons.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
        self.buttons.addStretch(1)
        self.action_row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.action_row.addLayout(self.buttons)
        self.action_row.addWidget(self.state_label, 1)
        layout.addLayout(self.action_row)
        # Only once it sits in the card's layout: a parentless widget made visible becomes a window of its own
        # (it would take the focus away from the main window).
        self.similar_button.setVisible(bool(getattr(self.host, "offers_allow_similar", False)))
        self.retry_button.setVisible(False)  # offered only when a write failed for lack of space or rights

    def _arrange(self) -> None:
        margins = self._box.contentsMargins()
        width = self.width() - margins.left() - margins.right()
        gap = self.buttons.spacing()
        shown = [b for b in (self.approve_button, self.similar_button, self.deny_button, self.retry_button)
                 if not b.isHidden()]
        buttons = sum(b.sizeHint().width() for b in shown) + gap * max(0, len(shown) - 1)
        state = self.state_label.fontMetrics().horizontalAdvance(self.state_label.text())
        everything = buttons + (gap + state if shown else 0)
        one_line, stacked = QBoxLayout.Direction.LeftToRight, QBoxLayout.Direction.TopToBottom
        for box, direction in ((self.buttons, one_line if buttons <= width else stacked),
                               (self.action_row, one_line if everything <= width else stacked)):
            if box.direction() != direction:
                box.setDirection(direction)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def update_view(self, view: ArtifactView) -> None:
        """Show the latest state: still pending, or the outcome with the buttons gone."""
        self.view = view
        approval = view.approval
        decided = approval.decided if approval is not None else ""
        # The host marks the outcome in approval.decided; a status change after our own click counts too.
        finished = view.status in ("written", "failed") and self._decision
        if decided or view.status in ("denied", "stopped") or finished:
            self._show_outcome(decided or ("approved" if view.status in ("written", "failed") else "denied"))
        self.retranslate()

    def retranslate(self) -> None:
        """Show every string in the current language and every colour from the current palette."""
        view, approval = self.view, self.view.approval
        self.icon_label.setPixmap(kind_icon(format_kind(view), 36))
        self.icon_label.setAccessibleName(kind_name(format_kind(view)))
        what, state = self.headline(), self.card_state()
        if state == "denied":
            what = tr("You declined: {what}", what=what)
        elif state == "stopped":
            what = tr("Stopped: {what}", what=what)
        self.title_label.setText(html.escape(what))
        facts = "\n".join(approval.facts) if approval is not None else ""
        self.facts_label.setText(facts)
        self.facts_label.setVisible(bool(facts))
        if approval is not None:
            args = _arguments_line(approval.arguments)
            muted = colors.status("muted")
            self.details_label.setText(
                f"<b>{html.escape(tr('Command:'))}</b> <code>{html.escape(approval.command)}</code><br/>"
                f"<b>{html.escape(tr('Target:'))}</b> {html.escape(approval.target_path)}<br/>"
                f"{html.escape(approval.summary).replace(chr(10), '<br/>')}"  # one line per part of the summary
                + (f"<br/><span style='color:{muted}'>{args}</span>" if args else ""))
            self.changes_label.setText(changes_html(approval.changes))
            self.changes_area.fit()
            # once decided, the headline and state say it all (the file card shows what was written)
            self.changes_area.setVisible(bool(approval.changes) and not self._outcome)
        self.details_button.setText(tr("Hide details") if self.details_button.isChecked() else tr("Details"))
        self.approve_button.setText(tr("Approve"))
        self.similar_button.setText(tr("Allow similar writes in this conversation"))
        self.similar_button.setToolTip(tr("Approve this, and from now on writes like it (same skill, same kind "
                                          "of change, new files or files Mira made here) without asking. "
                                          "You can revoke it in Settings."))
        self.deny_button.setText(tr("Deny"))
        self.retry_button.setText(tr("Retry"))
        template, values, role = self._state
        self.state_label.setText(tr(template, **values) if template else tr("Waiting for your approval"))
        self._describe(what)
        self._restyle()
        self._arrange()  # the words' widths differ by language

    def _describe(self, what: str) -> None:
        """A screen reader hears what a button decides, not just "Approve" (the headline says which write)."""
        self.setAccessibleName(what)
        self.setAccessibleDescription(self.state_label.text())
        for button, description in (
                (self.approve_button, tr("Let Mira do this: {what}", what=what)),
                (self.similar_button, self.similar_button.toolTip()),
                (self.deny_button, tr("Refuse this, nothing is written: {what}", what=what)),
                (self.retry_button, tr("Try this write again: {what}", what=what)),
                (self.details_button, tr("Show or hide the command and its arguments"))):
            button.setAccessibleName(button.text())
            button.setAccessibleDescription(description)
        self.changes_area.setAccessibleName(tr("Changes"))
        self.changes_area.setAccessibleDescription(tr("What this write changes, before and after: {what}", what=what))

    def headline(self) -> str:
        """What the write does, in plain words and the current language ("Create a.docx — 2 tables")."""
        approval = self.view.approval
        if approval is not None and approval.headline is not None:
            return tr_msg(approval.headline)
        target = approval.target_path if approval else self.view.workspace_path
        return tr("Write {target}", target=target)

    def card_state(self) -> str:
        """pending, writing, done, denied, failed or stopped: each has its own words and colour."""
        if self.view.status == "stopped":
            return "stopped"
        if self._outcome == "denied":
            return "denied"
        if self._outcome or self._decision == "approved":
            return {"written": "done", "failed": "failed"}.get(self.view.status, "writing")
        return "pending"

    def _on_details_toggled(self, shown: bool) -> None:
        self.details_label.setVisible(shown)
        self.details_button.setText(tr("Hide details") if shown else tr("Details"))
        self.details_button.setAccessibleName(self.details_button.text())

    def _restyle(self) -> None:
        pal = colors.palette()
        accent = STATE_ACCENTS[self.card_state()]
        role = self._state[2]
        self._card_colors = (colors.tint(accent, pal), colors.mix(pal.color(colors.Role.Base), accent, 0.55))
        self.update()
        text = colors.color(colors.Role.Text, pal)
        state_color = colors.status(role, pal) if role else colors.mix(accent, text, 0.45)
        styles = (
            (self.approve_button, f"QPushButton:enabled {{ background: {colors.color(colors.Role.Highlight, pal)}; "
                                  f"color: {colors.color(colors.Role.HighlightedText, pal)}; "
                                  "border-radius: 4px; padding: 5px 14px; }"),
            (self.state_label, f"color: {state_color};"),
            (self.facts_label, f"color: {colors.mix(text, pal.color(colors.Role.Base), 0.25)};"),
            (self.changes_label, f"background: transparent; color: {text};"),
        )
        colors.apply_sheets(styles)

    def decided(self) -> str:
        """``approved``/``denied`` once clicked or decided by the host, else ``""``."""
        return self._decision

    def _on_approve(self) -> None:
        if self._decision:
            return
        self._decide("approved", "Approving…")
        if self._send(self.host.approve):
            self.sig_approved.emit(self._approval_id())

    def _on_allow_similar(self) -> None:
        if self._decision:
            return
        self._decide("approved", "Approving…")
        if self._send(self.host.allow_similar):  # type: ignore[attr-defined]  # offered only when present
            self.sig_approved.emit(self._approval_id())

    def _on_retry(self) -> None:
        """Run the refused write again (the host checks it is unchanged and runs it once)."""
        retry = getattr(self.host, "retry", None)
        if not callable(retry) or not self.retry_button.isEnabled():
            return
        self.retry_button.setEnabled(False)
        self._set_state("Retrying…", "accent")
        retry(self._approval_id())

    def _on_deny(self) -> None:
        if self._decision:
            return
        self._decide("denied", "Declined — nothing will be written")
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
            self.similar_button.setEnabled(True)
            self.deny_button.setEnabled(True)
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self._set_state("Could not send the decision: {reason}", "error", reason=reason)
            return False
        return True

    def _decide(self, decision: str, text: str) -> None:
        self._decision = decision
        self.approve_button.setEnabled(False)
        self.similar_button.setEnabled(False)
        self.deny_button.setEnabled(False)
        self._set_state(text, "")

    def _set_state(self, template: str, role: str, **values: object) -> None:
        """Show the state line: an English template (translated now and on retranslate) in a status colour."""
        self._state = (template, values, role)
        self.state_label.setText(tr(template, **values))
        self._restyle()

    def _approval_id(self) -> str:
        return self.view.approval.approval_id if self.view.approval else self.view.id

    def _show_outcome(self, decided: str) -> None:
        self._decision = self._outcome = decided
        self.approve_button.setVisible(False)
        self.similar_button.setVisible(False)
        self.deny_button.setVisible(False)
        self.retry_button.setVisible(False)
        view = self.view
        if view.status == "stopped":
            self._set_state("Stopped — nothing was written", "")
        elif decided == "denied":
            if view.error:
                self._set_state("Nothing was written ({reason})", "", reason=view.error)
            else:
                self._set_state("Nothing was written", "")
        elif view.status == "written" and view.error:  # written, then a check of the file failed
            self._set_state("Saved {path}, but {reason} (see the file's card)", "warn", path=view.workspace_path,
                            reason=view.error)
        elif view.status == "written":
            self._set_state("Done — saved {path}", "ok", path=view.workspace_path)
        elif view.status == "failed":
            # Every failed write offers Retry: a refused one runs again as frozen, any other is asked again (host).
            can_retry = view.approval is not None and callable(getattr(self.host, "retry", None))
            self.retry_button.setVisible(can_retry)
            self.retry_button.setEnabled(can_retry)
            if view.error:
                self._set_state("Failed — {reason}", "error", reason=view.error)
            else:
                self._set_state("Failed — the write did not complete", "error")
        else:
            self._set_state("Approved — writing…", "accent")
        self.state_label.setWordWrap(True)
        self._arrange()
        self._box.activate()


def _argument_label(key: str) -> str | None:
    """An argument's name in the reader's words; None for one without words (a hash, an id: not shown)."""
    labels = {"path": tr("File"), "output": tr("Saved as"), "title": tr("Title"), "subtitle": tr("Subtitle"),
              "find": tr("Find"), "replace": tr("Replace with"), "version": tr("Version"), "sheet": tr("Sheet name"),
              "author": tr("Author"), "template": tr("Template"), "source": tr("From"), "text": tr("Text")}
    return labels.get(key)


def _arguments_line(arguments: Any) -> str:
    """Short ``name: value`` list of the scalar arguments a person knows, named in their language."""
    parts = []
    for key, value in list(dict(arguments or {}).items())[:8]:
        label = _argument_label(str(key))
        if label is not None and isinstance(value, (str, int, float, bool)) and not isinstance(value, bool):
            text = str(value)
            text = text if len(text) <= 60 else text[:57] + "…"
            parts.append(f"{html.escape(label)}: {html.escape(text)}")
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
        module = import_module(f"renderers.{kind}.plugin")
        renderer: RendererPlugin = getattr(module, f"{kind.capitalize()}Renderer")()
        return renderer.preview(view, parent, index)
