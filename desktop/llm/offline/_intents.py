"""The offline planner's operations as data: one table of intents.

Each :class:`Intent` names its slots with their types, its English and its Chinese phrasings (regular
expressions whose named groups are the slots), the skill command it runs, its precedence and its help
line. The planner's matching (:func:`match`), its help text (:func:`help_lines`), the phrasing tables of
the tests and the cards' follow-ups are all read from :data:`INTENTS`. When a request fits several
intents, the one with the highest ``precedence`` wins; the order of the table means nothing.

Adding an operation is one entry here plus its command (how the skill agent calls it:
:mod:`desktop.llm.offline._followup_skill`).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from desktop.llm.offline._cells import wanted_chart
import desktop.llm.offline._slots as slots
from desktop.llm._patterns import later

_I = re.IGNORECASE
_Q = f"[{slots.OPEN_QUOTES}]"
_QC = f"[{slots.CLOSE_QUOTES}]"
_NQ = slots.CLOSE_QUOTES.replace('"', '\\"')
# A slide's or section's title: up to a comma, colon or quote (a quoted one may hold commas).
_NAME = rf"{_Q}?(?P<title>[^{_NQ},，:：\n]+?){_QC}?"
_ZH_ADD = r"(?:加|添加|增加|新增|插入|追加|再加|再添加|补充|再来|来|新建)"
_ADD = r"(?:add|append|insert|include|put in|tack on)"
_ARTICLE = (r"(?:a |an |one |one more |another |a new |an extra |new |an additional |a final |a last |one last |a closing "
            r"|this |these )?")
# "i need another slide", "new slide called X", "one more slide please": an addition without the verb "add".
_ADD_LEAD = rf"\b{_ADD}\s+{_ARTICLE}"
_WANT_LEAD = (rf"(?:\b(?:(?:i|we)\s+(?:need|want|would like|'d like)|(?:it|the deck|\S+\.pptx)\s+needs)\s+{_ARTICLE}"
              r"|^\s*(?:please\s+)?(?:one more|another|a new|new)\s+)")
# A paragraph "under Background: …": what it is called, where it goes, and how its words are introduced.
_PARAGRAPH = r"(?:short |brief |new |closing |final )?(?:paragraph|para|line|sentence|note|bullet(?: point)?|point|item)"
_HEADING = rf"{_Q}?(?P<heading>[^{_NQ},，:：\n]{{1,60}}?){_QC}?"
_THE_HEADING = rf"(?:the\s+)?(?:(?:heading|section)\s+)?{_HEADING}"
_SAYING = (r"\s*(?:,?\s*(?:saying|that says|which says|reading|that reads|with (?:the )?(?:text|words))\s*[:：]?"
           r"|\s*[:：]|\s+[—–-])\s*")
_ZH_PARAGRAPH = r"(?:一|1)?(?:段话|段文字|段内容|段|句话|句|个要点|条要点|个条目|条|项)"
# What a title is not: how it should look or an opinion of it ("make the title bold", "could the title be better?").
_NOT_A_TITLE = (r"(?!\s*(?:bold|bigger|smaller|larger|shorter|longer|italic|red|blue|black|centered|centred|uppercase|"
                r"lowercase|capitali[sz]ed|underlined|more|less|better|worse|changed|improved|clearer|different|"
                r"stand out|pop)\b)")
# How a name is introduced: "titled X", "called X", "about X", "叫 X".
_NAMED_EN = r"(?:titled|called|named|with the title|with title|entitled|about|on)"
_NAMED_ZH = r"(?:标题(?:是|为)?|题为|名为|叫做|叫)"
# "the title", "its title", "the deck's title", "the presentation title"
_THE_TITLE = r"(?:(?:the|its|this|that)\s+)?(?:(?:main|document|deck|report|file|presentation)(?:'s)?\s+)?title"
# A question about an operation is not the operation: "How do I add a slide?", "what should the title be?"
_ASKING = (r"^\s*(?:how|why|when|where|who|what|which|is|are|does|do|did|should)\b(?!\s+many\b)",
           r"^\s*(?:can|may) (?:i|we) \w+\b.*\bin (?:powerpoint|word|excel|acrobat)\b",
           r"怎么|如何|为什么|是什么意思",
           # the user says what they will do themselves: "I'll add a slide later", "我明天再改标题"
           r"^\s*(?:i|we)\s*(?:'ll|will|am going to|'m going to|are going to|plan to)\b|\bmyself\b",
           r"我(?:明天|待会|等会|稍后|以后|自己)")


@dataclass(frozen=True)
class Intent:
    """One operation the offline planner understands."""

    id: str
    kinds: tuple[str, ...]  # the kinds of file it acts on (a new file's kind for a create)
    slots: Mapping[str, str]  # slot -> type: text, list, rows, pages, order, angle, version, replacement, form
    en: tuple[str, ...]
    zh: tuple[str, ...]
    command: str  # the skill command it runs
    precedence: int  # the higher wins when a request fits several intents
    help: str  # message id of its help line (skills/_message_texts.py)
    # route: read by the skill agent from the request (a file it names or is given); follow: a change to a file
    # the conversation has (made or in its folder); named: the same, also on a named file in a first request
    scope: str = "follow"
    whole: bool = False  # match the whole request (rows and section text go on over lines), not its first line
    files: int = 1  # how many files of its kinds it needs
    unless: tuple[str, ...] = ()  # phrasings that veto it ("How do I add a slide?" asks, it adds nothing)
    extract: Callable[[str], dict[str, Any] | None] | None = None  # slots that a pattern cannot capture
    defaults: Mapping[str, Any] = field(default_factory=dict)  # slot values when the request leaves them out
    # A card's quick action: its label (message id) and the request it sends, in English and Chinese, filled from a
    # small form (a "[…]" part is left out when a field in it is empty). The request is matched like a typed one.
    action: str = ""
    request_en: str = ""
    request_zh: str = ""
    _compiled: list[re.Pattern[str]] = field(default_factory=list, compare=False, repr=False)

    def patterns(self) -> list[re.Pattern[str]]:
        if not self._compiled:
            self._compiled.extend(later(p, _I | re.DOTALL) for p in (*self.en, *self.zh))
        return self._compiled

    def vetoed(self, text: str) -> bool:
        return any(re.search(p, text, _I) for p in self.unless)


@dataclass(frozen=True)
class Found:
    """An intent that fits a request, with the slots read from it."""

    intent: Intent
    values: Mapping[str, Any]

    @property
    def id(self) -> str:
        return self.intent.id


def _typed(kind: str, raw: str) -> Any:
    if kind == "list":
        return slots.split_list(raw)
    if kind == "rows":
        lines = re.split(r"\n|;|；", raw)
        return [r for r in (slots.row_cells(ln) for ln in lines if ln.strip()) if r]
    if kind == "pages":
        return slots.pages(raw) or [int(n) for n in re.findall(r"\d+", raw)]
    if kind == "order":
        return slots.page_order(raw)
    if kind in ("angle", "version", "number"):
        return int(raw)
    if kind == "position":  # "to 2", "to the front", "to the end" (the last position, known once the deck is read)
        word = raw.strip().lower()
        if word.isdigit():
            return int(word)
        return "last" if word in ("end", "back", "bottom", "last", "最后面", "最后", "末尾", "结尾") else 1
    if kind == "prose":  # the user's own sentence: kept as typed, its full stop too
        return raw.strip()
    return slots.clean(raw)


def _replacement(text: str) -> dict[str, Any] | None:
    found = slots.replacement(text)
    if found is None:
        return None
    find, repl, every = found
    return {"find": find, "replace": repl, **({"every": True} if every else {})}


def _angle(text: str) -> dict[str, Any] | None:
    m = re.search(r"(-?\d{2,3})\s*(?:°|degrees?|度)", text, _I)
    left = re.search(r"counter-?clockwise|anti-?clockwise|to the left|\bleft\b|逆时针|向左", text, _I)
    if m:
        angle = int(m.group(1)) % 360 or 180
        return {"angle": (360 - angle) % 360 or 180 if left else angle}
    if re.search(r"upside down|180|倒过来|颠倒", text, _I):
        return {"angle": 180}
    if left:
        return {"angle": 270}
    return {"angle": 90}


def _pages(text: str) -> dict[str, Any] | None:
    found = slots.pages(text)
    return {"pages": found} if found else None


def _rotate(text: str) -> dict[str, Any] | None:
    found = _pages(text)
    return {**found, **(_angle(text) or {})} if found else None


_MOVE_PAGE = (
    later(r"\b(?:put|move|make)\s+page\s+(?P<page>\d+)\s+(?:to\s+)?(?:the\s+)?(?:very\s+)?"
          r"(?:(?P<first>first|front|start|beginning|top)|(?P<last>last|end|back|bottom)|position\s+(?P<to>\d+)"
          r"|(?:before|ahead of)\s+page\s+(?P<before>\d+)|after\s+page\s+(?P<after>\d+))\b", _I),
    later(r"(?:把|将)?第\s*(?P<page>\d+)\s*页\s*(?:移到|移动到|放到|挪到|调到)\s*(?:(?P<first>最前面|最前|开头|第一页)"
          r"|(?P<last>最后面|最后|末尾|结尾)|第\s*(?P<to>\d+)\s*(?:页|位)|第\s*(?P<before>\d+)\s*页(?:的)?(?:前面|之前|前)"
          r"|第\s*(?P<after>\d+)\s*页(?:的)?(?:后面|之后|后))"),
)


def _order(text: str) -> dict[str, Any] | None:
    for pattern in _MOVE_PAGE:  # one page moved: the whole order is made once the page count is read
        m = pattern.search(text)
        if m:
            page = int(m.group("page"))
            to: int | str = (1 if m.group("first") else "last" if m.group("last") else int(m.group("to")) if m.group("to")
                             else int(m.group("before")) if m.group("before") else int(m.group("after")) + 1)
            # "before / after page N" name a page that moves up by one when the moved page was above it
            return {"order": [], "move": page, "to": to, "relative": bool(m.group("before") or m.group("after"))}
    runs = re.findall(r"\d+(?:\s*(?:,|、|，|\s|\band\b|和|then|→|->)\s*\d+)+", text, _I)
    order = slots.page_order(max(runs, key=len)) if runs else []
    return {"order": order} if len(order) >= 2 else None


def _cells(text: str) -> dict[str, Any] | None:
    found = slots.cell_values(text)
    if found is None:
        return None
    cells, sheet = found
    return {"cells": cells, **({"sheet": sheet} if sheet else {})}


def _remove_slide(text: str) -> dict[str, Any] | None:
    m = re.search(r"(?:slide|第)\s*(?:#|no\.?\s*|number\s*)?(?P<n>\d+)", text, _I)
    if m:
        return {"slide": int(m.group("n"))}
    if re.search(r"\b(?:last|final)\b|最后", text, _I):
        return {"slide": "last"}
    m = re.search(rf"(?:titled|called|named|about|标题为|标题是|名为)\s*{_Q}?(?P<t>[^{_NQ}，,。.!?\n]+?){_QC}?"
                  r"(?:的(?:幻灯片|页)|\s+from\s+\S+|\s*$|[.!?。])", text, _I)
    if m:
        return {"title": m.group("t").strip()}
    q = slots.quoted(text)
    if q:
        return {"title": q[0]}
    m = re.search(r"\bthe\s+(?P<t>[^\s\"”’」』]+(?:\s+[^\s\"”’」』]+)?)\s+slide\b", text, _I)  # "delete the Tools slide"
    return {"title": slots.clean(m.group("t"))} if m else None


def _last_slide(text: str) -> dict[str, Any]:
    """"the last slide", "最后一张": the deck's last, known once it is read (a number or a title is a pattern's)."""
    if re.search(r"\b(?:last|final)\s+slide\b|最后一(?:张|页)", text, _I):
        return {"slide": "last"}
    return {}


def _section_body(values: dict[str, Any]) -> dict[str, Any]:
    """ "with text: ..." is one paragraph; "with: Hotel 300, Food 120" is a list of its items."""
    text = str(values.pop("body", "") or "").strip()
    items = str(values.pop("items", "") or "").strip().rstrip(".。")
    if items:
        listed = slots.split_list(items)
        if len(listed) > 1:
            values["items"] = listed
        else:
            text = items
    values["text"] = text
    return values


# "to the end", "in it", "在文档末尾": a place that is no heading (the paragraph goes at the end)
_NO_HEADING = later(r"^(?:(?:the\s+)?(?:end|bottom|document|doc|report|file|memo|letter|page|text)(?:\s+of\s+.*)?|it|this|that"
                    r"|\S+\.docx|文档|文件|正文|全文|文末|文档末尾|文件末尾|末尾|最后|结尾|这份文档|这个文档|它)$", _I)
# "add a line to the Budget sheet: …" is a row of a spreadsheet, "… to slide 2" belongs to a deck
_NOT_A_DOCUMENT_PART = later(r"\b(?:sheet|tab|worksheet|workbook|spreadsheet|slide|deck|table)\s*$|工作表|幻灯片", _I)


_DESCRIBED = later(r"\b(?:about|on|mentioning|mentions|talks about|is about)\s+(?:the|a|an)\s+(?P<rest>[^\"“”'‘’「」\n]+?)"
                  r"\s*(?:from\s+\S+)?\s*[.!]?$", _I)


def _described_text(text: str) -> dict[str, Any] | None:
    """"the paragraph mentioning the price list": what it is about, not "the" (a quoted text stays as typed)."""
    m = _DESCRIBED.search(text)
    return {"text": slots.clean(m.group("rest"))} if m else {}


def _slide_place(values: dict[str, Any]) -> dict[str, Any]:
    """Where a new slide goes: "after slide 2" is position 3, "before slide 2" and "as slide 2" position 2."""
    after, before = values.pop("after", None), values.pop("before", None)
    at = after + 1 if after is not None else before if before is not None else values.pop("at", None)
    if at is not None:
        values["at"] = at
    return values


def _bullet(text: str) -> dict[str, Any]:
    """"add a bullet point under Budget: …", "在预算下面加一个要点：…": one list item, not a paragraph."""
    first = text.splitlines()[0] if text else ""
    return {"bullet": True} if re.search(r"\b(?:bullet|point|item)s?\b|要点|条目|一条|一项", first.split(":")[0].split("：")[0], _I) else {}


def _paragraph_place(values: dict[str, Any]) -> dict[str, Any] | None:
    """The heading the paragraph goes under ("" for the end of the document) and its words without quotes."""
    heading = str(values.pop("heading", "") or "").strip()
    if heading and _NOT_A_DOCUMENT_PART.search(heading):
        return None
    text = slots.unquote(str(values.get("text") or "").strip())
    if not text:
        return None
    return {"heading": "" if _NO_HEADING.match(heading) else heading, "text": text,
            **({"bullet": True} if values.get("bullet") else {})}


INTENTS: tuple[Intent, ...] = (
    Intent("restore", ("docx", "pptx", "pdf", "xlsx"), {"version": "version"},
           en=(r"\b(?:restore|go back to|revert to|roll back to|back to|return to)\s+(?:the\s+)?(?:version\s*|v)(?P<version>\d+)",),
           zh=(r"(?:恢复|还原|回到|回退|退回)(?:到|成|为)?\s*(?:版本\s*|v|V|第)(?P<version>\d+)",),
           unless=_ASKING, command="version_restore", precedence=100, help="help.versions"),
    Intent("undo", ("docx", "pptx", "pdf", "xlsx"), {},
           en=(r"\bundo\b|\brevert (?:that|it|the last change)\b|\btake (?:that|it) back\b|\bput (?:it|that|everything) back\b"
               r"|\b(?:go|roll) back to the (?:previous|last|earlier) version\b|\bthe way it was\b",),
           zh=(r"撤销|撤回|还原上一步|恢复上一步|(?:回到|恢复到?|还原到?|退回到?)(?:上一个|上一|之前的|原来的|前一个)版本?",),
           unless=_ASKING, action="action.undo",
           request_en='undo the last change to {path}',
           request_zh='撤销 {path} 的上一步',
           command="version_restore", precedence=95, help="help.versions"),
    Intent("recalc", ("xlsx",), {},
           en=(r"\brecalc(?:ulate|ulation)?\b",), zh=(r"重算|重新计算",),
           scope="route", command="xlsx_recalculate", precedence=90, help="help.checks",
           action="action.recalculate", request_en="recalculate {path}", request_zh="重新计算 {path}"),
    Intent("render", ("docx", "pptx", "pdf", "xlsx"), {},
           en=(r"\brender(?:ing)? check\b|\bvisual(?:ly)? check\b",), zh=(r"渲染检查|视觉检查",),
           scope="route", command="render_check", precedence=88, help="help.checks"),
    Intent("fill_form", ("pdf",), {"values": "form"},
           en=(r"(?<![A-Za-z])fill(?:\s+(?:in|out))?(?![A-Za-z])",), zh=(r"填(?:写|入|好|表|一下|上)",),
           unless=_ASKING, scope="route", command="pdf_fill_form", precedence=86, help="help.fill"),
    Intent("form_fields", ("pdf",), {},
           en=(r"\b(?:what|which|list(?: the)?|show(?: me)?(?: the)?)\s+(?:form\s+)?fields\b",),
           zh=(r"有哪些(?:可以填的|可填的|要填的)?字段|列出字段|哪些栏目|表单字段",),
           scope="route", command="pdf_form_fields", precedence=85, help="help.fill"),
    Intent("merge_pdf", ("pdf",), {"files": "files"},
           en=(r"\b(?:combine|merge|join|concatenate|stitch)\b|\bput\b.{0,40}\btogether\b",),
           zh=(r"合并|合成一个|拼接|合到一起|合在一起",),
           unless=_ASKING, scope="named", command="pdf_pages", precedence=84, help="help.pdf_pages", files=2),
    Intent("extract_pages", ("pdf",), {"pages": "pages"},
           en=(r"\b(?:extract|pull out|pull|take out|get|save|copy|split out|keep only|(?:only|just) (?:need|want))\b.{0,40}?"
               r"\b(?:pages?|p\.)\s*(?:\d|last\b)",),
           zh=(r"(?:提取|抽取|取出|导出|单独保存|拆出).{0,20}?(?:第?\s*\d+.{0,12}?页|最后一页)",
               r"(?:第?\s*\d+.{0,10}?页|最后一页).{0,6}?(?:单独保存|提取|导出|另存|拆出)"),
           unless=_ASKING, scope="named", command="pdf_pages", precedence=80, help="help.pdf_pages", extract=_pages),
    Intent("delete_pages", ("pdf",), {"pages": "pages"},
           en=(r"\b(?:delete|remove|drop|cut|get rid of)\b.{0,20}?\b(?:pages?|p\.)\s*(?:\d|last\b)",),
           zh=(r"(?:删除|删掉|去掉|移除).{0,12}?(?:第?\s*\d+.{0,12}?页|最后一页)(?!幻灯片)",
               r"(?:第?\s*\d+\s*页|最后一页)(?!幻灯片).{0,6}?(?:删除|删掉|去掉|移除)"),
           unless=_ASKING, scope="named", command="pdf_pages", precedence=81, help="help.pdf_pages", extract=_pages),
    Intent("rotate_pages", ("pdf",), {"pages": "pages", "angle": "angle"},
           en=(r"\b(?:rotate|turn)\b.{0,20}?\b(?:pages?|p\.)\s*(?:\d|last\b|all\b)",),
           zh=(r"旋转.{0,12}?(?:第?\s*\d+.{0,12}?页|所有页面?|全部页面?|每一?页)"
               r"|(?:第?\s*\d+.{0,8}?页|所有页面?|全部页面?|每一?页).{0,8}?(?:旋转|转(?!成|换|为|化))",),
           unless=_ASKING, scope="named", command="pdf_pages", precedence=82, help="help.pdf_pages", extract=_rotate),
    Intent("reorder_pages", ("pdf",), {"order": "order"},
           en=(r"\b(?:reorder|rearrange|re-order)\b|\bput\b.{0,30}?\bpages?\b|\bpages?\b.{0,30}?\bin (?:the )?order\b"
               r"|\bpage order\b|\border of (?:the )?pages\b|\b(?:move|make)\s+page\s+\d+\b",),
           zh=(r"(?:调整|重新排列|重排|排列).{0,10}?页|页面?顺序|按.{0,20}?顺序.{0,6}?(?:重新)?排列?"
               r"|第\s*\d+\s*页\s*(?:移到|移动到|放到|挪到|调到)",),
           unless=_ASKING, scope="named", command="pdf_pages", precedence=83, help="help.pdf_pages", extract=_order),
    Intent("split_pdf", ("pdf",), {"after": "number"},
           en=(r"\bsplit\b.{0,40}?\b(?:into|in)\s+(?:single|separate|individual|one[- ]page)\s+(?:pages|files)",
               r"\bsplit\b.{0,40}?\b(?:at|after)\s+page\s+(?P<after>\d+)"),
           zh=(r"(?:拆分|拆成|分成|分割).{0,12}?(?:单页|每页|一页一个)|每一?页.{0,4}?(?:拆分|拆成|分成|分割|单独)",
               r"(?:从|在)第\s*(?P<after>\d+)\s*页(?:之?后)?(?:拆分|拆开|分开|分割)"),
           unless=_ASKING, scope="named", command="pdf_pages", precedence=83, help="help.pdf_pages"),
    Intent("add_rows", ("xlsx",), {"rows": "rows", "sheet": "text", "sheet2": "text"},
           en=(rf"\b(?:add|append|insert)\s+{_ARTICLE}(?:two |three |some |the following |a couple of )?(?:new )?"
               r"(?:rows?|lines?|entry|entries|records?)"
               r"(?:\s+for\s+[^:：\n]{1,30}?)?"
               rf"(?:\s+(?:to|in|on|into)\s+(?:the\s+)?(?:{_Q}?(?P<sheet>[^:：\n]+?){_QC}?\s+(?:sheet|tab|worksheet)"
               r"|\S+\.xlsx|it|this|that|(?:spreadsheet|workbook|table|file|bottom|end|top|list)"
               rf"|{_Q}?(?P<sheet2>[A-Za-z][\w ]{{0,30}}?){_QC}?))?"
               r"\s*(?:with\s*)?(?:[:：?？]|\s[—–-]\s?)\s*(?P<rows>.+)$",),
           zh=(rf"(?:往|在|给|向)\s*{_Q}?(?P<sheet>[A-Za-z0-9_\u4e00-\u9fff ]+?){_QC}?\s*(?:工作表|表|sheet)(?:里|中|上)?"
               rf"\s*{_ZH_ADD}(?:一|几|两|三|1|2|3)?行(?:数据)?\s*[:：]\s*(?P<rows>.+)$",
               rf"{_ZH_ADD}(?:一|几|两|三|1|2|3)?行(?:数据)?\s*[:：]\s*(?P<rows>.+)$"),
           unless=_ASKING, scope="named", action="action.add_rows",
           request_en='add rows to {path}: {rows}',
           request_zh='在 {path} 中添加几行：{rows}',
           command="xlsx_edit", precedence=70, help="help.rows", whole=True),
    Intent("remove_slide", ("pptx",), {"slide": "number"},
           en=(r"\b(?:remove|delete|drop|get rid of|take out|cut)\s+(?:the\s+)?(?:last\s+|final\s+)?slide\b",
               rf"\b(?:remove|delete|drop|get rid of|take out|cut)\s+the\s+{_Q}?[^\s\"”’」』]+(?:\s+[^\s\"”’」』]+)?{_QC}?"
               r"\s+slide\b",
               r"\bslide\s+\d+\s+(?:can go|has to go|must go|should go|is not needed|isn't needed)\b"),
           zh=(r"(?:删除|删掉|删了|去掉|移除)(?:掉)?.{0,30}?(?:幻灯片|张|页幻灯片)",
               r"(?:把|将)?.{0,16}?(?:幻灯片|张).{0,4}?(?:删除|删掉|删了|去掉|移除|不要了)"),
           unless=_ASKING, scope="named", command="pptx_edit", precedence=72, help="help.slides", extract=_remove_slide),
    Intent("add_slide", ("pptx",), {"title": "text", "bullets": "list", "at": "number", "at2": "number",
                                    "at3": "number", "at4": "number", "after": "number", "after2": "number",
                                    "before": "number", "before2": "number", "after_title": "text",
                                    "after_title2": "text", "before_title": "text", "before_title2": "text"},
           en=tuple(rf"{lead}(?:(?:bullet(?:ed)?|title|text|summary|closing|extra)\s+)?slide\b(?:\s+please)?"
                    r"(?:\s+(?:at the end|to the end|to (?:the (?:deck|presentation)|it|\S+\.pptx)))?"
                    r"(?:\s+after\s+slide\s+(?P<after>\d+)|\s+before\s+slide\s+(?P<before>\d+)"
                    r"|\s+(?:at|in)\s+position\s+(?P<at>\d+)|\s+as\s+slide\s+(?P<at2>\d+)"
                    rf"|\s+after\s+the\s+{_Q}?(?P<after_title>[^\s\"”’」』]+(?:\s+[^\s\"”’」』]+)?){_QC}?\s+slide"
                    rf"|\s+before\s+the\s+{_Q}?(?P<before_title>[^\s\"”’」』]+(?:\s+[^\s\"”’」』]+)?){_QC}?\s+slide)?"
                    rf"{naming}\s*{_NAME}"
                    r"(?:\s+(?:at the end|to \S+\.pptx|to the deck|to it))?"
                    r"(?:\s+after\s+slide\s+(?P<after2>\d+)|\s+before\s+slide\s+(?P<before2>\d+)"
                    r"|\s+(?:at|in)\s+position\s+(?P<at3>\d+)|\s+as\s+(?:the\s+)?slide\s+(?P<at4>\d+)"
                    rf"|\s+after\s+the\s+{_Q}?(?P<after_title2>[^\s\"”’」』]+(?:\s+[^\s\"”’」』]+)?){_QC}?\s+slide"
                    rf"|\s+before\s+the\s+{_Q}?(?P<before_title2>[^\s\"”’」』]+(?:\s+[^\s\"”’」』]+)?){_QC}?\s+slide)?"
                    r"\s*(?:,?\s*(?:(?:with|and)\s+)?(?:the\s+)?(?:bullets?|points?|bullet points?|items?)\s*[:：]?\s*(?P<bullets>.+?))?"
                    r"\s*[.!?]?$"
                    # with the verb "add" the naming word may go ("add slide: Risks"); without it, it may not
                    for lead, naming in ((_ADD_LEAD, rf"(?:\s*,?\s*{_NAMED_EN})?\s*[:：]?"),
                                         (_WANT_LEAD, rf"\s*,?\s*(?:{_NAMED_EN}\s*[:：]?|[:：])"))),
           zh=(rf"^\s*(?:请)?在\s*第\s*(?:(?P<after>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:后面|之后|后)"
               r"|(?P<before>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:前面|之前|前))\s*(?:再)?"
               rf"(?:{_ZH_ADD})(?:一|1)?(?:张|页)(?:新的)?(?:幻灯片)?[，,]?\s*{_NAMED_ZH}?\s*[:：]?\s*"
               rf"{_Q}?(?P<title>[^，,:：。\n”』」》]+?){_QC}?\s*(?:[，,]\s*(?:要点|内容|项目|包括|包含)(?:是|为)?\s*[:：]\s*"
               r"(?P<bullets>.+?))?\s*[。.!！]?$",
               rf"{_ZH_ADD}(?:一|1)?(?:张|页)(?:新的)?(?:标题(?:是|为)|题为|名为)\s*{_Q}?(?P<title>[^，,:：。\n”』」》]+?){_QC}?"
               r"的(?:幻灯片|页)\s*(?:[，,]\s*(?:要点|内容|项目|包括|包含)(?:是|为)?\s*[:：]?\s*(?P<bullets>.+?))?\s*[。.!！]?$",
               rf"{_ZH_ADD}(?:(?:一|1)?(?:张|页)(?:新的)?(?:幻灯片)?|幻灯片)[，,]?\s*{_NAMED_ZH}?\s*[:：]?\s*"
               rf"{_Q}?(?P<title>[^，,:：。\n”』」》]+?){_QC}?\s*(?:[，,]\s*(?:要点|内容|项目|包括|包含)(?:是|为)?\s*[:：]\s*"
               r"(?P<bullets>.+?))?\s*[。.!！]?$",
               rf"{_ZH_ADD}(?:一|1)?(?:张|页)(?:新的)?(?:名为|题为|标题为)\s*{_Q}(?P<title>[^，,:：。\n”』」》]+?){_QC}"
               r"的(?:幻灯片|页)\s*[。.!！]?$"),
           unless=_ASKING, scope="named", action="action.add_slide",
           request_en='add a slide titled “{title}” to {path}[ with bullets: {bullets}]',
           request_zh='在 {path} 中加一张幻灯片，标题为“{title}”[，要点：{bullets}]',
           command="pptx_edit", precedence=68, help="help.slides", defaults={"bullets": []}),
    Intent("add_section", ("docx", "pdf"), {"title": "text", "body": "prose", "items": "prose"},
           en=(rf"\b{_ADD}\s+{_ARTICLE}(?:section|chapter|heading)\b"
               rf"(?:\s*(?:{_NAMED_EN}))?\s*[:：]?\s*{_NAME}"
               r"(?:\s+(?:to|in)\s+(?:\S+\.(?:docx|pdf)|it|the (?:document|report|file|end)))?"
               r"(?:\s+at the (?:end|bottom)(?: of (?:it|the (?:document|report|file)))?)?"
               r"\s*(?:,?\s*(?:(?:with (?:the )?(?:text|content|paragraph)|saying|that says)\s*[:：]?\s*(?P<body>.+)"
               r"|(?:with|listing)?\s*[:：]\s*(?P<items>.+)))?\s*[?？]?$",
               rf"\b{_ADD}\s+{_ARTICLE}(?!(?:new|another|extra|additional|more|final|last|short|brief)\b)"
               rf"{_Q}?(?P<title>[^{_NQ},，:：\n]{{1,40}}?){_QC}?\s+(?:section|chapter|heading)\b"
               r"(?:\s+(?:to|in)\s+(?:\S+\.(?:docx|pdf)|it|the (?:document|report|file)))?"
               r"\s*(?:,?\s*(?:(?:with (?:the )?(?:text|content|paragraph)|saying|that says)\s*[:：]?\s*(?P<body>.+)"
               r"|(?:with|listing)?\s*[:：]\s*(?P<items>.+)))?\s*[?？]?$"),
           zh=(rf"{_ZH_ADD}(?:一|1)?(?:个章节|章节|个部分|部分|一节|节|章)[，,]?\s*{_NAMED_ZH}?\s*[:：]?\s*"
               rf"{_Q}?(?P<title>[^，,:：。\n”』」》]+?){_QC}?\s*(?:[，,]\s*(?:内容|正文)(?:是|为)?\s*[:：]\s*"
               r"(?P<body>.+?)|[，,]\s*(?:包括|包含|要点)\s*[:：]?\s*(?P<items>.+?))?\s*[。.!！]?$",
               rf"{_ZH_ADD}(?:一|1)?(?:个)?(?:标题为|题为|名为)\s*{_Q}?(?P<title>[^，,:：。\n”』」》]+?){_QC}?的(?:章节|部分|一节)"
               r"\s*(?:[，,]\s*(?:内容|正文)(?:是|为)?\s*[:：]\s*(?P<body>.+?))?\s*[。.!！]?$"),
           unless=_ASKING, scope="named", action="action.add_section",
           request_en='add a section titled “{title}” to {path}[ with text: {text}]',
           request_zh='在 {path} 中添加一节，标题是“{title}”[，内容：{text}]',
           command="docx_edit", precedence=66, help="help.section", whole=True),
    Intent("add_paragraph", ("docx",), {"heading": "text", "text": "prose"},
           en=(rf"\b(?:{_ADD}|write)\s+{_ARTICLE}{_PARAGRAPH}\s+(?:of text\s+)?(?:under|below|beneath|after|to|in|into"
               rf"|at the end of)\s+{_THE_HEADING}(?:\s+(?:heading|section|part|chapter))?{_SAYING}(?P<text>.+)$",
               rf"^\s*(?:please\s+)?(?:under|below|beneath|after)\s+{_THE_HEADING}(?:\s+(?:heading|section))?\s*,?"
               rf"\s*(?:please\s+)?(?:{_ADD}|write|put)\b\s*(?:(?:the\s+|{_ARTICLE}){_PARAGRAPH}\s*)?"
               r"(?:(?:saying|that says|reading)\s*)?[:：]?\s*(?P<text>.+)$",
               rf"\b(?:{_ADD}|put|write)\s+(?:the\s+)?(?:(?:line|sentence|paragraph|text|words)\s+)?{_Q}(?P<text>[^{_NQ}\n]+)"
               rf"{_QC}\s+(?:under|below|beneath|after)\s+{_THE_HEADING}(?:\s+(?:heading|section))?\s*[.!]?$",
               rf"\b{_ADD}\s+{_ARTICLE}{_PARAGRAPH}(?:\s+(?:at the (?:end|bottom)|to the end)"
               r"(?:\s+of (?:it|the (?:document|report|file|memo|letter)))?)?"
               r"\s*(?:,?\s*(?:saying|that says|which says|reading)\s*[:：]?|[:：])\s*(?P<text>.+)$"),
           zh=(rf"(?:在|往|给|于)\s*{_Q}?(?P<heading>[^，,:：。\n{_NQ}]{{1,40}}?){_QC}?\s*(?:这一?节|这个部分|部分|章节|一节|小节|标题)?"
               rf"\s*的?(?:下面|下方|底下|下边|后面|后边|之后|里面|里|中|下|末尾|最后|结尾)\s*[，,]?\s*再?(?:写|{_ZH_ADD})\s*"
               rf"{_ZH_PARAGRAPH}\s*[:：，,]?\s*(?P<text>.+)$",
               rf"^\s*(?:请|麻烦)?再?(?:写|{_ZH_ADD})\s*{_ZH_PARAGRAPH}\s*[:：]\s*(?P<text>.+)$",
               rf"^\s*(?:请|麻烦)?(?:在|往)\s*(?:文末|文尾|文档(?:的)?(?:末尾|最后|结尾)|全文(?:的)?最后|最后|末尾|结尾)\s*"
               rf"(?:面|处)?\s*再?(?:写|{_ZH_ADD})\s*{_ZH_PARAGRAPH}\s*[:：，,]?\s*(?P<text>.+)$"),
           unless=_ASKING, scope="named", command="docx_edit", precedence=69, help="help.paragraph", whole=True,
           extract=_bullet),
    Intent("rename_heading", ("docx",), {"heading": "text", "to": "text"},
           en=(rf"\b(?:rename|retitle|change|call)\s+(?:the\s+)?{_Q}?(?P<heading>[^{_NQ}\n]{{1,60}}?){_QC}?\s+"
               rf"(?:section|heading|chapter|part)\s+(?:to|as|into)\s+{_Q}?(?P<to>[^{_NQ}\n]+?){_QC}?\s*[.!]?$",
               rf"\b(?:rename|retitle|change)\s+(?:the\s+)?(?:section|heading|chapter|part)\s+(?:called\s+|named\s+)?"
               rf"{_Q}?(?P<heading>[^{_NQ}\n]{{1,60}}?){_QC}?\s+(?:to|as|into)\s+{_Q}?(?P<to>[^{_NQ}\n]+?){_QC}?\s*[.!]?$",
               rf"^\s*(?:the\s+)?{_Q}?(?P<heading>[^{_NQ}\n]{{1,60}}?){_QC}?\s+(?:section|heading|chapter)\s+should\s+be\s+"
               rf"(?:called\s+|named\s+)?{_Q}?(?P<to>[^{_NQ}\n]+?){_QC}?\s*[.!]?$"),
           zh=(rf"(?:把|将)\s*{_Q}?(?P<heading>[^{_NQ}\n，,。]{{1,40}}?){_QC}?\s*(?:这一?节|这个?部分|这一?章|章节|小节|一节|部分)"
               rf"\s*(?:的标题|的名字|的名称)?\s*(?:改名为|改名成|重命名为|改成|改为|换成|改叫)\s*{_Q}?(?P<to>[^{_NQ}\n]+?){_QC}?\s*[。.!！]?$",
               rf"(?:把|将)\s*(?:小标题|章节标题|章节|小节)\s*{_Q}(?P<heading>[^{_NQ}\n]{{1,40}}?){_QC}\s*"
               rf"(?:改名为|改名成|重命名为|改成|改为|换成)\s*{_Q}?(?P<to>[^{_NQ}\n]+?){_QC}?\s*[。.!！]?$"),
           unless=_ASKING, scope="named", command="docx_edit", precedence=66, help="help.section"),
    Intent("delete_paragraph", ("docx",), {"text": "text"},
           en=(r"\b(?:delete|remove|drop|cut|take out|get rid of)\s+(?:the\s+|that\s+|this\s+)?(?:whole\s+)?"
               r"(?:paragraph|para|sentence|line)\s+(?:that\s+(?:says|reads|starts with|begins with|mentions|contains|is about|talks"
               r" about)|which\s+(?:says|mentions|contains)|containing|with(?: the (?:words?|text))?|saying|starting with"
               rf"|beginning with|about|on|mentioning)\s+(?:(?:the\s+)?(?:words?|text|phrase)\s+)?{_Q}?(?P<text>[^\n]+?){_QC}?"
               r"\s*(?:from\s+\S+)?\s*[.!]?$",),
           zh=(rf"(?:删除|删掉|去掉|移除|删去)\s*(?:包含|含有|提到|关于|写着)\s*{_Q}?(?P<text>[^{_NQ}\n]+?){_QC}?\s*的\s*"
               r"(?:那一?段|那一?句|段落|这一?段|这一?句|句子|一段|一句)(?:话|文字)?\s*[。.!！]?$",
               rf"(?:把|将)\s*(?:包含|含有|提到|关于|写着)\s*{_Q}?(?P<text>[^{_NQ}\n]+?){_QC}?\s*的\s*"
               r"(?:那一?段|那一?句|段落|这一?段|这一?句|句子|一段|一句)(?:话|文字)?\s*(?:删除|删掉|去掉|移除|删去)"),
           unless=_ASKING, scope="named", command="docx_edit", precedence=71, help="help.edit", extract=_described_text),
    Intent("delete_section", ("docx",), {"heading": "text", "heading2": "text"},
           en=(rf"\b(?:delete|remove|drop|cut|take out|get rid of)\s+(?:the\s+)?(?:whole\s+)?{_Q}?(?P<heading>[^\n\"”’」』]{{1,60}}?){_QC}?"
               r"\s+(?:section|chapter|part)(?:\s+(?:from|in|of)\s+\S+)?(?:\s+(?:entirely|completely))?\s*[.!]?$",
               rf"\b(?:delete|remove|drop|cut|take out|get rid of)\s+(?:the\s+)?(?:whole\s+)?(?:section|chapter)\s+"
               rf"(?:(?:called|titled|named)\s+)?{_Q}?(?P<heading2>[^\n\"”’」』]{{1,60}}?){_QC}?(?:\s+(?:from|in)\s+\S+)?\s*[.!]?$"),
           zh=(rf"(?:删除|删掉|删去|去掉|移除)\s*{_Q}?(?P<heading>[^\n{_NQ}，,。]{{1,30}}?){_QC}?\s*(?:这一?|那一?|整)?(?:节|章节|章|部分)"
               r"(?:的?内容)?\s*[。.!！]?$",
               rf"(?:把|将)\s*{_Q}?(?P<heading2>[^\n{_NQ}，,。]{{1,30}}?){_QC}?\s*(?:这一?|那一?|整)?(?:节|章节|章|部分)"
               r"(?:的?内容)?\s*(?:整个)?(?:删除|删掉|删了|删去|去掉|移除|不要了)\s*[。.!！吧]?$"),
           unless=(*_ASKING, r"\b(?:paragraph|para|sentence|line|slide|page|row|column|sheet)s?\b|幻灯片|工作表|页"),
           scope="named", command="docx_edit", precedence=70, help="help.section"),
    Intent("set_title", ("docx", "pptx", "pdf"), {"title": "text", "slide": "number"},
           en=(rf"\b(?:change|set|rename|make|update|switch)\s+{_THE_TITLE}\s+of\s+slide\s+(?P<slide>\d+)\s+"
               rf"(?:to|as|into)\s*[:：]?\s*{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"\b(?:change|set|rename|make|update|switch)\s+(?:the\s+)?slide\s+(?P<slide>\d+)(?:'s)?\s+title\s+"
               rf"(?:to|as|into)\s*[:：]?\s*{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"\b(?:rename|retitle)\s+slide\s+(?P<slide>\d+)\s+(?:to|as)\s*[:：]?\s*{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"\bmake\s+(?:the\s+)?slide\s+(?P<slide>\d+)(?:'s)?\s+title\s+(?:say\s+|read\s+|be\s+)?{_NOT_A_TITLE}"
               rf"{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"\bslide\s+(?P<slide>\d+)(?:'s)?\s+title\s+(?:should|must|needs to|ought to|has to|will)\s+(?:be|say|read)"
               rf"\s*[:：]?\s*{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"\b(?:change|set|rename|make|update|switch)\s+{_THE_TITLE}(?:\s+(?:of|in|for)\s+\S+)?\s+(?:to|as|into)"
               rf"\s*[:：]?\s*{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"\bmake\s+{_THE_TITLE}\s+(?:say\s+|read\s+|be\s+)?{_NOT_A_TITLE}{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"\b{_THE_TITLE}\s+(?:should|must|needs to|ought to|has to)\s+(?:be|say|read)\s*[:：]?\s*{_NOT_A_TITLE}"
               rf"{_Q}?(?P<title>.+?){_QC}?(?:\s+instead)?\s*[.!?]?$",
               rf"^\s*(?:can|could)\s+(?:the|its)\s+title\s+be\s+{_NOT_A_TITLE}{_Q}?(?P<title>.+?){_QC}?(?:\s+instead)?\s*[.!?]?$",
               rf"\b{_THE_TITLE}\s+to\s+(?:be|say|read)\s*[:：]?\s*{_Q}?(?P<title>.+?){_QC}?(?:\s+instead)?\s*[.!?]?$",
               rf"\btitle\s*(?:→|->|=>)\s*{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"\b(?:retitle|title)\s+(?:it|this|that|the (?:document|deck|file|report|presentation)|\S+\.(?:docx|pptx|pdf))"
               rf"\s+(?:as\s+|to\s+)?[:：]?\s*{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               rf"^\s*(?:(?:new|set|change|update)\s+)?title\s*[:：]\s*{_Q}?(?P<title>.+?){_QC}?\s*$",
               rf"^\s*(?:please\s+|let'?s\s+|let us\s+)?call\s+(?:it|the (?:document|deck|report|presentation|file))\s+"
               rf"{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$",
               # "rename the deck to Q3 Review": its title (a file's name is "rename the file", not this)
               rf"\brename\s+(?:the|this)\s+(?:deck|presentation|document|report|memo|slides)\s+(?:to|as)\s*[:：]?\s*"
               rf"{_Q}?(?P<title>.+?){_QC}?\s*[.!?]?$"),
           zh=(rf"(?:把|将)?(?:主|文档的?|演示文稿的?)?(?:标题|题目)(?:改叫|叫做?|就叫)\s*[:：]?\s*{_Q}?(?P<title>.+?){_QC}?\s*[。.!！]?$",
               rf"(?:把|将)?第\s*(?P<slide>\d+)\s*(?:张|页)(?:幻灯片)?的?标题(?:改成|改为|换成|设为|设置为|更改为|修改为)\s*[:：]?\s*"
               rf"{_Q}?(?P<title>.+?){_QC}?\s*[。.!！]?$",
               rf"(?:把|将)?(?:主|文档的?|演示文稿的?)?(?:标题|题目)(?:改一下|修改一下|换一下|改下)?[，,]?\s*"
               rf"(?:改成|改为|换成|设为|设置为|更改为|修改为|应该是|应该为|应为|要改成|定为|用|就用|改用)\s*[:：]?\s*"
               rf"{_Q}?(?P<title>.+?){_QC}?\s*[。.!！]?$",),
           unless=_ASKING, action="action.set_title",
           request_en='change the title of {path} to “{title}”',
           request_zh='把 {path} 的标题改成“{title}”',
           command="docx_edit", precedence=64, help="help.title"),
    Intent("rename_sheet", ("xlsx",), {"name": "text", "to": "text", "name2": "text", "to2": "text"},
           en=(rf"\brename\s+(?:the\s+)?(?:sheet|tab|worksheet)\s+{_Q}?(?P<name>[^\"'”’」』\n]+?){_QC}?\s+(?:to|as)\s+"
               rf"{_Q}?(?P<to>[^\"'”’」』\n]+?){_QC}?\s*[.!]?$",
               rf"\brename\s+(?:the\s+)?{_Q}?(?P<name>[^\"'”’」』\n]+?){_QC}?\s+(?:sheet|tab|worksheet)\s+(?:to|as)\s+"
               rf"{_Q}?(?P<to>[^\"'”’」』\n]+?){_QC}?\s*[.!]?$",
               # a sheet's own default name says it is one: "rename Sheet1 to Sales"
               rf"\brename\s+(?P<name2>sheet\s?\d{{1,3}})\s+(?:to|as)\s+{_Q}?(?P<to2>[^\"'”’」』\n]+?){_QC}?\s*[.!]?$"),
           zh=(rf"(?:把|将)?(?:工作表|表格?|sheet)\s*{_Q}?(?P<name>[^\"'”’」』\n]+?){_QC}?\s*(?:重命名为|重命名成|改名为|改名成|命名为)\s*"
               rf"{_Q}?(?P<to>[^\"'”’」』\n。]+?){_QC}?\s*[。.!！]?$",
               rf"(?:把|将)\s*(?P<name2>(?:sheet|工作表)\s?\d{{1,3}})\s*(?:重命名为|重命名成|改名为|改名成|命名为|改成|改为)\s*"
               rf"{_Q}?(?P<to2>[^\"'”’」』\n。]+?){_QC}?\s*[。.!！]?$"),
           scope="named", unless=_ASKING, command="xlsx_edit", precedence=73, help="help.rows"),
    Intent("set_cells", ("xlsx",), {"cells": "cells", "sheet": "text"},
           en=slots.CELL_PHRASINGS_EN, zh=slots.CELL_PHRASINGS_ZH,
           unless=_ASKING, scope="named", action="action.set_cells",
           request_en="set {cell} to {value} in {path}",
           request_zh="把 {path} 的 {cell} 改成 {value}",
           command="xlsx_edit", precedence=76, help="help.rows", extract=_cells),
    Intent("add_chart", ("xlsx",), {"sheet": "text", "kind": "text", "of": "text"},
           en=(r"\b(?:add|make|create|insert|draw|put|give\s+(?:it|me)|plot|build)\s+(?:in\s+)?(?:a\s+|an\s+|the\s+)?"
               r"(?:bar\s+|column\s+|line\s+|pie\s+)?(?:chart|graph)"
               rf"(?:\s+(?:of|for|from|to|in|on|into)\s+(?:the\s+)?(?:{_Q}?(?P<sheet>[^:：\n]+?){_QC}?\s+(?:sheet|tab|worksheet)"
               r"|\S+\.xlsx|it|this|that|the\s+(?:data|numbers|figures|spreadsheet|workbook|table|sheet)))?"
               r"(?:,?\s+please)?\s*[.!?]?$",
               # the columns it shows: "a bar chart of Income", "a line chart for Sales and Costs by month"
               r"\b(?:add|make|create|insert|draw|put|give\s+(?:it|me)|plot|build)\s+(?:in\s+)?(?:a\s+|an\s+|the\s+)?"
               r"(?:bar\s+|column\s+|line\s+|pie\s+)?(?:chart|graph)\s+(?:of|for|showing)\s+(?:the\s+)?"
               rf"{_Q}?(?P<of>[^:：\n]{{1,60}}?){_QC}?(?:\s+columns?)?(?:,?\s+please)?\s*[.!?]?$",
               r"\b(?:chart|plot|graph)\s+(?:the|these|those|my|this)\s+(?:data|numbers|figures|sales|values)\b",
               rf"^\s*(?:please\s+)?(?:chart|plot|graph)\s+(?:the\s+)?{_Q}?(?P<of>[^:：\n]{{1,40}}?){_QC}?\s+columns?"
               r"(?:\s+as\s+an?\s+(?:bar|column|line|pie)\s+(?:chart|graph))?\s*[.!?]?$"),
           zh=(r"(?:用|把|将)(?P<of>.{0,20}?)(?:做成|画成|生成|画)(?:一个|一张|个)?\s*(?:柱状图|柱形图|条形图|折线图|饼图|图表)",
               r"(?:加|添加|增加|插入|做|画|生成|来)(?:上|出)?(?:一个|一张|一|个)?\s*(?:(?P<of>[^，,。:：\n]{1,20}?)的?)?\s*"
               r"(?:柱状图|柱形图|条形图|折线图|曲线图|趋势图|饼图|饼状图|图表)"),
           unless=(*_ASKING, r"[:：]\s*\S", r"\n", r"\b(?:deck|slides?|presentation|pptx|word|docx|pdf)\b|幻灯片|演示文稿|PPT|文档"),
           scope="named", command="xlsx_edit", precedence=70, help="help.rows",
           extract=lambda text: {"kind": wanted_chart(text) or "bar"}),
    Intent("add_total", ("xlsx",), {"sheet": "text"},
           en=(r"\b(?:(?:add|append|insert|put|include|give\s+(?:it|me))\s+(?:in\s+)?(?:a\s+|an\s+|the\s+)?(?:grand\s+)?"
               r"(?:totals?|sum)(?:\s+(?:row|line))?"
               r"|(?:need|want|could use)\s+(?:a\s+|an\s+)?(?:grand\s+)?(?:totals?|sum)\s+(?:row|line))"
               r"(?:\s+(?:at|to)\s+the\s+(?:bottom|end)|\s+(?:under|below)\s+(?:the\s+)?(?:data|table|rows|numbers|figures))?"
               rf"(?:\s+(?:to|in|on)\s+(?:the\s+)?{_Q}?(?P<sheet>[^:：\n]+?){_QC}?\s+(?:sheet|tab|worksheet))?"
               r"(?:\s+(?:to|in|of)\s+(?:\S+\.xlsx|it|this|that|the\s+(?:spreadsheet|workbook|table|sheet)))?"
               r"(?:,?\s+please)?\s*[.!?]?$",
               r"\b(?:total|sum)\s+(?:up\s+)?(?:the|each|every|all(?:\s+the)?)\s+(?:numeric\s+|number\s+)?columns?\b"),
           zh=(rf"{_ZH_ADD}(?:上|一)?(?:个|一行|行)?\s*(?:合计|总计|汇总|求和)(?:行)?",
               r"(?:底部|最后一行|末尾|最下面|下面)(?:加|添加|增加|补)(?:上|一)?(?:个|一行|行)?\s*(?:合计|总计|汇总)",
               r"(?:合计|汇总|求和)一下|算(?:一下)?(?:合计|总计|总和)",
               r"(?:每一?列|各列|所有列|每列)(?:都)?(?:求和|合计|汇总)"),
           unless=(*_ASKING, r"[:：]\s*\S"), scope="named", action="action.add_total",
           request_en="add a total row to {path}", request_zh="给 {path} 加一行合计",
           command="xlsx_edit", precedence=71, help="help.rows"),
    Intent("add_column", ("xlsx",), {"header": "text", "values": "list"},
           en=(r"\b(?:add|append|insert|put in)\s+(?:a\s+|an\s+|another\s+|one\s+more\s+)?(?:new\s+)?column\s+"
               rf"(?:(?:called|named|titled|for|with|of)\s+)?(?!(?:to|in|on)\s){_Q}?(?P<header>[^:：\n\"”’」』]{{1,40}}?){_QC}?"
               r"(?:\s+(?:to|in|on)\s+(?:\S+\.xlsx|it|this|the\s+(?:spreadsheet|workbook|table|sheet)))?"
               r"(?:\s*[:：]|\s+with(?:\s+(?:the\s+)?values?)?\s*[:：]?|\s+(?:containing|holding)\s)\s*(?P<values>.+)$",
               r"\b(?:add|append|insert)\s+(?:a\s+|an\s+|another\s+)?(?:new\s+)?(?!(?:a|an|the|another|new)\b)(?P<header>[A-Za-z][\w]*(?:\s[\w]+)?)\s+column"
               r"(?:\s+(?:to|in|on)\s+(?:\S+\.xlsx|it|this|the\s+(?:spreadsheet|workbook|table|sheet)))?"
               r"(?:\s*[:：]|\s+with(?:\s+(?:the\s+)?values?)?\s*[:：]?)\s*(?P<values>.+)$"),
           zh=(rf"(?:加|添加|增加|新增|插入|补)(?:上)?(?:一|1)?列\s*{_Q}?(?P<header>[^:：\n，,\"”’」』]{{1,20}}?){_QC}?"
               r"\s*[:：]\s*(?P<values>.+)$",
               rf"(?:加|添加|增加|新增|插入)(?:上)?(?:一|1)?列\s*[，,]?\s*(?:列名|标题|表头|名字)(?:叫|是|为)?\s*{_Q}?"
               rf"(?P<header>[^:：\n，,\"”’」』]{{1,20}}?){_QC}?\s*[，,]\s*(?:值|数据|内容)(?:分别)?(?:为|是)?\s*[:：]?\s*"
               r"(?P<values>.+)$"),
           unless=_ASKING, scope="named", action="action.add_column",
           request_en="add a column {header} to {path}: {values}", request_zh="在 {path} 中加一列{header}：{values}",
           command="xlsx_edit", precedence=72, help="help.rows"),
    Intent("remove_sheet", ("xlsx",), {"name": "text"},
           en=(rf"\b(?:delete|remove|drop|get rid of)\s+(?:the\s+)?(?:sheet|tab|worksheet)\s+{_Q}?(?P<name>[^\"'”’」』\n]+?){_QC}?"
               r"(?:\s+(?:from|in)\s+\S+)?\s*[.!]?$",
               rf"\b(?:delete|remove|drop|get rid of)\s+(?:the\s+)?{_Q}?(?P<name>[^\"'”’」』\n]+?){_QC}?\s+(?:sheet|tab|worksheet)"
               r"(?:\s+(?:from|in)\s+\S+)?\s*[.!]?$"),
           zh=(rf"(?:删除|删掉|去掉|移除)\s*(?:工作表|sheet)\s*{_Q}?(?P<name>[^\"'”’」』\n。]+?){_QC}?\s*[。.!！]?$",
               rf"(?:把|将)\s*(?:工作表|sheet)\s*{_Q}?(?P<name>[^\"'”’」』\n]+?){_QC}?\s*(?:删除|删掉|去掉|移除)\s*[。.!！]?$"),
           scope="named", unless=_ASKING, command="xlsx_edit", precedence=73, help="help.rows"),
    Intent("swap_slides", ("pptx",), {"a": "number", "b": "number"},
           en=(r"\b(?:swap|switch|exchange|flip)\s+(?:the\s+)?(?:order\s+of\s+)?slides?\s+(?P<a>\d+)\s*(?:and|with|&|,)\s*"
               r"(?:slide\s+)?(?P<b>\d+)\b",
               r"\b(?:swap|switch|exchange)\s+slide\s+(?P<a>\d+)\s+(?:and|with)\s+slide\s+(?P<b>\d+)\b"),
           zh=(r"(?:把|将)?第\s*(?P<a>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:和|与|跟|同)\s*第\s*(?P<b>\d+)\s*(?:张|页)(?:幻灯片)?\s*"
               r"(?:互换|交换|对调|调换|换一下|换个)(?:位置|顺序)?",
               r"(?:互换|交换|对调|调换)\s*第\s*(?P<a>\d+)\s*(?:张|页)?(?:幻灯片)?\s*(?:和|与)\s*第\s*(?P<b>\d+)\s*(?:张|页)"),
           scope="named", unless=_ASKING, command="pptx_edit", precedence=74, help="help.slides"),
    Intent("duplicate_slide", ("pptx",), {"slide": "number", "title": "text"},
           en=(r"\b(?:duplicate|copy|clone)\s+(?:the\s+)?slide\s+(?P<slide>\d+)\b(?!'s|\s*(?:text|title|notes?|content)\b)",
               rf"\b(?:duplicate|clone)\s+the\s+(?:(?:last|final)\s+slide|{_Q}?(?P<title>[^\s\"”’」』]+(?:\s+[^\s\"”’」』]+)?){_QC}?"
               r"\s+slide)\s*[.!]?$",
               r"\bslide\s+(?P<slide>\d+)\s+(?:duplicated|copied)\b",
               r"\b(?:make|add|create)\s+(?:a\s+|another\s+)?(?:copy|duplicate)\s+of\s+slide\s+(?P<slide>\d+)\b"),
           zh=(r"(?:复制|拷贝|克隆)(?:一下|一份|一张)?\s*第\s*(?P<slide>\d+)\s*(?:张|页)(?:幻灯片)?(?!.{0,4}(?:文字|标题|备注))",
               r"(?:把|将)?第\s*(?P<slide>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:再)?(?:复制|拷贝|克隆)(?:一份|一下|一张|一遍)?",
               r"(?:复制|拷贝|克隆)(?:一下|一份)?\s*最后一(?:张|页)(?:幻灯片)?",
               r"(?:把|将)\s*最后一(?:张|页)(?:幻灯片)?\s*(?:再)?(?:复制|拷贝|克隆)"),
           scope="named", unless=_ASKING, command="pptx_edit", precedence=74, help="help.slides", extract=_last_slide),
    Intent("set_notes", ("pptx",), {"slide": "number", "text": "prose"},
           en=(r"\b(?:add|put|set|write|change|update)\s+(?:the\s+|some\s+|a\s+|an\s+)?(?:speaker\s+|presenter\s+)?notes?\s+"
               r"(?:to|on|for|of)\s+slide\s+(?P<slide>\d+)\s*(?:to\s+|[:：]\s*|\s+[—–-]\s*|,?\s*saying\s+)(?P<text>.+)$",
               r"^\s*(?:the\s+)?(?:speaker\s+|presenter\s+)?notes?\s+(?:for|on|of)\s+slide\s+(?P<slide>\d+)\s*"
               r"(?:[:：]|\s[—–-])\s*(?P<text>.+)$",
               r"\bslide\s+(?P<slide>\d+)(?:'s)?\s+(?:speaker\s+|presenter\s+)?notes?\s*(?:[:：]|should (?:be|say|read))\s*"
               r"(?P<text>.+)$"),
           zh=(r"(?:给|在|为|把)?\s*第\s*(?P<slide>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:的)?\s*(?:加|添加|写|写上|加上|设置|增加)?"
               r"(?:演讲者|讲者)?备注\s*(?:改成|改为|设为|写成|写上|写|是|为)?\s*[:：]?\s*(?P<text>.+)$",),
           unless=_ASKING, scope="named", command="pptx_edit", precedence=75, help="help.slides", whole=True),
    Intent("move_slide", ("pptx",), {"slide": "number", "to": "position", "to2": "position", "to3": "position",
                                     "to4": "position", "title": "text", "title2": "text", "slide2": "number",
                                     "before": "number", "after": "number"},
           en=(r"\bmove\s+slide\s+(?P<slide>\d+)\s+(?:to|up to|down to)\s+(?:position\s+|the\s+(?:very\s+)?)?"
               r"(?P<to>\d+|front|start|beginning|top|end|back|bottom|last)\b",
               # a slide named by its title, or the last one: "move the Risks slide to the end"
               rf"\bmove\s+(?:the\s+)?(?:(?:last|final)\s+slide|{_Q}?(?P<title>[^\s\"”’」』]+(?:\s+[^\s\"”’」』]+)?){_QC}?"
               r"\s+slide|slide\s+(?:titled|called|named)\s+(?P<title2>.+?))\s+(?:to|up to|down to)\s+"
               r"(?:position\s+|the\s+(?:very\s+)?)?(?P<to2>\d+|front|start|beginning|top|end|back|bottom|last)\b",
               # "put slide 3 before slide 1", "move slide 4 after slide 1", "put slide 5 first"
               r"\b(?:put|place|move)\s+slide\s+(?P<slide2>\d+)\s+(?:(?:right\s+|just\s+)?before\s+slide\s+(?P<before>\d+)"
               r"|(?:right\s+|just\s+)?after\s+slide\s+(?P<after>\d+)|(?P<to3>first|last)\b|at\s+the\s+(?P<to4>end|start|beginning|front))"),
           zh=(r"(?:把|将)?第\s*(?P<slide2>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:移到|移动到|挪到|放到)\s*第\s*"
               r"(?:(?P<before>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:前面|之前|前)|(?P<after>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:后面|之后|后))",
               r"(?:把|将)?第\s*(?P<slide>\d+)\s*(?:张|页)(?:幻灯片)?\s*(?:移到|移动到|挪到|放到)\s*"
               r"(?:第\s*(?P<to>\d+)\s*(?:张|页|位)?|(?P<to2>最前面|最前|开头|最后面|最后|末尾|结尾))",
               # "把“风险”那页移到最后", "把最后一张移到第2张"
               rf"(?:把|将)\s*(?:最后一(?:张|页)(?:幻灯片)?|{_Q}?(?P<title>[^，,。:：\s“”\"「」]{{1,20}}?){_QC}?\s*(?:那|这|这一|那一)"
               r"(?:张|页)(?:幻灯片)?)\s*(?:移到|移动到|挪到|放到)\s*"
               r"(?:第\s*(?P<to3>\d+)\s*(?:张|页|位)?|(?P<to4>最前面|最前|开头|最后面|最后|末尾|结尾))"),
           scope="named", unless=_ASKING, command="pptx_edit", precedence=74, help="help.slides", extract=_last_slide),
    Intent("export_pdf", ("docx", "pptx", "xlsx"), {},
           en=(r"\bpdf (?:too|as well|also|version|copy)\b|\b(?:make|export|save|convert|turn|render|get|have|send|give|put)"
               r"\b[^.\n]{0,40}\b(?:to|as|into|a|in)\s+(?:a\s+)?pdf\b|\bas (?:a )?pdf\b",),
           zh=(r"(?:导出|转成|转为|转换成|转换为|另存为|生成|做|存成|保存为|变成|要)[^。\n]{0,8}PDF|PDF\s*版",),
           action="action.export_pdf",
           request_en='export {path} as a PDF',
           request_zh='把 {path} 导出为PDF',
           command="export_pdf", precedence=60, help="help.export"),
    Intent("replace_text", ("docx", "pptx", "pdf", "xlsx"), {"find": "text", "replace": "text"},
           en=(r"\b(?:replace|substitute|change|rename|update|correct|swap)\b|→|->|=>"
               r"|\b(?:typo|misspel\w*|wrong|mistake|incorrect)\b.*\bshould\s+(?:be|read|say)\b",),
           zh=(r"改成|改为|替换成|替换为|换成|换为|更改为|修改为|更换为|(?:错别字|笔误|写错了|拼错了|错了|不对).*应(?:该)?(?:是|为|写成)",),
           # a file's own name is not its text: "rename the file to q3.docx" is no replacement
           unless=(*_ASKING, r"\brename\s+(?:the|this|that|my)\s+file\b|(?:把|将)?(?:这个|该)?文件(?:名)?(?:重命名|改名)"),
           action="action.replace_text",
           request_en='In {path}, replace “{find}” with “{replace}”',
           request_zh='把 {path} 中的“{find}”改成“{replace}”',
           command="docx_edit", precedence=50, help="help.edit", extract=_replacement),
    Intent("inspect", ("docx", "pptx", "pdf", "xlsx", "md", "txt", "csv", "markdown", "tsv"), {},
           en=(r"\binspect\b|\boutline\b|\bwhat'?s in\b|\bwhat is in\b|\bwhat does\b.{0,30}\b(?:contain|say|have)\b"
               r"|\bshow me what\b|\bsummari[sz]e the structure\b|\blist (?:the|its|all)?\s*(?:slides|sheets|headings|pages)\b"
               r"|\bhow many (?:sheets|slides|pages|headings|rows|columns|tabs|worksheets|tables|paragraphs|words|pictures|images"
               r"|charts|sections|formulas|cells|bullets)\b|\bwhat (?:sheets|slides|pages|headings|tabs)\b"
               r"|\bwhat are the (?:slide |sheet |page |section )?(?:sheets|slides|pages|headings|tabs|titles|names)\b"
               r"|\bwhat\b.{0,40}\bis (?:it )?about\b|\btell me about\b|\b(?:give me )?an overview of\b"
               r"|\bwhat are (?:they|the sheets|the slides)"
               r" called\b|\bwhat(?:'s| is) inside\b|\bshow me (?:the )?(?:contents|structure)\b"
               r"|\bwhat'?s on (?:page|slide)\b|\bwhat (?:is|does) on (?:page|slide)\b|\bopen\s+\S+\.\w+\s+and tell\b",),
           zh=(r"查看|检查|看看|里面?都?有(?:什么|啥)|里面是什么|有什么内容|有哪些内容|是什么内容|大纲|有几(?:个|张|页)|多少(?:个|张|页)"
               r"|都有哪些|讲了什么|写了什么|有哪些(?:工作表|幻灯片|页|章节|标题|sheet)|叫什么|都是什么|是哪些|一共几|共有几",),
           scope="route", command="inspect", precedence=40, help="help.inspect"),
)
BY_ID: dict[str, Intent] = {i.id: i for i in INTENTS}

# Making a new file: its help line (the words that name a format are in desktop.format_words).
CREATE_HELP = "help.create"
# The short help names the one line that fits the request: the first group whose topic words it uses.
HELP_TOPICS: tuple[tuple[str, str], ...] = (
    ("help.fill", r"\bforms?\b|\bfill|\bfields?\b|表单|填写|字段"),
    ("help.pdf_pages", r"\bpages?\b|\bmerge|\bcombine|\bsplit|\brotate|页|合并|拆分|旋转"),
    ("help.slides", r"\bslides?\b|\bdecks?\b|幻灯片|演示"),
    ("help.title", r"\btitle|\bheadline|标题"),
    ("help.paragraph", r"\bparagraphs?\b|\bsentences?\b|段|句"),
    ("help.section", r"\bsections?\b|\bchapters?\b|\bheadings?\b|章节|小节"),
    ("help.rows", r"\brows?\b|\bcolumns?\b|\bcells?\b|行|列"),
    ("help.versions", r"\bundo\b|\brestore|\bversions?\b|\bgo back\b|撤销|恢复|版本"),
    ("help.checks", r"\bformulas?\b|\brecalc|\bcheck|公式|重算"),
    ("help.export", r"\bpdf\b|\bexport|导出"),
    ("help.edit", r"\breplace|\bchange|\bedit|\bfix|\btypo|替换|修改|改"),
    ("help.inspect", r"\bwhat\b|\bhow many\b|\bshow\b|\blist\b|\bread\b|什么|几个|哪些|看"),
)


def _values(intent: Intent, m: re.Match[str], text: str) -> dict[str, Any] | None:
    values: dict[str, Any] = {}
    for name, raw in m.groupdict().items():
        if raw is not None and raw.strip():
            # "sheet2": a second way to say the same slot in one pattern (a group name is used once)
            values.setdefault(name.rstrip("0123456789"), _typed(intent.slots.get(name, "text"), raw))
    if intent.extract is not None:
        extra = intent.extract(text)
        if extra is None:
            return None
        values.update(extra)
    for name, value in intent.defaults.items():
        values.setdefault(name, value)
    if intent.id == "add_section":
        values = _section_body(values)
    if intent.id == "add_paragraph":
        return _paragraph_place(values)
    if intent.id == "add_slide":
        values = _slide_place(values)
    if "title" in intent.slots and "title" in values and not str(values["title"]).strip():
        return None
    return values


def match_all(request: str) -> list[Found]:
    """Every intent the request fits, highest precedence first."""
    text = slots.normalize(request.strip())
    first = text.splitlines()[0].strip() if text else ""
    found: list[Found] = []
    for intent in sorted(INTENTS, key=lambda i: -i.precedence):
        where = text if intent.whole else first
        if intent.vetoed(first):
            continue
        for pattern in intent.patterns():
            m = pattern.search(where)
            if m is None:
                continue
            values = _values(intent, m, where)
            if values is not None:
                found.append(Found(intent, values))
                break
    return found


def match(request: str, allowed: Callable[[Intent], bool] = lambda i: True) -> Found | None:
    """The intent of highest precedence that fits the request (and ``allowed``), or None."""
    return next((f for f in match_all(request) if allowed(f.intent)), None)


def is_question(request: str) -> bool:
    """"How do I add a slide?", "为什么标题这么长？": a question about an operation, which runs none."""
    first = slots.normalize(request.strip().splitlines()[0]) if request.strip() else ""
    return any(re.search(p, first, _I) for p in _ASKING)


def help_topic(request: str) -> str:
    """The help line's id that fits the request best (making a file when nothing fits)."""
    return next((h for h, words in HELP_TOPICS if re.search(words, request, _I)), CREATE_HELP)


HELP_ORDER = ("help.create", "help.edit", "help.title", "help.slides", "help.section", "help.paragraph", "help.rows", "help.export",
              "help.pdf_pages", "help.fill", "help.inspect", "help.versions", "help.checks")


def help_lines() -> list[tuple[str, str]]:
    """(intent ids, help message id) in the order the help text lists them: every intent's line, once."""
    groups: dict[str, list[str]] = {CREATE_HELP: ["create"]}
    for intent in INTENTS:
        groups.setdefault(intent.help, []).append(intent.id)
    return [(", ".join(groups[h]), h) for h in sorted(groups, key=lambda h: (HELP_ORDER + (h,)).index(h))]
