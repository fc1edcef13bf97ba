"""The offline planner as a skill agent: read the inputs, build the spec, call the command once, complete.

This module decides the command and words the result; the transcript is :mod:`desktop.llm.offline._transcript`
and the create step :mod:`desktop.llm.offline._create`."""
from __future__ import annotations

from typing import Any

# Follow-ups on a conversation's files have their own small plan (kept apart from creation and routing).
from desktop.llm.offline._followup import follow_up_of
from desktop.llm.offline._followup_skill import FollowUpPlan
import desktop.llm.offline._slots as slots
from desktop.llm.offline._create import CreatePlan
from desktop.llm.offline._pdf import fill_pairs, match_fields, wants_fields, wants_fill
from desktop.llm.offline._route import OFFICE_EXTS, TEXT_EXTS, ext, instruction_of, parse_edit, route, wants_suggestions
from desktop.llm.offline._summary import create_summary, error_of, failure, pdf_summary, text_summary
from desktop.llm.offline._transcript import data_of, file_text
from desktop.llm._types import Completion, ToolCall
from desktop.format_words import FILE_NAME, formats_in
from desktop.translations import render_plain
from skills.messages import msg
from skills.outline import OUTLINES

MAX_TURNS = 10
MAX_ASKED_PAGES = 20


def asked_pages(goal: str) -> list[int]:
    """The pages a question about a PDF names ("what's on page 2", "第3到4页写了什么"), at most 20."""
    out: list[int] = []
    for p in slots.pages(goal):
        a, _, b = str(p).partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return list(dict.fromkeys(out))[:MAX_ASKED_PAGES]
KIND_LABEL = {"docx": "DOCX", "pdf": "PDF", "pptx": "PPTX", "xlsx": "XLSX"}


class SkillAgentPlan(CreatePlan):
    """Works out the next turn of a skill agent from its transcript so far."""


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
            return self._complete(self._say("planner.stopped"))
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
        if name == "pdf_inspect" and asked_pages(self.goal):  # "what's on page 2 of doc.pdf?"
            return self._call(name, {"path": target, "pages": asked_pages(self.goal)})
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
            return ("pdf_fill_form" if wants_fill(self.goal) and fill_pairs(self.goal, pdf)
                    else "pdf_form_fields", pdf)
        if decision.intent == "edit" and target and OFFICE_EXTS.get(ext(target)) == self.kind:
            # Documents and decks take replace_text, PDFs an in-place replace; spreadsheets have no such edit.
            name = {"docx": "docx_edit", "pptx": "pptx_edit", "pdf": "pdf_replace_text"}.get(self.kind, "")
            return (name, target) if name in self.tools else None
        if decision.intent == "inspect" and target and ext(target) in TEXT_EXTS:  # "What's in notes.md?"
            return ("read_workspace_file", target) if "read_workspace_file" in self.tools else None
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
            return self._complete(self._say("planner.failed_plain", reason=error_of(res)))
        data = data_of(res)
        fields = [f for f in data.get("fields") or [] if isinstance(f, dict)]
        values, unknown = match_fields(fill_pairs(self.goal, target), fields)
        names = [str(f.get("name")) for f in fields] or self._say("planner.none")
        if unknown or not values:
            return self._complete(self._say("planner.no_field", path=target, names=list(unknown) or "…", fields=names))
        return self._call("pdf_fill_form", {"path": target, "values": values})

    def _cannot(self) -> str:
        decision = route(self.goal, self.inputs)
        if decision.intent == "edit" and self.kind == "xlsx":
            return self._say("planner.xlsx_replace", kind=KIND_LABEL[self.kind])
        return self._say("planner.nothing_done")

    # -- after the command ran ---------------------------------------------

    def _finish(self, call: ToolCall, res: dict[str, Any]) -> Completion:
        args = self._args(call)
        target = str(args.get("path") or "")
        if res.get("denied"):
            return self._complete(self._say("planner.you_denied", path=target))
        if res.get("ok") is not True:
            read_only = call.name.endswith("_inspect") or call.name in ("pdf_form_fields", "office_read",
                                                                         "read_workspace_file")
            return self._complete(failure(res, self.chinese, read_only))
        paths = [str(a.get("path")) for a in res.get("artifacts") or [] if isinstance(a, dict) and a.get("path")]
        message = str(res.get("message") or "").strip()
        if call.name.endswith("_create"):
            summary = self._create_summary(args, paths[0] if paths else target) + self._one_file(call.name)
        elif call.name.endswith("_edit"):
            op = (args.get("operations") or [{}])[0]
            counts = (res.get("data") or {}).get("replacements") if isinstance(res.get("data"), dict) else None
            n = sum(counts) if isinstance(counts, list) and counts else None
            said = "planner.suggested_in" if args.get("track_changes") else "planner.replaced_in"
            summary = self._say(said if n is None else said + ".n", n, find=op.get("find"), replace=op.get("replace"),
                                path=target)
        elif call.name.endswith("_inspect"):
            data = res.get("data")
            outliner = OUTLINES.get(call.name)
            language = "zh_CN" if self.chinese else "en"
            outline = outliner(target, data, lambda m: render_plain(m, language)) \
                if outliner is not None and isinstance(data, dict) else None
            summary = outline or self._say("planner.contents", path=target, text=message)
            if call.name == "pdf_inspect" and args.get("pages") and isinstance(data, dict):
                summary += "".join(self._say("planner.page_heading", page=p.get("page"))
                                   + " ".join(str(p.get("text") or "").split())[:1500]
                                   for p in data.get("page_details") or () if isinstance(p, dict))
        elif call.name == "read_workspace_file":
            summary = text_summary(target, file_text(res) or "", self.chinese)
        elif call.name in ("pdf_form_fields", "pdf_fill_form", "pdf_replace_text"):
            summary = pdf_summary(self._say, call.name, args, res)
        else:
            summary = message or self._say("planner.done_with", path=target)
        return self._complete(summary, paths)

    def _one_file(self, command: str) -> str:
        """"turn notes.md into a pdf and a deck" makes the first of them: the reply says the rest was not made."""
        made = command.split("_", 1)[0]
        named = formats_in(FILE_NAME.sub(" ", instruction_of(self.goal)))
        others = [kind for kind in named if kind != made]
        if not others or made not in named:
            return ""
        return "\n\n" + self._say("planner.one_file", made=msg(f"kind.{made}"), others=[msg(f"kind.{k}") for k in others])

    def _create_summary(self, args: dict[str, Any], path: str) -> str:
        read = [str(self._args(c).get("path")) for c, r in self._calls_named("read_workspace_file")
                if r is not None and file_text(r) is not None]
        read += [str(self._args(c).get("path")) for c, r in self._calls_named("office_read")
                 if r is not None and r.get("ok") is True]
        return create_summary(self._say, args, path, read, self._sources()[1])
