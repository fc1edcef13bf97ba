"""Commit evidence and artifacts, freeze the finalization packet, run the generate step with tools closed."""
from __future__ import annotations

import asyncio
import logging
import uuid
from dataclasses import replace
from pathlib import PurePosixPath
from typing import Any

from desktop.agent import _messages as M
from desktop.agent import versioning
from desktop.agent.budgets import BudgetExhausted
from desktop.agent.calls import Calls
from desktop.agent.events import ArtifactCommitted
from desktop.agent.execute import invoke, verify_artifact
from desktop.agent.flows import FinishState
from desktop.agent.outcome import failed, outcome_json, read_outcome
from desktop.agent.reporter import Reporter
from desktop.agent.skillsource import SkillSource
from desktop.agent.state import MAIN, Outcome, Run, skill_agent
from desktop.llm import ChatMessage, ModelError
from desktop.llm.markers import PACKET_PREFIX
from desktop.llm.packet import Delivered, FinalizationPacket, packet_message
from desktop.messages import msg
from desktop.store import NewArtifact, Store, StoreError
from desktop.store.states import LedgerState
from skills.messages import Msg, Text, checks_verdict, file_size
from skills.messages import msg as skill_msg
from skills.runtime import ArtifactRecord, CommandError, Evidence, Workspace, WorkspaceError

log = logging.getLogger(__name__)

REFUSED = failed("refused: tools are closed in the generate step; nothing runs after complete", refused=True)


class Finalizer:
    """The flow's finish steps: ``commit_evidence`` (commit, freeze the packet) and ``generate_delivery``
    (the delivery message with tools closed, then the task finishes)."""

    def __init__(self, store: Store, skills: SkillSource, reporter: Reporter, calls: Calls) -> None:
        self.store = store
        self.skills = skills
        self._reporter = reporter
        self._calls = calls

    async def commit_step(self, st: FinishState) -> str | None:
        """Protected: commit verified artifacts and freeze the packet once (kept across a restart)."""
        packet = self.store.task(st.run.task_id).packet
        if packet is None:
            assert st.outcome is not None, "a task without a packet finishes from its skill outcome"
            packet = await self.commit(st.run, st.outcome)
            self.store.update_task(st.run.task_id, packet=packet, outcome=packet.status)
        st.packet = packet
        return None

    async def deliver_step(self, st: FinishState) -> str | None:
        packet = st.packet if st.packet is not None else self.store.task(st.run.task_id).packet
        assert packet is not None, "generate_delivery runs after commit_evidence (checked when the flow is built)"
        text = await self._generate(st.run, packet)
        self._reporter.finished(st.run, text)
        return None

    def _produced(self, run: Run, agent: str) -> tuple[dict[str, tuple[ArtifactRecord, str]],
                                                       dict[tuple[str, str], Evidence]]:
        """Artifacts written by the skill's commands (latest per path) and the evidence seen per (path, sha),
        both keyed by the normalised workspace path.

        A write whose checks failed after it wrote is a failed call that still changed the file: its file is
        delivered with the failed checks (the card shows them, the version is kept for undo), never left on
        disk unseen."""
        produced: dict[str, tuple[ArtifactRecord, str]] = {}
        evidence: dict[tuple[str, str], Evidence] = {}
        info = self.skills.skill(agent.removeprefix("skill:"))
        for row in self.store.ledger(run.task_id):
            if (row.agent != agent or row.state not in (LedgerState.DONE, LedgerState.FAILED) or not row.result
                    or row.tool_id not in versioning.skill_commands(info)):
                continue
            done = read_outcome(row.result)
            for ev in done.evidence:
                evidence[(_key(run.ws, ev.path), ev.sha256)] = ev
            if not self.skills.command(row.tool_id).writes:
                continue
            for record in done.artifacts:
                produced[_key(run.ws, record.path)] = (record, row.tool_call_id)
        return produced, evidence

    async def commit(self, run: Run, outcome: Outcome) -> FinalizationPacket:
        """Protected commit_evidence step: only files a command wrote and the runtime re-verified."""
        agent = skill_agent(outcome.skill_id)
        produced, evidence = self._produced(run, agent)
        notes: list[str] = []
        chosen = list(produced)
        if outcome.status == "completed" and outcome.selected:
            selected = {_key(run.ws, p): p for p in outcome.selected}  # "./a.txt" names the same file as "a.txt"
            chosen = [k for k in selected if k in produced]
            notes += [f"{p} was not written by a command in this task, so it is not delivered"
                      for k, p in selected.items() if k not in produced and not self._is_input(run, p)]
        artifacts: list[Delivered] = []
        evidences: list[Evidence] = []
        info = self.skills.skill(outcome.skill_id)
        # Idempotent across a crash between committing and freezing the packet: never commit twice.
        committed = {(a.workspace_path, a.sha256) for a in self.store.task_artifacts(run.task_id)}
        for path in chosen:
            record, tool_call_id = produced[path]
            problem = await asyncio.to_thread(verify_artifact, run.ws, record)
            if problem:
                notes.append(f"not delivered: {problem}")
                continue
            ev = evidence.get((path, record.sha256)) or await self._verify_evidence(run, info.commands, record)
            if (record.path, record.sha256) in committed:
                artifacts.append(_delivered(record, record.title, 1))
                evidences += [ev] if ev is not None else []
                continue
            title, checked = self._as_before(run.conversation_id, record, ev)
            row = self.store.commit_artifact(
                artifact_id=uuid.uuid4().hex, task_id=run.task_id, conversation_id=run.conversation_id,
                new=NewArtifact(path=str(run.ws.resolve(record.path)), workspace_path=record.path, kind=record.kind,
                                title=title, sha256=record.sha256, bytes=record.bytes, tool_call_id=tool_call_id,
                                evidence=checked))
            # A write over an existing file is the next version of it; its bytes are kept in the folder's .mira/.
            version = await asyncio.to_thread(
                versioning.record, self.store, conversation_id=run.conversation_id, task_id=run.task_id,
                ws=run.ws, path=record.path, sha256=record.sha256, size=record.bytes, artifact_id=row.id,
                approval=versioning.approval_for_call(self.store, run.task_id, tool_call_id))
            self._reporter.emit(ArtifactCommitted(task_id=run.task_id, artifact_id=row.id, conversation_id=run.conversation_id, path=row.path,
                                                  workspace_path=row.workspace_path,
                                         kind=row.kind, title=row.title, sha256=row.sha256, bytes=row.bytes,
                                                  evidence=checked))
            artifacts.append(_delivered(record, record.title, version.version))
            if checked is not None:
                evidences.append(checked)
        status = outcome.status
        if status == "completed" and not artifacts:
            # complete() after a denied or failed write delivers nothing: say what really happened.
            writes = [r for r in self.store.ledger(run.task_id) if r.agent == agent
                      and r.tool_id in versioning.skill_commands(info) and self.skills.command(r.tool_id).writes]
            if any(r.state == LedgerState.DENIED for r in writes):
                status = "denied"
            elif writes or produced:
                status = "failed"
        summary = " ".join([outcome.summary, *notes]).strip()
        if artifacts:
            # Imported on the first delivery: its patterns (~5 ms to compile) would load with the runtime, which
            # a request waits for (bench/bench_startup.py).
            from desktop.agent import titles

            first = artifacts[0]
            self.store.retitle_conversation(run.conversation_id, titles.made_title(
                title=first.title, kind=first.kind, path=first.path, request=self.store.task(run.task_id).request,
                edited=first.version > 1))
        self._reporter.update_message(run.task_id)
        return FinalizationPacket(status=status, skill_id=outcome.skill_id, summary=summary, artifacts=tuple(artifacts),
                                  evidence=tuple(evidences))

    def _as_before(self, conversation_id: str, record: ArtifactRecord,
                   ev: Evidence | None) -> tuple[str, Evidence | None]:
        """A file whose bytes this conversation already made (a restored version) keeps that artifact's title
        (the document's, not the file stem a restore knows) and its checks: those ran on these very bytes; the
        checks run now replace theirs by name, so a check that fails now still fails."""
        stem = PurePosixPath(record.path).stem
        same = [v for v in self.store.versions(conversation_id, record.path)
                if v.sha256 == record.sha256 and v.artifact_id]
        if not same:
            return record.title, ev
        try:
            before = self.store.artifact(str(same[0].artifact_id))
            earlier = self.store.evidence(before.id)
        except StoreError:
            return record.title, ev
        title = before.title if record.title in ("", stem) and before.title else record.title
        if earlier is None or earlier.sha256 != record.sha256:
            return title, ev
        if ev is None:
            return title, earlier
        now = {c.name: c for c in ev.checks}
        checks = [now.pop(c.name, c) for c in earlier.checks] + list(now.values())
        return title, replace(ev, checks=tuple(checks), counts={**earlier.counts, **ev.counts})

    def _is_input(self, run: Run, path: str) -> bool:
        try:
            return run.ws.resolve(path).is_file()
        except (WorkspaceError, OSError):
            return False

    async def _verify_evidence(self, run: Run, commands: tuple[str, ...],
                               record: ArtifactRecord) -> Evidence | None:
        """Evidence for an artifact that has none yet (e.g. recorded during crash recovery): run <kind>_verify."""
        name = f"{record.kind}_verify"
        if name not in commands:
            return None
        try:
            cmd = self.skills.command(name)
        except CommandError:
            return None
        result = await asyncio.to_thread(invoke, run.ws, cmd, {"path": record.path})
        for ev in result.evidence:
            if ev.path == record.path and ev.sha256 == record.sha256:
                return ev
        return None

    async def _generate(self, run: Run, packet: FinalizationPacket) -> Text | str:
        """One main-model call with tools=[]; a tool call it returns is logged as refused and never run."""
        main = self.store.transcript(run.task_id, MAIN)
        # The request is the last user message: the conversation's context and earlier turns come before it.
        request = next((e.message.get("content", "") for e in reversed(main) if e.message.get("role") == "user"
                        and not str(e.message.get("content", "")).startswith(PACKET_PREFIX)), "")
        packet_text = packet_message(packet)
        messages = [ChatMessage(role="system", content=M.GENERATE_SYSTEM), ChatMessage(role="user", content=request),
                    ChatMessage(role="user", content=packet_text)]
        try:
            completion = await self._calls.model(run, MAIN, messages, [], reserved=True)
        except (ModelError, BudgetExhausted) as exc:
            return fallback_text(packet, model_error=str(exc))
        self.store.append_transcript(run.task_id, MAIN, M.message("user", packet_text))
        entry = self.store.append_transcript(run.task_id, MAIN, M.assistant(completion))
        for i, call in enumerate(completion.tool_calls):
            # Logged refused in one commit: nothing ran, so there is no executing state for recovery to find.
            self.store.log_call(ledger_id=uuid.uuid4().hex, task_id=run.task_id, agent=MAIN,
                                call_key=f"generate:{entry.seq}:{i}", tool_call_id=call.id, tool_id=call.name,
                                input_hash="", state=LedgerState.FAILED, result=outcome_json(REFUSED),
                                tool_message=M.tool_result(call, REFUSED))
        return completion.text.strip() or fallback_text(packet)


def _delivered(record: ArtifactRecord, title: str, version: int) -> Delivered:
    return Delivered(path=record.path, kind=record.kind, sha256=record.sha256, bytes=record.bytes, title=title,
                     version=version)


def _key(ws: Workspace, rel: Any) -> Any:
    """One key per workspace file: "./a.txt" and "a.txt" are the same; a refused path stays as written."""
    if not isinstance(rel, str):
        return rel
    try:
        return ws.relative(ws.resolve(rel))
    except WorkspaceError:
        return rel


def fallback_text(packet: FinalizationPacket, model_error: str = "") -> Text:
    """An honest delivery message built from the packet alone (no model), as message values."""
    status = packet.status
    lines: list[Msg | str] = []
    if status == "completed" and packet.artifacts:
        lines.append(msg("delivery.made"))
        for art in packet.artifacts:
            ev = packet.evidence_for(art.path)
            statuses = [c.status for c in ev.checks] if ev is not None else []
            lines.append(msg("delivery.file", path=art.path, kind=art.kind.upper(), size=file_size(art.bytes),
                             verdict=checks_verdict(statuses)))
    elif status == "completed":
        if not packet.summary:  # else the summary says what happened, a failure too
            lines.append(skill_msg("reply.done"))
    elif status == "denied":
        lines.append(msg("delivery.denied"))
    else:
        lines.append(skill_msg("reply.not_finished"))
    if packet.summary:
        lines += ["", packet.summary] if lines else [packet.summary]
    if model_error:
        lines += ["", msg("delivery.no_model", error=model_error)]
    return Text(lines=tuple(lines))

