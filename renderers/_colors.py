"""Colours derived from the application palette, so cards read well on light and dark themes.

Status colours come in a light-theme and a dark-theme shade (dark text on light
backgrounds, light text on dark ones); tints mix the palette's Base with an accent.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen
from PySide6.QtWidgets import QFrame, QWidget

Role = QPalette.ColorRole

# name → (shade on a light background, shade on a dark background)
_STATUS = {
    "ok": ("#137333", "#81c995"),
    "error": ("#a50e0e", "#f28b82"),
    "warn": ("#b06000", "#fdd663"),
    "accent": ("#1a73e8", "#8ab4f8"),
}
AMBER = "#f0a020"
RED = "#e53935"
GREEN = "#34a853"


def palette() -> QPalette:
    """The application palette (the theme), or a default one without an application."""
    app = QGuiApplication.instance()
    return QGuiApplication.palette() if app is not None else QPalette()


def is_dark(pal: QPalette | None = None) -> bool:
    pal = pal or palette()
    return pal.color(Role.Base).lightness() < 128


def color(role: Role, pal: QPalette | None = None) -> str:
    """``#rrggbb`` of a palette role."""
    return (pal or palette()).color(role).name()


def status(name: str, pal: QPalette | None = None) -> str:
    """A status colour readable on the palette's Base: ok, error, warn, accent, or muted."""
    pal = pal or palette()
    if name == "muted":
        return pal.color(Role.PlaceholderText).name()
    light, dark = _STATUS[name]
    return dark if is_dark(pal) else light


def mix(a: QColor | str, b: QColor | str, t: float) -> str:
    """``a`` moved a fraction ``t`` towards ``b``."""
    ca, cb = QColor(a), QColor(b)
    return QColor(round(ca.red() + (cb.red() - ca.red()) * t), round(ca.green() + (cb.green() - ca.green()) * t),
                  round(ca.blue() + (cb.blue() - ca.blue()) * t)).name()


def tint(accent: str, pal: QPalette | None = None, strength: float = 0.08) -> str:
    """Base with a touch of ``accent``; a little more on dark palettes, where it shows less."""
    pal = pal or palette()
    return mix(pal.color(Role.Base), accent, strength * (1.8 if is_dark(pal) else 1.0))


def surround(pal: QPalette | None = None) -> QColor:
    """The backdrop around a page or slide: Window a shade darker (light theme) or lighter (dark theme)."""
    pal = pal or palette()
    window = pal.color(Role.Window)
    return window.lighter(125) if is_dark(pal) else window.darker(112)


def paint_card(widget: QWidget, background: str, border: str, radius: float = 8.0) -> None:
    """Draw a card's rounded background in ``paintEvent``.

    Cards paint their own background instead of using a style sheet on themselves: a sheet
    would make the card's palette explicit, and a widget with an explicit palette no longer
    receives the PaletteChange that tells it the theme changed.
    """
    p = QPainter(widget)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor(border), 1))
    p.setBrush(QColor(background))
    p.drawRoundedRect(QRectF(widget.rect()).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    p.end()


def bold(widget: QWidget, pixel_size: int = 0) -> None:
    """Bold (and optionally sized) text through the font, not a style sheet: a sheet would pin the palette."""
    font = widget.font()
    font.setBold(True)
    if pixel_size:
        font.setPixelSize(pixel_size)
    widget.setFont(font)


def apply_sheets(pairs: tuple[tuple[QWidget, str], ...]) -> None:
    """Set each widget's style sheet, skipping unchanged ones: a re-set sheet sends another palette event."""
    for widget, sheet in pairs:
        if widget.styleSheet() != sheet:
            widget.setStyleSheet(sheet)


class ThemedCard(QFrame):
    """A card that paints its own rounded background and follows a live theme change.

    Subclasses keep ``_card_colors`` (background, border) current in ``retranslate`` and set
    ``_themed = True`` once their widgets exist; palette events before that are ignored.
    """

    _card_colors: tuple[str, str] = ("#ffffff", "#d0d7de")
    _themed = False

    def retranslate(self) -> None:
        raise NotImplementedError

    def paintEvent(self, event: object) -> None:
        paint_card(self, *self._card_colors)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if self._themed and event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.retranslate()  # texts, status colours and the card's own colours follow the theme
