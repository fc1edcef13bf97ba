"""A document described in one sentence, for the offline planner.

"Write a memo titled Office Move with headings Timeline and Budget, and a table of costs: Movers 1200,
Boxes 150" (or "写一份标题为搬家计划的备忘录，包含时间表和预算两个章节，以及费用表：搬家公司 1200，纸箱 150")
names a title, the headings in order and a table with its rows; "… with bullets: Monday packing, Tuesday movers"
(or "…，要点：周一打包、周二搬家") a list whose items are the ones typed after the colon. Only the user's words go into the
document: the table's first header cell is left empty rather than invented, its second is the name the
user gave the table. A sentence that names none of these is not a description (None), and the request
is read as before (its text after the colon is the content).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from desktop.llm.offline._content import number
from desktop.llm._patterns import later

MAX_HEADINGS = 20
MAX_ROWS = 200
MAX_WORDS = 80  # a heading or a cell longer than this is not a name but a sentence: not a description

_DOC_NOUN = r"(?:文档|备忘录|报告|演示文稿|幻灯片|简报|表格|工作簿|文件|PDF|Word|PPT|Excel)"
# "titled X": X ends where the sentence goes on ("with ...", ", and ...", punctuation).
_TITLE_EN = later(r"\b(?:titled|entitled|called|named)\s+(?P<t>[^,;:.\"“”]+?)(?=\s*(?:[,;:.]|\bwith\b|\bcontaining\b"
                  r"|\bincluding\b|\bthat\b|\bwhich\b|\babout\b"
                  r"|\band\s+(?:a|an|one|the|with|headings?|sections?|chapters?)\b|$))", re.IGNORECASE)
_TITLE_ZH = later(rf"(?:标题为|标题是|题为|题目为|题目是|名为|叫做|叫)\s*[“\"「『《]?(?P<t>[^，,。；;：:“”\"」』》]+?)[”\"」』》]?"
                  rf"(?=的{_DOC_NOUN}|[，,。；;：:]|$)")
# "new deck “Team Offsite” with slides …": a quoted title right after the kind of file
_TITLE_QUOTED = later(r"\b(?:deck|presentation|document|doc|report|memo|spreadsheet|workbook|pdf|slides)\s+"
                      r"[“\"'‘「『《«](?P<t>[^”\"'’」』》»]+)[”\"'’」』》»]", re.IGNORECASE)
# "a memo about the office move", "关于搬家的备忘录": what the document is about, its title when nothing names one
_TOPIC_EN = later(r"\babout\s+(?:the\s+|our\s+|my\s+|a\s+|an\s+)?(?P<t>[^,;:.!?\"“”]+?)(?=\s*(?:[,;:.!?]|\bwith\b"
                  r"|\bcontaining\b|\bincluding\b|\bthat\b|\bwhich\b|\bfor\b|\band\s+(?:a|an|with|bullets?|points?)\b"
                  r"|\bin\s+(?:word|docx|pdf|powerpoint)\b|$))", re.IGNORECASE)
_TOPIC_ZH = later(r"关于(?P<t>[^，,。；;：:“”\"「」『』《》的]{1,20})的")
_HEADINGS_EN = later(r"(?:\b(?:headings|sections|chapters)\s*(?:[:：]|\bcalled\b|\bnamed\b|\btitled\b)?"
                     # one: "with the heading Plan" (not "a section on costs": that says what, not its name)
                     r"|\b(?:with|and)\s+(?:the\s+|a\s+|one\s+)?(?:heading|section|chapter)(?:\s+(?:called|named|titled))?"
                     r"(?=\s+(?!(?:on|about|for|of|with|that|which)\b))"
                     r"|\bwith\s+(?:the\s+)?(?:slides|pages)\s*[:：]?)\s+"
                     r"(?P<list>.+?)(?=\s*(?:,\s*and\s+|,\s*|\s+and\s+)?\b(?:a|an|one)\s+table\b|[;.]|$)",
                     re.IGNORECASE)
_HEADINGS_ZH_BEFORE = later(r"(?:包含|包括|含有|分为|分成)\s*(?P<list>[^，,。；;：:]+?)\s*"
                            r"(?:[两二三四五六七八九十]|\d+)?\s*(?:[个张页]?(?:章节|部分|小节|小标题|幻灯片)|[页张](?![\u4e00-\u9fff]))")
_HEADINGS_ZH_AFTER = later(r"(?:章节|小标题|部分|幻灯片|各页)\s*(?:分别)?(?:为|是|[:：])\s*(?P<list>[^。；;]+?)(?=[。；;]|以及|$)")
_LIST_AFTER = later(r"(?:\b(?:headings|sections|chapters)|\bwith (?:the )?slides|章节|小标题|部分|[，,]\s*幻灯片"
                    # "a 3-slide deck: Intro, Plan, Q&A", "a deck with three slides: …", "做一个PPT，三页：…"
                    r"|\b(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)[- ]slides?\s+(?:deck|presentation)"
                    r"|\b(?:deck|presentation)\s+(?:with|of)\s+(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+slides"
                    r"|(?:PPT|幻灯片|演示文稿)[，,]?\s*(?:共|一共)?[两二三四五六七八九十\d]{1,2}\s*(?:页|张)(?:幻灯片)?)$",
                    re.IGNORECASE)
_TABLE_EN = later(r"\b(?:a|an|one)\s+table\s+(?:of|for|with|listing)\s+(?P<name>[\w][\w\s'-]{0,38}?)\s*$",
                  re.IGNORECASE)
_TABLE_ZH = later(r"(?:^|[，,；;]|以及|还有|并且|并|加上|附上?|另外|和|与|及)\s*(?:一[个张份])?"
                  r"(?P<name>[\u4e00-\u9fffA-Za-z0-9]{1,12}?)(?:表格?|清单|明细)$")
# Words before a Chinese table's name that are not part of it: "以及费用表", "做一个预算表".
_LEAD = later(r"^(?:以及|还有|并且|并|加上|附上?|另外|和|与|及)?(?:做|制作|列|画|写|创建|生成|附)?(?:一[个张份])?")
# "A, B and C", "甲、乙和丙": the separators of a list the user types (以及/和 only between words: 与 and 及
# also sit inside words, as in 参与者).
_LIST_SPLIT = later(r"\s*(?:,\s*(?:and\s+)?|;\s*|\s+and\s+|[、，；]|以及|和)\s*", re.IGNORECASE)
# "… with bullets:", "bullet points:", "a numbered list:", "要点：", "列出：": the words before the colon that make what
# follows it a list typed inline (its items separated as _ITEMS says).
_BULLETS_AFTER = later(r"(?:\b(?:(?P<numbered>numbered\s+(?:list|points|items)|steps)|bullets?|bullet(?:ed)?\s+(?:points?|list)"
                       r"|(?:key\s+|main\s+|talking\s+)?points|items|a\s+list|the\s+list)"
                       r"|(?P<numbered_zh>编号列表|步骤)|要点|列出|列表|清单|以下几点|几点|[一二两三四五六七八九十\d]+\s*[个条]?(?:要点|点))"
                       r"\s*(?:are|is|as follows|如下|为|是|包括|有)?$", re.IGNORECASE)
# Between items: a comma, semicolon or 、，；. A comma between digits is a thousands separator ("1,200").
_ITEMS = later(r"\s*(?:(?<!\d),|,(?!\d)|[;；、，])\s*")
# The last item of "A, B and C" / "甲、乙和丙" holds two: split at its last "and" (和/以及 with a word either side).
_LAST_AND = later(r"^(?P<a>.+)(?:\s*,?\s+and\s+|(?<=[\u4e00-\u9fff]{2})(?:以及|和)(?=[\u4e00-\u9fff]{2}))(?P<b>.+)$",
                  re.IGNORECASE)
_BEFORE_LIST = later(r"[\s,，;；]*(?:\b(?:and\s+)?(?:with\s+)?(?:the\s+)?|以及|并且?|还有|和)?$", re.IGNORECASE)
MAX_ITEMS = 200
_ROW = later(r"^(?P<label>.*?\S)\s*[:：=]?\s*(?P<value>[-+]?[$€£¥]?\d[\d,]*(?:\.\d+)?%?)\s*(?:元|美元|块)?$")
_QUOTES = "\"'“”‘’「」《》"


@dataclass
class Described:
    """What one sentence asks for: a title, headings in order, a table (its name and rows)."""

    title: str | None = None
    headings: list[str] = field(default_factory=list)
    table: tuple[str, list[list[Any]]] | None = None
    items: list[str] = field(default_factory=list)  # a list typed after "bullets:" / "要点："
    numbered: bool = False

    def blocks(self) -> list[dict[str, Any]]:
        """The headings, then the table or the list (the body after the colon, named last in such a sentence)."""
        out: list[dict[str, Any]] = [{"type": "heading", "text": h, "level": 1} for h in self.headings]
        if self.table is not None:
            name, rows = self.table
            width = max(len(r) for r in rows)
            header = ["", name] if width == 2 else [name]
            out.append({"type": "table", "header": header, "rows": [(r + [""] * width)[:width] for r in rows]})
        if self.items:
            out.append({"type": "numbered" if self.numbered else "bullets", "items": list(self.items)})
        return out


def described_title(instruction: str) -> str | None:
    """An unquoted title ("titled Office Move with ..."): the words up to where the sentence goes on."""
    for pattern in (_TITLE_QUOTED, _TITLE_EN, _TITLE_ZH):
        m = pattern.search(instruction)
        if m:
            title = m.group("t").strip().strip(_QUOTES).strip()
            file_name = re.match(r"\.\w{2,5}\b", instruction[m.end():])  # "titled notes.docx" names a file
            if title and len(title) <= MAX_WORDS and not file_name:
                return title
    return None


def topic_title(instruction: str) -> str | None:
    """What the request says the document is about ("about the office move" -> "Office move"), or None."""
    for pattern in (_TOPIC_EN, _TOPIC_ZH):
        m = pattern.search(instruction)
        if m:
            topic = m.group("t").strip().strip(_QUOTES).strip()
            if topic and len(topic.split()) <= 8:
                return topic[:1].upper() + topic[1:]
    return None


def describe(instruction: str, body: str) -> tuple[Described, bool] | None:
    """The description in a one-line request (``instruction`` before its colon, ``body`` after), and
    whether the body was taken (as the table's rows or the list of headings); None when the sentence
    describes no structure."""
    table = _table(instruction, body)
    listing, items, head = None, [], instruction
    if table is None:
        listing = _BULLETS_AFTER.search(instruction.rstrip().rstrip(":：").rstrip())
    if listing is not None:
        items = _items(body)
    if items and listing is not None:
        # The words that ask for the list are not a heading ("with sections Plan and Risks, and bullets: …").
        head = _BEFORE_LIST.sub("", instruction[:listing.start()])
    headings = _headings(head)
    listed = False
    if not headings and table is None and not items and _LIST_AFTER.search(instruction.rstrip().rstrip(":：")):
        # "slides with sections: Intro, Plan, Risks", "章节：背景、目标、计划": the list is after the colon
        headings = _names(body.strip().rstrip(".。")) if "\n" not in body.strip() else []
        listed = bool(headings)
    if not headings and table is None and not items:
        return None
    numbered = bool(listing is not None and (listing.group("numbered") or listing.group("numbered_zh")))
    found = Described(title=described_title(head), headings=headings, table=table, items=items, numbered=numbered)
    return found, table is not None or listed or bool(items)


def _items(body: str) -> list[str]:
    """The items of a list typed on one line after "bullets:" ("Monday packing, Tuesday movers and boxes";
    "周一打包、周二搬家"); [] for a body that is no such list (several lines are markdown, read as before)."""
    text = body.strip().rstrip(".。!！?？")
    if not text or "\n" in text:
        return []
    parts = [p for p in _ITEMS.split(text) if p.strip()]
    last = _LAST_AND.match(parts[-1]) if parts else None
    if last is not None:
        parts[-1:] = [last.group("a"), last.group("b")]
    items = [re.sub(r"^(?:and\s+|以及)", "", p.strip(), flags=re.IGNORECASE).strip(_QUOTES).strip() for p in parts]
    items = [i for i in items if i]
    return items if 0 < len(items) <= MAX_ITEMS else []


def split_list(text: str) -> list[str]:
    """The items of a list the user typed ("Budget, Timeline and Risks"), quotes taken off."""
    return [n for n in (n.strip().strip(_QUOTES).strip() for n in _LIST_SPLIT.split(text)) if n]


def _names(text: str) -> list[str]:
    names = split_list(text)
    # Names, not a sentence cut at its "and"s: each short.
    if not names or len(names) > MAX_HEADINGS or any(len(n) > MAX_WORDS or len(n.split()) > 8 for n in names):
        return []
    return names


def _headings(instruction: str) -> list[str]:
    for pattern in (_HEADINGS_EN, _HEADINGS_ZH_AFTER, _HEADINGS_ZH_BEFORE):
        m = pattern.search(instruction)
        if m:
            names = _names(m.group("list"))
            if names:
                return names
    return []


def _table(instruction: str, body: str) -> tuple[str, list[list[Any]]] | None:
    """"a table of costs: Movers 1200, Boxes 150": the table's name is what it is "of", its rows the
    body's items, each a label and (when it ends in a number) its value."""
    head = instruction.rstrip().rstrip(":：").rstrip()
    m = _TABLE_EN.search(head) or _TABLE_ZH.search(head)
    if m is None or not body.strip() or "\n" in body.strip():
        return None
    # A comma between digits is a thousands separator ("Rent 1,200"), not the end of an item.
    items = [i.strip() for i in re.split(r"\s*(?:(?<!\d)[,，]|[,，](?!\d)|[;；、])\s*", body.strip().rstrip(".。"))
             if i.strip()]
    if not items or len(items) > MAX_ROWS or any(len(i) > MAX_WORDS for i in items):
        return None
    rows: list[list[Any]] = []
    for item in items:
        row = _ROW.match(item)
        rows.append([row.group("label"), number(row.group("value").lstrip("$€£¥"))] if row else [item])
    name = _LEAD.sub("", m.group("name").strip()) or m.group("name").strip()
    return name[:1].upper() + name[1:], rows
