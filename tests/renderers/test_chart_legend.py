"""A chart's legend beside the plot shows each series' whole name, whatever its key (a line series' key is
three squares wide, a column's one)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from renderers._chart import ChartData, Series, paint_chart


def _ink_width(kind: str, names: tuple[str, str]) -> tuple[float, float]:
    """The drawn width of the legend's names (their grey ink right of the plot) and the longest name's own."""
    chart = ChartData(kind=kind, title="", categories=("John", "Hank", "Dagny"), legend="r",
                      series=(Series(names[0], (2000, 40000, 10000)), Series(names[1], (100, 200, 300))))
    image = QImage(640, 320, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    paint_chart(p, QRectF(0, 0, 640, 320), chart, 1.0)
    p.end()

    def grey(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return c.lightness() < 160 and max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue()) < 30

    # the legend's column is right of the plot, centred down; the category labels are under the plot
    xs = [x for x in range(400, 640) for y in range(100, 220) if grey(x, y)]
    font = QFont()
    font.setFamilies(["Noto Sans", "DejaVu Sans", "Noto Sans CJK SC"])
    font.setPixelSize(14)  # the label size paint_chart picks for this height (14 pt a point)
    longest = max(QFontMetricsF(font).tightBoundingRect(n).width() for n in names)
    return (max(xs) - min(xs) + 1 if xs else 0.0), longest


@pytest.mark.parametrize("kind", ["line", "column"])
def test_a_legend_beside_the_plot_shows_each_name_whole(qapp, kind: str) -> None:
    drawn, whole = _ink_width(kind, ("Income", "Bonus"))
    assert drawn >= whole - 2, f"the legend's name is cut: {drawn:.0f} px of {whole:.0f}"
