"""Chart slides: a native PowerPoint chart (bar, line, pie) from table data, editable in PowerPoint."""
from __future__ import annotations

from typing import Any, cast

from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.presentation import Presentation as PresentationT
from pptx.shapes.graphfrm import GraphicFrame
from pptx.slide import Slide

from skills.runtime._base import CommandError
from skills.runtime.pptx._deck import content_box
from skills.messages import msg
from skills.runtime.pptx._schema import ChartSlide

_TYPES = {"bar": XL_CHART_TYPE.COLUMN_CLUSTERED, "column": XL_CHART_TYPE.COLUMN_CLUSTERED,
          "line": XL_CHART_TYPE.LINE_MARKERS, "pie": XL_CHART_TYPE.PIE}


def add_chart(prs: PresentationT, slide: Slide, spec: ChartSlide) -> Any:
    """Place the chart in the slide's content area; its data lives in an embedded workbook."""
    categories = [str(c) for c in spec["categories"]]
    series = spec["series"][:1] if spec["chart"] == "pie" else spec["series"]
    data = CategoryChartData()
    data.categories = categories
    for i, s in enumerate(series):
        values = s["values"]
        if len(values) != len(categories):
            raise CommandError(msg("error.pptx_chart.series_values_categories", where=f"series[{i}]", length=len(values), length2=len(categories)))
        data.add_series(s["name"], [None if v is None else float(v) for v in values])
    left, top, width, height = content_box(prs, slide)
    # python-pptx annotates chart_data as ChartData (an alias it may drop, its docs recommend CategoryChartData)
    # and the result as a Chart, where it returns the GraphicFrame holding one (as its docs say).
    frame = cast(GraphicFrame, slide.shapes.add_chart(_TYPES[spec["chart"]], left, top, width, height,
                                                      data))  # type: ignore[arg-type]
    chart = frame.chart
    chart.has_legend = len(series) > 1 or spec["chart"] == "pie"
    if chart.has_legend:
        chart.legend.position = XL_LEGEND_POSITION.BOTTOM
        chart.legend.include_in_layout = False
    if spec["chart"] == "pie":
        plot = chart.plots[0]
        plot.has_data_labels = True
        plot.data_labels.show_percentage = True
        plot.data_labels.number_format = "0%"
    return frame
