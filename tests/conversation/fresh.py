"""Fresh requests, written as people type them and not taken from the intents table's own phrasings: terse and
chatty, typos, polite forms, questions, passive forms, mixed English and Chinese, full-width punctuation, quotes of
every kind, numbers with units and thousands separators, lists joined every way, "every X", "X → Y", 把/将…改成…,
follow-ups that say "it", "that file", "the deck", "上一个文件" after earlier turns, files in the folder and
attached. Near misses (chit-chat, questions about what Mira can do, requests to ask back about) must write nothing.

Rows use :class:`tests.conversation.phrasings.P`; tests/conversation/test_phrasings.py runs them with its checks; ``says`` is what the
reply must hold (an answer read from the file, or the question asked back).
"""
from __future__ import annotations

from typing import Any

from .phrasings import P

DOC = ("x.docx",)
DECK = ("deck.pptx",)
BOOK = ("book.xlsx",)
CONTRACT = ("contract.docx",)
PDF3 = ("doc.pdf",)
FORM = ("form.pdf",)
TWO = ("a.pdf", "b.pdf")
NOTES = ("notes.md",)
REPORT = ("Turn notes.md into a Word report",)
REPORT_ZH = ("把 notes.md 做成 Word 文档",)
ONBOARD = ("Create a deck called Onboarding with slides Welcome, Tools and Contacts",)
EDITED = (*REPORT, "change the title to Q3 Review")


def _rows(intent: str | None, files: tuple[str, ...], *items: tuple[str, dict[str, Any]]) -> list[P]:
    return [P(text, intent, files, want) for text, want in items]


def _after(intent: str | None, before: tuple[str, ...], files: tuple[str, ...],
           *items: tuple[str, dict[str, Any]]) -> list[P]:
    return [P(text, intent, files, want, before=before) for text, want in items]


TITLE = _rows(
    "set_title", DOC,
    ("pls change title to Weekend Plan", {"title": "Weekend Plan"}),
    ("Can the title be Weekend Plan instead?", {"title": "Weekend Plan"}),
    ("I'd like the title to be Budget 2027", {"title": "Budget 2027"}),
    ("set title: Budget 2027", {"title": "Budget 2027"}),
    ("Could you please update the document title to 'Budget 2027'?", {"title": "Budget 2027"}),
    ("make the title say Budget 2027", {"title": "Budget 2027"}),
    ("the title ought to read “Budget 2027”", {"title": "Budget 2027"}),
    ("Let's call the document Budget 2027", {"title": "Budget 2027"}),
    ("chnage the title to Budget 2027", {"title": "Budget 2027"}),
    ("change teh title to Budget 2027", {"title": "Budget 2027"}),
    ("title should be: Budget 2027", {"title": "Budget 2027"}),
    ("Change the title in x.docx to ‘Budget 2027’", {"title": "Budget 2027"}),
    ("please retitle x.docx “Plan B”", {"title": "Plan B"}),
    ("标题改一下，改成“预算2027”", {"title": "预算2027"}),
    ("请将文档标题设置为：预算2027", {"title": "预算2027"}),
    ("帮我把标题换成 年度预算", {"title": "年度预算"}),
    ("标题换成《年度预算》", {"title": "年度预算"}),
    ("能不能把标题改为年度预算？", {"title": "年度预算"}),
    ("把x.docx的标题改成年度预算", {"title": "年度预算"}),
    ("标题用“年度预算”吧", {"title": "年度预算"}),
) + _rows(
    "set_title", DECK,
    ("change the deck's title to Launch Day", {"title": "Launch Day"}),
    ("把演示文稿的标题改成 发布日", {"title": "发布日"}),
    ("rename the presentation title to Launch Day", {"title": "Launch Day"}),
    ("change the first slide's title to Hello", {"slide_title": (1, "Hello")}),
    ("slide 2 title should be Plan", {"slide_title": (2, "Plan")}),
) + _after(
    "set_title", REPORT, NOTES,
    ("now make the title Weekend Plan", {"title": "Weekend Plan"}),
    ("great. title → Weekend Plan", {"title": "Weekend Plan"}),
    ("Can you rename its title to \"Weekend Plan\"?", {"title": "Weekend Plan"}),
) + _after(
    "set_title", REPORT_ZH, NOTES,
    ("上一个文件的标题改成“周末计划”", {"title": "周末计划"}),
    ("把它的标题改为 周末计划。", {"title": "周末计划"}),
)

SLIDES = _rows(
    "add_slide", DECK,
    ("add slide: Risks", {"title": "Risks"}),
    ("Could you add a slide about Risks?", {"title": "Risks"}),
    ("new slide called Risks", {"title": "Risks"}),
    ("add a slide with title Risks and bullets Budget, Timeline", {"title": "Risks", "bullets": ["Budget", "Timeline"]}),
    ("Add a slide titled 'Risks' with the points 'Budget overrun', 'Late delivery'",
     {"title": "Risks", "bullets": ["Budget overrun", "Late delivery"]}),
    ("one more slide please, titled Risks", {"title": "Risks"}),
    ("append slide Risks with bullets: Budget; Timeline", {"title": "Risks", "bullets": ["Budget", "Timeline"]}),
    ("add a slide titled Q3 Numbers with bullets: Revenue $1,200,000, Costs $800,000",
     {"title": "Q3 Numbers", "bullets": ["Revenue $1,200,000", "Costs $800,000"]}),
    ("Add a final slide named Thank you", {"title": "Thank you"}),
    ("tack on a slide called Appendix", {"title": "Appendix"}),
    ("i need another slide titled Timeline", {"title": "Timeline"}),
    ("Please add a slide titled Next Steps with bullets Hire, Ship, and Review",
     {"title": "Next Steps", "bullets": ["Hire", "Ship", "Review"]}),
    ("add a slide to the deck called Risks", {"title": "Risks"}),
    ("add a bullet slide called Goals with bullets Speed, Cost", {"title": "Goals", "bullets": ["Speed", "Cost"]}),
    ("加一页幻灯片：风险", {"title": "风险"}),
    ("再来一张幻灯片，标题“风险”", {"title": "风险"}),
    ("请添加一张名为“总结”的幻灯片", {"title": "总结"}),
    ("添加幻灯片，标题：风险，要点：预算、进度、人员", {"title": "风险", "bullets": ["预算", "进度", "人员"]}),
    ("帮我在最后加一张幻灯片叫 致谢", {"title": "致谢"}),
    ("新增一页「下一步」，内容为：招聘和发布", {"title": "下一步", "bullets": ["招聘", "发布"]}),
    ("给 deck.pptx 加一张幻灯片，标题是风险", {"title": "风险"}),
    ("加一张标题为“风险”的幻灯片，要点：预算，时间及人员", {"title": "风险", "bullets": ["预算", "时间", "人员"]}),
) + _after(
    "add_slide", ONBOARD, (),
    ("add one more slide called Q&A", {"title": "Q&A"}),
    ("add a slide titled Risks to the deck", {"title": "Risks"}),
    ("给它加一张幻灯片，标题是预算", {"title": "预算"}),
)

REMOVE = _rows(
    "remove_slide", DECK,
    ("remove the 2nd slide", {"gone": "Scope"}),
    ("delete the third slide", {"gone": "Budget"}),
    ("get rid of the Budget slide", {"gone": "Budget"}),
    ("please delete slide no. 2", {"gone": "Scope"}),
    ("Remove slide two", {"gone": "Scope"}),
    ("remove the first slide", {"gone": "Kickoff"}),
    ("can you drop the last slide?", {"gone": "Next steps"}),
    ("take out the slide about Budget", {"gone": "Budget"}),
    ("slide 3 can go", {"gone": "Budget"}),
    ("删掉第二张幻灯片", {"gone": "Scope"}),
    ("把第3页幻灯片删除", {"gone": "Budget"}),
    ("删除“Budget”这张幻灯片", {"gone": "Budget"}),
    ("请移除 deck.pptx 的第 4 张幻灯片", {"gone": "Next steps"}),
    ("第一张幻灯片删了吧", {"gone": "Kickoff"}),
) + _after(
    "remove_slide", ONBOARD, (),
    ("delete the Tools slide", {"gone": "Tools"}),
    ("remove slide 3 from the deck", {"gone": "Tools"}),
    ("把最后一张删掉", {"gone": "Contacts"}),
)

SECTIONS = _rows(
    "add_section", DOC,
    ("add a section 'Risks' with text: Budget is tight.", {"heading": "Risks", "text": "Budget is tight."}),
    ("Add a new section called Next Steps at the end", {"heading": "Next Steps"}),
    ("add section Costs: Hotel 300, Food 120", {"heading": "Costs", "items": ["Hotel 300", "Food 120"]}),
    ("please add a section named Budget that says We need 5,000 EUR.", {"heading": "Budget", "text": "We need 5,000 EUR."}),
    ("add a section titled Costs with: Hotel €1,200, Food €120 and Taxi €45",
     {"heading": "Costs", "items": ["Hotel €1,200", "Food €120", "Taxi €45"]}),
    ("Add a heading 'Appendix' to the document", {"heading": "Appendix"}),
    ("add a chapter on Methods with text: We surveyed 1,024 people.",
     {"heading": "Methods", "text": "We surveyed 1,024 people."}),
    ("Could you add a 'Risks' section?", {"heading": "Risks"}),
    ("add a Risks section with text: Budget is tight.", {"heading": "Risks", "text": "Budget is tight."}),
    ("add a section called Team with: Ada, Grace & Linus", {"heading": "Team", "items": ["Ada", "Grace", "Linus"]}),
    ("添加章节“风险”，内容：预算紧张。", {"heading": "风险", "text": "预算紧张"}),
    ("加一个部分叫 费用，包括：酒店 300、餐饮 120", {"heading": "费用", "items": ["酒店 300", "餐饮 120"]}),
    ("在文档末尾加一节：附录", {"heading": "附录"}),
    ("新增一节《背景》", {"heading": "背景"}),
    ("请添加一个名为“下一步”的章节", {"heading": "下一步"}),
    ("加一节 风险，内容是：预算紧张", {"heading": "风险", "text": "预算紧张"}),
) + _after(
    "add_section", REPORT, NOTES,
    ("add a section called Risks to it", {"heading": "Risks"}),
    ("Now add a section “Costs” with: Hotel 1,200 USD, Food 120 USD",
     {"heading": "Costs", "items": ["Hotel 1,200 USD", "Food 120 USD"]}),
) + _after(
    "add_section", REPORT_ZH, NOTES,
    ("给上一个文件加一节，标题是费用", {"heading": "费用"}),
)

PARAGRAPHS = _rows(
    "add_paragraph", DOC,
    ("Under Term, add: Payment is due within 14 days.", {"heading": "Term", "text": "Payment is due within 14 days."}),
    ("please write a short paragraph below the Term heading that says: Prices include VAT.",
     {"heading": "Term", "text": "Prices include VAT."}),
    ("add a closing sentence saying We look forward to working with you.",
     {"text": "We look forward to working with you."}),
    ("请在“Term”章节里加一段话：合同自动续期。", {"heading": "Term", "text": "合同自动续期。"}),
    ("在文档末尾加一段：此致敬礼。", {"text": "此致敬礼。"}),
) + _after(
    "add_paragraph", REPORT, NOTES,
    # under the title's own text, before the Results subsection
    ("add a paragraph under Quarterly report: Costs fell too.",
     {"heading": "Quarterly report", "text": "Costs fell too.", "before": "Results"}),
) + _after(
    "add_paragraph", REPORT_ZH, NOTES,
    ("在 Results 下面加一句：东部持平。", {"heading": "Results", "text": "东部持平。"}),
)

ROWS = _rows(
    "add_rows", BOOK,
    ("add a row for April: Apr, 1400, 1000", {"rows": [["Apr", 1400, 1000]]}),
    ("Add row: Apr | 1400 | 1000", {"rows": [["Apr", 1400, 1000]]}),
    ("add rows:\n- Apr, 1400, 1000\n- May, 1800, 1150", {"rows": [["Apr", 1400, 1000], ["May", 1800, 1150]]}),
    ("please add a row — Apr, 1,400, 1,000", {"rows": [["Apr", 1400, 1000]]}),
    ("add a row to Costs: Travel, 500", {"rows": [["Travel", 500]], "sheet": "Costs"}),
    ("add a line: Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("add an entry: Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("Can you add this row to book.xlsx? Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("add a row to the Costs sheet — Travel, 1,250", {"rows": [["Travel", 1250]], "sheet": "Costs"}),
    ("加一行数据：四月、1400、1000", {"rows": [["四月", 1400, 1000]]}),
    ("在 book.xlsx 里添加一行：四月,1400,1000", {"rows": [["四月", 1400, 1000]]}),
    ("表格里再加两行：四月,1400,1000；五月,1800,1150", {"rows": [["四月", 1400, 1000], ["五月", 1800, 1150]]}),
    ("往Costs表里加一行：差旅,500", {"rows": [["差旅", 500]], "sheet": "Costs"}),
    ("请添加一行：四月，1,400，1,000", {"rows": [["四月", 1400, 1000]]}),
) + _after(
    "add_rows", ("Make a spreadsheet:\nFruit,Boxes\napple,3\npear,4",), (),
    ("add a row: plum,5", {"rows": [["plum", 5]]}),
    ("再加一行：桃子,6", {"rows": [["桃子", 6]]}),
)

NO_HEADINGS = [
    P("merge doc.pdf and a.pdf", None, ("doc.pdf",), {"says": ["a.pdf is not in this conversation's folder"]}),
    P("把 doc.pdf 和 b.pdf 合并", None, ("doc.pdf",), {"says": ["没有 b.pdf"]}),
    P("what does letter.docx say?", "inspect", ("letter.docx",), {"says": ["It begins", "Dear Ada", "Harbour Street"]}),
    P("letter.docx 讲了什么", "inspect", ("letter.docx",), {"says": ["开头", "Harbour Street"]}),
    P("how many words are in letter.docx", "inspect", ("letter.docx",), {"says": ["words"]}),
]

RENAMED = _rows(
    "rename_heading", CONTRACT,
    ("can you rename the section called Term to Duration", {"renamed": ("Term", "Duration")}),
    ("把“Term”这个部分改叫“期间”", {"renamed": ("Term", "期间")}),
)

SECTIONS_CUT = _rows(
    "delete_section", CONTRACT,
    ("please remove the Term section from contract.docx",
     {"gone": ("Term", "This contract runs from 2024-01-01"), "kept": "Service contract"}),
    ("把“Term”这一章删掉", {"gone": ("Term", "This contract runs from 2024-01-01"), "kept": "Service contract"}),
)

CUT = _rows(
    "delete_paragraph", CONTRACT,
    ("please drop the line mentioning the price list", {"gone": "price list"}),
    ("去掉关于“Acme Ltd.”的那一段", {"gone": "Acme Ltd."}),
)

SLIDE_NOTES = _rows(
    "set_notes", DECK,
    ("put a note on slide 2 saying mention the budget", {"slide": 2, "notes": "mention the budget"}),
    ("Speaker notes for slide 4 — thank the team", {"slide": 4, "notes": "thank the team"}),
    ("第3张幻灯片备注写：记得提问", {"slide": 3, "notes": "记得提问"}),
) + _rows(
    "swap_slides", DECK,
    ("could you swap slide 2 with slide 4?", {"order": ["Kickoff", "Next steps", "Budget", "Scope"]}),
    ("第2张跟第3张换一下位置", {"order": ["Kickoff", "Budget", "Scope", "Next steps"]}),
)

MOVES = _rows(
    "move_slide", DECK,
    ("could you move slide 3 to the very end?", {"order": ["Kickoff", "Scope", "Next steps", "Budget"]}),
    ("第2张移到末尾", {"order": ["Kickoff", "Budget", "Next steps", "Scope"]}),
)

CELLS = _rows(
    "set_cells", BOOK,
    ("C3 needs to be 975", {"cells": {"Sales!C3": 975}}),
    ("can you make B4 = 1,310 please", {"cells": {"Sales!B4": 1310}}),
    ("enter 7 into cell D3", {"cells": {"Sales!D3": 7}}),
    ("fix C2 -> 905", {"cells": {"Sales!C2": 905}}),
    ("In book.xlsx set the cell B2 to 1210, then C2 to 915", {"cells": {"Sales!B2": 1210, "Sales!C2": 915}}),
    ("D4 should say checked", {"cells": {"Sales!D4": "checked"}}),
    ("C5 = B5*2", {"cells": {"Sales!C5": "=B5*2"}}),
    ("把 b2 单元格改为 1,210", {"cells": {"Sales!B2": 1210}}),
    ("C3 改成975吧", {"cells": {"Sales!C3": 975}}),
    ("在 Costs 表的 A3 写入 水电", {"cells": {"Costs!A3": "水电"}}),
    ("D2 填上 =B2+C2", {"cells": {"Sales!D2": "=B2+C2"}}),
) + _after(
    "set_cells", ("Make a spreadsheet:\nFruit,Boxes\napple,3\npear,4",), (),
    ("set B2 to 30", {"cells": {"Sheet1!B2": 30}}),
    ("把 B3 改成 40", {"cells": {"Sheet1!B3": 40}}),
)

_SUMS = {"Sales!A5": "Total", "Sales!B5": "=SUM(B2:B4)", "Sales!C5": "=SUM(C2:C4)"}
_SUMS_ZH = {**_SUMS, "Sales!A5": "合计"}
TOTALS = _rows(
    "add_total", BOOK,
    ("can you put a total at the bottom?", {"cells": _SUMS, "values": {"Sales!B5": 3750}}),
    ("I need a totals row", {"cells": _SUMS}),
    ("sum each column", {"cells": _SUMS}),
    ("Add a SUM row under the data, please", {"cells": _SUMS}),
    ("最后加个合计", {"cells": _SUMS_ZH}),
    ("给表格加上总计", {"cells": _SUMS_ZH}),
    ("每一列求和", {"cells": _SUMS_ZH, "values": {"Sales!C5": 2860}}),
) + _after(
    "add_total", ("Make a spreadsheet:\nFruit,Boxes\napple,3\npear,4",), (),
    ("now add the totals", {"cells": {"Sheet1!A4": "Total", "Sheet1!B4": "=SUM(B2:B3)"}, "values": {"Sheet1!B4": 7}}),
    ("再加一行合计吧", {"cells": {"Sheet1!A4": "合计", "Sheet1!B4": "=SUM(B2:B3)"}, "values": {"Sheet1!B4": 7}}),
)

COLUMNS = _rows(
    "add_column", BOOK,
    ("could you add another column Target: 1000, 1000, 1100?", {"cells": {
        "Sales!D1": "Target", "Sales!D2": 1000, "Sales!D3": 1000, "Sales!D4": 1100}}),
    ("put in a column named Owner: Ann, Bo, Cy", {"cells": {"Sales!D1": "Owner", "Sales!D4": "Cy"}}),
    ("再加一列目标：1000，1000，1100", {"cells": {"Sales!D1": "目标", "Sales!D2": 1000, "Sales!D4": 1100}}),
) + _after(
    "rename_sheet", ("Make a spreadsheet:\nFruit,Boxes\napple,3\npear,4",), (),
    ("rename sheet1 to Fruit", {"sheets": ["Fruit"]}),
    ("把Sheet1改名为水果", {"sheets": ["水果"]}),
) + _after(
    "add_column", ("Make a spreadsheet:\nFruit,Boxes\napple,3\npear,4",), (),
    ("add a column Price: 1.5, 2", {"cells": {"Sheet1!C1": "Price", "Sheet1!C2": 1.5, "Sheet1!C3": 2}}),
    ("加一列产地：山东、河北", {"cells": {"Sheet1!C1": "产地", "Sheet1!C2": "山东", "Sheet1!C3": "河北"}}),
)

_BARS = {"chart": "bar", "series": ["B", "C"], "categories": "A", "rows": (2, 4)}
CHARTS = _rows(
    "add_chart", BOOK,
    ("put a chart in it", _BARS),
    ("can you plot the numbers?", _BARS),
    ("give me a graph of the data please", _BARS),
    ("给这个表加个饼图", {**_BARS, "chart": "pie", "series": ["B"]}),
    ("用这些数据做成折线图", {**_BARS, "chart": "line"}),
    ("make a line chart for South by month", {**_BARS, "chart": "line", "series": ["C"]}),
    ("用North画一个柱状图", {**_BARS, "series": ["B"]}),
)

DUPLICATES = _rows(
    "duplicate_slide", DECK,
    ("please duplicate slide 3", {"order": ["Kickoff", "Scope", "Budget", "Budget", "Next steps"]}),
    ("clone slide 2", {"order": ["Kickoff", "Scope", "Scope", "Budget", "Next steps"]}),
    ("第1张幻灯片再复制一张", {"order": ["Kickoff", "Kickoff", "Scope", "Budget", "Next steps"]}),
    ("拷贝第3页", {"order": ["Kickoff", "Scope", "Budget", "Budget", "Next steps"]}),
)

REPLACE = _rows(
    "replace_text", CONTRACT,
    ("change Acme Ltd. to Mira AG everywhere", {"find": "Acme Ltd.", "replace": "Mira AG", "every": True}),
    ("replace 2024 with 2025 everywhere in the contract", {"find": "2024", "replace": "2025", "every": True}),
    ("swap every 2024 for 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("Acme Ltd. → Mira AG", {"find": "Acme Ltd.", "replace": "Mira AG"}),
    ("'2024' => '2025'", {"find": "2024", "replace": "2025", "every": True}),
    ("replace ‘price list’ with ‘rate card’", {"find": "price list", "replace": "rate card"}),
    ("replace «Acme» with «Mira»", {"find": "Acme", "replace": "Mira"}),
    ("In the contract, replace Acme Ltd. by Mira AG.", {"find": "Acme Ltd.", "replace": "Mira AG"}),
    ("Could you replace Acme with Mira, please?", {"find": "Acme", "replace": "Mira"}),
    ("update 2024 → 2025 in contract.docx", {"find": "2024", "replace": "2025", "every": True}),
    ("change each 2024 into 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("Replace all instances of \"price list\" with \"rate card\".", {"find": "price list", "replace": "rate card"}),
    ("contract.docx: Acme -> Mira", {"find": "Acme", "replace": "Mira"}),
    ("将合同中的 Acme 全部替换为 Mira", {"find": "Acme", "replace": "Mira", "every": True}),
    ("把“price list”换为“rate card”", {"find": "price list", "replace": "rate card"}),
    ("把所有的 2024 改成 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("2024 → 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("请把 Acme Ltd. 更换为 Mira AG", {"find": "Acme Ltd.", "replace": "Mira AG"}),
    ("把「2024」全部换成「2025」", {"find": "2024", "replace": "2025", "every": True}),
    ("contract.docx 里的 Acme 改成 Mira", {"find": "Acme", "replace": "Mira"}),
    ("把合同里所有2024都替换成2025。", {"find": "2024", "replace": "2025", "every": True}),
    ("将‘Acme’修改为‘Mira’", {"find": "Acme", "replace": "Mira"}),
) + _after(
    "replace_text", REPORT, NOTES,
    ("replace September 15 with September 22 in it", {"find": "September 15", "replace": "September 22"}),
    ("in that file, change “September 15” to “Sept 22”", {"find": "September 15", "replace": "Sept 22"}),
) + _after(
    "replace_text", REPORT_ZH, NOTES,
    ("把上一个文件里的 September 15 换成 September 22", {"find": "September 15", "replace": "September 22"}),
)

FILL = _rows(
    "fill_form", FORM,
    ("Please fill in the form: Name: Ada Lovelace, City: London", {"values": {"Name": "Ada Lovelace", "City": "London"}}),
    ("fill out form.pdf — name: Ada, city: London, date: 2026-12-01",
     {"values": {"Name": "Ada", "City": "London", "Date": "2026-12-01"}}),
    ("Fill in form.pdf. Name is Ada Lovelace and City is London", {"values": {"Name": "Ada Lovelace", "City": "London"}}),
    ("fill in form.pdf with Name=Ada;City=London", {"values": {"Name": "Ada", "City": "London"}}),
    ("fill in form.pdf:\n Name: Ada\n Date: 2026-12-01\n City: Oslo",
     {"values": {"Name": "Ada", "Date": "2026-12-01", "City": "Oslo"}}),
    ("fill form.pdf with Name: “Ada, Countess of Lovelace” and City: London",
     {"values": {"Name": "Ada, Countess of Lovelace", "City": "London"}}),
    ("can you fill form.pdf? Name = Grace Hopper, City = New York",
     {"values": {"Name": "Grace Hopper", "City": "New York"}}),
    ("帮我填一下 form.pdf：Name 是 张三，City 是 北京", {"values": {"Name": "张三", "City": "北京"}}),
    ("填写表格 form.pdf：Name=王五，City=广州", {"values": {"Name": "王五", "City": "广州"}}),
    ("请填写 form.pdf：Name：赵六；City：杭州；Date：2026-12-01",
     {"values": {"Name": "赵六", "City": "杭州", "Date": "2026-12-01"}}),
)

FIELDS = _rows(
    "form_fields", FORM,
    ("which fields does form.pdf have", {"says": ["Name", "Date", "City"]}),
    ("what fields are there in form.pdf?", {"says": ["Name", "City"]}),
    ("form.pdf 里有哪些字段？", {"says": ["Name", "City"]}),
    ("show the form fields", {"says": ["Name", "Date"]}),
)

MERGE = _rows(
    "merge_pdf", TWO,
    ("merge both PDFs into one", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("can you combine a.pdf + b.pdf", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("merge a.pdf & b.pdf into merged.pdf", {"pages": 5, "texts": ["Alpha 1", "Beta 3"], "out": "merged.pdf"}),
    ("Combine these: a.pdf, b.pdf", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("join the PDFs a.pdf and b.pdf together", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("merge b.pdf with a.pdf please", {"pages": 5, "texts": ["Beta 1", "Alpha 1"]}),
    ("把a.pdf与b.pdf合成一个文件", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("合并这两个 PDF 文件", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("将 a.pdf 和 b.pdf 拼接成 merged.pdf", {"pages": 5, "texts": ["Alpha 1", "Beta 1"], "out": "merged.pdf"}),
    ("a.pdf、b.pdf 合并成一个", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
)

EXTRACT = _rows(
    "extract_pages", PDF3,
    ("extract the second page of doc.pdf", {"pages": 1, "texts": ["Page 2"]}),
    ("Extract pages 1–2 from doc.pdf", {"pages": 2, "texts": ["Page 1", "Page 2"]}),
    ("copy pages 2 through 3 of doc.pdf into a new PDF", {"pages": 2, "texts": ["Page 2", "Page 3"]}),
    ("extract the last page of doc.pdf", {"pages": 1, "texts": ["Page 3"]}),
    ("can you pull pages 1 & 3 out of doc.pdf?", {"pages": 2, "texts": ["Page 1", "Page 3"]}),
    ("I only need page 2 of doc.pdf, save it separately", {"pages": 1, "texts": ["Page 2"]}),
    ("把doc.pdf的第二页提取出来", {"pages": 1, "texts": ["Page 2"]}),
    ("提取 doc.pdf 第1至2页", {"pages": 2, "texts": ["Page 1", "Page 2"]}),
    ("从 doc.pdf 中取出第 3 页", {"pages": 1, "texts": ["Page 3"]}),
    ("doc.pdf 的第2-3页导出成新文件", {"pages": 2, "texts": ["Page 2", "Page 3"]}),
)

DELETE = _rows(
    "delete_pages", PDF3,
    ("delete the last page of doc.pdf", {"pages": 2, "texts": ["Page 1", "Page 2"]}),
    ("remove pages 1 and 2 from doc.pdf", {"pages": 1, "texts": ["Page 3"]}),
    ("doc.pdf: delete page 2", {"pages": 2, "texts": ["Page 1", "Page 3"]}),
    ("please remove the first page of doc.pdf", {"pages": 2, "texts": ["Page 2", "Page 3"]}),
    ("delete p. 3 from doc.pdf", {"pages": 2, "texts": ["Page 1", "Page 2"]}),
    ("删掉 doc.pdf 的最后一页", {"pages": 2, "texts": ["Page 1", "Page 2"]}),
    ("把 doc.pdf 第1、2页去掉", {"pages": 1, "texts": ["Page 3"]}),
    ("删除doc.pdf中的第二页", {"pages": 2, "texts": ["Page 1", "Page 3"]}),
)

ROTATE = _rows(
    "rotate_pages", PDF3,
    ("rotate doc.pdf page 2 by 90 degrees", {"rotation": {2: 90}}),
    ("turn page 1 of doc.pdf 90° clockwise", {"rotation": {1: 90}}),
    ("rotate all pages of doc.pdf by 180°", {"rotation": {1: 180, 2: 180, 3: 180}}),
    ("rotate page 3 in doc.pdf to the left", {"rotation": {3: 270}}),
    ("rotate doc.pdf's 2nd page 180 degrees", {"rotation": {2: 180}}),
    ("将 doc.pdf 第3页逆时针旋转90度", {"rotation": {3: 270}}),
    ("把doc.pdf的第一页转90度", {"rotation": {1: 90}}),
    ("doc.pdf 的所有页面旋转180度", {"rotation": {1: 180, 2: 180, 3: 180}}),
)

REORDER = _rows(
    "reorder_pages", PDF3,
    ("reorder doc.pdf: 3, 2, 1", {"pages": 3, "texts": ["Page 3", "Page 2", "Page 1"]}),
    ("change the page order of doc.pdf to 2,1,3", {"pages": 3, "texts": ["Page 2", "Page 1", "Page 3"]}),
    ("doc.pdf pages in order 3 → 1 → 2", {"pages": 3, "texts": ["Page 3", "Page 1", "Page 2"]}),
    ("把 doc.pdf 的页顺序改为 3,2,1", {"pages": 3, "texts": ["Page 3", "Page 2", "Page 1"]}),
    ("doc.pdf 按 2、3、1 的顺序重新排列", {"pages": 3, "texts": ["Page 2", "Page 3", "Page 1"]}),
)

SPLIT = _rows(
    "split_pdf", PDF3,
    ("split doc.pdf into one-page files", {"parts": [["Page 1"], ["Page 2"], ["Page 3"]]}),
    ("把 doc.pdf 每页拆成单独的文件", {"parts": [["Page 1"], ["Page 2"], ["Page 3"]]}),
    ("split doc.pdf in two after page 2", {"parts": [["Page 1", "Page 2"], ["Page 3"]]}),
)

INSPECT = _rows(
    "inspect", BOOK,
    ("whats in book.xlsx", {"says": ["Sales", "Costs"]}),
    ("what sheets does book.xlsx have?", {"says": ["Sales", "Costs"]}),
    ("give me an overview of book.xlsx", {"says": ["Sales", "Costs"]}),
    ("book.xlsx 有哪些工作表？它们叫什么？", {"says": ["Sales", "Costs"]}),
    ("book.xlsx里面都有什么", {"says": ["Sales"]}),
    ("how many tabs does book.xlsx have?", {"says": ["2", "Sales", "Costs"]}),
) + _rows(
    "inspect", DECK,
    ("tell me what's in deck.pptx", {"says": ["Kickoff", "Budget"]}),
    ("how many slides does deck.pptx have", {"says": ["4"]}),
    ("what are the slide titles in deck.pptx?", {"says": ["Kickoff", "Scope", "Budget", "Next steps"]}),
    ("what's on slide 3 of deck.pptx?", {"says": ["Budget"]}),
    ("deck.pptx 一共几张？", {"says": ["4"]}),
    ("告诉我 deck.pptx 里有什么", {"says": ["Kickoff"]}),
    ("deck.pptx 的幻灯片标题都是什么？", {"says": ["Kickoff", "Scope"]}),
) + _rows(
    "inspect", PDF3,
    ("How many pages is doc.pdf?", {"says": ["3"]}),
    ("doc.pdf 一共有几页？", {"says": ["3"]}),
    ("what does page 2 of doc.pdf say?", {"says": ["Page 2 text"]}),
) + _rows(
    "inspect", DOC,
    ("What headings does x.docx have?", {"says": ["Term"]}),
    ("can you tell me what x.docx is about?", {"says": ["Service contract"]}),
    ("x.docx 讲了什么内容", {"says": ["Service contract"]}),
    ("what's inside x.docx?", {"says": ["Term"]}),
) + [
    P("what's in it?", "inspect", attach=NOTES, want={"says": ["Quarterly report"]}),
    P("What's in this file?", "inspect", attach=NOTES, want={"says": ["Quarterly report", "Results"]}),
    P("这个文件里有什么？", "inspect", attach=NOTES, want={"says": ["Quarterly report"]}),
    P("notes.md 写了什么", "inspect", NOTES, {"says": ["Quarterly report"]}),
    P("What's in book.xlsx? How many sheets?", "inspect", attach=BOOK, want={"says": ["Sales", "Costs"]}),
] + _after(
    "inspect", ONBOARD, (),
    ("how many slides does it have now?", {"says": ["4", "Welcome", "Contacts"]}),
    ("what's in the deck?", {"says": ["Tools"]}),
    ("上一个文件里有什么？", {"says": ["Welcome"]}),
) + _after(
    "inspect", ("Make a spreadsheet:\nFruit,Boxes\napple,3\npear,4",), (),
    ("what's in the spreadsheet?", {"says": ["Fruit", "Boxes"]}),
)

CREATE = [
    P("turn notes.md into a pdf and a deck", "create", NOTES,
      {"kind": "pdf", "texts": ["Sales grew"], "says": ["Ask again for the PowerPoint deck"]}),
    P("把 notes.md 做成PDF和PPT", "create", NOTES, {"kind": "pdf", "texts": ["Sales grew"], "says": ["如需 PowerPoint 演示文稿"]}),
    P("make a pdf that says Hello world", "create", want={"kind": "pdf", "texts": ["Hello world"]}),
    P("做一个PDF，内容是今天放假", "create", want={"kind": "pdf", "texts": ["今天放假"]}),
    P("I need a 3-slide deck: Intro, Plan, Q&A", "create", want={"kind": "pptx", "slide_titles": ["Intro", "Plan", "Q&A"]}),
    P("做一个PPT，三页：介绍、计划、问答", "create", want={"kind": "pptx", "slide_titles": ["介绍", "计划", "问答"]}),
    P("make a word doc with the heading Plan and bullets: eat, sleep", "create",
      want={"kind": "docx", "texts": ["Plan", "eat", "sleep"]}),
    P("make me a word doc titled Trip Plan with sections Flights, Hotel and Food", "create",
      want={"kind": "docx", "texts": ["Trip Plan", "Flights", "Hotel", "Food"]}),
    P("Create a presentation called Q3 Review with slides Revenue, Costs and Outlook", "create",
      want={"kind": "pptx", "slide_titles": ["Q3 Review", "Revenue", "Costs", "Outlook"]}),
    P("new deck “Team Offsite” with slides Agenda, Activities, Dinner", "create",
      want={"kind": "pptx", "slide_titles": ["Team Offsite", "Agenda", "Activities", "Dinner"]}),
    P("Can you make a spreadsheet with these numbers:\nitem,cost\nHotel,300\nFood,120", "create",
      want={"kind": "xlsx", "texts": ["Hotel", "300", "Food"]}),
    P("create an excel file:\nName,Score\nAda,95\nGrace,88", "create", want={"kind": "xlsx", "texts": ["Ada", "95"]}),
    P("Write a PDF:\n# Invite\n\nParty on Friday at 8pm.", "create", want={"kind": "pdf", "texts": ["Invite", "Party"]}),
    P("turn notes.md into a pdf", "create", NOTES, {"kind": "pdf", "texts": ["Sales grew"]}),
    P("make slides out of notes.md", "create", NOTES, {"kind": "pptx", "texts": ["Results"]}),
    P("convert notes.md to docx", "create", NOTES, {"kind": "docx", "texts": ["Sales grew"]}),
    P("I need a Word version of notes.md", "create", NOTES, {"kind": "docx", "texts": ["Sales grew"]}),
    P("notes.md → pptx", "create", NOTES, {"kind": "pptx", "texts": ["Results"]}),
    P("make a powerpoint from notes.md please", "create", NOTES, {"kind": "pptx", "texts": ["Results"]}),
    P("put notes.md into a spreadsheet", "create", NOTES, {"kind": "xlsx", "texts": ["North"]}),
    P("Create a document from this text:\n# Meeting notes\n\nWe agreed on the budget.", "create",
      want={"kind": "docx", "texts": ["Meeting notes", "agreed"]}),
    P("slides from the attached notes, please", "create", attach=NOTES, want={"kind": "pptx", "texts": ["Results"]}),
    P("make a word doc out of this", "create", attach=NOTES, want={"kind": "docx", "texts": ["Sales grew"]}),
    P("帮我把 notes.md 转换成 PPT", "create", NOTES, {"kind": "pptx", "texts": ["Results"]}),
    P("用 notes.md 生成一份 PDF", "create", NOTES, {"kind": "pdf", "texts": ["Sales grew"]}),
    P("把 notes.md 整理成 Word 文档", "create", NOTES, {"kind": "docx", "texts": ["Sales grew"]}),
    P("新建一个演示文稿，标题为“团队建设”，幻灯片：议程、活动、晚餐", "create",
      want={"kind": "pptx", "slide_titles": ["团队建设", "议程", "活动", "晚餐"]}),
    P("做一份电子表格：\n项目,金额\n酒店,300\n餐饮,120", "create", want={"kind": "xlsx", "texts": ["酒店", "300"]}),
    P("写一份文档：\n# 会议纪要\n\n预算已通过。", "create", want={"kind": "docx", "texts": ["会议纪要", "预算已通过"]}),
    P("把这个做成PPT：\n# 发布\n- 日期\n- 地点", "create", want={"kind": "pptx", "texts": ["发布", "日期"]}),
    P("notes.md 导出成 pdf", "create", NOTES, {"kind": "pdf", "texts": ["Sales grew"]}),
    P("生成一个Excel，内容如下：\n姓名,分数\n张三,90", "create", want={"kind": "xlsx", "texts": ["张三", "90"]}),
    P("把附件做成幻灯片", "create", attach=NOTES, want={"kind": "pptx", "texts": ["Results"]}),
    P("做一个名为“新员工”的演示文稿，包含欢迎、工具、联系人三张幻灯片", "create",
      want={"kind": "pptx", "slide_titles": ["新员工", "欢迎", "工具", "联系人"]}),
]

VERSIONS = _after(
    "undo", EDITED, NOTES,
    ("oops, undo", {"title_back": "Quarterly report"}),
    ("undo please", {"title_back": "Quarterly report"}),
    ("put it back the way it was", {"title_back": "Quarterly report"}),
    ("Undo the title change.", {"title_back": "Quarterly report"}),
    ("撤销", {"title_back": "Quarterly report"}),
    ("撤销刚才的修改", {"title_back": "Quarterly report"}),
    ("回到上一个版本", {"title_back": "Quarterly report"}),
) + _after(
    "restore", EDITED, NOTES,
    ("revert to v1", {"title_back": "Quarterly report"}),
    ("restore the first version", {"title_back": "Quarterly report"}),
    ("back to version 1 please", {"title_back": "Quarterly report"}),
    ("恢复到第1版", {"title_back": "Quarterly report"}),
    ("还原成版本 1", {"title_back": "Quarterly report"}),
)

NEAR = [P(text, None, files, want) for text, files, want in (
    ("what can you do?", (), {}),
    ("can you make PowerPoints?", (), {}),
    ("do you support Excel files?", (), {}),
    ("Can you read PDFs?", (), {}),
    ("Is it possible to rotate pages?", PDF3, {}),
    ("Can you fill PDF forms?", FORM, {}),
    ("I'll add a slide about it later myself", DECK, {}),
    ("slides are due friday", (), {}),
    ("I hate merging PDFs", TWO, {}),
    ("the deck looks great, thanks!", DECK, {}),
    ("ok", (), {}),
    ("good morning", (), {}),
    ("how many slides should a pitch deck have?", (), {}),
    ("what's the difference between docx and pdf?", (), {}),
    ("delete my account", (), {}),
    ("replace the battery", (), {}),
    ("extract juice from oranges", (), {}),
    ("should I add a section on costs?", DOC, {}),
    ("What would be a good title?", DOC, {}),
    ("你会做PPT吗？", (), {}),
    ("你能处理Excel吗", (), {}),
    ("谢谢，辛苦了", (), {}),
    ("早上好", (), {}),
    ("幻灯片要几张比较好？", (), {}),
    ("我明天再改标题", DOC, {}),
    ("这个PDF能旋转吗？", PDF3, {}),
    ("帮我想个标题", (), {}),
    ("Write me a report on climate change", (), {"says": ["can't write that content"]}),
    ("写一份关于气候变化的报告", (), {"says": ["内容"]}),
    ("change the title to Budget", ("x.docx", "contract.docx"), {"says": ["Which file", "x.docx", "contract.docx"]}),
    ("把标题改成 预算", ("x.docx", "contract.docx"), {"says": ["哪个文件", "x.docx"]}),
    ("delete page 2", ("a.pdf", "b.pdf"), {"says": ["Which file", "a.pdf", "b.pdf"]}),
    ("undo", (), {"says": ["nothing to undo"]}),
    ("new slide design is ugly", DECK, {}),
    ("make the title bold", DOC, {"says": ["not how they look"]}),
    ("preview it", DOC, {"says": ["**Preview**"]}),  # the window shows files: the card's Preview does
    ("打开看看", DOC, {"says": ["**预览**"]}),
    ("把字体改成宋体", DOC, {"says": ["不改变外观"]}),
    ("could the title be better?", DOC, {}),
    ("the title should be shorter", DOC, {}),
    ("tell me about yourself", (), {}),
    ("你叫什么名字？", (), {}),
)] + [
    P("undo", None, NOTES, {"says": ["earlier version"]}, before=REPORT),
    P("make it a PDF", None, NOTES, {"says": ["no file in this conversation yet"]},
      before=("!deny Turn notes.md into a Word report",)),
]

ALL: list[P] = [*TITLE, *SLIDES, *REMOVE, *SECTIONS, *PARAGRAPHS, *ROWS, *CELLS, *TOTALS, *COLUMNS, *CHARTS, *DUPLICATES, *MOVES, *SLIDE_NOTES, *CUT, *RENAMED,
                 *SECTIONS_CUT,
                *NO_HEADINGS, *REPLACE, *FILL, *FIELDS, *MERGE, *EXTRACT, *DELETE, *ROTATE, *REORDER, *SPLIT,
                *INSPECT, *CREATE, *VERSIONS, *NEAR]

# Export needs LibreOffice, seconds a row: a few, marked slow.
EXPORT = [
    P("save it as a pdf", "export_pdf", NOTES, {"texts": ["Sales grew"]}, before=REPORT),
    P("Could I have a PDF version of the deck?", "export_pdf", (), {"texts": ["Welcome"]}, before=ONBOARD),
    P("导出成PDF吧", "export_pdf", NOTES, {"texts": ["Sales grew"]}, before=REPORT_ZH),
    P("PDF please", "export_pdf", NOTES, {"texts": ["Sales grew"]}, before=REPORT),
]
