"""The runtime facade used by the window and by ``mira task``."""
from __future__ import annotations

import asyncio
import logging
import shutil
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop.agent import _messages as M
from desktop.agent import context, workfolder
from desktop.agent._loop import MAIN, PAUSED, LoopMixin, error
from desktop.agent._owner import this_process
from desktop.agent._run import Run
from desktop.agent.approvals import ApprovalError, ApprovalMixin
from desktop.agent.budgets import BudgetExhausted, Budgets
from desktop.agent.events import Event, TaskCancelled, TaskFailed, TaskFinished
from desktop.agent.finalize import FinalizeMixin
from desktop.agent.flow import SKILL_PIPELINE
from desktop.agent.skillsource import CatalogSkills, SkillSource
from desktop.messages import shown_request
from desktop.llm import Model, ModelError
from desktop.store import Extension, Store
from skills.runtime import Workspace, WorkspaceError
from skills.runtime.workspace import sha256_file

log = logging.getLogger(__name__)

__all__ = ["AgentRuntime", "ApprovalError", "TaskStatus"]


@dataclass(frozen=True)
class TaskStatus:
    task_id: str
    status: str  # running | paused | finished | failed | cancelled
    outcome: str | None  # completed | denied | failed, once the skill ended
    error: str | None
    message_id: str
    pending_approval_id: str | None
    artifact_ids: tuple[str, ...]
    usage: dict[str, Any]


class AgentRuntime(LoopMixin, ApprovalMixin, FinalizeMixin):
    """Runs tasks: main agent → skill agent → approval → verified artifacts → delivery message.

    ``model_factory`` is called once per drive (start, approve, deny, recover). ``skills`` defaults to the
    built catalog and the registered runtime commands.
    """

    def __init__(self, store: Store, model_factory: Callable[[], Model], workspace_root: Path,
                 budgets: Budgets = Budgets(), *, skills: SkillSource | None = None,
                 context_budget: int = context.DEFAULT_BUDGET) -> None:
        self.store = store
        self.context_budget = context_budget  # tokens of earlier turns, files and artifacts the main agent sees
        self.model_factory = model_factory
        self.workspace_root = Path(workspace_root)
        self.budgets = budgets
        self.skills: SkillSource = skills if skills is not None else CatalogSkills()
        self._subscribers: list[Callable[[Event], None]] = []
        self._drives: dict[str, asyncio.Task[None]] = {}

    # -- events ---------------------------------------------------------------------

    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` for every event; returns the unsubscribe function."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def _emit(self, event: Event) -> None:
        for callback in list(self._subscribers):
            try:
                callback(event)
            except Exception:  # a broken listener must not break the task
                log.exception("event subscriber failed on %s", type(event).__name__)

    # -- tasks ------------------------------------------------------------------------

    async def start_task(self, conversation_id: str, request: str, attachments: Sequence[Path] = ()) -> str:
        """Add the user and assistant messages, copy attachments, and run until finished, failed,
        cancelled or paused for approval. Returns the task id."""
        asked = self.store.add_message(conversation_id, "user",
                                       shown_request(request, [Path(a).name for a in attachments]))
        reply = self.store.add_message(conversation_id, "assistant", "", status="streaming")
        task_id = uuid.uuid4().hex
        try:
            ws_dir = workfolder.assign(self.store, conversation_id, self.workspace_root)
        except workfolder.FolderError as exc:
            ws_dir = None
            folder_error = str(exc)
        task = self.store.create_task(
            task_id=task_id, conversation_id=conversation_id, message_id=reply.id, request=request,
            flow_id=SKILL_PIPELINE.id, flow_version=SKILL_PIPELINE.version,
            build_identity=self.skills.build_identity, workspace=str(ws_dir or ""), budgets=self.budgets.to_dict())
        if ws_dir is None:
            self._fail_task(task.id, f"The working folder cannot be used: {folder_error}")
            return task_id
        try:
            names = await asyncio.to_thread(_copy_attachments, Workspace(ws_dir), attachments)
        except (OSError, WorkspaceError) as exc:
            self._fail_task(task.id, f"could not copy the attached file: {exc}")
            return task_id
        content = request + (f"\n\n[Attached files in the workspace: {', '.join(names)}]" if names else "")
        seen = await asyncio.to_thread(context.build, self.store, conversation_id, ws_dir,
                                       exclude=(asked.id, reply.id), budget=self.context_budget)
        self.store.append_transcript(task_id, MAIN, M.message("system", M.MAIN_SYSTEM.format(
            summaries=self.skills.summaries())))
        for msg in seen.messages:
            self.store.append_transcript(task_id, MAIN, M.message(msg["role"], msg["content"]))
        self.store.append_transcript(task_id, MAIN, M.message("user", content))
        await self._drive(task_id)
        return task_id

    async def _drive(self, task_id: str) -> None:
        if task_id in self._drives:
            raise ApprovalError("this task is already running")
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

    async def _drive_inner(self, task_id: str) -> None:
        task = self.store.task(task_id)
        usage = dict(task.usage)
        # The durable ledgers are the floor: a crash must not hand a task a fresh budget.
        usage["model_calls"] = max(int(usage.get("model_calls", 0)), len(self.store.model_calls(task_id)))
        usage["tool_calls"] = max(int(usage.get("tool_calls", 0)), len(self.store.ledger(task_id)))
        run = Run(task_id, task.conversation_id, task.message_id, Workspace(task.workspace),
                  self.model_factory(), Budgets.from_dict(dict(task.budgets)), usage)
        self.store.update_task(task_id, owner=this_process())
        self._update_message(task_id, status="streaming")
        try:
            if not self.store.transcript_head(task_id, MAIN)[0]:
                self._fail_task(task_id, "This request was interrupted before it started; send it again.")
            elif task.packet is not None:
                await self._finalize(run, None)  # crashed between commit and delivery: deliver only
            elif await self._main_loop(run) == PAUSED:
                self._update_message(task_id, status="done")
        except asyncio.CancelledError:
            self._mark_cancelled(task_id)
        except BudgetExhausted as exc:
            self._fail_task(task_id, f"Stopped: {exc}.")
        except ModelError as exc:
            self._fail_task(task_id, f"The model failed: {exc}")
        except Exception as exc:
            log.exception("task %s crashed", task_id)
            self._fail_task(task_id, f"Internal error: {type(exc).__name__}: {exc}")
        finally:
            self.store.update_task(task_id, usage=run.snapshot(), owner=None)

    def cancel(self, task_id: str) -> None:
        """Stop a task cleanly: its model stream is cancelled, a command in flight finishes atomically and is
        recorded, then the task is marked cancelled. A paused task is cancelled with its pending approvals."""
        drive = self._drives.get(task_id)
        if drive is not None and not drive.done():
            drive.cancel()
            return
        task = self.store.task(task_id)
        if task.status in ("running", "paused"):
            self._mark_cancelled(task_id)

    def task_status(self, task_id: str) -> TaskStatus:
        task = self.store.task(task_id)
        pending = [a.id for a in self.store.approvals(task_id) if a.state == "pending"]
        return TaskStatus(task.id, task.status, task.outcome, task.error, task.message_id,
                          pending[-1] if pending else None,
                          tuple(a.id for a in self.store.task_artifacts(task_id)), dict(task.usage))

    # -- endings --------------------------------------------------------------------------

    def _extensions(self, task_id: str) -> list[Extension]:
        exts = [Extension(a.id, f"approval/{a.kind}") for a in self.store.approvals(task_id)]
        exts += [Extension(a.id, a.kind) for a in self.store.task_artifacts(task_id)]
        return exts

    def _update_message(self, task_id: str, text: str | None = None, status: str | None = None,
                        extensions: Iterable[Extension] | None = None) -> None:
        task = self.store.task(task_id)
        self.store.update_message(task.message_id, text=text, status=status,
                                  extensions=list(extensions) if extensions is not None
                                  else self._extensions(task_id))

    def _finish(self, run: Run, text: str) -> None:
        self.store.update_task(run.task_id, status="finished", finished=time.time())
        self._update_message(run.task_id, text=text, status="done")
        self._emit(TaskFinished(run.task_id, text, run.message_id))

    def _fail_task(self, task_id: str, message: str) -> None:
        self.store.update_task(task_id, status="failed", error=message, finished=time.time())
        self._update_message(task_id, text=message, status="error")
        self._emit(TaskFailed(task_id, message))

    def _mark_cancelled(self, task_id: str) -> None:
        for approval in self.store.approvals(task_id):
            if approval.state == "pending":
                self.store.decide_approval(approval.id, "refused", message="the task was cancelled",
                                           ledger_state="failed", ledger_result=error("the task was cancelled"))
        self.store.update_task(task_id, status="cancelled", finished=time.time())
        self._update_message(task_id, text="Stopped. Nothing was half-written.", status="done")
        self._emit(TaskCancelled(task_id))


def _workspace_name(name: str) -> str:
    """A file name usable as a workspace path: no separators, and no leading "~" (read as home) or "."
    (hidden from list_workspace), so the agent can list and read every attached file."""
    name = name.replace("\\", "_").replace("/", "_")
    return "_" + name[1:] if name[:1] in ("~", ".") else name


def _copy_attachments(ws: Workspace, attachments: Sequence[Path]) -> list[str]:
    names: list[str] = []
    for src in attachments:
        src = Path(src)
        if not src.is_file():
            raise OSError(f"{src} is not a readable file")
        first = _workspace_name(src.name)
        stem, suffix = Path(first).stem, Path(first).suffix
        name, n = first, 2
        while (ws.root / name).exists():
            if (ws.root / name).is_file() and sha256_file(ws.root / name) == sha256_file(src):
                break  # the same file attached again in a later turn: use the copy already there
            name, n = f"{stem}-{n}{suffix}", n + 1
        shutil.copyfile(src, ws.resolve(name))
        names.append(name)
    return names


