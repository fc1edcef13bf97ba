"""A task's folder and its attached files: the folder made (a full disk or a read-only workspace said as
such) and each attachment copied in under a usable, free name, through a staging file."""
from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Sequence
from pathlib import Path

from desktop.faults import StorageFault, is_storage_fault
from desktop.texts import tr
from skills.runtime import Workspace
from skills.runtime.workspace import sha256_file


def workspace_name(name: str) -> str:
    """A file name usable as a workspace path: no separators, and no leading "~" (read as home) or "."
    (hidden from list_workspace), so the agent can list and read every attached file."""
    name = name.replace("\\", "_").replace("/", "_")
    return "_" + name[1:] if name[:1] in ("~", ".") else name


def task_folder(folder: Path) -> Workspace:
    """The task's working folder, made now: a full disk or a read-only workspace is said as such."""
    try:
        return Workspace(folder)
    except OSError as exc:
        if is_storage_fault(exc):
            raise StorageFault(tr("what.folder", name=folder.name), folder, exc) from None
        raise


def copy_attachments(ws: Workspace, attachments: Sequence[Path]) -> list[str]:
    """Copy each file into the workspace through a staging name, so a full disk leaves no partial copy."""
    names: list[str] = []
    for src in attachments:
        src = Path(src)
        if not src.is_file():
            raise OSError(f"{src} is not a readable file")
        first = workspace_name(src.name)
        stem, suffix = Path(first).stem, Path(first).suffix
        name, n = first, 2
        while (ws.root / name).exists():
            if (ws.root / name).is_file() and sha256_file(ws.root / name) == sha256_file(src):
                break  # the same file attached again in a later turn: use the copy already there
            name, n = f"{stem}-{n}{suffix}", n + 1
        target = ws.resolve(name)
        if target.exists() and target.samefile(src):  # a file of the folder itself is already there
            names.append(name)
            continue
        staging = target.with_name(f"{Workspace.STAGING_PREFIX}{uuid.uuid4().hex[:16]}{suffix}")
        try:
            shutil.copyfile(src, staging)
            os.replace(staging, target)
        except OSError as exc:
            staging.unlink(missing_ok=True)
            if is_storage_fault(exc):
                raise StorageFault(tr("what.attachment", name=src.name), target, exc) from None
            raise
        names.append(name)
    return names


