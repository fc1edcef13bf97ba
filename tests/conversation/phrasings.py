"""Requests as people type them, in English and Chinese, each with the intent it must trigger (None: a near
miss that must trigger none), the files in the folder before it, and what the result must hold.

Keys of ``want`` by intent: ``title``; ``bullets``; ``gone`` (a slide title that must be gone); ``heading`` and
``text``/``items``; ``rows``; ``find``/``replace``; ``values`` (form fields); ``pages`` (the new page count)
and ``texts`` (in order); ``says`` (words the reply must hold); ``kind`` and ``texts`` for a new file.
Each intent of :data:`desktop.llm.offline._intents.INTENTS` has rows here (a test checks it).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class P:
    text: str
    intent: str | None
    files: tuple[str, ...] = ()
    want: dict[str, Any] = field(default_factory=dict)
    before: tuple[str, ...] = ()  # earlier turns of the same conversation
    attach: tuple[str, ...] = ()


def _rows(intent: str | None, files: tuple[str, ...], *items: tuple[str, dict[str, Any]]) -> list[P]:
    return [P(text, intent, files, want) for text, want in items]


DOC = ("x.docx",)
DECK = ("deck.pptx",)
BOOK = ("book.xlsx",)
CONTRACT = ("contract.docx",)
PDF3 = ("doc.pdf",)
FORM = ("form.pdf",)

SET_TITLE = _rows(
    "set_title", DOC,
    ("The title should be Weekend Plan", {"title": "Weekend Plan"}),
    ("change the title to Weekend Plan", {"title": "Weekend Plan"}),
    ("Change the title to \"Weekend Plan\"", {"title": "Weekend Plan"}),
    ("set the title to Weekend Plan.", {"title": "Weekend Plan"}),
    ("rename the title to Weekend Plan", {"title": "Weekend Plan"}),
    ("make the title 'Weekend Plan'", {"title": "Weekend Plan"}),
    ("update the title to Q3 Review", {"title": "Q3 Review"}),
    ("the title needs to be Q3 Review", {"title": "Q3 Review"}),
    ("The main title should say Annual Review 2026", {"title": "Annual Review 2026"}),
    ("title it Service Agreement", {"title": "Service Agreement"}),
    ("retitle the document as Service Agreement", {"title": "Service Agreement"}),
    ("change the title of x.docx to Master Services Agreement", {"title": "Master Services Agreement"}),
    ("Title: Weekend Plan", {"title": "Weekend Plan"}),
    ("the title must be “Weekend Plan”", {"title": "Weekend Plan"}),
    ("把标题改成 周末计划", {"title": "周末计划"}),
    ("把标题改为“周末计划”", {"title": "周末计划"}),
    ("标题改成周末计划", {"title": "周末计划"}),
    ("将标题修改为 年度总结", {"title": "年度总结"}),
    ("标题应该是 年度总结", {"title": "年度总结"}),
    ("把主标题换成「服务协议」", {"title": "服务协议"}),
    ("标题设为：服务协议", {"title": "服务协议"}),
) + _rows(
    "set_title", DECK,
    ("change the title to Project Kickoff 2026", {"title": "Project Kickoff 2026"}),
    ("The title should be Launch Plan", {"title": "Launch Plan"}),
    ("把标题改成 启动会", {"title": "启动会"}),
    ("set the title of deck.pptx to Launch Plan", {"title": "Launch Plan"}),
    ("rename the deck to Launch Plan", {"title": "Launch Plan"}),
)

ADD_SLIDE = _rows(
    "add_slide", DECK,
    ("append a slide titled Risks", {"title": "Risks"}),
    ("add a slide titled Risks", {"title": "Risks"}),
    ("Add a slide called Risks", {"title": "Risks"}),
    ("add another slide named Risks", {"title": "Risks"}),
    ("add a new slide: Risks", {"title": "Risks"}),
    ("Add slide \"Open questions\"", {"title": "Open questions"}),
    ("insert a slide titled Timeline", {"title": "Timeline"}),
    ("add a slide at the end called Thanks", {"title": "Thanks"}),
    ("add a slide after the Scope slide titled Goals", {"title": "Goals", "at": 3}),
    ("add a slide titled Goals before the Budget slide", {"title": "Goals", "at": 3}),
    ("add a slide titled Risks with bullets: Budget, Timeline", {"title": "Risks", "bullets": ["Budget", "Timeline"]}),
    ("add a slide titled Risks with bullets Budget, Timeline and Staffing",
     {"title": "Risks", "bullets": ["Budget", "Timeline", "Staffing"]}),
    ("Add a slide called Team with points: Ada, Grace and Linus", {"title": "Team", "bullets": ["Ada", "Grace", "Linus"]}),
    ("append a slide titled “Next quarter” with bullet points: Hire, Ship",
     {"title": "Next quarter", "bullets": ["Hire", "Ship"]}),
    ("add one more slide titled Q&A", {"title": "Q&A"}),
    ("add a slide titled Risks to deck.pptx", {"title": "Risks"}),
    ("加一张标题为风险的幻灯片，要点：预算、时间", {"title": "风险", "bullets": ["预算", "时间"]}),
    ("加一张幻灯片，标题是风险，要点：预算、时间", {"title": "风险", "bullets": ["预算", "时间"]}),
    ("添加一张幻灯片：风险", {"title": "风险"}),
    ("再加一页，标题为下一步", {"title": "下一步"}),
    ("新增一张幻灯片，标题是“团队”，内容：张三、李四和王五", {"title": "团队", "bullets": ["张三", "李四", "王五"]}),
    ("插入一张标题为时间表的幻灯片", {"title": "时间表"}),
    ("添加一页幻灯片，题为总结", {"title": "总结"}),
    ("加一张标题为参与者的幻灯片，要点：参与者名单、联系方式",
     {"title": "参与者", "bullets": ["参与者名单", "联系方式"]}),
)

REMOVE_SLIDE = _rows(
    "remove_slide", DECK,
    ("remove slide 2", {"gone": "Scope"}),
    ("delete slide 3", {"gone": "Budget"}),
    ("Delete slide #2", {"gone": "Scope"}),
    ("drop slide number 4", {"gone": "Next steps"}),
    ("remove the last slide", {"gone": "Next steps"}),
    ("delete the final slide", {"gone": "Next steps"}),
    ("remove the slide titled Budget", {"gone": "Budget"}),
    ("delete the slide called \"Scope\"", {"gone": "Scope"}),
    ("get rid of slide 3", {"gone": "Budget"}),
    ("remove slide 2 from deck.pptx", {"gone": "Scope"}),
    ("删除第2张幻灯片", {"gone": "Scope"}),
    ("删掉第 3 张幻灯片", {"gone": "Budget"}),
    ("把最后一张幻灯片删掉", {"gone": "Next steps"}),
    ("去掉标题为Budget的幻灯片", {"gone": "Budget"}),
    ("删除最后一张幻灯片", {"gone": "Next steps"}),
    ("移除第4张幻灯片", {"gone": "Next steps"}),
)

ADD_SECTION = _rows(
    "add_section", DOC,
    ("add a section called Costs with: Hotel 300, Food 120", {"heading": "Costs", "items": ["Hotel 300", "Food 120"]}),
    ("add a section titled Risks with text: Budget is tight.", {"heading": "Risks", "text": "Budget is tight."}),
    ("Add a section named Next steps", {"heading": "Next steps"}),
    ("add a new section: Appendix", {"heading": "Appendix"}),
    ("add a section called Costs with: Hotel 1,200, Food 120 and Taxi 45",
     {"heading": "Costs", "items": ["Hotel 1,200", "Food 120", "Taxi 45"]}),
    ("add a chapter titled Background saying The project started in May.",
     {"heading": "Background", "text": "The project started in May."}),
    ("append a section titled Contacts with the text: Ada, ada@example.com",
     {"heading": "Contacts", "text": "Ada, ada@example.com"}),
    ("add a heading called Summary", {"heading": "Summary"}),
    ("Add another section titled \"Open issues\" with content: None so far.",
     {"heading": "Open issues", "text": "None so far."}),
    ("add a section about Timeline", {"heading": "Timeline"}),
    ("add a section called Costs to x.docx", {"heading": "Costs"}),
    ("添加一节，标题是费用，内容：酒店 300，餐饮 120。", {"heading": "费用", "text": "酒店 300，餐饮 120"}),
    ("加一个章节：风险", {"heading": "风险"}),
    ("新增一个部分，标题为“下一步”", {"heading": "下一步"}),
    ("增加一节，题为背景，内容：项目始于五月。", {"heading": "背景", "text": "项目始于五月"}),
    ("添加一个标题为附录的章节", {"heading": "附录"}),
    ("加一节 联系人，包括：张三、李四", {"heading": "联系人", "items": ["张三", "李四"]}),
)

ADD_PARAGRAPH = _rows(
    "add_paragraph", DOC,
    ("add a paragraph under Term: The notice period is 30 days.",
     {"heading": "Term", "text": "The notice period is 30 days."}),
    ("Add a sentence to the Term section saying Either side may end it.",
     {"heading": "Term", "text": "Either side may end it."}),
    ("add 'Renewal is automatic.' under Term", {"heading": "Term", "text": "Renewal is automatic."}),
    # a point, not a paragraph: a list item ("a bullet point to the Term section" made a section of that name)
    ("add a bullet point to the Term section: Renewal is automatic",
     {"heading": "Term", "text": "Renewal is automatic", "bullet": True}),
    ("在Term下面加一个要点：自动续约", {"heading": "Term", "text": "自动续约", "bullet": True}),
    ("add a line at the end: Signed in Berlin.", {"text": "Signed in Berlin."}),
    ("在“Term”下面加一段：通知期为 30 天。", {"heading": "Term", "text": "通知期为 30 天。"}),
    ("在 Term 部分后面补充一句：双方均可提前终止。", {"heading": "Term", "text": "双方均可提前终止。"}),
    ("加一段：本合同一式两份。", {"text": "本合同一式两份。"}),
)

ADD_ROWS = _rows(
    "add_rows", BOOK,
    ("add a row: Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("add a row: Apr, 1400, 1000", {"rows": [["Apr", 1400, 1000]]}),
    ("Add a new row: Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("add rows: Apr,1400,1000; May,1800,1150", {"rows": [["Apr", 1400, 1000], ["May", 1800, 1150]]}),
    ("add these rows:\nApr,1400,1000\nMay,1800,1150", {"rows": [["Apr", 1400, 1000], ["May", 1800, 1150]]}),
    ("append a row: Apr,1400.5,1000", {"rows": [["Apr", 1400.5, 1000]]}),
    ("add another row: Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("insert a row: Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("add a row to book.xlsx: Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("add the following rows: Apr,1400,1000; May,1800,1150", {"rows": [["Apr", 1400, 1000], ["May", 1800, 1150]]}),
    ("add two rows: Apr,1400,1000; May,1800,1150", {"rows": [["Apr", 1400, 1000], ["May", 1800, 1150]]}),
    ("add a row with: Apr,1400,1000", {"rows": [["Apr", 1400, 1000]]}),
    ("添加一行：四月,1400,1000", {"rows": [["四月", 1400, 1000]]}),
    ("加一行：四月，1400，1000", {"rows": [["四月", 1400, 1000]]}),
    ("新增一行: 四月,1400,1000", {"rows": [["四月", 1400, 1000]]}),
    ("增加几行：四月,1400,1000；五月,1800,1150", {"rows": [["四月", 1400, 1000], ["五月", 1800, 1150]]}),
    ("追加一行数据：四月,1400,1000", {"rows": [["四月", 1400, 1000]]}),
)

REPLACE = _rows(
    "replace_text", CONTRACT,
    ("In contract.docx, change every 2024 to 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("In contract.docx replace \"Acme Ltd.\" with \"Mira GmbH\"", {"find": "Acme Ltd.", "replace": "Mira GmbH"}),
    ("replace Acme with Mira in contract.docx", {"find": "Acme", "replace": "Mira"}),
    ("replace all 2024 with 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("change 2024 to 2025 in contract.docx", {"find": "2024", "replace": "2025"}),
    # a fix said as what is wrong
    ("in contract.docx the word Acme is a typo, it should be Acne", {"find": "Acme", "replace": "Acne"}),
    ("\"price list\" is wrong, it should say \"rate card\"", {"find": "price list", "replace": "rate card"}),
    ("contract.docx 里 Acme 拼错了，应为 Acne", {"find": "Acme", "replace": "Acne"}),
    ("price list 是错别字，应该是 rate card", {"find": "price list", "replace": "rate card"}),
    ("change 'Acme' to 'Mira'", {"find": "Acme", "replace": "Mira"}),
    ("Change “Acme” to “Mira”", {"find": "Acme", "replace": "Mira"}),
    ("replace every Acme with Mira", {"find": "Acme", "replace": "Mira", "every": True}),
    ("swap Acme for Mira", {"find": "Acme", "replace": "Mira"}),
    ("Acme → Mira", {"find": "Acme", "replace": "Mira"}),
    ("2024 -> 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("In contract.docx: replace all occurrences of 2024 with 2025.", {"find": "2024", "replace": "2025", "every": True}),
    ("correct Acme to Mira", {"find": "Acme", "replace": "Mira"}),
    ("update every 2024 to 2025 throughout the document", {"find": "2024", "replace": "2025", "every": True}),
    ("replace 'price list' by 'rate card'", {"find": "price list", "replace": "rate card"}),
    ("把 contract.docx 中的“2024”改成“2025”", {"find": "2024", "replace": "2025"}),
    ("把2024改成2025", {"find": "2024", "replace": "2025"}),
    ("将所有的2024替换为2025", {"find": "2024", "replace": "2025", "every": True}),
    ("把“Acme”换成“Mira”", {"find": "Acme", "replace": "Mira"}),
    ("把 Acme 替换成 Mira", {"find": "Acme", "replace": "Mira"}),
    ("把文档里的2024都改为2025", {"find": "2024", "replace": "2025", "every": True}),
    ("将「Acme Ltd.」更改为「米拉公司」", {"find": "Acme Ltd.", "replace": "米拉公司"}),
    ("2024全部替换为2025", {"find": "2024", "replace": "2025", "every": True}),
    ("用修订模式把 contract.docx 中的“Acme”改成“Mira”", {"find": "Acme", "replace": "Mira", "tracked": True}),
    ("Suggest changes in contract.docx: replace \"Acme\" with \"Mira\"", {"find": "Acme", "replace": "Mira", "tracked": True}),
)

FILL = _rows(
    "fill_form", FORM,
    ("fill in form.pdf: Name = Ada Lovelace, Date = 2026-12-01", {"values": {"Name": "Ada Lovelace", "Date": "2026-12-01"}}),
    ("Fill out form.pdf with Name: Grace Hopper and City: Arlington",
     {"values": {"Name": "Grace Hopper", "City": "Arlington"}}),
    ("fill form.pdf: Name: Ada; City: London", {"values": {"Name": "Ada", "City": "London"}}),
    ("Fill in form.pdf with name = Ada Lovelace and date = 2026-12-01",
     {"values": {"Name": "Ada Lovelace", "Date": "2026-12-01"}}),
    ("fill out form.pdf:\nName: Ada Lovelace\nCity: London", {"values": {"Name": "Ada Lovelace", "City": "London"}}),
    ("fill in form.pdf using Name: \"Lovelace, Ada\" and City: London",
     {"values": {"Name": "Lovelace, Ada", "City": "London"}}),
    ("please fill in form.pdf — City: Paris", {"values": {"City": "Paris"}}),
    ("fill form.pdf with City = New York, Date = 2027-01-15", {"values": {"City": "New York", "Date": "2027-01-15"}}),
    ("填写 form.pdf：Name：张三，City：北京", {"values": {"Name": "张三", "City": "北京"}}),
    ("填写 form.pdf：Name = 张三；Date = 2026-12-01", {"values": {"Name": "张三", "Date": "2026-12-01"}}),
    ("把 form.pdf 填好：City：上海", {"values": {"City": "上海"}}),
    ("填写form.pdf，Name：李四，City：深圳", {"values": {"Name": "李四", "City": "深圳"}}),
)

FIELDS = _rows(
    "form_fields", FORM,
    ("What fields does form.pdf have?", {"says": ["Name", "Date", "City"]}),
    ("which fields are in form.pdf", {"says": ["Name", "City"]}),
    ("list the form fields of form.pdf", {"says": ["Name", "City"]}),
    ("show me the fields in form.pdf", {"says": ["Date"]}),
    ("form.pdf 有哪些字段？", {"says": ["Name", "City"]}),
    ("列出字段：form.pdf", {"says": ["Name"]}),
)

MERGE = _rows(
    "merge_pdf", ("a.pdf", "b.pdf"),
    ("Combine a.pdf and b.pdf into one PDF", {"pages": 5, "texts": ["Alpha 1", "Beta 3"]}),
    ("merge a.pdf and b.pdf", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("Merge b.pdf and a.pdf into all.pdf", {"pages": 5, "texts": ["Beta 1", "Alpha 2"], "out": "all.pdf"}),
    ("join a.pdf with b.pdf", {"pages": 5, "texts": ["Alpha 1"]}),
    ("put a.pdf and b.pdf together", {"pages": 5, "texts": ["Alpha 1", "Beta 2"]}),
    ("combine a.pdf, b.pdf into combined.pdf", {"pages": 5, "texts": ["Alpha 1"], "out": "combined.pdf"}),
    ("把 a.pdf 和 b.pdf 合并成一个 PDF", {"pages": 5, "texts": ["Alpha 1", "Beta 3"]}),
    ("合并 a.pdf、b.pdf", {"pages": 5, "texts": ["Alpha 1"]}),
    ("把a.pdf和b.pdf合并为all.pdf", {"pages": 5, "texts": ["Alpha 1"], "out": "all.pdf"}),
    ("将 b.pdf 与 a.pdf 合在一起", {"pages": 5, "texts": ["Beta 1", "Alpha 1"]}),
)

EXTRACT = _rows(
    "extract_pages", PDF3,
    ("Extract page 2 from doc.pdf", {"pages": 1, "texts": ["Page 2"]}),
    ("extract pages 2-3 of doc.pdf", {"pages": 2, "texts": ["Page 2", "Page 3"]}),
    ("pull out page 3 from doc.pdf", {"pages": 1, "texts": ["Page 3"]}),
    ("save pages 1 and 3 of doc.pdf as a new file", {"pages": 2, "texts": ["Page 1", "Page 3"]}),
    ("get page 1 of doc.pdf", {"pages": 1, "texts": ["Page 1"]}),
    ("take out pages 1 to 2 from doc.pdf", {"pages": 2, "texts": ["Page 1", "Page 2"]}),
    ("extract p. 2 of doc.pdf", {"pages": 1, "texts": ["Page 2"]}),
    ("提取 doc.pdf 的第2页", {"pages": 1, "texts": ["Page 2"]}),
    ("把 doc.pdf 第2到3页单独保存", {"pages": 2, "texts": ["Page 2", "Page 3"]}),
    ("取出doc.pdf的第1、3页", {"pages": 2, "texts": ["Page 1", "Page 3"]}),
)

DELETE = _rows(
    "delete_pages", PDF3,
    ("delete page 3 of doc.pdf", {"pages": 2, "texts": ["Page 1", "Page 2"]}),
    ("remove page 1 from doc.pdf", {"pages": 2, "texts": ["Page 2", "Page 3"]}),
    ("drop pages 2-3 from doc.pdf", {"pages": 1, "texts": ["Page 1"]}),
    ("get rid of page 2 in doc.pdf", {"pages": 2, "texts": ["Page 1", "Page 3"]}),
    ("删除 doc.pdf 的第3页", {"pages": 2, "texts": ["Page 1", "Page 2"]}),
    ("去掉doc.pdf第1页", {"pages": 2, "texts": ["Page 2", "Page 3"]}),
    ("把 doc.pdf 的第 2 页删掉", {"pages": 2, "texts": ["Page 1", "Page 3"]}),
)

ROTATE = _rows(
    "rotate_pages", PDF3,
    ("rotate page 1 of doc.pdf", {"rotation": {1: 90}}),
    ("rotate page 2 of doc.pdf by 180 degrees", {"rotation": {2: 180}}),
    ("rotate pages 1-2 of doc.pdf 90° counterclockwise", {"rotation": {1: 270, 2: 270}}),  # /Rotate turns clockwise
    ("turn page 3 of doc.pdf upside down", {"rotation": {3: 180}}),
    ("旋转 doc.pdf 的第1页", {"rotation": {1: 90}}),
    ("把 doc.pdf 第2页旋转180度", {"rotation": {2: 180}}),
)

REORDER = _rows(
    "reorder_pages", PDF3,
    ("reorder the pages of doc.pdf to 3, 1, 2", {"pages": 3, "texts": ["Page 3", "Page 1", "Page 2"]}),
    ("put the pages of doc.pdf in the order 2, 3, 1", {"pages": 3, "texts": ["Page 2", "Page 3", "Page 1"]}),
    ("rearrange doc.pdf pages as 3 2 1", {"pages": 3, "texts": ["Page 3", "Page 2", "Page 1"]}),
    ("把 doc.pdf 的页面顺序调整为 3、1、2", {"pages": 3, "texts": ["Page 3", "Page 1", "Page 2"]}),
    ("重新排列 doc.pdf 的页：2，1，3", {"pages": 3, "texts": ["Page 2", "Page 1", "Page 3"]}),
    ("put page 3 first", {"pages": 3, "texts": ["Page 3", "Page 1", "Page 2"]}),
    ("move page 1 to the end of doc.pdf", {"pages": 3, "texts": ["Page 2", "Page 3", "Page 1"]}),
    ("move page 1 after page 2", {"pages": 3, "texts": ["Page 2", "Page 1", "Page 3"]}),
    ("把第3页移到最前面", {"pages": 3, "texts": ["Page 3", "Page 1", "Page 2"]}),
    ("把第1页挪到第2页后面", {"pages": 3, "texts": ["Page 2", "Page 1", "Page 3"]}),
)

INSPECT = _rows(
    "inspect", BOOK,
    ("How many sheets are in book.xlsx and what are they called?", {"says": ["2", "Sales", "Costs"]}),
    ("What's in book.xlsx?", {"says": ["Sales", "Costs"]}),
    ("what is in book.xlsx", {"says": ["Sales"]}),
    ("list the sheets in book.xlsx", {"says": ["Sales", "Costs"]}),
    ("book.xlsx 里有什么？", {"says": ["Sales", "Costs"]}),
    ("book.xlsx 有几个工作表？", {"says": ["Sales", "Costs"]}),
    ("查看 book.xlsx", {"says": ["Sales"]}),
) + _rows(
    "inspect", DOC,
    ("x.docx 里有什么？", {"says": ["Service contract", "Term"]}),
    ("What's in x.docx?", {"says": ["Service contract"]}),
    ("what does x.docx contain?", {"says": ["Term"]}),
    ("show me the structure of x.docx", {"says": ["Term"]}),
    ("Inspect x.docx", {"says": ["Service contract"]}),
    ("x.docx 里面是什么", {"says": ["Service contract"]}),
    ("看看 x.docx 写了什么", {"says": ["Term"]}),
    ("x.docx有什么内容", {"says": ["Term"]}),
    ("how many paragraphs are in x.docx", {"says": ["2 paragraphs"]}),
) + _rows(
    "inspect", DECK,
    ("how many slides are in deck.pptx?", {"says": ["4", "Kickoff", "Budget"]}),
    ("list the slides of deck.pptx", {"says": ["Scope", "Next steps"]}),
    ("deck.pptx 有几张幻灯片？", {"says": ["Kickoff"]}),
    ("What's inside deck.pptx", {"says": ["Budget"]}),
) + _rows(
    "inspect", PDF3,
    ("how many pages does doc.pdf have", {"says": ["3"]}),
    ("What's in doc.pdf?", {"says": ["Page 1"]}),
    ("doc.pdf 有多少页", {"says": ["3"]}),
) + [
    P("what's on page 2 of doc.pdf?", "inspect", PDF3, {"says": ["Page 2 text"]}),
    P("doc.pdf 第3页写了什么？", "inspect", PDF3, {"says": ["Page 3 text"]}),
    P("What's in notes.md?", "inspect", attach=("notes.md",), want={"says": ["Quarterly report", "Results"]}),
    P("what is in notes.md", "inspect", ("notes.md",), {"says": ["Quarterly report"]}),
    P("notes.md 里有什么？", "inspect", ("notes.md",), {"says": ["Quarterly report"]}),
    P("What's in broken.docx?", "inspect", ("broken.docx",), {"says": ["corrupt"], "not_says": ["no file was changed"]}),
    P("broken.docx 里有什么？", "inspect", ("broken.docx",), {"says": ["损坏"], "not_says": ["没有更改"]}),
]

CREATE = [
    P("Create a deck called Onboarding with slides Welcome, Tools and Contacts", "create",
      want={"kind": "pptx", "slide_titles": ["Onboarding", "Welcome", "Tools", "Contacts"]}),
    P("Make a presentation titled Launch with slides Goals, Plan and Risks", "create",
      want={"kind": "pptx", "slide_titles": ["Launch", "Goals", "Plan", "Risks"]}),
    P("create slides called Kickoff with sections Agenda, Team and Budget", "create",
      want={"kind": "pptx", "slide_titles": ["Kickoff", "Agenda", "Team", "Budget"]}),
    P("Write a memo titled Office Move with headings Timeline and Budget, and a table of costs: Movers 1200, Boxes 150",
      "create", want={"kind": "docx", "texts": ["Office Move", "Timeline", "Budget", "Movers", "1200"]}),
    P("Make a Word document from this:\n# Trip\n\n- Pack\n- Go", "create", want={"kind": "docx", "texts": ["Trip", "Pack"]}),
    P("Turn notes.md into a Word report", "create", ("notes.md",), {"kind": "docx", "texts": ["Sales grew"]}),
    P("Turn notes.md into slides", "create", ("notes.md",), {"kind": "pptx", "texts": ["Results"]}),
    P("Export notes.md as a PDF please", "create", ("notes.md",), {"kind": "pdf", "texts": ["Sales grew"]}),
    P("Make a spreadsheet:\nname,qty\napple,3\npear,4", "create", want={"kind": "xlsx", "texts": ["apple", "pear"]}),
    P("make a spreadsheet with totals:\nitem,cost\nhotel,300\nfood,120", "create",
      want={"kind": "xlsx", "texts": ["hotel", "food"]}),
    P("把 notes.md 做成 Word 文档", "create", ("notes.md",), {"kind": "docx", "texts": ["Sales grew"]}),
    P("把 notes.md 转成 PDF", "create", ("notes.md",), {"kind": "pdf", "texts": ["Sales grew"]}),
    P("把这些内容做成幻灯片：\n# 介绍\n- 你好\n- 世界", "create", want={"kind": "pptx", "texts": ["介绍", "你好"]}),
    P("生成电子表格：\n名称,数量\n苹果,3", "create", want={"kind": "xlsx", "texts": ["苹果"]}),
    P("写一份标题为搬家计划的备忘录，包含时间表和预算两个章节", "create",
      want={"kind": "docx", "texts": ["搬家计划", "时间表", "预算"]}),
    P("做一个名为入职培训的演示文稿，章节为欢迎、工具和联系人", "create",
      want={"kind": "pptx", "slide_titles": ["入职培训", "欢迎", "工具", "联系人"]}),
    # the help's own examples (test_every_example_the_help_gives_is_understood), and ways people say them
    P("A memo titled Office Move with headings Timeline and Budget", "create",
      want={"kind": "docx", "texts": ["Office Move", "Timeline", "Budget"]}),
    P("做一个名为入职培训的演示文稿，幻灯片为欢迎、工具和联系人", "create",
      want={"kind": "pptx", "slide_titles": ["入职培训", "欢迎", "工具", "联系人"]}),
    P("做一个叫入职培训的演示文稿，包括欢迎、工具、联系人三页", "create",
      want={"kind": "pptx", "slide_titles": ["入职培训", "欢迎", "工具", "联系人"]}),
    P("写一份叫搬家计划的备忘录，包括时间表和预算两个部分", "create",
      want={"kind": "docx", "texts": ["搬家计划", "时间表", "预算"]}),
    P("Turn x.docx into slides", "create", DOC, {"kind": "pptx", "texts": ["Term"]}),
    P("把这份Word做成PPT", "create", DOC, {"kind": "pptx", "texts": ["Term"]}),
    # the content starts on the instruction's own line, after its colon
    P("Make slides: # Launch\n## Goals\n- Ship v1\n- Win users", "create",
      want={"kind": "pptx", "slide_titles": ["Launch", "Goals"]}),
    P("Make a spreadsheet: fruit,boxes\napple,3\npear,4", "create", want={"kind": "xlsx", "texts": ["fruit", "apple", "pear"]}),
    P("做成PPT：# 发布计划\n## 目标\n- 上线", "create", want={"kind": "pptx", "slide_titles": ["发布计划", "目标"]}),
]

RECALC = _rows(
    "recalc", BOOK,
    ("Recalculate book.xlsx", {}),
    ("recalc the formulas in book.xlsx", {}),
    ("重算 book.xlsx 里的公式", {}),
    ("重新计算 book.xlsx", {}),
)

MORE = _rows(
    "set_title", DECK,
    ("title it Launch Plan", {"title": "Launch Plan"}),
    ("标题应该是 发布计划", {"title": "发布计划"}),
    ("Could you change the title to Launch Plan please", {"title": "Launch Plan"}),
) + _rows(
    "set_title", DOC,
    ("can you set the title to Weekend Plan?", {"title": "Weekend Plan"}),
    ("please change the title to: Weekend Plan", {"title": "Weekend Plan"}),
    ("能把标题改成周末计划吗？", {"title": "周末计划"}),
) + _rows(
    "add_slide", DECK,
    ("Can you add a slide titled Risks?", {"title": "Risks"}),
    ("please append a slide called Summary with bullets: Done, Next", {"title": "Summary", "bullets": ["Done", "Next"]}),
    ("add an extra slide named Appendix", {"title": "Appendix"}),
    ("帮我加一张幻灯片，标题为“问答”", {"title": "问答"}),
) + _rows(
    "remove_slide", DECK,
    ("please remove slide 3", {"gone": "Budget"}),
    ("可以删掉第2张幻灯片吗", {"gone": "Scope"}),
) + _rows(
    "add_rows", BOOK,
    ("please add a row: Apr, 1,400, 1,000", {"rows": [["Apr", 1400, 1000]]}),
    ("add a row: Apr\t1400\t1000", {"rows": [["Apr", 1400, 1000]]}),
    ("再加一行：四月,1400,1000", {"rows": [["四月", 1400, 1000]]}),
) + _rows(
    "replace_text", CONTRACT,
    ("please replace Acme with Mira", {"find": "Acme", "replace": "Mira"}),
    ("could you change every 2024 to 2025 in contract.docx?", {"find": "2024", "replace": "2025", "every": True}),
    ("substitute 2024 with 2026", {"find": "2024", "replace": "2026"}),
    ("把合同里的“Acme Ltd.”替换为“Mira AG”", {"find": "Acme Ltd.", "replace": "Mira AG"}),
    ("请把 2024 全部改成 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("In contract.docx change all 2024 to 2025", {"find": "2024", "replace": "2025", "every": True}),
) + _rows(
    "fill_form", FORM,
    ("fill in form.pdf — Name: Ada Lovelace, City: London, Date: 2026-12-01",
     {"values": {"Name": "Ada Lovelace", "City": "London", "Date": "2026-12-01"}}),
    ("Fill the form form.pdf with City: Oslo", {"values": {"City": "Oslo"}}),
) + _rows(
    "inspect", BOOK,
    ("what are the sheets in book.xlsx called?", {"says": ["Sales", "Costs"]}),
    ("how many rows does book.xlsx have", {"says": ["Sales"]}),
    ("看看 book.xlsx", {"says": ["Costs"]}),
) + _rows(
    "inspect", DECK,
    ("what slides are in deck.pptx", {"says": ["Kickoff"]}),
    ("deck.pptx 里面有什么", {"says": ["Scope"]}),
) + [
    P("Make a Word document titled Trip with sections Flights, Hotel and Food", "create",
      want={"kind": "docx", "texts": ["Trip", "Flights", "Hotel", "Food"]}),
    P("a PDF with headings Intro and Plan", "create", want={"kind": "pdf", "texts": ["Intro", "Plan"]}),
    P("Turn notes.md into an Excel workbook", "create", ("notes.md",), {"kind": "xlsx", "texts": ["North"]}),
    P("notes.md 做成PPT", "create", ("notes.md",), {"kind": "pptx", "texts": ["Results"]}),
    P("把 notes.md 做成 PDF", "create", ("notes.md",), {"kind": "pdf", "texts": ["Sales grew"]}),
] + [P(text, None, files) for text, files in (
    ("Where is the title?", DOC),
    ("Why is slide 2 empty?", DECK),
    ("How do I merge cells in Excel?", BOOK),
    ("how to rotate a page in acrobat", PDF3),
    ("what does undo do?", ()),
    ("为什么标题这么长？", DOC),
    ("怎么删除幻灯片", DECK),
    ("如何合并PDF", ()),
    ("is the form filled in?", FORM),
    ("Thanks, that's all", ()),
)]

WORDING = _rows(
    "set_title", DOC,
    ("call it Weekend Plan", {"title": "Weekend Plan"}),
    ("Make the document title 'Weekend Plan'", {"title": "Weekend Plan"}),
    ("the document's title should be Weekend Plan", {"title": "Weekend Plan"}),
    ("标题叫周末计划", {"title": "周末计划"}),
    ("把题目改成 周末计划", {"title": "周末计划"}),
) + _rows(
    "replace_text", CONTRACT,
    ("replace the word Acme with Mira", {"find": "Acme", "replace": "Mira"}),
    ("Change the heading 'Term' to 'Duration'", {"find": "Term", "replace": "Duration"}),
    ("replace every instance of 2024 with 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("change all occurrences of 2024 to 2025", {"find": "2024", "replace": "2025", "every": True}),
    ("把所有“2024”都换成“2025”", {"find": "2024", "replace": "2025", "every": True}),
)

PEOPLE = _rows(
    "add_rows", BOOK,
    ("add a row to the Costs sheet: Travel, 500", {"rows": [["Travel", 500]], "sheet": "Costs"}),
    ("add rows to the \"Costs\" tab: Travel, 500; Food, 120", {"rows": [["Travel", 500], ["Food", 120]], "sheet": "Costs"}),
) + _rows(
    "replace_text", CONTRACT,
    ("replace Acme Ltd. with Mira AG", {"find": "Acme Ltd.", "replace": "Mira AG", "exact": "Mira AG signs"}),
) + _rows(
    "merge_pdf", ("a.pdf", "b.pdf"),
    ("merge the two PDFs", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("combine all the pdfs", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
    ("把这两个PDF合并", {"pages": 5, "texts": ["Alpha 1", "Beta 1"]}),
) + _rows(
    "split_pdf", PDF3,
    ("split doc.pdf into single pages", {"parts": [["Page 1"], ["Page 2"], ["Page 3"]]}),
    ("split doc.pdf after page 1", {"parts": [["Page 1"], ["Page 2", "Page 3"]]}),
    ("split doc.pdf into separate files", {"parts": [["Page 1"], ["Page 2"], ["Page 3"]]}),
    ("把 doc.pdf 拆分成单页", {"parts": [["Page 1"], ["Page 2"], ["Page 3"]]}),
    ("从第2页之后拆分 doc.pdf", {"parts": [["Page 1", "Page 2"], ["Page 3"]]}),
)

NOTES = _rows(
    "set_notes", DECK,
    ("add speaker notes to slide 1: welcome everyone", {"slide": 1, "notes": "welcome everyone"}),
    ("notes for slide 2: talk about the scope first", {"slide": 2, "notes": "talk about the scope first"}),
    ("slide 3 notes: keep this one short", {"slide": 3, "notes": "keep this one short"}),
    ("set the notes of slide 4 to Thank everyone.", {"slide": 4, "notes": "Thank everyone."}),
    ("给第2张幻灯片加备注：先讲范围", {"slide": 2, "notes": "先讲范围"}),
    ("第1张的备注改成：欢迎大家", {"slide": 1, "notes": "欢迎大家"}),
    ("为第3张幻灯片添加演讲者备注：预算要简短", {"slide": 3, "notes": "预算要简短"}),
) + _rows(
    "swap_slides", DECK,
    ("swap slides 2 and 3", {"order": ["Kickoff", "Budget", "Scope", "Next steps"]}),
    ("switch slide 1 with slide 4", {"order": ["Next steps", "Scope", "Budget", "Kickoff"]}),
    ("exchange slides 3 and 2", {"order": ["Kickoff", "Budget", "Scope", "Next steps"]}),
    ("把第1张和第4张互换", {"order": ["Next steps", "Scope", "Budget", "Kickoff"]}),
    ("交换第2张和第3张幻灯片", {"order": ["Kickoff", "Budget", "Scope", "Next steps"]}),
) + _rows(
    "set_title", DECK,
    ("rename slide 2 to Goals", {"slide_title": (2, "Goals")}),
    ("make slide 3's title \"Money\"", {"slide_title": (3, "Money")}),
) + _rows(
    "add_slide", DECK,
    ("add a slide after slide 2 called Risks", {"title": "Risks", "at": 3}),
    ("add a slide titled Agenda before slide 1", {"title": "Agenda", "at": 1}),
    ("在第2张后面插入一张幻灯片，标题：风险", {"title": "风险", "at": 3}),
) + _rows(
    "add_paragraph", DOC,
    ("在文末加一段：本合同一式两份。", {"text": "本合同一式两份。"}),
) + _rows(
    "replace_text", CONTRACT,
    ("fix the typo: 2024 -> 2025", {"find": "2024", "replace": "2025"}),
    ("typo: Acme Ltd. → Mira AG", {"find": "Acme Ltd.", "replace": "Mira AG", "exact": "Mira AG signs for the client."}),
)

_NO_TERM = {"gone": ("Term", "This contract runs from 2024-01-01"), "kept": "Service contract"}
DELETE_SECTION = _rows(
    "delete_section", CONTRACT,
    ("delete the Term section", _NO_TERM),
    ("remove the section called Term", _NO_TERM),
    ("get rid of the whole Term section", _NO_TERM),
    ("删掉“Term”这一节", _NO_TERM),
    ("把Term这部分删了吧", _NO_TERM),
    # by its place among the top sections, the outline read first (it looked for a heading "last")
    ("delete the last section", _NO_TERM),
    ("remove section 1", _NO_TERM),
    ("删掉最后一节", _NO_TERM),
) + [
    P("delete section 5", "delete_section", CONTRACT, {"says": ("no such section", "Term"), "unchanged": True}),
]

RENAME_HEADING = _rows(
    "rename_heading", CONTRACT,
    ("rename the Term section to Duration", {"renamed": ("Term", "Duration")}),
    ("rename the heading Term to Length", {"renamed": ("Term", "Length")}),
    ("the Term section should be called Period", {"renamed": ("Term", "Period")}),
    ("change the Term heading to \"Contract period\"", {"renamed": ("Term", "Contract period")}),
    ("把“Term”这一节改名为“期限”", {"renamed": ("Term", "期限")}),
    ("把章节“Term”改成“合同期”", {"renamed": ("Term", "合同期")}),
)

DELETE_PARAGRAPH = _rows(
    "delete_paragraph", CONTRACT,
    ("delete the paragraph about prices", {"gone": "Prices are those"}),
    ("remove the sentence that says This contract runs", {"gone": "This contract runs"}),
    ("delete the paragraph containing Acme Ltd.", {"gone": "Acme Ltd."}),
    ("get rid of the paragraph starting with \"Prices\"", {"gone": "Prices are those"}),
    ("删除包含“Acme”的那段话", {"gone": "Acme"}),
    ("把提到“2024-01-01”的段落删掉", {"gone": "2024-01-01"}),
)

SET_CELLS = _rows(
    "set_cells", BOOK,
    ("set B3 to 1400", {"cells": {"Sales!B3": 1400}}),
    ("change B2 to 1,250", {"cells": {"Sales!B2": 1250}}),
    ("change cell C4 to 999 in book.xlsx", {"cells": {"Sales!C4": 999}}),
    ("B3 should be 1500", {"cells": {"Sales!B3": 1500}}),
    ("put 42 in D2", {"cells": {"Sales!D2": 42}}),
    ("set B5 to =SUM(B2:B4)", {"cells": {"Sales!B5": "=SUM(B2:B4)"}}),
    ("set B2 to 1100 and C2 to 880", {"cells": {"Sales!B2": 1100, "Sales!C2": 880}}),
    ("on the Costs sheet, set B2 to 2100", {"cells": {"Costs!B2": 2100}}),
    ("set A3 to \"Rent + heat\" on the Costs sheet", {"cells": {"Costs!A3": "Rent + heat"}}),
    ("update Costs!B2 to 1950", {"cells": {"Costs!B2": 1950}}),
    ("把 B3 改成 1400", {"cells": {"Sales!B3": 1400}}),
    ("将 C2 的值改为 880", {"cells": {"Sales!C2": 880}}),
    ("B4 设为 1300，C4 设为 1020", {"cells": {"Sales!B4": 1300, "Sales!C4": 1020}}),
    ("在 D1 填入 合计", {"cells": {"Sales!D1": "合计"}}),
    ("把 Costs 工作表的 B2 改成 2100", {"cells": {"Costs!B2": 2100}}),
    ("clear B3", {"cells": {"Sales!B3": None}}),
    ("empty C2 and C3", {"cells": {"Sales!C2": None, "Sales!C3": None}}),
    ("把 B4 清空", {"cells": {"Sales!B4": None}}),
    ("删除 C4 的内容", {"cells": {"Sales!C4": None}}),
    # typed without spaces, as Chinese is: the cell stands next to Chinese characters
    ("把B3改成1400", {"cells": {"Sales!B3": 1400}}),
    ("将C2设为880", {"cells": {"Sales!C2": 880}}),
    ("把Costs工作表的B2改成2100", {"cells": {"Costs!B2": 2100}}),
    ("清空B3", {"cells": {"Sales!B3": None}}),
)

_SUMS = {"Sales!B5": "=SUM(B2:B4)", "Sales!C5": "=SUM(C2:C4)"}
_SUMMED = {"Sales!B5": 3750, "Sales!C5": 2860}
TOTALS = _rows(
    "add_total", BOOK,
    ("add a total row", {"cells": {"Sales!A5": "Total", **_SUMS}, "values": _SUMMED}),
    ("Add totals to book.xlsx.", {"cells": {"Sales!A5": "Total", **_SUMS}, "values": _SUMMED}),
    ("add a totals row at the bottom", {"cells": {"Sales!A5": "Total", **_SUMS}, "values": _SUMMED}),
    ("please add a grand total line", {"cells": {"Sales!A5": "Total", **_SUMS}, "values": _SUMMED}),
    ("total each column", {"cells": {"Sales!A5": "Total", **_SUMS}, "values": _SUMMED}),
    ("sum up all the columns", {"cells": {"Sales!A5": "Total", **_SUMS}, "values": _SUMMED}),
    ("add a total row to the Costs sheet", {"cells": {"Costs!A3": "Total", "Costs!B3": "=SUM(B2:B2)"},
                                            "values": {"Costs!B3": 2000}}),
    ("加一行合计", {"cells": {"Sales!A5": "合计", **_SUMS}, "values": _SUMMED}),
    ("在最后一行加上合计", {"cells": {"Sales!A5": "合计", **_SUMS}, "values": _SUMMED}),
    ("帮我合计一下", {"cells": {"Sales!A5": "合计", **_SUMS}, "values": _SUMMED}),
    ("底部添加总计行", {"cells": {"Sales!A5": "合计", **_SUMS}, "values": _SUMMED}),
) + [
    # a second total is not stacked on the first: the reply says the last row sums already
    P("add a total row", "add_total", BOOK, {"says": ("already sums",), "unchanged": True}, before=("add a total row",)),
    P("加一行合计", "add_total", BOOK, {"says": ("已经是合计行",), "unchanged": True}, before=("加一行合计",)),
]

_MARGIN = {"cells": {"Sales!D1": "Margin", "Sales!D2": 300, "Sales!D3": 350, "Sales!D4": 240}}
COLUMNS = _rows(
    "add_column", BOOK,
    ("add a column Margin: 300, 350, 240", _MARGIN),
    ("Add a new column called Margin with values: 300, 350, 240", _MARGIN),
    ("insert a column \"Margin\" to the spreadsheet: 300, 350, 240", _MARGIN),
    ("add a column Note: ok, late, ok", {"cells": {"Sales!D1": "Note", "Sales!D2": "ok", "Sales!D3": "late",
                                                   "Sales!D4": "ok"}}),
    ("加一列利润：300, 350, 240", {"cells": {**_MARGIN["cells"], "Sales!D1": "利润"}}),
    ("添加一列 备注：好、晚、好", {"cells": {"Sales!D1": "备注", "Sales!D2": "好", "Sales!D3": "晚", "Sales!D4": "好"}}),
    ("新增一列“利润”: 300,350,240", {"cells": {**_MARGIN["cells"], "Sales!D1": "利润"}}),
    ("add a column called Margin with values 300, 350, 240", _MARGIN),
    ("add a Margin column: 300, 350, 240", _MARGIN),
    ("加一列，列名叫利润，值为300，350，240", {"cells": {**_MARGIN["cells"], "Sales!D1": "利润"}}),
) + [
    # a totals row under the data: the values go above it and the new column is summed there too
    P("add a column Margin: 300, 350, 240", "add_column", BOOK,
      {"cells": {**_MARGIN["cells"], "Sales!D5": "=SUM(D2:D4)"}, "values": {"Sales!D5": 890}},
      before=("add a total row",)),
    # more values than rows: said, nothing written
    P("add a column Margin: 1, 2, 3, 4, 5", "add_column", BOOK, {"says": ("3 rows of data",), "unchanged": True}),
    P("加一列利润：1,2,3,4,5", "add_column", BOOK, {"says": ("3 行数据",), "unchanged": True}),
]

_BARS = {"chart": "bar", "series": ["B", "C"], "categories": "A", "rows": (2, 4)}
CHARTS = _rows(
    "add_chart", BOOK,
    ("add a chart", _BARS),
    ("make a bar chart of book.xlsx", _BARS),
    ("Add a line chart to the workbook.", {**_BARS, "chart": "line"}),
    ("insert a pie chart", {**_BARS, "chart": "pie", "series": ["B"]}),
    ("chart the sales", _BARS),
    ("加一个柱状图", _BARS),
    ("画个折线图", {**_BARS, "chart": "line"}),
    # the columns it shows, by their headers; a name no column has charts them all (the card says which)
    ("add a bar chart of North", {**_BARS, "series": ["B"]}),
    ("plot the South column as a line chart", {**_BARS, "chart": "line", "series": ["C"]}),
    ("画一个South的柱状图", {**_BARS, "series": ["C"]}),
    ("把North和South做成折线图", {**_BARS, "chart": "line"}),
    ("add a chart of Revenue", _BARS),
) + [
    # after a total row, the chart still ends above it
    P("add a bar chart", "add_chart", BOOK, _BARS, before=("add a total row",)),
]

SHEETS = _rows(
    "rename_sheet", BOOK,
    ("rename sheet Sales to Revenue", {"sheets": ["Revenue", "Costs"]}),
    ("rename the Sales sheet to Revenue", {"sheets": ["Revenue", "Costs"]}),
    ("Rename the tab \"Costs\" to \"Expenses\"", {"sheets": ["Sales", "Expenses"]}),
    ("把工作表 Sales 重命名为 收入", {"sheets": ["收入", "Costs"]}),
    ("将工作表“Costs”改名为“支出”", {"sheets": ["Sales", "支出"]}),
    # a sheet in another case, or by its number
    ("rename sheet sales to Revenue", {"sheets": ["Revenue", "Costs"]}),
    ("rename sheet 2 to Expenses", {"sheets": ["Sales", "Expenses"]}),
    ("把工作表2改名为支出", {"sheets": ["Sales", "支出"]}),
) + _rows(
    "remove_sheet", BOOK,
    ("delete the Costs sheet", {"sheets": ["Sales"]}),
    ("remove sheet Costs", {"sheets": ["Sales"]}),
    ("drop the tab \"Costs\" from book.xlsx", {"sheets": ["Sales"]}),
    ("删除工作表 Costs", {"sheets": ["Sales"]}),
    ("把工作表“Costs”删掉", {"sheets": ["Sales"]}),
    ("删除工作表2", {"sheets": ["Sales"]}),
) + _rows(
    "move_slide", DECK,
    ("move slide 4 to 2", {"order": ["Kickoff", "Next steps", "Scope", "Budget"]}),
    ("move slide 3 to position 1", {"order": ["Budget", "Kickoff", "Scope", "Next steps"]}),
    ("Move slide 2 to the front", {"order": ["Scope", "Kickoff", "Budget", "Next steps"]}),
    ("把第4张幻灯片移到第2张", {"order": ["Kickoff", "Next steps", "Scope", "Budget"]}),
    ("将第 3 张幻灯片移动到第 1 张", {"order": ["Budget", "Kickoff", "Scope", "Next steps"]}),
    ("move slide 2 to the end", {"order": ["Kickoff", "Budget", "Next steps", "Scope"]}),
    ("把第1张幻灯片移到最后", {"order": ["Scope", "Budget", "Next steps", "Kickoff"]}),
    ("把第4张挪到最前面", {"order": ["Next steps", "Kickoff", "Scope", "Budget"]}),
    # a slide named by its title or as the last, a place before or after another
    ("move the Budget slide to the end", {"order": ["Kickoff", "Scope", "Next steps", "Budget"]}),
    ("move the last slide to the front", {"order": ["Next steps", "Kickoff", "Scope", "Budget"]}),
    ("put slide 3 before slide 1", {"order": ["Budget", "Kickoff", "Scope", "Next steps"]}),
    ("move slide 1 after slide 3", {"order": ["Scope", "Budget", "Kickoff", "Next steps"]}),
    ("put slide 4 first", {"order": ["Next steps", "Kickoff", "Scope", "Budget"]}),
    ("把“Scope”那页移到最后", {"order": ["Kickoff", "Budget", "Next steps", "Scope"]}),
    ("把最后一张移到第2张", {"order": ["Kickoff", "Next steps", "Scope", "Budget"]}),
    ("把第4张移到第2张后面", {"order": ["Kickoff", "Scope", "Next steps", "Budget"]}),
    ("把第1张移到第4张前面", {"order": ["Scope", "Budget", "Kickoff", "Next steps"]}),
) + _rows(
    "duplicate_slide", DECK,
    ("duplicate slide 2", {"order": ["Kickoff", "Scope", "Scope", "Budget", "Next steps"]}),
    ("copy slide 3", {"order": ["Kickoff", "Scope", "Budget", "Budget", "Next steps"]}),
    ("make a copy of slide 1", {"order": ["Kickoff", "Kickoff", "Scope", "Budget", "Next steps"]}),
    ("复制第2张幻灯片", {"order": ["Kickoff", "Scope", "Scope", "Budget", "Next steps"]}),
    ("把第4张复制一份", {"order": ["Kickoff", "Scope", "Budget", "Next steps", "Next steps"]}),
    ("duplicate the last slide", {"order": ["Kickoff", "Scope", "Budget", "Next steps", "Next steps"]}),
    ("duplicate the Scope slide", {"order": ["Kickoff", "Scope", "Scope", "Budget", "Next steps"]}),
    ("复制最后一张", {"order": ["Kickoff", "Scope", "Budget", "Next steps", "Next steps"]}),
) + _rows(
    "set_title", DECK,
    ("change the title of slide 3 to Overview", {"slide_title": (3, "Overview")}),
    ("第三页标题改成总览", {"slide_title": (3, "总览")}),  # without 的: it set the deck's title instead
    ("set the title of slide 2 to Plan", {"slide_title": (2, "Plan")}),
    ("把第2张幻灯片的标题改成 计划", {"slide_title": (2, "计划")}),
)

# Multi-turn: the file is made first, then changed, then taken back.
VERSIONS = [
    P("undo that", "undo", ("notes.md",), {"title_back": "Quarterly report"},
      before=("Turn notes.md into a Word report", "change the title to Q3 Review")),
    P("撤销上一步", "undo", ("notes.md",), {"title_back": "Quarterly report"},
      before=("Turn notes.md into a Word report", "把标题改成 第三季度")),
    P("undo the last change", "undo", ("notes.md",), {"title_back": "Quarterly report"},
      before=("Turn notes.md into a Word report", "The title should be Weekend Plan")),
    P("revert that", "undo", ("notes.md",), {"title_back": "Quarterly report"},
      before=("Turn notes.md into a Word report", "change the title to Q3 Review")),
    P("restore version 1 of quarterly-report.docx", "restore", ("notes.md",), {"title_back": "Quarterly report"},
      before=("Turn notes.md into a Word report", "change the title to Q3 Review")),
    P("restore v1", "restore", ("notes.md",), {"title_back": "Quarterly report"},
      before=("Turn notes.md into a Word report", "change the title to Q3 Review")),
    P("go back to version 1", "restore", ("notes.md",), {"title_back": "Quarterly report"},
      before=("Turn notes.md into a Word report", "change the title to Q3 Review")),
    P("恢复到 v1", "restore", ("notes.md",), {"title_back": "Quarterly report"},
      before=("Turn notes.md into a Word report", "change the title to Q3 Review")),
    P("The title should be Weekend Plan", "set_title", ("notes.md",), {"title": "Weekend Plan"},
      before=("Turn notes.md into a Word report",)),
    P("add a section called Costs with: Hotel 300, Food 120", "add_section", ("notes.md",),
      {"heading": "Costs", "items": ["Hotel 300", "Food 120"]}, before=("Turn notes.md into a Word report",)),
    P("append a slide titled Risks", "add_slide", (), {"title": "Risks"},
      before=("Create a deck called Onboarding with slides Welcome, Tools and Contacts",)),
    P("remove slide 2", "remove_slide", (), {"gone": "Welcome"},
      before=("Create a deck called Onboarding with slides Welcome, Tools and Contacts",)),
    P("make it a PDF too", None, ("notes.md",), {"says": ["no file in this conversation yet"]},
      before=("!deny Turn notes.md into a Word report",)),
    P("再导出一份PDF", None, ("notes.md",), {"says": ["还没有文件"]},
      before=("!deny 把 notes.md 做成 Word 文档",)),
]

# Near misses: words of an intent in a request that is not that intent (or no request at all).
NEAR_MISS = [P(text, None, files) for text, files in (
    ("how do I add a column?", BOOK),
    ("怎么加一列", BOOK),
    ("What is a slide rule?", DECK),
    ("How do I add a slide in PowerPoint?", DECK),
    ("is the title good?", DOC),
    ("What should the title be?", DOC),
    ("Tell me a joke", ()),
    ("hello", ()),
    ("thanks!", DOC),
    ("who wrote the contract?", CONTRACT),
    ("Translate contract.docx into French", CONTRACT),
    ("Summarise contract.docx for me", CONTRACT),
    ("I need to change my password", ()),
    ("change is hard", DOC),
    ("can you replace my manager?", ()),
    ("the rows look wrong", BOOK),
    ("why are there 2 sheets?", ()),
    ("my form is due tomorrow", ()),
    ("page 2 is blank", ()),
    ("rotate the tyres on my car", ()),
    ("merge conflicts are annoying", ()),
    ("what is a PDF?", ()),
    ("deckhand wanted", ()),
    ("powerpointless talk", ()),
    ("undoubtedly", ()),
    ("restore my faith", ()),
    ("把手机换成新的", ()),
    ("你好", ()),
    ("讲个笑话", ()),
    ("这份合同是谁写的？", CONTRACT),
    ("标题好吗？", DOC),
    ("幻灯片是什么意思", ()),
    ("页码从哪里开始", ()),
    ("帮我写一份列表", ()),
    ("今天天气怎么样", ()),
    ("我想撤回昨天的邮件", ()),
    ("表单什么时候交", ()),
    ("B3 looks off", BOOK),
    ("how do I set B3 to 10 in Excel?", BOOK),
    ("I'll change B3 to 1400 myself", BOOK),
    ("my seat is B12", ()),
    ("B3 是什么意思？", BOOK),
    ("clear the air", ()),
    ("swap ideas with the team", ()),
    ("my notes for the meeting are ready", DECK),
    ("what's the total?", BOOK),
    ("the total looks wrong", BOOK),
    ("add a total of 5 rows", BOOK),
    ("合计是多少？", BOOK),
    ("copy the slide 2 title into an email", DECK),
    ("copy slide 2's text for me", DECK),
    ("how do I duplicate a slide?", DECK),
    ("怎么复制幻灯片", DECK),
    ("how do I add a chart in Excel?", BOOK),
    ("the chart looks wrong", BOOK),
    ("rename the file to q3.docx", DOC),  # a file's name is not its text: no replacement
    ("把它改成红色", DOC),  # a look, not words: it replaced every 它 with 红色
    ("change the font to Arial", DOC),
    ("把第二段改成：新的内容", DOC),
    ("move the slide to the left", DECK),
    ("put slide numbers on", DECK),
)]

ALL: list[P] = [*PEOPLE, *WORDING, *SHEETS, *MORE, *SET_TITLE, *ADD_SLIDE, *REMOVE_SLIDE, *ADD_SECTION,
                *ADD_PARAGRAPH, *ADD_ROWS, *SET_CELLS, *TOTALS, *COLUMNS, *CHARTS, *NOTES, *RENAME_HEADING, *DELETE_SECTION,
                *DELETE_PARAGRAPH, *REPLACE, *FILL, *FIELDS,
                *MERGE, *EXTRACT, *DELETE, *ROTATE, *REORDER, *INSPECT, *CREATE, *RECALC, *VERSIONS, *NEAR_MISS]
