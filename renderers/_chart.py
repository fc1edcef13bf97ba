"""Charts drawn from the cached values a chart part carries (PPTX and XLSX share the schema).

PowerPoint and Excel store the last computed categories and values of every series in
the chart XML (``c:strCache``/``c:numCache``), so a chart can be drawn without its
workbook: bar/column (clustered or stacked), line, area, pie and doughnut; any other
plot type is drawn as bars of the same values. No Qt widgets; QPainter only.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from lxml import etree
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

_C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
_PLOTS = ("barChart", "bar3DChart", "lineChart", "line3DChart", "pieChart", "pie3DChart", "doughnutChart",
          "areaChart", "area3DChart", "scatterChart", "radarChart")
MAX_POINTS = 2000  # per series; a chart is a picture, not a data dump
MAX_SERIES = 40
PALETTE = ("#4472c4", "#ed7d31", "#a5a5a5", "#ffc000", "#5b9bd5", "#70ad47", "#264478", "#9e480e", "#636363")


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[float | None, ...]
    color: str | None = None
    values_ref: str = ""  # the cells the values come from ("'Data'!$B$2:$B$13"), for a chart saved without them
    name_ref: str = ""  # the cell the series name comes from, for a chart saved without it


@dataclass(frozen=True)
class ChartData:
    kind: str  # bar | column | line | area | pie | doughnut
    title: str
    categories: tuple[str, ...]
    series: tuple[Series, ...]
    stacked: bool = False
    categories_ref: str = ""
    legend: str = "b"  # where the legend is (b, r, t, l, tr), "" when the chart has none
    x_title: str = ""  # the category (or x) axis title
    y_title: str = ""  # the value axis title


def read_chart(xml: bytes) -> ChartData | None:
    """The first plot of a chart part, or None when the XML is not a chart we can read."""
    try:
        root = etree.fromstring(xml, _PARSER)
    except (etree.XMLSyntaxError, ValueError):
        return None
    plot_area = root.find(f"{_C}chart/{_C}plotArea")
    if plot_area is None:
        return None
    plot = next((el for el in plot_area if isinstance(el.tag, str) and el.tag[len(_C):] in _PLOTS), None)
    if plot is None:
        return None
    name = plot.tag[len(_C):]
    kind = _kind(name, plot)
    grouping = plot.find(f"{_C}grouping")
    stacked = grouping is not None and grouping.get("val") in ("stacked", "percentStacked")
    series: list[Series] = []
    categories: tuple[str, ...] = ()
    categories_ref = ""
    for ser in plot.findall(f"{_C}ser")[:MAX_SERIES]:
        val = ser.find(f"{_C}val") if ser.find(f"{_C}val") is not None else ser.find(f"{_C}yVal")
        cat = ser.find(f"{_C}cat") if ser.find(f"{_C}cat") is not None else ser.find(f"{_C}xVal")
        if not categories:
            categories = tuple("" if v is None else v for v in _points(cat, text=True))
        categories_ref = categories_ref or _ref(cat)
        numbers = tuple(_number(v) for v in _points(val))
        tx = ser.find(f"{_C}tx")
        series.append(Series(name=_text(tx), values=numbers, color=_series_color(ser), values_ref=_ref(val),
                             name_ref=_ref(tx)))
    chart = root.find(f"{_C}chart")
    legend = chart.find(f"{_C}legend") if chart is not None else None
    position = legend.find(f"{_C}legendPos") if legend is not None else None
    x_axis = plot_area.find(f"{_C}catAx") if plot_area.find(f"{_C}catAx") is not None else plot_area.find(f"{_C}dateAx")
    axes = plot_area.findall(f"{_C}valAx")
    if x_axis is None and len(axes) == 2:  # a scatter chart: two value axes, the first one across
        x_axis, axes = axes[0], axes[1:]
    title = _title(root)
    auto_deleted = chart.find(f"{_C}autoTitleDeleted") if chart is not None else None
    if not title and chart is not None and chart.find(f"{_C}title") is not None and len(series) == 1 \
            and (auto_deleted is None or auto_deleted.get("val") not in ("1", "true")):
        title = series[0].name  # Excel titles a one-series chart with its series name
    return ChartData(kind=kind, title=title, categories=categories, series=tuple(series), stacked=stacked,
                     categories_ref=categories_ref,
                     legend=(position.get("val", "r") if position is not None else "r") if legend is not None else "",
                     x_title=_axis_title(x_axis), y_title=_axis_title(axes[0] if axes else None))


def _axis_title(axis: etree._Element | None) -> str:
    title = axis.find(f"{_C}title") if axis is not None else None
    if title is None or (axis is not None and axis.find(f"{_C}delete") is not None
                         and axis.find(f"{_C}delete").get("val") in ("1", "true")):
        return ""
    return _text(title.find(f"{_C}tx"))


def _ref(el: etree._Element | None) -> str:
    f = next(el.iter(f"{_C}f"), None) if el is not None else None
    return (f.text or "").strip() if f is not None else ""


def _kind(name: str, plot: etree._Element) -> str:
    if name.startswith("bar"):
        direction = plot.find(f"{_C}barDir")
        return "bar" if direction is not None and direction.get("val") == "bar" else "column"
    if name.startswith("line") or name in ("scatterChart", "radarChart"):
        return "line"
    if name.startswith("area"):
        return "area"
    if name == "doughnutChart":
        return "doughnut"
    if name.startswith("pie"):
        return "pie"
    return "column"


def _points(ref: etree._Element | None, *, text: bool = False) -> list[str | None]:
    if ref is None:
        return []
    cache = next((el for el in ref.iter(f"{_C}numCache", f"{_C}strCache", f"{_C}numLit", f"{_C}strLit")), None)
    if cache is None:
        return []
    count_el = cache.find(f"{_C}ptCount")
    count = int(count_el.get("val", "0")) if count_el is not None and count_el.get("val", "").isdigit() else 0
    out: list[str | None] = [None] * min(count, MAX_POINTS)
    for pt in cache.findall(f"{_C}pt"):
        idx = pt.get("idx", "")
        v = pt.find(f"{_C}v")
        if not idx.isdigit() or int(idx) >= MAX_POINTS:
            continue
        while len(out) <= int(idx):
            out.append(None)
        out[int(idx)] = v.text if v is not None else None
    if text and not out:
        return []
    return out


def _number(raw: str | None) -> float | None:
    try:
        value = float(raw) if raw is not None else None
    except ValueError:
        return None
    return value if value is not None and math.isfinite(value) else None


def _text(tx: etree._Element | None) -> str:
    if tx is None:
        return ""
    cached = [v.text or "" for v in tx.iter(f"{_C}v")]
    return " ".join(cached) if cached else "".join(t.text or "" for t in tx.iter(f"{_A}t"))


def _title(root: etree._Element) -> str:
    title = root.find(f"{_C}chart/{_C}title")
    if title is None:
        return ""
    return _text(title.find(f"{_C}tx")) or ""


def _series_color(ser: etree._Element) -> str | None:
    sppr = ser.find(f"{_C}spPr")
    if sppr is None:
        return None
    fill = sppr.find(f"{_A}solidFill/{_A}srgbClr")
    if fill is None:
        fill = sppr.find(f"{_A}ln/{_A}solidFill/{_A}srgbClr")
    value = fill.get("val", "") if fill is not None else ""
    return f"#{value}" if len(value) == 6 else None


# -- painting -------------------------------------------------------------------------------------
def paint_chart(p: QPainter, rect: QRectF, chart: ChartData, px_per_pt: float) -> None:
    """Draw ``chart`` into ``rect``: title on top, legend at the bottom, the plot between."""
    p.save()
    p.setClipRect(rect)
    p.fillRect(rect, QColor("#ffffff"))
    font = QFont()
    font.setFamilies(["Noto Sans", "DejaVu Sans", "Noto Sans CJK SC"])
    size = max(6.0, min(rect.height() / 22, 14 * px_per_pt))
    font.setPixelSize(int(size))
    p.setFont(font)
    inner = rect.adjusted(size, size * 0.5, -size, -size * 0.5)
    if chart.title:
        title_font = QFont(font)
        title_font.setPixelSize(int(size * 1.3))
        title_font.setBold(True)
        p.setFont(title_font)
        p.setPen(QColor("#404040"))
        p.drawText(QRectF(inner.left(), inner.top(), inner.width(), size * 2), Qt.AlignmentFlag.AlignCenter,
                   chart.title)
        p.setFont(font)
        inner.setTop(inner.top() + size * 2.2)
    pie = chart.kind in ("pie", "doughnut")
    names = list(chart.categories) if pie else [s.name for s in chart.series]
    if chart.legend and any(names):
        if chart.legend in ("r", "tr", "l"):
            metrics = p.fontMetrics()
            width = min(inner.width() * 0.4, max(metrics.horizontalAdvance(n) for n in names) + size * 2.2)
            box = QRectF(inner.right() - width if chart.legend != "l" else inner.left(), inner.top(), width, inner.height())
            if chart.legend == "l":
                inner.setLeft(inner.left() + width)
            else:
                inner.setRight(inner.right() - width)
            _legend_column(p, box, names, chart, pie, size)
        else:
            if chart.legend == "t":
                _legend(p, QRectF(inner.left(), inner.top(), inner.width(), size * 1.4), names, chart, pie)
                inner.setTop(inner.top() + size * 1.8)
            else:
                inner.setBottom(inner.bottom() - size * 1.8)
                _legend(p, QRectF(inner.left(), inner.bottom() + size * 0.4, inner.width(), size * 1.4), names, chart, pie)
    if pie:
        _pie(p, inner, chart)
    else:
        p.setPen(QColor("#404040"))
        if chart.x_title:
            inner.setBottom(inner.bottom() - size * 1.5)
            p.drawText(QRectF(inner.left(), inner.bottom() + size * 0.2, inner.width(), size * 1.3),
                       Qt.AlignmentFlag.AlignCenter, chart.x_title)
        if chart.y_title:
            p.save()
            p.translate(inner.left() + size * 0.6, inner.center().y())
            p.rotate(-90)
            p.drawText(QRectF(-inner.height() / 2, -size * 0.7, inner.height(), size * 1.4), Qt.AlignmentFlag.AlignCenter,
                       chart.y_title)
            p.restore()
            inner.setLeft(inner.left() + size * 1.5)
        _axes_plot(p, inner, chart, size)
    p.restore()


def color_of(chart: ChartData, i: int) -> QColor:
    series = chart.series[i] if i < len(chart.series) else None
    return QColor(series.color if series is not None and series.color else PALETTE[i % len(PALETTE)])


def _legend_column(p: QPainter, rect: QRectF, names: list[str], chart: ChartData, pie: bool, size: float) -> None:
    """A legend beside the plot (Excel's right or left position): one name a line, centred down."""
    line = size * 1.4
    y = rect.center().y() - min(len(names) * line, rect.height()) / 2
    for i, name in enumerate(names):
        if y + line > rect.bottom() + 1:
            break
        swatch = QRectF(rect.left() + size * 0.4, y + line * 0.25, line * 0.5, line * 0.5)
        p.fillRect(swatch, QColor(PALETTE[i % len(PALETTE)]) if pie else color_of(chart, i))
        p.setPen(QColor("#404040"))
        p.drawText(QRectF(swatch.right() + 4, y, rect.right() - swatch.right() - 4, line),
                   Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, name)
        y += line


def _legend(p: QPainter, rect: QRectF, names: list[str], chart: ChartData, pie: bool) -> None:
    metrics = p.fontMetrics()
    widths = [rect.height() * 1.2 + metrics.horizontalAdvance(n) + rect.height() for n in names]
    x = rect.center().x() - min(sum(widths), rect.width()) / 2
    for i, name in enumerate(names):
        if x + widths[i] > rect.right() + 1:
            break
        swatch = QRectF(x, rect.top() + rect.height() * 0.25, rect.height() * 0.5, rect.height() * 0.5)
        p.fillRect(swatch, QColor(PALETTE[i % len(PALETTE)]) if pie else color_of(chart, i))
        p.setPen(QColor("#404040"))
        p.drawText(QRectF(swatch.right() + 4, rect.top(), widths[i], rect.height()),
                   Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, name)
        x += widths[i]


def _pie(p: QPainter, rect: QRectF, chart: ChartData) -> None:
    values = [max(v or 0.0, 0.0) for v in (chart.series[0].values if chart.series else ())]
    total = sum(values)
    if total <= 0:
        return
    side = min(rect.width(), rect.height())
    box = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
    angle = 90 * 16
    p.setPen(QPen(QColor("#ffffff"), 1.5))
    for i, value in enumerate(values):
        span = -round(value / total * 360 * 16)
        p.setBrush(QColor(PALETTE[i % len(PALETTE)]))
        p.drawPie(box, angle, span)
        angle += span
    if chart.kind == "doughnut":
        hole = side * 0.5
        p.setBrush(QColor("#ffffff"))
        p.drawEllipse(QRectF(box.center().x() - hole / 2, box.center().y() - hole / 2, hole, hole))


def _axes_plot(p: QPainter, rect: QRectF, chart: ChartData, size: float) -> None:
    n = max((len(s.values) for s in chart.series), default=0)
    if n == 0:
        return
    if chart.stacked:
        highs = [sum(max(s.values[i] or 0, 0) for s in chart.series if i < len(s.values)) for i in range(n)]
        lows = [sum(min(s.values[i] or 0, 0) for s in chart.series if i < len(s.values)) for i in range(n)]
        top, bottom = max(highs + [0.0]), min(lows + [0.0])
    else:
        values = [v for s in chart.series for v in s.values if v is not None]
        top, bottom = max(values + [0.0]), min(values + [0.0])
    if top == bottom:
        top = bottom + 1
    step = _nice_step((top - bottom) / 5)
    top, bottom = math.ceil(top / step) * step, math.floor(bottom / step) * step
    horizontal = chart.kind == "bar"
    metrics = p.fontMetrics()
    label_w = max(metrics.horizontalAdvance(_fmt(top)), metrics.horizontalAdvance(_fmt(bottom))) + size * 0.5
    plot = rect.adjusted(label_w, size * 0.5, -size * 0.5, -size * 1.6)
    if horizontal:
        plot = rect.adjusted(min(rect.width() * 0.3, max(metrics.horizontalAdvance(c) for c in chart.categories)
                                 + size if chart.categories else size), size * 0.5, -size, -size * 1.6)
    if plot.width() < 10 or plot.height() < 10:
        return

    def pos(value: float) -> float:
        frac = (value - bottom) / (top - bottom)
        return plot.left() + frac * plot.width() if horizontal else plot.bottom() - frac * plot.height()

    p.setPen(QPen(QColor("#d9d9d9"), 1))
    tick = bottom
    while tick <= top + step / 2:
        at = pos(tick)
        p.setPen(QPen(QColor("#d9d9d9"), 1))
        if horizontal:
            p.drawLine(QPointF(at, plot.top()), QPointF(at, plot.bottom()))
            p.setPen(QColor("#595959"))
            p.drawText(QRectF(at - label_w, plot.bottom() + 2, label_w * 2, size * 1.4), Qt.AlignmentFlag.AlignHCenter,
                       _fmt(tick))
        else:
            p.drawLine(QPointF(plot.left(), at), QPointF(plot.right(), at))
            p.setPen(QColor("#595959"))
            p.drawText(QRectF(rect.left(), at - size, label_w - size * 0.3, size * 2),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, _fmt(tick))
        tick += step
    band = (plot.height() if horizontal else plot.width()) / n
    p.setPen(QColor("#595959"))
    for i, cat in enumerate(chart.categories[:n]):
        if horizontal:  # Office draws the first category at the bottom of a bar chart
            p.drawText(QRectF(rect.left(), plot.top() + (n - 1 - i) * band, plot.left() - rect.left() - 4, band),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, cat)
        elif n <= 40:
            p.drawText(QRectF(plot.left() + i * band, plot.bottom() + 2, band, size * 1.4),
                       Qt.AlignmentFlag.AlignHCenter, cat)
    if chart.kind in ("line", "area"):
        for k, s in enumerate(chart.series):
            points = [QPointF(plot.left() + (i + 0.5) * band, pos(v)) for i, v in enumerate(s.values) if v is not None]
            if not points:
                continue
            if chart.kind == "area":
                path = QPainterPath(QPointF(points[0].x(), pos(0)))
                for pt in points:
                    path.lineTo(pt)
                path.lineTo(QPointF(points[-1].x(), pos(0)))
                fill = color_of(chart, k)
                fill.setAlpha(170)
                p.fillPath(path, fill)
            p.setPen(QPen(color_of(chart, k), max(1.5, size / 5)))
            p.drawPolyline(QPolygonF(points))
        return
    count = len(chart.series)
    width = band * 0.7 / (1 if chart.stacked else max(count, 1))
    base_pos, base_neg = [0.0] * n, [0.0] * n
    for k, s in enumerate(chart.series):
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(color_of(chart, k))
        for i, v in enumerate(s.values):
            if v is None:
                continue
            start = (base_pos[i] if v >= 0 else base_neg[i]) if chart.stacked else 0.0
            end = start + v
            if chart.stacked:
                if v >= 0:
                    base_pos[i] = end
                else:
                    base_neg[i] = end
            offset = band * 0.15 + (0 if chart.stacked else k * width)
            a, b = sorted((pos(start), pos(end)))
            if horizontal:
                p.drawRect(QRectF(a, plot.top() + (n - 1 - i) * band + offset, b - a, width))
            else:
                p.drawRect(QRectF(plot.left() + i * band + offset, a, width, b - a))


def _nice_step(raw: float) -> float:
    if raw <= 0:
        return 1.0
    power: float = 10 ** math.floor(math.log10(raw))  # int ** int is typed Any: a negative power is a float
    for mult in (1, 2, 2.5, 5, 10):
        if raw <= mult * power:
            return mult * power
    return 10 * power


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 or value == int(value) else f"{value:g}"
