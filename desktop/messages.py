"""Texts shared by the agent runtime and the window (kept import-light: the window loads it at startup)."""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from skills.messages import Msg

# English templates of the desktop layer's messages (the terminal's words), by id; see skills.messages.
MESSAGES: dict[str, str | tuple[str, str]] = {
    "cli.approval_needed": "Approval needed: {what}",
    "cli.approve_prompt": "Approve? [y/N] ",
    "cli.approved_yes": "Approved (--yes).",
    "cli.replaces": "Replaces the existing {path}.",
    "cli.replaces_version": "Replaces the existing {path} (v{version}).",
    "cli.file": "{path} ({kind}, {size}; {verdict})",
    "cli.failed": "Failed: {error}",
    # what the runtime stores in a task's chat message (rendered in the reader's language, see stored())
    "task.stopped": "Stopped. Nothing was half-written.",
    "task.failed.budget": "Stopped: {error}.",
    "task.failed.refused": "Stopped: {error}",
    "task.failed.model": "The model failed: {error}",
    "task.failed.internal": "Internal error: {error}",
    "task.failed.interrupted": "This request was interrupted before it started; send it again.",
    "task.failed.folder": "The working folder cannot be used: {error}",
    "task.failed.attachment": "Could not copy the attached file: {error}",
    "delivery.made": "Made:",
    "delivery.file": "- `{path}` ({kind}, {size}): {verdict}",
    "delivery.denied": "Nothing was written: the change was denied.",
    "delivery.no_model": "_(The model could not write the delivery message: {error}.)_",
}

# A stored chat text made of message ids starts with this mark (a control character nobody types), then a
# JSON list of lines: a message (Msg.to_dict) or a plain string (the model's own words, kept as written).
STORED = "\x1emira-msg:"


def msg(id: str, n: int | None = None, /, **params: Any) -> Msg:
    """The message ``id`` of the desktop catalogue with its parameters."""
    return Msg(id, MESSAGES[id], params, n)


def shown_request(request: str, names: Sequence[str]) -> str:
    """The user message as the chat shows and stores it: the request plus one line naming the attachments.

    The model never reads this text (its transcript gets the "[Attached files ...]" line); it is what the
    history shows, also after a restart.
    """
    if not names:
        return request
    line = " · ".join(f"📎 {name}" for name in names)
    return f"{request.rstrip()}\n\n{line}" if request.strip() else line


def stored(*lines: Msg | str) -> str:
    """A chat text the Qt-free runtime stores and every reader renders in its own language (see shown)."""
    return STORED + json.dumps([line.to_dict() if isinstance(line, Msg) else line for line in lines],
                               ensure_ascii=False)


def shown(text: str, say: Callable[[Msg], str]) -> str:
    """A stored chat text for reading: lines of message ids through ``say``; any other text unchanged."""
    if not text.startswith(STORED):
        return text
    try:
        lines = json.loads(text[len(STORED):])
    except ValueError:
        return text
    if not isinstance(lines, list):
        return text
    return "\n".join(say(Msg.from_dict(line)) if isinstance(line, dict) else str(line) for line in lines)


def english(text: str) -> str:
    """A stored chat text in English (for the model's context and logs)."""
    return shown(text, Msg.english)
