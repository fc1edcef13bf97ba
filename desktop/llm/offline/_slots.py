"""Slot extraction for the offline planner: the values inside a request, as people type them.

One place reads quotes of every kind, lists ("A, B and C", "甲、乙和丙"), "every X", "X → Y", numbers with
units and thousands separators, page lists ("pages 2-4 and 7", "第2到4页"), form values ("Name: X and City: Y",
"Name = X, Date = Y", "姓名：张三，城市：北京") and replacements ("replace X with Y", "change every X to Y",
"把 X 改成 Y"). The intents table (:mod:`desktop.llm.offline._intents`) finds *which* operation a request
asks for; this module turns the words it captured into typed values.
"""
from __future__ import annotations

import re
from typing import Any

from desktop.llm._patterns import later

OPEN_QUOTES = "\"'“‘「『《«‹"
CLOSE_QUOTES = "\"'”’」』》»›"
_PAIRS = {'"': '"', "'": "'", "“": "”", "‘": "’", "「": "」", "『": "』", "《": "》", "«": "»", "‹": "›"}
QUOTED = later(r"\"(?P<a>[^\"]+)\"|“(?P<b>[^”]+)”|‘(?P<c>[^’]+)’|「(?P<d>[^」]+)」|『(?P<e>[^』]+)』"
               r"|(?<![A-Za-z])'(?P<f>[^']+)'(?![A-Za-z])|《(?P<g>[^》]+)》|«\s*(?P<h>[^»]+?)\s*»")

# "A, B and C", "甲、乙和丙": 和/以及 split only between words; 与 and 及 also sit inside words (参与者, 以及),
# so 及 splits only where it stands alone between two items written with spaces or after 、.
_LIST_SPLIT = later(r"\s*(?:,\s*(?:and\s+)?|;\s*|\s+and\s+|\s*&\s*|[、，；]|以及|和|\s+及\s+)\s*", re.IGNORECASE)
_EVERY = later(r"^(?:(?:every|each|all)(?:\s+(?:the\s+)?(?:occurrences?|instances?|mentions?|times?)\s+of)?"
               r"|all\s+the|any)\s+"
               r"|^(?:所有的?|全部的?|每一?个|每处)", re.IGNORECASE)
_ARROW = later(r"^\s*(?P<a>.+?)\s*(?:→|->|=>|⇒|⟶)\s*(?P<b>.+?)\s*$")
_NUMBER = later(r"^(?P<sign>[-+])?(?P<cur>[$€£¥])?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                r"\s*(?P<unit>%|[A-Za-z]{1,5}|元|美元|块|个|人|天|小时|公里|千克|公斤)?$")
_FILE = later(r"[\w\-][\w.\-]*\.(?:docx|pdf|pptx|xlsx|md|markdown|txt|csv|tsv)", re.IGNORECASE)
_TRAIL = ".。!！?？;；,，"


def unquote(text: str) -> str:
    """The text without one pair of surrounding quotes of any kind, and without stray edge quotes."""
    t = text.strip()
    if len(t) >= 2 and _PAIRS.get(t[0]) == t[-1]:
        return t[1:-1].strip()
    return t.strip(OPEN_QUOTES + CLOSE_QUOTES).strip()


def quoted(text: str) -> list[str]:
    """Every quoted span of the text, in order ("“A” and 'B'" -> ["A", "B"])."""
    return [next(g for g in m.groups() if g is not None) for m in QUOTED.finditer(text)]


_POLITE_TAIL = later(r"(?<=\S)(?:(?:\s*,\s*|\s+)(?:please|thanks|thank you|pls)\b|\s*(?:吧|吗|呢|好吗|可以吗|谢谢))"
                    r"\s*[.!?。！？]*\s*$", re.IGNORECASE)


def clean(text: str, keep_end: bool = False) -> str:
    """A captured value: quotes, a trailing "please" / 吗 and the sentence's end punctuation taken off
    (``keep_end``: a value inside the sentence, such as the words to find, keeps its full stop: "Acme Ltd.")."""
    t = text.strip() if keep_end else text.strip().rstrip(_TRAIL).strip()
    t = _POLITE_TAIL.sub("", t)
    spans = quoted(t)
    if len(spans) == 1 and t.endswith(tuple(CLOSE_QUOTES)) and not t.startswith(tuple(OPEN_QUOTES)):
        return spans[0].strip()  # "合同里的“Acme Ltd.”": the quoted words are the value
    return unquote(t if keep_end else t.rstrip(_TRAIL).strip())


def split_list(text: str) -> list[str]:
    """The items of a list the user typed ("Budget, Timeline and Risks", "预算、时间和风险"), quotes taken off.

    A comma between digits is a thousands separator ("Rent 1,200"), not the end of an item."""
    protected = re.sub(r"(?<=\d),(?=\d{3}\b)", "\0", text)
    items = (unquote(n.replace("\0", ",")).strip() for n in _LIST_SPLIT.split(protected))
    return [n.rstrip(_TRAIL).strip() for n in items if n and n.rstrip(_TRAIL).strip()]


# "把“2024”全部换成“2025”", "把2024都改成2025": every one, said between the words and the verb
_EVERY_BEFORE_VERB = later(r"(?:全部|全都|统统|一律|(?<=[”」』\"'0-9A-Za-z])都)\s*(?:都\s*)?"
                           r"(?:改成|改为|替换成|替换为|换成|换为|更改为|修改为)")


def every(text: str) -> tuple[str, bool]:
    """("2024", True) for "every 2024" / "all 2024" / "所有的2024"; (text, False) when no such word leads."""
    t = text.strip()
    m = _EVERY.match(t)
    if m and t[m.end():].strip():
        return clean(t[m.end():]), True
    return t, False


_ARROW_LEAD = later(r"^\s*(?:(?:[\w\-][\w.\-]*\.\w{2,5}|in\s+\S+)\s*[:：,，]\s*)?"
                    r"(?:(?:please\s+)?(?:change|replace|update|swap|rename|correct|fix)\s+)?"
                    # "fix the typo: A -> B", "typo: A -> B", "错别字：A -> B"
                    r"(?:(?:the|a|this|that)\s+)?(?:(?:typo|spelling|mistake|error|misspelling)s?\s*[:：,，]\s*"
                    r"|(?:错别字|笔误|错字)\s*[:：,，]\s*)?", re.IGNORECASE)


def arrow(text: str) -> tuple[str, str] | None:
    """("A", "B") for "A → B" (also ->, =>, ⇒), "contract.docx: A -> B", "update A → B in contract.docx"."""
    m = _ARROW.match(_ARROW_LEAD.sub("", text))
    if not m:
        return None
    return clean(m.group("a"), keep_end=True), clean(_IN_FILE_TAIL.sub("", m.group("b")))  # "Acme Ltd. → X": the dot is found


def quantity(text: str) -> tuple[int | float, str] | None:
    """(number, unit) for "1,200", "$300", "15%", "2.5 kg", "300元"; None when the text is not one number."""
    m = _NUMBER.match(text.strip())
    if not m:
        return None
    digits = m.group("num").replace(",", "")
    value: int | float = float(digits) if "." in digits else int(digits)
    if m.group("sign") == "-":
        value = -value
    return value, (m.group("cur") or m.group("unit") or "")


def cell(text: str) -> Any:
    """A typed cell: 1200 for "1,200", 3.5 for "3.5", 15 for "15%" (kept as text), else the text."""
    t = text.strip()
    q = quantity(t)
    if q is not None and q[1] in ("", "$", "€", "£", "¥"):
        return q[0]
    return t


def row_cells(line: str) -> list[Any]:
    """One typed row from "May,1800,1150" / "May, 1,800, 1150" / "五月，1800，1150" / tab-separated."""
    line = re.sub(r"^\s*(?:[-*•]|\d{1,3}[.)])\s+", "", line)  # a row typed as a list item
    protected = re.sub(r"(?<=\d),(?=\d{3}(?:\D|$))", "\0", line) if "," in line and "\t" not in line else line
    # "May, 1,800" keeps the thousands separator only when the comma is not followed by a space
    parts = [p.replace("\0", ",") for p in re.split(r"[,，\t|｜、;；]", protected)]
    return [cell(p) for p in parts if p.strip()]


_PAGE_RANGE = later(r"(?P<a>\d+)\s*(?:-|–|—|~|to|through|thru|到|至)\s*(?P<b>\d+)", re.IGNORECASE)
_ONE = r"\d+(?:\s*(?:-|–|—|~|to|through|thru|到|至)\s*(?:第\s*)?\d+)?"
_MANY = rf"{_ONE}(?:\s*(?:,|、|，|\band\b|&|和|及)\s*(?:第\s*)?{_ONE})*"
_PAGE_WORD = later(rf"(?:\bpages?\b|\bp\.|第)\s*(?P<list>{_MANY})|(?P<zh>{_MANY})\s*页"
                   r"|\bpages?\s+(?P<word>last|all)\b|(?P<zhlast>最后一页)|(?P<zhall>所有页面?|全部页面?|每一?页)",
                   re.IGNORECASE)


def pages(text: str) -> list[int | str]:
    """1-based page numbers and "a-b" ranges named in the text: "page 2" -> [2], "pages 2-4 and 7" ->
    ["2-4", 7], "第1、3页" -> [1, 3], "第2到4页" -> ["2-4"], "page last" / "最后一页" -> ["last"], "pages all" /
    "所有页面" -> ["all"]; [] when no page is named."""
    out: list[int | str] = []
    for m in _PAGE_WORD.finditer(text):
        # "the last page", "all pages" (normalize() spells them "page last", "pages all"): the command's page
        # count decides which numbers they are
        word = (m.group("word") or "").lower() or ("last" if m.group("zhlast") else "all" if m.group("zhall") else "")
        if word:
            out.append(word)
            continue
        words = (m.group("list") or m.group("zh") or "").strip()
        for part in re.split(r"\s*(?:,|、|，|\band\b|&|和|及)\s*", words):
            part = part.replace("第", "").strip()
            if not part:
                continue
            r = _PAGE_RANGE.fullmatch(part)
            if r:
                a, b = int(r.group("a")), int(r.group("b"))
                out.append(f"{min(a, b)}-{max(a, b)}" if a != b else a)
            elif part.isdigit():
                out.append(int(part))
    return [p for p in out if p != 0]


def page_order(text: str) -> list[int]:
    """An explicit order "3, 1, 2" / "3 1 2" / "3、1、2": the numbers, in the order given."""
    return [int(n) for n in re.findall(r"\d+", text)]


_KEY_START = r"(?:(?<=^)|(?<=[,;，；、\n])|(?<=\sand\s)|(?<=\s&\s)|(?<=和)|(?<=以及))"
_FORM_KEY = later(_KEY_START + r"\s*(?:[-*•]\s*)?(?P<k>[A-Za-z\u4e00-\u9fff][\w .'/\-\u4e00-\u9fff]{0,39}?)\s*(?:=|:|：)(?!//)\s*",
                  re.IGNORECASE)
_VALUE_TAIL = later(r"\s*(?:,\s*and|,|;|，|；|、|\band|&|和|以及)\s*$", re.IGNORECASE)


# "Name is Ada and City is London", "Name 是 张三", "City 填 上海", "Name → Ada": read when no "key:" / "key =" is.
_FORM_KEY_WORDS = later(_KEY_START + r"\s*(?P<k>[A-Za-z\u4e00-\u9fff][\w'\-\u4e00-\u9fff]{0,20}?(?:\s[A-Za-z][\w'\-]{0,20})?)"
                        r"(?:\s+(?:is|should be|will be)\s+|\s*(?:是|填写?|为|→|->)\s*)", re.IGNORECASE)


def form_pairs(text: str) -> dict[str, str]:
    """{field: value} from "Name: Grace Hopper and City: Arlington", "Name = Ada Lovelace, Date = 2026-12-01",
    "姓名：张三，城市：北京" or one pair a line. A value keeps its own commas ("Address: 1 Main St, Springfield")
    unless another "key:" follows them."""
    marks = [m for m in _FORM_KEY.finditer(text) if m.group("k").strip()]
    if not marks:
        marks = [m for m in _FORM_KEY_WORDS.finditer(text.strip()) if m.group("k").strip()]
        text = text.strip()
    pairs: dict[str, str] = {}
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        value = _VALUE_TAIL.sub("", text[m.end():end].strip())
        key = re.sub(r"^[-*•]\s*", "", m.group("k").strip())
        if key and value.strip():
            pairs[key] = clean(value)
    return pairs


_FORM_LEAD = later(r"^\s*(?:[:：,，\-—.。?？]|\bwith\b|\busing\b|\bas follows\b|用|按|如下|为|填好|填写|填入|填上|填)+\s*",
                   re.IGNORECASE)


def form_values(request: str, form: str | None = None) -> dict[str, str]:
    """The values a fill request gives for a form: what follows the form's name (or the request's first
    colon / "with"), read by :func:`form_pairs`."""
    text = request.strip()
    rest = ""
    if form:
        name = form if form in text else form.rsplit("/", 1)[-1]
        at = text.find(name)
        rest = text[at + len(name):] if at >= 0 else ""
    if not rest.strip():
        m = re.search(r"\bwith\b|[:：]", text, re.IGNORECASE)
        rest = text[m.end():] if m else text
    prev = None
    while prev != rest:
        prev, rest = rest, _FORM_LEAD.sub("", rest)
    return form_pairs(rest)


# "replace X with Y", "change (every) X to Y", "swap X for Y", "X → Y"; "把/将 X 改成/换成/替换为 Y".
_IN_FILE_LEAD = later(r"^\s*(?:in|inside|within|on)\s+(?:the\s+(?:file\s+)?)?" + r"[\w\-][\w.\-]*\.\w{2,5}\s*[,:，：]?\s*",
                      re.IGNORECASE)
_IN_FILE_TAIL = later(r"\s+(?:in|inside|throughout|across)\s+(?:the\s+)?(?:[\w\-][\w.\-]*\.\w{2,5}|document|file|deck|"
                      r"presentation|pdf|report|text|whole (?:document|file))\s*$", re.IGNORECASE)
_REPLACE_EN = later(r"\b(?:replace|substitute)\s+(?P<find>.+?)\s+(?:with|by|for)\s+(?P<repl>.+)$"
                    r"|\b(?:change|rename|update|correct)\s+(?P<find2>.+?)\s+(?:to|into|with)\s+(?P<repl2>.+)$"
                    r"|\bswap\s+(?P<find3>.+?)\s+(?:for|with)\s+(?P<repl3>.+)$", re.IGNORECASE | re.DOTALL)
# a 都 after the words is "all of them" only after a quote, a digit or a Latin letter: 首都 is a word
_REPLACE_ZH = later(r"(?:把|将)\s*(?P<find>.+?)\s*(?:全都|全部|(?<=[”」』\"'0-9A-Za-z])都)?\s*(?:改成|改为|替换成|替换为|换成|换为|更改为|修改为|改写为|更换为)"
                    r"\s*(?P<repl>.+)$", re.DOTALL)
_REPLACE_ZH_BARE = later(r"^(?P<find>.+?)\s*(?:全部|统一|(?<=[”」』\"'0-9A-Za-z])都)?\s*(?:替换成|替换为|改成|改为|换成)\s*(?P<repl>.+)$", re.DOTALL)
# "the word Sinple is a typo, it should be Simple", "Sinple 是错别字，应该是 Simple": a fix said as what is wrong
_REPLACE_TYPO_EN = later(r"^(?:the\s+)?(?P<find>[^,;:\n]+?)\s+(?:is|was|has)\s+(?:a\s+|an\s+)?(?:typo|misspel(?:led|t|ling)|"
                         r"wrong|mistake|error|incorrect)\b[^,;:.\n]{0,20}?\s*[,;:.—–-]?\s*(?:it\s+|that\s+)?"
                         r"(?:should|must|needs? to|ought to|has to)\s+(?:be|read|say)\s+(?P<repl>.+)$", re.IGNORECASE)
_REPLACE_TYPO_ZH = later(r"^(?P<find>.+?)\s*(?:是错别字|是笔误|写错了|拼错了|错了|不对)\s*[，,。；;]?\s*(?:应该|应)(?:是|为|改成|改为|写成)"
                         r"\s*(?P<repl>.+)$")
_ZH_FILE_LEAD = later(r"^(?:[\w\-][\w.\-]*\.(?:docx|pptx|xlsx|pdf)|(?:这份|这个|那个|那份|上一个|上个|刚才的|它的?)?"
                      r"(?:文档|文件|合同|报告|演示文稿|幻灯片|表格|PDF)|它)\s*(?:中|里|里面|内)的?\s*", re.IGNORECASE)
_NO_EDIT_TARGET = later(r"^(?:pdf|word|docx|pptx|xlsx|excel|powerpoint|ppt|slides?|a (?:pdf|word document|deck|"
                        r"spreadsheet|workbook)|幻灯片|演示文稿|表格|电子表格|文档|word ?文档)$", re.IGNORECASE)


# What a change names that is not words of the file: a pointer ("它", "这句话"), a place ("第二段"), or a look
# ("the font", "颜色"). Taken as the words to find, "把它改成红色" replaced every 它 in the document with 红色.
_NOT_WORDS = later(r"^(?:它|它们|这|那|这个|那个|这里|那里|此处|这句话?|那句话?|这段(?:话|文字)?|那段(?:话|文字)?|这[一]?(?:页|张|行|节)"
                   r"|第\s*[一二三四五六七八九十百\d]+\s*(?:段|行|页|张|句|节|章|列)"
                   r"|(?:[Tt]he\s+)?(?:font|fonts|typeface|colou?rs?|font\s+size|size|style|formatting|layout|background|theme)"
                   r"|字体|字号|字的颜色|文字颜色|颜色|大小|样式|格式|排版|背景|主题|粗细)$")  # "Color" may be a word of the file

_WORD_LEAD = later(r"^(?:the\s+)?(?:word|words|text|phrase|name|number|date|string)\s+(?=\S)", re.IGNORECASE)


def replacement(request: str) -> tuple[str, str, bool] | None:
    """(find, replace, every) of a text change, or None when the request changes no text.

    "In contract.docx, change every 2024 to 2025" -> ("2024", "2025", True); "把“甲”替换为“乙”" -> ("甲", "乙",
    False); "Acme → Mira" -> ("Acme", "Mira", False). A conversion ("把 report.docx 改成 PDF", "turn it into
    slides") and a title change are not text changes."""
    text = request.strip().splitlines()[0].strip() if request.strip() else ""
    text = _IN_FILE_LEAD.sub("", text)
    for pattern in (_REPLACE_ZH, _REPLACE_ZH_BARE, _REPLACE_EN, _REPLACE_TYPO_EN, _REPLACE_TYPO_ZH):
        m = pattern.search(text)
        if not m:
            continue
        groups = m.groupdict()
        find = next(groups[k] for k in ("find", "find2", "find3") if groups.get(k))
        repl = next(groups[k] for k in ("repl", "repl2", "repl3") if groups.get(k) is not None)
        find = _ZH_FILE_LEAD.sub("", find.strip())
        repl = _IN_FILE_TAIL.sub("", repl.strip())
        find, all_of = every(clean(find, keep_end=True))
        all_of = all_of or bool(_EVERY_BEFORE_VERB.search(text))
        find = _WORD_LEAD.sub("", find)
        repl = clean(repl)
        find = _IN_FILE_TAIL.sub("", find).strip()
        if not find or _FILE.fullmatch(find) or _NO_EDIT_TARGET.match(repl) or _NO_EDIT_TARGET.match(find):
            return None
        if re.match(r"^(?:the\s+)?title\b|^标题", find, re.IGNORECASE):
            return None  # "change the title to X" sets the title
        quoted_find = any(span.strip() == find for span in quoted(text))  # quoted words are the file's words
        if re.match(r"^(?:it|this|that|them)$", find, re.IGNORECASE) or (_NOT_WORDS.match(find) and not quoted_find):
            return None
        return find, repl, all_of
    pair = arrow(text)
    if pair and pair[0] and not _FILE.search(pair[0]):
        return pair[0], pair[1], False
    return None


# -- the request as the intents table reads it ------------------------------------------------------------------

# Misspellings of the words the table keys on, as people type them fast (whole words only).
_TYPOS = {"chnage": "change", "chagne": "change", "cahnge": "change", "teh": "the", "hte": "the",
          "titel": "title", "tittle": "title", "tilte": "title", "sldie": "slide", "silde": "slide",
          "delte": "delete", "delet": "delete", "remvoe": "remove", "reomve": "remove", "repalce": "replace",
          "replcae": "replace", "rplace": "replace", "pls": "please", "plz": "please", "whats": "what's",
          "secton": "section", "sectoin": "section", "rotat": "rotate", "extarct": "extract", "mege": "merge",
          "merg": "merge", "combien": "combine", "udno": "undo", "wats": "what's", "thats": "that's"}
_TYPO = later(r"(?<![A-Za-z'])(" + "|".join(_TYPOS) + r")(?![A-Za-z'])", re.IGNORECASE)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10}
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# "the 2nd slide", "the third page", "doc.pdf's first page", "the first version": the thing, then its number.
_ORDINAL = later(r"(?:\bthe\s+)?\b(?P<o>" + "|".join(_ORDINALS) + r"|\d{1,3}(?:st|nd|rd|th))\s+"
                 r"(?P<what>slide|page|version|sheet|section)\b", re.IGNORECASE)
_NUMBERED = later(r"\b(?P<what>slide|page|version)\s+(?P<n>" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)
# "the last page", "the final slide" keep their word; "all (the) pages" / "every page" are one value.
_LAST = later(r"(?:\bthe\s+)?\b(?:last|final)\s+page\b", re.IGNORECASE)
_ALL_PAGES = later(r"\b(?:all(?:\s+the)?\s+pages|every\s+page|each\s+page)\b", re.IGNORECASE)
_ZH_ORDINAL = later(r"第\s*(?P<n>十[一二三四五六七八九]?|[一二两三四五六七八九]十?[一二三四五六七八九]?)(?=\s*[张页版个节章项行位])")


def _zh_number(text: str) -> int:
    if text.startswith("十"):
        return 10 + (_ZH_DIGITS.get(text[1:], 0) if len(text) > 1 else 0)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return _ZH_DIGITS[tens] * 10 + (_ZH_DIGITS.get(ones, 0) if ones else 0)
    return _ZH_DIGITS[text]


def _ordinal(word: str) -> int:
    w = word.lower()
    return _ORDINALS[w] if w in _ORDINALS else int(re.sub(r"\D", "", w))


def normalize(request: str) -> str:
    """The request with the spellings the table reads unified: typos of its key words fixed, "the 2nd slide"
    / "the third page" / "slide two" / "第二张" written with their number ("slide 2", "page 3", "第2张"), "the
    last page" as "page last" and "all pages" as "pages all". The user's own values are left as typed."""
    text = _TYPO.sub(lambda m: _TYPOS[m.group(1).lower()], request)
    text = _ORDINAL.sub(lambda m: f"{m.group('what')} {_ordinal(m.group('o'))}", text)
    text = _NUMBERED.sub(lambda m: f"{m.group('what')} {_NUMBER_WORDS[m.group('n').lower()]}", text)
    text = _LAST.sub("page last", text)
    text = _ALL_PAGES.sub("pages all", text)
    return _ZH_ORDINAL.sub(lambda m: f"第{_zh_number(m.group('n'))}", text)


# A path that leaves the working folder: "../x", "~/x", "/etc/x", "C:\\x" (not "A/B", "1/2", a URL's path).
_OUTSIDE = later(r"(?<![\w./:\\])(?:\.\.[/\\]|~[/\\]|/(?=[\w.-]+/)|[A-Za-z]:\\)[^\s“”\"'`，。、；;：:？?！!]+")


def outside_paths(text: str) -> list[str]:
    """The paths a request names outside the working folder, as written (none in most requests)."""
    return [m.group(0).rstrip(".,)）") for m in _OUTSIDE.finditer(text)]


# -- cells: "set B3 to 1,200 and C3 to =B3*2", "把 Sales!B3 改成 10，C3 改成 20", "put 42 in C5" ------------------------
# A cell reference standing alone (not "q3" of "q3.xlsx", not "$5" or "A1B"), with an optional sheet before "!".
# A cell stands apart from Latin letters and digits, not from Chinese ones: "把A2改成5" is typed without spaces.
_NOT_A_VERB = "(?![把将在给从])"  # "把Costs工作表的B2": the sheet is "Costs", typed right after the verb
_REF = (rf"(?<![A-Za-z0-9_.$!'(=:+*/&^-])(?:(?P<sheet>'[^'\n]{{1,31}}'|{_NOT_A_VERB}[A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff]{{0,30}})!)?"
        r"\$?(?P<col>[A-Za-z]{1,3})\$?(?P<row>[1-9]\d{0,6})(?![A-Za-z0-9_.(])")
# what joins a cell to its new value ("B3 to 10", "B3 = 10", "B3 的值改成 10", "在 C5 里填 42")
_TO_EN = r"(?:(?:should|must|needs?\s+to|has\s+to|ought\s+to)\s+(?:be|say|read)|becomes?|to|as|(?P<eq>=)|：|->|→)"
_TO_ZH = r"(?:改成|改为|设为|设置为|设成|改写为|写成|写入|写上|填写为|填入|填上|填成|填|输入|为|等于)"
_TO = rf"\s*(?:cell\s*)?(?:的值|的内容|里的值|单元格|里|中)?\s*(?:{_TO_EN}|{_TO_ZH})\s*"
_ASSIGN = later(_REF + _TO, re.IGNORECASE)
_PUT_IN = later(r"\b(?:put|enter|write|type|place)\s+(?P<value>.+?)\s+(?:in|into)\s+(?:cell\s+)?" + _REF, re.IGNORECASE)
# where a value ends: the next cell's separator, a sheet or file named after it, a polite word
_VALUE_SEPARATOR = later(r"\s*(?:,\s*and|,|;|，|；|、|\band\b|&|和|以及|\bthen\b|然后)\s*$", re.IGNORECASE)
_SHEET_TAIL = later(rf"\s+(?:on|in|of)\s+(?:the\s+)?(?:(?:sheet|tab|worksheet)\s+[{OPEN_QUOTES}]?(?P<a>[^\s\"”’」』]+?)"
                    rf"[{CLOSE_QUOTES}]?|[{OPEN_QUOTES}]?(?P<b>[^\"”’」』\n]{{1,31}}?)[{CLOSE_QUOTES}]?\s+(?:sheet|tab|worksheet))"
                    r"\s*[.!。！]?\s*$", re.IGNORECASE)
_FILE_TAIL = later(r"\s+(?:in|of|on)\s+(?:the\s+)?(?:[\w\-][\w.\-]*\.xlsx|spreadsheet|workbook|file)\s*[.!。！]?\s*$",
                   re.IGNORECASE)
_SHEET_HEAD = later(rf"^\s*(?:on|in)\s+(?:the\s+)?(?:(?:sheet|tab|worksheet)\s+[{OPEN_QUOTES}]?(?P<a>[^\s,，\"”’」』]+)"
                    rf"[{CLOSE_QUOTES}]?|[{OPEN_QUOTES}]?(?P<b>[^,，\"”’」』\n]{{1,31}}?)[{CLOSE_QUOTES}]?\s+(?:sheet|tab|worksheet))"
                    r"\s*[,，:：]?\s*", re.IGNORECASE)
_ZH_SHEET = later(rf"[{OPEN_QUOTES}]?(?P<s>{_NOT_A_VERB}[A-Za-z0-9_\u4e00-\u9fff]{{1,31}}?)[{CLOSE_QUOTES}]?\s*(?:工作表|表)(?:里|中|上)?的?")
# after "=": a formula when it calls a function or reckons with cells ("B5 = SUM(B2:B4)", "= B3*2"), not "= 10"
_FORMULA_BODY = later(r"^\s*(?:[A-Za-z][A-Za-z0-9.]*\(|\$?[A-Za-z]{1,3}\$?\d+\s*[-+*/^&:<>])")
# "clear B3", "empty B3 and C3", "清空 B3", "把 B3 清空", "删除 B3 的内容": the cells are set to nothing
_CLEAR_EN = r"\b(?:clear|empty|blank out|erase|wipe)\s+(?:out\s+)?(?:the\s+)?(?:cells?\s+)?"
_CLEAR_ZH = r"(?:清空|清除|删除|删掉|去掉)\s*(?:单元格)?\s*"
_CLEAR_ZH_AFTER = r"\s*(?:单元格)?(?:的内容|里的内容|的值)?\s*(?:清空|清除|删掉|删除|去掉)"
def _plain(pattern: str) -> str:
    """``pattern`` without its group names (to repeat it, or to find a request by it)."""
    return re.sub(r"\(\?P<\w+>", "(?:", pattern)


_REF_ALONE = later(_REF, re.IGNORECASE)
_REFS = rf"{_REF}(?:\s*(?:,|，|、|\band\b|和|&)\s*{_plain(_REF)})*"
_CLEAR = (later(_CLEAR_EN + rf"(?P<refs>{_REFS})(?:\s*(?:的内容|的值))?", re.IGNORECASE),
          later(_CLEAR_ZH + rf"(?P<refs>{_REFS})", re.IGNORECASE),
          later(rf"(?:把|将)\s*(?P<refs>{_REFS}){_CLEAR_ZH_AFTER}", re.IGNORECASE))
MAX_COLUMN = 16_384  # XFD
MAX_ROW = 1_048_576


def column_number(letters: str) -> int:
    """"XFD" -> 16384 (openpyxl has it, but the planner does not load openpyxl to read a request)."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def _ref_of(m: re.Match[str]) -> tuple[str, str | None] | None:
    """("B3", "Sales") for a matched reference; None outside a sheet's grid."""
    col, row = m.group("col").upper(), int(m.group("row"))
    if column_number(col) > MAX_COLUMN or row > MAX_ROW:
        return None
    sheet = m.group("sheet")
    return f"{col}{row}", (sheet.strip("'") if sheet else None)


def _cell_value(raw: str) -> Any:
    """A value as typed: a formula kept whole, a quoted text as text, "1,200" as 1200."""
    t = raw.strip()
    if t.startswith("="):
        return t.rstrip(_TRAIL + " ") if not t.endswith(")") else t
    t = clean(t)
    spans = quoted(raw)
    if len(spans) == 1 and raw.strip()[:1] in OPEN_QUOTES:
        return spans[0]  # "set A1 to “007”": the quoted words stay text
    return cell(t)


def cell_values(text: str) -> tuple[dict[str, Any], str | None] | None:
    """The cells a request sets, and the sheet it names: ({"B3": 10, "C3": "=B3*2"}, "Sales") for "on the Sales
    sheet set B3 to 10 and C3 to =B3*2"; None when it sets no cell."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    sheet: str | None = None
    tail = _SHEET_TAIL.search(line)
    if tail:
        sheet = clean(tail.group("a") or tail.group("b"))
        line = line[:tail.start()]
    line = _FILE_TAIL.sub("", line)
    head = _SHEET_HEAD.search(line)
    if head:
        sheet = sheet or clean(head.group("a") or head.group("b"))
        line = line[head.end():]
    for clear in _CLEAR:
        cleared = clear.search(line)
        if cleared:
            refs = [_ref_of(m) for m in _REF_ALONE.finditer(cleared.group("refs"))]
            if not refs or any(r is None for r in refs):
                return None
            return {r[0]: None for r in refs if r is not None}, next((r[1] for r in refs if r and r[1]), None) or sheet
    put = _PUT_IN.search(line)
    if put:
        ref = _ref_of(put)
        if ref is None:
            return None
        return {ref[0]: _cell_value(put.group("value"))}, ref[1] or sheet
    anchors = [(m, _ref_of(m)) for m in _ASSIGN.finditer(line)]
    if not anchors or any(ref is None for _, ref in anchors):
        return None
    values: dict[str, Any] = {}
    for i, (m, ref) in enumerate(anchors):
        assert ref is not None
        end = anchors[i + 1][0].start() if i + 1 < len(anchors) else len(line)
        raw = _VALUE_SEPARATOR.sub("", line[m.end():end])
        if not raw.strip():
            return None
        if m.group("eq") and _FORMULA_BODY.match(raw):
            raw = "=" + raw.strip()  # "B5 = SUM(B2:B4)": the "=" begins the formula
        values[ref[0]] = _cell_value(raw)
        sheet = ref[1] or sheet
    if sheet is None:
        zh = _ZH_SHEET.search(line[:anchors[0][0].start()])
        sheet = zh.group("s").strip() if zh else None
    return values, sheet


# The same phrasings as plain patterns (no named groups) for the intents table to find a request by.
CELL_PHRASINGS_EN = tuple(_plain(p) for p in (_REF + rf"\s*(?:cell\s*)?{_TO_EN}", _PUT_IN.pattern, _CLEAR_EN + _REF))
CELL_PHRASINGS_ZH = tuple(_plain(p) for p in (_REF + rf"\s*(?:的值|的内容|里的值|单元格|里|中)?\s*{_TO_ZH}",
                                              _CLEAR_ZH + _REF, _REF + _CLEAR_ZH_AFTER))
