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

OPEN_QUOTES = "\"'“‘「『《"
CLOSE_QUOTES = "\"'”’」』》"
_PAIRS = {'"': '"', "'": "'", "“": "”", "‘": "’", "「": "」", "『": "』", "《": "》"}
QUOTED = later(r"\"(?P<a>[^\"]+)\"|“(?P<b>[^”]+)”|‘(?P<c>[^’]+)’|「(?P<d>[^」]+)」|『(?P<e>[^』]+)』"
               r"|(?<![A-Za-z])'(?P<f>[^']+)'(?![A-Za-z])")

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


def every(text: str) -> tuple[str, bool]:
    """("2024", True) for "every 2024" / "all 2024" / "所有的2024"; (text, False) when no such word leads."""
    t = text.strip()
    m = _EVERY.match(t)
    if m and t[m.end():].strip():
        return clean(t[m.end():]), True
    return t, False


def arrow(text: str) -> tuple[str, str] | None:
    """("A", "B") for "A → B" (also ->, =>, ⇒)."""
    m = _ARROW.match(text)
    if not m:
        return None
    return clean(m.group("a")), clean(m.group("b"))


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
    protected = re.sub(r"(?<=\d),(?=\d{3}(?:\D|$))", "\0", line) if "," in line and "\t" not in line else line
    # "May, 1,800" keeps the thousands separator only when the comma is not followed by a space
    parts = [p.replace("\0", ",") for p in re.split(r"[,，\t]", protected)]
    return [cell(p) for p in parts if p.strip()]


_PAGE_RANGE = later(r"(?P<a>\d+)\s*(?:-|–|—|~|to|through|thru|到|至)\s*(?P<b>\d+)", re.IGNORECASE)
_ONE = r"\d+(?:\s*(?:-|–|—|~|to|through|thru|到|至)\s*(?:第\s*)?\d+)?"
_MANY = rf"{_ONE}(?:\s*(?:,|、|，|\band\b|&|和|及)\s*(?:第\s*)?{_ONE})*"
_PAGE_WORD = later(rf"(?:\bpages?\b|\bp\.|第)\s*(?P<list>{_MANY})|(?P<zh>{_MANY})\s*页", re.IGNORECASE)


def pages(text: str) -> list[int | str]:
    """1-based page numbers and "a-b" ranges named in the text: "page 2" -> [2], "pages 2-4 and 7" ->
    ["2-4", 7], "第1、3页" -> [1, 3], "第2到4页" -> ["2-4"]; [] when no page is named."""
    out: list[int | str] = []
    for m in _PAGE_WORD.finditer(text):
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


def form_pairs(text: str) -> dict[str, str]:
    """{field: value} from "Name: Grace Hopper and City: Arlington", "Name = Ada Lovelace, Date = 2026-12-01",
    "姓名：张三，城市：北京" or one pair a line. A value keeps its own commas ("Address: 1 Main St, Springfield")
    unless another "key:" follows them."""
    marks = [m for m in _FORM_KEY.finditer(text) if m.group("k").strip()]
    pairs: dict[str, str] = {}
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        value = _VALUE_TAIL.sub("", text[m.end():end].strip())
        key = re.sub(r"^[-*•]\s*", "", m.group("k").strip())
        if key and value.strip():
            pairs[key] = clean(value)
    return pairs


_FORM_LEAD = later(r"^\s*(?:[:：,，\-—]|\bwith\b|\busing\b|\bas follows\b|用|按|如下|为|填好|填写|填入|填上|填)+\s*",
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
_REPLACE_ZH = later(r"(?:把|将)\s*(?P<find>.+?)\s*(?:都|全都|全部)?\s*(?:改成|改为|替换成|替换为|换成|换为|更改为|修改为|改写为|更换为)"
                    r"\s*(?P<repl>.+)$", re.DOTALL)
_REPLACE_ZH_BARE = later(r"^(?P<find>.+?)\s*(?:全部|都|统一)?\s*(?:替换成|替换为|改成|改为|换成)\s*(?P<repl>.+)$", re.DOTALL)
_ZH_FILE_LEAD = later(r"^(?:[\w\-][\w.\-]*\.(?:docx|pptx|xlsx|pdf)|这份文档|这个文件|文档|文件|这份文件)\s*(?:中|里|里面)?的?\s*",
                      re.IGNORECASE)
_NO_EDIT_TARGET = later(r"^(?:pdf|word|docx|pptx|xlsx|excel|powerpoint|ppt|slides?|a (?:pdf|word document|deck|"
                        r"spreadsheet|workbook)|幻灯片|演示文稿|表格|电子表格|文档|word ?文档)$", re.IGNORECASE)


_WORD_LEAD = later(r"^(?:the\s+)?(?:word|words|text|phrase|name|number|date|string)\s+(?=\S)", re.IGNORECASE)


def replacement(request: str) -> tuple[str, str, bool] | None:
    """(find, replace, every) of a text change, or None when the request changes no text.

    "In contract.docx, change every 2024 to 2025" -> ("2024", "2025", True); "把“甲”替换为“乙”" -> ("甲", "乙",
    False); "Acme → Mira" -> ("Acme", "Mira", False). A conversion ("把 report.docx 改成 PDF", "turn it into
    slides") and a title change are not text changes."""
    text = request.strip().splitlines()[0].strip() if request.strip() else ""
    text = _IN_FILE_LEAD.sub("", text)
    for pattern in (_REPLACE_ZH, _REPLACE_ZH_BARE, _REPLACE_EN):
        m = pattern.search(text)
        if not m:
            continue
        groups = m.groupdict()
        find = next(groups[k] for k in ("find", "find2", "find3") if groups.get(k))
        repl = next(groups[k] for k in ("repl", "repl2", "repl3") if groups.get(k) is not None)
        find = _ZH_FILE_LEAD.sub("", find.strip())
        repl = _IN_FILE_TAIL.sub("", repl.strip())
        find, all_of = every(clean(find, keep_end=True))
        find = _WORD_LEAD.sub("", find)
        repl = clean(repl)
        find = _IN_FILE_TAIL.sub("", find).strip()
        if not find or _FILE.fullmatch(find) or _NO_EDIT_TARGET.match(repl) or _NO_EDIT_TARGET.match(find):
            return None
        if re.match(r"^(?:the\s+)?title\b|^标题", find, re.IGNORECASE):
            return None  # "change the title to X" sets the title
        if re.match(r"^(?:it|this|that|them)$", find, re.IGNORECASE):
            return None
        return find, repl, all_of
    pair = arrow(text)
    if pair and pair[0] and not _FILE.search(pair[0]):
        return pair[0], pair[1], False
    return None
