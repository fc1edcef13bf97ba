"""Running one command and verifying what it reports (the protected ``verify`` step), plus the file
hashes the gate compares. Pure functions over a workspace: no store, no events."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace

from desktop.agent.outcome import ToolOutcome, failed, from_command
from desktop.agent.state import Run, error, refused
from desktop.faults import NO_SPACE, fault_text, is_storage_fault, writable_folder
from desktop.texts import tr
from desktop.store import ApprovalRow
from skills.runtime import AnyCommand, ArtifactRecord, CommandError, CommandResult, Workspace, WorkspaceError
from skills.runtime.json_types import JsonObject
from skills.runtime.workspace import sha256_file

log = logging.getLogger(__name__)


def file_sha(ws: Workspace, rel: str | None) -> str:
    """sha256 of a workspace file, ``""`` when it does not exist."""
    if not rel:
        return ""
    path = ws.resolve(rel)
    return sha256_file(path) if path.is_file() else ""


def invoke(ws: Workspace, cmd: AnyCommand, args: JsonObject) -> ToolOutcome:
    """Run a command and verify what it reports (the ``run_command`` and ``verify_artifacts`` steps in
    one, for a check the flow does not drive). Never raises."""
    return verify_result(ws, cmd, run_raw(ws, cmd, args))


def run_raw(ws: Workspace, cmd: AnyCommand, args: JsonObject) -> ToolOutcome:
    """Run a command; what its call came to (a failure too). Never raises."""
    try:
        result = cmd.run(ws, dict(args))
    except (CommandError, WorkspaceError) as exc:
        return refused(exc)  # with its message id, for the user's language
    except OSError as exc:
        if not is_storage_fault(exc):
            log.exception("command %s crashed", cmd.name)
            return error(f"{cmd.name} failed unexpectedly: {type(exc).__name__}: {exc}")
        return storage_failure(ws, cmd, args, exc)
    except Exception as exc:  # boundary: a runtime bug becomes a failed call the model sees, not a dead task
        log.exception("command %s crashed", cmd.name)
        return error(f"{cmd.name} failed unexpectedly: {type(exc).__name__}: {exc}")
    if not isinstance(result, CommandResult):
        return error(f"{cmd.name} returned {type(result).__name__}, not a CommandResult")
    if not cmd.writes:
        result = replace(result, artifacts=())  # read-only commands cannot create artifacts
    return from_command(result)


def storage_failure(ws: Workspace, cmd: AnyCommand, args: JsonObject, exc: OSError) -> ToolOutcome:
    """A write the disk or folder refused (full, read-only): not done, nothing published, and ``retryable``
    so the same approved call may run again once the fault is cleared. A read-only command only writes
    scratch files (the LibreOffice render folder): a full disk is said as such; it is not a frozen call."""
    if cmd.writes:
        rel = next((str(args[k]) for k in ("output", cmd.target_arg or "") if k and isinstance(args.get(k), str)), "")
        what = tr("what.document", name=rel or cmd.name)
    else:
        rel = str(args.get("path") or "")
        what = tr("what.render", name=rel or cmd.name)
        if exc.errno not in NO_SPACE:
            return error(f"{cmd.name} could not use {rel or 'its file'}: {exc.strerror or exc}")
    message = fault_text(exc.errno in NO_SPACE, what, ws.root / rel if rel else ws.root)
    log.warning("%s could not write for %s: %s", cmd.name, rel, exc)
    if not cmd.writes:
        return error(message)
    return failed(message, retryable=True, fault="no_space" if exc.errno in NO_SPACE else "denied")


def verify_result(ws: Workspace, cmd: AnyCommand, outcome: ToolOutcome) -> ToolOutcome:
    """The protected ``verify`` step: every file a write reports is re-read from disk."""
    if not outcome.ok or not cmd.writes:
        return outcome
    for record in outcome.artifacts:
        if not (record.path and record.kind and record.sha256):
            return error(f"verification failed: {cmd.name} reported an artifact without path, kind, sha256 and size")
        problem = verify_artifact(ws, record)
        if problem:
            return error(f"verification failed: {problem}")
    return outcome


def written_path(approval: ApprovalRow) -> str | None:
    """The file the frozen call publishes: its ``output`` argument when it has one, else its target."""
    output = approval.arguments.get("output")
    return output if isinstance(output, str) and output.strip() else approval.target_path


def verify_artifact(ws: Workspace, art: ArtifactRecord) -> str | None:
    """None when the file on disk is the one the command reported, else what differs."""
    try:
        path = ws.resolve(art.path, must_exist=True)
    except WorkspaceError as exc:
        return str(exc)
    size, digest = path.stat().st_size, sha256_file(path)
    if size != art.bytes or digest != art.sha256:
        return (f"{art.path} on disk ({size} bytes, sha256 {digest[:12]}) does not match what the command "
                f"reported ({art.bytes} bytes, sha256 {art.sha256[:12]})")
    return None


async def run_command(run: Run, work: Callable[[], ToolOutcome]) -> ToolOutcome:
    """Run ``work`` (a command) in a worker thread. Cancelled mid-command, it is let finish (it publishes
    atomically or not at all) so its result is recorded; ``run.cancel_requested`` tells the loop to stop
    right after."""
    fut = asyncio.ensure_future(asyncio.to_thread(work))
    try:
        return await asyncio.shield(fut)
    except asyncio.CancelledError:
        run.cancel_requested = True
        return await fut


def unwritable_folder(ws: Workspace, cmd: AnyCommand, args: JsonObject) -> str | None:
    """Why the file a write would publish cannot be made in its folder (read-only, not the user's), or None.
    Checked when the write is frozen, so the user is never asked to approve what cannot be done."""
    output = args.get("output")
    rel = output if isinstance(output, str) and output.strip() else args.get(cmd.target_arg or "")
    if not isinstance(rel, str) or not rel.strip():
        return None
    try:
        folder = ws.resolve(rel).parent
    except WorkspaceError:
        return None  # the path itself is refused by the command's own checks, with its own message
    if writable_folder(folder):
        return None
    return tr("fault.readonly_folder", name=rel, folder=str(folder))
