"""The approval gate: freeze a write, decide it exactly once, execute the frozen call, recover after a crash.

It is the loop's ``before_write`` and ``resume_frozen`` hook and the runtime's decision maker. It never
drives a task itself: ``approve``/``deny`` return the task to drive and the runtime drives it.
"""
from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from desktop.agent import _messages as M
from desktop.agent import versioning
from desktop.agent._owner import other_owner_alive
from desktop.agent.calls import Calls
from desktop.agent.summaries import approval_summary
from desktop.agent.events import ApprovalDecided, ApprovalRequested, TaskPaused, ToolFinished
from desktop.agent.execute import file_sha, unwritable_folder, written_path
from desktop.agent.flows import CallState, FlowError, FlowRunner
from desktop.agent.hashing import canonical_json, input_hash
from desktop.agent.outcome import ToolOutcome, from_command, outcome_json, read_outcome
from desktop.agent.reporter import Reporter
from desktop.agent.rules import covering, write_kind
from desktop.agent.skillsource import SkillSource
from desktop.agent.state import PAUSED, Run, error, refused
from desktop.agent.tools import ToolInputError, argument_paths, load_arguments
from desktop.errors import AgentError
from desktop.faults import StorageFault
from desktop.texts import tr
from desktop.llm import ToolCall
from desktop.store import ApprovalRow, LedgerRow, RuleRow, Store, StoreError, TaskRow
from desktop.store.states import ApprovalState, LedgerState
from skills.runtime import ArtifactRecord, CommandError, CommandResult, Workspace, WorkspaceError
from desktop.messages import msg

log = logging.getLogger(__name__)
CHANGED = "the file changed since this was proposed; ask again"
_FINAL = {"finished": "finished", "failed": "failed", "cancelled": "was cancelled"}

Probe = Callable[[str], None]
"""Called at the named points of approve → execute → record (see ``PROBE_POINTS``); the crash harness
passes one that kills the process there."""
PROBE_POINTS = ("after_approved_commit", "after_executing_commit", "after_command_run", "after_result_recorded")


def no_probe(_point: str) -> None:
    """The production probe: nothing happens at a named point."""


class ApprovalError(AgentError):
    """An approve/deny was refused; the message says why (shown to the user as is)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ApprovalOutcome:
    """What an approve/deny left to do: drive ``task_id`` on; ``refusal`` is raised after that drive."""

    task_id: str
    drive: bool
    refusal: str | None = None


IsDriving = Callable[[str], bool]  # is this process driving the task now?


def frozen_mismatch(approval: ApprovalRow, row: LedgerRow) -> str | None:
    """Why the stored arguments may not run (they no longer hash to what was approved), or None.
    Checked on every path that executes a frozen call: approve, the drive after it, and recovery."""
    try:
        digest = input_hash(json.loads(approval.arguments_json))
    except (json.JSONDecodeError, RecursionError):
        digest = ""
    if digest != approval.input_hash or row.input_hash != approval.input_hash or row.tool_id != approval.tool_id:
        return ("refused: the stored arguments no longer match the input hash that was approved (changed "
                "since); nothing ran")
    return None


class ApprovalGate:
    """Freezes writes, checks and executes frozen calls once, and resolves calls a crash interrupted."""

    def __init__(self, store: Store, reporter: Reporter, calls: Calls, skills: SkillSource, runner: FlowRunner, *,
                 probe: Probe = no_probe) -> None:
        self.store = store
        self._reporter = reporter
        self._calls = calls
        self._skills = skills
        self._runner = runner
        self._probe = probe

    # -- the loop's hooks ------------------------------------------------------------

    async def freeze(self, st: CallState) -> str | None:
        """``before_write``: persist the frozen call and pause the task (``PAUSED``), or log why not."""
        run, agent, info, key, call, cmd, args = st.run, st.agent, st.info, st.key, st.call, st.cmd, st.args
        target = str(args[cmd.target_arg]) if cmd.target_arg and args.get(cmd.target_arg) else None
        try:
            target_sha = await asyncio.to_thread(file_sha, run.ws, target)
            # Every file the call names (an edit's output too) is fingerprinted now; existing bytes are kept.
            targets = await asyncio.to_thread(versioning.fingerprint, self.store, run.conversation_id, run.ws, args)
            plan = await asyncio.to_thread(cmd.describe, run.ws, dict(args)) if cmd.describe else None
        except (CommandError, WorkspaceError, OSError, StorageFault) as exc:  # e.g. no space to keep the old version
            self._calls.log(run, agent, key, call, refused(exc))
            return None
        except Exception:  # boundary: describe is a courtesy; its bug must not block the approval
            log.exception("describe of %s failed", cmd.name)
            plan = None  # the card then says which file the call writes
        unwritable = await asyncio.to_thread(unwritable_folder, run.ws, cmd, args)
        if unwritable:  # known before asking: refuse now rather than after the user approved
            self._calls.log(run, agent, key, call, error(unwritable))
            return None
        try:
            reads = argument_paths(run.ws, args)  # checked before validation too; the files may move meanwhile
        except ToolInputError as exc:
            self._calls.log(run, agent, key, call, refused(exc))
            return None
        summary = approval_summary(plan, target, reads)  # message ids: each reader's language
        changes = plan.changes if plan is not None else ()
        seq, digest = self.store.transcript_head(run.task_id, agent)
        approval = self.store.freeze_approval(
            approval_id=uuid.uuid4().hex, ledger_id=uuid.uuid4().hex, task_id=run.task_id, agent=agent,
            call_key=key, tool_call_id=call.id, tool_id=cmd.name, arguments_json=canonical_json(args),
            input_hash=input_hash(args), skill_id=info.id, checkpoint_seq=seq, checkpoint_hash=digest,
            target_path=target, target_sha256=target_sha or None, summary=summary, changes=changes)
        self.store.record_targets(approval.id, targets)
        rule = await asyncio.to_thread(self._rule_for, run, info.id, approval)
        if rule is not None:
            message = f"approved by rule {rule.id}"
            if self.store.decide_approval(approval.id, ApprovalState.APPROVED, message=message,
                                          ledger_state=LedgerState.APPROVED, task_status="running"):
                self._reporter.emit(ApprovalDecided(task_id=run.task_id, approval_id=approval.id, approved=True, message=message))
                return None  # approved in the ledger: the loop runs it through the same frozen-call path
        # No text of its own: the approval card under it says what will happen and that it waits, in the
        # user's language (a stored English sentence would stay English in a Chinese window).
        self._reporter.update_message(run.task_id, text="", status="done")
        self._reporter.emit(
            ApprovalRequested(
                task_id=run.task_id,
                approval_id=approval.id,
                tool=cmd.name,
                arguments=dict(args),
                target_path=target,
                summary=summary,
                changes=tuple(changes),
                reads=reads,
            )
        )
        self._reporter.emit(TaskPaused(task_id=run.task_id, approval_id=approval.id))
        return PAUSED

    async def resume(self, run: Run, row: LedgerRow) -> str | None:
        """``resume_frozen``: a call already in the ledger (pending, approved, or another driver's)."""
        if row.state == LedgerState.AWAITING_APPROVAL:
            self.store.update_task(run.task_id, status="paused")
            return PAUSED
        if row.state == LedgerState.APPROVED:
            return await self.execute_frozen(run, row)
        if row.state == LedgerState.FAILED and retryable(row):
            return self.hold_for_retry(run, row)
        if row.state == LedgerState.EXECUTING:
            # Inside a drive this is another driver's call in flight (recovery resolved every interrupted
            # one before driving): leave it and its result to that driver; this drive stops here.
            return PAUSED
        return None

    def made_here(self, conversation_id: str, task_id: str) -> set[str]:
        """sha256 of every file Mira made in the conversation (committed) or in this task so far."""
        made = {a.sha256 for a in self.store.artifacts(conversation_id)}
        for row in self.store.ledger(task_id, states=(LedgerState.DONE,)):
            made.update(a.sha256 for a in read_outcome(row.result or {}).artifacts)
        return made

    def rule_kind(self, ws: Workspace, approval: ApprovalRow, conversation_id: str) -> str | None:
        return write_kind(ws, approval, self.made_here(conversation_id, approval.task_id))

    def _rule_for(self, run: Run, skill_id: str, approval: ApprovalRow) -> RuleRow | None:
        rules = self.store.rules.list(run.conversation_id)
        if not rules:
            return None
        return covering(rules, skill_id, approval.tool_id, self.rule_kind(run.ws, approval, run.conversation_id))

    # -- executing a frozen call -----------------------------------------------------------

    def target_unchanged(self, ws: Workspace, approval: ApprovalRow) -> bool:
        """True when no file the call names was created, changed or removed since it was frozen."""
        if versioning.changed_since_freeze(ws, self.store.approval_targets(approval.id)):
            return False
        return file_sha(ws, approval.target_path) == (approval.target_sha256_at_freeze or "")

    async def execute_frozen(self, run: Run, row: LedgerRow) -> str | None:
        """Run an approved call once; ``PAUSED`` when another driver took it first (this drive stops)."""
        approval = self.approval_for(row)
        cmd = self._skills.command(row.tool_id)
        call = ToolCall(id=row.tool_call_id, name=row.tool_id, arguments=approval.arguments_json)
        try:
            problem = frozen_mismatch(approval, row)
            if problem is None and not await asyncio.to_thread(self.target_unchanged, run.ws, approval):
                problem = CHANGED
            pre_sha = await asyncio.to_thread(file_sha, run.ws, written_path(approval))
        except WorkspaceError as exc:
            problem = f"refused: {exc}"
        if problem is not None:
            result = error(problem)
            self.store.record_result(row.id, (LedgerState.APPROVED,), LedgerState.FAILED, outcome_json(result),
                                     M.tool_result(call, result))
            return None
        if not self.store.ledger_move(row.id, (LedgerState.APPROVED,), LedgerState.EXECUTING, pre_sha256=pre_sha):
            return PAUSED  # someone else (another window or process) took this call
        self._probe("after_executing_commit")
        st = CallState(run, row.agent, self._skills.skill(approval.skill_id), row.call_key, call, cmd, self._calls,
                       self.freeze, dict(approval.arguments))
        await self._runner.call(st, after="approval_gate")  # the flow's steps after approval: run, verify
        result = st.result if st.result is not None else error(f"{cmd.name} did not run")
        self._probe("after_command_run")
        if result.retryable:  # the disk or folder refused: not done, kept for a retry from its card
            if self.store.ledger_move(row.id, (LedgerState.EXECUTING,), LedgerState.FAILED, result=outcome_json(result)):
                self._reporter.emit(ToolFinished(task_id=run.task_id, agent=row.agent, tool_call_id=row.tool_call_id, tool=row.tool_id, ok=False,
                                                 message=result.said))
            if run.cancel_requested:
                raise asyncio.CancelledError  # stopped meanwhile: the task ends cancelled, nothing was written
            return self.hold_for_retry(run, self.store.ledger_entry(row.id))
        self.store.record_result(row.id, (LedgerState.EXECUTING,),
                                 LedgerState.DONE if result.ok else LedgerState.FAILED, outcome_json(result),
                                 M.tool_result(call, result))
        self._probe("after_result_recorded")
        self._reporter.emit(ToolFinished(task_id=run.task_id, agent=row.agent, tool_call_id=row.tool_call_id, tool=row.tool_id,
                                         ok=result.ok, message=result.said))
        if run.cancel_requested:
            raise asyncio.CancelledError
        return None

    def hold_for_retry(self, run: Run, row: LedgerRow) -> str:
        """Pause at a write the disk refused: its result is not written into the transcript, so a retry
        resumes the same agent at the same call; the card and the task say what happened and what to do."""
        why = read_outcome(row.result or {}).said
        self.store.update_task(run.task_id, status="paused", error=why)
        self._reporter.update_message(run.task_id, text=f"{why}\n\n{tr('fault.retry_hint')}")
        return PAUSED

    def approval_for(self, row: LedgerRow) -> ApprovalRow:
        for approval in self.store.approvals(row.task_id):
            if approval.ledger_id == row.id:
                return approval
        raise ApprovalError(msg("error.agent_gate.frozen_approval_ledger_entry", id_value=row.id))

    def resolve_interrupted(self, row: LedgerRow) -> str:
        """A call found ``executing`` after a crash: record it done if its output was published, else not
        done. Never runs it again. Returns one report line."""
        task = self.store.task(row.task_id)
        ws = Workspace(task.workspace)
        for stray in ws.stray_staging_files():
            stray.unlink(missing_ok=True)
        approval = next((a for a in self.store.approvals(row.task_id) if a.ledger_id == row.id), None)
        call = ToolCall(id=row.tool_call_id, name=row.tool_id, arguments=approval.arguments_json if approval else "{}")
        result: ToolOutcome
        if approval is None:
            result = error(f"{row.tool_id} was interrupted before it finished; it was not re-run")
        else:
            written = written_path(approval)
            try:
                now = file_sha(ws, written)
            except WorkspaceError:  # the output path turned into a link out of the folder: not ours to record
                now, written = "", None
            if written and now and now != (row.pre_sha256 or ""):
                path = ws.resolve(written)
                record = ArtifactRecord(path=written, kind=Path(written).suffix.lstrip(".").lower(), sha256=now, bytes=path.stat().st_size)
                result = from_command(CommandResult(ok=True, message=f"{row.tool_id} finished before an interruption; "
                                                   "recorded from the file on disk", artifacts=(record,)))
            elif written and ws.resolve(written).is_dir():
                # A folder of outputs has no single before/after hash: some files may already be published.
                result = error(f"not done: Mira stopped before {row.tool_id} finished; it was not re-run. Files "
                               f"it had already published in {written} are kept; check them before proposing "
                               "it again.")
            else:
                result = error(f"not done: Mira stopped before {row.tool_id} finished; nothing was written. "
                               "Propose it again if it is still needed.")
        state = LedgerState.DONE if result.ok else LedgerState.FAILED
        if self.store.record_result(row.id, (LedgerState.EXECUTING,), state, outcome_json(result),
                                    M.tool_result(call, result)) is None:
            return f"{row.tool_id} ({row.id}): already resolved"
        return f"{row.tool_id} in task {row.task_id}: recorded {state}"

    # -- decisions ---------------------------------------------------------------------

    def check_identity(self, task: TaskRow) -> None:
        """Refuse to continue a task under another flow or skill catalog build than it started with."""
        try:
            self._runner.check_task(task.flow_id, task.flow_version, task.flow_sha256)
        except FlowError as exc:
            raise ApprovalError(exc.msg or str(exc), details=exc.details) from None
        if task.build_identity != self._skills.build_identity:
            raise ApprovalError(msg("error.agent_gate.task_started_under_different", build_identity=task.build_identity[:12],
                                    build_identity2=self._skills.build_identity[:12]))

    def _decidable(self, approval_id: str, driving: IsDriving) -> tuple[ApprovalRow, TaskRow]:
        try:
            approval = self.store.approval(approval_id)
        except StoreError:
            raise ApprovalError(msg("error.agent_decisions.approval_does_exist_may")) from None
        task = self.store.task(approval.task_id)
        if task.status in _FINAL:
            raise ApprovalError(msg("error.agent_gate.task_already_nothing_waiting", final=_FINAL[task.status]))
        if approval.state != ApprovalState.PENDING:
            raise ApprovalError(msg("error.agent_gate.change_was_already_will", state=approval.state))
        if driving(task.id) or other_owner_alive(task.owner):
            raise ApprovalError(msg("error.agent_gate.task_running_wait_pause"))
        self.check_identity(task)
        return approval, task

    def verify_frozen(self, approval: ApprovalRow) -> None:
        if input_hash(json.loads(approval.arguments_json)) != approval.input_hash:
            raise ApprovalError(msg("error.agent_gate.frozen_arguments_do_match"))
        ledger = self.store.ledger_entry(approval.ledger_id)
        if ledger.tool_id != approval.tool_id or ledger.input_hash != approval.input_hash:
            raise ApprovalError(msg("error.agent_gate.frozen_call_does_match"))
        if not self.store.verify_transcript(approval.task_id, approval.agent):
            raise ApprovalError(msg("error.agent_gate.agent_s_transcript_was"))
        if self.store.transcript_head(approval.task_id, approval.agent) != (approval.checkpoint_seq,
                                                                           approval.checkpoint_hash):
            raise ApprovalError(msg("error.agent_gate.agent_moved_since_was"))
        state = M.state_of(self.store.transcript(approval.task_id, approval.agent))
        call = state.calls.get(approval.call_key)
        if call is None or call.name != approval.tool_id or call.id != approval.tool_call_id:
            raise ApprovalError(msg("error.agent_gate.proposed_call_transcript_checkpoint"))
        try:
            proposed = load_arguments(call.arguments)
        except json.JSONDecodeError:
            proposed = None
        if input_hash(proposed) != approval.input_hash:
            raise ApprovalError(msg("error.agent_gate.arguments_differ_from_what"))

    async def approve(self, approval_id: str, driving: IsDriving) -> ApprovalOutcome:
        """Check the frozen call and commit "approved". A target file that changed since freezing is
        refused instead: the agent is told so (and may propose again) and the decision carries the refusal."""
        approval, task = self._decidable(approval_id, driving)
        self.verify_frozen(approval)
        ws = Workspace(task.workspace)
        try:
            refusal = None if await asyncio.to_thread(self.target_unchanged, ws, approval) else CHANGED
        except WorkspaceError as exc:  # e.g. a link to outside the folder was swapped in meanwhile
            refusal = f"not written: {exc}"
        if refusal is not None:
            result = error(refusal)
            call = ToolCall(id=approval.tool_call_id, name=approval.tool_id, arguments=approval.arguments_json)
            decided = self.store.decide_approval(
                approval_id, ApprovalState.REFUSED, message=refusal, ledger_state=LedgerState.FAILED,
                ledger_result=outcome_json(result), tool_message=M.tool_result(call, result), task_status="running")
            if decided:
                self._reporter.emit(ApprovalDecided(task_id=task.id, approval_id=approval_id, approved=False, message=refusal))
            return ApprovalOutcome(task_id=task.id, drive=decided, refusal=refusal)
        if not self.store.decide_approval(approval_id, ApprovalState.APPROVED, message="approved by the user",
                                          ledger_state=LedgerState.APPROVED, task_status="running"):
            raise ApprovalError(msg("error.agent_gate.change_was_already_decided"))
        self._probe("after_approved_commit")
        self._reporter.emit(ApprovalDecided(task_id=task.id, approval_id=approval_id, approved=True, message="approved by the user"))
        return ApprovalOutcome(task_id=task.id, drive=True)

    def deny(self, approval_id: str, driving: IsDriving) -> ApprovalOutcome:
        """Write "denied by the user" at the frozen call; the agent goes on from there."""
        approval, task = self._decidable(approval_id, driving)
        call = ToolCall(id=approval.tool_call_id, name=approval.tool_id, arguments=approval.arguments_json)
        if not self.store.decide_approval(approval_id, ApprovalState.DENIED, message="denied by the user",
                                          ledger_state=LedgerState.DENIED, ledger_result=outcome_json(M.DENIED),
                                          tool_message=M.tool_result(call, M.DENIED), task_status="running"):
            raise ApprovalError(msg("error.agent_gate.change_was_already_decided_2"))
        self._reporter.emit(ApprovalDecided(task_id=task.id, approval_id=approval_id, approved=False, message="denied by the user"))
        self._reporter.emit(ToolFinished(task_id=task.id, agent=approval.agent, tool_call_id=approval.tool_call_id, tool=approval.tool_id, ok=False,
                                         message="denied by the user"))
        return ApprovalOutcome(task_id=task.id, drive=True)


def retryable(row: LedgerRow) -> bool:
    """A failed call the disk or folder refused (nothing was written): it may run again, once."""
    return row.state == LedgerState.FAILED and read_outcome(row.result or {}).retryable

