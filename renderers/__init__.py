"""Renderer registry, the built-in DOCX/PDF/PPTX/XLSX plugins, and the translator hook.

The view types and the registry load on first use (PEP 562): the window installs the translator
hook before its first frame, and building the view types (frozen dataclasses, a Protocol) cost ~3 ms
of that frame for cards that only come once a conversation is shown.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from renderers._i18n import retranslate_all, set_message_renderer, set_translator, tr, tr_msg

if TYPE_CHECKING:
    from renderers._api import ArtifactView, CheckView, EvidenceSummary, PendingApproval, RendererHost, RendererSpec
    from renderers.registry import Registry, default_registry

_LAZY = {"ArtifactView": "renderers._api", "CheckView": "renderers._api", "EvidenceSummary": "renderers._api",
         "PendingApproval": "renderers._api", "RendererHost": "renderers._api", "RendererSpec": "renderers._api",
         "Registry": "renderers.registry", "default_registry": "renderers.registry"}

__all__ = [
    "ArtifactView",
    "CheckView",
    "EvidenceSummary",
    "PendingApproval",
    "RendererHost",
    "RendererSpec",
    "Registry",
    "default_registry",
    "retranslate_all",
    "set_message_renderer",
    "set_translator",
    "tr",
    "tr_msg",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'renderers' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
