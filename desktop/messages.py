"""Texts shared by the agent runtime and the window (kept import-light: the window loads it at startup)."""
from __future__ import annotations

from collections.abc import Sequence
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
}


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
