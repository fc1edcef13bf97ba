"""The approval gate: freeze a write, approve/deny it exactly once, execute it, recover after a crash."""
from __future__ import annotations

import asyncio
import json
import logging
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.agent import _messages as M
from desktop.agent import versioning
from desktop.agent._crash import _crashpoint
from desktop.agent._loop import PAUSED, error
from desktop.agent._owner import other_owner_alive
from desktop.agent.events import ApprovalDecided, ApprovalRequested, TaskPaused, ToolFinished
from desktop.agent.flow import SKILL_PIPELINE
from desktop.agent.hashing import canonical_json, input_hash
from desktop.agent.skillsource import SkillInfo
from desktop.llm import ToolCall
from desktop.store import ApprovalRow, LedgerRow, StoreError, TaskRow
from skills.runtime import ArtifactRecord, Command, CommandError, CommandResult, Workspace, WorkspaceError
from skills.runtime.workspace import sha256_file

if TYPE_CHECKING:
    from desktop.agent._run import Run
    from desktop.agent.runtime import AgentRuntime

log = logging.getLogger(__name__)
CHANGED = "the file changed since this was proposed; ask again"
_FINAL = {"finished": "finished", "failed": "failed", "cancelled": "was cancelled"}


class ApprovalError(Exception):
    """An approve/deny was refused; the message says why (shown to the user as is)."""


def file_sha(ws: Workspace, rel: str | None) -> str:
    """sha256 of a workspace file, ``""`` when it does not exist."""
    if not rel:
        return ""
    path = ws.resolve(rel)
    return sha256_file(path) if path.is_file() else ""


def invoke(ws: Workspace, cmd: Command, args: dict[str, Any]) -> dict[str, Any]:
    """Run a command and verify what it reports (protected ``verify`` step). Never raises."""
    try:
        result = cmd.run(ws, dict(args))
    except (CommandError, WorkspaceError) as exc:
        return error(str(exc))
    except Exception as exc:  # a runtime bug must not take the task down with it
        log.exception("command %s crashed", cmd.name)
        return error(f"{cmd.name} failed unexpectedly: {type(exc).__name__}: {exc}")
    if not isinstance(result, CommandResult):
        return error(f"{cmd.name} returned {type(result).__name__}, not a CommandResult")
    data = result.to_dict()
    if not cmd.writes:
        data["artifacts"] = []  # read-only commands cannot create artifacts
        return data
    for art in result.artifacts:
        problem = _verify_artifact(ws, art)
        if problem:
            return {**error(f"verification failed: {problem}"), "artifacts": []}
    return data


def written_path(approval: ApprovalRow) -> str | None:
    """The file the frozen call publishes: its ``output`` argument when it has one, else its target."""
    output = approval.arguments.get("output")
    return output if isinstance(output, str) and output.strip() else approval.target_path


def _verify_artifact(ws: Workspace, art: ArtifactRecord) -> str | None:
    try:
        path = ws.resolve(art.path, must_exist=True)
    except WorkspaceError as exc:
        return str(exc)
    size, digest = path.stat().st_size, sha256_file(path)
    if size != art.bytes or digest != art.sha256:
        return (f"{art.path} on disk ({size} bytes, sha256 {digest[:12]}) does not match what the command "
                f"reported ({art.bytes} bytes, sha256 {art.sha256[:12]})")
    return None


class ApprovalMixin:
    """Mixed into :class:`AgentRuntime`."""

    _recheck_ledger = True  # test-only switch for the crash harness's negative control

    async def _freeze(self: AgentRuntime, run: Run, agent: str, info: SkillInfo, key: str, call: ToolCall,
                      cmd: Command, args: dict[str, Any]) -> str | None:
        target = str(args[cmd.target_arg]) if cmd.target_arg and args.get(cmd.target_arg) else None
        try:
            target_sha = await asyncio.to_thread(file_sha, run.ws, target)
            targets = await asyncio.to_thread(versioning.fingerprint, self.store, run.conversation_id, run.ws, args)
            described = await asyncio.to_thread(cmd.describe, run.ws, dict(args)) if cmd.describe else {}
        except (CommandError, WorkspaceError, OSError) as exc:
            self._log_call(run, agent, key, call, error(str(exc)))
            return None
        except Exception as exc:  # describe is a courtesy; its bug must not block the approval
            log.exception("describe of %s failed", cmd.name)
            described = {"summary": f"{cmd.name} (no description: {type(exc).__name__})"}
        summary = str(described.get("summary") or f"{cmd.name} writes {target or 'a file'}")
        changes = [[str(c[0]), str(c[1])] for c in described.get("changes") or () if len(c) == 2]
        seq, digest = self.store.transcript_head(run.task_id, agent)
        approval = self.store.freeze_approval(
            approval_id=uuid.uuid4().hex, ledger_id=uuid.uuid4().hex, task_id=run.task_id, agent=agent,
            call_key=key, tool_call_id=call.id, tool_id=cmd.name, arguments_json=canonical_json(args),
            input_hash=input_hash(args), skill_id=info.id, checkpoint_seq=seq, checkpoint_hash=digest,
            target_path=target, target_sha256=target_sha or None, summary=summary, changes=changes)
        self.store.record_targets(approval.id, targets)
        self._update_message(run.task_id, text=f"Waiting for your approval: {summary}", status="done")
        self._emit(ApprovalRequested(run.task_id, approval.id, cmd.name, dict(args), target, summary,
                                     tuple(tuple(c) for c in changes)))
        self._emit(TaskPaused(run.task_id, approval.id))
        return PAUSED

    async def _execute_command(self: AgentRuntime, run: Run, cmd: Command, args: dict[str, Any]) -> dict[str, Any]:
        fut = asyncio.ensure_future(asyncio.to_thread(invoke, run.ws, cmd, args))
        try:
            return await asyncio.shield(fut)
        except asyncio.CancelledError:
            # Cancelled mid-command: let it finish (it publishes atomically or not at all) so the
            # result is recorded; the loop stops right after.
            run.cancel_requested = True
            return await fut

    async def _resume_existing(self: AgentRuntime, run: Run, row: LedgerRow) -> str | None:
        if row.state == "awaiting_approval":
            self.store.update_task(run.task_id, status="paused")
            return PAUSED
        if row.state == "approved":
            return await self._execute_frozen(run, row)
        if row.state == "executing":
            # Inside a drive this is another driver's call in flight (recovery resolved every interrupted
            # one before driving): leave it and its result to that driver; this drive stops here.
            return PAUSED
        return None

    async def _execute_frozen(self: AgentRuntime, run: Run, row: LedgerRow) -> str | None:
        """Run an approved call once; ``PAUSED`` when another driver took it first (this drive stops)."""
        approval = self._approval_for(row)
        cmd = self.skills.command(row.tool_id)
        call = ToolCall(row.tool_call_id, row.tool_id, approval.arguments_json)
        now_sha = await asyncio.to_thread(file_sha, run.ws, approval.target_path)
        moved = await asyncio.to_thread(versioning.changed_since_freeze, run.ws,
                                        self.store.approval_targets(approval.id))
        if (moved or now_sha != (approval.target_sha256_at_freeze or "")) and self._recheck_ledger:
            result = error(CHANGED)
            self.store.record_result(row.id, ("approved",), "failed", result, M.tool_result(call, result))
            return None
        pre_sha = await asyncio.to_thread(file_sha, run.ws, written_path(approval))
        if not self.store.ledger_move(row.id, ("approved",), "executing", pre_sha256=pre_sha):
            return PAUSED  # someone else (another window or process) took this call
        _crashpoint("after_executing_commit")
        result = await self._execute_command(run, cmd, dict(approval.arguments))
        _crashpoint("after_command_run")
        self.store.record_result(row.id, ("executing",), "done" if result.get("ok") else "failed", result,
                                 M.tool_result(call, result))
        _crashpoint("after_result_recorded")
        self._emit(ToolFinished(run.task_id, row.agent, row.tool_call_id, row.tool_id, bool(result.get("ok")),
                                str(result.get("message") or result.get("error") or "")))
        if run.cancel_requested:
            raise asyncio.CancelledError
        return None

    def _approval_for(self: AgentRuntime, row: LedgerRow) -> ApprovalRow:
        for approval in self.store.approvals(row.task_id):
            if approval.ledger_id == row.id:
                return approval
        raise ApprovalError(f"no frozen approval for ledger entry {row.id}")

    def _resolve_interrupted(self: AgentRuntime, row: LedgerRow) -> str:
        """A call found ``executing`` after a crash: record it done if its output was published, else not done."""
        task = self.store.task(row.task_id)
        ws = Workspace(task.workspace)
        for stray in ws.stray_staging_files():
            stray.unlink(missing_ok=True)
        approval = next((a for a in self.store.approvals(row.task_id) if a.ledger_id == row.id), None)
        call = ToolCall(row.tool_call_id, row.tool_id, approval.arguments_json if approval else "{}")
        result: dict[str, Any]
        if approval is None:
            result = error(f"{row.tool_id} was interrupted before it finished; it was not re-run")
        else:
            written = written_path(approval)
            now = file_sha(ws, written)
            if written and now and now != (row.pre_sha256 or ""):
                path = ws.resolve(written)
                record = ArtifactRecord(written, Path(written).suffix.lstrip(".").lower(), now, path.stat().st_size)
                result = {"ok": True, "message": f"{row.tool_id} finished before an interruption; recorded from "
                          "the file on disk", "data": {}, "artifacts": [record.to_dict()], "evidence": []}
            elif written and ws.resolve(written).is_dir():
                # A folder of outputs has no single before/after hash: some files may already be published.
                result = error(f"not done: Mira stopped before {row.tool_id} finished; it was not re-run. Files "
                               f"it had already published in {written} are kept; check them before proposing "
                               "it again.")
            else:
                result = error(f"not done: Mira stopped before {row.tool_id} finished; nothing was written. "
                               "Propose it again if it is still needed.")
        state = "done" if result["ok"] else "failed"
        if self.store.record_result(row.id, ("executing",), state, result, M.tool_result(call, result)) is None:
            return f"{row.tool_id} ({row.id}): already resolved"
        return f"{row.tool_id} in task {row.task_id}: recorded {state}"

    def _driven_elsewhere(self: AgentRuntime, task_id: str) -> bool:
        return task_id not in self._drives and other_owner_alive(self.store.task(task_id).owner)

    # -- decisions ---------------------------------------------------------------------

    def _decidable(self: AgentRuntime, approval_id: str) -> tuple[ApprovalRow, TaskRow]:
        try:
            approval = self.store.approval(approval_id)
        except StoreError:
            raise ApprovalError("this approval does not exist (it may belong to a deleted conversation)") from None
        task = self.store.task(approval.task_id)
        if task.status in _FINAL:
            raise ApprovalError(f"this task already {_FINAL[task.status]}; nothing is waiting for approval")
        if approval.state != "pending":
            raise ApprovalError(f"this change was already {approval.state}; it will not run again")
        if task.id in self._drives or other_owner_alive(task.owner):
            raise ApprovalError("this task is running; wait for it to pause")
        self._check_identity(task)
        return approval, task

    def _check_identity(self: AgentRuntime, task: TaskRow) -> None:
        if (task.flow_id, task.flow_version) != (SKILL_PIPELINE.id, SKILL_PIPELINE.version):
            raise ApprovalError(f"this task started under flow {task.flow_id} v{task.flow_version}; this Mira runs "
                                f"{SKILL_PIPELINE.id} v{SKILL_PIPELINE.version}. Start the request again.")
        if task.build_identity != self.skills.build_identity:
            raise ApprovalError("this task started under a different skill catalog build "
                                f"({task.build_identity[:12]}, now {self.skills.build_identity[:12]}); "
                                "start the request again")

    def _verify_frozen(self: AgentRuntime, approval: ApprovalRow) -> None:
        if input_hash(json.loads(approval.arguments_json)) != approval.input_hash:
            raise ApprovalError("the frozen arguments do not match their input hash (tampered); refusing to run")
        ledger = self.store.ledger_entry(approval.ledger_id)
        if ledger.tool_id != approval.tool_id or ledger.input_hash != approval.input_hash:
            raise ApprovalError("the frozen call does not match its ledger entry; refusing to run")
        if not self.store.verify_transcript(approval.task_id, approval.agent):
            raise ApprovalError("the agent's transcript was altered since the call was frozen; refusing to run")
        if self.store.transcript_head(approval.task_id, approval.agent) != (approval.checkpoint_seq,
                                                                           approval.checkpoint_hash):
            raise ApprovalError("the agent moved on since this was proposed (stale checkpoint); ask again")
        state = M.state_of(self.store.transcript(approval.task_id, approval.agent))
        call = state.calls.get(approval.call_key)
        if call is None or call.name != approval.tool_id or call.id != approval.tool_call_id:
            raise ApprovalError("the proposed call is not in the transcript at the checkpoint; refusing to run")
        try:
            proposed = json.loads(call.arguments)
        except json.JSONDecodeError:
            proposed = None
        if input_hash(proposed) != approval.input_hash:
            raise ApprovalError("the arguments differ from what the agent proposed (tampered); refusing to run")

    async def approve(self: AgentRuntime, approval_id: str) -> None:
        """Run the frozen call once and continue the same agent; returns when the task finishes or pauses again.

        Raises :class:`ApprovalError` (nothing runs) for a tampered or stale call, a second approve, or a
        finished/cancelled task; raises it too when the target file changed on disk since freezing (the
        agent is then told so and may propose the call again).
        """
        approval, task = self._decidable(approval_id)
        self._verify_frozen(approval)
        ws = Workspace(task.workspace)
        moved = await asyncio.to_thread(versioning.changed_since_freeze, ws, self.store.approval_targets(approval_id))
        if moved or (await asyncio.to_thread(file_sha, ws, approval.target_path)
                     != (approval.target_sha256_at_freeze or "")):
            result = error(CHANGED)
            call = ToolCall(approval.tool_call_id, approval.tool_id, approval.arguments_json)
            if self.store.decide_approval(approval_id, "refused", message=CHANGED, ledger_state="failed",
                                          ledger_result=result, tool_message=M.tool_result(call, result),
                                          task_status="running"):
                self._emit(ApprovalDecided(task.id, approval_id, False, CHANGED))
                await self._drive(task.id)
            raise ApprovalError(CHANGED)
        if not self.store.decide_approval(approval_id, "approved", message="approved by the user",
                                          ledger_state="approved", task_status="running"):
            raise ApprovalError("this change was already decided; it will not run again")
        _crashpoint("after_approved_commit")
        self._emit(ApprovalDecided(task.id, approval_id, True, "approved by the user"))
        await self._drive(task.id)

    async def deny(self: AgentRuntime, approval_id: str) -> None:
        """Write "denied by the user" at the frozen call and continue the same agent."""
        approval, task = self._decidable(approval_id)
        call = ToolCall(approval.tool_call_id, approval.tool_id, approval.arguments_json)
        if not self.store.decide_approval(approval_id, "denied", message="denied by the user", ledger_state="denied",
                                          ledger_result=M.DENIED, tool_message=M.tool_result(call, M.DENIED),
                                          task_status="running"):
            raise ApprovalError("this change was already decided")
        self._emit(ApprovalDecided(task.id, approval_id, False, "denied by the user"))
        self._emit(ToolFinished(task.id, approval.agent, approval.tool_call_id, approval.tool_id, False,
                                "denied by the user"))
        await self._drive(task.id)

    async def recover(self: AgentRuntime, resume: bool = True) -> list[str]:
        """On startup: resolve calls a crash interrupted (never run twice), keep pending approvals,
        then continue tasks that were running (``resume``). Returns one line per action."""
        report: list[str] = []
        for row in self.store.ledger(states=("executing",)):
            if row.tool_id == "run_skill":
                continue  # the parent's record of a skill run; it ends when the skill agent does
            if self._driven_elsewhere(row.task_id):
                report.append(f"task {row.task_id}: still running in another process; left alone")
                continue
            if not self._recheck_ledger:
                self.store.ledger_move(row.id, ("executing",), "approved")  # negative control only
                continue
            report.append(self._resolve_interrupted(row))
        for task in self.store.tasks("running"):
            if task.id in self._drives or self._driven_elsewhere(task.id):
                continue
            ws = Workspace(task.workspace)
            for stray in ws.stray_staging_files():
                stray.unlink(missing_ok=True)
            if not resume:
                continue
            try:
                self._check_identity(task)
            except ApprovalError as exc:
                self._fail_task(task.id, str(exc))
                report.append(f"task {task.id}: {exc}")
                continue
            await self._drive(task.id)
            report.append(f"task {task.id}: resumed, now {self.store.task(task.id).status}")
        return report
