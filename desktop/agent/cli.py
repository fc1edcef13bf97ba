"""``mira task "REQUEST" --workspace DIR [--conversation ID] [--yes] [--json] [--attach FILE ...]``: the runtime
in a terminal. DIR is the conversation's working folder; ``--conversation`` continues an earlier conversation."""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys
import threading
import typing
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from desktop.agent import events as ev
from desktop.agent import titles, workfolder
from desktop.agent.gate import ApprovalError
from desktop.agent.runtime import AgentRuntime
from desktop.llm import Model
from desktop.messages import msg, shown
from desktop.texts import say_error
from desktop.settings import chosen_language
from desktop.translations import render_plain
from skills.codec import to_json
from skills.describe import write_headline
from skills.messages import Msg, checks_verdict, file_size
from skills.runtime import Evidence

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_DENIED = 0, 1, 2, 3
SAID = "_said"  # a report's error for the person at the terminal (a message, or text), never in the JSON


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mira task", description="Run one request through the agent in this terminal. "
                                "Writes ask for approval at the prompt.")
    p.add_argument("request", help="what you want, e.g. \"turn notes.md into a Word report\"")
    p.add_argument("--workspace", type=Path, help="the working folder: files already in it are used, and every "
                   "file made is written into it (default: a new folder named from the request under the "
                   "configured workspace root)")
    p.add_argument("--conversation", metavar="ID", help="continue this conversation: its earlier turns, files and "
                   "versions are the context (the id is printed with --json as conversation_id)")
    p.add_argument("--yes", action="store_true", help="approve every write without asking")
    p.add_argument("--json", action="store_true", help="print the final artifacts with their evidence as JSON on "
                   "stdout (activity goes to stderr)")
    # One file per option: with nargs="+" the request after the file names was taken for one more file.
    p.add_argument("--attach", type=Path, action="append", default=None, metavar="FILE",
                   help="a file to copy into the task workspace (repeat the option for more files)")
    p.add_argument("--skill", metavar="ID", help="the skill to hand the work to (docx, pdf, pptx, xlsx...): the "
                   "first step runs it instead of letting the model choose")
    p.add_argument("--verbose", "-v", action="store_true", help="also print each tool call and its result (command "
                   "ids, arguments; in English)")
    return p


def _configured() -> tuple[Model, str, Path]:
    """The model and workspace root from Settings (the offline planner when nothing usable is configured)."""
    from desktop import paths

    try:
        from desktop.llm.factory import choose_model
        from desktop.settings import SettingsStore

        settings = SettingsStore().load()
        choice = choose_model(settings.model)
        return choice.model, choice.reason, settings.workspace_path()
    except ImportError:
        from desktop.llm.offline import OfflinePlanner

        return OfflinePlanner(), "settings are unavailable", paths.default_workspace_root()


class _Terminal:
    """Prints events: streamed text, tool activity, artifacts."""

    def __init__(self, out: TextIO, verbose: bool = False) -> None:
        self.out = out
        self.verbose = verbose  # the tool trace (command ids, JSON arguments) is the terminal's details view
        self.streamed = ""

    def __call__(self, event: ev.Event) -> None:
        w = self.out.write
        if isinstance(event, ev.TextDelta):
            w(event.text)
            self.streamed += event.text
        elif isinstance(event, ev.ToolStarted):
            if not self.verbose:
                return
            self._newline()
            w(f"  → {event.tool} {_short(event.arguments)}\n")
        elif isinstance(event, ev.ToolFinished):
            if not self.verbose:
                return
            w(f"    {'ok' if event.ok else 'FAILED'}: {_short(event.message)}\n")
        elif isinstance(event, ev.ArtifactCommitted):
            verdict = checks_verdict([c.status for c in event.evidence.checks] if event.evidence else [])
            w("  ■ " + _say(msg("cli.file", path=event.path, kind=event.kind.upper(), size=file_size(event.bytes),
                                verdict=verdict)) + "\n")
        elif isinstance(event, ev.TaskFinished):
            self._newline()
            text = shown(event.text, _say).strip()
            if text and text not in self.streamed:
                w(text + "\n")
        elif isinstance(event, ev.TaskFailed):
            self._newline()
            w((shown(event.text, _say) if event.text else _say(msg("cli.failed", error=event.error))) + "\n")
        self.out.flush()

    def _newline(self) -> None:
        if self.streamed and not self.streamed.endswith("\n"):
            self.out.write("\n")
            self.streamed += "\n"


_spoken: list[str] = []  # the language, read once per run (main) rather than once per printed line


def _say(message: Msg) -> str:
    if not _spoken:
        _spoken.append(chosen_language())
    return render_plain(message, _spoken[0])


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lines(text: str) -> list[str]:
    """A change's lines (a new document's headings), each on its own line; an empty side keeps one."""
    return [line for line in str(text).splitlines() if line.strip()][:12] or [str(text)]


def _ask(rt: AgentRuntime, approval_id: str, out: TextIO, assume_yes: bool) -> bool:
    approval = rt.store.approval(approval_id)
    what = write_headline(approval.tool_id, approval.arguments)
    out.write("\n" + _say(msg("cli.approval_needed", what=what)) + "\n")
    written = approval.arguments.get("output") or approval.target_path
    for target in rt.store.approval_targets(approval_id):
        if target.path == written and target.sha256:
            replaces = (msg("cli.replaces_version", path=target.path, version=target.replaces_version)
                        if target.replaces_version else msg("cli.replaces", path=target.path))
            out.write("  " + _say(replaces) + "\n")
    for change in approval.changes[:20]:
        if change.before:
            out.writelines(f"  - {_short(line)}\n" for line in _lines(shown(change.before, _say)))
        out.writelines(f"  + {_short(line)}\n" for line in _lines(shown(change.after, _say)))
    if assume_yes:
        out.write(_say(msg("cli.approved_yes")) + "\n")
        return True
    with _interruptible():  # set before the question shows: a quick Ctrl-C must not slip past it
        out.write(_say(msg("cli.approve_prompt")))
        out.flush()
        answer = sys.stdin.readline()
    return answer.strip().lower() in ("y", "yes", "是", "好")


def _ask_continue(out: TextIO) -> bool:
    """Whether the user lets the model go on from a reply the output limit cut (asked; never assumed)."""
    with _interruptible():
        out.write("\n" + _say(msg("cli.continue_prompt")))
        out.flush()
        try:
            answer = sys.stdin.readline()
        except KeyboardInterrupt:
            out.write("\n")
            return False
    return answer.strip().lower() in ("y", "yes", "是", "好")


@contextlib.contextmanager
def _interruptible() -> Iterator[None]:
    """While the prompt blocks, Ctrl-C raises KeyboardInterrupt at once. (asyncio's own handler only
    schedules a cancel, which a blocking read never sees: the first Ctrl-C would be ignored.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


async def _run(args: argparse.Namespace, out: TextIO) -> tuple[int, dict[str, Any]]:
    from desktop.store import StorageFull, Store, StoreError

    model, reason, default_root = _configured()
    if reason and model.name == "offline-planner":
        out.write(_say(msg("cli.model_offline")) + "\n")
    try:
        store = Store()
    except (StoreError, RuntimeError) as exc:  # unreadable or newer database: the reason, not a traceback
        return EXIT_FAILED, {"status": "failed", "error": str(exc), SAID: say_error(exc)}
    try:
        # the window the model guards its requests with (0: none), so earlier turns are compacted to fit it
        window = getattr(model, "context_window", 0)
        rt = AgentRuntime(store, lambda: model, default_root.resolve(),
                          context_window=window if isinstance(window, int) else 0)
        if args.skill and not _runnable(rt, args.skill):  # before a conversation is made for the request
            error = msg("cli.unknown_skill", skill=args.skill)
            return EXIT_USAGE, {"status": "failed", "error": error.english(), SAID: error}
        try:
            conv_id = _conversation(store, args)
        except (StoreError, LookupError, workfolder.FolderError) as exc:
            return EXIT_USAGE, {"status": "failed", "error": str(exc), SAID: say_error(exc)}
        rt.subscribe(_Terminal(out, args.verbose))
        task_id = await rt.start_task(conv_id, args.request, [p.resolve() for p in args.attach or []],
                                      skill=args.skill or "")
        status = rt.task_status(task_id)
        while status.status == "paused" and status.pending_approval_id:
            asked = status.pending_approval_id
            try:
                try:
                    approved = _ask(rt, asked, out, args.yes)
                except KeyboardInterrupt:
                    await rt.deny(asked, stop=True)
                    out.write("\n" + _say(msg("cli.interrupted")) + "\n")
                    return EXIT_DENIED, {**_verdict(rt, task_id)[1],
                                         "error": "interrupted at the approval prompt: denied, nothing was written"}
                if approved:
                    await rt.approve(asked)
                else:
                    await rt.deny(asked)
            except ApprovalError as exc:  # refused (changed file, stale call...): say why; the agent may go on
                out.write(_say(msg("cli.not_run", error=say_error(exc))) + "\n")
            status = rt.task_status(task_id)
            if status.pending_approval_id == asked:
                break  # nothing moved: asking again would loop forever
        while status.status == "failed" and rt.cut_task(status.message_id) and _ask_continue(out):
            await rt.continue_answer(task_id)  # one more model call, from what the model said
            status = rt.task_status(task_id)
        return _verdict(rt, task_id)
    except StorageFull as exc:  # the database is full: what could not be saved and the space left
        return EXIT_FAILED, {"status": "failed", "error": str(exc), SAID: say_error(exc)}
    finally:
        store.close()


def _runnable(rt: AgentRuntime, skill_id: str) -> bool:
    """Whether ``skill_id`` is a skill a task can run (one with an execution profile)."""
    from desktop.agent.skillsource import SkillUnavailable

    try:
        return rt.skills.skill(skill_id).execution is not None
    except SkillUnavailable:
        return False


def _conversation(store: Any, args: argparse.Namespace) -> str:
    """The conversation this request belongs to, with its working folder set (``--workspace`` = exactly it)."""
    if args.conversation:
        conv = store.conversation(args.conversation)  # StoreError names an unknown id
        folder, _chosen = store.conversation_folder(conv.id)
        if args.workspace is not None:
            wanted = workfolder.check_folder(args.workspace)
            if folder and Path(folder) != wanted:
                raise workfolder.FolderError(f"conversation {conv.id} works in {folder}, not in {wanted}; "
                                             "leave out --workspace or give that folder")
            if not folder:
                workfolder.choose(store, conv.id, wanted)
        return str(conv.id)
    conv = store.create_conversation(titles.request_title(args.request, [Path(a).name for a in args.attach or ()]),
                                     auto=True)
    if args.workspace is not None:
        workfolder.choose(store, conv.id, args.workspace)
    return str(conv.id)


def _verdict(rt: AgentRuntime, task_id: str) -> tuple[int, dict[str, Any]]:
    status = rt.task_status(task_id)
    task = rt.store.task(task_id)
    artifacts: list[dict[str, Any]] = []
    for art_id in status.artifact_ids:
        art = rt.store.artifact(art_id)
        version = rt.store.artifact_version(art.id)
        artifacts.append({"id": art.id, "path": art.workspace_path, "absolute_path": art.path, "kind": art.kind,
                          "title": art.title, "version": version.version if version else 1,
                          "changed": shown(version.change, _say) if version else "", "sha256": art.sha256, "bytes": art.bytes,
                          "evidence": _evidence_json(rt.store.evidence(art.id))})
    report: dict[str, Any] = {"conversation_id": task.conversation_id,
              "conversation_title": rt.store.conversation(task.conversation_id).title,
              "task_id": task_id, "status": status.status,
              "outcome": status.outcome, "workspace": task.workspace,
              "message": shown(rt.store.message(status.message_id).words, _say), "artifacts": artifacts}
    if status.status != "finished":
        report["error"] = status.error or f"the task {status.status}"
        report[SAID] = report["message"].strip() or msg("cli.error.task")  # in the reader's words
        return EXIT_FAILED, report
    if status.outcome == "denied":
        report["error"] = "denied: nothing was written"
        report[SAID] = msg("cli.error.denied")
        return EXIT_DENIED, report
    if status.outcome is None:  # the planner answered without running a skill
        if report["message"].strip():
            return EXIT_OK, report  # a question answered in words ("What can you do?"): the answer was the goal
        report["error"] = "no document work was done and nothing was answered"
        report[SAID] = msg("cli.error.no_work")
        return EXIT_FAILED, report
    if status.outcome != "completed":
        summary = task.packet.summary if task.packet is not None else ""
        report["error"] = summary or "the request was not carried out"
        report[SAID] = summary or msg("cli.error.not_done")
        return EXIT_FAILED, report
    named = _named_in_complete(rt, task)
    if not artifacts and named:
        report["error"] = (f"the skill said it made {', '.join(named)}, but no such file was written and verified "
                           "in this request")
        report[SAID] = msg("cli.error.not_made", files=", ".join(named))
        return EXIT_FAILED, report
    unverified = [a["path"] for a in artifacts if not a["evidence"].get("passed")]
    if unverified:
        report["error"] = f"written but not verified: {', '.join(unverified)}"
        report[SAID] = msg("cli.error.unverified", files=", ".join(unverified))
        return EXIT_FAILED, report
    return EXIT_OK, report


def _evidence_json(evidence: Evidence | None) -> dict[str, Any]:
    """A file's evidence for ``--json``: its checks in English, with whether they passed; {} for none."""
    return typing.cast(dict[str, Any], to_json(evidence, english=True)) if evidence is not None else {}


def _named_in_complete(rt: AgentRuntime, task: Any) -> list[str]:
    """The files the skill agent named when it completed (empty for an inspect or an answer)."""
    from desktop.agent._messages import state_of

    if not task.skill_call_key:
        return []
    from desktop.agent.outcome import read_outcome

    result = state_of(rt.store.transcript(task.id, "main")).results.get(task.skill_call_key) or {}
    return list(read_outcome(result).selected)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``mira task``; returns the exit code (0 ok, 1 failed, 2 bad arguments, 3 denied)."""
    parser = _parser()
    _spoken.clear()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:
        return EXIT_USAGE if exc.code else EXIT_OK
    missing = [str(p) for p in args.attach or [] if not p.is_file()]
    if missing:
        print("mira task: " + _say(msg("cli.cannot_attach", files=", ".join(missing))), file=sys.stderr)
        return EXIT_USAGE
    if not args.request.strip():
        print("mira task: " + _say(msg("cli.empty_request")), file=sys.stderr)
        return EXIT_USAGE
    out = sys.stderr if args.json else sys.stdout
    from desktop import texts

    before = texts.language()
    texts.set_language(_spoken[0] if _spoken else chosen_language())  # what the runtime says with tr() follows too
    try:
        code, report = asyncio.run(_run(args, out))
    except KeyboardInterrupt:
        print("\nmira task: " + _say(msg("cli.interrupted_run")), file=sys.stderr)
        return EXIT_FAILED
    finally:
        texts.set_language(before)
    said_error = report.pop(SAID, None)  # what the person reads; the JSON keeps the English "error"
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    if code != EXIT_OK:
        shown_error = _say(said_error) if isinstance(said_error, Msg) else said_error or report.get("error")
        print(f"mira task: {shown_error}", file=sys.stderr)
    return code
