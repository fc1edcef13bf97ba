"""Light, dark or system theme through QPalette and the Qt colour-scheme hint."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

_system_palette: QPalette | None = None
_system_style: str | None = None


def _palette(dark: bool) -> QPalette:
    pal = QPalette()
    if dark:
        colors = {
            QPalette.ColorRole.Window: "#202124", QPalette.ColorRole.WindowText: "#e8eaed",
            QPalette.ColorRole.Base: "#17181a", QPalette.ColorRole.AlternateBase: "#2a2b2e",
            QPalette.ColorRole.Text: "#e8eaed", QPalette.ColorRole.Button: "#2d2e31",
            QPalette.ColorRole.ButtonText: "#e8eaed", QPalette.ColorRole.Highlight: "#3b6fd6",
            QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.ToolTipBase: "#2d2e31",
            QPalette.ColorRole.ToolTipText: "#e8eaed", QPalette.ColorRole.PlaceholderText: "#9aa0a6",
            QPalette.ColorRole.Link: "#8ab4f8", QPalette.ColorRole.LinkVisited: "#c58af9",
            QPalette.ColorRole.Mid: "#3c4043", QPalette.ColorRole.Dark: "#111214",
            QPalette.ColorRole.Light: "#3c4043", QPalette.ColorRole.Midlight: "#35363a",
            QPalette.ColorRole.Shadow: "#000000", QPalette.ColorRole.BrightText: "#ff8a80",
        }
        disabled = "#7f8386"
    else:
        colors = {
            QPalette.ColorRole.Window: "#f3f4f6", QPalette.ColorRole.WindowText: "#1f2328",
            QPalette.ColorRole.Base: "#ffffff", QPalette.ColorRole.AlternateBase: "#f6f8fa",
            QPalette.ColorRole.Text: "#1f2328", QPalette.ColorRole.Button: "#f6f8fa",
            QPalette.ColorRole.ButtonText: "#1f2328", QPalette.ColorRole.Highlight: "#2f6fde",
            QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.ToolTipBase: "#ffffff",
            QPalette.ColorRole.ToolTipText: "#1f2328", QPalette.ColorRole.PlaceholderText: "#6e7781",
            QPalette.ColorRole.Link: "#0969da", QPalette.ColorRole.LinkVisited: "#8250df",
            QPalette.ColorRole.Mid: "#d0d7de", QPalette.ColorRole.Dark: "#afb8c1",
            QPalette.ColorRole.Light: "#ffffff", QPalette.ColorRole.Midlight: "#eaeef2",
            QPalette.ColorRole.Shadow: "#8c959f", QPalette.ColorRole.BrightText: "#cf222e",
        }
        disabled = "#8c959f"
    for role, value in colors.items():
        pal.setColor(role, QColor(value))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return pal


def apply_theme(theme: str, app: QApplication | None = None) -> None:
    """Apply "system", "light" or "dark" to the whole application, live."""
    global _system_palette, _system_style
    app = app or QApplication.instance()  # type: ignore[assignment]
    if app is None:
        return
    if _system_palette is None:
        _system_palette = QPalette(app.palette())
        _system_style = app.style().name()
    hints = app.styleHints()
    if theme == "system":
        if hasattr(hints, "unsetColorScheme"):
            hints.unsetColorScheme()
        if _system_style:
            app.setStyle(QStyleFactory.create(_system_style))
        app.setPalette(_system_palette)
        return
    dark = theme == "dark"
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light)
    # Fusion honours every palette role on every platform, so both themes look the same everywhere.
    app.setStyle(QStyleFactory.create("Fusion"))
    app.setPalette(_palette(dark))
