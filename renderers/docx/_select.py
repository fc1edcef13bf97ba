"""What the reader selected in the DOCX view: a span of text that may cross sections.

Each section is its own :class:`QTextDocument` (its own page size), so one :class:`QTextCursor` cannot
hold a selection from one section into the next. The span keeps its two ends as (section, position)
and gives each section the cursor over its share of it.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QTextCursor, QTextDocument

__all__ = ["Spot", "TextSpan"]

Spot = tuple[int, int]  # (the section's index, a position in its document)


class TextSpan:
    """The selection between ``anchor`` (where the press was) and ``head`` (where the pointer is)."""

    def __init__(self) -> None:
        self.anchor: Spot = (0, 0)
        self.head: Spot = (0, 0)

    def clear(self) -> None:
        self.anchor = self.head = (0, 0)

    def empty(self) -> bool:
        return self.anchor == self.head

    def set(self, anchor: Spot, head: Spot) -> None:
        self.anchor, self.head = anchor, head

    def cursor_in(self, docs: Sequence[QTextDocument], section: int) -> QTextCursor | None:
        """The cursor over section ``section``'s share of the span (``None``: it has none)."""
        start, end = sorted((self.anchor, self.head))
        if self.empty() or not start[0] <= section <= end[0] or section >= len(docs):
            return None
        doc = docs[section]
        last = doc.characterCount() - 1
        cursor = QTextCursor(doc)
        cursor.setPosition(min(start[1], last) if section == start[0] else 0)
        cursor.setPosition(min(end[1], last) if section == end[0] else last, QTextCursor.MoveMode.KeepAnchor)
        return cursor if cursor.hasSelection() else None

    def text(self, docs: Sequence[QTextDocument]) -> str:
        """The selected text as plain text, a line per paragraph (pictures left out)."""
        pieces = []
        for section in range(len(docs)):
            cursor = self.cursor_in(docs, section)
            if cursor is not None:
                pieces.append(plain(cursor.selection().toPlainText()))
        return "\n".join(pieces)


def plain(text: str) -> str:
    """Qt's plain text without the marks it leaves for pictures and non-breaking spaces (a page
    break's paragraph, a blank one, is an empty line)."""
    text = text.replace("\ufffc", "").replace("\u00a0", " ").replace("\u2029", "\n").replace("\u2028", "\n")
    return "\n".join(line if line.strip() else "" for line in text.split("\n"))
