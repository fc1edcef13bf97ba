from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


class Role(str, Enum):
    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"


class Status(str, Enum):
    STREAMING = "streaming"
    DONE = "done"
    ERROR = "error"


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtensionRef:
    """All the chat shell ever knows about an artifact or an approval."""

    message_id: str
    artifact_id: str
    kind: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Message:
    id: str
    role: Role
    text: str = ""  # markdown
    status: Status = Status.DONE
    extensions: tuple[ExtensionRef, ...] = ()
    error: str = ""
    # The model's reasoning, drawn as a folded "Thinking…" line above the text; a click unfolds it.
    reasoning: str = ""
    reasoning_open: bool = False


class ExtensionProvider(Protocol):
    """Installed by the host; builds the widget for one extension ref.

    Returning ``None`` means nothing is shown and no space is taken.
    """

    def create(self, ref: ExtensionRef, parent: QWidget) -> QWidget | None: ...
