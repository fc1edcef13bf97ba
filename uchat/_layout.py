"""One layout computation for a message row, shared by paint and sizeHint.

Rows near the viewport get a real layout (markdown → HTML → QTextDocument, kept
in a small LRU keyed by message id, text and width); rows far away only get a
cheap height estimate, so opening a long history never lays out every message.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetrics, QPalette, QTextCursor, QTextDocument

from uchat._i18n import tr
from uchat._types import Message, Role, Status

MARGIN_X = 12  # row side margin
MARGIN_Y = 6  # row top/bottom margin
PAD_X = 12  # bubble padding
PAD_Y = 8
MAX_COLUMN = 860  # messages read best in a column, even in a wide window
EXT_GAP = 6  # space above each extension widget
INDICATOR_H = 14
ACTIONS_H = 28  # room under a finished message for its hover actions (copy, retry, edit)
DOC_CACHE = 160
MAX_RENDERED_CHARS = 60_000
FOLD_CHARS = 1_500  # a user message longer than this (or than FOLD_LINES lines) is folded under "Show more"
FOLD_LINES = 20
FOLD_SCHEME = "uchat-fold"  # the link that folds and unfolds a long message (the view handles it)

_CJK_FAMILIES = ("Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei", "PingFang SC", "WenQuanYi Micro Hei")


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * t),
        round(a.green() + (b.green() - a.green()) * t),
        round(a.blue() + (b.blue() - a.blue()) * t),
    )


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


@dataclass(frozen=True, slots=True, kw_only=True)
class Colors:
    """Everything the delegate paints with, derived from one palette."""

    text: QColor
    muted: QColor
    user_bubble: QColor
    assistant_bubble: QColor
    border: QColor
    code_bg: QColor
    link: QColor
    error: QColor
    accent: QColor

    @classmethod
    def from_palette(cls, palette: QPalette) -> Colors:
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        accent = palette.color(QPalette.ColorRole.Highlight)
        dark = is_dark(palette)
        link = palette.color(QPalette.ColorRole.Link)
        if abs(link.lightness() - base.lightness()) < 90:  # e.g. a dark palette that kept light-theme blue
            link = QColor("#8ab4f8") if dark else QColor("#1a5fb4")
        return cls(
            text=text,
            muted=mix(text, base, 0.4),
            user_bubble=mix(base, accent, 0.28 if dark else 0.16),
            assistant_bubble=mix(base, text, 0.06),
            border=mix(base, text, 0.22),
            code_bg=mix(base, text, 0.11 if dark else 0.07),
            link=link,
            error=QColor("#ff7b72") if dark else QColor("#b3261e"),
            accent=accent,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class RowLayout:
    """Geometry of one row, relative to the row's top-left corner."""

    height: int
    bubble: QRect  # empty when the message has no text, error or indicator
    text_origin: QPoint
    document: QTextDocument | None
    error_rect: QRect | None
    indicator_rect: QRect | None
    ext_rects: tuple[QRect, ...]  # one per extension with a widget (height > 0)
    actions_rect: QRect | None = None  # where the hover actions sit (None: this message has none)


class LayoutEngine:
    """Builds and caches row layouts for one font and palette."""

    def __init__(self) -> None:
        self._docs: OrderedDict[tuple[str, str, int, bool, str], QTextDocument] = OrderedDict()
        self.unfolded: set[str] = set()  # long user messages the reader opened with "Show more"
        self.font = QFont()
        self.palette = QPalette()
        self.colors = Colors.from_palette(self.palette)
        self._css: dict[bool, str] = {}  # built on the first document, with and without code colours (_style_sheet)
        self._style: tuple[str | bool, ...] = ()
        self._fm = QFontMetrics(self.font)
        self.set_style(self.font, self.palette)

    def set_style(self, font: QFont, palette: QPalette, force: bool = False) -> None:
        """Use this font and palette; drops the cached documents when they differ (or ``force``)."""
        font = QFont(font)
        available = set(QFontDatabase.families())
        fallbacks = [f for f in _CJK_FAMILIES if f in available]
        families = [*font.families(), *(f for f in fallbacks if f not in font.families())]
        font.setFamilies(families)
        colors = Colors.from_palette(palette)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont).family()
        style = (colors.text.name(), colors.muted.name(), colors.link.name(), colors.code_bg.name(),
                 colors.border.name(), mix(colors.code_bg, colors.text, 0.05).name(), mono, is_dark(palette))
        if style == self._style and font == self.font and not force:
            return
        self.font, self.palette, self.colors, self._style, self._css = font, QPalette(palette), colors, style, {}
        self._fm = QFontMetrics(font)
        self._docs.clear()

    # -- geometry ------------------------------------------------------------
    @staticmethod
    def column(width: int) -> tuple[int, int]:
        """(left x, width) of the message column in a viewport ``width`` wide."""
        col = max(120, min(width - 2 * MARGIN_X, MAX_COLUMN))
        return max(MARGIN_X, (width - col) // 2), col

    def bubble_max(self, width: int, role: Role) -> int:
        _, col = self.column(width)
        return int(col * 0.8) if role == Role.USER else col

    def ext_width(self, width: int, role: Role) -> int:
        """Width given to an extension widget under a message of ``role``."""
        return self.bubble_max(width, role)

    # -- documents -----------------------------------------------------------
    def document(self, message: Message, text_width: int) -> QTextDocument:
        """The laid-out markdown document of ``message`` (LRU cached)."""
        # A folded message's link says "Show more" in the language shown now: its words are part of the key.
        fold = (tr("Show less") if message.id in self.unfolded else tr("Show more")) if message.role == Role.USER else ""
        key = (message.id, message.text + "\0" + message.reasoning + ("\1" if message.reasoning_open else ""),
               text_width, message.role == Role.SYSTEM, fold)
        doc = self._docs.get(key)
        if doc is not None:
            self._docs.move_to_end(key)
            return doc
        doc = QTextDocument()
        doc.setUndoRedoEnabled(False)
        doc.setDocumentMargin(0)
        font = QFont(self.font)
        if message.role == Role.SYSTEM:
            font.setPointSizeF(font.pointSizeF() * 0.92)
        doc.setDefaultFont(font)
        # Imported on the first document, not with the view: markdown-it costs ~15 ms of startup.
        from uchat._markdown import CODE_BLOCK, markdown_to_html

        text = message.text
        if message.role == Role.USER:
            html = self._user_html(message)
        elif len(text) > MAX_RENDERED_CHARS:
            # A huge message would freeze the UI while it lays out; show the start
            # and say so. The model keeps the full text (Copy copies all of it).
            note = tr("Message shortened for display: {shown} of {total} characters shown; Copy copies all of it.")
            note = note.format(shown=f"{MAX_RENDERED_CHARS:,}", total=f"{len(text):,}")
            from html import escape as html_escape  # with markdown's rendering, after the first frame

            html = markdown_to_html(text[:MAX_RENDERED_CHARS]) + f"<p><i>… {html_escape(note)}</i></p>"
        else:
            html = markdown_to_html(text)
        if message.reasoning:
            html = reasoning_html(message) + html
        # Before setHtml, which applies it; the code colours only for a code block (they load Pygments).
        doc.setDefaultStyleSheet(self._style_sheet(code=CODE_BLOCK in html))
        doc.setHtml(html)
        _trim_outer_margins(doc)
        doc.setTextWidth(text_width)
        self._docs[key] = doc
        if len(self._docs) > DOC_CACHE:
            self._docs.popitem(last=False)
        return doc

    def _user_html(self, message: Message) -> str:
        """What the user typed, as typed: no markdown (a "# line" is not a giant heading in their bubble),
        and a long message folded to its start with "Show more"."""
        from html import escape as html_escape

        text = message.text
        foldable = is_foldable(text)
        if foldable and message.id not in self.unfolded:
            text = folded_start(text)
        body = html_escape(text[:MAX_RENDERED_CHARS]).replace("\n", "<br>")
        html = f'<p style="white-space: pre-wrap;">{body}</p>'
        if foldable:
            label = tr("Show less") if message.id in self.unfolded else tr("Show more")
            html += f'<p><a href="{FOLD_SCHEME}:{html_escape(message.id)}">{html_escape(label)}</a></p>'
        return html

    def _style_sheet(self, *, code: bool) -> str:
        css = self._css.get(code)
        if css is None:
            from uchat._markdown import style_sheet

            text, muted, link, code_bg, border, header_bg, mono, dark = self._style
            css = self._css[code] = style_sheet(text=str(text), muted=str(muted), link=str(link), code_bg=str(code_bg),
                                                border=str(border), header_bg=str(header_bg), mono=str(mono),
                                                dark=bool(dark), code=code)
        return css

    def _error_height(self, error: str, width: int) -> int:
        return self._fm.boundingRect(QRect(0, 0, width, 100_000), _WRAP, error_label(error)).height()

    # -- rows ------------------------------------------------------------------
    def layout(self, message: Message, width: int, ext_heights: tuple[int, ...] = ()) -> RowLayout:
        """The real layout of ``message`` in a viewport ``width`` wide."""
        x0, col = self.column(width)
        max_w = self.bubble_max(width, message.role)
        inner_max = max(40, max_w - 2 * PAD_X)
        doc = self.document(message, inner_max) if message.text.strip() or message.reasoning else None
        text_w = min(inner_max, math.ceil(doc.idealWidth())) if doc is not None else 0
        text_h = math.ceil(doc.size().height()) if doc is not None else 0
        streaming = message.status == Status.STREAMING
        error_h = self._error_height(message.error, inner_max) if message.error else 0
        y = PAD_Y + text_h
        error_rect = indicator_rect = None
        if error_h:
            y += 6 if text_h else 0
            error_rect = QRect(0, y, inner_max, error_h)
            text_w = max(text_w, min(inner_max, self._fm.horizontalAdvance(error_label(message.error)) + 4))
            y += error_h
        if streaming:
            y += 4 if (text_h or error_h) else 0
            indicator_rect = QRect(0, y, 36, INDICATOR_H)
            text_w = max(text_w, 36)
            y += INDICATOR_H
        has_bubble = bool(text_h or error_h or streaming)
        bubble_h = y + PAD_Y if has_bubble else 0
        bubble_w = text_w + 2 * PAD_X if has_bubble else 0
        if has_bubble and message.role == Role.ASSISTANT:
            bubble_w = max_w  # full width: no bubble is drawn, the row is the page
        if message.role == Role.USER:
            bx = x0 + col - bubble_w
        elif message.role == Role.SYSTEM:
            bx = x0 + (col - bubble_w) // 2
        else:
            bx = x0
        bubble = QRect(bx, MARGIN_Y, bubble_w, bubble_h)
        origin = QPoint(bx + PAD_X, MARGIN_Y + PAD_Y)
        if error_rect is not None:
            error_rect.translate(origin.x(), MARGIN_Y)
        if indicator_rect is not None:
            indicator_rect.translate(origin.x(), MARGIN_Y)
        ext_w = self.ext_width(width, message.role)
        ext_x = x0 + col - ext_w if message.role == Role.USER else x0
        y = MARGIN_Y + bubble_h
        rects: list[QRect] = []
        for h in ext_heights:
            if h <= 0:
                continue  # the provider returned None: no space at all
            y += EXT_GAP if (rects or has_bubble) else 0
            rects.append(QRect(ext_x, y, ext_w, h))
            y += h
        actions_rect = None
        if has_actions(message):
            actions_rect = QRect(x0, y + 2, col, ACTIONS_H - 2)
            y += ACTIONS_H
        return RowLayout(
            height=y + MARGIN_Y, bubble=bubble, text_origin=origin, document=doc,
            error_rect=error_rect, indicator_rect=indicator_rect, ext_rects=tuple(rects),
            actions_rect=actions_rect,
        )

    def estimate(self, message: Message, width: int, ext_heights: tuple[int, ...] = ()) -> int:
        """A cheap height guess for rows far from the viewport (no layout)."""
        inner = max(40, self.bubble_max(width, message.role) - 2 * PAD_X)
        per_line = max(8, inner // max(1, self._fm.averageCharWidth()))
        lines = 0
        text = message.text
        if text.strip():
            for line in text.split("\n"):
                n = len(line) if line.isascii() else 2 * len(line)  # CJK is about two columns wide
                lines += max(1, -(-n // per_line))
        h = lines * (self._fm.lineSpacing() + 2)
        if h or message.error or message.status == Status.STREAMING:
            h += 2 * PAD_Y + (INDICATOR_H if message.status == Status.STREAMING else 0)
            h += self._fm.lineSpacing() * 2 if message.error else 0
        for e in ext_heights:
            if e > 0:
                h += e + EXT_GAP
        return h + 2 * MARGIN_Y + (ACTIONS_H if has_actions(message) else 0)

    def anchor_at(self, message: Message, width: int, ext_heights: tuple[int, ...], pos: QPoint) -> str:
        """The link under ``pos`` (row coordinates), or ``""``."""
        row = self.layout(message, width, ext_heights)
        if row.document is None:
            return ""
        local = QPointF(pos - row.text_origin)
        if local.x() < 0 or local.y() < 0:
            return ""
        return row.document.documentLayout().anchorAt(local)


_WRAP = int(Qt.TextFlag.TextWordWrap)


def is_foldable(text: str) -> bool:
    return len(text) > FOLD_CHARS or text.count("\n") >= FOLD_LINES


def folded_start(text: str) -> str:
    """The start of a long message: its first lines, cut at a word, with an ellipsis."""
    lines = text.split("\n")[:FOLD_LINES // 2]
    start = "\n".join(lines)
    if len(start) > FOLD_CHARS // 2:
        start = start[:FOLD_CHARS // 2]
        space = start.rfind(" ")
        start = start[:space] if space > FOLD_CHARS // 4 else start
    return start.rstrip() + " …"


THINKING_SCHEME = "uchat-thinking"  # the folded reasoning's line is a link to this scheme + the message id


def reasoning_html(message: Message) -> str:
    """The folded (or unfolded) reasoning above a message's text, as HTML."""
    from html import escape

    mark = "▾" if message.reasoning_open else "▸"
    label = escape(tr("Thinking…"))
    head = (f'<p><a href="{THINKING_SCHEME}:{escape(message.id, quote=True)}" style="text-decoration: none;">'
            f"{mark} {label}</a></p>")
    if not message.reasoning_open:
        return head
    body = escape(message.reasoning.strip()).replace("\n", "<br>")
    return f"{head}<blockquote><i>{body}</i></blockquote>"


def has_actions(message: Message) -> bool:
    """Finished user and assistant messages with text get copy/retry/edit actions under them."""
    return (message.role in (Role.USER, Role.ASSISTANT) and message.status != Status.STREAMING
            and bool(message.text.strip()))


def error_label(error: str) -> str:
    """The line shown under a message that failed (no emoji: a machine without an emoji font shows ☒)."""
    return f"{tr('Error')}: {error}"


def _trim_outer_margins(doc: QTextDocument) -> None:
    """Drop the first block's top and the last block's bottom margin (bubble padding covers them)."""
    first, last = doc.firstBlock(), doc.lastBlock()
    cursor = QTextCursor(first)
    fmt = first.blockFormat()
    if fmt.topMargin():
        fmt.setTopMargin(0)
        cursor.setBlockFormat(fmt)
    cursor = QTextCursor(last)
    fmt = last.blockFormat()
    if fmt.bottomMargin():
        fmt.setBottomMargin(0)
        cursor.setBlockFormat(fmt)
