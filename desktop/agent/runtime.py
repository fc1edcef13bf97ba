"""The runtime facade used by the window and by ``mira task``: starting, driving and cancelling tasks.

Decisions on frozen calls and recovery are :mod:`desktop.agent.decisions`; a task's folder and attached
files :mod:`desktop.agent.attachments`."""
from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import shutil
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.agent.budgets import CONTEXT_BUDGET, Budgets
from desktop.agent.listeners import Listeners
from desktop.store.errors import StorageFull
from desktop.store.states import ApprovalState, LedgerState

if TYPE_CHECKING:
    from desktop.store import RuleRow, Store
    from desktop.agent.calls import Calls
    from desktop.agent.decisions import Decisions
    from desktop.agent.events import Event
    from desktop.agent.finalize import Finalizer
    from desktop.agent.flows import FlowRunner
    from desktop.agent.gate import ApprovalGate, Probe
    from desktop.agent.loop import Loop
    from desktop.agent.reporter import Reporter
    from desktop.agent.skillsource import SkillSource
    from desktop.agent.state import Outcome, Run
    from desktop.llm import Model

log = logging.getLogger(__name__)

__all__ = ["AgentRuntime", "TaskStatus"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskStatus:
    task_id: str
    status: str  # running | paused | finished | failed | cancelled
    outcome: str | None  # completed | denied | failed, once the skill ended
    error: str | None
    message_id: str
    pending_approval_id: str | None
    artifact_ids: tuple[str, ...]
    usage: dict[str, Any]


class AgentRuntime:
    """Runs tasks: main agent → skill agent → approval → verified artifacts → delivery message.

    The facade the window and ``mira task`` use; it composes the parts (reporter, calls, approval gate,
    finalizer, loops) and owns which tasks this process drives. ``model_factory`` is called once per drive
    (start, approve, deny, recover). ``skills`` defaults to the built catalog and the registered runtime
    commands. ``gate_type`` and ``probe`` let the crash harness pass in its own gate and kill points (None:
    :class:`desktop.agent.gate.ApprovalGate`, no kill point).
    """

    def __init__(self, store: Store, model_factory: Callable[[], Model], workspace_root: Path,
                 budgets: Budgets = Budgets(), *, skills: SkillSource | None = None,
                 gate_type: type[ApprovalGate] | None = None, probe: Probe | None = None,
                 context_budget: int = CONTEXT_BUDGET, context_window: int = 0) -> None:
        self.store = store
        self.context_budget = context_budget  # tokens of earlier turns, files and artifacts the main agent sees
        # the model's context window in tokens (0: not known), from the settings of whoever composes the
        # runtime; a known window shrinks the budget above to what a request leaves room for
        self.context_window = context_window
        self.model_factory = model_factory
        self.workspace_root = Path(workspace_root)
        self.budgets = budgets
        if skills is not None:
            self.skills = skills
        self._gate_type = gate_type
        self._probe = probe
        self._listeners = Listeners()
        self._drives: dict[str, asyncio.Task[None]] = {}

    # The parts that run a task (the reporter, the skill catalog, calls, finalizer, flow, approval gate, decisions: ~30 ms of
    # imports) are made by the first thing that needs them: a task, a decision, or a recovery that found work.
    # The window waits for the runtime before a request can start (bench/bench_startup.py), and a start after
    # a clean exit needs none of them; tests/ui/test_startup_imports.py checks that they stay out of it.

    @functools.cached_property
    def reporter(self) -> Reporter:
        from desktop.agent.reporter import Reporter

        return Reporter(self.store, self._listeners)

    @functools.cached_property
    def skills(self) -> SkillSource:
        """The built catalog and the registered runtime commands (unless a source was passed in)."""
        from desktop.agent.skillsource import CatalogSkills

        return CatalogSkills()

    @functools.cached_property
    def calls(self) -> Calls:
        from desktop.agent.calls import Calls

        return Calls(self.store, self.reporter)

    @functools.cached_property
    def finalizer(self) -> Finalizer:
        from desktop.agent.finalize import Finalizer

        return Finalizer(self.store, self.skills, self.reporter, self.calls)

    @functools.cached_property
    def flow(self) -> FlowRunner:
        from desktop.agent.flows import FlowRunner

        return FlowRunner(self.skills.flow, {"commit_evidence": self.finalizer.commit_step,
                                             "generate_delivery": self.finalizer.deliver_step})

    @functools.cached_property
    def gate(self) -> ApprovalGate:
        from desktop.agent.gate import ApprovalGate, no_probe

        gate_type = self._gate_type or ApprovalGate
        return gate_type(self.store, self.reporter, self.calls, self.skills, self.flow, probe=self._probe or no_probe)

    @functools.cached_property
    def decisions(self) -> Decisions:
        from desktop.agent.decisions import Decisions

        return Decisions(store=self.store, gate=self.gate, reporter=self.reporter, drives=self._drives,
                         drive=self._drive, cancel=self.cancel)

    async def _finish(self, run: Run, outcome: Outcome | None) -> None:
        from desktop.agent.flows import FinishState

        await self.flow.finish(FinishState(run, outcome))

    def _loop(self) -> Loop:
        # The agent loop's code loads with the first drive, not with the runtime a request waits for at start.
        from desktop.agent.loop import Hooks, Loop

        hooks = Hooks(before_write=self.gate.freeze, resume_frozen=self.gate.resume, skill_ended=self._finish,
                      answered=self.reporter.finished)
        return Loop(store=self.store, skills=self.skills, calls=self.calls, reporter=self.reporter, hooks=hooks, flow=self.flow)

    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` for every event; returns the unsubscribe function."""
        return self._listeners.subscribe(callback)

    # -- decisions on frozen calls (see desktop.agent.decisions) -----------------------

    async def approve(self, approval_id: str, *, allow_similar: bool = False) -> RuleRow | None:
        """Run the frozen call once and continue the same agent: :meth:`Decisions.approve`."""
        return await self.decisions.approve(approval_id, allow_similar=allow_similar)

    async def retry(self, approval_id: str) -> None:
        """Run again, once, an approved write the disk refused: :meth:`Decisions.retry`."""
        await self.decisions.retry(approval_id)

    async def deny(self, approval_id: str, *, stop: bool = False) -> None:
        """Write "denied by the user" at the frozen call: :meth:`Decisions.deny`."""
        await self.decisions.deny(approval_id, stop=stop)

    def rules(self, conversation_id: str | None = None) -> list[RuleRow]:
        """The active approval rules of a conversation (of all conversations when None)."""
        return self.decisions.rules(conversation_id)

    def revoke_rule(self, rule_id: str) -> bool:
        """Stop a rule; the writes it approved stay as they are. False when it was already revoked."""
        return self.decisions.revoke_rule(rule_id)

    async def recover(self, resume: bool = True) -> list[str]:
        """On startup: resolve interrupted calls, continue running tasks: :meth:`Decisions.recover`."""
        # Two queries first: after a clean exit no call was left executing and no task running, so the gate
        # and the decisions need not load for a start (they would find nothing to do).
        if not self.store.ledger(states=(LedgerState.EXECUTING,)) and not self.store.tasks("running"):
            return []
        return await self.decisions.recover(resume)

    # -- tasks ------------------------------------------------------------------------

    async def start_task(self, conversation_id: str, request: str, attachments: Sequence[Path] = (), *,
                         skill: str = "") -> str:
        """Add the user and assistant messages, copy attachments, and run until finished, failed,
        cancelled or paused for approval. Returns the task id. ``skill``: the skill the user picked (the
        main agent's first step then hands the work to it)."""
        # What a request needs and the start does not (the prompts, the conversation context, the tools, the
        # working folder): loaded with the first one.
        from desktop.agent import _messages as M
        from desktop.agent import context, workfolder
        from desktop.agent.attachments import copy_attachments, task_folder
        from desktop.agent.state import MAIN
        from desktop.agent.tools import MAIN_TOOLS
        from desktop.faults import StorageFault, is_storage_fault
        from desktop.llm import ChatMessage
        from desktop.llm.tokens import count_request
        from desktop.messages import details_of, msg, said, shown_request
        from desktop.texts import tr
        from skills.messages import Msg
        from skills.runtime import WorkspaceError

        asked = self.store.add_message(conversation_id, "user",
                                       shown_request(request, [Path(a).name for a in attachments]))
        reply = self.store.add_message(conversation_id, "assistant", "", status="streaming")
        task_id = uuid.uuid4().hex
        folder_error: Msg | str = ""
        folder_details = ""
        try:
            ws_dir: Path | None = workfolder.assign(self.store, conversation_id, self.workspace_root)
        except workfolder.FolderError as exc:
            ws_dir, folder_error, folder_details = None, said(exc), details_of(exc)
        except OSError as exc:  # the folder could not be made: say why in words (full disk, no rights)
            ws_dir = None
            if is_storage_fault(exc):
                folder_error = str(StorageFault(tr("what.folder", name=self.workspace_root.name), self.workspace_root,
                                                exc))
            else:  # the system's own words are details; the sentence names the folder
                folder_error, folder_details = msg("error.folder_unusable", folder=str(self.workspace_root)), str(exc)
        task = self.store.create_task(
            task_id=task_id, conversation_id=conversation_id, message_id=reply.id, request=request,
            flow_id=self.flow.flow.id, flow_version=self.flow.flow.version, flow_sha256=self.flow.flow.sha256,
            build_identity=self.skills.build_identity, workspace=str(ws_dir or ""), budgets=self.budgets.to_dict())
        if skill:  # the user's pick, kept with the task (a resumed task still knows it); no skill run yet
            self.store.update_task(task_id, skill_id=skill)
        if ws_dir is None:
            self.reporter.failed(task.id, msg("task.failed.folder", error=folder_error), folder_details)
            return task_id
        try:
            names = await asyncio.to_thread(copy_attachments, task_folder(ws_dir), attachments)
        except StorageFault as exc:  # full or read-only: the clear message, no partial copy left
            self.reporter.failed(task.id, str(exc))
            self._tidy(task_id)
            return task_id
        except WorkspaceError as exc:
            self.reporter.failed(task.id, msg("task.failed.attachment", error=said(exc)), details_of(exc))
            self._tidy(task_id)
            return task_id
        except OSError as exc:  # the system's own words are details; the sentence names the file
            name = Path(exc.filename).name if exc.filename else ""
            self.reporter.failed(task.id, msg("task.failed.attachment", error=msg("error.file_unreadable", name=name)),
                                 str(exc))
            self._tidy(task_id)
            return task_id
        content = request + (f"\n\n[Attached files in the workspace: {', '.join(names)}]" if names else "")
        # The conversation so far (compacted to the budget), the folder's files and the artifacts with their
        # versions come between the system prompt and the request; the skill agent still gets only its job.
        system = M.MAIN_SYSTEM.format(summaries=self.skills.summaries())
        rest = count_request([ChatMessage(role="system", content=system), ChatMessage(role="user", content=content)], MAIN_TOOLS)
        seen = await asyncio.to_thread(context.build, self.store, conversation_id, ws_dir,
                                       exclude=(asked.id, reply.id),
                                       budget=context.budget_for(self.context_window, rest, self.context_budget))
        self.store.append_transcript_many(task_id, MAIN, [
            M.message("system", system),
            *(M.message(msg["role"], msg["content"]) for msg in seen.messages),
            M.message("user", content)])
        await self._drive(task_id)
        return task_id

    def cut_task(self, message_id: str) -> str | None:
        """The failed task whose reply (``message_id``) the output limit cut (mid-text, or in a step of the skill
        agent), or None."""
        from desktop.agent import _messages as M
        from desktop.agent.state import MAIN

        for task in self.store.tasks("failed"):
            if task.message_id == message_id:
                entries = self.store.transcript(task.id, MAIN)
                return task.id if entries and M.is_cut(entries[-1].message) or self._cut_step(task.id) else None
        return None

    def _cut_step(self, task_id: str) -> bool:
        """True when the task stopped because the output limit cut a skill agent's turn (nothing of it kept)."""
        from desktop.agent.state import MAIN
        from desktop.llm.turn import CUT_ENGLISH

        calls = self.store.model_calls(task_id)
        last = calls[-1] if calls else None
        return (last is not None and last.agent != MAIN and last.state == "failed"
                and (last.error or "").startswith(CUT_ENGLISH))

    async def continue_answer(self, task_id: str) -> None:
        """Ask the model to go on from its reply the output limit cut: one more model call (in the ledger like
        every call), from what it said; the answer is that text and the continuation, once it is whole.
        Returns when the task finishes or fails again; raises :class:`ApprovalError` when nothing waits."""
        from desktop.agent import _messages as M
        from desktop.agent.events import TextDelta
        from desktop.agent.gate import ApprovalError
        from desktop.agent.state import MAIN
        from desktop.texts import tr

        task = self.store.task(task_id)
        entries = self.store.transcript(task_id, MAIN)
        if task.status == "failed" and self._cut_step(task_id):  # a skill's step: asked again, the rest kept
            self.store.update_task(task_id, status="running", error=None, finished=None)
            self.reporter.update_message(task_id, text="", status="streaming")
            await self._drive(task_id)
            return
        if task.status != "failed" or not entries or not M.is_cut(entries[-1].message):
            raise ApprovalError(tr("continue.nothing"))
        self.store.append_transcript(task_id, MAIN, M.message("user", M.CONTINUE))
        self.store.update_task(task_id, status="running", error=None, finished=None)
        said_so_far = M.said_so_far(entries)
        self.reporter.update_message(task_id, text=said_so_far, status="streaming")
        self.reporter.emit(TextDelta(task_id=task_id, agent=MAIN, text=said_so_far))  # what was said, then the rest streams on
        await self._drive(task_id)

    async def _drive(self, task_id: str) -> None:
        if task_id in self._drives:
            from desktop.agent.gate import ApprovalError
            from desktop.messages import msg

            raise ApprovalError(msg("error.agent_runtime.task_already_running"))
        inner = asyncio.ensure_future(self._drive_inner(task_id))
        self._drives[task_id] = inner
        inner.add_done_callback(lambda _t: self._drives.pop(task_id, None))
        try:
            # Shielded so that cancel(task_id) reaches the drive itself, which then ends the task cleanly.
            await asyncio.shield(inner)
        except asyncio.CancelledError:
            if not inner.done():  # our caller was cancelled: cancel the task cleanly too, then pass it on
                inner.cancel()
                await asyncio.wait([inner])
            raise

    def _model(self) -> Model:
        """The model for a drive, made in a worker thread: the first one imports its code (the offline planner
        is ~90 ms of imports, a provider its HTTP client), which the start no longer does (bench/bench_startup.py
        measures what that first request pays). After the document libraries' background import: two threads
        importing at once can leave a module half-made (:mod:`desktop.agent.warmup`)."""
        from desktop.agent import warmup

        warmup.wait()
        return self.model_factory()

    async def _drive_inner(self, task_id: str) -> None:
        """Drive a task; a database that is full ends the drive with :class:`StorageFull` raised to the caller
        (the window shows it in the chat, ``mira task`` prints it): nothing more can be recorded, and every
        change up to it was committed or rolled back whole, so the task resumes from there later."""
        unsaved: StorageFull | None = None
        try:
            await self._drive_recorded(task_id)
        except StorageFull as exc:
            unsaved = exc
        if unsaved is not None:
            with contextlib.suppress(StorageFull):
                self.store.update_task(task_id, owner=None)
            raise unsaved

    async def _drive_recorded(self, task_id: str) -> None:
        # With the first drive, like the model and the loop below (see _loop).
        from desktop.agent import warmup
        from desktop.agent._owner import this_process
        from desktop.agent.budgets import BudgetExhausted
        from desktop.agent.state import MAIN, PAUSED, Run
        from desktop.errors import MiraError
        from desktop.llm import ModelError
        from desktop.messages import details_of, msg, said
        from skills.messages import Msg
        from skills.runtime import Workspace
        from skills.runtime.errors import SkillsError

        task = self.store.task(task_id)
        usage = dict(task.usage)
        # The durable ledgers are the floor: a crash must not hand a task a fresh budget.
        usage["model_calls"] = max(int(usage.get("model_calls", 0)), len(self.store.model_calls(task_id)))
        usage["tool_calls"] = max(int(usage.get("tool_calls", 0)), len(self.store.ledger(task_id)))
        try:
            model = await asyncio.to_thread(self._model)
        except asyncio.CancelledError:  # stopped while the model's code loaded: nothing ran, nothing to commit
            self.reporter.cancelled(task_id)
            self._tidy(task_id)
            return
        run = Run(task_id, task.conversation_id, task.message_id, Workspace(task.workspace),
                  model, Budgets.from_dict(dict(task.budgets)), usage)
        self.store.update_task(task_id, owner=this_process())
        self.reporter.update_message(task_id, status="streaming")
        from desktop.agent.loop import StepCut, main_loop

        try:
            await asyncio.to_thread(warmup.wait)  # the document libraries' background import, if still running
            if not self.store.transcript_head(task_id, MAIN)[0]:
                self.reporter.failed(task_id, msg("task.failed.interrupted"))
            elif task.packet is not None:
                await self._finish(run, None)  # crashed between commit and delivery: deliver only
            elif await main_loop(self._loop(), run) == PAUSED:
                self.reporter.update_message(task_id, status="done")
        except asyncio.CancelledError:
            # What a write finished before the stop is delivered like any artifact (card, version, evidence);
            # the reply then says what was written and that the rest of the request was not done.
            written = await asyncio.shield(self._commit_stopped(run))
            self.reporter.cancelled(task_id, written=written)
        except StorageFull:
            raise
        except BudgetExhausted as exc:
            self.reporter.failed(task_id, msg("task.failed.budget", error=said(exc)), details_of(exc))
        except ModelError as exc:
            self.reporter.failed(task_id, msg("task.failed.model", error=said(exc)), details_of(exc),
                                 resumable=isinstance(exc, StepCut))
        except (MiraError, SkillsError) as exc:  # refused on purpose somewhere below: its message says why
            reason = said(exc)
            if isinstance(reason, Msg):
                self.reporter.failed(task_id, msg("task.failed.refused", error=reason), details_of(exc))
            else:  # known only in English: a sentence in the reader's language, the English as details
                self.reporter.failed(task_id, msg("task.failed.refused.plain"), reason)
        except Exception as exc:  # boundary: a bug ends this task with a message, never the app
            log.exception("task %s crashed", task_id)
            self.reporter.failed(task_id, msg("task.failed.crashed"), f"{type(exc).__name__}: {exc}")
        finally:
            self.store.update_task(task_id, usage=run.snapshot(), owner=None)
            self._tidy(task_id)

    async def _commit_stopped(self, run: Run) -> list[str]:
        """Commit the files the stopped task's approved writes finished (verified, as in ``commit_evidence``);
        their paths. Nothing when the task had committed already (its packet is frozen) or wrote nothing."""
        from desktop.agent.outcome import read_outcome
        from desktop.agent.state import Outcome
        from desktop.errors import MiraError
        from skills.runtime.errors import SkillsError

        if self.store.task(run.task_id).packet is not None:
            return []
        skills = []
        for row in self.store.ledger(run.task_id, states=(LedgerState.DONE,)):
            skill = row.agent.removeprefix("skill:") if row.agent.startswith("skill:") else ""
            if skill and skill not in skills and read_outcome(row.result or {}).artifacts:
                skills.append(skill)
        written: list[str] = []
        for skill in skills:
            try:
                packet = await self.finalizer.commit(run, Outcome(status="stopped", skill_id=skill, summary=""))
            except (MiraError, SkillsError, OSError) as exc:  # the stop stands; what could not be checked is not delivered
                log.warning("committing what %s wrote before the stop failed: %s", run.task_id, exc)
                continue
            written += [a.path for a in packet.artifacts]
        return written

    def cancel(self, task_id: str) -> None:
        """Stop a task cleanly: its model stream is cancelled, a command in flight finishes atomically and is
        recorded, then the task is marked cancelled. A paused task is cancelled with its pending approvals."""
        drive = self._drives.get(task_id)
        if drive is not None and not drive.done():
            drive.cancel()
            return
        task = self.store.task(task_id)
        if task.status in ("running", "paused"):
            self.reporter.cancelled(task_id)
            self._tidy(task_id)

    def task_status(self, task_id: str) -> TaskStatus:
        task = self.store.task(task_id)
        pending = [a.id for a in self.store.approvals(task_id) if a.state == ApprovalState.PENDING]
        return TaskStatus(task_id=task.id, status=task.status, outcome=task.outcome, error=task.error, message_id=task.message_id,
                          pending_approval_id=pending[-1] if pending else None,
                          artifact_ids=tuple(a.id for a in self.store.task_artifacts(task_id)), usage=dict(task.usage))

    def _tidy(self, task_id: str) -> None:
        """A failed or cancelled request leaves no empty folder behind. Only the conversation folder Mira
        named is considered, never a folder the user chose (it is made again on the next request)."""
        task = self.store.task(task_id)
        folder, chosen = self.store.conversation_folder(task.conversation_id)
        if task.status in ("failed", "cancelled") and folder and not chosen and Path(folder) == Path(task.workspace):
            _remove_if_empty(Path(folder))


def _remove_if_empty(folder: Path) -> None:
    """Remove ``folder`` when it holds no file at all (empty subfolders included)."""
    try:
        if any(p.is_file() or p.is_symlink() for p in folder.rglob("*")):
            return
        shutil.rmtree(folder)
    except OSError:
        log.info("could not tidy %s", folder, exc_info=True)
