"""The offline planner as a skill agent: read the inputs, build the spec, call the command once, complete."""
from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Any

# Follow-ups on a conversation's files have their own small plan (kept apart from creation and routing).
from desktop.llm._offline_followup import follow_up_of
from desktop.llm._offline_followup_skill import FollowUpPlan
from desktop.llm import _offline_content as oc
from desktop.llm import _offline_layout as layout
from desktop.llm._offline_cells import wanted_chart, with_charts
from desktop.llm._offline_described import describe, described_title
from desktop.llm._offline_pdf import fill_pairs, match_fields, wants_fields, wants_fill
from desktop.llm._offline_route import (
    IMAGE_EXTS,
    INPUTS,
    OFFICE_EXTS,
    TEXT_EXTS,
    body_of,
    document_options,
    explicit_title,
    ext,
    instruction_of,
    is_chinese,
    mentioned_files,
    parse_edit,
    route,
    slug,
    split_files,
    wants_suggestions,
    wants_template,
    wants_totals,
)
from desktop.llm._offline_summary import block_texts, create_summary, error_of, failure, pdf_summary, plural, subject
from desktop.llm._types import ChatMessage, Completion, ToolCall, ToolSpec
from desktop.translations import render_plain
from skills.outline import OUTLINES

MAX_TURNS = 10
MAX_READ_CHARS = 200_000  # the most read_workspace_file hands out in one call
KINDS = ("docx", "pdf", "pptx", "xlsx")
DEFAULT_TITLE = {
    "docx": ("Document", "文档"), "pdf": ("Document", "文档"),
    "pptx": ("Presentation", "演示文稿"), "xlsx": ("Workbook", "工作簿"),
}
KIND_LABEL = {"docx": "DOCX", "pdf": "PDF", "pptx": "PPTX", "xlsx": "XLSX"}


def _result(content: str) -> dict[str, Any]:
    """A tool result as a dict: JSON as-is; plain text becomes {"ok": True, "text": ...}."""
    try:
        data = json.loads(content)
    except ValueError:
        return {"ok": True, "text": content}
    if isinstance(data, dict):
        return data
    return {"ok": True, "text": content, "data": data}


def _file_text(res: dict[str, Any]) -> str | None:
    """The text of a read_workspace_file result, whatever shape the runtime chose."""
    if res.get("ok") is False:
        return None
    for key in ("text", "content"):
        if isinstance(res.get(key), str):
            return res[key]
    data = res.get("data")
    if isinstance(data, dict):
        for key in ("text", "content"):
            if isinstance(data.get(key), str):
                return data[key]
    return None


class SkillAgentPlan:
    """Works out the next turn of a skill agent from its transcript so far."""

    def __init__(self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]) -> None:
        self.messages = list(messages)
        self.tools = {t.name for t in tools}
        self.tool_specs = list(tools)
        first = next((m for m in messages if m.role == "user"), None)
        goal = first.content if first else ""
        self.goal, self.inputs = split_files(goal, INPUTS)
        self.chinese = is_chinese(self.goal)
        self.kind = next((k for k in KINDS if any(n.startswith(k + "_") for n in self.tools)), None)
        # Every earlier call with its result, in order.
        results = {m.tool_call_id: m.content for m in messages if m.role == "tool"}
        self.history: list[tuple[ToolCall, dict[str, Any] | None]] = [
            (c, _result(results[c.id]) if c.id in results else None)
            for m in messages if m.role == "assistant" for c in m.tool_calls
        ]
        self.turn = sum(1 for m in messages if m.role == "assistant") + 1

    # -- helpers --------------------------------------------------------

    def _t(self, en: str, zh: str) -> str:
        return zh if self.chinese else en

    def _call(self, name: str, args: dict[str, Any]) -> Completion:
        call = ToolCall(id=f"offline_skill_{self.turn}", name=name, arguments=json.dumps(args, ensure_ascii=False))
        return Completion(text="", tool_calls=(call,), finish_reason="tool_calls")

    def _complete(self, summary: str, artifacts: Sequence[str] = ()) -> Completion:
        return self._call("complete", {"summary": summary, "artifacts": list(artifacts)})

    def _calls_named(self, name: str) -> list[tuple[ToolCall, dict[str, Any] | None]]:
        return [(c, r) for c, r in self.history if c.name == name]

    def _args(self, call: ToolCall) -> dict[str, Any]:
        try:
            data = json.loads(call.arguments)
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    # -- the plan ---------------------------------------------------------

    def next_turn(self) -> Completion:
        _goal, follow_up = follow_up_of(self.goal)
        if follow_up is not None:  # a change to a file the conversation has: its own small plan
            return FollowUpPlan(self.messages, self.tool_specs, follow_up, self.chinese).next_turn()
        action = self._action()
        # The one command this agent runs: once it has a result, complete; never call it twice.
        done = [(c, r) for c, r in self.history if c.name == action[0] and r is not None] if action else []
        if action and done:
            return self._finish(*done[-1])
        if self.turn > MAX_TURNS:
            return self._complete(self._t("Stopped: too many steps without a result.", "已停止：步骤过多仍无结果。"))
        if action is None:
            return self._complete(self._cannot())
        name, target = action
        if name.endswith("_create"):
            return self._create_turn(name)
        if name == "pdf_fill_form":
            return self._fill_turn(target)
        if name == "pdf_replace_text":
            find, repl = parse_edit(self.goal) or ("", "")
            return self._call(name, {"path": target, "find": find, "replace": repl})
        if name.endswith("_edit"):
            find, repl = parse_edit(self.goal) or ("", "")  # _action only picks an edit when this parses
            args: dict[str, Any] = {"path": target, "operations": [
                {"op": "replace_text", "find": find, "replace": repl}]}
            if name == "docx_edit" and wants_suggestions(self.goal):
                args["track_changes"] = True
            return self._call(name, args)
        return self._call(name, {"path": target})

    def _action(self) -> tuple[str, str | None] | None:
        """(command, target path) this goal needs with these tools, or None when it cannot be done."""
        decision = route(self.goal, self.inputs)
        target = decision.target
        if "render_check" in self.tools:
            office = target or next((f for f in decision.inputs if ext(f) in OFFICE_EXTS), None)
            return ("render_check", office) if office else None
        if "xlsx_recalculate" in self.tools and (decision.intent == "recalc" or "xlsx_create" not in self.tools):
            xlsx = target if target and ext(target) == ".xlsx" else None
            return ("xlsx_recalculate", xlsx) if xlsx else None
        if self.kind is None:
            return None
        pdf = target or next((f for f in decision.inputs if ext(f) == ".pdf"), None)
        if self.kind == "pdf" and pdf and ext(pdf) == ".pdf" and (wants_fill(self.goal) or wants_fields(self.goal)):
            # The fields are always listed first: a fill is matched against the form's own names.
            return ("pdf_fill_form" if wants_fill(self.goal) and fill_pairs(body_of(self.goal))
                    else "pdf_form_fields", pdf)
        if decision.intent == "edit" and target and OFFICE_EXTS.get(ext(target)) == self.kind:
            # Documents and decks take replace_text, PDFs an in-place replace; spreadsheets have no such edit.
            name = {"docx": "docx_edit", "pptx": "pptx_edit", "pdf": "pdf_replace_text"}.get(self.kind, "")
            return (name, target) if name in self.tools else None
        if decision.intent == "inspect" and target and OFFICE_EXTS.get(ext(target)) == self.kind:
            name = f"{self.kind}_inspect"
            return (name, target) if name in self.tools else None
        name = f"{self.kind}_create"
        return (name, None) if name in self.tools else None

    def _fill_turn(self, target: str | None) -> Completion:
        listed = [r for _, r in self._calls_named("pdf_form_fields") if r is not None]
        if not listed:
            return self._call("pdf_form_fields", {"path": target})
        res = listed[-1]
        if res.get("ok") is not True:
            return self._complete(self._t(f"Nothing was written: {error_of(res)}", f"没有写入任何文件：{error_of(res)}"))
        data = res.get("data") if isinstance(res.get("data"), dict) else {}
        fields = [f for f in data.get("fields") or [] if isinstance(f, dict)]
        values, unknown = match_fields(fill_pairs(body_of(self.goal)), fields)
        names = ", ".join(str(f.get("name")) for f in fields) or self._t("(none)", "（无）")
        if unknown or not values:
            return self._complete(self._t(
                f"Nothing was written: {target} has no field named {', '.join(unknown) or '…'}. Its fields are: "
                f"{names}.", f"没有写入任何文件：{target} 中没有名为 {'、'.join(unknown) or '…'} 的字段。"
                             f"它的字段有：{names}。"))
        return self._call("pdf_fill_form", {"path": target, "values": values})

    def _cannot(self) -> str:
        decision = route(self.goal, self.inputs)
        if decision.intent == "edit" and self.kind == "xlsx":
            return self._t(f"Nothing was written: replacing text is not something I can do offline in a "
                           f"{KIND_LABEL[self.kind]} file. Connect a real model in Settings for this edit.",
                           f"没有写入任何文件：离线模式无法替换 {KIND_LABEL[self.kind]} 文件中的文字。"
                           "请在设置中连接模型后再试。")
        return self._t("Nothing was done: I could not find a file or a command for this request.",
                       "没有执行任何操作：找不到这个请求所需的文件或命令。")

    def _template(self) -> str | None:
        """The attached .pptx/.docx the request names as a template ("use template.pptx", "用这个模板")."""
        if self.kind not in ("pptx", "docx") or not wants_template(self.goal):
            return None
        suffixes = (".pptx",) if self.kind == "pptx" else (".docx", ".dotx")
        named = [n for n in mentioned_files(self.goal) if ext(n) in suffixes and n in self.inputs]
        return (named or [p for p in self.inputs if ext(p) in suffixes] or [None])[0]

    # -- create -----------------------------------------------------------

    def _create_turn(self, command: str) -> Completion:
        if "list_workspace" in self.tools and not self._calls_named("list_workspace"):
            return self._call("list_workspace", {})
        already = {self._args(c).get("path") for c, _ in self._calls_named("read_workspace_file")}
        for path in self.inputs:
            if ext(path) in TEXT_EXTS and path not in already and "read_workspace_file" in self.tools:
                return self._call("read_workspace_file", {"path": path, "max_chars": MAX_READ_CHARS})
        # An office file's content comes through office_read as markdown ("turn report.docx into slides").
        office_read = {self._args(c).get("path") for c, _ in self._calls_named("office_read")}
        for path in self.inputs:
            if ext(path) in OFFICE_EXTS and path not in office_read and "office_read" in self.tools \
                    and path != self._template():
                return self._call("office_read", {"path": path, "max_chars": MAX_READ_CHARS})
        spec, error = self._build_spec(command)
        if spec is None:
            return self._complete(error)
        return self._call(command, spec)

    def _sources(self) -> tuple[list[tuple[str, str]], list[str]]:
        """(name, text) of every usable source (request body first, then files read) and problems found."""
        sources: list[tuple[str, str]] = []
        problems: list[str] = []
        body = body_of(self.goal)
        if body.strip():
            sources.append(("", body))
        for call, res in self._calls_named("read_workspace_file"):
            path = str(self._args(call).get("path", ""))
            text = _file_text(res or {"ok": False})
            if text is None:
                problems.append(f"{path}: {error_of(res or {})}")
            elif text.strip():
                sources.append((path, text))
                if (res or {}).get("truncated"):
                    problems.append(self._t(f"{path} was cut off after {len(text):,} characters",
                                            f"{path} 超过 {len(text):,} 个字符的部分被截断"))
        read_office = {str(self._args(c).get("path", "")): r for c, r in self._calls_named("office_read")}
        for path in self.inputs:
            if ext(path) not in OFFICE_EXTS or path == self._template():
                continue
            if path not in read_office:
                problems.append(self._t(f"{path}: I cannot take text out of an office file offline",
                                        f"{path}：离线模式无法从 Office 文件中提取文字"))
                continue
            res = read_office[path] or {"ok": False}
            data = res.get("data") if isinstance(res.get("data"), dict) else {}
            text = data.get("text") if res.get("ok") is True else None
            if not isinstance(text, str):
                problems.append(f"{path}: {error_of(res)}")
            elif text.strip():
                sources.append((path, text))
                if data.get("truncated"):
                    problems.append(self._t(f"{path} was cut off after {len(text):,} characters",
                                            f"{path} 超过 {len(text):,} 个字符的部分被截断"))
        return sources, problems

    def _content(self, sources: list[tuple[str, str]]) -> oc.Content:
        content = oc.Content()
        found = describe(instruction_of(self.goal), body_of(self.goal)) if "\n" not in self.goal.strip() else None
        if found is not None:  # "a memo with headings A and B, and a table of costs: x 1, y 2"
            described, body_taken = found
            content.blocks += described.blocks()
            content.tables += [(b["header"][-1], b["header"], b["rows"]) for b in content.blocks if b["type"] == "table"]
            if body_taken:
                sources = [(path, text) for path, text in sources if path]
        for path, text in sources:
            stem = PurePosixPath(path).stem if path else ""
            if ext(path) in (".csv", ".tsv") or (not path and oc.looks_like_csv(text)):
                header, rows = oc.parse_csv(text)
                if header:
                    content.blocks.append({"type": "table", "header": header, "rows": rows})
                    content.tables.append((stem, header, rows))
                continue
            part = oc.parse_markdown(text, table_name=stem)
            content.blocks += part.blocks
            content.tables += part.tables
        for path in self.inputs:
            if ext(path) in IMAGE_EXTS:
                content.blocks.append({"type": "image", "path": path})
        content.blocks = oc.fit_blocks(content.blocks)
        return content

    def _title(self, content: oc.Content) -> tuple[str, bool]:
        """The title, and whether it was taken from the first block (a leading heading)."""
        explicit = explicit_title(self.goal) or described_title(instruction_of(self.goal))
        if explicit:
            return explicit, False
        blocks = content.blocks
        if blocks and blocks[0]["type"] == "heading":
            top = min(b["level"] for b in blocks if b["type"] == "heading")
            if blocks[0]["level"] == top and sum(1 for b in blocks if b["type"] == "heading"
                                                 and b["level"] == top) == 1:
                return blocks[0]["text"], True
        text_inputs = [p for p in self.inputs if ext(p) in TEXT_EXTS or ext(p) in OFFICE_EXTS]
        if text_inputs:
            stem = PurePosixPath(text_inputs[0]).stem.replace("_", " ").replace("-", " ").strip()
            if stem:
                return stem[:1].upper() + stem[1:], False
        assert self.kind is not None
        return self._t(*DEFAULT_TITLE[self.kind]), False

    def _file_name(self, title: str) -> str:
        assert self.kind is not None
        suffix = "." + self.kind
        wanted = [n for n in mentioned_files(self.goal) if ext(n) == suffix and n not in self.inputs]
        stem = PurePosixPath(wanted[0]).stem if wanted else slug(title, DEFAULT_TITLE[self.kind][0].lower())
        listing = " ".join(json.dumps(r, ensure_ascii=False) if r is not None else ""
                           for _, r in self._calls_named("list_workspace"))

        def exists(name: str) -> bool:
            return re.search(rf"(?<![\w.\-]){re.escape(name)}(?![\w.\-])", listing) is not None

        name, n = stem + suffix, 2
        while exists(name) or name in self.inputs:
            name = f"{stem}-{n}{suffix}"
            n += 1
        return name

    def _build_spec(self, command: str) -> tuple[dict[str, Any] | None, str]:
        assert self.kind is not None
        sources, problems = self._sources()
        content = self._content(sources)
        note = ("; ".join(problems)) if problems else ""
        if content.empty:
            reason = self._t("Nothing was written: there was no content to build the file from "
                             "(I only use text you give me: markdown, lists, tables, CSV or attached text files).",
                             "没有写入任何文件：没有可用来生成文件的内容（我只使用你提供的文字："
                             "Markdown、列表、表格、CSV 或附加的文本文件）。")
            return None, reason + (f" ({note})" if note else "")
        title, from_heading = self._title(content)
        title = title[:layout.MAX_SLIDE_TITLE]
        blocks = content.blocks[1:] if from_heading else list(content.blocks)
        if from_heading:
            blocks = layout.promote_headings(blocks)
        default = title in DEFAULT_TITLE[self.kind]
        path = self._file_name(subject(content) or title if default else title)
        if self.kind in ("docx", "pdf"):
            spec: dict[str, Any] = {"path": path, "title": title, "blocks": blocks or [{"type": "paragraph",
                                                                                      "text": title}]}
            opts = document_options(self.goal)
            if opts.pop("toc", False):
                spec["blocks"] = [{"type": "toc", "title": self._t("Contents", "目录")}, *spec["blocks"]]
            if self.kind == "docx":
                spec.update(opts)
                template = self._template()
                if template:
                    spec["template"] = template
        elif self.kind == "pptx":
            slides = layout.deck_slides(title, blocks, chinese=self.chinese)
            if len(slides) > layout.MAX_SLIDES:
                # Cutting the deck short would silently drop the user's content; say so instead.
                return None, self._t(
                    f"Nothing was written: this content needs {len(slides)} slides and a deck holds at most "
                    f"{layout.MAX_SLIDES}. Ask for a Word document or a workbook instead.",
                    f"没有写入任何文件：这些内容需要 {len(slides)} 张幻灯片，而一个演示文稿最多 "
                    f"{layout.MAX_SLIDES} 张。请改为生成 Word 文档或工作簿。")
            chart = wanted_chart(self.goal)
            if chart:
                slides = with_charts(slides, chart)
            spec = {"path": path, "title": title, "slides": slides}
            template = self._template()
            if template:
                spec["template"] = template
        else:
            # A "# Title" line or "titled '…'" asks for a title row; a "## Sales" line only names the table.
            titled = explicit_title(self.goal) or (from_heading and content.blocks[0].get("level") == 1)
            sheets = self._sheets(content, title if titled else None)
            if not sheets:
                return None, self._t("Nothing was written: I found no table, CSV or list to put in a workbook.",
                                     "没有写入任何文件：没有找到可以放进工作簿的表格、CSV 或列表。")
            spec = {"path": path, "sheets": sheets}
        return spec, ""

    def _sheets(self, content: oc.Content, title: str | None) -> list[dict[str, Any]]:
        taken: set[str] = set()
        totals = wants_totals(self.goal)
        chart = wanted_chart(self.goal)
        sheets = []
        for n, (name, header, rows) in enumerate(content.tables, start=1):
            sheet = layout.sheet_name(name, taken, f"Sheet{n}")
            sheets.append(layout.table_to_sheet(sheet, header, rows, totals=totals, chinese=self.chinese,
                                                title=title if n == 1 else None, chart=chart))
        if not sheets:
            items = [b for b in content.blocks if b["type"] in ("bullets", "numbered", "paragraph")]
            rows = [[t] for b in items for t in block_texts(b)]
            if rows:
                header = [self._t("Item", "项目")]
                sheets.append({"name": layout.sheet_name("", taken, "Sheet1"), "header": header, "rows": rows})
        return sheets

    # -- after the command ran ---------------------------------------------

    def _finish(self, call: ToolCall, res: dict[str, Any]) -> Completion:
        args = self._args(call)
        target = str(args.get("path") or "")
        if res.get("denied"):
            return self._complete(self._t(
                f"Nothing was written: you denied the change to {target}.",
                f"没有写入任何文件：你拒绝了对 {target} 的更改。"))
        if res.get("ok") is not True:
            return self._complete(failure(res, self.chinese))
        paths = [str(a.get("path")) for a in res.get("artifacts") or [] if isinstance(a, dict) and a.get("path")]
        message = str(res.get("message") or "").strip()
        if call.name.endswith("_create"):
            summary = self._create_summary(args, paths[0] if paths else target)
        elif call.name.endswith("_edit"):
            op = (args.get("operations") or [{}])[0]
            counts = (res.get("data") or {}).get("replacements") if isinstance(res.get("data"), dict) else None
            n = f" ({plural(sum(counts), 'replacement')})" if isinstance(counts, list) and counts else ""
            n_zh = f"（共 {sum(counts)} 处）" if isinstance(counts, list) and counts else ""
            summary = self._t(f"Replaced \"{op.get('find')}\" with \"{op.get('replace')}\" in {target}{n}.",
                              f"已将 {target} 中的“{op.get('find')}”改为“{op.get('replace')}”{n_zh}。")
            if args.get("track_changes"):
                summary = self._t(
                    f"Suggested replacing \"{op.get('find')}\" with \"{op.get('replace')}\" in {target}{n} as "
                    f"tracked changes by Mira; accept or reject them in Word.",
                    f"已在 {target} 中以修订（作者 Mira）建议将“{op.get('find')}”改为“{op.get('replace')}”{n_zh}，"
                    f"可在 Word 中接受或拒绝。")
        elif call.name.endswith("_inspect"):
            data = res.get("data")
            outliner = OUTLINES.get(call.name)
            language = "zh_CN" if self.chinese else "en"
            outline = outliner(target, data, lambda m: render_plain(m, language)) \
                if outliner is not None and isinstance(data, dict) else None
            summary = outline or self._t(f"Contents of {target}:\n\n{message}", f"{target} 的内容：\n\n{message}")
        elif call.name in ("pdf_form_fields", "pdf_fill_form", "pdf_replace_text"):
            summary = pdf_summary(self._t, call.name, args, res)
        else:
            summary = message or self._t(f"Done: {target}.", f"已完成：{target}。")
        return self._complete(summary, paths)

    def _create_summary(self, args: dict[str, Any], path: str) -> str:
        read = [str(self._args(c).get("path")) for c, r in self._calls_named("read_workspace_file")
                if r is not None and _file_text(r) is not None]
        read += [str(self._args(c).get("path")) for c, r in self._calls_named("office_read")
                 if r is not None and r.get("ok") is True]
        return create_summary(self._t, args, path, read, self._sources()[1])
