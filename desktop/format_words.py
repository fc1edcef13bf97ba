"""The words a request names a file format with ("slides", "Excel", "PDF", "幻灯片", "报告"), and which
format a request asks for.

Two readers share them: conversation titles ("Meeting notes (PDF)", :mod:`desktop.agent.titles`) and the
offline planner's routing (:mod:`desktop.llm.offline._route`). They live here, apart from the planner,
because a title is given with any model: the agent runtime loads titles at start, and the planner package
(some 90 ms of imports) loads only when the offline planner answers its first request.
"""
from __future__ import annotations

import re

__all__ = ["FILE_NAME", "STRONG", "WEAK", "first_match", "format_named", "formats_in", "latin_words", "wanted_format"]


def latin_words(*words: str) -> str:
    """Latin words with their own boundary (``\\b`` fails between a CJK character and a Latin letter)."""
    return "|".join(rf"(?<![A-Za-z0-9]){w}(?![A-Za-z0-9])" for w in words)


# The words that name a format outright, and generic words that count only when no strong word is present
# ("report" is a document unless "slides" is named too).
STRONG: tuple[tuple[str, str], ...] = (
    ("pptx", latin_words("pptx?", "slides?", "slide ?decks?", "decks?", "presentations?", "powerpoint", "keynote")
     + "|幻灯片|演示文稿|演示|简报|投影片"),
    ("xlsx", latin_words("xlsx", "excel", "spreadsheets?", "workbooks?", "table of numbers")
     + "|电子表格|工作簿|工作表|表格文件|Excel表"),
    ("pdf", latin_words("pdf")),
    ("docx", latin_words("docx", "word(?! count)", "ms word", "word document") + "|word ?文档|文档文件"),
)
WEAK: tuple[tuple[str, str], ...] = (
    ("docx", latin_words("documents?", "report", "memo", "letter") + "|文档|报告|备忘录|纪要|信函|公函|计划书"),
    ("xlsx", latin_words("sheet", "table") + "|表格"),
)

# A file name in the request ("word-notes.md"): the words inside it must not pick the format.
FILE_NAME = re.compile(
    r"(?<![A-Za-z0-9_./\\-])([\w\-][\w.\-]*?\.(?:docx|pdf|pptx|xlsx|md|markdown|txt|csv|tsv|png|jpe?g))"
    r"(?![A-Za-z0-9_]|\.[A-Za-z0-9])",
    re.IGNORECASE)
# "turn X into Y", "把X做成Y": the format after the verb is the one wanted, even when X names one too.
_INTO = re.compile(r"(?<![A-Za-z])(?:into|to|as)(?![A-Za-z])|做成|转成|转换成|转换为|转为|转化为|变成|改成|生成|导出为|"
                   r"导出成|另存为|制作成|整理成|输出为|输出成", re.IGNORECASE)


def first_match(text: str, table: tuple[tuple[str, str], ...]) -> str | None:
    """The format of ``table`` whose words come first in ``text``, or None."""
    best: tuple[int, str] | None = None
    for kind, pattern in table:
        m = re.search(pattern, text, re.IGNORECASE)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), kind)
    return best[1] if best else None


def formats_in(text: str) -> list[str]:
    """Every strong format ``text`` names, in the table's order ("a pdf and a deck": pptx, pdf)."""
    return [kind for kind, pattern in STRONG if re.search(pattern, text, re.IGNORECASE)]


def wanted_format(words: str) -> str | None:
    """The strong format named after a conversion verb, else the first one named at all."""
    for m in _INTO.finditer(words):
        after = first_match(words[m.end():], STRONG)
        if after is not None:
            return after
    return first_match(words, STRONG)


def format_named(text: str) -> str | None:
    """The format a request asks for (strong names first, then generic words), or None."""
    words = FILE_NAME.sub(" ", text)
    return wanted_format(words) or first_match(words, WEAK)
