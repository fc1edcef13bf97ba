"""A generic Qt chat shell with message-extension slots.

It knows messages and ``ExtensionRef(message_id, artifact_id, kind)``; nothing
about documents, agents or renderers.
"""
from __future__ import annotations

from uchat._types import ExtensionProvider, ExtensionRef, Message, Role, Status

__all__ = ["ExtensionProvider", "ExtensionRef", "Message", "Role", "Status"]
