"""Conversation titles a person would give: what the conversation made ("Meeting notes week 12 (PDF)"),
or before anything is made, what the request asks for, without the markdown and the verbs.

No model is involved, so the offline planner gets the same titles as a real one. A title is cut at a
word, never inside one. The store keeps whether a title is still Mira's own: a user's rename is final.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath

from desktop.format_words import format_named

MAX_TITLE = 60

_HEADING = re.compile(r"(?:^|[:：]\s*)#{1,6}\s+(?P<t>\S[^\n]*)", re.MULTILINE)
_QUOTED = re.compile(r"(?:\btitled|\bcalled|\bnamed|标题为|标题是|题为|名为)\s*[:：]?\s*[\"'“‘「『](?P<t>[^\n]+?)[\"'”’」』]",
                     re.IGNORECASE)
# "a deck called Onboarding with slides …": the name given, unquoted, up to where the sentence goes on
_NAMED_EN = re.compile(r"\b(?:titled|called|named|entitled)\s+(?P<t>[^,;:.\"“”\n]+?)(?=\s*(?:[,;:.]|\bwith\b|\bcontaining\b"
                       r"|\bincluding\b|\bthat\b|\bwhich\b|\babout\b|\bfor\b"
                       r"|\band\s+(?:a|an|one|the|with|headings?|sections?|chapters?|slides?)\b|$))", re.IGNORECASE)
# "做一个名为入职培训的演示文稿", "写一份叫搬家计划的备忘录": the name given, unquoted, before the kind of file
_NAMED_ZH = re.compile(r"(?:名为|叫做|叫|标题为|标题是|题为)\s*(?P<t>[^，,。；;：:“”\"「」『』《》\n]+?)的"
                       r"(?:演示文稿|幻灯片|文档|报告|备忘录|表格|电子表格|工作簿|PDF|pdf|Word ?文档|PPT|ppt|简报|Excel)")
# The verb phrase in front of what is asked for: "Please make me a PDF of", "帮我做一份".
_VERB_EN = re.compile(
    r"^(?:(?:please|pls|hey|hi|mira)[,!]?\s+)*(?:can|could|would) you\s+|^(?:please\s+)?", re.IGNORECASE)
_ACTION_EN = re.compile(
    r"^(?:make|create|write|draft|build|generate|produce|prepare|turn|convert|export|save|put|give me|"
    r"i need|i want|design|compose|summari[sz]e|format)\b\s*(?:me\s+|us\s+)?(?:(?:a|an|the|some|this|these|my)\s+)?",
    re.IGNORECASE)
_ACTION_ZH = re.compile(r"^(?:请|麻烦)?(?:你)?(?:帮我|帮忙|给我|为我|替我)?(?:做|写|生成|制作|创建|起草|整理|准备|出|弄|画|转换?|导出)"
                        r"(?:成|为)?(?:一个|一份|一张|一篇|个|份|张|篇)?")
_FORMAT_ONLY = re.compile(
    r"^(?:(?:a|an|the)\s+)?(?:pdf|docx?|word(?: document| doc)?|document|report|pptx?|powerpoint|slides?|"
    r"slide ?deck|deck|presentation|xlsx|excel(?: file| workbook)?|spreadsheet|workbook|sheet|file|"
    r"文档|报告|幻灯片|演示文稿|电子表格|表格|工作簿|文件|word ?文档|pdf ?文件)"
    r"(?:\s+(?:of|from|for|with|about)(?:\s+(?:this|these|the|my))?)?\s*(?:[:：]|$)", re.IGNORECASE)
_FORMAT_LEAD = re.compile(
    r"^(?:(?:a|an|the)\s+)?(?:(?:short|brief|simple|new|one-page|\d+-slide)\s+)*(?:pdf|docx?|word|pptx?|powerpoint|"
    r"xlsx|excel|slides?|slide ?deck|deck|presentation|spreadsheet|workbook|document|report|memo)"
    r"(?:\s+(?:document|doc|report|file|deck|workbook))?\s+(?:about|on|of|for|from|covering|describing|explaining)\s+",
    re.IGNORECASE)
# "turn notes.md into a report", "把 notes.md 做成 Word 文档": what it is about is the thing turned.
_TURN = re.compile(r"^(?:turn|convert|change|make)\s+(?P<en>.+?)\s+(?:into|to|as)\s+\S|^(?:请|麻烦你?)?(?:帮我|给我)?把\s*(?P<zh>.+?)\s*"
                   r"(?:做成|转成|转换成|转换为|转为|变成|改成|导出为|导出成|整理成|制作成)", re.IGNORECASE)
_ABOUT_ZH = re.compile(r"^(?:一个|一份|一篇)?(?:关于|有关|介绍)(?P<t>.+?)的(?:演示文稿|幻灯片|文档|报告|表格|电子表格|工作簿|PDF|pdf|"
                       r"Word ?文档|PPT|ppt|简报)$")
_DEICTIC = re.compile(r"^(?:(?:this|these|that|those|the|my|our)\s*(?:data|text|notes|list|content|below)?|it|them|"
                      r"这些?|那些?|以下|下面)$", re.IGNORECASE)
# What points at the files sent with a request without naming them ("turn this file into…", "把这个表格做成…").
_POINTING = re.compile(r"^(?:(?:this|these|that|those|the|my|our)\s+(?:attached\s+)?(?:files?|tables?|data|notes?|documents?|"
                       r"docs?|csv|spreadsheets?|sheets?|lists?|text|content|attachments?)|it|them|"
                       r"(?:这|那|该)(?:个|份|些|张|篇)?(?:表格|表|文件|文档|数据|内容|笔记|清单|附件)?|它们?)$", re.IGNORECASE)
_TABLE_ROW = re.compile(r"^[^,\t|]*(?:[,\t|][^,\t|]*){1,}$")
_MARKUP = re.compile(r"^[#>*\-+\s]+|[*_`~]+|\[(?P<link>[^\]]*)\]\([^)]*\)")
# Titles a skill gives a file when the request named none: they say nothing about the conversation.
_GENERIC = {"", "document", "presentation", "workbook", "untitled", "文档", "演示文稿", "工作簿"}
_KIND = {"docx": "DOCX", "pdf": "PDF", "pptx": "PPTX", "xlsx": "XLSX"}


def cut(text: str, limit: int = MAX_TITLE) -> str:
    """``text`` on one line, at most ``limit`` characters, cut at a word with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[:limit - 1]
    space = head.rfind(" ")
    # Chinese has no spaces: every character is a word, so cutting anywhere is cutting at a word.
    if space >= limit // 3 and not _is_cjk(text[limit - 1]):
        head = head[:space]
    return head.rstrip(" ,.;:，。；：、-–—") + "…"


def _is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def _plain(line: str) -> str:
    line = _MARKUP.sub(lambda m: m.group("link") or "", line)
    return " ".join(line.split()).strip(" :：-–—.。")


def subject(request: str) -> str:
    """What a request is about: its first heading, a quoted title, or the instruction without its verb phrase."""
    text = request.strip()
    if not text:
        return ""
    for pattern in (_HEADING, _QUOTED, _NAMED_ZH, _NAMED_EN):
        m = pattern.search(text)
        if m and _plain(m.group("t")):
            return _plain(m.group("t"))
    lines = [ln for ln in text.splitlines() if _plain(ln)]
    first = lines[0].strip() if lines else ""
    rest = lines[1:]
    m = re.search(r"[:：]", first)
    head, tail = (first[:m.start()], first[m.end():]) if m else (first, "")
    head = _VERB_EN.sub("", head.strip(), count=1)
    turned = _TURN.match(head)
    # "change B3 to 5", "把A2改成5" change a value: only a thing turned into a kind of file names the conversation
    if turned and not format_named(head[turned.end() - 1 if turned.group("en") else turned.end():]):
        turned = None
    if turned and _plain(turned.group("en") or turned.group("zh") or ""):
        thing = _plain(turned.group("en") or turned.group("zh"))
        if _POINTING.match(thing):
            return ""  # it names nothing: the file it points at does
        return _capital(str(PurePosixPath(thing).with_suffix("")) if PurePosixPath(thing).suffix[1:].isalnum()
                        else thing)
    phrase = _ACTION_ZH.sub("", _ACTION_EN.sub("", head, count=1), count=1).strip()
    phrase = re.split(r"[，,]?(?:并且?|然后|同时)", phrase, maxsplit=1)[0] if any(map(_is_cjk, phrase)) else phrase
    about = _FORMAT_LEAD.sub("", phrase, count=1)
    zh = _ABOUT_ZH.match(phrase)
    if zh:
        return zh.group("t").strip()
    if about != phrase and _plain(about) and not _DEICTIC.match(_plain(about)):
        named = PurePosixPath(_plain(about))
        return _capital(str(named.with_suffix("")) if " " not in about.strip() and named.suffix[1:].isalnum()
                        else _plain(about))  # "a report from notes.md": what it is about is notes
    if not _plain(phrase) or _FORMAT_ONLY.match(phrase) or _DEICTIC.match(_plain(about)):
        # "Make a PDF: …" names only the format: what follows says what it is about (not a table's header row).
        following = [ln for ln in ([tail] if tail.strip() else []) + rest if not _TABLE_ROW.match(ln.strip())]
        return _capital(_plain(following[0])) if following else _capital(_plain(phrase)) or _plain(first)
    if len(_plain(phrase)) < 3 and not any(map(_is_cjk, phrase)):
        return _plain(first)  # "write a": too little is left of it to stand for it
    return _capital(_plain(phrase))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _stem_words(path: str) -> str:
    """A file's name as words: ``sales_2024.xlsx`` → ``sales 2024``."""
    stem = PurePosixPath(path).stem
    return re.sub(r"[-_]+", " ", stem).strip() or stem


def without_kind(title: str) -> str:
    """The title without the kind Mira added to it ("Meeting notes (PDF)" → "Meeting notes")."""
    return re.sub(r"\s*\((?:" + "|".join(_KIND.values()) + r")\)$", "", title).strip() or title


def kind_label(kind: str) -> str:
    return _KIND.get(kind.lower().removeprefix("approval/"), kind.upper())


def request_title(request: str, attachments: Sequence[str] = ()) -> str:
    """The title of a new conversation from its first request (and the files sent with it)."""
    about = subject(request) or (_capital(_stem_words(attachments[0])) if attachments else "")
    kind = format_named(request) if request.strip() else None
    if about and kind in _KIND and not re.search(rf"\({_KIND[kind]}\)$", about):
        return cut(about, MAX_TITLE - len(_KIND[kind]) - 3) + f" ({_KIND[kind]})"
    return cut(about)


def made_title(*, title: str, kind: str, path: str, request: str = "", edited: bool = False) -> str:
    """The title of a conversation that made a file: the document's own title and its kind. A file that was
    there before (``edited``: an attachment changed) without a title of its own is named by its file name,
    not by the request: "Set A2 to 5" says what was done to it, not what the conversation is about."""
    stem = PurePosixPath(path).stem
    name = title.strip()
    if (name.lower() in _GENERIC or name == stem) and not edited:
        name = subject(request) or name
    elif name == stem:
        name = ""
    if name.lower() in _GENERIC or not name:
        name = _capital(_stem_words(path))
    label = kind_label(kind)
    return cut(name, MAX_TITLE - len(label) - 3) + f" ({label})"
