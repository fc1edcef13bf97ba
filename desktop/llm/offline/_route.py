"""The offline planner's reading of a request: language, target skill, intent, files, titles."""
from __future__ import annotations

from dataclasses import dataclass
import re
from pathlib import PurePosixPath

import desktop.llm.offline._intents as intents
from desktop import format_words
import desktop.llm.offline._slots as slots
from desktop.llm._patterns import later
from desktop.llm.offline._content import looks_like_csv

ATTACHED = later(r"\n*\[Attached files in the workspace: (?P<names>[^\]]*)\]\s*$")
INPUTS = later(r"\n*\[Input files: (?P<names>[^\]]*)\]\s*$")
_CJK = later(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
OFFICE_EXTS = {".docx": "docx", ".pdf": "pdf", ".pptx": "pptx", ".xlsx": "xlsx"}
TEXT_EXTS = {".md", ".markdown", ".txt", ".csv", ".tsv"}
IMAGE_EXTS = {".png", ".jpg", ".jpeg", ".gif", ".bmp"}
_FILE_NAME = format_words.FILE_NAME
_CJK_PREFIX = later(r"^[\u3400-\u9fff]+(?=[A-Za-z0-9_])")

_TOTALS = later(r"\btotals?\b|\bsums?\b|\bsubtotals?\b|合计|总计|汇总|求和", re.IGNORECASE)
_Q = f"[{slots.OPEN_QUOTES}]"
_QC = f"[{slots.CLOSE_QUOTES}]"
_TITLE = later(rf"(?:\btitled|\bcalled|\bnamed|标题为|标题是|题为|名为)\s*[:：]?\s*{_Q}(?P<t>[^\n]+?){_QC}",
                    re.IGNORECASE)


_NEUTRAL = re.compile(r"\S*[/\\]\S*|\b(?:PDF|Word|Excel|PowerPoint|PPT|DOCX|XLSX|PPTX|Markdown|CSV)\b", re.IGNORECASE)


def is_chinese(text: str) -> bool:
    """True when the request is written in Chinese.

    Only the instruction counts (not pasted content or file names), and CJK
    characters must not be outnumbered by Latin letters: "把这些做成 Word 文档" is
    Chinese, "Turn 笔记.md into slides" is English.
    """
    instruction = _FILE_NAME.sub(" ", _instruction_split(text)[0])
    # Paths and format names are the same in either language ("把 ../data/x 变成 PDF" is Chinese).
    instruction = _NEUTRAL.sub(" ", instruction)
    cjk = len(_CJK.findall(instruction))
    latin = len(re.findall(r"[A-Za-z]", instruction))
    return cjk >= 2 and cjk * 3 >= latin


def split_files(text: str, pattern: re.Pattern[str]) -> tuple[str, list[str]]:
    """Strip the runtime's file line ("[Attached files ...]" / "[Input files ...]"); return (text, names)."""
    m = pattern.search(text)
    if not m:
        return text, []
    names = [n.strip() for n in m.group("names").split(",") if n.strip()]
    return text[:m.start()].rstrip(), names


def mentioned_files(text: str) -> list[str]:
    """File names written in the request text, e.g. "report.docx", in order, without duplicates."""
    seen: list[str] = []
    for m in _FILE_NAME.finditer(text):
        # "把report.docx" has no space between the verb and the name: drop the CJK lead-in.
        name = _CJK_PREFIX.sub("", m.group(1))
        if name not in seen:
            seen.append(name)
    return seen


def ext(path: str) -> str:
    return PurePosixPath(path).suffix.lower()


@dataclass(frozen=True, slots=True, kw_only=True)
class Route:
    """What the request asks for: the skill, the intent and the files involved."""

    skill: str | None  # docx | pdf | pptx | xlsx | xlsx-recalc | render-check | None
    intent: str  # create | edit | inspect | recalc | render | none
    inputs: tuple[str, ...]
    target: str | None = None  # the office file an edit/inspect/recalc works on


def route(request: str, files: list[str]) -> Route:
    """Decide the skill and intent for a request with the given attached/input files.

    The intents table says which operations the request fits, highest precedence first; the first whose
    file is at hand decides. A request that fits none makes a new file in the format it names."""
    # A name glued to a Chinese verb ("查看report.xlsx") resolves to the attached file it ends with.
    named = [next((f for f in files if n.endswith(f)), n) for n in mentioned_files(request)]
    allfiles = list(dict.fromkeys([*files, *named]))
    office = [f for f in allfiles if ext(f) in OFFICE_EXTS]
    # Words inside file names ("word-notes.md") must not pick the format.
    words = _FILE_NAME.sub(" ", request)
    strong = format_words.wanted_format(words)
    for found in intents.match_all(request):
        decided = _decided(found.id, allfiles, office, strong, named)
        if decided is not None:
            return decided
    skill = strong or format_words.first_match(words, format_words.WEAK)
    if skill is None:
        return Route(skill=None, intent="none", inputs=tuple(allfiles))
    return Route(skill=skill, intent="create", inputs=tuple(allfiles))


def _decided(intent: str, allfiles: list[str], office: list[str], strong: str | None,
             named: list[str]) -> Route | None:
    """The route of one intent that fits the request, or None when its file is not at hand."""
    inputs = tuple(allfiles)
    if intent == "recalc":
        target = next((f for f in office if ext(f) == ".xlsx"), None)
        return Route(skill="xlsx-recalc" if target else None, intent="recalc" if target else "none", inputs=inputs, target=target)
    if intent == "render" and office:
        return Route(skill="render-check", intent="render", inputs=inputs, target=office[0])
    pdf = next((f for f in office if ext(f) == ".pdf"), None)
    if intent in ("fill_form", "form_fields") and pdf:
        return Route(skill="pdf", intent="fill", inputs=inputs, target=pdf)
    if intent == "replace_text" and office:
        return Route(skill=OFFICE_EXTS[ext(office[0])], intent="edit", inputs=inputs, target=office[0])
    if intent == "inspect":
        if office and (strong is None or strong == OFFICE_EXTS[ext(office[0])]):
            return Route(skill=OFFICE_EXTS[ext(office[0])], intent="inspect", inputs=inputs, target=office[0])
        text = [f for f in (named or allfiles) if ext(f) in TEXT_EXTS]
        if not office and len(text) == 1 and strong is None:  # "What's in notes.md?": read it back
            return Route(skill="docx", intent="inspect", inputs=inputs, target=text[0])
    return None


def parse_edit(request: str) -> tuple[str, str] | None:
    """(find, replace) from "replace 'X' with 'Y'", "change every X to Y" or "把 X 改成 Y"; None when the
    request is no text edit (a conversion such as "把 report.docx 改成 PDF" is none)."""
    found = slots.replacement(request)
    return (found[0], found[1]) if found is not None else None


# "make a pdf that says Hello world", "a note saying Back at 3", "一个 PDF，内容是：…": a new file named by its kind,
# then the words it holds (as after a colon)
_SAYS = later(r"^(?P<head>.*?\b(?:pdf|word|docx?|document|deck|slides?|presentation|memo|report|letter|note|notice|sign"
              r"|spreadsheet|workbook|excel)\b[^,]*?)\s*,?\s*(?:(?:that|which)\s+(?:just\s+)?(?:says|reads)|saying|reading"
              r"|with\s+(?:the\s+|just\s+the\s+)?(?:text|words))\s+(?P<body>\S.*)$"
              r"|^(?P<zh>.*?(?:PDF|Word|文档|幻灯片|演示文稿|备忘录|通知|表格).*?)[，,]?\s*(?:内容(?:是|为)|写着|上面写着?)\s*(?P<zh_body>\S.*)$",
              re.IGNORECASE)
_MAKES = later(r"\b(?:make|create|write|generate|build|produce|give me|new|i need|i want)\b|做|创建|写|生成|新建|来一[份个张]",
               re.IGNORECASE)


_COLON = later(r"(?<!\d)[:：]|[:：](?!\d)")  # not the colon of a time ("the 10:30 meeting")
_MARKDOWN_START = later(r"^(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|\|)")


def _colon_split(line: str) -> tuple[str, str] | None:
    """(before, after) the line's first colon when something follows it (not a link's "//")."""
    found = _COLON.search(line)
    if found is None:
        return None
    head, tail = line[:found.start()], line[found.end():]
    if not tail.strip() or tail.lstrip().startswith("//"):
        return None
    return head.strip(), tail.strip()


def _instruction_split(request: str) -> tuple[str, str]:
    """(instruction line, body): the body is what follows the first line, or a colon on a one-line request, or the
    words a new file "says" ("make a pdf that says Hello world")."""
    text = request.strip()
    if "\n" in text:
        first, rest = text.split("\n", 1)
        # "Make slides: # Launch" then its sections, "Make a spreadsheet: Fruit,Boxes" then its rows: what
        # follows the colon starts the content
        split = _colon_split(first)
        if split is not None:
            content = split[1] + "\n" + rest.strip("\n")
            if _MARKDOWN_START.match(split[1]) or looks_like_csv(content):
                return split[0], content
        return first.strip(), rest.strip("\n")
    split = _colon_split(text)
    if split is not None:
        return split
    says = _SAYS.match(text)
    if says and _MAKES.search(says.group("head") or says.group("zh") or ""):
        head, body = (says.group("head"), says.group("body")) if says.group("head") else (says.group("zh"), says.group("zh_body"))
        return head.strip(), body.strip()
    return text, ""


def instruction_of(request: str) -> str:
    """The instruction of the request: its first line, or what comes before the colon of a one-line request."""
    return _instruction_split(request)[0]


def body_of(request: str) -> str:
    """The user's own content inside the request (markdown or CSV after the instruction), or ""."""
    return _instruction_split(request)[1]


_TOC = later(r"\btable of contents\b|\bcontents page\b|\btoc\b|目录", re.IGNORECASE)
_PAGE_NUMBERS = later(r"\bpage numbers?\b|\bnumbered pages\b|页码", re.IGNORECASE)
_NEW_PAGES = later(r"\b(?:each|every) (?:section|chapter)[^.]{0,30}\bnew page\b|\bpage breaks?\b"
                        r"|\bnew page for each\b|分页|另起一页|每章.{0,6}新的一页|每一?章单独一页", re.IGNORECASE)


def document_options(request: str) -> dict[str, object]:
    """docx_create options the request asks for: a table of contents, page numbers, new pages per section."""
    instruction = _instruction_split(request)[0]
    opts: dict[str, object] = {}
    if _TOC.search(instruction):
        opts["toc"] = True
    if _PAGE_NUMBERS.search(instruction):
        opts["page_numbers"] = True
    if _NEW_PAGES.search(instruction):
        opts["new_page_level"] = 1
    return opts


_SUGGEST = later(r"\bsuggest(?:ed)? (?:changes|edits)\b|\btrack(?:ed)? changes\b|\bas suggestions\b"
                      r"|修订模式|修订|建议修改|以建议", re.IGNORECASE)


def wants_suggestions(request: str) -> bool:
    """"suggest changes" / "修订模式": edit as tracked changes for review, not in place."""
    return bool(_SUGGEST.search(request))


_TEMPLATE = later(r"\btemplates?\b|模板|母版", re.IGNORECASE)


def wants_template(request: str) -> bool:
    return bool(_TEMPLATE.search(request))


def wants_totals(request: str) -> bool:
    return bool(_TOTALS.search(request))


def explicit_title(request: str) -> str | None:
    m = _TITLE.search(request)
    return m.group("t").strip() if m else None


def slug(title: str, fallback: str) -> str:
    """A safe file stem from a title: lowercase ASCII words and CJK letters joined by '-'."""
    words = re.findall(r"[A-Za-z0-9]+|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+", title)
    stem = "-".join(w.lower() for w in words)
    stem = stem[:60].strip("-")
    return stem or fallback
