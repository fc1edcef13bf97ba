"""Versions of the files in a conversation's working folder, hooked into the approval gate and the commit.

- freeze: every file a write names (``path``, ``output``, ``inputs``...) is fingerprinted, and the bytes of
  an existing one are kept in the folder's ``.mira/`` store, so the version the write replaces stays
  restorable whatever the command does;
- approve: a fingerprinted file created or changed since freezing refuses the call;
- commit: each verified artifact becomes the next version of its path (the file as it was before Mira first
  wrote over it becomes v1).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from desktop.faults import StorageFault, is_storage_fault
from desktop.messages import msg
from desktop.store import ApprovalRow, Store, TargetRow, VersionRow
from desktop.texts import tr
from skills.messages import Msg, Said, Text, text
from skills.runtime import Workspace, versions
from skills.runtime.workspace import sha256_file

PATH_ARGS = ("path", "output", "output_dir", "target")
LIST_ARGS = ("inputs",)


def _paths(args: Mapping[str, Any]) -> list[str]:
    found = [str(args[n]) for n in PATH_ARGS if isinstance(args.get(n), str) and args[n].strip()]
    for n in LIST_ARGS:
        found += [str(p) for p in args.get(n) or () if isinstance(p, str) and p.strip()]
    return list(dict.fromkeys(found))


def fingerprint(store: Store, conversation_id: str, ws: Workspace, args: Mapping[str, Any]
                ) -> dict[str, tuple[str, int | None]]:
    """``path -> (sha256 or "", version it replaces)`` for every file the call names. The bytes of the file it
    writes over (its ``output``, else its ``path``/``target``) are kept, so that version stays restorable."""
    latest = {v.path: v for v in store.latest_versions(conversation_id)}
    written = next((str(args[n]) for n in ("output", "path", "target") if isinstance(args.get(n), str)), None)
    out: dict[str, tuple[str, int | None]] = {}
    for rel in _paths(args):
        path = ws.resolve(rel)
        key = ws.relative(path)
        if path.is_dir():
            continue
        if not path.is_file():
            out[key] = ("", None)
            continue
        sha = keep(ws, path) if rel == written else sha256_file(path)
        known = latest.get(key)
        out[key] = (sha, known.version if known is not None and known.sha256 == sha else None)
    return out


def keep(ws: Workspace, file: Path) -> str:
    """Keep ``file``'s bytes as a version; a full disk or a read-only folder is said in words."""
    try:
        return versions.keep(ws.root, file)
    except OSError as exc:
        if is_storage_fault(exc):
            raise StorageFault(tr("what.version", name=file.name), file, exc) from None
        raise


def replaced(targets: Sequence[TargetRow], written: str | None) -> TargetRow | None:
    """The fingerprint of the file the call writes over, when it exists already."""
    for t in targets:
        if t.path == written and t.sha256:
            return t
    return None


def changed_since_freeze(ws: Workspace, targets: Sequence[TargetRow]) -> list[str]:
    """Fingerprinted files that were created, changed or removed since the call was frozen. A path that now
    escapes the folder (a symlink swapped in) raises WorkspaceError, as resolving it anywhere else does."""
    moved = []
    for t in targets:
        path = ws.resolve(t.path)
        now = sha256_file(path) if path.is_file() else ""
        if now != t.sha256:
            moved.append(t.path)
    return moved


def change_text(approval: ApprovalRow | None) -> Text:
    """What a write changed, in plain words, from the frozen call's readable before/after pairs."""
    if approval is None:
        return Text()
    pairs = [c for c in approval.changes if c.before or c.after][:2]
    if pairs:
        return text(msg("version.list.more" if len(approval.changes) > 2 else "version.list",
                        changes=[_pair(c.before, c.after) for c in pairs]))
    return approval.summary


def _pair(before: Said, after: Said) -> Msg:
    def clip(s: Said) -> Said:
        if isinstance(s, Msg):  # a side the skill wrote as a message ("Slide 2: Goals") stays one
            return s
        s = " ".join(s.split())
        return s if len(s) <= 60 else s[:59] + "…"

    if not before:
        return msg("version.added", text=clip(after))
    if not after:
        return msg("version.removed", text=clip(before))
    return msg("version.changed", before=clip(before), after=clip(after))


def record(store: Store, *, conversation_id: str, task_id: str, ws: Workspace, path: str, sha256: str,
           size: int, artifact_id: str, approval: ApprovalRow | None) -> VersionRow:
    """Keep the artifact's bytes and record it as the next version of its path."""
    file = ws.resolve(path)
    if file.is_file():
        keep(ws, file)
    if not store.versions(conversation_id, path) and approval is not None:
        before = {t.path: t.sha256 for t in store.approval_targets(approval.id)}.get(path)
        if before and before != sha256 and versions.has(ws.root, before):
            size_before = versions.object_path(ws.root, before).stat().st_size
            store.add_version(conversation_id=conversation_id, path=path, sha256=before, bytes=size_before,
                              task_id=None, change=text(msg("version.before_mira")))
    return store.add_version(conversation_id=conversation_id, path=path, sha256=sha256, bytes=size,
                             artifact_id=artifact_id, task_id=task_id, change=change_text(approval))


def approval_for_call(store: Store, task_id: str, tool_call_id: str) -> ApprovalRow | None:
    return next((a for a in store.approvals(task_id) if a.tool_call_id == tool_call_id), None)


def object_file(folder: str | Path, sha256: str) -> Path:
    """Where the bytes of a kept version live (for compare views and restores)."""
    return versions.object_path(folder, sha256)


FOLDER_COMMANDS = ("version_restore", "export_pdf")
_FORMAT_CREATES = ("docx_create", "pdf_create", "pptx_create", "xlsx_create")


def skill_commands(info: Any) -> tuple[str, ...]:
    """A skill's own commands, plus the working-folder commands (restore a version, export to PDF) for the
    format skills: every format's files have versions, and any of them may be exported."""
    own = tuple(info.commands)
    if any(c in own for c in _FORMAT_CREATES):
        return own + tuple(c for c in FOLDER_COMMANDS if c not in own)
    return own
