"""The in-chat artifact card: icon, title, size, status, evidence badge, thumbnail, actions."""
from __future__ import annotations

import html
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from renderers import _colors as colors
from renderers._api import ArtifactView, EvidenceSummary, RendererHost
from renderers._i18n import track, tr, tr_msg
from renderers._common import format_kind, macros_note
from renderers._icons import kind_icon, kind_name
from renderers._jobs import Jobs
from renderers.qt_versions import VersionBar
from skills.api import check_label, checks_verdict, counts_line, file_size, status_word

THUMB_WIDTH = 112
THUMB_MAX_HEIGHT = 136  # a portrait page is cut, not shrunk: the top of the first page is what tells
# status → (English text, colour name in renderers._colors)
STATUS_TEXT = {
    "pending_approval": ("Pending approval", "warn"),
    "written": ("Written", "ok"),
    "failed": ("Failed", "error"),
    "denied": ("Denied", "muted"),
}
CHECK_MARK = {"passed": ("✓", "ok"), "failed": ("✗", "error"), "not_run": ("–", "warn")}

RenderImage = Callable[[Path, int, int], "tuple[QImage, int]"]
# A thumbnail made in two steps: the first (``ReadThumbnail``) reads the file in a worker thread, the second
# (``FinishImage``) lays it out and draws it on the UI thread (text layout in a worker deadlocked against the
# window). What passes between them is each format's own (a DOCX chunk, a sheet corner, a slide).
ReadThumbnail = Callable[[Path, int, int], object]
FinishImage = Callable[[Any, int], "tuple[QImage, int]"]
# The follow-ups a file needs, by quick-action id, said by its renderer plugin ("recalc" for a workbook whose
# formulas have no values yet): the card shows each as a button of its own, besides the Change… menu.
Wants = Callable[[ArtifactView], "tuple[str, ...]"]

# Cards are destroyed when they scroll far away and built again when they come back; without this
# every return re-parsed the whole document and the row grew once the new thumbnail arrived.
# 64 thumbnails at 112 px wide are a few MB.
THUMB_CACHE_SIZE = 64
_thumbs: OrderedDict[tuple[object, ...], QImage] = OrderedDict()


def _cache_key(render: ReadThumbnail, path: Path, sha256: str, width: int) -> tuple[object, ...] | None:
    """Which file state a thumbnail shows: a rewritten file (new size or time) is drawn again."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return (render, str(path), sha256, stat.st_size, stat.st_mtime_ns, width)


def _remember(key: tuple[object, ...] | None, image: QImage) -> None:
    if key is None:
        return
    _thumbs[key] = image
    _thumbs.move_to_end(key)
    while len(_thumbs) > THUMB_CACHE_SIZE:
        _thumbs.popitem(last=False)


def evidence_badge(evidence: EvidenceSummary | None) -> tuple[str, str]:
    """One line for all checks, with its colour: "All 6 checks passed", "1 of 6 checks failed"."""
    if evidence is None or not evidence.checks:
        return tr("Not verified"), colors.status("muted")
    statuses = [c.status for c in evidence.checks]
    role = "error" if "failed" in statuses else "warn" if "not_run" in statuses else "ok"
    return tr_msg(checks_verdict(statuses)), colors.status(role)


def evidence_html(evidence: EvidenceSummary | None) -> str:
    """The details under the badge: each check in plain words (no internal names),
    the reason only where a check failed or did not run, and what the file holds."""
    if evidence is None or not evidence.checks:
        return f"<i>{html.escape(tr('No checks were recorded for this file.'))}</i>"
    muted = colors.status("muted")
    rows = []
    for c in evidence.checks:
        mark, role = CHECK_MARK.get(c.status, ("?", "muted"))
        label = html.escape(tr_msg(check_label(c.name)))
        word = html.escape(tr_msg(status_word(c.status)))
        reason = tr_msg(c.detail) if c.detail and c.status != "passed" else ""
        detail = f" — {html.escape(reason)}" if reason else ""
        # The check's words only: its internal id ("has sheets") would be English in every language.
        rows.append(f"<div><span style='color:{colors.status(role)}'><b>{mark}</b> {word}</span>"
                    f" &nbsp;{label}<span style='color:{muted}'>{detail}</span></div>")
    if evidence.counts:
        rows.append(f"<div style='color:{muted}'>{html.escape(tr_msg(counts_line(evidence.counts)))}</div>")
    return "".join(rows)


class ArtifactCard(colors.ThemedCard):
    """A finished (or failed) file in the chat, with its evidence and actions."""

    sig_thumbnail_ready = Signal(bool)  # True with an image, False on error

    def __init__(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None, *,
                 render_image: RenderImage | ReadThumbnail | None = None,
                 finish_image: FinishImage | None = None, wants: Wants | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.view = view
        self._render_image = render_image
        self._finish_image = finish_image
        self._wants = wants
        self.wanted_buttons: dict[str, QPushButton] = {}  # quick-action id -> its button on the card
        self.setObjectName("ArtifactCard")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setMinimumWidth(300)  # fits a 700 px window with the preview open (the thumbnail goes first)
        self.setMaximumWidth(720)
        self.jobs = Jobs(self, timeout=20)
        self._thumb_key: tuple[object, ...] | None = None
        self._thumb_state = "loading"  # loading | error | image
        self._card_colors = ("#ffffff", "#d0d7de")  # background, border; set from the palette
        self._build()
        self._themed = True
        self.update_view(view)
        track(self)

    def _build(self) -> None:
        outer = self._box = QHBoxLayout(self)
        outer.setContentsMargins(12, 10, 12, 10)
        outer.setSpacing(12)
        body = QVBoxLayout()
        body.setSpacing(6)
        head = QHBoxLayout()
        head.setSpacing(10)
        self.icon_label = QLabel()
        self.icon_label.setFixedSize(36, 36)
        head.addWidget(self.icon_label, 0, Qt.AlignmentFlag.AlignTop)
        titles = QVBoxLayout()
        titles.setSpacing(2)
        self.title_label = QLabel()
        colors.bold(self.title_label, 14)
        self.title_label.setWordWrap(True)
        self.meta_label = QLabel()
        self.macros_label = QLabel()  # a macro-enabled package is shown read-only; its macros never run
        self.macros_label.setWordWrap(True)
        self.macros_label.setVisible(False)
        titles.addWidget(self.title_label)
        titles.addWidget(self.macros_label)
        titles.addWidget(self.meta_label)
        head.addLayout(titles, 1)
        body.addLayout(head)

        self.badge = QToolButton()
        self.badge.setCheckable(True)
        self.badge.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.badge.setArrowType(Qt.ArrowType.RightArrow)
        self.badge.toggled.connect(self._on_badge_toggled)
        body.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignLeft)
        self.checks_label = QLabel()
        self.checks_label.setWordWrap(True)
        self.checks_label.setTextFormat(Qt.TextFormat.RichText)
        self.checks_label.setVisible(False)
        body.addWidget(self.checks_label)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        body.addWidget(self.error_label)
        self.version_row = VersionBar(self)
        body.addWidget(self.version_row)

        body.addStretch(1)  # a tall thumbnail leaves room below the text, not inside it
        actions = QHBoxLayout()
        actions.setSpacing(6)
        self.preview_button = QPushButton()
        self.save_button = QPushButton()
        self.open_button = QPushButton()
        self.preview_button.clicked.connect(lambda: self.host.open_preview(self.view, 0))
        self.save_button.clicked.connect(lambda: self.host.save_copy(self.view))
        self.open_button.clicked.connect(lambda: self.host.open_external(self.view))
        for b in (self.preview_button, self.save_button, self.open_button):
            actions.addWidget(b)
        self._wanted_at = actions.count()  # where the buttons of the follow-ups the file needs go
        self._actions_row = actions
        # Follow-ups the host offers for this file (Add slide…, Change title…, Undo …), each a request it sends.
        self.more_button = QPushButton()
        self._more_width = 0
        self._more_compact = False
        self.more_menu = QMenu(self.more_button)
        self.more_menu.aboutToShow.connect(self._fill_more)
        self.more_button.setMenu(self.more_menu)
        actions.addWidget(self.more_button)
        actions.addStretch(1)
        body.addLayout(actions)
        outer.addLayout(body, 1)

        self.thumb_label = QLabel()
        self.thumb_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.thumb_label.setFixedWidth(THUMB_WIDTH)
        self.thumb_label.setMinimumHeight(80)
        outer.addWidget(self.thumb_label, 0, Qt.AlignmentFlag.AlignTop)

    def _wanted(self) -> tuple[str, ...]:
        view = self.view
        if self._wants is None or view.status != "written" or view.path is None:
            return ()
        return self._wants(view)

    def _offers(self) -> list[tuple[str, str, Callable[[], None]]]:
        offers = getattr(self.host, "quick_actions", None)
        return offers(self.view, self._wanted()) if callable(offers) else []

    def _fill_more(self) -> None:
        self.more_menu.clear()
        for _id, text, run in self._offers():
            self.more_menu.addAction(text).triggered.connect(lambda _checked=False, run=run: run())

    def _show_wanted(self) -> None:
        """A button for each follow-up the file needs (Recalculate), from the host's quick actions; gone once
        the file no longer needs it (the next version has its values)."""
        wanted = self._wanted()
        offered = {i: (text, run) for i, text, run in self._offers() if i in wanted} if wanted else {}
        for action_id in [i for i in self.wanted_buttons if i not in offered]:
            self.wanted_buttons.pop(action_id).deleteLater()
        for n, (action_id, (text, run)) in enumerate(offered.items()):
            button = self.wanted_buttons.get(action_id)
            if button is None:
                button = QPushButton()
                self._actions_row.insertWidget(self._wanted_at + n, button)
                self.wanted_buttons[action_id] = button
            else:
                button.clicked.disconnect()
            button.clicked.connect(lambda _checked=False, run=run: run())
            button.setText(text)
            button.setAccessibleName(text)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._fit_thumbnail()

    def _fit_thumbnail(self) -> None:
        """A card too narrow for its buttons beside the thumbnail drops the thumbnail (the Preview shows the
        file), so no button's words are cut ("ave as.")."""
        more = self._more_width if not self.more_button.isHidden() else 0
        rows = [(self.preview_button, self.save_button, self.open_button, *self.wanted_buttons.values()),
                (self.version_row.compare_button, self.version_row.restore_button)]
        widths = [sum(b.sizeHint().width() + 6 for b in row if not b.isHidden()) for row in rows]
        widths[0] += more + 6 if more else 0
        needed = max(widths)
        margins = self._box.contentsMargins()
        room = self.width() - margins.left() - margins.right()
        wide = room >= needed + THUMB_WIDTH + self._box.spacing()
        if self.thumb_label.isVisibleTo(self) != wide:
            self.thumb_label.setVisible(wide)
        # Narrower still: the follow-ups button shows "…" and its menu arrow, its words in the tool tip and its
        # accessible name, so no button's words are cut (";hange…").
        compact = bool(more) and room < needed
        if compact != self._more_compact:
            self._more_compact = compact
            self.more_button.setText("…" if compact else tr("Change…"))

    def update_view(self, view: ArtifactView) -> None:
        """Show a newer state of the same artifact (e.g. written after approval)."""
        self.view = view
        self.retranslate()
        has_file = view.path is not None and view.status == "written"
        for b in (self.preview_button, self.save_button, self.open_button):
            b.setEnabled(has_file)
        offers = callable(getattr(self.host, "quick_actions", None))
        self.more_button.setVisible(offers and has_file and bool(view.version))
        thumb_key = (view.path, view.sha256, has_file)
        if thumb_key != self._thumb_key:  # the file appeared or changed: draw it again
            self._thumb_key = thumb_key
            self._load_thumbnail()

    def retranslate(self) -> None:
        """Show every string in the current language and every colour from the current palette."""
        view = self.view
        kind = format_kind(view)
        self.icon_label.setPixmap(kind_icon(kind, 36))
        self.icon_label.setAccessibleName(kind_name(kind))
        self.thumb_label.setAccessibleName(tr("Thumbnail of {name}", name=view.title or view.workspace_path))
        self.title_label.setText(view.title or (view.path.name if view.path else view.workspace_path))
        self.title_label.setToolTip(view.workspace_path)
        macros = macros_note(view.path) if view.status == "written" else ""
        self.macros_label.setText(macros)
        self.macros_label.setVisible(bool(macros))
        status, role = STATUS_TEXT.get(view.status, (view.status, "muted"))
        size = file_size(view.bytes)  # the reply's words for it if view.bytes else ""
        parts = [kind.upper()] + ([size] if size else [])
        self.meta_label.setText(f"{' · '.join(parts)} · "
                                f"<span style='color:{colors.status(role)}'>{html.escape(tr(status))}</span>")
        text, color = evidence_badge(view.evidence)
        self.badge.setText(text)
        self.badge.setStyleSheet(f"QToolButton {{ color: {color}; border: 1px solid {color}; "
                                 f"border-radius: 10px; padding: 2px 8px; }}")
        self.checks_label.setText(evidence_html(view.evidence))
        self.error_label.setText(view.error)
        self.error_label.setVisible(bool(view.error))
        self.version_row.show_view(view, self.host)
        self.preview_button.setText(tr("Preview"))
        self.save_button.setText(tr("Save as…"))
        self.open_button.setText(tr("Open"))
        self.open_button.setToolTip(tr("Open with the system app"))
        self.more_button.setText(tr("Change…"))
        self._more_width = self.more_button.sizeHint().width()  # with its words, whatever the card shows now
        if self._more_compact:
            self.more_button.setText("…")
        self.more_button.setAccessibleName(tr("Change…"))
        self.more_button.setToolTip(tr("Add a slide, change the title, replace text, undo …"))
        self._show_wanted()
        self._describe(self.title_label.text(), text)
        if self._thumb_state == "loading":
            self.thumb_label.setText(tr("Loading…"))
        elif self._thumb_state == "error":
            self.thumb_label.setText(tr("No preview"))
        self._restyle()

    def _describe(self, name: str, verdict: str) -> None:
        """A screen reader hears what each control does and to which file (the visible text alone is "Open")."""
        self.setAccessibleName(name)
        self.badge.setAccessibleName(tr("Checks: {verdict}", verdict=verdict))
        self.badge.setAccessibleDescription(tr("Show or hide what was checked in {name}", name=name))
        for button, description in (
                (self.preview_button, tr("Show {name} here, page by page", name=name)),
                (self.save_button, tr("Save a copy of {name} somewhere else", name=name)),
                (self.open_button, tr("Open {name} with the system app", name=name))):
            button.setAccessibleName(button.text())
            button.setAccessibleDescription(description)
        self.more_button.setAccessibleDescription(tr("Follow-ups for {name}: add a slide, change the title, replace text, undo …", name=name))

    def _restyle(self) -> None:
        pal = colors.palette()
        base, border = colors.color(colors.Role.Base, pal), colors.color(colors.Role.Mid, pal)
        muted = colors.status("muted", pal)
        self._card_colors = (base, border)
        self.update()
        styles = (
            (self.meta_label, f"color: {muted};"),
            (self.macros_label, f"color: {muted};"),
            (self.checks_label, f"background: {colors.color(colors.Role.AlternateBase, pal)}; "
                                f"color: {colors.color(colors.Role.Text, pal)}; border-radius: 4px; padding: 6px;"),
            (self.error_label, f"color: {colors.status('error', pal)};"),
            (self.thumb_label, f"color: {muted}; background: {colors.color(colors.Role.AlternateBase, pal)}; "
                               f"border: 1px solid {border};"),
        )
        colors.apply_sheets(styles)

    def thumbnail(self) -> QPixmap | None:
        pix = self.thumb_label.pixmap()
        return None if pix is None or pix.isNull() else pix

    def _on_badge_toggled(self, on: bool) -> None:
        self.checks_label.setVisible(on)
        self.badge.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)

    def thumbnail_loading(self) -> bool:
        """Whether the card still waits for its thumbnail (a card that shows none never does)."""
        return self._thumb_state == "loading" and not self.thumb_label.isHidden()

    def _load_thumbnail(self) -> None:
        view = self.view
        if self._render_image is None or view.path is None or view.status != "written":
            self.thumb_label.setVisible(False)
            return
        self.thumb_label.setVisible(True)
        self._thumb_state = "loading"
        self.thumb_label.setText(tr("Loading…"))
        width = round(THUMB_WIDTH * self.devicePixelRatioF())
        key = _cache_key(self._render_image, view.path, view.sha256, width)
        cached = _thumbs.get(key) if key is not None else None
        if cached is not None:
            _thumbs.move_to_end(key)  # type: ignore[arg-type]
            self.jobs.cancel()  # an older file's thumbnail still rendering must not replace this one
            # Shown at once, so the row is measured at its final height; announced on the next turn,
            # like a rendered one, so whoever connects right after building the card still hears it.
            self._show_thumbnail(cached)
            QTimer.singleShot(0, self, lambda: self.sig_thumbnail_ready.emit(True))
            return
        self.jobs.submit(self._render_image, view.path, 0, width,
                         on_done=lambda result: self._on_rendered(key, result, width),
                         on_error=self._on_thumbnail_error)

    def _on_rendered(self, key: tuple[object, ...] | None, result: object, width: int) -> None:
        if self._finish_image is not None:
            try:
                result = self._finish_image(result, width)
            except Exception as exc:  # noqa: BLE001 - a file that cannot be drawn gets "No preview", not a crash
                self._on_thumbnail_error(str(exc))
                return
        if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], QImage)
                and isinstance(result[1], int)):
            self._on_thumbnail_error(tr("the file could not be read ({detail})", detail=type(result).__name__))
            return
        _remember(key, result[0])
        self._on_thumbnail((result[0], result[1]))

    def _on_thumbnail(self, result: tuple[QImage, int]) -> None:
        self._show_thumbnail(result[0])
        self.sig_thumbnail_ready.emit(True)

    def _show_thumbnail(self, image: QImage) -> None:
        dpr = self.devicePixelRatioF()
        # Round, not truncate: at a fractional ratio (1.5) int() would draw the thumbnail a third too narrow.
        pix = QPixmap.fromImage(image.scaledToWidth(round(THUMB_WIDTH * dpr),
                                                    Qt.TransformationMode.SmoothTransformation))
        pix.setDevicePixelRatio(dpr)
        if pix.deviceIndependentSize().height() > THUMB_MAX_HEIGHT:
            pix = pix.copy(0, 0, pix.width(), int(THUMB_MAX_HEIGHT * pix.devicePixelRatio()))
        self._thumb_state = "image"
        self.thumb_label.setPixmap(pix)
        self.thumb_label.setFixedHeight(int(pix.deviceIndependentSize().height()) + 2)

    def _on_thumbnail_error(self, message: str) -> None:
        self._thumb_state = "error"
        self.thumb_label.setText(tr("No preview"))
        self.thumb_label.setToolTip(message)
        self.sig_thumbnail_ready.emit(False)
