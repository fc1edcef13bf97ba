"""pptx_create / pptx_inspect / pptx_verify: the deck a user would open."""
from __future__ import annotations

from desktop.messages import english, shown
from desktop.translations import render_plain

import zipfile
from pathlib import Path

import pytest
from PIL import Image
from pptx import Presentation
from pptx.enum.text import PP_ALIGN
from pptx.util import Emu

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime._pptx_xlsx_common import CJK_FONT


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "task")


def create(ws: Workspace, **args):
    return get_command("pptx_create").run(ws, args)


DECK = [
    {"layout": "title", "title": "Quarterly Review", "subtitle": "Q3 2026", "notes": "Welcome everyone"},
    {"layout": "bullets", "title": "Highlights",
     "bullets": ["Revenue up 12%", {"text": "APAC strongest", "level": 1}, "Churn down"]},
    {"layout": "two_column", "title": "Pros and cons", "left": ["Fast", "Cheap"], "right": ["Risky"]},
    {"layout": "table", "title": "Numbers", "header": ["Region", "Q1", "Q2"],
     "rows": [["North", 10, 12.5], ["South", 8, 9]]},
]


def test_create_writes_a_16x9_deck_with_titles_bullets_notes_and_table(ws: Workspace) -> None:
    res = create(ws, path="out/deck.pptx", title="Review", slides=DECK)
    assert res.ok, res.message
    prs = Presentation(str(ws.root / "out/deck.pptx"))
    assert round(prs.slide_width / prs.slide_height, 2) == 1.78
    assert [s.shapes.title.text_frame.text for s in prs.slides] == [
        "Quarterly Review", "Highlights", "Pros and cons", "Numbers"]
    assert prs.core_properties.title == "Review"
    body = [sh for sh in prs.slides[1].placeholders if sh.placeholder_format.idx == 1][0]
    assert [(p.text, p.level) for p in body.text_frame.paragraphs] == [
        ("Revenue up 12%", 0), ("APAC strongest", 1), ("Churn down", 0)]
    assert prs.slides[0].notes_slide.notes_text_frame.text == "Welcome everyone"
    assert not prs.slides[1].has_notes_slide
    table = next(sh.table for sh in prs.slides[3].shapes if sh.has_table)
    assert [[c.text for c in row.cells] for row in table.rows] == [
        ["Region", "Q1", "Q2"], ["North", "10", "12.5"], ["South", "8", "9"]]
    assert sum(c.width for c in table.columns) <= prs.slide_width
    assert table.cell(0, 0).text_frame.paragraphs[0].runs[0].font.bold
    assert table.cell(1, 1).text_frame.paragraphs[0].alignment == PP_ALIGN.RIGHT  # numbers line up
    assert table.cell(1, 0).text_frame.paragraphs[0].alignment != PP_ALIGN.RIGHT
    # no "Click to add text" leftovers: every placeholder has text
    for slide in prs.slides:
        assert all(ph.text_frame.text.strip() for ph in slide.placeholders if ph.has_text_frame)
    ev = res.evidence[0]
    assert ev.passed and ev.counts["slides"] == 4 and ev.counts["tables"] == 1 and ev.counts["notes"] == 1
    art = res.artifacts[0]
    assert art.path == "out/deck.pptx" and art.bytes == (ws.root / "out/deck.pptx").stat().st_size
    assert not ws.stray_staging_files()


def test_long_bullet_list_is_split_and_fonts_stay_readable(ws: Workspace) -> None:
    items = [f"Point {i}: a sentence long enough to need most of a line on the slide" for i in range(40)]
    res = create(ws, path="long.pptx", slides=[{"layout": "bullets", "title": "Many", "bullets": items}])
    prs = Presentation(str(ws.root / "long.pptx"))
    assert len(prs.slides) > 1 and "split" in res.message
    assert prs.slides[0].shapes.title.text_frame.text == f"Many (1/{len(prs.slides)})"
    seen = []
    for slide in prs.slides:
        for sh in slide.placeholders:
            if sh.placeholder_format.idx == 1:
                for p in sh.text_frame.paragraphs:
                    seen.append(p.text)
                    assert all(Emu(r.font.size).pt >= 16 for r in p.runs)
    assert seen == items  # nothing lost, order kept
    assert res.evidence[0].passed


def test_short_list_gets_a_large_font(ws: Workspace) -> None:
    create(ws, path="s.pptx", slides=[{"layout": "bullets", "title": "T", "bullets": ["one", "two"]}])
    prs = Presentation(str(ws.root / "s.pptx"))
    run = prs.slides[0].placeholders[1].text_frame.paragraphs[0].runs[0]
    assert Emu(run.font.size).pt >= 24


def test_chinese_deck_round_trips_with_east_asian_font(ws: Workspace) -> None:
    res = create(ws, path="中文.pptx", slides=[
        {"layout": "title", "title": "季度报告", "subtitle": "第三季度"},
        {"layout": "bullets", "title": "要点", "bullets": ["收入增长百分之十二", "新客户增加"]}])
    assert res.ok
    prs = Presentation(str(ws.root / "中文.pptx"))
    assert prs.slides[1].shapes.title.text_frame.text == "要点"
    with zipfile.ZipFile(ws.root / "中文.pptx") as zf:
        xml = zf.read("ppt/slides/slide2.xml").decode()
    assert "收入增长百分之十二" in xml and f'<a:ea typeface="{CJK_FONT}"/>' in xml
    checks = {c.name: c for c in res.evidence[0].checks}
    assert checks["East Asian font"].status == "passed" and "all 5 runs" in checks["East Asian font"].detail
    out = get_command("pptx_inspect").run(ws, {"path": "中文.pptx"})
    assert out.data["slides"][1]["shapes"][0]["text"] == "收入增长百分之十二\n新客户增加"


def test_image_slide_keeps_aspect_ratio_inside_the_slide(ws: Workspace) -> None:
    Image.new("RGB", (800, 200), (200, 40, 40)).save(ws.root / "wide.png")
    res = create(ws, path="img.pptx", slides=[
        {"layout": "image", "title": "Chart", "image": "wide.png", "caption": "Sales by month"}])
    assert res.ok, res.message
    prs = Presentation(str(ws.root / "img.pptx"))
    pic = next(sh for sh in prs.slides[0].shapes if sh.shape_type == 13)
    assert abs(pic.width / pic.height - 4.0) < 0.01
    assert pic.left >= 0 and pic.left + pic.width <= prs.slide_width
    assert pic.top + pic.height <= prs.slide_height
    assert "Sales by month" in [sh.text_frame.text for sh in prs.slides[0].shapes if sh.has_text_frame]
    checks = {c.name: c.status for c in res.evidence[0].checks}
    assert checks["pictures present"] == "passed" and res.evidence[0].counts["pictures"] == 1


@pytest.mark.parametrize("image, message", [
    ("missing.png", "does not exist"),
    ("../x.png", "leaves the workspace"),
    ("notes.txt", "not a PNG"),
    ("bad.png", "cannot be read as an image"),
])
def test_bad_image_is_refused_and_nothing_is_written(ws: Workspace, image: str, message: str) -> None:
    (ws.root / "notes.txt").write_text("x")
    (ws.root / "bad.png").write_bytes(b"\x89PNG\r\n\x1a\n garbage")
    with pytest.raises(CommandError, match=message) as info:
        create(ws, path="d.pptx", slides=[{"layout": "image", "title": "T", "image": image}])
    assert "slides[0].image" in str(info.value)
    assert not (ws.root / "d.pptx").exists()


def test_refuses_to_overwrite_without_flag_and_outside_paths(ws: Workspace) -> None:
    slides = [{"layout": "title", "title": "A"}]
    create(ws, path="a.pptx", slides=slides)
    before = (ws.root / "a.pptx").read_bytes()
    with pytest.raises(CommandError, match="already exists"):
        create(ws, path="a.pptx", slides=[{"layout": "title", "title": "B"}])
    assert (ws.root / "a.pptx").read_bytes() == before
    assert create(ws, path="a.pptx", slides=[{"layout": "title", "title": "B"}], overwrite=True).ok
    for bad in ("../evil.pptx", "/tmp/evil.pptx", "deck.pptm", "deck.docx"):
        with pytest.raises(CommandError):
            create(ws, path=bad, slides=slides)


@pytest.mark.parametrize("slides, field", [
    ([{"layout": "bullets", "title": "T"}], "slides[0]: 'bullets' is a required property"),
    ([{"layout": "gauge", "title": "T"}], "slides[0].layout: 'gauge' is not one of"),
    ([{"layout": "bullets", "title": "T", "bullets": [{"text": "x", "level": 7}]}],
     "slides[0].bullets[0].level: 7 is greater than the maximum of 4"),
    ([{"layout": "bullets", "title": "T", "bullets": [3]}], "slides[0].bullets[0]: expected object or string, got int"),
    ([{"layout": "title", "title": "T", "colour": "red"}], "slides[0]: Additional properties"),
    ([], "slides: [] should be non-empty"),
])
def test_malformed_spec_names_the_bad_field(ws: Workspace, slides: list, field: str) -> None:
    with pytest.raises(CommandError) as info:
        create(ws, path="d.pptx", slides=slides)
    assert field in str(info.value)


def test_verify_reports_missing_text_and_wrong_count_as_failed(ws: Workspace) -> None:
    create(ws, path="d.pptx", slides=DECK)
    verify = get_command("pptx_verify")
    good = verify.run(ws, {"path": "d.pptx", "expect": {"slides": 4, "titles": ["Numbers"], "text": ["Churn down"]}})
    assert good.ok and good.evidence[0].passed
    bad = verify.run(ws, {"path": "d.pptx", "expect": {"slides": 5, "text": ["Profit tripled"]}})
    assert not bad.ok
    status = {c.name: c.status for c in bad.evidence[0].checks}
    assert status["slide count"] == "failed" and status["text present"] == "failed"
    assert "Profit tripled" in bad.message


def test_inspect_outline(ws: Workspace) -> None:
    create(ws, path="d.pptx", slides=DECK)
    res = get_command("pptx_inspect").run(ws, {"path": "d.pptx"})
    data = res.data
    assert data["slide_count"] == 4 and data["slide_width_in"] == pytest.approx(13.333, abs=0.01)
    s1, s4 = data["slides"][0], data["slides"][3]
    assert s1["layout"] == "Title Slide" and s1["notes"] == "Welcome everyone"
    assert s4["tables"][0][1] == ["North", "10", "12.5"]
    assert "4. [Title Only] Numbers" in res.message


def test_describe_lists_slides_for_the_approval_card(ws: Workspace) -> None:
    card = get_command("pptx_create").describe(ws, {"path": "d.pptx", "slides": DECK})
    assert card.summary.english() == "Create d.pptx: 4 slides"
    before, after = card.pairs()[1]
    # a message for the reader's language, not an English line ("(bullets)" is a layout id: left out)
    assert before == "" and english(after) == "Slide 2: Highlights"
    assert shown(after, lambda m: render_plain(m, "zh_CN")) == "第 2 张幻灯片：Highlights"
    assert not (ws.root / "d.pptx").exists()
    bad = get_command("pptx_create").describe(ws, {"path": "d.pptx", "slides": [{"layout": "title"}]})
    assert bad.changes == () and "slides[0]: 'title' is a required property" in bad.summary.english()


def test_long_table_continues_on_balanced_slides_with_the_header_repeated(ws: Workspace) -> None:
    rows = [[f"row {i}", i, i * 2] for i in range(40)]
    res = create(ws, path="t.pptx", slides=[{"layout": "table", "title": "Data", "header": ["Name", "A", "B"],
                                             "rows": rows}])
    assert res.ok, res.message
    prs = Presentation(str(ws.root / "t.pptx"))
    assert len(prs.slides) > 1
    seen, sizes = [], []
    for slide in prs.slides:
        frame = next(sh for sh in slide.shapes if sh.has_table)
        cells = [[c.text for c in row.cells] for row in frame.table.rows]
        assert cells[0] == ["Name", "A", "B"]
        seen += cells[1:]
        sizes.append(len(cells) - 1)
        assert frame.top + sum(r.height for r in frame.table.rows) <= prs.slide_height
    assert seen == [[f"row {i}", str(i), str(i * 2)] for i in range(40)]
    assert max(sizes) - min(sizes) <= 1


def test_image_with_absurd_dimensions_is_refused(ws: Workspace) -> None:
    from hostile import png_with_size

    png_with_size(ws.root / "huge.png", 100_000, 100_000)
    png_with_size(ws.root / "big.png", 9_000, 9_000)
    for name in ("huge.png", "big.png"):
        with pytest.raises(CommandError, match=rf"slides\[0\]\.image: {name} (is|claims) .* pixels"):
            create(ws, path="d.pptx", slides=[{"layout": "image", "title": "T", "image": name}])
    assert not (ws.root / "d.pptx").exists()


@pytest.mark.parametrize("kind", ["pptx", "xlsx"])
def test_archives_that_lie_about_their_size_are_refused(ws: Workspace, kind: str) -> None:
    from hostile import zip_bomb_claimed

    zip_bomb_claimed(ws.root / f"bomb.{kind}", kind)
    with pytest.raises(CommandError, match="zip bomb|expands"):
        get_command(f"{kind}_inspect").run(ws, {"path": f"bomb.{kind}"})


def test_east_asian_font_check_fails_on_a_bare_chinese_run() -> None:
    from skills.runtime.pptx._read import cjk_font_check

    prs = Presentation()
    prs.slides.add_slide(prs.slide_layouts[5]).shapes.title.text = "没有字体"
    check = cjk_font_check(prs)
    assert check is not None and check.status == "failed" and "1 of 1 runs" in check.detail
    prs.slides[0].shapes.title.text = "Latin only"
    assert cjk_font_check(prs) is None
