"""Fake skills and commands for agent tests: real files, real workspace, tiny and fast."""
from __future__ import annotations

import os
import signal
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from desktop.agent import SkillInfo, StaticSkills
from skills.messages import msg
from skills.runtime import ArtifactRecord, Check, Command, CommandError, CommandResult, Evidence, Workspace, WritePlan
from skills.runtime._base import changes_of
from skills.runtime.workspace import sha256_file

BODY = "# Notes skill\nWrite notes with note_write, read them with note_read, then call complete."
ROUTER = "# Router\nPick the notes skill for notes."


def _evidence(ws: Workspace, rel: str, text: str) -> Evidence:
    path = ws.resolve(rel)
    found = path.read_text(encoding="utf-8") == text
    return Evidence(path=rel, kind="txt", sha256=sha256_file(path), bytes=path.stat().st_size,
                    checks=(Check(name="opens", status="passed"), Check(name="content present", status="passed" if found else "failed")),
                    counts={"chars": len(text)})


CRASH_ENV = "MIRA_CRASHPOINT"


def crash_probe(point: str) -> None:
    """SIGKILL this process when ``MIRA_CRASHPOINT`` names ``point`` (a real, unclean death). The crash
    harness passes it to the runtime as its probe; ``inside_publish`` is this fake command's own point."""
    if os.environ.get(CRASH_ENV) == point:
        os.kill(os.getpid(), signal.SIGKILL)


def _write(ws: Workspace, args: dict[str, Any]) -> CommandResult:
    rel, text = args["path"], args["text"]
    if not rel.endswith(".txt"):
        raise CommandError("path must end with .txt")
    target = ws.resolve(rel)
    if target.exists() and not args.get("overwrite"):
        raise CommandError(f"{rel} exists; pass overwrite=true to replace it")
    # The crash test counts executions in <workspace root>/../side.log when it created that file
    # (append-only, fsynced); the path comes from the workspace so parallel runs never share it.
    side_log = ws.root.parent.parent / "side.log"
    if side_log.exists():
        with open(side_log, "a", encoding="utf-8") as fh:
            fh.write(f"{rel}\n")
            fh.flush()
            os.fsync(fh.fileno())
    with ws.publish(rel) as staging:
        staging.write_text(text, encoding="utf-8")
        crash_probe("inside_publish")
    path = ws.resolve(rel)
    record = ArtifactRecord(path=rel, kind="txt", sha256=sha256_file(path), bytes=path.stat().st_size, title=args.get("title", ""))
    return CommandResult(ok=True, message=f"wrote {rel}", data={"chars": len(text)}, artifacts=(record,), evidence=(_evidence(ws, rel, text),))


def _describe(ws: Workspace, args: dict[str, Any]) -> WritePlan:
    target = ws.resolve(args["path"])
    before = target.read_text(encoding="utf-8") if target.exists() else ""
    return WritePlan(summary=msg("summary.writes", name=args["path"]), changes=changes_of([[before, args["text"]]]))


def _read(ws: Workspace, args: dict[str, Any]) -> CommandResult:
    path = ws.resolve(args["path"], must_exist=True)
    return CommandResult(ok=True, message=f"read {args['path']}", data={"text": path.read_text(encoding="utf-8")})


NOTE_WRITE = Command(args_type=dict,
    name="note_write", description="Write a text note.",
    input_schema={"type": "object", "properties": {"path": {"type": "string"}, "text": {"type": "string"},
                                                   "title": {"type": "string"}, "overwrite": {"type": "boolean"}},
                  "required": ["path", "text"], "additionalProperties": False},
    writes=True, run=_write, target_arg="path", describe=_describe)
NOTE_READ = Command(args_type=dict,
    name="note_read", description="Read a text note.",
    input_schema={"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"],
                  "additionalProperties": False},
    writes=False, run=_read)


def fake_skills(build_identity: str = "build-1", max_steps: int = 8,
                extra: Sequence[Command] = ()) -> StaticSkills:
    notes = SkillInfo(id="notes", name="笔记", description="Write text notes.", commands=("note_write", "note_read", *(c.name for c in extra)),
                      execution={"profile": "skill-agent", "max_steps": max_steps})
    router = SkillInfo(id="router", name="路由", description="Pick a skill.", commands=(), execution=None)
    commands = {c.name: c for c in (NOTE_WRITE, NOTE_READ, *extra)}
    return StaticSkills({"notes": (notes, BODY), "router": (router, ROUTER)}, commands, build_identity)


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def finish_steps() -> list:
    """What the skill agent and the generate step say after the approved note_write (crash test)."""
    import json

    from desktop.llm import Completion
    from desktop.llm.scripted import tool_turn

    return [tool_turn(("s2", "complete", json.dumps({"summary": "wrote note.txt", "artifacts": ["note.txt"]}))),
            Completion(text="Done.")]
