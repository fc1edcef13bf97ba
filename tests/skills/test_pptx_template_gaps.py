"""A user's template missing a placeholder python-pptx returns as None: a layout that lost its title, a notes
page without a notes body. A titled layout is taken instead, or the request is refused in words; nothing crashes."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pptx import Presentation
from pptx.enum.shapes import PP_PLACEHOLDER

from skills.runtime import CommandError, Workspace, get_command


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "task")


def _drop_placeholders(shapes_owner: Any, kinds: set[PP_PLACEHOLDER]) -> None:
    for ph in list(shapes_owner.placeholders):
        if ph.placeholder_format.type in kinds:
            ph._element.getparent().remove(ph._element)


def _template_without_content_title(path: Path) -> None:
    """The default template, its "Title and Content" layout (the one bullets use) without a title."""
    prs = Presentation()
    layout = next(lay for lay in prs.slide_layouts if lay.name == "Title and Content")
    _drop_placeholders(layout, {PP_PLACEHOLDER.TITLE})
    prs.save(str(path))


def _without_notes_body(prs: Presentation) -> None:
    _drop_placeholders(prs.notes_master, {PP_PLACEHOLDER.BODY})


def test_a_long_list_on_a_layout_without_a_title_is_split_and_keeps_every_item(ws: Workspace) -> None:
    _template_without_content_title(ws.root / "brand.pptx")
    items = [f"Point number {i} with a few words to fill the line" for i in range(40)]
    res = get_command("pptx_create").run(ws, {"path": "long.pptx", "template": "brand.pptx", "slides": [
        {"layout": "bullets", "title": "Everything", "bullets": items}]})
    assert res.ok, res.message
    prs = Presentation(str(ws.root / "long.pptx"))
    assert len(prs.slides) > 1  # the list did not fit one slide
    # the layout that lost its title is passed over for a titled one: every part keeps the title
    assert all(s.shapes.title is not None and s.shapes.title.text.startswith("Everything") for s in prs.slides)
    shown = [p.text for s in prs.slides for sh in s.shapes if sh.has_text_frame for p in sh.text_frame.paragraphs]
    assert [t for t in shown if t.startswith("Point number")] == items


def test_notes_on_a_template_without_a_notes_placeholder_are_refused_and_nothing_is_written(ws: Workspace) -> None:
    template = Presentation()
    _without_notes_body(template)
    template.save(str(ws.root / "brand.pptx"))
    with pytest.raises(CommandError) as caught:
        get_command("pptx_create").run(ws, {"path": "talk.pptx", "template": "brand.pptx", "slides": [
            {"layout": "bullets", "title": "Plan", "bullets": ["One", "Two"], "notes": "Say hello"}]})
    assert "no place for speaker notes" in str(caught.value)
    assert not (ws.root / "talk.pptx").exists()


def test_set_notes_on_such_a_deck_is_refused_and_the_file_is_unchanged(ws: Workspace) -> None:
    get_command("pptx_create").run(ws, {"path": "d.pptx", "slides": [
        {"layout": "bullets", "title": "Goals", "bullets": ["Grow revenue"]}]})
    prs = Presentation(str(ws.root / "d.pptx"))
    _without_notes_body(prs)
    prs.save(str(ws.root / "d.pptx"))
    before = (ws.root / "d.pptx").read_bytes()
    with pytest.raises(CommandError, match="no place for speaker notes"):
        get_command("pptx_edit").run(ws, {"path": "d.pptx", "operations": [
            {"op": "set_notes", "slide": 1, "text": "Ask for approval"}]})
    assert (ws.root / "d.pptx").read_bytes() == before
