"""A generic Qt chat shell with message-extension slots.

It knows messages and ``ExtensionRef(message_id, artifact_id, kind)``; nothing
about documents, agents or renderers.

Pure Python (no Qt): :class:`Conversation` and its events. Qt: :class:`ChatModel`,
:class:`ChatView`, :class:`Composer`, :class:`ChatWidget` (imported lazily so a
headless host can use the conversation without loading Qt).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from uchat._conversation import Changed, Conversation, Event, Inserted, Removed, Reset
    from uchat._i18n import set_translator, tr
    from uchat._types import ExtensionProvider, ExtensionRef, Message, Role, Status
    from uchat._composer import Composer
    from uchat._delegate import ChatDelegate
    from uchat._model import ChatModel, ChatRole
    from uchat._view import ChatView
    from uchat._widget import ChatWidget
    from uchat._chips import AttachmentChip, file_badge
    from uchat._icons import icon, set_icon, show_icon

# Every name loads on first use: a package that imports its own submodule while it loads deadlocks with a
# thread that imports that submodule first (tests/test_import_graph.py).
_LAZY = {
    **dict.fromkeys(("Changed", "Conversation", "Event", "Inserted", "Removed", "Reset"), "uchat._conversation"),
    **dict.fromkeys(("set_translator", "tr"), "uchat._i18n"),
    **dict.fromkeys(("ExtensionProvider", "ExtensionRef", "Message", "Role", "Status"), "uchat._types"),
    "ChatModel": "uchat._model",
    "ChatRole": "uchat._model",
    "ChatView": "uchat._view",
    "ChatDelegate": "uchat._delegate",
    "Composer": "uchat._composer",
    "ChatWidget": "uchat._widget",
    "AttachmentChip": "uchat._chips",
    "file_badge": "uchat._chips",
    "icon": "uchat._icons",
    "set_icon": "uchat._icons",
    "show_icon": "uchat._icons",
    "own_viewport": "uchat._rowview",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'uchat' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "AttachmentChip", "file_badge", "icon", "own_viewport", "set_icon", "show_icon",
    "Changed", "ChatDelegate", "ChatModel", "ChatRole", "ChatView", "ChatWidget", "Composer", "Conversation",
    "Event", "ExtensionProvider", "ExtensionRef", "Inserted", "Message", "Removed", "Reset", "Role", "Status",
    "set_translator", "tr",
]
