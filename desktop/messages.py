"""Texts shared by the agent runtime and the window (kept import-light: the window loads it at startup)."""
from __future__ import annotations

from collections.abc import Sequence


def shown_request(request: str, names: Sequence[str]) -> str:
    """The user message as the chat shows and stores it: the request plus one line naming the attachments.

    The model never reads this text (its transcript gets the "[Attached files ...]" line); it is what the
    history shows, also after a restart.
    """
    if not names:
        return request
    line = " · ".join(f"📎 {name}" for name in names)
    return f"{request.rstrip()}\n\n{line}" if request.strip() else line
