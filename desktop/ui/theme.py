"""Light, dark or system theme: the design tokens as a QPalette plus one application stylesheet.

Everything that is drawn reads :mod:`desktop.ui.tokens`; uchat and the renderer cards read the
palette this sets, so the whole window changes together, live.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

if TYPE_CHECKING:
    from PySide6.QtWidgets import QFileDialog

from desktop.ui.tokens import RADIUS, SCROLL, SPACE, Scheme, scheme

_current: Scheme | None = None
_system: tuple[QPalette, str] | None = None  # the platform's own palette and style, kept for reset()


def palette_for(s: Scheme) -> QPalette:
    pal = QPalette()
    roles = {
        QPalette.ColorRole.Window: s.window, QPalette.ColorRole.WindowText: s.text,
        QPalette.ColorRole.Base: s.surface, QPalette.ColorRole.AlternateBase: s.surface_alt,
        QPalette.ColorRole.Text: s.text, QPalette.ColorRole.Button: s.surface_alt,
        QPalette.ColorRole.ButtonText: s.text, QPalette.ColorRole.Highlight: s.accent,
        QPalette.ColorRole.HighlightedText: s.accent_text, QPalette.ColorRole.ToolTipBase: s.surface,
        QPalette.ColorRole.ToolTipText: s.text, QPalette.ColorRole.PlaceholderText: s.muted,
        QPalette.ColorRole.Link: s.link, QPalette.ColorRole.LinkVisited: s.link,
        QPalette.ColorRole.Mid: s.border, QPalette.ColorRole.Dark: s.border,
        QPalette.ColorRole.Light: s.surface, QPalette.ColorRole.Midlight: s.surface_alt,
        QPalette.ColorRole.Shadow: "#000000", QPalette.ColorRole.BrightText: s.danger,
    }
    for role, value in roles.items():
        pal.setColor(role, QColor(value))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(s.muted))
    return pal


def style_sheet(s: Scheme) -> str:
    """The one stylesheet: fields with visible borders, rounded buttons, the sidebar and composer.

    Scroll bars are slim, with no arrow buttons, as in the chat apps people know; they are also cheap to
    draw: Fusion's own (gradients) cost about 1 ms each time a scrolled view repaints, these ~0.01 ms.
    """
    sm, md, lg = RADIUS["sm"], RADIUS["md"], RADIUS["lg"]
    pad, gap = SPACE["sm"], SPACE["xs"]
    bar, shortest = SCROLL["bar"], SCROLL["handle"]
    return f"""
QLineEdit, QPlainTextEdit, QTextEdit {{
    background: {s.surface}; color: {s.text}; border: 1px solid {s.border}; border-radius: {sm}px;
    padding: {gap}px {pad}px; selection-background-color: {s.accent}; selection-color: {s.accent_text};
}}
QLineEdit:focus, QPlainTextEdit:focus, QTextEdit:focus {{
    border: 1px solid {s.border_strong};
}}
QPushButton {{
    background: {s.surface_alt}; color: {s.text}; border: 1px solid {s.border}; border-radius: {sm}px;
    padding: {gap + 1}px {SPACE["md"]}px;
}}
QPushButton:hover {{ border-color: {s.border_strong}; }}
QPushButton:disabled {{ color: {s.muted}; }}
QPushButton#primary, QPushButton:default {{ background: {s.accent}; color: {s.accent_text}; border-color: {s.accent}; }}
QPushButton:default:disabled {{ background: {s.surface_alt}; color: {s.muted}; border-color: {s.border}; }}
QPushButton:focus {{ border: 2px solid {s.border_strong}; padding: {gap}px {SPACE["md"] - 1}px; }}
QPushButton#primary:focus, QPushButton:default:focus {{ border: 2px solid {s.text}; }}
QToolButton {{ border: 1px solid transparent; border-radius: {sm}px; padding: 3px; color: {s.text}; }}
QToolButton:hover, QToolButton:focus {{ background: {s.surface_alt}; border-color: {s.border}; }}
QWidget#sidebar {{ background: {s.window}; }}
QWidget#sidebar QListView {{ background: transparent; border: none; outline: none; }}
QWidget#sidebar QListView::item {{ border-radius: {sm}px; padding: {gap + 1}px {pad}px; }}
QWidget#sidebar QListView::item:hover {{ background: {s.surface_alt}; }}
QWidget#sidebar QListView::item:selected {{ background: {s.user_bubble}; color: {s.text}; }}
QWidget#composer {{ background: {s.surface}; }}
QFrame#composerBox {{ background: {s.surface}; border: 1px solid {s.border}; border-radius: {lg}px; }}
QFrame#composerBox QPlainTextEdit {{ border: none; background: transparent; padding: 2px; }}
QFrame#uchatChip {{ background: {s.surface_alt}; border: 1px solid {s.border}; border-radius: {md}px; }}
QToolButton#sendButton {{ background: {s.accent}; border-radius: 17px; border: none; }}
QToolButton#sendButton:disabled {{ background: {s.border}; }}
QWidget#chatHeader {{ background: {s.surface}; border-bottom: 1px solid {s.border}; }}
QWidget#chatColumn {{ background: {s.surface}; }}
QToolButton#rowMenuButton {{ background: {s.surface}; border: 1px solid {s.border}; }}
QSplitter::handle {{ background: {s.border}; }}
QSplitter::handle:horizontal {{ width: 1px; }}
QStatusBar {{ color: {s.muted}; }}
QToolTip {{ background: {s.surface}; color: {s.text}; border: 1px solid {s.border}; padding: {gap}px; }}
QScrollBar {{ background: transparent; border: none; margin: 0; }}
QScrollBar:vertical {{ width: {bar}px; }}
QScrollBar:horizontal {{ height: {bar}px; }}
QScrollBar::handle {{ background: {s.scroll_handle}; border-radius: {bar // 2 - 2}px; margin: 2px; }}
QScrollBar::handle:vertical {{ min-height: {shortest}px; }}
QScrollBar::handle:horizontal {{ min-width: {shortest}px; }}
QScrollBar::handle:hover, QScrollBar::handle:pressed {{ background: {s.muted}; }}
QScrollBar::add-line, QScrollBar::sub-line {{ width: 0; height: 0; border: none; background: none; }}
QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
"""


def file_dialog_options() -> QFileDialog.Option:
    """Options for the file dialogs: in the dark theme, Qt's own dialog (it takes the window's palette); a
    native one keeps the system's light look beside a dark window, and cannot be told otherwise."""
    from PySide6.QtWidgets import QFileDialog

    dark = current_scheme() is scheme(True)
    return QFileDialog.Option.DontUseNativeDialog if dark else QFileDialog.Option(0)


def current_scheme() -> Scheme:
    """The colours in use (light until a theme was applied)."""
    return _current or scheme(False)


def apply_theme(theme: str, app: QApplication | None = None) -> None:
    """Apply "system", "light" or "dark" to the whole application, live."""
    global _current
    app = app or QApplication.instance()  # type: ignore[assignment]
    if app is None:
        return
    global _system
    if _system is None:
        _system = (QPalette(app.palette()), app.style().name())
    hints = app.styleHints()
    if theme == "system":
        if hasattr(hints, "unsetColorScheme"):
            hints.unsetColorScheme()
        dark = hasattr(hints, "colorScheme") and hints.colorScheme() == Qt.ColorScheme.Dark
    else:
        dark = theme == "dark"
        if hasattr(hints, "setColorScheme"):
            hints.setColorScheme(Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light)
    s = scheme(dark)
    if s is _current:
        return
    _current = s
    # Fusion honours every palette role on every platform, so both themes look the same everywhere.
    if app.style().name().lower() != "fusion":
        app.setStyle(QStyleFactory.create("Fusion"))
    app.setPalette(palette_for(s))
    app.setStyleSheet(style_sheet(s))


def reset(app: QApplication | None = None) -> None:
    """Back to the platform's own palette, style and no stylesheet (tests, embedding)."""
    global _current
    app = app or QApplication.instance()  # type: ignore[assignment]
    if app is None or _system is None:
        return
    app.setStyleSheet("")
    app.setStyle(QStyleFactory.create(_system[1]))
    app.setPalette(_system[0])
    _current = None
