"""The bundled interface icons (``uchat/icons/*.svg``), drawn in a palette colour.

The SVGs use ``currentColor``; QIcon cannot resolve that, so the text is coloured here before it is
rendered. Icons are cached per (name, colour, size).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QImage, QImageReader, QPainter, QPixmap

if TYPE_CHECKING:
    from PySide6.QtWidgets import QAbstractButton

ICON_DIR = Path(__file__).resolve().parent / "icons"


def icon_names() -> list[str]:
    return sorted(p.stem for p in ICON_DIR.glob("*.svg"))


@lru_cache(maxsize=128)
def _shape(name: str, size: int) -> QImage:
    """``name`` drawn ``size`` px square, black: the icons are one colour (``currentColor``), so this
    shape is drawn once and tinted for each colour and state (an SVG render costs ~0.3 ms, a tint ~0.01).

    Read through Qt's SVG image plugin, not the QtSvg Python module: nothing extra is imported
    before the first frame."""
    path = ICON_DIR / f"{name}.svg"
    if not path.is_file():
        return QImage()
    svg = path.read_text(encoding="utf-8").replace("currentColor", "#000000")
    data = QByteArray(svg.encode("utf-8"))
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, QByteArray(b"svg"))
    reader.setScaledSize(QSize(size, size))
    image = reader.read()
    return image if image.isNull() else image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


@lru_cache(maxsize=256)
def pixmap(name: str, color: str, size: int = 20, ratio: float = 1.0) -> QPixmap:
    """``name`` drawn ``size`` px square in ``color`` (a null pixmap for an unknown name)."""
    shape = _shape(name, round(size * ratio))
    if shape.isNull():
        return QPixmap()
    tinted = QImage(shape)  # a copy: the shape stays black for the next colour
    painter = QPainter(tinted)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)  # keep the shape's alpha
    painter.fillRect(tinted.rect(), QColor(color))
    painter.end()
    pix = QPixmap.fromImage(tinted)
    pix.setDevicePixelRatio(ratio)
    return pix


def icon(name: str, color: QColor | str, size: int = 20) -> QIcon:
    """A QIcon of ``name`` in ``color`` (disabled state drawn at half strength)."""
    c = QColor(color)
    result = QIcon()
    for ratio in _ratios():
        result.addPixmap(pixmap(name, c.name(), size, ratio), QIcon.Mode.Normal)
        faded = QColor((c.red() + 136) // 2, (c.green() + 136) // 2, (c.blue() + 136) // 2)
        result.addPixmap(pixmap(name, faded.name(), size, ratio), QIcon.Mode.Disabled)
    return result


def _ratios() -> tuple[float, ...]:
    """The pixel ratios worth drawing: 1× always, 2× only with a high-density screen attached (drawing
    every icon at 2× too cost a good part of the first frame on an ordinary screen)."""
    screens = QGuiApplication.screens() if QGuiApplication.instance() is not None else []
    return (1.0, 2.0) if any(s.devicePixelRatio() > 1.0 for s in screens) else (1.0,)


def set_icon(button: QAbstractButton, name: str, color: QColor | str, size: int = 20) -> None:
    """Give ``button`` the icon ``name`` in ``color``: now if it is on screen, else when it is shown
    (the code that shows it calls :func:`show_icon`). Buttons hidden at the start (hover actions, the
    jump button, a row's menu button) would otherwise each draw their icon before the first frame."""
    if button.isVisible():
        button.setIcon(icon(name, color, size))
        button.setProperty(_PENDING, None)
    else:
        button.setProperty(_PENDING, f"{name}|{QColor(color).name()}|{size}")


def show_icon(button: QAbstractButton) -> None:
    """Draw the icon :func:`set_icon` kept for ``button`` (call it where the button is shown)."""
    pending = button.property(_PENDING)
    if pending:
        name, color, size = str(pending).split("|")
        button.setIcon(icon(name, color, int(size)))
        button.setProperty(_PENDING, None)


_PENDING = "uchatPendingIcon"
