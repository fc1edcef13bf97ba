"""The offline skill agent's create step: read the inputs (text files, office files through office_read),
turn them into blocks and tables, and build the ``*_create`` spec with a title and a free file name."""
from __future__ import annotations

import json
import re
from pathlib import PurePosixPath
from typing import Any

import desktop.llm.offline._content as oc
import desktop.llm.offline._layout as layout
from desktop.llm.offline._cells import wanted_chart, with_charts
from desktop.llm.offline._described import describe, described_title, topic_title
from desktop.llm.offline._route import (
    IMAGE_EXTS,
    OFFICE_EXTS,
    TEXT_EXTS,
    body_of,
    document_options,
    explicit_title,
    ext,
    instruction_of,
    mentioned_files,
    slug,
    wants_template,
    wants_totals,
)
from desktop.llm.offline._summary import block_texts, error_of, subject
from desktop.llm.offline._transcript import SkillTranscript, data_of, file_text, payload
from desktop.llm._types import Completion
from desktop.translations import render_plain
from skills.messages import msg

MAX_READ_CHARS = 200_000  # the most read_workspace_file hands out in one call


def _default_titles(kind: str) -> tuple[str, str]:
    """The title a file gets when the request gives none (planner.title.<kind>), in English and in Chinese."""
    said = msg(f"planner.title.{kind}")
    return render_plain(said, "en"), render_plain(said, "zh_CN")


class CreatePlan(SkillTranscript):
    """The turns of a ``*_create`` command: read what the request names, then call the command once."""

    def _template(self) -> str | None:
        """The attached .pptx/.docx the request names as a template ("use template.pptx", "用这个模板")."""
        if self.kind not in ("pptx", "docx") or not wants_template(self.goal):
            return None
        suffixes = (".pptx",) if self.kind == "pptx" else (".docx", ".dotx")
        named = [n for n in mentioned_files(self.goal) if ext(n) in suffixes and n in self.inputs]
        found = named or [p for p in self.inputs if ext(p) in suffixes]
        return found[0] if found else None

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
            text = file_text(res or {"ok": False})
            if text is None:
                problems.append(f"{path}: {error_of(res or {})}")
            elif text.strip():
                sources.append((path, text))
                if payload(res or {}).get("truncated"):
                    problems.append(self._say("planner.cut_off", path=path, count=f"{len(text):,}"))
        read_office = {str(self._args(c).get("path", "")): r for c, r in self._calls_named("office_read")}
        for path in self.inputs:
            if ext(path) not in OFFICE_EXTS or path == self._template():
                continue
            if path not in read_office:
                problems.append(self._say("planner.office_text", path=path))
                continue
            res = read_office[path] or {"ok": False}
            data = data_of(res)
            text = data.get("text") if res.get("ok") is True else None
            if not isinstance(text, str):
                problems.append(f"{path}: {error_of(res)}")
            elif text.strip():
                sources.append((path, text))
                if data.get("truncated"):
                    problems.append(self._say("planner.cut_off", path=path, count=f"{len(text):,}"))
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
        topic = topic_title(instruction_of(self.goal))
        if topic:
            return topic, False
        assert self.kind is not None
        return self._say(f"planner.title.{self.kind}"), False

    def _file_name(self, title: str) -> str:
        assert self.kind is not None
        suffix = "." + self.kind
        wanted = [n for n in mentioned_files(self.goal) if ext(n) == suffix and n not in self.inputs]
        stem = PurePosixPath(wanted[0]).stem if wanted else slug(title, _default_titles(self.kind)[0].lower())
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
            reason = self._say("planner.no_content")
            return None, reason + (f" ({note})" if note else "")
        title, from_heading = self._title(content)
        title = title[:layout.MAX_SLIDE_TITLE]
        blocks = content.blocks[1:] if from_heading else list(content.blocks)
        if from_heading:
            blocks = layout.promote_headings(blocks)
        default = title in _default_titles(self.kind)
        path = self._file_name(subject(content) or title if default else title)
        if self.kind in ("docx", "pdf"):
            spec: dict[str, Any] = {"path": path, "title": title, "blocks": blocks or [{"type": "paragraph",
                                                                                      "text": title}]}
            opts = document_options(self.goal)
            if opts.pop("toc", False):
                spec["blocks"] = [{"type": "toc", "title": self._say("planner.contents_title")}, *spec["blocks"]]
            if self.kind == "docx":
                spec.update(opts)
                template = self._template()
                if template:
                    spec["template"] = template
        elif self.kind == "pptx":
            slides = layout.deck_slides(title, blocks, chinese=self.chinese)
            if default and len(slides) > 1 and slides[0]["layout"] == "title" and not slides[0].get("subtitle"):
                # No title was given or found: a slide saying only "Presentation" is not the user's (a 3-slide deck
                # of Intro, Plan and Q&A is those three slides)
                slides = slides[1:]
            if len(slides) > layout.MAX_SLIDES:
                # Cutting the deck short would silently drop the user's content; say so instead.
                return None, self._say("planner.too_many_slides", count=len(slides), most=layout.MAX_SLIDES)
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
                return None, self._say("planner.no_table")
            spec = {"path": path, "sheets": sheets}
        return spec, ""

    def _sheets(self, content: oc.Content, title: str | None) -> list[dict[str, Any]]:
        taken: set[str] = set()
        totals = wants_totals(self.goal)
        chart = wanted_chart(self.goal)
        sheets = []
        for n, (name, header, rows) in enumerate(content.tables, start=1):
            # A Chinese request gets Chinese names: "工作表1", not "Sheet1" (the chart takes its title from it too).
            sheet = layout.sheet_name(name, taken, self._say("planner.sheet_n", n=n))
            sheets.append(layout.table_to_sheet(sheet, header, rows, totals=totals, chinese=self.chinese,
                                                title=title if n == 1 else None, chart=chart))
        if not sheets:
            items = [b for b in content.blocks if b["type"] in ("bullets", "numbered", "paragraph")]
            rows = [[t] for b in items for t in block_texts(b)]
            if rows:
                header = [self._say("planner.item")]
                sheets.append({"name": layout.sheet_name("", taken, self._say("planner.sheet_n", n=1)), "header": header,
                               "rows": rows})
        return sheets

