"""The approval card's changes: the before → after table as escaped HTML (long sides clipped, at most
``MAX_CHANGES_SHOWN`` rows and a count of the rest) and the scroll area that is as tall as its text."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea

from renderers import _colors as colors
from renderers._i18n import tr, tr_msg
from skills.messages import msg

MAX_CHANGES_SHOWN = 200
MAX_CHANGE_CHARS = 1000  # per side: a long paragraph is recognisable by its start; all of it would stall layout


def _clip(text: str) -> str:
    return text if len(text) <= MAX_CHANGE_CHARS else text[:MAX_CHANGE_CHARS - 1] + "…"


def changes_html(changes: tuple[tuple[str, str], ...]) -> str:
    """Readable before → after pairs; everything escaped. An empty side means added or removed."""
    pal = colors.palette()
    removed, added = colors.tint(colors.RED, pal, 0.12), colors.tint(colors.GREEN, pal, 0.12)
    new, gone = html.escape(tr("(new)")), html.escape(tr("(removed)"))
    shown = [(_clip(before), _clip(after)) for before, after in changes[:MAX_CHANGES_SHOWN]]
    cell = "<td style='background:{}; padding:3px 6px'>{}</td>"
    if shown and not any(before for before, _ in shown):
        # Only additions (a new file): one column of what will be there, no empty "before" side.
        rows = [f"<tr>{cell.format(added, _lines(after, '+ '))}</tr>" for _, after in shown]
    else:
        rows = [f"<tr>{cell.format(removed, _lines(b) if b else f'<i>{new}</i>')}"
                "<td style='padding:3px 6px'>→</td>"
                f"{cell.format(added, _lines(a) if a else f'<i>{gone}</i>')}</tr>"
                for b, a in shown]
    more = len(changes) - MAX_CHANGES_SHOWN
    tail = f"<p><i>{html.escape(tr_msg(msg('approval.more_changes', more)))}</i></p>" if more > 0 else ""
    return f"<table cellspacing='2' width='100%'>{''.join(rows)}</table>{tail}"


class ChangesArea(QScrollArea):
    """The before → after table: exactly as tall as its wrapped text, scrolling past ``MAX_HEIGHT``.

    A scroll area asks its label for a size hint made at a guessed width, so wrapped rows left a band
    of empty card below a short table (or cut a long one); the height follows the real width instead."""

    MAX_HEIGHT = 220

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setWidget(label)
        self._label = label
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFixedHeight(self.MAX_HEIGHT // 2)

    def fit(self) -> None:
        frame = 2 * self.frameWidth()
        scrolls = self._label.heightForWidth(self.width() - frame) + frame > self.MAX_HEIGHT
        # Decided here, not by the scroll area: it judges with the bar already shown (a narrower text is
        # taller), so a bar once shown would stay beside text that fits.
        policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOn if scrolls else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        if self.verticalScrollBarPolicy() != policy:
            self.setVerticalScrollBarPolicy(policy)
        height = self.MAX_HEIGHT if scrolls else max(1, self._label.heightForWidth(self.width() - frame) + frame)
        if height != self.height():
            self.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()


def _lines(text: str, mark: str = "") -> str:
    """Escaped, one line per line of the change (a new file's headings), not run together."""
    return "<br/>".join(mark + html.escape(line) for line in text.split("\n"))
