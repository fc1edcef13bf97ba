"""The desktop layer's exceptions, one tree (ARCHITECTURE §11). Catch the narrowest type; a bare
``except Exception`` belongs only at a boundary that reports to the user or the log.

    MiraError                       anything Mira refuses or fails on, with a message for the user
    ├── StoreError                  desktop.store.errors: unknown id, bad value, unreadable database
    │   └── StorageFull             the database is full (SQLITE_FULL): the change was rolled back
    ├── StorageFault                desktop.faults: a file could not be written (no space, read-only folder)
    ├── AgentError                  desktop.agent
    │   ├── ApprovalError           gate: an approve/deny was refused (tampered, stale, decided, running)
    │   ├── BudgetExhausted         budgets: a task budget ran out
    │   ├── ToolInputError          tools: a tool call's arguments were refused (shown to the model)
    │   ├── SkillUnavailable        skillsource: unknown or instruction-only skill, untrusted body
    │   ├── FlowError               flows: a step this Mira cannot run, or a task under another flow
    │   └── FolderError             workfolder: a folder that cannot be a conversation's working folder
    ├── ModelError                  desktop.llm: the model call failed (network, protocol, deadline)
    │   ├── ContextTooSmall         tokens: the request would not fit the model's context window; not sent
    │   ├── AnswerCut               turn: the server cut the answer at the output limit
    │   ├── StepCut                 loop: the output limit cut a skill agent's step; Continue asks for it again
    │   └── _NoToolStream           openai_provider: a streamed answer came back empty or lost a call's arguments
    ├── SettingsError               desktop.llm.settings: a model setting was refused (a ValueError too)
    ├── KeyStoreError               desktop.llm.keys: the API key could not be stored or read
    └── ListingError                desktop.llm.keys: the server's model list could not be read (a ValueError too)

The skills layer has its own tree (``skills/runtime/errors.py``); the agent turns those into tool errors
the model sees. ``except Exception`` stays at boundaries: a command's run (a runtime bug becomes a failed
call), an event listener, one task's drive (ends that task, never the app), a UI action.

Leaf modules define their own class and derive it from here, so this module imports nothing of Mira.

``str(exc)`` is English (logs, the model). A user reads ``exc.msg`` when it is set: the same failure as a
message id with parameters (``skills.messages.Msg``), rendered in their language; ``exc.details`` keeps a
lower layer's own text (a server's reply, an OSError) for a details view, never as the main words.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skills.messages import Msg


class MiraError(Exception):
    """Base of every error Mira raises on purpose; ``str(exc)`` is a message a user may see (in English)."""

    def __init__(self, *args: object, msg: Msg | None = None, details: str = "") -> None:
        super().__init__(*args)
        if msg is None and args and _is_message(args[0]):
            msg = args[0]  # type: ignore[assignment]  # raised with its message value: str(exc) is its English
        self.msg = msg
        self.details = details


def _is_message(value: object) -> bool:
    from skills.messages import Msg  # here: this module imports nothing of Mira at load

    return isinstance(value, Msg)


class AgentError(MiraError):
    """Raised by desktop.agent."""
