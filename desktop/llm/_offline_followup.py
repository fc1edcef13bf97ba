"""The offline planner's follow-ups: requests that act on a file the conversation already has.

It reads the conversation context the runtime puts in front of the main agent (a "CONVERSATION CONTEXT"
message: the working folder's files and the artifacts with their versions), works out the operation and
the file it is about, and either hands the job to the file's skill with a ``[Follow-up: {...}]`` line the
skill agent acts on, or, when two files could be meant, asks which one and writes nothing.

Operations (English and Chinese): replace text, set the title, add a slide / a section / rows, export to
PDF, undo the last change, restore a version.
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from desktop.llm._patterns import later
from desktop.llm._offline_described import describe, split_list
from desktop.llm._offline_route import TEXT_EXTS, body_of, instruction_of, mentioned_files, parse_edit

CONTEXT_PREFIX = "CONVERSATION CONTEXT\n"
FOLLOW_UP = later(r"\n*\[Follow-up: (?P<json>\{.*?\})\]", re.DOTALL)
_I = re.IGNORECASE
_Q = "[\"'“‘「『]"
_QC = "[\"'”’」』]"

_UNDO = later(r"\bundo\b|\brevert (?:that|it|the last change)\b|撤销|撤回|还原上一步|恢复上一步", _I)
_RESTORE = later(r"\b(?:restore|go back to|revert to)\s+(?:version\s*|v)(?P<n>\d+)"
                      r"|(?:恢复|还原|回到)(?:到)?\s*(?:版本\s*|v|V|第)(?P<zh>\d+)", _I)
_EXPORT = later(r"\b(?:pdf (?:too|as well|also)|(?:make|export|save|convert|turn|render)\b[^.\n]{0,40}"
                     r"\b(?:to|as|into|a)\s+(?:a\s+)?pdf)\b|(?:导出|转成|转为|转换成|转换为|另存为|生成|做)"
                     r"[^。\n]{0,8}PDF", _I)
_TITLE = later(rf"\b(?:change|set|rename|make)\s+the\s+title(?:\s+of\s+\S+)?\s+(?:to|as)\s*[:：]?\s*{_Q}?(?P<t>.+?){_QC}?"
                    rf"\s*[.!]?$|(?:把|将)?标题(?:改成|改为|换成|设为|设置为|更改为|修改为)\s*[:：]?\s*"
                    rf"{_Q}?(?P<zh>.+?){_QC}?\s*[。.!！]?$", _I)
_SLIDE = later(rf"\badd (?:a|one|another|a new) slide(?: (?:titled|called|named))?\s*[:：]?\s*"
                    rf"{_Q}?(?P<t>[^\"'”’」』,:：\n]+?){_QC}?\s*(?:,?\s*with (?:the )?bullets?\s*[:：]\s*"
                    rf"(?P<b>.+?))?\s*[.!]?$"
                    rf"|(?:加|添加|增加|新增)(?:一|1)?(?:张|页)(?:幻灯片)?[，,]?\s*(?:标题(?:是|为)|题为)?\s*[:：]?\s*"
                    rf"{_Q}?(?P<zt>[^，,:：\n”』」]+?){_QC}?\s*(?:[，,]\s*(?:要点|内容|项目)(?:是|为)?\s*[:：]\s*"
                    rf"(?P<zb>.+?))?\s*[。.!！]?$", _I)
_SECTION = later(rf"\badd (?:a|one|another|a new) section(?: (?:titled|called|named))?\s*[:：]?\s*"
                      rf"{_Q}?(?P<t>[^\"'”’」』,:：\n]+?){_QC}?\s*(?:,?\s*(?:with (?:the )?(?:text|content)|saying)"
                      rf"\s*[:：]\s*(?P<b>.+))?$"
                      rf"|(?:加|添加|增加|新增)(?:一|1)?(?:节|个章节|个部分|段)[，,]?\s*(?:标题(?:是|为)|题为)?\s*[:：]?\s*"
                      rf"{_Q}?(?P<zt>[^，,:：\n”』」]+?){_QC}?\s*(?:[，,]\s*(?:内容|正文)(?:是|为)?\s*[:：]\s*"
                      rf"(?P<zb>.+?))?\s*[。.!！]?$", _I | re.DOTALL)
_CHANGE = later(rf"\bchange\s+(?!the title\b){_Q}?(?P<find>.+?){_QC}?\s+(?:to|into)\s+{_Q}?(?P<repl>.+?){_QC}?"
                     rf"\s*[.!]?$", _I)
_ROWS = later(r"\badd (?:a |one |another |these |the following )?rows?\s*[:：]\s*(?P<r>.+)$"
                   r"|(?:加|添加|增加|新增)(?:一|几|1)?行\s*[:：]\s*(?P<zr>.+)$", _I | re.DOTALL)
# Words that point at the file of the latest step ("undo the last step" means that step's file).
_PRONOUN = later(r"\b(?:it|this|that|the (?:document|file|deck|presentation|workbook|spreadsheet|pdf|report)"
                      r"|the last (?:step|change))\b|这个文件|该文件|这份|这个文档|它|此文件|上一步|刚才", _I)

KINDS_FOR = {
    "replace_text": ("docx", "pptx", "pdf", "xlsx"),
    "set_title": ("docx", "pptx", "pdf"),
    "add_slide": ("pptx",),
    "add_section": ("docx", "pdf"),
    "add_rows": ("xlsx",),
    "export_pdf": ("docx", "pptx", "xlsx"),
    "undo": ("docx", "pptx", "pdf", "xlsx"),
    "restore": ("docx", "pptx", "pdf", "xlsx"),
}


@dataclass(frozen=True)
class Operation:
    op: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    """Either a job for a skill (``skill``, ``goal``, ``inputs``) or a question (``ask``) with no tool call."""

    skill: str | None = None
    goal: str = ""
    inputs: tuple[str, ...] = ()
    ask: str = ""


def context_of(messages: Sequence[Any]) -> Mapping[str, Any] | None:
    """The data of the conversation's context message, when the runtime gave one."""
    for m in messages:
        content = getattr(m, "content", "") or ""
        if m.role == "user" and content.startswith(CONTEXT_PREFIX):
            try:
                data = json.loads(content[len(CONTEXT_PREFIX):])
            except ValueError:
                return None
            return data if isinstance(data, dict) else None
    return None




def _cell(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def operation(request: str) -> Operation | None:
    """What the follow-up asks for, or None when it is no follow-up this module knows."""
    text = request.strip()
    first = text.splitlines()[0].strip() if text else ""
    m = _RESTORE.search(first)
    if m:
        return Operation("restore", {"version": int(m.group("n") or m.group("zh"))})
    if _UNDO.search(first):
        return Operation("undo")
    m = _ROWS.search(text)
    if m:
        raw = (m.group("r") or m.group("zr") or "").strip()
        rows = [[_cell(c.strip()) for c in re.split(r"[,，\t]", line) if c.strip()]
                for line in re.split(r"\n|;|；", raw) if line.strip()]
        rows = [r for r in rows if r]
        return Operation("add_rows", {"rows": rows}) if rows else None
    m = _SLIDE.search(first)
    if m:
        title = (m.group("t") or m.group("zt") or "").strip()
        bullets = split_list(m.group("b") or m.group("zb") or "")
        return Operation("add_slide", {"title": title, "bullets": bullets}) if title else None
    m = _SECTION.search(text)
    if m:
        title = (m.group("t") or m.group("zt") or "").strip()
        body = (m.group("b") or m.group("zb") or "").strip()
        return Operation("add_section", {"title": title, "text": body}) if title else None
    m = _TITLE.search(first)
    if m:
        title = (m.group("t") or m.group("zh") or "").strip()
        return Operation("set_title", {"title": title}) if title else None
    if _EXPORT.search(first):
        return Operation("export_pdf")
    m = _CHANGE.search(first)
    edit = (m.group("find").strip(), m.group("repl").strip()) if m else parse_edit(first)
    if edit is not None and edit[0]:
        return Operation("replace_text", {"find": edit[0], "replace": edit[1]})
    return None


def _kind(path: str) -> str:
    return PurePosixPath(path).suffix.lower().lstrip(".")


def decide(request: str, files: Sequence[str], ctx: Mapping[str, Any], chinese: bool) -> Decision | None:
    """The follow-up decision, or None to let the ordinary routing handle the request."""
    op = operation(request)
    if op is None:
        return None
    if op.op == "export_pdf" and (body_of(request).strip() or any(
            PurePosixPath(n).suffix.lower() in TEXT_EXTS for n in [*mentioned_files(request), *files])
            or describe(instruction_of(request), "") is not None):
        # "make a PDF from these notes: …" or "a PDF with sections A and B" builds a new file; it exports nothing
        return None
    artifacts = [a for a in ctx.get("artifacts") or () if isinstance(a, dict) and a.get("path")]
    folder = [str(f.get("path")) for f in (ctx.get("working_folder") or {}).get("files") or ()
              if isinstance(f, dict)]
    kinds = KINDS_FOR[op.op]
    known = {a["path"]: a for a in artifacts}
    named = [n for n in mentioned_files(request) if _kind(n) in kinds]
    named = [next((p for p in [*known, *folder] if p == n or p.endswith("/" + n)), n) for n in named]
    if named:
        target = named[0]
        if target not in known and target not in folder and target not in files:
            return None  # a file this conversation does not have: the ordinary routing says so
        return _job(op, target, known.get(target), request, chinese)
    candidates = [a for a in artifacts if _kind(a["path"]) in kinds]
    if op.op in ("undo", "restore"):
        candidates = [a for a in candidates if int(a.get("version") or 1) > 1 or op.op == "restore"]
    if _PRONOUN.search(request) and artifacts:
        latest_task = artifacts[-1].get("task")
        recent = [a for a in artifacts if a.get("task") == latest_task] if latest_task else [artifacts[-1]]
        fitting = [a for a in recent if _kind(a["path"]) in kinds]
        if len(fitting) == 1:
            return _job(op, fitting[0]["path"], fitting[0], request, chinese)
        if len(fitting) > 1:
            return Decision(ask=_question([a["path"] for a in fitting], chinese))
    if len(candidates) == 1:
        return _job(op, candidates[0]["path"], candidates[0], request, chinese)
    if len(candidates) > 1:
        return Decision(ask=_question([a["path"] for a in candidates], chinese))
    loose = [f for f in folder if _kind(f) in kinds]
    if len(loose) == 1 and op.op not in ("undo", "restore"):
        return _job(op, loose[0], None, request, chinese)
    if len(loose) > 1 and op.op not in ("undo", "restore"):
        return Decision(ask=_question(loose, chinese))
    if op.op in ("undo", "restore"):
        return Decision(ask=(f"没有可以{'撤销' if op.op == 'undo' else '恢复'}的更改：这个对话里还没有被修改过的文件。"
                             if chinese else f"There is nothing to {'undo' if op.op == 'undo' else 'restore'}: no "
                             "file in this conversation has an earlier version."))
    return None


def _question(paths: Sequence[str], chinese: bool) -> str:
    names = list(dict.fromkeys(paths))
    if chinese:
        return ("你指的是哪个文件？" + "、".join(f"`{p}`" for p in names) + " 都有可能。请在请求中写出文件名，"
                "我再动手；这次没有写入任何文件。")
    listed = ", ".join(f"`{p}`" for p in names[:-1]) + f" or `{names[-1]}`"
    return (f"Which file do you mean: {listed}? Name the file in your request and I'll do it; nothing was "
            "written this time.")


def _job(op: Operation, target: str, art: Mapping[str, Any] | None, request: str, chinese: bool) -> Decision:
    kind = _kind(target)
    params: dict[str, Any] = {"op": op.op, "path": target, **op.params}
    versions = [v for v in (art or {}).get("versions") or () if isinstance(v, dict)]
    if op.op in ("undo", "restore"):
        current = int((art or {}).get("version") or 1)
        if op.op == "undo" and current <= 1:
            # The last step made this file: its undo is removing it, which Mira leaves to the person.
            return Decision(ask=(f"`{target}` 是上一步新建的文件，没有更早的版本可以恢复；没有写入任何文件。"
                                 "如果不需要它，可以在工作文件夹中删除（对话菜单 → 显示文件夹）。" if chinese
                                 else f"`{target}` was made new in that step, so there is no earlier version to go "
                                 "back to; nothing was written. If you don't want it, delete it from the working "
                                 "folder (conversation menu → Show folder)."))
        wanted = current - 1 if op.op == "undo" else int(op.params["version"])
        chosen = next((v for v in versions if int(v.get("version", 0)) == wanted), None)
        if chosen is None or wanted == current:
            have = ", ".join(f"v{v.get('version')}" for v in versions) or "v1"
            return Decision(ask=(f"`{target}` 没有可恢复的 v{wanted}（现有版本：{have}，当前 v{current}）。没有写入任何文件。"
                                 if chinese else f"`{target}` has no v{wanted} to go back to (versions: {have}; "
                                 f"current v{current}). Nothing was written."))
        params.update({"version": wanted, "sha256": chosen.get("sha256"), "current": current})
    if op.op == "export_pdf":
        params["output"] = PurePosixPath(target).with_suffix(".pdf").as_posix()
    goal = request.strip() + "\n\n[Follow-up: " + json.dumps(params, ensure_ascii=False) + "]"
    return Decision(skill=kind, goal=goal, inputs=(target,))


def folder_sources(ctx: Mapping[str, Any] | None) -> list[str]:
    """The text files (md, txt, csv) in the working folder: the material of a request that names none."""
    files = (ctx or {}).get("working_folder", {}).get("files") or ()
    return [str(f["path"]) for f in files if isinstance(f, dict)
            and PurePosixPath(str(f.get("path", ""))).suffix.lower() in TEXT_EXTS]


def follow_up_of(goal: str) -> tuple[str, dict[str, Any] | None]:
    """(goal without the follow-up line, its parameters) for a skill agent's goal."""
    m = FOLLOW_UP.search(goal)
    if not m:
        return goal, None
    try:
        params = json.loads(m.group("json"))
    except ValueError:
        return goal, None
    return (goal[:m.start()] + goal[m.end():]).strip(), params if isinstance(params, dict) else None
