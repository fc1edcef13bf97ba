"""One working folder per conversation: a readable, unique folder under the workspace root named from the
conversation's title (kept when the conversation is renamed), or a folder the user chose."""
from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

from desktop.errors import AgentError
from desktop.store import Store
from skills.runtime.versions import PRIVATE_DIR
from desktop.messages import msg

MAX_NAME = 60
_UNSAFE = re.compile(r"[^\w\-]+", re.UNICODE)
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


class FolderError(AgentError):
    """A folder cannot be a working folder; the message says why."""


def readable_name(title: str) -> str:
    """A folder name from a title: letters and digits of any script kept, the rest folded into "-"."""
    text = unicodedata.normalize("NFKC", title).strip()
    name = _UNSAFE.sub("-", text).strip("-_")[:MAX_NAME].strip("-_")
    if not name or name.lower() in _RESERVED:
        return "conversation"
    return name


def check_folder(folder: str | Path) -> Path:
    """The real (symlink-free) path of a folder a user may work in; created when missing.

    Refused: the filesystem root and the home folder itself (the agent lists and reads what is inside a
    working folder, so it must be a folder meant for the work), and anything that is not a folder.
    """
    raw = Path(folder).expanduser()
    try:
        real = raw.resolve(strict=False)
    except (OSError, RuntimeError) as exc:
        raise FolderError(msg("error.agent_workfolder.used_working_folder", raw=raw, exc=exc)) from None
    if real == Path(real.anchor) or real == Path.home().resolve():
        raise FolderError(msg("error.agent_workfolder.too_broad_working_folder", real=real))
    if real.exists() and not real.is_dir():
        raise FolderError(msg("error.agent_workfolder.file_folder", real=real))
    try:
        real.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FolderError(msg("error.agent_workfolder.created", real=real, value=exc.strerror or exc)) from None
    return real


def assign(store: Store, conversation_id: str, root: Path) -> Path:
    """The conversation's working folder, naming and creating it on first use."""
    folder, _chosen = store.conversation_folder(conversation_id)
    if folder:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        return path
    root = check_folder(root)
    # Imported with the first folder named: titles' patterns would load with the runtime (bench/bench_startup.py).
    from desktop.agent.titles import without_kind

    base = readable_name(without_kind(store.conversation(conversation_id).title))  # "Notes (PDF)" → "Notes"
    taken = store.folders_in_use()
    name, n = base, 2
    while (root / name).exists() or str(root / name) in taken:
        name, n = f"{base}-{n}", n + 1
    path = root / name
    path.mkdir(parents=True)
    store.set_conversation_folder(conversation_id, str(path))
    return path


def choose(store: Store, conversation_id: str, folder: str | Path) -> Path:
    """Make ``folder`` (checked) the conversation's working folder from now on."""
    path = check_folder(folder)
    store.set_conversation_folder(conversation_id, str(path), chosen=True)
    return path


def forget(store: Store, conversation_id: str, *, keep_folder: bool) -> str:
    """Delete the conversation; its folder is kept, or removed when Mira made it (a folder the user chose
    keeps the user's files: only Mira's hidden version area goes). Returns what happened, in plain words."""
    folder, chosen = store.conversation_folder(conversation_id)
    store.delete_conversation(conversation_id)
    if not folder or keep_folder or not Path(folder).is_dir():
        return "kept" if folder else "none"
    if chosen:
        shutil.rmtree(Path(folder) / PRIVATE_DIR, ignore_errors=True)
        return "versions-removed"
    shutil.rmtree(folder, ignore_errors=True)
    return "removed"
