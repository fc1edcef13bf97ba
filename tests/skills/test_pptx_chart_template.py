"""pptx_create: native charts from table data, and new decks on a user's template."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches, Pt

from skills.runtime import CommandError, Workspace, get_command


def test_chart_slides_hold_native_charts_with_the_series(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    slides = [{"layout": "chart", "title": "Sales", "chart": "bar", "categories": ["EU", "US"],
               "series": [{"name": "Q1", "values": [1200, 3400]}, {"name": "Q2", "values": [1300, 3500]}]},
              {"layout": "chart", "title": "Trend", "chart": "line", "categories": ["Jan", "Feb", "Mar"],
               "series": [{"name": "Users", "values": [1, 4, 9]}]},
              {"layout": "chart", "title": "Share", "chart": "pie", "categories": ["A", "B"],
               "series": [{"name": "Share", "values": [0.25, 0.75]}]}]
    res = get_command("pptx_create").run(ws, {"path": "c.pptx", "slides": slides})
    assert res.ok, res.message
    deck = Presentation(str(tmp_path / "c.pptx"))
    charts = [sh.chart for s in deck.slides for sh in s.shapes if sh.has_chart]
    assert [c.chart_type for c in charts] == [XL_CHART_TYPE.COLUMN_CLUSTERED, XL_CHART_TYPE.LINE_MARKERS,
                                              XL_CHART_TYPE.PIE]
    bar = charts[0]
    assert [s.name for s in bar.series] == ["Q1", "Q2"]
    assert list(bar.series[1].values) == [1300, 3500]
    assert list(bar.plots[0].categories) == ["EU", "US"]
    # editable in PowerPoint: the data sits in an embedded workbook
    assert bar.part.chart_workbook.xlsx_part is not None


def test_mismatched_series_is_refused(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    with pytest.raises(CommandError, match="2 values for 3 categories"):
        get_command("pptx_create").run(ws, {"path": "x.pptx", "slides": [
            {"layout": "chart", "title": "T", "chart": "bar", "categories": ["a", "b", "c"],
             "series": [{"name": "s", "values": [1, 2]}]}]})
    assert not (tmp_path / "x.pptx").exists()


def test_a_new_deck_takes_the_templates_master_layouts_and_size(tmp_path: Path) -> None:
    template = Presentation()
    template.slide_width, template.slide_height = Inches(10), Inches(7.5)
    template.slide_layouts[0].name = "Acme Title"
    old = template.slides.add_slide(template.slide_layouts[1])
    old.shapes.title.text = "Old template slide"
    # master graphics: a brand line on every slide (MasterShapes cannot add shapes: move one over)
    logo = old.shapes.add_textbox(Inches(8), Inches(7), Inches(2), Inches(0.4))
    logo.text_frame.text = "ACME brand"
    logo.text_frame.paragraphs[0].runs[0].font.size = Pt(10)
    template.slide_master.shapes._spTree.append(copy.deepcopy(logo._element))
    template.save(str(tmp_path / "brand.pptx"))
    ws = Workspace(tmp_path)
    res = get_command("pptx_create").run(ws, {"path": "new.pptx", "template": "brand.pptx", "slides": [
        {"layout": "title", "title": "Kick-off", "subtitle": "2026"},
        {"layout": "bullets", "title": "Plan", "bullets": ["One", "Two"]}]})
    assert res.ok, res.message
    deck = Presentation(str(tmp_path / "new.pptx"))
    assert deck.slide_width == Inches(10)
    assert [s.shapes.title.text for s in deck.slides] == ["Kick-off", "Plan"]  # the template's slide is gone
    assert deck.slides[0].slide_layout.name == "Acme Title"
    assert "ACME brand" in [sh.text_frame.text for sh in deck.slide_master.shapes if sh.has_text_frame]
