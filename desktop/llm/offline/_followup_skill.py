"""The offline planner as a skill agent on a follow-up: read what the change needs, run the one write, complete.

The main agent put the job in a ``[Follow-up: {...}]`` line (operation, file, parameters). A PDF cannot be
edited in place, so a PDF change re-makes it from its own text and outline (``pdf_create`` with
``overwrite``); the previous bytes stay kept as the earlier version.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from desktop.llm.offline._cells import NewColumn, Total, chart_of, charted, new_column, read_table, total_row
from desktop.llm.offline._intents import BY_ID
from desktop.llm.offline._summary import failure, other_font
from desktop.llm.offline._transcript import CallHistory
from desktop.llm._patterns import later
from desktop.llm._types import ChatMessage, Completion, ToolCall, ToolSpec
from skills.messages import msg

MAX_TURNS = 8
PAGE_OPS = ("merge_pdf", "extract_pages", "delete_pages", "rotate_pages", "reorder_pages", "split_pdf")
# pdf_pages's op of each page intent
_PAGE_OP = {"merge_pdf": "merge", "extract_pages": "extract", "delete_pages": "delete", "rotate_pages": "rotate",
            "reorder_pages": "reorder", "split_pdf": "split"}


Step = tuple[str, dict[str, Any]]
# "the last section", "section 2": a section by its place, not its heading's words
_SECTION_PLACE = later(r"^(?:the\s+)?(?P<w>last|final|first)$|^(?:section\s+)?(?P<n>\d{1,2})$|^第?\s*(?P<zn>\d{1,2})$"
                       r"|^(?P<zl>最后一?)$|^(?P<zf>第一|头一)$", re.IGNORECASE)
# Operations that are one call of their command with the request's slots: an intent's entry plus one line here.
ONE_CALL: dict[str, Callable[[str, Mapping[str, Any]], Step]] = {
    "rename_heading": lambda path, p: ("docx_edit", {"path": path, "operations": [
        {"op": "rename_heading", "heading": str(p["heading"]), "to": str(p["to"])}]}),
    "delete_paragraph": lambda path, p: ("docx_edit", {"path": path, "operations": [
        {"op": "delete_paragraph_containing", "text": str(p["text"])}]}),
    "swap_slides": lambda path, p: ("pptx_edit", {"path": path, "operations": _swap(int(p["a"]), int(p["b"]))}),
    "set_notes": lambda path, p: ("pptx_edit", {"path": path, "operations": [
        {"op": "set_notes", "slide": int(p["slide"]), "text": str(p["text"])}]}),
}


def _swap(a: int, b: int) -> list[dict[str, Any]]:
    """Two moves that swap slides ``a`` and ``b``: the first to the second's place, then that one back."""
    first, second = min(a, b), max(a, b)
    if first == second:
        return [{"op": "move_slide", "slide": first, "to": first}]
    return [{"op": "move_slide", "slide": first, "to": second},
            {"op": "move_slide", "slide": second - 1, "to": first}]


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

    def _called(self, name: str) -> dict[str, Any]:
        """The arguments of the last call of ``name`` ({} before there is one)."""
        calls = self._calls_named(name)
        return self._args(calls[-1][0]) if calls else {}

    def _first_op(self, name: str) -> dict[str, Any]:
        """The first operation of the last call of ``name``: what was written, once a read made "the last
        slide" or "the Risks slide" a number ({} before the call)."""
        ops = self._called(name).get("operations") or [{}]
        return ops[0] if isinstance(ops[0], dict) else {}

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
            return self._complete(self._say("planner.stopped"))
        step = self._step()
        if isinstance(step, str):
            return self._complete(step)
        name, args = step
        if name not in self.tools:
            return self._complete(self._say("planner.unavailable", name=name))
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
        if op == "move_slide":
            return self._move_slide_step()
        if op == "delete_section":
            return self._delete_section_step()
        if op in ("rename_sheet", "remove_sheet"):
            name = self._sheet_name(str(self.p["name"]))
            if name is None:
                return ("xlsx_inspect", {"path": path})
            if op == "remove_sheet":
                return ("xlsx_edit", {"path": path, "operations": [{"op": "remove_sheet", "name": name}]})
            return ("xlsx_edit", {"path": path, "operations": [{"op": "rename_sheet", "name": name, "to": self.p["to"]}]})
        if op == "duplicate_slide":
            copied = self._slide_of(self.p.get("slide"), self.p.get("title"))
            if not isinstance(copied, int):
                return copied if copied is not None else ("pptx_inspect", {"path": path})
            return ("pptx_edit", {"path": path, "operations": [{"op": "duplicate_slide", "slide": copied}]})
        if op in ONE_CALL:
            return ONE_CALL[op](path, self.p)
        if self.kind == "pdf" and self._pdf_in_place():
            return ("pdf_replace_text", {"path": path, "find": self.p["find"], "replace": self.p["replace"]})
        if self.kind == "pdf":
            return self._pdf_step()
        if op == "replace_text":
            if self.kind not in ("docx", "pptx"):
                return self._say("planner.no_replace")  # a workbook: the only kind left here
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
                return self._say("planner.no_title", path=path)
            return ("docx_edit", {"path": path, "operations": [
                {"op": "replace_text", "find": old, "replace": self.p["title"]}]})
        if op == "add_slide":
            slide: dict[str, Any] = ({"layout": "bullets", "title": self.p["title"], "bullets": self.p["bullets"]}
                                     if self.p.get("bullets") else {"layout": "title", "title": self.p["title"]})
            added: dict[str, Any] = {"op": "add_slide", "slide": slide}
            at = self.p.get("at")
            beside = self.p.get("after_title") or self.p.get("before_title")
            if beside:  # "after the Risks slide": that slide's place, once the deck is read
                found = self._slide_of(None, beside)
                if not isinstance(found, int):
                    return found if found is not None else ("pptx_inspect", {"path": path})
                at = found + 1 if self.p.get("after_title") else found
            if at:
                added["at"] = int(at)
            return ("pptx_edit", {"path": path, "operations": [added]})
        if op == "add_section":
            return ("docx_edit", {"path": path, "operations": [{"op": "append", "blocks": self._section()}]})
        if op == "add_paragraph":
            block: dict[str, Any] = ({"type": "bullets", "items": [str(self.p["text"])]} if self.p.get("bullet")
                                     else {"type": "paragraph", "text": str(self.p["text"])})
            if not self.p.get("heading"):
                return ("docx_edit", {"path": path, "operations": [{"op": "append", "blocks": [block]}]})
            return ("docx_edit", {"path": path, "operations": [{"op": "insert_after_heading", "heading": self.p["heading"],
                                                                "blocks": [block], "before_subheadings": True}]})
        if op in ("add_rows", "set_cells", "add_total", "add_chart", "add_column"):
            info = self._sheet_info()
            if info is None:
                return ("xlsx_inspect", {"path": path})
            if isinstance(info, str):
                return info
            sheet = info.get("name")
            cells = self.p["cells"] if op == "set_cells" else None
            if op in ("add_total", "add_column"):  # cells worked out from the read
                made = self._total(info) if op == "add_total" else self._column(info)
                if isinstance(made, str):
                    return made  # why nothing is written
                cells = made.cells
            if cells is not None:
                return ("xlsx_edit", {"path": path, "operations": [
                    {"op": "set_cells", "sheet": sheet, "cells": cells}]})
            if op == "add_chart":
                chart = chart_of(info, self.p.get("kind") or "bar", str(self.p.get("of") or ""))
                if chart is None:
                    return self._say("planner.no_numbers_chart", sheet=str(sheet))
                return ("xlsx_edit", {"path": path, "operations": [{"op": "add_chart", "sheet": sheet, "chart": chart}]})
            return ("xlsx_edit", {"path": path, "operations": [
                {"op": "append_rows", "sheet": sheet, "rows": self.p["rows"]}]})
        return self._say("planner.cannot", path=path)

    def _sheet_info(self) -> Mapping[str, Any] | str | None:
        """What the workbook's read said of the sheet the request names (its first sheet when it names
        none); None before the read, the reason in words when there is no such sheet."""
        book = self._read("xlsx_inspect")
        if book is None:
            return None
        found = [s for s in (book.get("data") or {}).get("sheets") or () if isinstance(s, dict)]
        if not found:
            return self._say("planner.no_worksheet", path=self.path)
        wanted = str(self.p.get("sheet") or "")
        if not wanted:
            return found[0]
        named = self._sheet_name(wanted)
        info = next((s for s in found if str(s.get("name")) == named), None)
        return info if info is not None else self._say(
            "planner.no_sheet", path=self.path, name=wanted, sheets=[str(s.get("name")) for s in found])

    def _delete_section_step(self) -> tuple[str, dict[str, Any]] | str:
        """The section a request names: by its heading's words, or by its place among the document's top
        sections ("the last section", "section 2": the outline read first), or why there is none."""
        said = str(self.p["heading"])
        place = _SECTION_PLACE.match(said.strip())
        if place is None:
            return ("docx_edit", {"path": self.path, "operations": [{"op": "delete_section", "heading": said}]})
        outline = self._read("docx_inspect")
        if outline is None:
            return ("docx_inspect", {"path": self.path})
        heads = [h for h in (outline.get("data") or {}).get("headings") or () if isinstance(h, dict) and h.get("text")]
        top = min((int(h.get("level") or 1) for h in heads), default=1)
        sections = [str(h["text"]) for h in heads if int(h.get("level") or 1) == top]
        word = (place.group("w") or "").lower()
        number = place.group("n") or place.group("zn")
        at = (-1 if word in ("last", "final") or place.group("zl") else 0 if word == "first" or place.group("zf")
              else int(number or 1) - 1)
        if not sections or not -len(sections) <= at < len(sections):
            return self._say("planner.no_such_section", path=self.path, which=said, sections=sections[:12])
        return ("docx_edit", {"path": self.path, "operations": [{"op": "delete_section", "heading": sections[at]}]})

    def _sheet_name(self, wanted: str) -> str | None:
        """The workbook's name for the sheet a request names (None before the workbook is read): as typed,
        in another case ("sheet1"), by its number ("Sheet 2", "工作表2" as "sheet 2": Sheet2, else the second);
        as typed when none fits, for the edit to say which sheets there are."""
        book = self._read("xlsx_inspect")
        if book is None:
            return None
        names = [str(s.get("name")) for s in (book.get("data") or {}).get("sheets") or () if isinstance(s, dict)]
        same = [n for n in names if n.casefold() == wanted.casefold()]
        if same:
            return same[0]
        if wanted.strip().isdigit():
            numbered = [n for n in names if n.casefold() in (f"sheet{int(wanted)}", f"工作表{int(wanted)}")]
            if numbered:
                return numbered[0]
            if 1 <= int(wanted) <= len(names):
                return names[int(wanted) - 1]
        return wanted

    def _total(self, info: Mapping[str, Any]) -> Total | str:
        """The row that sums each column of numbers under the data, labelled in the first column when
        that holds text; the reason in words when the last row already sums or no column holds numbers."""
        total = total_row(info, self._say("planner.total_label"))
        if isinstance(total, int):
            return self._say("planner.total_exists", row=total, sheet=str(info.get("name")))
        if total is None:
            return self._say("planner.no_numbers", sheet=str(info.get("name")))
        return total

    def _column(self, info: Mapping[str, Any]) -> NewColumn | str:
        """The new column right of the table; the reason in words when it has fewer rows than values."""
        column = new_column(info, str(self.p["header"]), [str(v) for v in self.p.get("values") or ()])
        if column is None:
            return self._say("planner.no_worksheet", path=self.path)
        if isinstance(column, int):
            return self._say("planner.column_too_long", len(self.p.get("values") or ()), rows=column,
                             sheet=str(info.get("name")))
        return column

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
            return self._say(f"planner.not_yet.{op}")
        pages = [str(p) if isinstance(p, str) else p for p in self.p.get("pages") or ()]
        if any(p in ("last", "all") for p in pages):  # "the last page", "all pages": the page count says which
            info = self._read("pdf_inspect")
            if info is None:
                return ("pdf_inspect", {"path": path})
            total = int((info.get("data") or {}).get("pages") or 0)
            pages = [q for p in pages for q in ([total] if p == "last" else [f"1-{total}"] if p == "all" else [p])]
        verb = _PAGE_OP[op]  # pdf_pages's op
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
                return self._say("planner.split_after", path=path, count=count, after=after)
            ranges = [f"1-{after}" if after > 1 else "1", f"{after + 1}-{count}" if after + 1 < count else str(count)] \
                if after else [str(n) for n in range(1, count + 1)]
            return (name, {"op": verb, "path": path, "pages": ranges, "output": path.rsplit(".", 1)[0] + "-parts"})
        if op == "rotate_pages":
            return (name, {"op": verb, "path": path, "pages": pages, "angle": int(self.p.get("angle") or 90),
                           "output": path})
        if op == "reorder_pages" and self.p.get("move"):  # one page moved: every page in its new place
            info = self._read("pdf_inspect")
            if info is None:
                return ("pdf_inspect", {"path": path})
            total = int((info.get("data") or {}).get("pages") or 0)
            page, to = int(self.p["move"]), self.p.get("to")
            if not 1 <= page <= total:
                return self._say("planner.no_page", path=path, page=page, count=total)
            rest = [n for n in range(1, total + 1) if n != page]
            at = total if to == "last" else int(to or 1)
            if self.p.get("relative") and page < at:
                at -= 1
            at = max(1, min(at, total))
            order = rest[:at - 1] + [page] + rest[at - 1:]
            return (name, {"op": verb, "path": path, "pages": order, "output": path})
        if op == "reorder_pages":
            return (name, {"op": verb, "path": path, "pages": list(self.p.get("order") or ()), "output": path})
        return (name, {"op": verb, "path": path, "pages": pages, "output": path})

    def _slide_of(self, wanted: Any, title: Any) -> int | str | None:
        """The slide a request means: its number as given; "last" or a title ("the Risks slide") once the deck
        is read (None: read it first); why nothing is written when no slide has that title."""
        if isinstance(wanted, int):
            return wanted
        deck = self._read("pptx_inspect")
        if deck is None:
            return None
        slides = [s for s in (deck.get("data") or {}).get("slides") or () if isinstance(s, dict)]
        if wanted == "last" and slides:
            return int(slides[-1].get("index") or len(slides))
        said = str(title or "").strip().casefold()
        found = next((int(s.get("index") or 0) for s in slides if str(s.get("title") or "").strip().casefold() == said),
                     0)
        return found or self._say("planner.no_slide_titled", path=self.path, title=str(title or ""))

    def _move_slide_step(self) -> tuple[str, dict[str, Any]] | str:
        slide = self._slide_of(self.p.get("slide"), self.p.get("title"))
        if not isinstance(slide, int):
            return slide if slide is not None else ("pptx_inspect", {"path": self.path})
        to, before, after = self.p.get("to"), self.p.get("before"), self.p.get("after")
        # "before slide 1", "after slide 2": the place it takes once it is out of its own
        mark = int(before) if before is not None else int(after) + 1 if after is not None else None
        if mark is not None:
            to = mark - 1 if slide < mark else mark
        if to == "last":  # "to the end": the last slide's place, the deck read first
            last = self._slide_of("last", None)
            if not isinstance(last, int):
                return last if last is not None else ("pptx_inspect", {"path": self.path})
            to = last
        return ("pptx_edit", {"path": self.path, "operations": [
            {"op": "move_slide", "slide": slide, "to": max(1, int(to or 1))}]})

    def _remove_slide_step(self) -> tuple[str, dict[str, Any]] | str:
        slide = self._slide_of(self.p.get("slide"), self.p.get("title"))
        if not isinstance(slide, int):  # "the last slide", "the slide titled Risks": read the deck first
            return slide if slide is not None else ("pptx_inspect", {"path": self.path})
        return ("pptx_edit", {"path": self.path, "operations": [{"op": "remove_slide", "slide": slide}]})

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
            return self._say("planner.pdf_too_rich", path=self.path)
        title, blocks = pdf_blocks(info)
        if self.op == "replace_text":
            find, repl = str(self.p["find"]), str(self.p["replace"])
            if find not in title and not any(find in t for b in blocks for t in _texts(b)):
                return self._say("planner.not_found", find=find, path=self.path)
            title = title.replace(find, repl)
            blocks = [_replaced(b, find, repl) for b in blocks]
        elif self.op == "set_title":
            title = str(self.p["title"])
        elif self.op == "add_section":
            blocks += self._section()
        else:
            return self._say("planner.cannot_pdf", path=self.path)
        spec: dict[str, Any] = {"path": self.path, "blocks": blocks or [{"type": "paragraph", "text": title}],
                                "overwrite": True}
        if title:
            spec["title"] = title
        return ("pdf_create", spec)

    # -- after the write ------------------------------------------------------------

    def _finish(self, call: ToolCall, res: dict[str, Any]) -> Completion:
        if res.get("denied"):
            return self._complete(self._say("planner.user_denied", path=self.path))
        if res.get("ok") is not True:
            return self._complete(failure(res, self.chinese))
        paths = [str(a.get("path")) for a in res.get("artifacts") or () if isinstance(a, dict) and a.get("path")]
        return self._complete(self._summary() + other_font(res, self._say), paths)

    def _summary(self) -> str:
        # The reply lists the file (name, kind, size, checks) right above this line: it is not named again.
        p, path = self.p, self.path
        if self.op == "replace_text" and p.get("track_changes"):
            return self._say("planner.suggested", find=p["find"], replace=p["replace"], path=path)
        if self.op == "replace_text":
            return self._say("planner.replaced", find=p["find"], replace=p["replace"])
        if self.op == "set_title" and p.get("slide") and self.kind == "pptx":
            return self._say("planner.slide_title_set", slide=p["slide"], title=p["title"])
        if self.op == "set_title":
            return self._say("planner.title_set", title=p["title"])
        at = self._first_op("pptx_edit").get("at") if self.op == "add_slide" else None
        if self.op == "add_slide" and at:  # "after slide 2", "after the Risks slide": the place the call gave
            return self._say("planner.slide_added_at", title=p["title"], at=at)
        if self.op == "add_slide":
            return self._say("planner.slide_added", title=p["title"])
        if self.op == "set_notes":
            return self._say("planner.notes_set", slide=p["slide"])
        if self.op == "add_section":
            return self._say("planner.section_added", title=p["title"])
        if self.op == "add_paragraph" and p.get("heading"):
            return self._say("planner.point_added" if p.get("bullet") else "planner.paragraph_added", heading=p["heading"])
        if self.op == "add_paragraph":
            return self._say("planner.point_appended" if p.get("bullet") else "planner.paragraph_appended")
        if self.op == "add_rows":
            return self._say("planner.rows_added", len(p["rows"]))
        if self.op == "add_chart":
            info = self._sheet_info()
            table = read_table(info) if isinstance(info, Mapping) else None
            names = [n for _, n in charted(table, str(self.p.get("of") or ""))] if table is not None else []
            return self._say(f"planner.chart_added.{self.p.get('kind') or 'bar'}", columns=names)
        if self.op == "add_column":  # worked out again from the same read, as the call was
            info = self._sheet_info()
            column = self._column(info) if isinstance(info, Mapping) else None
            if isinstance(column, NewColumn):
                return self._say("planner.column_added", header=p["header"], column=column.letter)
            return self._say("planner.rows_added", 1)
        if self.op == "add_total":  # worked out again from the same read, as the call was
            info = self._sheet_info()
            total = self._total(info) if isinstance(info, Mapping) else None
            if isinstance(total, Total):
                return self._say("planner.total_added", len(total.columns), row=total.row, columns=total.columns)
            return self._say("planner.rows_added", 1)
        if self.op == "set_cells" and all(value is None for value in p["cells"].values()):
            return self._say("planner.cells_cleared", len(p["cells"]), cells=list(p["cells"]))
        if self.op == "set_cells":
            cells = [msg("planner.cell_to", cell=ref, value=value) if value is not None
                     else msg("planner.cell_emptied", cell=ref) for ref, value in p["cells"].items()]
            return self._say("planner.cells_set", len(cells), cells=cells)
        if self.op == "rename_heading":
            return self._say("planner.heading_renamed", heading=p["heading"], to=p["to"])
        if self.op == "delete_section":  # "the last section" became its heading once read: the call says which
            return self._say("planner.section_deleted", heading=self._first_op("docx_edit").get("heading") or p["heading"])
        if self.op == "delete_paragraph":
            writes = [r for c, r in self.history if c.name == "docx_edit" and r is not None]
            changes = ((writes[-1].get("data") or {}).get("changes") or []) if writes else []
            gone = sum(1 for change in changes if isinstance(change, list) and len(change) == 2 and not change[1])
            return self._say("planner.paragraphs_deleted", max(gone, 1), text=p["text"])
        if self.op == "swap_slides":
            return self._say("planner.slides_swapped", a=p["a"], b=p["b"])
        if self.op == "duplicate_slide":  # "the last slide" became a number once the deck was read
            slide = self._first_op("pptx_edit").get("slide") or p["slide"]
            return self._say("planner.slide_duplicated", slide=slide, to=int(slide) + 1)
        if self.op == "export_pdf":
            return self._say("planner.exported", path=path, output=p["output"])
        if self.op == "remove_slide":  # "the last slide" became a number once the deck was read: the call says it
            return self._say("planner.slide_removed", slide=self._first_op("pptx_edit").get("slide") or p.get("slide"))
        if self.op in ("rename_sheet", "remove_sheet"):  # the sheet's own name, as the call gave it
            p = {**p, "name": self._first_op("xlsx_edit").get("name") or p["name"]}
        if self.op == "rename_sheet":
            return self._say("planner.sheet_renamed", name=p["name"], to=p["to"])
        if self.op == "remove_sheet":
            return self._say("planner.sheet_removed", name=p["name"])
        if self.op == "move_slide":  # "to the end", likewise
            moved = self._first_op("pptx_edit")
            return self._say("planner.slide_moved", slide=moved.get("slide") or p.get("slide"), to=moved.get("to") or p.get("to"))
        if self.op == "merge_pdf":
            return self._say("planner.merged", names=list(p.get("inputs") or ()), output=p.get("output"))
        if self.op == "split_pdf":
            parts = self._called("pdf_pages")
            return self._say("planner.split", len(parts.get("pages") or ()), path=path, folder=parts.get("output") or "")
        if self.op in PAGE_OPS:  # the pages the call named ("the last page" became its number once read)
            pages = self._called(self._write_name()).get("pages") or p.get("pages") or p.get("order") or ()
            return self._say(f"planner.done.{self.op}", pages=[str(x) for x in pages])
        return self._say("planner.restored", version=p["version"], current=p.get("current"))


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
