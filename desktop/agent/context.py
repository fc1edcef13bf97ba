"""What the main agent sees of its conversation: earlier turns compacted to a token budget, the files in the
working folder, and the artifacts made so far with their current version and a one-line evidence summary.

Compaction is deterministic: the newest turns are kept in full while they fit; older turns become one-line
summaries; when even those do not fit, the oldest are folded into a marker that says how many turns it
stands for and which files they made. Nothing is dropped without a marker.
"""
from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop.agent.budgets import CONTEXT_BUDGET
from desktop.llm.markers import CONTEXT_PREFIX
from desktop.llm.tokens import PER_MESSAGE, count_text, reply_room
from desktop.messages import english
from skills.runtime import Evidence
from desktop.store import Store, StoredMessage, StoreError, VersionRow

DEFAULT_BUDGET = CONTEXT_BUDGET
MARGIN = 64  # tokens kept free below the window: the request's turn markers the budget does not see
MAX_FILES = 200
FULL_CHARS = 1200  # a turn kept in full is still clipped to this many characters per message
SUMMARY_CHARS = 90
FULL_SHARE = 0.6


def estimate_tokens(text: str) -> int:
    """Tokens for ``text`` with the request guard's own counter (desktop/llm/tokens.py), so that a context
    built to fit a budget here fits the same budget when the request is checked before it is sent."""
    return count_text(text)


def budget_for(window: int, prompt_tokens: int, default: int = DEFAULT_BUDGET) -> int:
    """Tokens the earlier turns, files and artifacts may take in a request to a model with a ``window``-token
    context: what is left after the rest of the request (``prompt_tokens``: system prompt, tools, the current
    request) and the room kept for the answer, never more than ``default``. ``window`` 0 (not known):
    ``default``, as before windows were known."""
    if window <= 0:
        return default
    return max(0, min(default, window - reply_room(window) - prompt_tokens - MARGIN))


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn:
    n: int  # 1-based position in the conversation
    user: str
    assistant: str
    made: tuple[str, ...]  # files this turn's artifacts were written to


@dataclass(frozen=True, slots=True, kw_only=True)
class Context:
    """The context of one request, ready to put in front of the main agent."""

    messages: tuple[dict[str, str], ...]  # the context message, then the turns kept in full as user/assistant
    tokens: int
    budget: int
    turns: int
    full: int  # turns shown in full
    summarised: int  # turns shown as one-line summaries
    folded: int  # turns only counted in the marker
    data: Mapping[str, Any]  # the JSON of the context message


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def turns_of(messages: Sequence[StoredMessage], made: Mapping[str, Sequence[str]]) -> list[Turn]:
    """Pair each user message with the assistant reply after it (the reply may be missing)."""
    turns: list[Turn] = []
    user: StoredMessage | None = None
    for m in messages:
        if m.role == "user":
            if user is not None:
                turns.append(Turn(n=len(turns) + 1, user=user.text, assistant="", made=()))
            user = m
        elif m.role == "assistant" and user is not None:
            turns.append(Turn(n=len(turns) + 1, user=user.text, assistant=english(m.words), made=tuple(made.get(m.id, ()))))
            user = None
    if user is not None:
        turns.append(Turn(n=len(turns) + 1, user=user.text, assistant="", made=()))
    return turns


def summary(turn: Turn) -> str:
    """One deterministic line for a turn: what was asked, what came of it."""
    asked = _clip(turn.user.splitlines()[0] if turn.user.strip() else "", SUMMARY_CHARS)
    answer = next((ln for ln in turn.assistant.splitlines() if ln.strip()), "")
    result = ("made " + ", ".join(turn.made)) if turn.made else _clip(answer, SUMMARY_CHARS) or "no reply"
    return f"asked: {asked} → {result}"


def evidence_line(evidence: Evidence | None) -> str:
    checks = evidence.checks if evidence is not None else ()
    if not checks:
        return "no checks recorded"
    counts = {s: sum(1 for c in checks if c.status == s) for s in ("passed", "failed", "not_run")}
    parts = [f"{counts['passed']} checks passed"]
    if counts["failed"]:
        parts.append(f"{counts['failed']} failed")
    if counts["not_run"]:
        parts.append(f"{counts['not_run']} not run")
    return ", ".join(parts)


def folder_files(folder: Path, limit: int = MAX_FILES) -> tuple[list[dict[str, Any]], int]:
    """Files in the working folder (hidden and staging entries skipped), and how many more there are."""
    files: list[dict[str, Any]] = []
    more = 0
    if not folder.is_dir():
        return files, 0
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(p.startswith(".") for p in rel.parts) or path.is_symlink() or not path.is_file():
            continue
        if len(files) >= limit:
            more += 1
            continue
        files.append({"path": rel.as_posix(), "bytes": path.stat().st_size})
    return files, more


def artifacts_of(store: Store, conversation_id: str) -> list[dict[str, Any]]:
    """Every file Mira made or changed in the conversation, current version first in importance order:
    the most recently changed file last (that is the one "it" means)."""
    latest = store.latest_versions(conversation_id)
    all_versions: dict[str, list[VersionRow]] = {}
    for v in store.versions(conversation_id):
        all_versions.setdefault(v.path, []).append(v)
    out = []
    for v in latest:
        art = store.artifact(v.artifact_id) if v.artifact_id else None
        out.append({
            "path": v.path, "kind": art.kind if art else Path(v.path).suffix.lstrip(".").lower(),
            "version": v.version, "bytes": v.bytes, "sha256": v.sha256, "task": v.task_id,
            "evidence": evidence_line(store.evidence(art.id)) if art else "not checked",
            "changed": v.change.english(),
            "versions": [{"version": o.version, "sha256": o.sha256} for o in all_versions.get(v.path, [])],
        })
    return out


def build(store: Store, conversation_id: str, folder: Path, *, exclude: Collection[str] = (),
          budget: int = DEFAULT_BUDGET) -> Context:
    """The context for a new request in ``conversation_id`` (``exclude``: the message ids of this request)."""
    messages = [m for m in store.messages(conversation_id) if m.id not in exclude]
    made: dict[str, list[str]] = {}
    for task_msg, path in _made_by_message(store, conversation_id):
        made.setdefault(task_msg, []).append(path)
    turns = turns_of(messages, made)
    files, more = folder_files(folder)
    data: dict[str, Any] = {
        "working_folder": {"files": files, **({"more_files": more} if more else {})},
        "artifacts": artifacts_of(store, conversation_id),
        "earlier_turns": {"total": len(turns)},
    }
    fixed = estimate_tokens(CONTEXT_PREFIX + json.dumps(data, ensure_ascii=False)) + PER_MESSAGE
    full: list[Turn] = []
    used = fixed + 60  # the turn bookkeeping fields
    costs = [estimate_tokens(_clip(t.user, FULL_CHARS)) + estimate_tokens(_clip(t.assistant, FULL_CHARS))
             + 2 * PER_MESSAGE for t in turns]
    # When not every turn fits in full, the newest take at most FULL_SHARE of the room, so the older ones
    # still get their one-line summaries instead of vanishing behind the marker.
    room = budget if used + sum(costs) <= budget else used + int((budget - used) * FULL_SHARE)
    for turn, cost in zip(reversed(turns), reversed(costs)):  # newest first, while whole turns fit
        if used + cost > room:
            break
        full.insert(0, turn)
        used += cost
    older = turns[: len(turns) - len(full)]
    summaries: list[dict[str, Any]] = []
    for turn in reversed(older):
        line = {"turn": turn.n, "summary": summary(turn)}
        cost = estimate_tokens(json.dumps(line, ensure_ascii=False)) + 1
        if used + cost > budget - 40:  # room for the marker
            break
        summaries.insert(0, line)
        used += cost
    folded = older[: len(older) - len(summaries)]
    record = data["earlier_turns"]
    record.update({"shown_in_full": len(full), "summarised": len(summaries)})
    if folded:
        files_made = sorted({p for t in folded for p in t.made})
        record["marker"] = (f"[{len(folded)} earliest turns (1–{folded[-1].n}) are not shown: over the context "
                            f"budget of {budget} tokens" + (f"; they made {', '.join(files_made[:10])}" if files_made
                                                            else "") + "]")
    if summaries:
        record["summaries"] = summaries
    if full:
        record["in_full_follow"] = f"turns {full[0].n}–{full[-1].n} follow as messages"
    if not turns and not files and not data["artifacts"]:
        return Context(messages=(), tokens=0, budget=budget, turns=0, full=0, summarised=0, folded=0,
                       data=data)  # a first request in an empty folder: nothing to tell
    ctx_message = {"role": "user", "content": CONTEXT_PREFIX + json.dumps(data, ensure_ascii=False)}
    chat: list[dict[str, str]] = [ctx_message]
    for turn in full:
        chat.append({"role": "user", "content": _clip(turn.user, FULL_CHARS)})
        chat.append({"role": "assistant", "content": _clip(turn.assistant, FULL_CHARS) or "(no reply)"})
    tokens = sum(estimate_tokens(m["content"]) + PER_MESSAGE for m in chat)
    return Context(messages=tuple(chat), tokens=tokens, budget=budget, turns=len(turns), full=len(full), summarised=len(summaries), folded=len(folded),
                   data=data)


def _made_by_message(store: Store, conversation_id: str) -> list[tuple[str, str]]:
    """(assistant message id, file) for every version the conversation's tasks made."""
    out = []
    for v in store.versions(conversation_id):
        if v.task_id:
            try:
                out.append((store.task(v.task_id).message_id, v.path))
            except StoreError:  # a task row gone with a migration: the summary just names no file
                continue
    return out


def parse(content: str) -> Mapping[str, Any] | None:
    """The context data of a context message, or None when ``content`` is not one."""
    if not content.startswith(CONTEXT_PREFIX):
        return None
    try:
        data = json.loads(content[len(CONTEXT_PREFIX):])
    except ValueError:
        return None
    return data if isinstance(data, dict) else None
