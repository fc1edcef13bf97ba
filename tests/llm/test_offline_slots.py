"""The slot-extraction module: the values inside a request, as people type them."""
from __future__ import annotations

import pytest

import desktop.llm.offline._slots as slots


@pytest.mark.parametrize(("text", "inner"), [
    ('"Acme"', "Acme"), ("'Acme'", "Acme"), ("“Acme”", "Acme"), ("‘Acme’", "Acme"), ("「Acme」", "Acme"),
    ("『Acme』", "Acme"), ("《Acme》", "Acme"), ("Acme", "Acme"), ('  "Acme Ltd."  ', "Acme Ltd."),
    ("“half", "half"),  # a stray quote at an edge goes too
])
def test_quotes_of_every_kind(text: str, inner: str) -> None:
    assert slots.unquote(text) == inner


def test_every_quoted_span_in_order() -> None:
    assert slots.quoted("replace “A” with 'B' and 「C」, not don't") == ["A", "B", "C"]


@pytest.mark.parametrize(("text", "items"), [
    ("Welcome, Tools and Contacts", ["Welcome", "Tools", "Contacts"]),
    ("Welcome, Tools, and Contacts", ["Welcome", "Tools", "Contacts"]),
    ("Budget; Timeline; Staffing", ["Budget", "Timeline", "Staffing"]),
    ("预算、时间和风险", ["预算", "时间", "风险"]),
    ("预算，时间以及风险", ["预算", "时间", "风险"]),
    ("参与者、与会者", ["参与者", "与会者"]),  # 与 inside a word does not split it
    ("甲 及 乙", ["甲", "乙"]),
    ("Hotel 1,200, Food 120", ["Hotel 1,200", "Food 120"]),  # a thousands separator is not a comma
    ("“Open issues”, 'Next steps'", ["Open issues", "Next steps"]),
    ("Sales & Marketing", ["Sales", "Marketing"]),
])
def test_lists_joined_by_and_commas_and_chinese_separators(text: str, items: list[str]) -> None:
    assert slots.split_list(text) == items


@pytest.mark.parametrize(("text", "value", "every"), [
    ("every 2024", "2024", True), ("all 2024", "2024", True), ("each Acme", "Acme", True),
    ("all occurrences of 2024", "2024", True), ("所有的2024", "2024", True), ("全部 2024", "2024", True),
    ("2024", "2024", False), ("every", "every", False),
])
def test_every_x(text: str, value: str, every: bool) -> None:
    assert slots.every(text) == (value, every)


@pytest.mark.parametrize(("text", "pair"), [
    ("Acme → Mira", ("Acme", "Mira")), ("Acme -> Mira", ("Acme", "Mira")), ("2024 => 2025", ("2024", "2025")),
    ("“甲” ⇒ “乙”", ("甲", "乙")), ("no arrow", None),
])
def test_x_arrow_y(text: str, pair: tuple[str, str] | None) -> None:
    assert slots.arrow(text) == pair


@pytest.mark.parametrize(("text", "value"), [
    ("1,200", (1200, "")), ("1,234,567.5", (1234567.5, "")), ("$300", (300, "$")), ("-4", (-4, "")),
    ("15%", (15, "%")), ("2.5 kg", (2.5, "kg")), ("300元", (300, "元")), ("12 km", (12, "km")), ("abc", None),
    ("1,20", None),
])
def test_numbers_with_units_and_thousands_separators(text: str, value: tuple | None) -> None:
    assert slots.quantity(text) == value


@pytest.mark.parametrize(("line", "cells"), [
    ("May,1800,1150", ["May", 1800, 1150]), ("May, 1800, 1150", ["May", 1800, 1150]),
    ("五月，1800，1150", ["五月", 1800, 1150]), ("May\t1800\t1150.5", ["May", 1800, 1150.5]),
    ("May, 1,800, 1,150", ["May", 1800, 1150]), ("Rent,$2,000", ["Rent", 2000]), ("Tax,15%", ["Tax", "15%"]),
])
def test_row_cells_are_typed(line: str, cells: list) -> None:
    assert slots.row_cells(line) == cells


@pytest.mark.parametrize(("text", "pages"), [
    ("Extract page 2 from doc.pdf", [2]), ("pages 2-4 and 7", ["2-4", 7]), ("pages 2 to 4", ["2-4"]),
    ("pages 1, 3 and 5", [1, 3, 5]), ("p. 9", [9]), ("第1、3页", [1, 3]), ("第2到4页", ["2-4"]),
    ("第 2 页和第 5 页", [2, 5]), ("3 页", [3]), ("no pages here", []), ("page 4-2", ["2-4"]),
])
def test_page_lists(text: str, pages: list) -> None:
    assert slots.pages(text) == pages


@pytest.mark.parametrize(("text", "pairs"), [
    ("Name: Grace Hopper and City: Arlington", {"Name": "Grace Hopper", "City": "Arlington"}),
    ("Name = Ada Lovelace, Date = 2026-12-01", {"Name": "Ada Lovelace", "Date": "2026-12-01"}),
    ("Name: Ada\nDate: 2026-12-01", {"Name": "Ada", "Date": "2026-12-01"}),
    ("Name: Ada; City: London", {"Name": "Ada", "City": "London"}),
    ("姓名：张三，城市：北京", {"姓名": "张三", "城市": "北京"}),
    ("姓名：张三 和 城市：北京", {"姓名": "张三", "城市": "北京"}),
    ("Address: 1 Main St, Springfield; Zip: 12345", {"Address": "1 Main St, Springfield", "Zip": "12345"}),
    ('Name: "Lovelace, Ada" and City: London', {"Name": "Lovelace, Ada", "City": "London"}),
    ("Time: 10:30, Room: 4", {"Time": "10:30", "Room": "4"}),
    ("- Full name: Ada\n- Agree: yes", {"Full name": "Ada", "Agree": "yes"}),
])
def test_form_pairs(text: str, pairs: dict[str, str]) -> None:
    assert slots.form_pairs(text) == pairs


@pytest.mark.parametrize(("request_text", "form", "pairs"), [
    ("fill in form.pdf: Name = Ada Lovelace, Date = 2026-12-01", "form.pdf",
     {"Name": "Ada Lovelace", "Date": "2026-12-01"}),
    ("Fill out form.pdf with Name: Grace Hopper and City: Arlington", "form.pdf",
     {"Name": "Grace Hopper", "City": "Arlington"}),
    ("填写 form.pdf：姓名：张三，城市：北京", "form.pdf", {"姓名": "张三", "城市": "北京"}),
    ("把 form.pdf 填好：城市：上海", "form.pdf", {"城市": "上海"}),
    ("fill in the form with Name: Ada", "forms/form.pdf", {"Name": "Ada"}),
])
def test_form_values_follow_the_form_name(request_text: str, form: str, pairs: dict[str, str]) -> None:
    assert slots.form_values(request_text, form) == pairs


@pytest.mark.parametrize(("text", "found"), [
    ("In contract.docx, change every 2024 to 2025", ("2024", "2025", True)),
    ('In report.docx replace "Acme" with "Mira"', ("Acme", "Mira", False)),
    ("replace all Acme with Mira in report.docx", ("Acme", "Mira", True)),
    ("swap Acme for Mira", ("Acme", "Mira", False)),
    ("change 'September 15' to 'September 22'", ("September 15", "September 22", False)),
    ("Acme → Mira", ("Acme", "Mira", False)),
    ("把 report.docx 中的“甲公司”改成“乙公司”", ("甲公司", "乙公司", False)),
    ("将所有的2024替换为2025", ("2024", "2025", True)),
    ("把9月15日改成9月22日", ("9月15日", "9月22日", False)),
    ("用修订模式把 quarterly-report.docx 中的“Tokyo”改成“Osaka”", ("Tokyo", "Osaka", False)),
    ("把合同里的“Acme Ltd.”替换为“Mira AG”", ("Acme Ltd.", "Mira AG", False)),
    ("2024全部替换为2025", ("2024", "2025", True)),
    ("把“2024”全部换成“2025”", ("2024", "2025", True)),
    ("把2024都改成2025", ("2024", "2025", True)),
    # 都 ends a word here, not "all of them": the find was "首", every 首 in the document
    ("把首都改成北京", ("首都", "北京", False)),
    # a pointer, a place or a look is not words of the file ("把它改成红色" replaced every 它 with 红色)
    ("把它改成红色", None), ("把第二段改成：新的内容", None), ("把字体改成宋体", None), ("change the font to Arial", None),
    ("把这句话改成英文", None), ("change the color to blue", None),
    ("把“它”改成“他”", ("它", "他", False)), ("change Color to Colour", ("Color", "Colour", False)),
    ("首都替换成北京", ("首都", "北京", False)),
    ("把“Budget is tight.”改成“预算紧张。”", ("Budget is tight.", "预算紧张。", False)),
    ("please replace Acme with Mira.", ("Acme", "Mira", False)),
    # conversions and titles change no text
    ("把 report.docx 改成 PDF", None), ("Turn this report into slides", None), ("change the title to X", None),
    ("change it to a PDF", None), ("Convert data.xlsx to a Word document", None),
])
def test_replacements(text: str, found: tuple[str, str, bool] | None) -> None:
    assert slots.replacement(text) == found


@pytest.mark.parametrize(("text", "value"), [
    ("Launch Plan please", "Launch Plan"), ("Plan, please.", "Plan"), ("Thanks", "Thanks"), ("周末计划吗？", "周末计划"),
    ("“Weekend Plan”.", "Weekend Plan"), ("合同里的“Acme”", "Acme"),
])
def test_a_captured_value_is_cleaned(text: str, value: str) -> None:
    assert slots.clean(text) == value


@pytest.mark.parametrize(("text", "normal"), [
    ("remove the 2nd slide", "remove slide 2"), ("delete the third slide", "delete slide 3"),
    ("Remove slide two", "Remove slide 2"), ("extract the second page of doc.pdf", "extract page 2 of doc.pdf"),
    ("rotate doc.pdf's 2nd page 180 degrees", "rotate doc.pdf's page 2 180 degrees"),
    ("restore the first version", "restore version 1"), ("chnage teh title to X", "change the title to X"),
    ("delete the last page of doc.pdf", "delete page last of doc.pdf"), ("rotate all the pages", "rotate pages all"),
    ("删掉第二张幻灯片", "删掉第2张幻灯片"), ("第十二页", "第12页"), ("第二十一张", "第21张"),
    # the user's own words stay as typed: an ordinal that counts no slide or page, a word that only looks like a typo
    ("the first quarter was slow", "the first quarter was slow"), ("it slid off", "it slid off"),
    ("加一张幻灯片", "加一张幻灯片"),
])
def test_the_request_is_normalized_for_matching(text: str, normal: str) -> None:
    assert slots.normalize(text) == normal


@pytest.mark.parametrize(("text", "found"), [
    ("page last", ["last"]), ("删掉 doc.pdf 的最后一页", ["last"]), ("pages all of doc.pdf", ["all"]),
    ("doc.pdf 的所有页面", ["all"]), ("pages 1 & 3", [1, 3]), ("page 2 180 degrees", [2]),
])
def test_last_and_all_pages(text: str, found: list[int | str]) -> None:
    assert slots.pages(text) == found


@pytest.mark.parametrize(("text", "pairs"), [
    ("Name is Ada Lovelace and City is London", {"Name": "Ada Lovelace", "City": "London"}),
    ("Name 是 张三，City 是 北京", {"Name": "张三", "City": "北京"}),
    ("Name=Ada;City=London", {"Name": "Ada", "City": "London"}),
])
def test_form_values_said_in_words(text: str, pairs: dict[str, str]) -> None:
    assert slots.form_pairs(text) == pairs


def test_quotes_arrows_and_rows_as_people_type_them() -> None:
    assert slots.replacement("replace «Acme» with «Mira»") == ("Acme", "Mira", False)
    assert slots.replacement("contract.docx: Acme -> Mira") == ("Acme", "Mira", False)
    assert slots.replacement("update 2024 → 2025 in contract.docx") == ("2024", "2025", False)
    assert slots.replacement("将合同中的 Acme 全部替换为 Mira") == ("Acme", "Mira", True)  # 全部: every one
    assert slots.clean("《年度预算》") == "年度预算"
    assert slots.row_cells("Apr | 1400 | 1000") == ["Apr", 1400, 1000]
    assert slots.row_cells("- Apr, 1,400, 1,000") == ["Apr", 1400, 1000]
    assert slots.row_cells("四月、1400、1000") == ["四月", 1400, 1000]
