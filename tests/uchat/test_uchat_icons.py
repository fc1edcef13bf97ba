"""The bundled icons: one shape per icon and size, tinted per colour, looks as the SVG drawn in that colour."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QColor, QIcon, QImage, QImageReader

from uchat._icons import ICON_DIR, _shape, icon, icon_names, pixmap


def _drawn_in(name: str, color: str, size: int) -> QImage:
    data = QByteArray((ICON_DIR / f"{name}.svg").read_text(encoding="utf-8").replace("currentColor", color).encode())
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, QByteArray(b"svg"))
    reader.setScaledSize(QSize(size, size))
    return reader.read().convertToFormat(QImage.Format.Format_ARGB32)


@pytest.mark.parametrize("color", ["#1f2328", "#ffffff", "#2f6fde"])
def test_every_icon_tinted_looks_as_the_svg_drawn_in_that_colour(qapp, color: str) -> None:
    assert len(icon_names()) >= 15
    for name in icon_names():
        want = _drawn_in(name, color, 20)
        got = pixmap(name, color, 20).toImage().convertToFormat(QImage.Format.Format_ARGB32)
        assert got.size() == want.size()
        worst = 0
        for y in range(20):
            for x in range(20):
                a, b = QColor.fromRgba(want.pixel(x, y)), QColor.fromRgba(got.pixel(x, y))
                worst = max(worst, abs(a.alpha() - b.alpha()))
                if a.alpha() > 64:  # the colour of a faint edge pixel rounds differently
                    worst = max(worst, abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue()))
        assert worst <= 8, (name, worst)


def test_a_shape_is_drawn_once_for_all_colours_and_states(qapp) -> None:
    _shape.cache_clear()
    pixmap.cache_clear()
    for color in ("#111111", "#222222", "#333333"):
        icon("send", color, 20)  # normal and disabled
    assert _shape.cache_info().misses == 1
    assert isinstance(icon("send", "#111111"), QIcon) and not icon("send", "#111111").isNull()


def test_an_unknown_icon_is_an_empty_pixmap(qapp) -> None:
    assert pixmap("no-such-icon", "#000000", 16).isNull()


def test_a_hidden_button_gets_its_icon_when_shown_and_a_shown_one_at_once(qtbot) -> None:
    from PySide6.QtWidgets import QToolButton, QWidget

    from uchat._icons import set_icon, show_icon

    parent = QWidget()
    qtbot.addWidget(parent)
    hidden, shown = QToolButton(parent), QToolButton(parent)
    hidden.hide()
    parent.show()
    qtbot.waitExposed(parent)
    set_icon(hidden, "copy", "#646c76", 16)
    set_icon(shown, "copy", "#646c76", 16)
    assert hidden.icon().isNull() and not shown.icon().isNull()
    hidden.show()
    show_icon(hidden)
    assert not hidden.icon().isNull()
    show_icon(hidden)  # nothing pending any more: harmless
    assert not hidden.icon().isNull()


def test_the_hover_actions_have_their_icons_once_shown(qtbot) -> None:
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QWidget

    from uchat._actions import ActionBar

    host = QWidget()
    qtbot.addWidget(host)
    host.resize(400, 200)
    host.show()
    bar = ActionBar(host)
    assert all(b.icon().isNull() for b in bar.buttons.values())  # nothing drawn while hidden
    bar.show_for("m1", list(bar.buttons), QRect(0, 0, 300, 40), align_right=False)
    assert all(not b.icon().isNull() for b in bar.buttons.values())
