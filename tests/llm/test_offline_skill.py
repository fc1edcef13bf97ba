"""The offline planner as a skill agent, against the real office commands: the files it asks for are real."""
from __future__ import annotations

from tests.zh_words import english_words

import json
from pathlib import Path

import docx
import fitz
import openpyxl
import pptx
import pytest

from ._driver import run_skill_agent

NOTES = """# Quarterly Report

Sales **grew** 10% in *Q3*. Details on [our site](https://example.com).

## Highlights
- New customers
  - 12 in APAC
- Churn down

## Numbers
| Region | Sales |
|---|---:|
| EU | 1,200 |
| US | 3,400 |

## Next steps
1. Hire two engineers
2. Open the Tokyo office
"""

NOTES_ZH = """# 季度报告

本季度销售额增长了 10%。

## 亮点
- 新客户增加
  - 亚太地区 12 家
- 流失率下降

## 数据
| 地区 | 销售额 |
|---|---|
| 华东 | 1200 |
| 华南 | 3400 |
"""


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    (tmp_path / "notes.md").write_text(NOTES, encoding="utf-8")
    (tmp_path / "笔记.md").write_text(NOTES_ZH, encoding="utf-8")
    return tmp_path


def _steps(run) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.name for m in run.messages if m.role == "assistant" for c in m.tool_calls]


def test_markdown_to_docx_keeps_structure_and_formatting(ws: Path) -> None:
    run = run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"])
    assert _steps(run) == ["list_workspace", "read_workspace_file", "docx_create", "complete"]
    assert run.complete["artifacts"] == ["quarterly-report.docx"]
    assert "notes.md" in run.complete["summary"]
    d = docx.Document(str(ws / "quarterly-report.docx"))
    paras = [(p.style.name, p.text) for p in d.paragraphs if p.text.strip()]
    assert ("Title", "Quarterly Report") in paras
    headings = [t for s, t in paras if s.startswith("Heading")]
    assert headings == ["Highlights", "Numbers", "Next steps"]  # promoted to level 1 under the title
    assert all(s == "Heading 1" for s, t in paras if t in headings)
    texts = [t for _, t in paras]
    assert "12 in APAC" in texts and "Open the Tokyo office" in texts
    bold = [r.text for p in d.paragraphs for r in p.runs if r.bold]
    assert "grew" in bold
    table = d.tables[0]
    assert [c.text for c in table.rows[0].cells] == ["Region", "Sales"]
    assert [c.text for c in table.rows[2].cells] == ["US", "3,400"]


def test_chinese_markdown_to_docx_keeps_cjk_name_and_text(ws: Path) -> None:
    run = run_skill_agent(ws, "docx", "把笔记做成 Word 文档", ["笔记.md"])
    assert run.complete["artifacts"] == ["季度报告.docx"]
    assert run.complete["summary"].startswith("根据 笔记.md 生成：")
    d = docx.Document(str(ws / "季度报告.docx"))
    text = "\n".join(p.text for p in d.paragraphs)
    assert "本季度销售额增长了 10%。" in text and "亚太地区 12 家" in text
    assert d.tables[0].rows[1].cells[0].text == "华东"


def test_markdown_to_pdf_has_searchable_text(ws: Path) -> None:
    run = run_skill_agent(ws, "pdf", "Export notes.md as a PDF", ["notes.md"])
    assert run.complete["artifacts"] == ["quarterly-report.pdf"]
    with fitz.open(ws / "quarterly-report.pdf") as pdf:
        text = "".join(page.get_text() for page in pdf)
    for needle in ("Quarterly Report", "Highlights", "12 in APAC", "3,400", "Hire two engineers"):
        assert needle in text


def test_markdown_to_pptx_title_slide_sections_and_table(ws: Path) -> None:
    run = run_skill_agent(ws, "pptx", "Make a slide deck from these notes", ["notes.md"])
    assert run.complete["artifacts"] == ["quarterly-report.pptx"]
    deck = pptx.Presentation(str(ws / "quarterly-report.pptx"))
    titles = [s.shapes.title.text if s.shapes.title is not None else "" for s in deck.slides]
    assert titles[0] == "Quarterly Report"
    assert titles[1:] == ["Highlights", "Numbers", "Next steps"]
    # The short intro became the subtitle; nested bullets keep their level.
    first_texts = [sh.text_frame.text for sh in deck.slides[0].shapes if sh.has_text_frame]
    assert any("Sales grew 10% in Q3" in t for t in first_texts)
    body = [sh for sh in deck.slides[1].shapes if sh.has_text_frame and sh != deck.slides[1].shapes.title]
    levels = {p.text: p.level for sh in body for p in sh.text_frame.paragraphs if p.text}
    assert levels["New customers"] == 0 and levels["12 in APAC"] == 1
    tables = [sh.table for sh in deck.slides[2].shapes if sh.has_table]
    assert tables and tables[0].cell(1, 0).text == "EU"


def test_long_sections_are_split_across_slides(tmp_path: Path) -> None:
    items = "\n".join(f"- point {n}" for n in range(1, 16))
    goal = f"Make slides:\n# Plan\n## Many points\n{items}"
    run = run_skill_agent(tmp_path, "pptx", goal)
    deck = pptx.Presentation(str(tmp_path / run.complete["artifacts"][0]))
    titles = [s.shapes.title.text for s in deck.slides]
    assert titles == ["Plan", "Many points", "Many points (cont.)", "Many points (cont.)"]


def test_request_body_is_used_when_there_are_no_files(tmp_path: Path) -> None:
    run = run_skill_agent(tmp_path, "docx", "Make a Word document from this:\n# Trip\n- passport\n- tickets")
    assert _steps(run) == ["list_workspace", "docx_create", "complete"]
    d = docx.Document(str(tmp_path / "trip.docx"))
    assert [p.text for p in d.paragraphs if p.text] == ["Trip", "passport", "tickets"]


def test_an_existing_name_is_never_overwritten(ws: Path) -> None:
    (ws / "quarterly-report.docx").write_bytes(b"keep me")
    run = run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"])
    assert run.complete["artifacts"] == ["quarterly-report-2.docx"]
    assert (ws / "quarterly-report.docx").read_bytes() == b"keep me"


def test_denial_completes_saying_nothing_was_written(ws: Path) -> None:
    run = run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"],
                          approve=lambda name, args: False)
    assert _steps(run) == ["list_workspace", "read_workspace_file", "docx_create", "complete"]
    assert run.complete["artifacts"] == []
    assert "Nothing was written" in run.complete["summary"] and "denied" in run.complete["summary"]
    assert not (ws / "quarterly-report.docx").exists()


def test_denial_in_chinese(ws: Path) -> None:
    run = run_skill_agent(ws, "pptx", "把笔记做成幻灯片", ["笔记.md"], approve=lambda name, args: False)
    assert "没有写入任何文件" in run.complete["summary"]
    assert english_words(run.complete["summary"]) == []  # was "用户拒绝了对 … 的 pptx_create 操作"


def test_a_failure_without_a_message_id_keeps_the_english_only_as_details(ws: Path) -> None:
    run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"])
    run = run_skill_agent(ws, "docx", "把 quarterly-report.docx 中的“Atlantis”改成“火星”", ["quarterly-report.docx"])
    assert run.results["docx_edit"]["ok"] is False
    main, details = run.complete["summary"].split("\n")
    assert main == "操作失败，没有修改任何文件。" and details.startswith("详细信息：") and "Atlantis" in details


def test_edit_replace_text_english_and_chinese(ws: Path) -> None:
    run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"])
    run = run_skill_agent(ws, "docx", 'In quarterly-report.docx replace "Tokyo" with "Osaka"',
                          ["quarterly-report.docx"])
    assert _steps(run) == ["docx_edit", "complete"]
    assert run.complete["artifacts"] == ["quarterly-report.docx"]
    assert run.complete["summary"] == 'Replaced "Tokyo" with "Osaka" in quarterly-report.docx (1 replacement).'
    run = run_skill_agent(ws, "docx", "把 quarterly-report.docx 中的“Osaka”改成“大阪”", ["quarterly-report.docx"])
    assert run.results["docx_edit"]["ok"] is True
    assert run.complete["summary"] == "已将 quarterly-report.docx 中的“Osaka”改为“大阪”（共 1 处）。"
    text = "\n".join(p.text for p in docx.Document(str(ws / "quarterly-report.docx")).paragraphs)
    assert "Open the 大阪 office" in text and "Tokyo" not in text


def test_a_failing_command_is_reported_once_not_retried(ws: Path) -> None:
    run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"])
    run = run_skill_agent(ws, "docx", 'In quarterly-report.docx replace "Atlantis" with "Mars"',
                          ["quarterly-report.docx"])
    assert _steps(run) == ["docx_edit", "complete"]
    assert run.results["docx_edit"]["ok"] is False
    assert "failed" in run.complete["summary"] and "Atlantis" in run.complete["summary"]
    assert run.complete["artifacts"] == []


def test_inspect_reports_the_outline(ws: Path) -> None:
    run_skill_agent(ws, "pptx", "Make a slide deck from these notes", ["notes.md"])
    run = run_skill_agent(ws, "pptx", "What's in quarterly-report.pptx?", ["quarterly-report.pptx"])
    assert _steps(run) == ["pptx_inspect", "complete"]
    assert run.complete["summary"] == ("**quarterly-report.pptx** — 4 slides\n\n**Slides**\n1. Quarterly Report\n"
                                       "2. Highlights\n3. Numbers\n4. Next steps")
    run = run_skill_agent(ws, "pptx", "查看 quarterly-report.pptx 里面有什么", ["quarterly-report.pptx"])
    assert _steps(run) == ["pptx_inspect", "complete"]
    summary = run.complete["summary"]
    assert summary.startswith("**quarterly-report.pptx** — 4 张幻灯片\n\n**幻灯片**")
    assert english_words(summary, ["Quarterly Report", "Highlights", "Numbers", "Next steps"]) == [], summary


@pytest.mark.parametrize(("kind", "goal"), [("xlsx", "把下面的表格做成电子表格：\n| 地区 | 销量 |\n|---|---|\n| 北 | 3 |"),
                                            ("pdf", "把下面的内容做成 PDF：\n\n# 计划\n\n## 目标\n\n- 增长")])
def test_what_is_in_a_workbook_or_a_pdf_reads_in_chinese(tmp_path: Path, kind: str, goal: str) -> None:
    made = run_skill_agent(tmp_path, kind, goal).complete["artifacts"][0]
    run = run_skill_agent(tmp_path, kind, f"查看 {made}", [made])
    assert _steps(run) == [f"{kind}_inspect", "complete"]
    summary = run.complete["summary"]
    assert summary.startswith(f"**{made}** — 1 ") and english_words(summary, ["Sheet1"]) == [], summary  # was "1 sheets"


def test_no_content_completes_without_writing(tmp_path: Path) -> None:
    run = run_skill_agent(tmp_path, "docx", "Write a report about the moon")
    assert _steps(run) == ["list_workspace", "complete"]
    assert "no content" in run.complete["summary"]
    assert list(tmp_path.iterdir()) == []


def test_a_word_report_becomes_slides_through_office_read(ws: Path) -> None:
    run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"])
    run = run_skill_agent(ws, "pptx", "Turn quarterly-report.docx into slides", ["quarterly-report.docx"])
    assert _steps(run) == ["list_workspace", "office_read", "pptx_create", "complete"]
    assert run.complete["artifacts"] == ["quarterly-report.pptx"]
    deck = pptx.Presentation(str(ws / "quarterly-report.pptx"))
    titles = [s.shapes.title.text for s in deck.slides if s.shapes.title is not None]
    assert titles[0] == "Quarterly Report"
    assert {"Highlights", "Numbers", "Next steps"} <= set(titles)
    tables = [sh.table for s in deck.slides for sh in s.shapes if sh.has_table]
    assert [c.text for c in tables[0].rows[2].cells] == ["US", "3,400"]
    assert "quarterly-report.docx" in run.complete["summary"]


def test_chinese_word_to_ppt_and_a_deck_to_a_workbook(ws: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    run_skill_agent(ws, "docx", "把笔记做成 Word 文档", ["笔记.md"])
    made = next(p.name for p in ws.glob("*.docx"))
    run = run_skill_agent(ws, "pptx", "把这份Word做成PPT", [made])
    deck = pptx.Presentation(str(ws / run.complete["artifacts"][0]))
    assert deck.slides[0].shapes.title.text == "季度报告"
    assert run.complete["artifacts"][0].startswith("季度报告")
    run = run_skill_agent(ws, "xlsx", "把这个PPT做成Excel", [run.complete["artifacts"][0]])
    wb = openpyxl.load_workbook(ws / run.complete["artifacts"][0])
    rows = [[c.value for c in r] for r in wb.worksheets[0].iter_rows()]
    assert ["华东", 1200] in rows and ["华南", 3400] in rows


def test_a_broken_office_input_is_reported_and_nothing_written(ws: Path) -> None:
    (ws / "broken.docx").write_bytes(b"PK\x03\x04 not really a zip")
    run = run_skill_agent(ws, "pptx", "Turn broken.docx into slides", ["broken.docx"])
    assert "pptx_create" not in _steps(run)
    assert "broken.docx" in run.complete["summary"]
    assert not list(ws.glob("*.pptx"))


def test_csv_to_xlsx_with_totals(tmp_path: Path) -> None:
    (tmp_path / "sales.csv").write_text("Region,Q1,Q2\nEU,1200,1300.5\nUS,\"3,400\",3500\n", encoding="utf-8")
    run = run_skill_agent(tmp_path, "xlsx", "Put sales.csv into a spreadsheet with totals", ["sales.csv"])
    path = tmp_path / run.complete["artifacts"][0]
    assert path.name == "sales.xlsx"
    ws = openpyxl.load_workbook(path).worksheets[0]
    assert ws.title == "sales"
    rows = [[c.value for c in r] for r in ws.iter_rows()]
    assert rows[0] == ["Region", "Q1", "Q2"]
    assert rows[2] == ["US", 3400, 3500]
    assert rows[1][2] == 1300.5
    assert rows[3] == ["Total", "=SUM(B2:B3)", "=SUM(C2:C3)"]
    assert run.complete["summary"] == ("Made from sales.csv: 1 sheet, 2 data rows "
                                       "and a total row with =SUM formulas.")


def test_markdown_tables_become_sheets_in_chinese(tmp_path: Path) -> None:
    goal = "把下面的表格做成电子表格，并加上合计：\n## 销量\n| 产品 | 数量 |\n|---|---|\n| 苹果 | 3 |\n| 香蕉 | 5 |"
    run = run_skill_agent(tmp_path, "xlsx", goal)
    wb = openpyxl.load_workbook(tmp_path / run.complete["artifacts"][0])
    sheet = wb["销量"]
    assert [[c.value for c in r] for r in sheet.iter_rows()] == [
        ["产品", "数量"], ["苹果", 3], ["香蕉", 5], ["合计", "=SUM(B2:B3)"]]
    assert run.complete["summary"].startswith("根据你在请求中提供的内容生成：")


def test_every_call_matches_the_command_schema(ws: Path) -> None:
    # run_skill_agent validates each call with jsonschema; here the arguments are also checked by hand.
    run = run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"])
    create = next(c for m in run.messages for c in m.tool_calls if c.name == "docx_create")
    args = json.loads(create.arguments)
    kinds = [b["type"] for b in args["blocks"]]
    assert kinds == ["paragraph", "heading", "bullets", "heading", "table", "heading", "numbered"]
    assert args["blocks"][0]["runs"][1] == {"text": "grew", "bold": True}
    assert {"text": "our site", "link": "https://example.com"} in args["blocks"][0]["runs"]
    assert args["blocks"][2]["items"] == ["New customers", {"text": "12 in APAC", "level": 1}, "Churn down"]


def test_a_truncated_or_unreadable_input_is_mentioned(ws: Path) -> None:
    (ws / "big.md").write_text("# Big\n\n" + "word " * 50_000, encoding="utf-8")  # 250,000 characters

    def read_cut(root: Path, name: str, args: dict) -> str:
        return json.dumps({"ok": True, "path": args["path"], "text": (root / args["path"]).read_text()[:200_000],
                           "truncated": True})

    run = run_skill_agent(ws, "docx", "Make a Word document from big.md and report.docx", ["big.md", "report.docx"],
                          workspace_tool=read_cut)
    read = next(c for m in run.messages for c in m.tool_calls if c.name == "read_workspace_file")
    assert json.loads(read.arguments) == {"path": "big.md", "max_chars": 200_000}
    assert run.complete["artifacts"] == ["big.docx"]
    summary = run.complete["summary"]
    assert "big.md was cut off after 200,000 characters" in summary
    assert "report.docx: path: 'report.docx' does not exist" in summary


@pytest.mark.soffice
@pytest.mark.slow
def test_recalculate_a_workbook_then_render_check_it(tmp_path: Path) -> None:
    (tmp_path / "sales.csv").write_text("Region,Q1\nEU,10\nUS,32\n", encoding="utf-8")
    run_skill_agent(tmp_path, "xlsx", "Put sales.csv in a workbook with totals", ["sales.csv"])
    run = run_skill_agent(tmp_path, "xlsx-recalc", "重算 sales.xlsx", ["sales.xlsx"])
    assert _steps(run) == ["xlsx_recalculate", "complete"]
    assert run.complete["artifacts"] == ["sales.xlsx"]
    values = openpyxl.load_workbook(tmp_path / "sales.xlsx", data_only=True).worksheets[0]
    assert values["B4"].value == 42
    run = run_skill_agent(tmp_path, "render-check", "Render check sales.xlsx", ["sales.xlsx"])
    assert _steps(run) == ["render_check", "complete"]
    assert run.results["render_check"]["ok"] is True


def test_pptx_edit_and_an_xlsx_text_edit_it_cannot_do(ws: Path) -> None:
    run_skill_agent(ws, "pptx", "Make a slide deck from these notes", ["notes.md"])
    run = run_skill_agent(ws, "pptx", "In quarterly-report.pptx replace 'Churn' with 'Attrition'",
                          ["quarterly-report.pptx"])
    assert _steps(run) == ["pptx_edit", "complete"]
    deck = pptx.Presentation(str(ws / "quarterly-report.pptx"))
    text = " ".join(sh.text_frame.text for s in deck.slides for sh in s.shapes if sh.has_text_frame)
    assert "Attrition down" in text and "Churn" not in text
    (ws / "data.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    run_skill_agent(ws, "xlsx", "Put data.csv in a workbook", ["data.csv"])
    run = run_skill_agent(ws, "xlsx", "In data.xlsx replace 'a' with 'z'", ["data.xlsx"])
    assert _steps(run) == ["complete"]
    assert "Nothing was written" in run.complete["summary"]


def test_attached_images_become_image_blocks_and_slides(ws: Path) -> None:
    pix = fitz.Pixmap(fitz.csRGB, fitz.IRect(0, 0, 40, 30), False)
    pix.set_rect(pix.irect, (30, 120, 200))
    pix.save(str(ws / "chart.png"))
    run = run_skill_agent(ws, "docx", "Make a Word report from notes.md and chart.png", ["notes.md", "chart.png"])
    d = docx.Document(str(ws / run.complete["artifacts"][0]))
    assert len(d.inline_shapes) == 1
    run = run_skill_agent(ws, "pptx", "Make slides from notes.md and chart.png", ["notes.md", "chart.png"])
    deck = pptx.Presentation(str(ws / run.complete["artifacts"][0]))
    assert any(sh.shape_type == 13 for s in deck.slides for sh in s.shapes)  # 13 = picture


def test_a_table_wider_than_a_document_table_is_split_not_refused(tmp_path: Path) -> None:
    """A 130-column CSV becomes three side-by-side parts in the document; every column is kept."""
    header = [f"c{n}" for n in range(130)]
    (tmp_path / "wide.csv").write_text(",".join(header) + "\n" + ",".join(str(n) for n in range(130)) + "\n",
                                       encoding="utf-8")
    run = run_skill_agent(tmp_path, "docx", "Turn wide.csv into a Word document", ["wide.csv"])
    assert run.results["docx_create"]["ok"] is True, run.results["docx_create"]
    d = docx.Document(str(tmp_path / run.complete["artifacts"][0]))
    assert [len(t.columns) for t in d.tables] == [60, 60, 10]
    assert [c.text for t in d.tables for c in t.rows[0].cells] == header


def test_a_table_too_long_for_a_deck_is_a_clear_refusal(tmp_path: Path) -> None:
    """4,000 rows at 12 per slide would need more slides than a deck may hold: say so, write nothing."""
    rows = "".join(f"{n},{n * 2}\n" for n in range(4000))
    (tmp_path / "long.csv").write_text("a,b\n" + rows, encoding="utf-8")
    run = run_skill_agent(tmp_path, "pptx", "Turn long.csv into slides", ["long.csv"])
    assert "pptx_create" not in _steps(run)
    assert "Nothing was written" in run.complete["summary"] and "300" in run.complete["summary"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.csv"]


def test_a_wide_table_keeps_every_column_across_slides(tmp_path: Path) -> None:
    """A slide table holds 20 columns; the 5 beyond go on a continuation slide instead of being dropped."""
    header = [f"col{n}" for n in range(25)]
    (tmp_path / "wide.csv").write_text(",".join(header) + "\n" + ",".join(str(n) for n in range(25)) + "\n",
                                       encoding="utf-8")
    run = run_skill_agent(tmp_path, "pptx", "Turn wide.csv into slides", ["wide.csv"])
    assert run.results["pptx_create"]["ok"] is True, run.results["pptx_create"]
    deck = pptx.Presentation(str(tmp_path / run.complete["artifacts"][0]))
    tables = [sh.table for s in deck.slides for sh in s.shapes if sh.has_table]
    assert [c.text for t in tables for c in t.rows[0].cells] == header


@pytest.mark.parametrize(("skill", "goal", "name"), [
    ("xlsx", "生成Excel：\n名称,数量\n苹果,3", "名称-数量.xlsx"),
    ("xlsx", "Make a spreadsheet:\nregion,sales\nEU,3", "region-sales.xlsx"),
    ("xlsx", "做成表格：\n## 月度销量\n| 产品 | 数量 |\n|---|---|\n| 苹果 | 3 |", "月度销量.xlsx"),
    ("docx", "Make a Word document:\nMeeting notes from Monday. We agreed on the plan.", "meeting-notes-from-monday-we-agreed.docx"),
    ("pptx", "做成PPT：\n- 第一季度收入增长，成本下降\n- 第二点", "第一季度收入增长.pptx"),
])
def test_files_are_named_from_their_content(tmp_path: Path, skill: str, goal: str, name: str) -> None:
    run = run_skill_agent(tmp_path, skill, goal)
    assert run.complete["artifacts"] == [name]
    assert (tmp_path / name).is_file()


def test_csv_with_totals_has_computed_values_typed_cells_title_and_chart(tmp_path: Path) -> None:
    import datetime as dt

    openpyxl = pytest.importorskip("openpyxl")
    goal = ("生成Excel，加上合计，再加一个柱状图：\n# 2026 销售\n| 月份 | 日期 | 收入 | 占比 |\n|---|---|---|---|\n"
            "| 一月 | 2026-01-31 | ¥1,200.50 | 25% |\n| 二月 | 2026/02/28 | ¥3,400 | 75% |")
    run = run_skill_agent(tmp_path, "xlsx", goal)
    assert run.complete["artifacts"] == ["2026-销售.xlsx"]
    wb = openpyxl.load_workbook(tmp_path / "2026-销售.xlsx", data_only=True)
    sh = wb.worksheets[0]
    assert sh["A1"].value == "2026 销售" and [str(r) for r in sh.merged_cells.ranges] == ["A1:D1"]
    assert [c.value for c in sh[2]] == ["月份", "日期", "收入", "占比"]
    assert sh["B3"].value == dt.datetime(2026, 1, 31) and sh["B4"].value == dt.datetime(2026, 2, 28)
    assert sh["C3"].value == 1200.5 and sh["C3"].number_format == '"¥"#,##0.00'
    assert sh["D3"].value == 0.25 and sh["D3"].number_format == "0%"
    assert sh["A5"].value == "合计" and sh["C5"].value == 4600.5  # the total's value, not "=SUM(...)"
    assert sh["D5"].value is None  # shares are not summed
    chart = sh._charts[0]
    assert chart.tagname == "barChart" and chart.series[0].val.numRef.f.endswith("$C$3:$C$4")
    assert run.results["xlsx_create"]["ok"] is True
    checks = {c["name"]: c["status"] for c in run.results["xlsx_create"]["evidence"][0]["checks"]}
    assert checks["no formula errors"] == "passed"


@pytest.mark.parametrize(("request_text", "kind"), [
    ("Make a spreadsheet with a line chart:", "lineChart"), ("做成表格，加一个饼图：", "pieChart"),
    ("Put it in a workbook with a bar chart:", "barChart")])
def test_chart_kinds_in_both_languages(tmp_path: Path, request_text: str, kind: str) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    run = run_skill_agent(tmp_path, "xlsx", request_text + "\nregion,sales\nEU,3\nUS,5")
    sh = openpyxl.load_workbook(tmp_path / run.complete["artifacts"][0]).worksheets[0]
    assert [c.tagname for c in sh._charts] == [kind]


def test_word_with_contents_page_numbers_new_pages_and_inline_code(ws: Path) -> None:
    from docx.oxml.ns import qn

    goal = "Make a Word document with a table of contents, page numbers and each section on a new page:\n" \
           "# Guide\n\n## Setup\nRun `make install` — **very important**.\n\n## Use\nOpen *the app*."
    run = run_skill_agent(ws, "docx", goal)
    d = docx.Document(str(ws / run.complete["artifacts"][0]))
    body = d.element.body
    assert "TOC" in "".join(t.text for t in body.iter(qn("w:instrText")))
    assert "PAGE" in "".join(t.text for t in d.sections[0].footer._element.iter(qn("w:instrText")))
    runs = {r.text: r for p in d.paragraphs for r in p.runs}
    assert runs["very important"].bold and runs["make install"].font.name == "Consolas"
    assert runs["the app"].italic
    use = next(p for p in d.paragraphs if p.text == "Use" and p.style.name.startswith("Heading"))
    assert use.paragraph_format.page_break_before


def test_chinese_word_with_contents_and_page_numbers(ws: Path) -> None:
    from docx.oxml.ns import qn

    run = run_skill_agent(ws, "docx", "做成Word，加目录和页码：\n# 指南\n## 安装\n内容\n## 使用\n内容")
    d = docx.Document(str(ws / run.complete["artifacts"][0]))
    assert "目录" in [p.text for p in d.paragraphs]
    footer = "".join(t.text for t in d.sections[0].footer._element.iter(qn("w:t")))
    assert "第" in footer and "页" in footer


@pytest.mark.parametrize("goal", ['Suggest changes in quarterly-report.docx: replace "Tokyo" with "Osaka"',
                                  "用修订模式把 quarterly-report.docx 中的“Tokyo”改成“Osaka”"])
def test_suggested_edits_are_tracked_changes(ws: Path, goal: str) -> None:
    from docx.oxml.ns import qn

    run_skill_agent(ws, "docx", "Turn my notes into a Word report", ["notes.md"])
    run = run_skill_agent(ws, "docx", goal, ["quarterly-report.docx"])
    call = next(c for m in run.messages for c in m.tool_calls if c.name == "docx_edit")
    assert json.loads(call.arguments)["track_changes"] is True
    body = docx.Document(str(ws / "quarterly-report.docx")).element.body
    assert ["".join(t.text for t in el.iter(qn("w:delText"))) for el in body.iter(qn("w:del"))] == ["Tokyo"]
    assert ["".join(t.text for t in el.iter(qn("w:t"))) for el in body.iter(qn("w:ins"))] == ["Osaka"]
    assert "Mira" in run.complete["summary"]


def test_slides_on_a_template_with_a_chart_from_the_table(ws: Path) -> None:
    from pptx.util import Inches

    t = pptx.Presentation()
    t.slide_width = Inches(10)
    t.slide_layouts[0].name = "Brand Title"
    t.save(str(ws / "brand.pptx"))
    run = run_skill_agent(ws, "pptx", "用这个模板把笔记做成PPT，加一个柱状图", ["笔记.md", "brand.pptx"])
    assert "office_read" not in _steps(run)  # the template is not content
    deck = pptx.Presentation(str(ws / run.complete["artifacts"][0]))
    assert deck.slide_width == Inches(10) and deck.slides[0].slide_layout.name == "Brand Title"
    charts = [sh.chart for s in deck.slides for sh in s.shapes if sh.has_chart]
    assert len(charts) == 1 and [s.name for s in charts[0].series] == ["销售额"]
    assert list(charts[0].series[0].values) == [1200, 3400]
    assert list(charts[0].plots[0].categories) == ["华东", "华南"]


def test_word_on_a_dotx_template(ws: Path) -> None:
    import zipfile

    t = docx.Document()
    t.sections[0].header.paragraphs[0].text = "ACME"
    t.save(str(ws / "t.docx"))
    with zipfile.ZipFile(ws / "t.docx") as zin, zipfile.ZipFile(ws / "brand.dotx", "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data.replace(b"document.main+xml", b"template.main+xml")
                          if info.filename == "[Content_Types].xml" else data)
    run = run_skill_agent(ws, "docx", "Use the template brand.dotx for a Word version of my notes",
                          ["notes.md", "brand.dotx"])
    d = docx.Document(str(ws / run.complete["artifacts"][0]))
    assert d.sections[0].header.paragraphs[0].text == "ACME"
    assert "Quarterly Report" in [p.text for p in d.paragraphs]


def _form_pdf(path: Path) -> None:
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((72, 60), "Dear Acme team,", fontname="helv", fontsize=12)
    for name, kind, y in (("Full Name", fitz.PDF_WIDGET_TYPE_TEXT, 100), ("Agree", fitz.PDF_WIDGET_TYPE_CHECKBOX, 140)):
        w = fitz.Widget()
        w.field_name, w.field_type, w.rect = name, kind, fitz.Rect(72, y, 300, y + 20)
        page.add_widget(w)
    doc.save(path)


def test_pdf_form_fields_listed_then_filled_in_both_languages(tmp_path: Path) -> None:
    from ._driver import MAIN_TOOLS, decide
    from desktop.llm import ChatMessage

    _form_pdf(tmp_path / "form.pdf")
    main = decide([ChatMessage(role="user", content="fill in form.pdf: full name = Ada Lovelace; Agree = yes")], MAIN_TOOLS)
    assert json.loads(main.tool_calls[0].arguments)["skill_id"] == "pdf"
    run = run_skill_agent(tmp_path, "pdf", "What fields does form.pdf have?", ["form.pdf"])
    assert _steps(run) == ["pdf_form_fields", "complete"]
    assert "Full Name" in run.complete["summary"] and "Agree" in run.complete["summary"]
    run = run_skill_agent(tmp_path, "pdf", "fill in form.pdf: full name = Ada Lovelace; Agree = yes", ["form.pdf"])
    assert _steps(run) == ["pdf_form_fields", "pdf_fill_form", "complete"]
    values = {w.field_name: w.field_value for w in fitz.open(tmp_path / "form.pdf")[0].widgets()}
    assert values["Full Name"] == "Ada Lovelace" and values["Agree"] not in ("Off", "")
    run = run_skill_agent(tmp_path, "pdf", "填写 form.pdf：邮箱 = a@b.c", ["form.pdf"])
    assert "pdf_fill_form" not in _steps(run)
    assert "没有名为 邮箱 的字段" in run.complete["summary"] and "Full Name" in run.complete["summary"]


def test_pdf_text_replaced_in_place(tmp_path: Path) -> None:
    _form_pdf(tmp_path / "letter.pdf")
    run = run_skill_agent(tmp_path, "pdf", 'In letter.pdf replace "Acme" with "Mira"', ["letter.pdf"])
    assert _steps(run) == ["pdf_replace_text", "complete"]
    assert "on page 1, in the same font and size" in run.complete["summary"]
    assert "Dear Mira team," in fitz.open(tmp_path / "letter.pdf")[0].get_text()
    # letters the PDF's font cannot show: done in a similar font, and the reply says so
    run = run_skill_agent(tmp_path, "pdf", 'In letter.pdf replace "Mira" with "米拉"', ["letter.pdf"])
    assert _steps(run) == ["pdf_replace_text", "complete"]
    assert "drawn in Droid Sans Fallback Regular" in run.complete["summary"]
    assert "Dear 米拉 team," in fitz.open(tmp_path / "letter.pdf")[0].get_text()


def test_inline_formatting_in_list_items_is_kept(tmp_path: Path) -> None:
    goal = "Make a Word document and a PDF:\n# Plan\n- **very important**: call `make` first\n- see [docs](https://example.com)"
    run = run_skill_agent(tmp_path, "docx", goal)
    d = docx.Document(str(tmp_path / run.complete["artifacts"][0]))
    runs = {r.text: r for p in d.paragraphs for r in p.runs}
    assert runs["very important"].bold and runs["make"].font.name == "Consolas"
    assert any(p.text.startswith("very important: call make first") for p in d.paragraphs)
    run = run_skill_agent(tmp_path, "pdf", goal)
    page = fitz.open(tmp_path / run.complete["artifacts"][0])[0]
    bold = [s["text"] for b in page.get_text("dict")["blocks"] for ln in b.get("lines", ()) for s in ln["spans"]
            if s["flags"] & 16]
    assert any("very important" in t for t in bold)
    assert any(link.get("uri") == "https://example.com" for link in page.get_links())
    run = run_skill_agent(tmp_path, "pptx", goal)  # slides keep the words
    deck = pptx.Presentation(str(tmp_path / run.complete["artifacts"][0]))
    assert "very important: call make first" in "\n".join(
        sh.text_frame.text for s in deck.slides for sh in s.shapes if sh.has_text_frame)


def test_a_made_document_is_summed_up_without_zero_counts(tmp_path: Path) -> None:
    run = run_skill_agent(tmp_path, "docx", "把下面的内容做成 Word 文档：\n\n- 第一点\n- 第二点")
    assert run.complete["summary"].endswith("：1 个列表。"), run.complete["summary"]  # not "0 个标题、0 个段落…"
    run = run_skill_agent(tmp_path, "docx", "Make a Word document from this:\n\n# Plan\n\n## Goals\n\n- one\n- two")
    assert run.complete["summary"].endswith(": 1 heading, 1 list."), run.complete["summary"]
