"""Charts drawn from the cached values a chart part carries (PPTX and XLSX share the schema).

PowerPoint and Excel store the last computed categories and values of every series in
the chart XML (``c:strCache``/``c:numCache``), so a chart can be drawn without its
workbook: bar/column (clustered or stacked), line, area, pie and doughnut; any other
plot type is drawn as bars of the same values. No Qt widgets; QPainter only.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from renderers._i18n import tr
from skills.api import drawingml_color

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
    lines: tuple[Series, ...] = ()  # a line plot drawn over the first one on the same axes (a combo chart)
    background: str | None = "#ffffff"  # the chart area's fill (c:chartSpace/c:spPr), None when it has none
    text_color: str = "#404040"  # labels, legend and title, as the chart's text properties say
    title_bold: bool = True
    title_pt: float = 0.0  # the title's size in points when the file gives one
    label_pt: float = 0.0  # axis and legend labels' size in points when the file gives one
    point_colors: tuple[str, ...] = ()  # a pie's slice colours (c:dPt, else the theme's accents)
    title_placeholder: bool = False  # a title box without text: Office shows "Chart Title" in it
    grid_color: str | None = "#d9d9d9"  # the value axis' major gridlines, None when it has none
    grid_pt: float = 0.75  # their width (Office's default 9525 EMU): thinner than a pixel in a small chart
    gap: float = 1.5  # c:gapWidth between bar groups, in bar widths
    overlap: float = 0.0  # c:overlap of a group's bars, as a share of a bar (negative: space between)
    label_rot: float | None = None  # the category labels' fixed angle in degrees; None: Office's automatic one
    label_skip: int = 0  # c:tickLblSkip: every n-th category labelled; 0: as many as fit (Office's automatic)


def read_chart(xml: bytes, scheme: dict[str, str] | None = None) -> ChartData | None:
    """The first plot of a chart part (and a line plot combined with it), or None when the XML is not a
    chart we can read. ``scheme`` maps theme colour names (``accent1``, ``tx1``…) to ``#rrggbb``: series
    without their own colour take the theme's accents in order, as Office's default chart style does."""
    try:
        root = etree.fromstring(xml, _PARSER)
    except (etree.XMLSyntaxError, ValueError):
        return None
    plot_area = root.find(f"{_C}chart/{_C}plotArea")
    if plot_area is None:
        return None
    plots = [el for el in plot_area if isinstance(el.tag, str) and el.tag[len(_C):] in _PLOTS]
    if not plots:
        return None
    plot = plots[0]
    colors = dict(scheme) if scheme else {}
    name = plot.tag[len(_C):]
    kind = _kind(name, plot)
    grouping = plot.find(f"{_C}grouping")
    stacked = grouping is not None and grouping.get("val") in ("stacked", "percentStacked")
    series, categories, categories_ref = _read_series(plot, colors)
    lines: list[Series] = []
    if kind in ("column", "bar"):
        for other in plots[1:]:
            if _kind(other.tag[len(_C):], other) == "line":
                more, _, _ = _read_series(other, colors, first=len(series) + len(lines))
                lines.extend(more)
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
    placeholder = not title and chart is not None and chart.find(f"{_C}title") is not None \
        and (auto_deleted is None or auto_deleted.get("val") not in ("1", "true"))
    title_props = _text_props(chart.find(f"{_C}title") if chart is not None else None, colors)
    label_props = _text_props(x_axis, colors) or _text_props(legend, colors) or _text_props(root, colors)
    first_run = next(chart.find(f"{_C}title").iter(f"{_A}rPr"), None) \
        if chart is not None and chart.find(f"{_C}title") is not None else None
    bold = title_props.get("b")
    if first_run is not None and first_run.get("b") is not None:
        bold = first_run.get("b")
    pie = kind in ("pie", "doughnut")
    return ChartData(kind=kind, title=title, categories=categories, series=tuple(series), stacked=stacked,
                     categories_ref=categories_ref,
                     legend=(position.get("val", "r") if position is not None else "r") if legend is not None else "",
                     x_title=_axis_title(x_axis), y_title=_axis_title(axes[0] if axes else None),
                     lines=tuple(lines), background=_area_fill(root.find(f"{_C}spPr"), colors),
                     text_color=label_props.get("color") or title_props.get("color") or "#404040",
                     title_bold=bold in ("1", "true") if bold is not None else True,
                     title_pt=_size(title_props), label_pt=_size(label_props),
                     point_colors=_point_colors(plot, colors, len(categories)) if pie else (),
                     title_placeholder=placeholder, grid_color=_grid_color(axes[0] if axes else None, colors),
                     grid_pt=_grid_width(axes[0] if axes else None),
                     gap=_percent(plot, "gapWidth", 150) / 100,
                     label_rot=_label_rotation(x_axis), label_skip=_label_skip(x_axis),
                     overlap=_percent(plot, "overlap", 100 if stacked else 0) / 100)


def _read_series(plot: etree._Element, colors: dict[str, str], first: int = 0
                 ) -> tuple[list[Series], tuple[str, ...], str]:
    series: list[Series] = []
    categories: tuple[str, ...] = ()
    categories_ref = ""
    for n, ser in enumerate(plot.findall(f"{_C}ser")[:MAX_SERIES]):
        val = ser.find(f"{_C}val") if ser.find(f"{_C}val") is not None else ser.find(f"{_C}yVal")
        cat = ser.find(f"{_C}cat") if ser.find(f"{_C}cat") is not None else ser.find(f"{_C}xVal")
        if not categories:
            categories = tuple("" if v is None else v for v in _points(cat, text=True))
        categories_ref = categories_ref or _ref(cat)
        numbers = tuple(_number(v) for v in _points(val))
        tx = ser.find(f"{_C}tx")
        idx = ser.find(f"{_C}idx")
        order = int(idx.get("val", "0")) if idx is not None and idx.get("val", "").isdigit() else first + n
        color = _series_color(ser, colors) or (_accent(colors, order) if colors else None)
        series.append(Series(name=_text(tx), values=numbers, color=color, values_ref=_ref(val),
                             name_ref=_ref(tx)))
    return series, categories, categories_ref


def _grid_color(axis: etree._Element | None, colors: dict[str, str]) -> str | None:
    if axis is None:
        return "#d9d9d9"
    grid = axis.find(f"{_C}majorGridlines")
    if grid is None:
        return None
    line = grid.find(f"{_C}spPr/{_A}ln")
    if line is None:
        return "#d9d9d9"
    return _area_fill(line, colors, default="#d9d9d9")


def _grid_width(axis: etree._Element | None) -> float:
    line = axis.find(f"{_C}majorGridlines/{_C}spPr/{_A}ln") if axis is not None else None
    width = line.get("w", "") if line is not None else ""
    return min(int(width) / 12700, 10.0) if width.isdigit() else 0.75


def _percent(plot: etree._Element, name: str, default: int) -> float:
    el = plot.find(f"{_C}{name}")
    raw = el.get("val", "") if el is not None else ""
    try:
        value = int(raw.rstrip("%"))
    except ValueError:
        return float(default)
    return float(min(max(value, -100 if name == "overlap" else 0), 500 if name == "gapWidth" else 100))


def _accent(colors: dict[str, str], i: int) -> str | None:
    return colors.get(f"accent{i % 6 + 1}")


def _point_colors(plot: etree._Element, colors: dict[str, str], count: int) -> tuple[str, ...]:
    """A pie's slice colours: each data point's own fill (``c:dPt``), else the theme's accents in turn."""
    ser = plot.find(f"{_C}ser")
    own: dict[int, str] = {}
    for dpt in ser.findall(f"{_C}dPt") if ser is not None else ():
        idx = dpt.find(f"{_C}idx")
        fill = _area_fill(dpt.find(f"{_C}spPr"), colors, default=None)
        if idx is not None and idx.get("val", "").isdigit() and fill:
            own[int(idx.get("val", "0"))] = fill
    return tuple(own.get(i) or _accent(colors, i) or PALETTE[i % len(PALETTE)] for i in range(min(count, MAX_POINTS)))


def _area_fill(sppr: etree._Element | None, colors: dict[str, str], default: str | None = "#ffffff") -> str | None:
    """An ``spPr``'s solid fill; None for ``a:noFill``; ``default`` when it says nothing."""
    if sppr is None:
        return default
    if sppr.find(f"{_A}noFill") is not None:
        return None
    solid = sppr.find(f"{_A}solidFill")
    if solid is not None and len(solid):
        return drawingml_color(solid[0], colors) or default
    grad = next(sppr.iter(f"{_A}gs"), None) if sppr.find(f"{_A}gradFill") is not None else None
    if grad is not None and len(grad):
        return drawingml_color(grad[0], colors) or default
    return default


def _label_rotation(axis: etree._Element | None) -> float | None:
    """The angle ``c:txPr/a:bodyPr/@rot`` fixes for an axis' labels; None when Office chooses it (no
    angle, or -60000000, Office's mark for an automatic one)."""
    body = axis.find(f"{_C}txPr/{_A}bodyPr") if axis is not None else None
    raw = body.get("rot") if body is not None else None
    try:
        angle = int(raw) if raw is not None else None
    except ValueError:
        return None
    if angle is None or angle == -60000000 or abs(angle) > 5400000:
        return None
    return angle / 60000


def _label_skip(axis: etree._Element | None) -> int:
    skip = axis.find(f"{_C}tickLblSkip") if axis is not None else None
    raw = skip.get("val", "") if skip is not None else ""
    return min(int(raw), 10000) if raw.isdigit() and int(raw) > 0 else 0


def _text_props(holder: etree._Element | None, colors: dict[str, str]) -> dict[str, str]:
    """The default run properties a chart element's text has (``c:txPr`` or its rich text's ``a:defRPr``)."""
    if holder is None:
        return {}
    rpr = None
    for path in (f"{_C}txPr", f"{_C}tx/{_C}rich"):
        box = holder.find(path)
        rpr = next(box.iter(f"{_A}defRPr"), None) if box is not None else None
        if rpr is not None:
            break
    if rpr is None:
        return {}
    out = {k: rpr.get(k, "") for k in ("sz", "b") if rpr.get(k) is not None}
    solid = rpr.find(f"{_A}solidFill")
    if solid is not None and len(solid):
        color = drawingml_color(solid[0], colors)
        if color:
            out["color"] = color
    return out


def _size(props: dict[str, str]) -> float:
    raw = props.get("sz", "")
    return int(raw) / 100 if raw.isdigit() and 100 <= int(raw) <= 40000 else 0.0


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


def _series_color(ser: etree._Element, colors: dict[str, str] | None = None) -> str | None:
    """A series' own colour: its fill, else its line's (a line chart), in any DrawingML colour."""
    sppr = ser.find(f"{_C}spPr")
    if sppr is None:
        return None
    for path in (f"{_A}solidFill", f"{_A}ln/{_A}solidFill", f"{_A}gradFill/{_A}gsLst/{_A}gs"):
        holder = sppr.find(path)
        if holder is not None and len(holder):
            color = drawingml_color(holder[0], colors or {})
            if color:
                return color
    return None


# -- painting -------------------------------------------------------------------------------------
def paint_chart(p: QPainter, rect: QRectF, chart: ChartData, px_per_pt: float) -> None:
    """Draw ``chart`` into ``rect``: title on top, legend at the bottom, the plot between."""
    p.save()
    p.setClipRect(rect)
    if chart.background:
        p.fillRect(rect, QColor(chart.background))
    font = QFont()
    font.setFamilies(["Noto Sans", "DejaVu Sans", "Noto Sans CJK SC"])
    # the file's label size when it gives one (Office draws it as is); else 14 pt, kept small in a small chart
    size = max(6.0, chart.label_pt * px_per_pt if chart.label_pt else min(rect.height() / 22, 14 * px_per_pt))
    font.setPixelSize(round(size))  # truncating took up to a pixel off: an 8 px label drawn at 7
    p.setFont(font)
    inner = rect.adjusted(size, size * 0.5, -size, -size * 0.5)
    title = chart.title or (tr("Chart Title") if chart.title_placeholder else "")
    if title:
        title_font = QFont(font)
        title_size = max(6.0, min(rect.height() / 12, chart.title_pt * px_per_pt)) if chart.title_pt else size * 1.3
        title_font.setPixelSize(round(title_size))
        title_font.setBold(chart.title_bold)
        p.setFont(title_font)
        p.setPen(QColor(chart.text_color))
        # Office's automatic layout: the title a third of its size down from the top, the plot half its
        # size below it
        p.drawText(QRectF(inner.left(), inner.top() + title_size * 0.35, inner.width(), title_size * 1.6),
                   Qt.AlignmentFlag.AlignCenter, title)
        p.setFont(font)
        inner.setTop(inner.top() + title_size * 2.05)
    pie = chart.kind in ("pie", "doughnut")
    names = list(chart.categories) if pie else [s.name for s in chart.series + chart.lines]
    if chart.legend and any(names):
        if chart.legend in ("r", "tr", "l"):
            metrics = p.fontMetrics()
            width = min(inner.width() * 0.4, max(_entry_width(metrics.horizontalAdvance(n), chart, i, pie, size)
                                                 for i, n in enumerate(names)))
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
        p.setPen(QColor(chart.text_color))
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
        # Office's automatic layout sets the plot area half a label in from the chart's left edge and a
        # quarter of one from its right (a label's width in from each side took a small chart's bands
        # below its labels' width)
        _axes_plot(p, inner.adjusted(-size * 0.5, 0, size * 0.75, 0), chart, size, px_per_pt)
    p.restore()


def color_of(chart: ChartData, i: int) -> QColor:
    every = chart.series + chart.lines
    series = every[i] if i < len(every) else None
    return QColor(series.color if series is not None and series.color else PALETTE[i % len(PALETTE)])


def _slice_color(chart: ChartData, i: int) -> QColor:
    return QColor(chart.point_colors[i] if i < len(chart.point_colors) else PALETTE[i % len(PALETTE)])


def _is_line_key(chart: ChartData, i: int, pie: bool) -> bool:
    """Office keys a line series with a short line (a combined line plot's series come after the bars')."""
    return not pie and (chart.kind == "line" or i >= len(chart.series))


def _key(p: QPainter, swatch: QRectF, chart: ChartData, i: int, pie: bool) -> float:
    """Draw series ``i``'s legend key at ``swatch`` (a square; a line key is three squares wide); its width."""
    color = _slice_color(chart, i) if pie else color_of(chart, i)
    if not _is_line_key(chart, i, pie):
        p.fillRect(swatch, color)
        return swatch.width()
    width = swatch.width() * 3
    p.save()
    p.setPen(QPen(color, max(1.5, swatch.height() / 3)))
    p.drawLine(QPointF(swatch.left(), swatch.center().y()), QPointF(swatch.left() + width, swatch.center().y()))
    p.restore()
    return width


def _entry_width(advance: float, chart: ChartData, i: int, pie: bool, size: float) -> float:
    """How wide a legend column's line is for a name ``advance`` wide: margins, key and gap as drawn below
    (a fixed allowance clipped a line series' name, its key three squares wide)."""
    square = size * 0.7
    return size * 0.4 + square * (3 if _is_line_key(chart, i, pie) else 1) + 4 + advance + size * 0.4


def _legend_column(p: QPainter, rect: QRectF, names: list[str], chart: ChartData, pie: bool, size: float) -> None:
    """A legend beside the plot (Excel's right or left position): one name a line, centred down."""
    line = size * 1.4
    y = rect.center().y() - min(len(names) * line, rect.height()) / 2
    for i, name in enumerate(names):
        if y + line > rect.bottom() + 1:
            break
        swatch = QRectF(rect.left() + size * 0.4, y + line * 0.25, line * 0.5, line * 0.5)
        right = swatch.left() + _key(p, swatch, chart, i, pie)
        p.setPen(QColor(chart.text_color))
        p.drawText(QRectF(right + 4, y, rect.right() - right - 4, line),
                   Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, name)
        y += line


def _legend(p: QPainter, rect: QRectF, names: list[str], chart: ChartData, pie: bool) -> None:
    metrics = p.fontMetrics()
    widths = [rect.height() * (2.2 if _is_line_key(chart, i, pie) else 1.2) + metrics.horizontalAdvance(n)
              + rect.height() for i, n in enumerate(names)]
    x = rect.center().x() - min(sum(widths), rect.width()) / 2
    for i, name in enumerate(names):
        if x + widths[i] > rect.right() + 1:
            break
        swatch = QRectF(x, rect.top() + rect.height() * 0.25, rect.height() * 0.5, rect.height() * 0.5)
        right = x + _key(p, swatch, chart, i, pie)
        p.setPen(QColor(chart.text_color))
        p.drawText(QRectF(right + 4, rect.top(), widths[i], rect.height()),
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
        p.setBrush(_slice_color(chart, i))
        p.drawPie(box, angle, span)
        angle += span
    if chart.kind == "doughnut":
        hole = side * 0.5
        p.setBrush(QColor("#ffffff"))
        p.drawEllipse(QRectF(box.center().x() - hole / 2, box.center().y() - hole / 2, hole, hole))


def _axes_plot(p: QPainter, rect: QRectF, chart: ChartData, size: float, px_per_pt: float = 1.0) -> None:
    n = max((len(s.values) for s in chart.series), default=0)
    if n == 0:
        return
    if chart.stacked:
        highs = [sum(max(s.values[i] or 0, 0) for s in chart.series if i < len(s.values)) for i in range(n)]
        lows = [sum(min(s.values[i] or 0, 0) for s in chart.series if i < len(s.values)) for i in range(n)]
        extra = [v for s in chart.lines for v in s.values if v is not None]
        top, bottom = max(highs + extra + [0.0]), min(lows + extra + [0.0])
    else:
        values = [v for s in chart.series + chart.lines for v in s.values if v is not None]
        top, bottom = max(values + [0.0]), min(values + [0.0])
    if top == bottom:
        top = bottom + 1
    top, bottom, step = axis_scale(top, bottom)
    horizontal = chart.kind == "bar"
    metrics = p.fontMetrics()
    label_w = max(metrics.horizontalAdvance(_fmt(top)), metrics.horizontalAdvance(_fmt(bottom))) + size * 0.5
    plot = rect.adjusted(label_w, size * 0.5, 0, -size * 1.6)
    if horizontal:
        plot = rect.adjusted(min(rect.width() * 0.3, max(metrics.horizontalAdvance(c) for c in chart.categories)
                                 + size if chart.categories else size), size * 0.5, -size, -size * 1.6)
    labels = CategoryLabels()
    if not horizontal and n > 0 and chart.categories:
        labels = category_labels(metrics, chart.categories[:n], plot.width() / n, size, chart.label_rot,
                                 chart.label_skip)
        if labels.angle:
            # a turned first label reaches left of its tick: the plot moves right until it fits (Office)
            reach = metrics.horizontalAdvance(chart.categories[0]) * math.cos(math.radians(labels.angle))
            over = reach - (plot.left() + plot.width() / n / 2 - rect.left())
            if 0 < over < plot.width() / 2:
                plot.setLeft(plot.left() + over)
                labels = category_labels(metrics, chart.categories[:n], plot.width() / n, size, chart.label_rot,
                                         chart.label_skip)
        plot.setBottom(plot.bottom() - labels.extra)
    if plot.width() < 10 or plot.height() < 10:
        return

    def pos(value: float) -> float:
        frac = (value - bottom) / (top - bottom)
        return plot.left() + frac * plot.width() if horizontal else plot.bottom() - frac * plot.height()

    p.setPen(QPen(QColor("#d9d9d9"), 1))
    tick = bottom
    while tick <= top + step / 2:
        at = math.floor(pos(tick)) + 0.5  # a hairline on a pixel row stays crisp, not two grey half-rows
        # the file's width: a 0.75 pt rule in a slide drawn 480 px wide is half a pixel, a faint line
        p.setPen(QPen(QColor(chart.grid_color), max(0.3, chart.grid_pt * px_per_pt))
                 if chart.grid_color else Qt.PenStyle.NoPen)
        if horizontal:
            p.drawLine(QPointF(at, plot.top()), QPointF(at, plot.bottom()))
            p.setPen(QColor(chart.text_color))
            p.drawText(QRectF(at - label_w, plot.bottom() + 2, label_w * 2, size * 1.4), Qt.AlignmentFlag.AlignHCenter,
                       _fmt(tick))
        else:
            p.drawLine(QPointF(plot.left(), at), QPointF(plot.right(), at))
            p.setPen(QColor(chart.text_color))
            p.drawText(QRectF(plot.left() - label_w, at - size, label_w - size * 0.3, size * 2),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, _fmt(tick))
        tick += step
    band = (plot.height() if horizontal else plot.width()) / n
    p.setPen(QColor(chart.text_color))
    for i, cat in enumerate(chart.categories[:n]):
        if horizontal:  # Office draws the first category at the bottom of a bar chart
            p.drawText(QRectF(rect.left(), plot.top() + (n - 1 - i) * band, plot.left() - rect.left() - 4, band),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, cat)
        elif i % labels.skip == 0:
            labels.draw(p, cat, plot.left() + (i + 0.5) * band, plot.bottom() + 2, band, size)
    if chart.kind in ("line", "area"):
        _lines(p, chart, chart.series, 0, plot, band, pos, size)
        return
    _bars(p, chart, plot, band, n, pos, horizontal)
    if not horizontal:
        _lines(p, chart, chart.lines, len(chart.series), plot, band, pos, size)


@dataclass(frozen=True)
class CategoryLabels:
    """How a column chart's category labels are set below its plot: each ``lines`` high (wrapped at
    spaces) or turned ``angle`` degrees, every ``skip``-th one shown; ``extra`` is what the plot gives up
    beyond one line of labels."""

    lines: int = 1
    angle: float = 0.0
    skip: int = 1
    extra: float = 0.0

    def draw(self, p: QPainter, text: str, centre: float, top: float, band: float, size: float) -> None:
        if not self.angle:
            width = band * self.skip
            p.drawText(QRectF(centre - width / 2, top, width, size * 1.2 * self.lines + size * 0.2),
                       Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap, text)
            return
        # a turned label ends at its tick and reads up towards it, as Office sets it
        p.save()
        p.translate(centre, top + size * 0.4)
        p.rotate(self.angle)
        width = p.fontMetrics().horizontalAdvance(text) + 2
        p.drawText(QRectF(-width, -size * 0.6, width, size * 1.2),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
        p.restore()


def category_labels(metrics: QFontMetricsF | QFontMetrics, categories: tuple[str, ...], band: float, size: float,
                    angle: float | None, skip: int) -> CategoryLabels:
    """Office's automatic layout of category labels under columns: level when each fits its band, wrapped
    at spaces when each word does, else turned 45° and, when even turned ones would touch, every n-th
    shown (``c:tickLblSkip`` and a fixed ``bodyPr/@rot`` from the file win over the automatic choice)."""
    pad = size * 0.1
    line = size * 1.2
    widest = max(metrics.horizontalAdvance(c) for c in categories)
    if angle is None or angle == 0:
        room = band * (skip or 1) - pad
        if widest <= room:
            return CategoryLabels(skip=skip or 1)
        words = max(metrics.horizontalAdvance(w) for c in categories for w in c.split() or [c])
        if words <= room or angle == 0:
            lines = max(_wrapped_lines(metrics, c, room) for c in categories)
            lines = min(lines, 3)
            if angle == 0 and words > room and not skip:  # level by the file: Office shows fewer labels
                step = max(1, math.ceil((widest + pad) / band))
                return CategoryLabels(skip=step)
            return CategoryLabels(lines=lines, skip=skip or 1, extra=line * (lines - 1))
        angle = -45.0
    turned = math.radians(abs(angle))
    # a turned label's own line height, measured along the axis, is what neighbours must leave free
    across = line / max(math.sin(turned), 0.2)
    step = skip or max(1, math.ceil(across / band))
    drop = widest * math.sin(turned) + line * math.cos(turned)
    return CategoryLabels(angle=angle, skip=step, extra=max(0.0, drop - line))


def _wrapped_lines(metrics: QFontMetricsF | QFontMetrics, text: str, room: float) -> int:
    lines, width = 1, 0.0
    space = metrics.horizontalAdvance(" ")
    for word in text.split():
        w = metrics.horizontalAdvance(word)
        if width and width + space + w > room:
            lines, width = lines + 1, w
        else:
            width = width + space + w if width else w
    return lines


def _lines(p: QPainter, chart: ChartData, series: tuple[Series, ...], first: int, plot: QRectF, band: float,
           pos: Callable[[float], float], size: float) -> None:
    """Line (or area) series across the plot, one point per category band."""
    for k, s in enumerate(series, start=first):
        points = [QPointF(plot.left() + (i + 0.5) * band, pos(v)) for i, v in enumerate(s.values) if v is not None]
        if not points:
            continue
        if chart.kind == "area" and first == 0:
            path = QPainterPath(QPointF(points[0].x(), pos(0)))
            for pt in points:
                path.lineTo(pt)
            path.lineTo(QPointF(points[-1].x(), pos(0)))
            fill = color_of(chart, k)
            fill.setAlpha(170)
            p.fillPath(path, fill)
        p.setPen(QPen(color_of(chart, k), max(1.5, size / 5)))
        p.drawPolyline(QPolygonF(points))


def _bars(p: QPainter, chart: ChartData, plot: QRectF, band: float, n: int, pos: Callable[[float], float],
          horizontal: bool) -> None:
    count = 1 if chart.stacked else max(len(chart.series), 1)
    # Office's gap (between groups) and overlap (between a group's bars), in bar widths
    width = band / (count - (count - 1) * chart.overlap + chart.gap)
    first = (band - width * (count - (count - 1) * chart.overlap)) / 2
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
            offset = first + (0 if chart.stacked else k * width * (1 - chart.overlap))
            a, b = sorted((pos(start), pos(end)))
            if horizontal:
                p.drawRect(QRectF(a, plot.top() + (n - 1 - i) * band + offset, b - a, width))
            else:
                p.drawRect(QRectF(plot.left() + i * band + offset, a, width, b - a))


def axis_scale(high: float, low: float) -> tuple[float, float, float]:
    """The value axis Office draws for data from ``low`` to ``high``: top, bottom and major unit. The
    range gets 5 % headroom away from zero, the unit is the smallest 1, 2 or 5 × 10ⁿ giving at most 8
    intervals, and the ends are rounded out to it (data up to 5 → 0–6 by 1, up to 12.3 → 0–14 by 2)."""
    span = high - low
    if span <= 0:
        return high + 1, low, 1.0
    if high > 0:
        high += span * 0.05
    if low < 0:
        low -= span * 0.05
    span = high - low
    power = 10 ** math.floor(math.log10(span / 8))
    step = next((m * power for m in (1, 2, 5, 10) if span / (m * power) <= 8), 10 * power)
    return math.ceil(high / step - 1e-9) * step, math.floor(low / step + 1e-9) * step, step


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 or value == int(value) else f"{value:g}"
