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

import desktop.llm.offline._intents as intents
from desktop.llm.offline._described import describe
from desktop.llm.offline._reply import no_file_yet
from desktop.format_words import format_named, formats_in
from desktop.llm.offline._route import TEXT_EXTS, body_of, instruction_of, mentioned_files, wants_suggestions
from desktop.llm._patterns import later
from desktop.llm.markers import CONTEXT_PREFIX
from desktop.translations import render_plain
from skills.messages import msg

FOLLOW_UP = later(r"\n*\[Follow-up: (?P<json>\{.*?\})\]", re.DOTALL)
_I = re.IGNORECASE
_Q = "[\"'“‘「『]"
_QC = "[\"'”’」』]"

# Words that point at the file of the latest step ("undo the last step" means that step's file).
_PRONOUN = later(r"\b(?:it|this|that|the (?:document|file|deck|presentation|workbook|spreadsheet|pdf|report)"
                      r"|the last (?:step|change))\b|这个文件|该文件|这份|这个文档|它|此文件|上一步|刚才|上一个文件|上个文件"
                      r"|那个文件|那份", _I)

# The intents a follow-up can be: each acts on a file the conversation (or the request) has. Those of scope
# "named" also act on a named or attached file when the conversation has no context yet (a first request).
FOLLOW_UPS = tuple(i.id for i in intents.INTENTS if i.scope in ("follow", "named"))
ON_NAMED_FILES = tuple(i.id for i in intents.INTENTS if i.scope == "named")
KINDS_FOR = {i.id: i.kinds for i in intents.INTENTS}
_EVERY_FILE = later(r"\b(?:all|both|every|these|those|the two|the three)\b|所有|全部|两个|这些|这几个", re.IGNORECASE)
# "make it a PDF too", "再导出一份PDF": a request about a file made before (there may be none yet).
_MEANS_EARLIER = later(_PRONOUN.pattern + r"|\b(?:too|also|as well)\b|再|也", re.IGNORECASE)


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




def operation(request: str) -> Operation | None:
    """What the follow-up asks for, or None when it is no follow-up this module knows."""
    found = intents.match(request, lambda i: i.id in FOLLOW_UPS)
    return Operation(found.id, dict(found.values)) if found is not None else None


def _kind(path: str) -> str:
    return PurePosixPath(path).suffix.lower().lstrip(".")


def decide(request: str, files: Sequence[str], ctx: Mapping[str, Any] | None, chinese: bool) -> Decision | None:
    """The follow-up decision, or None to let the ordinary routing handle the request.

    Without a conversation context (a first request) only the operations on a named or attached file are
    follow-ups, and "make it a PDF too" is answered: there is no file yet."""
    op = operation(request)
    if op is None:
        return None
    if op.op == "export_pdf" and (body_of(request).strip() or any(
            PurePosixPath(n).suffix.lower() in TEXT_EXTS for n in [*mentioned_files(request), *files])
            or describe(instruction_of(request), "") is not None):
        # "make a PDF from these notes: …" or "a PDF with sections A and B" builds a new file; it exports nothing
        return None
    if ctx is None:
        if op.op == "export_pdf" and not files and not mentioned_files(request) and _MEANS_EARLIER.search(request):
            return Decision(ask=no_file_yet("export", chinese))
        if op.op in ("undo", "restore") and not files and not mentioned_files(request):
            return Decision(ask=_say(f"planner.nothing_to_{op.op}", chinese))
        if op.op not in ON_NAMED_FILES:
            return None
        ctx = {"artifacts": [], "working_folder": {"files": [{"path": f} for f in files]}}
    artifacts = [a for a in ctx.get("artifacts") or () if isinstance(a, dict) and a.get("path")]
    folder = [str(f.get("path")) for f in (ctx.get("working_folder") or {}).get("files") or ()
              if isinstance(f, dict)]
    kinds = KINDS_FOR[op.op]
    known = {a["path"]: a for a in artifacts}
    named = [n for n in mentioned_files(request) if _kind(n) in kinds]
    named = [next((p for p in [*known, *folder] if p == n or p.endswith("/" + n)), n) for n in named]
    if op.op == "merge_pdf":
        return _merge(op, named, [*known, *folder, *files], request, chinese)
    if named:
        target = named[0]
        if target not in known and target not in folder and target not in files:
            return None  # a file this conversation does not have: the ordinary routing says so
        return _job(op, target, known.get(target), request, chinese)
    candidates = [a for a in artifacts if _kind(a["path"]) in kinds]
    if op.op in ("undo", "restore"):
        candidates = [a for a in candidates if int(a.get("version") or 1) > 1 or op.op == "restore"]
    if op.op == "undo" and artifacts and not _PRONOUN.search(request):
        made = _made_last(artifacts, kinds)
        if made is not None:  # "undo" right after a new file was made means that step, not an older file's
            others = [a["path"] for a in candidates if a["path"] != made]
            said = _say("planner.made_new", chinese, path=f"`{made}`")
            if len(others) == 1:
                undo = intents.BY_ID["undo"]
                said += " " + _say("planner.undo_other", chinese, path=f"`{others[0]}`",
                                   request=(undo.request_zh if chinese else undo.request_en).format(path=others[0]))
            return Decision(ask=said)
    if _PRONOUN.search(request) and artifacts:
        fitting = [a for a in _latest_step(artifacts) if _kind(a["path"]) in kinds]
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
    if op.op == "export_pdf" and _MEANS_EARLIER.search(request):
        return Decision(ask=no_file_yet("export", chinese))  # e.g. the only earlier write was denied
    if op.op in ("undo", "restore"):
        return Decision(ask=_say(f"planner.nothing_to_{op.op}", chinese))
    return None


def _latest_step(artifacts: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The files the conversation's latest step wrote."""
    latest_task = artifacts[-1].get("task")
    return [a for a in artifacts if a.get("task") == latest_task] if latest_task else [artifacts[-1]]


def _made_last(artifacts: Sequence[Mapping[str, Any]], kinds: Sequence[str]) -> str | None:
    """The file the latest step made new (its v1), when that step wrote only it."""
    fitting = [a for a in _latest_step(artifacts) if _kind(a["path"]) in kinds]
    if len(fitting) == 1 and int(fitting[0].get("version") or 1) <= 1:
        return str(fitting[0]["path"])
    return None


def _say(id: str, chinese: bool, **params: Any) -> str:
    return render_plain(msg(id, **params), "zh_CN" if chinese else "en")


def file_for(request: str, ctx: Mapping[str, Any] | None) -> str | None:
    """The file a question or a form request means when it names none ("what's in the spreadsheet?", "上一个文件里
    有什么？", "fill in the form: …"): of the kinds its intent reads (the format it names, when it names one), the
    latest one the conversation made, else the only one in the working folder."""
    found = [f for f in intents.match_all(request) if f.intent.scope == "route"]
    if ctx is None or not found:
        return None
    kinds = set(found[0].intent.kinds)
    named = format_named(request)
    if named in kinds:
        kinds = {named}
    made = [str(a["path"]) for a in ctx.get("artifacts") or () if isinstance(a, dict) and a.get("path")
            and _kind(str(a["path"])) in kinds]
    if made:
        return made[-1]
    folder = [str(f.get("path")) for f in (ctx.get("working_folder") or {}).get("files") or () if isinstance(f, dict)]
    loose = [f for f in folder if _kind(f) in kinds]
    return loose[0] if len(loose) == 1 else None


def _question(paths: Sequence[str], chinese: bool) -> str:
    names = [f"`{p}`" for p in dict.fromkeys(paths)]
    return _say("planner.which_file", chinese, files=names[:-1], last=names[-1])


def _job(op: Operation, target: str, art: Mapping[str, Any] | None, request: str, chinese: bool) -> Decision:
    kind = _kind(target)
    params: dict[str, Any] = {"op": op.op, "path": target, **op.params}
    versions = [v for v in (art or {}).get("versions") or () if isinstance(v, dict)]
    if op.op in ("undo", "restore"):
        current = int((art or {}).get("version") or 1)
        if op.op == "undo" and current <= 1:
            # The last step made this file: its undo is removing it, which Mira leaves to the person.
            return Decision(ask=_say("planner.made_new", chinese, path=f"`{target}`"))
        wanted = current - 1 if op.op == "undo" else int(op.params["version"])
        chosen = next((v for v in versions if int(v.get("version", 0)) == wanted), None)
        if chosen is None or wanted == current:
            have = [f"v{v.get('version')}" for v in versions] or ["v1"]
            return Decision(ask=_say("planner.no_version", chinese, path=f"`{target}`", wanted=wanted, have=have,
                                     current=current))
        params.update({"version": wanted, "sha256": chosen.get("sha256"), "current": current})
    if op.op == "export_pdf":
        params["output"] = PurePosixPath(target).with_suffix(".pdf").as_posix()
    if op.op == "replace_text" and wants_suggestions(request):
        params["track_changes"] = True  # "suggest changes …", "用修订模式…": for review in Word
    if op.op == "extract_pages":
        stem = PurePosixPath(target)
        label = "-".join(str(p) for p in params["pages"])[:40]
        params["out"] = stem.with_name(f"{stem.stem}-p{label}.pdf").as_posix()
    goal = request.strip() + "\n\n[Follow-up: " + json.dumps(params, ensure_ascii=False) + "]"
    return Decision(skill=kind, goal=goal, inputs=(target,))


def _merge(op: Operation, named: Sequence[str], have: Sequence[str], request: str, chinese: bool) -> Decision | None:
    """"Combine a.pdf and b.pdf into one PDF": the named PDFs the conversation has, in the order named; a
    named PDF it does not have is the output ("merge a.pdf and b.pdf into all.pdf")."""
    inputs = [n for n in named if n in have]
    new = [n for n in named if n not in have]
    pdfs = list(dict.fromkeys(p for p in have if _kind(p) == "pdf"))
    if len(inputs) < 2 and len(pdfs) >= 2 and (len(pdfs) == 2 or _EVERY_FILE.search(request)):
        inputs = pdfs  # "merge the two PDFs", "combine all the pdfs": the ones the conversation has, by name
    if len(inputs) < 2:
        # a named PDF that is not here and is not the output ("into all.pdf"): say so, not the general help
        missing = [n for n in new if not re.search(rf"(?:\binto|\bas|\bto|成|为)\s*[“\"'「]?{re.escape(n)}", request, re.I)]
        if missing and (inputs or len(missing) >= 2):
            return Decision(ask=_say("planner.merge_missing", chinese, names=missing, have=pdfs or ["—"]))
        return None
    output = new[0] if new else _free_name("-".join(PurePosixPath(n).stem for n in inputs[:3]) + ".pdf", have)
    params = {"op": op.op, "path": inputs[0], "inputs": inputs, "output": output}
    goal = request.strip() + "\n\n[Follow-up: " + json.dumps(params, ensure_ascii=False) + "]"
    return Decision(skill="pdf", goal=goal, inputs=tuple(inputs))


def _free_name(name: str, taken: Sequence[str]) -> str:
    path, n = PurePosixPath(name), 2
    while path.as_posix() in taken:
        path = PurePosixPath(name).with_name(f"{PurePosixPath(name).stem}-{n}.pdf")
        n += 1
    return path.as_posix()


def folder_sources(ctx: Mapping[str, Any] | None) -> list[str]:
    """The text files (md, txt, csv) in the working folder: the material of a request that names none."""
    files = (ctx or {}).get("working_folder", {}).get("files") or ()
    return [str(f["path"]) for f in files if isinstance(f, dict)
            and PurePosixPath(str(f.get("path", ""))).suffix.lower() in TEXT_EXTS]


def folder_office_named(ctx: Mapping[str, Any] | None, request: str, target: str) -> list[str]:
    """Office files in the working folder of a kind the request names as its source ("把这份Word做成PPT" with
    one .docx in the folder): not the kind it asks to make."""
    files = [str(f.get("path")) for f in (ctx or {}).get("working_folder", {}).get("files") or ()
             if isinstance(f, dict)]
    named = set(formats_in(request)) - {target}
    return [f for f in files if _kind(f) in named]


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
