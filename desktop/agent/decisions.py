"""The runtime's decisions on frozen calls: approve (optionally with a rule for similar writes), deny,
retry a write the disk refused, the approval rules, and recovery at startup (interrupted calls resolved,
running tasks resumed).

A part :class:`desktop.agent.runtime.AgentRuntime` owns: it is handed the runtime's store, gate and reporter,
which tasks this process drives, and how to drive and cancel one."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping

from desktop.agent._owner import other_owner_alive
from desktop.agent.gate import ApprovalError, ApprovalGate, ApprovalOutcome
from desktop.agent.reporter import Reporter
from desktop.agent.retry import retry as retry_write
from desktop.store import RuleRow, Store, StoreError
from desktop.store.states import LedgerState
from skills.runtime import Workspace
from desktop.messages import msg


class Decisions:
    """Approvals, rules and recovery over the runtime's store, gate and reporter.

    ``drives`` is the runtime's live map of the tasks this process drives (read, never changed here);
    ``drive`` runs a task until it finishes or pauses, ``cancel`` stops one."""

    def __init__(self, *, store: Store, gate: ApprovalGate, reporter: Reporter,
                 drives: Mapping[str, asyncio.Task[None]], drive: Callable[[str], Awaitable[None]],
                 cancel: Callable[[str], None]) -> None:
        self.store = store
        self.gate = gate
        self.reporter = reporter
        self._drives = drives
        self._drive = drive
        self.cancel = cancel

    def _driving(self, task_id: str) -> bool:
        return task_id in self._drives

    def _driven_elsewhere(self, task_id: str) -> bool:
        return task_id not in self._drives and other_owner_alive(self.store.task(task_id).owner)

    async def _after(self, decision: ApprovalOutcome) -> None:
        if decision.drive:
            await self._drive(decision.task_id)
        if decision.refusal:
            raise ApprovalError(decision.refusal)

    async def approve(self, approval_id: str, *, allow_similar: bool = False) -> RuleRow | None:
        """Run the frozen call once and continue the same agent; returns when the task finishes or pauses again.

        Raises :class:`ApprovalError` (nothing runs) for a tampered or stale call, a second approve, or a
        finished/cancelled task; raises it too when the target file changed on disk since freezing (the
        agent is then told so and may propose the call again).

        With ``allow_similar`` the user also allows similar writes in this conversation: a rule for this
        skill, this command and this kind of write (a new file, or a file Mira made here), returned. A write
        no rule may cover (replacing a file Mira did not make) is approved on its own and None is returned:
        similar writes will still ask.
        """
        kind = self._rule_kind(approval_id) if allow_similar else None
        decision = await self.gate.approve(approval_id, self._driving)
        rule = None
        if kind is not None and decision.refusal is None:
            approval = self.store.approval(approval_id)
            task = self.store.task(approval.task_id)
            rule = self.store.rules.add(conversation_id=task.conversation_id, skill_id=approval.skill_id,
                                        command=approval.tool_id, kind=kind, from_approval_id=approval_id)
        await self._after(decision)
        return rule

    async def retry(self, approval_id: str) -> None:
        """Run again, once, an approved write the disk or folder refused (see ``desktop.agent.retry``);
        returns when the task finishes or pauses again. Raises :class:`ApprovalError` when there is nothing
        to retry, it was already retried, or the file changed since (the agent is then told so)."""
        await self._after(await retry_write(self.gate, self.reporter, approval_id, self._driving))

    def _rule_kind(self, approval_id: str) -> str | None:
        try:
            approval = self.store.approval(approval_id)
        except StoreError:
            raise ApprovalError(msg("error.agent_decisions.approval_does_exist_may")) from None
        task = self.store.task(approval.task_id)
        return self.gate.rule_kind(Workspace(task.workspace), approval, task.conversation_id)

    def rules(self, conversation_id: str | None = None) -> list[RuleRow]:
        """The active approval rules of a conversation (of all conversations when None)."""
        return self.store.rules.list(conversation_id)

    def revoke_rule(self, rule_id: str) -> bool:
        """Stop a rule; the writes it approved stay as they are. False when it was already revoked."""
        return self.store.rules.revoke(rule_id)

    async def deny(self, approval_id: str, *, stop: bool = False) -> None:
        """Write "denied by the user" at the frozen call and continue the same agent; with ``stop`` the
        task is cancelled right after instead (the user interrupted the question)."""
        decision = self.gate.deny(approval_id, self._driving)
        if stop:
            self.cancel(decision.task_id)
            return
        await self._after(decision)

    async def recover(self, resume: bool = True) -> list[str]:
        """On startup: resolve calls a crash interrupted (never run twice), keep pending approvals,
        then continue tasks that were running (``resume``). Returns one line per action."""
        report: list[str] = []
        for row in self.store.ledger(states=(LedgerState.EXECUTING,)):
            if row.tool_id == "run_skill":
                continue  # the parent's record of a skill run; it ends when the skill agent does
            if self._driven_elsewhere(row.task_id):
                report.append(f"task {row.task_id}: still running in another process; left alone")
                continue
            line = self.gate.resolve_interrupted(row)
            if line:
                report.append(line)
        for task in self.store.tasks("running"):
            if task.id in self._drives or self._driven_elsewhere(task.id):
                continue
            ws = Workspace(task.workspace)
            for stray in ws.stray_staging_files():
                stray.unlink(missing_ok=True)
            if not resume:
                continue
            try:
                self.gate.check_identity(task)
            except ApprovalError as exc:
                self.reporter.failed(task.id, str(exc))
                report.append(f"task {task.id}: {exc}")
                continue
            await self._drive(task.id)
            report.append(f"task {task.id}: resumed, now {self.store.task(task.id).status}")
        return report

