"""The offline planner as a skill agent on a follow-up: read what the change needs, run the one write, complete.

The main agent put the job in a ``[Follow-up: {...}]`` line (operation, file, parameters). A PDF cannot be
edited in place, so a PDF change re-makes it from its own text and outline (``pdf_create`` with
``overwrite``); the previous bytes stay kept as the earlier version.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from desktop.llm._offline_intents import BY_ID
from desktop.llm._offline_summary import failure, other_font
from desktop.llm._offline_transcript import CallHistory
from desktop.llm._patterns import later
from desktop.llm._types import ChatMessage, Completion, ToolCall, ToolSpec

MAX_TURNS = 8
PAGE_OPS = ("merge_pdf", "extract_pages", "delete_pages", "rotate_pages", "reorder_pages", "split_pdf")
# (English verb, Chinese verb, English past for the summary, Chinese past)
_PAGE_VERB = {
    "merge_pdf": ("merge", "合并", "merged pages", "合并"),
    "extract_pages": ("extract", "提取", "extracted page", "提取"),
    "delete_pages": ("delete", "删除", "deleted page", "删除"),
    "rotate_pages": ("rotate", "旋转", "rotated page", "旋转"),
    "reorder_pages": ("reorder", "重新排列", "pages put in the order", "重新排列"),
    "split_pdf": ("split", "拆分", "split the pages", "拆分"),
}


Step = tuple[str, dict[str, Any]]
# Operations that are one call of their command with the request's slots: an intent's entry plus one line here.
ONE_CALL: dict[str, Callable[[str, Mapping[str, Any]], Step]] = {
    "rename_sheet": lambda path, p: ("xlsx_edit", {"path": path, "operations": [
        {"op": "rename_sheet", "name": p["name"], "to": p["to"]}]}),
    "remove_sheet": lambda path, p: ("xlsx_edit", {"path": path, "operations": [
        {"op": "remove_sheet", "name": p["name"]}]}),
    "move_slide": lambda path, p: ("pptx_edit", {"path": path, "operations": [
        {"op": "move_slide", "slide": int(p["slide"]), "to": int(p["to"])}]}),
}


class FollowUpPlan(CallHistory):
    """Works out the next turn of a skill agent that carries out one follow-up."""

    def __init__(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec], params: Mapping[str, Any],
                 chinese: bool) -> None:
        super().__init__(messages, tools, "offline_followup")
        self.p = dict(params)
        self.op = str(self.p.get("op") or "")
        self.path = str(self.p.get("path") or "")
        self.kind = self.path.rsplit(".", 1)[-1].lower() if "." in self.path else ""
        self.chinese = chinese

    def _read(self, name: str) -> dict[str, Any] | None:
        """The last result of a read command, or None when it has not run yet."""
        done = [r for c, r in self.history if c.name == name and r is not None]
        return done[-1] if done else None

    # -- the plan --------------------------------------------------------------

    def next_turn(self) -> Completion:
        writes = [(c, r) for c, r in self.history if c.name == self._write_name() and r is not None]
        if writes:
            return self._finish(*writes[-1])
        if self.turn > MAX_TURNS:
            return self._complete(self._t("Stopped: too many steps without a result.", "已停止：步骤过多仍无结果。"))
        step = self._step()
        if isinstance(step, str):
            return self._complete(step)
        name, args = step
        if name not in self.tools:
            return self._complete(self._t(f"Nothing was written: {name} is not available to this skill.",
                                          f"没有写入任何文件：此技能无法使用 {name}。"))
        return self._call(name, args)

    def _write_name(self) -> str:
        if self.op in ("undo", "restore"):
            return "version_restore"
        if self.op == "export_pdf":
            return "export_pdf"
        if self.op in PAGE_OPS:
            return BY_ID[self.op].command
        if self.kind == "pdf":
            return "pdf_replace_text" if self._pdf_in_place() else "pdf_create"
        return f"{self.kind}_edit"

    def _pdf_in_place(self) -> bool:
        """A PDF text change goes in place when this Mira has that command (the layout stays as it is)."""
        return self.op == "replace_text" and "pdf_replace_text" in self.tools

    def _step(self) -> tuple[str, dict[str, Any]] | str:
        """The next command and its arguments, or the reason nothing can be written."""
        op, path = self.op, self.path
        if op in ("undo", "restore"):
            return ("version_restore", {"path": path, "sha256": self.p.get("sha256"), "version": self.p.get("version")})
        if op == "export_pdf":
            return ("export_pdf", {"path": path, "output": self.p.get("output")})
        if op in PAGE_OPS:
            return self._page_step()
        if op == "remove_slide":
            return self._remove_slide_step()
        if op in ONE_CALL:
            return ONE_CALL[op](path, self.p)
        if self.kind == "pdf" and self._pdf_in_place():
            return ("pdf_replace_text", {"path": path, "find": self.p["find"], "replace": self.p["replace"]})
        if self.kind == "pdf":
            return self._pdf_step()
        if op == "replace_text":
            if self.kind not in ("docx", "pptx"):
                return self._t(f"Nothing was written: replacing text in a {self.kind.upper()} file is not something "
                               "I can do offline. Connect a real model in Settings for this edit.",
                               f"没有写入任何文件：离线模式无法替换 {self.kind.upper()} 文件中的文字。请在设置中连接模型后再试。")
            edit: dict[str, Any] = {"path": path, "operations": [
                {"op": "replace_text", "find": self.p["find"], "replace": self.p["replace"]}]}
            if self.kind == "docx" and self.p.get("track_changes"):
                edit["track_changes"] = True
            return (f"{self.kind}_edit", edit)
        if op == "set_title":
            if self.kind == "pptx":
                return ("pptx_edit", {"path": path, "operations": [
                    {"op": "set_title", "slide": int(self.p.get("slide") or 1), "text": self.p["title"]}]})
            outline = self._read("docx_inspect")
            if outline is None:
                return ("docx_inspect", {"path": path})
            data = outline.get("data") or {}
            heads = [h.get("text") for h in data.get("headings") or () if isinstance(h, dict) and h.get("text")]
            old = str(data.get("title") or (heads[0] if heads else "") or "")
            if not old.strip():
                return self._t(f"Nothing was written: {path} has no title or first heading to change.",
                               f"没有写入任何文件：{path} 没有可修改的标题。")
            return ("docx_edit", {"path": path, "operations": [
                {"op": "replace_text", "find": old, "replace": self.p["title"]}]})
        if op == "add_slide":
            slide: dict[str, Any] = ({"layout": "bullets", "title": self.p["title"], "bullets": self.p["bullets"]}
                                     if self.p.get("bullets") else {"layout": "title", "title": self.p["title"]})
            return ("pptx_edit", {"path": path, "operations": [{"op": "add_slide", "slide": slide}]})
        if op == "add_section":
            return ("docx_edit", {"path": path, "operations": [{"op": "append", "blocks": self._section()}]})
        if op == "add_rows":
            book = self._read("xlsx_inspect")
            if book is None:
                return ("xlsx_inspect", {"path": path})
            sheets = [s.get("name") for s in (book.get("data") or {}).get("sheets") or () if isinstance(s, dict)]
            if not sheets:
                return self._t(f"Nothing was written: {path} has no worksheet to add rows to.",
                               f"没有写入任何文件：{path} 没有可以添加行的工作表。")
            wanted = str(self.p.get("sheet") or "")
            sheet = next((n for n in sheets if str(n).casefold() == wanted.casefold()), None) if wanted else sheets[0]
            if sheet is None:
                return self._t(f"Nothing was written: {path} has no sheet named \"{wanted}\". Its sheets are: "
                               f"{', '.join(map(str, sheets))}.",
                               f"没有写入任何文件：{path} 中没有名为“{wanted}”的工作表。它的工作表有：{'、'.join(map(str, sheets))}。")
            return ("xlsx_edit", {"path": path, "operations": [
                {"op": "append_rows", "sheet": sheet, "rows": self.p["rows"]}]})
        return self._t(f"Nothing was written: I cannot do this to {path} offline.",
                       f"没有写入任何文件：离线模式无法对 {path} 执行此操作。")

    def _section(self) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"type": "heading", "level": 1, "text": self.p["title"]}]
        if str(self.p.get("text") or "").strip():
            blocks.append({"type": "paragraph", "text": str(self.p["text"]).strip()})
        if self.p.get("items"):
            blocks.append({"type": "bullets", "items": [str(i) for i in self.p["items"]]})
        return blocks

    # -- PDF pages and slides: one command each ------------------------------------

    def _page_step(self) -> tuple[str, dict[str, Any]] | str:
        """Merge, extract, delete, rotate or reorder pages: the pages stay as they are (no re-making)."""
        op, path, name = self.op, self.path, self._write_name()
        if name not in self.tools:
            return self._t(f"Nothing was written: this version of Mira cannot {_PAGE_VERB[op][0]} PDF pages yet.",
                           f"没有写入任何文件：这个版本的 Mira 还不能{_PAGE_VERB[op][1]} PDF 页面。")
        pages = [str(p) if isinstance(p, str) else p for p in self.p.get("pages") or ()]
        verb = _PAGE_VERB[op][0]  # pdf_pages's op
        if op == "merge_pdf":
            return (name, {"op": verb, "inputs": list(self.p.get("inputs") or ()), "output": self.p.get("output")})
        if op == "extract_pages":
            return (name, {"op": verb, "path": path, "pages": pages, "output": self.p.get("out")})
        if op == "split_pdf":  # the page count decides the ranges: read it first
            info = self._read("pdf_inspect")
            if info is None:
                return ("pdf_inspect", {"path": path})
            count = int((info.get("data") or {}).get("pages") or 0)
            after = int(self.p.get("after") or 0)
            if after and not 0 < after < count:
                return self._t(f"Nothing was written: {path} has {count} pages, so it cannot be split after page {after}.",
                               f"没有写入任何文件：{path} 共 {count} 页，无法在第 {after} 页之后拆分。")
            ranges = [f"1-{after}" if after > 1 else "1", f"{after + 1}-{count}" if after + 1 < count else str(count)] \
                if after else [str(n) for n in range(1, count + 1)]
            return (name, {"op": verb, "path": path, "pages": ranges, "output": path.rsplit(".", 1)[0] + "-parts"})
        if op == "rotate_pages":
            return (name, {"op": verb, "path": path, "pages": pages, "angle": int(self.p.get("angle") or 90),
                           "output": path})
        if op == "reorder_pages":
            return (name, {"op": verb, "path": path, "pages": list(self.p.get("order") or ()), "output": path})
        return (name, {"op": verb, "path": path, "pages": pages, "output": path})

    def _remove_slide_step(self) -> tuple[str, dict[str, Any]] | str:
        wanted = self.p.get("slide")
        if not isinstance(wanted, int):  # "the last slide", "the slide titled Risks": read the deck first
            deck = self._read("pptx_inspect")
            if deck is None:
                return ("pptx_inspect", {"path": self.path})
            slides = [s for s in (deck.get("data") or {}).get("slides") or () if isinstance(s, dict)]
            if wanted == "last" and slides:
                wanted = int(slides[-1].get("index") or len(slides))
            else:
                title = str(self.p.get("title") or "").casefold()
                wanted = next((int(s.get("index") or 0) for s in slides
                               if str(s.get("title") or "").strip().casefold() == title), None)
            if not wanted:
                return self._t(f"Nothing was written: {self.path} has no slide titled \"{self.p.get('title')}\".",
                               f"没有写入任何文件：{self.path} 中没有标题为“{self.p.get('title')}”的幻灯片。")
            self.p["slide"] = wanted
        return ("pptx_edit", {"path": self.path, "operations": [{"op": "remove_slide", "slide": int(wanted)}]})

    # -- PDF: re-made from its own outline and text ----------------------------------

    def _pdf_step(self) -> tuple[str, dict[str, Any]] | str:
        first = self._read("pdf_inspect")
        if first is None:
            return ("pdf_inspect", {"path": self.path})
        info = first.get("data") or {}
        pages = int(info.get("pages") or 0)
        shown = len(info.get("page_details") or ())
        if shown < min(pages, 50) and len([c for c, _ in self.history if c.name == "pdf_inspect"]) < 2:
            return ("pdf_inspect", {"path": self.path, "pages": list(range(1, min(pages, 50) + 1))})
        if pages > 50 or info.get("images") or any(p.get("tables") or p.get("truncated")
                                                   for p in info.get("page_details") or ()):
            return self._t(f"Nothing was written: {self.path} has images, tables or more pages than I can carry "
                           "over when re-making a PDF offline.",
                           f"没有写入任何文件：{self.path} 含有图片、表格或页数过多，离线重新生成 PDF 时无法保留。")
        title, blocks = pdf_blocks(info)
        if self.op == "replace_text":
            find, repl = str(self.p["find"]), str(self.p["replace"])
            if find not in title and not any(find in t for b in blocks for t in _texts(b)):
                return self._t(f"Nothing was written: \"{find}\" does not occur in {self.path}.",
                               f"没有写入任何文件：{self.path} 中没有“{find}”。")
            title = title.replace(find, repl)
            blocks = [_replaced(b, find, repl) for b in blocks]
        elif self.op == "set_title":
            title = str(self.p["title"])
        elif self.op == "add_section":
            blocks += self._section()
        else:
            return self._t(f"Nothing was written: I cannot do this to the PDF {self.path} offline.",
                           f"没有写入任何文件：离线模式无法对 PDF {self.path} 执行此操作。")
        spec: dict[str, Any] = {"path": self.path, "blocks": blocks or [{"type": "paragraph", "text": title}],
                                "overwrite": True}
        if title:
            spec["title"] = title
        return ("pdf_create", spec)

    # -- after the write ------------------------------------------------------------

    def _finish(self, call: ToolCall, res: dict[str, Any]) -> Completion:
        if res.get("denied"):
            return self._complete(self._t(f"Nothing was written: the user denied the change to {self.path}.",
                                          f"没有写入任何文件：用户拒绝了对 {self.path} 的修改。"))
        if res.get("ok") is not True:
            return self._complete(failure(res, self.chinese))
        paths = [str(a.get("path")) for a in res.get("artifacts") or () if isinstance(a, dict) and a.get("path")]
        return self._complete(self._summary() + other_font(res, self._t), paths)

    def _summary(self) -> str:
        # The reply lists the file (name, kind, size, checks) right above this line: it is not named again.
        p, path = self.p, self.path
        if self.op == "replace_text" and p.get("track_changes"):
            return self._t(f"Suggested replacing \"{p['find']}\" with \"{p['replace']}\" in {path} as tracked changes by "
                           "Mira; accept or reject them in Word.",
                           f"已在 {path} 中以修订（作者 Mira）建议将“{p['find']}”改为“{p['replace']}”，可在 Word 中接受或拒绝。")
        if self.op == "replace_text":
            return self._t(f"Replaced \"{p['find']}\" with \"{p['replace']}\".",
                           f"已将“{p['find']}”改为“{p['replace']}”。")
        if self.op == "set_title" and p.get("slide") and self.kind == "pptx":
            return self._t(f"Changed the title of slide {p['slide']} to \"{p['title']}\".",
                           f"已将第 {p['slide']} 张幻灯片的标题改为“{p['title']}”。")
        if self.op == "set_title":
            return self._t(f"Changed the title to \"{p['title']}\".", f"已将标题改为“{p['title']}”。")
        if self.op == "add_slide":
            return self._t(f"Added the slide \"{p['title']}\".", f"已添加幻灯片“{p['title']}”。")
        if self.op == "add_section":
            return self._t(f"Added the section \"{p['title']}\".", f"已添加章节“{p['title']}”。")
        if self.op == "add_rows":
            n = len(p["rows"])
            return self._t(f"Added {n} row{'s' if n != 1 else ''}.", f"已添加 {n} 行。")
        if self.op == "export_pdf":
            return self._t(f"Exported {path} as {p['output']}.", f"已将 {path} 导出为 {p['output']}。")
        if self.op == "remove_slide":
            edits = [c for c, _ in self.history if c.name == "pptx_edit"]
            ops = json.loads(edits[-1].arguments).get("operations") if edits else None
            slide = ops[0].get("slide") if ops else p.get("slide")
            return self._t(f"Removed slide {slide}.", f"已删除第 {slide} 张幻灯片。")
        if self.op == "rename_sheet":
            return self._t(f"Renamed the sheet \"{p['name']}\" to \"{p['to']}\".",
                           f"已将工作表“{p['name']}”重命名为“{p['to']}”。")
        if self.op == "remove_sheet":
            return self._t(f"Removed the sheet \"{p['name']}\".", f"已删除工作表“{p['name']}”。")
        if self.op == "move_slide":
            return self._t(f"Moved slide {p['slide']} to position {p['to']}.",
                           f"已将第 {p['slide']} 张幻灯片移到第 {p['to']} 张。")
        if self.op == "merge_pdf":
            names = ", ".join(p.get("inputs") or ())
            return self._t(f"Merged {names} into {p.get('output')}; every page is kept as it was.",
                           f"已将 {'、'.join(p.get('inputs') or ())} 合并为 {p.get('output')}，每一页都保持原样。")
        if self.op == "split_pdf":
            made = [str(c) for c, _ in self.history if c.name == "pdf_pages"]
            parts = [c for c, r in self.history if c.name == "pdf_pages" and r is not None]
            folder = json.loads(parts[-1].arguments).get("output") if parts else ""
            n = len(json.loads(parts[-1].arguments).get("pages") or ()) if parts and made else 0
            return self._t(f"Split {path} into {n} files in {folder}/; every page is kept as it was.",
                           f"已将 {path} 拆分为 {n} 个文件，保存在 {folder}/ 中，每一页都保持原样。")
        if self.op in PAGE_OPS:
            pages = ", ".join(str(x) for x in p.get("pages") or p.get("order") or ())
            return self._t(f"Done: {_PAGE_VERB[self.op][2]} {pages}.",
                           f"已完成：第 {pages} 页已{_PAGE_VERB[self.op][3]}。")
        return self._t(f"Restored v{p['version']}; the version it replaced (v{p.get('current')}) is kept.",
                       f"已恢复到 v{p['version']}；被替换的版本（v{p.get('current')}）仍然保留。")


_LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st",
              "\ufb06": "st"}
_BULLET = later(r"^[•·▪◦‣\-*]\s+(?P<t>.+)$")
_NUMBERED = later(r"^\d{1,3}[.)]\s+(?P<t>.+)$")
_PAGE_NO = later(r"^\d+(?:\s*/\s*\d+)?$")
_END = ".!?:;,。！？：；，…)）\"”'"


def pdf_blocks(info: Mapping[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """(title, blocks) re-read from a PDF's page text: outline entries and short unpunctuated lines become
    headings, "•" lines lists, wrapped lines are joined again. Styling is not carried over."""
    toc = {str(e[1]).strip(): int(e[0]) for e in info.get("toc") or () if len(e) >= 2}
    title = str((info.get("metadata") or {}).get("title") or "").strip()
    lines: list[str] = []
    for page in info.get("page_details") or ():
        text = str(page.get("text") or "")
        for lig, plain in _LIGATURES.items():
            text = text.replace(lig, plain)
        lines += [ln.strip() for ln in text.splitlines() if ln.strip() and not _PAGE_NO.match(ln.strip())]
    if title and lines and lines[0] == title:
        lines = lines[1:]  # the title line pdf_create draws above the blocks
    blocks: list[dict[str, Any]] = []
    for n, ln in enumerate(lines):
        bullet, numbered = _BULLET.match(ln), _NUMBERED.match(ln)
        item = bullet or numbered
        if item:
            kind = "bullets" if bullet else "numbered"
            if blocks and blocks[-1]["type"] == kind:
                blocks[-1]["items"].append(item.group("t"))
            else:
                blocks.append({"type": kind, "items": [item.group("t")]})
            continue
        last = blocks[-1] if blocks else None
        if last and last["type"] == "paragraph" and not last["text"].endswith(tuple(_END)) and ln[:1].islower():
            last["text"] += " " + ln  # a wrapped line of the same paragraph
            continue
        is_heading = ln in toc or (len(ln) <= 80 and not ln.endswith(tuple(_END)) and n + 1 < len(lines))
        if is_heading:
            blocks.append({"type": "heading", "level": max(1, min(6, toc.get(ln, 1))), "text": ln})
        else:
            blocks.append({"type": "paragraph", "text": ln})
    return title, blocks


def _texts(block: Mapping[str, Any]) -> list[str]:
    return [str(block["text"])] if "text" in block else [str(i) for i in block.get("items") or ()]


def _replaced(block: Mapping[str, Any], find: str, repl: str) -> dict[str, Any]:
    if "text" in block:
        return {**block, "text": str(block["text"]).replace(find, repl)}
    return {**block, "items": [str(i).replace(find, repl) for i in block.get("items") or ()]}
