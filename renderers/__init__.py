"""Renderer registry, the built-in DOCX/PDF/PPTX/XLSX plugins, and the translator hook.

Every name loads on first use (PEP 562). The view types: building them (frozen dataclasses, a Protocol)
cost ~3 ms of the first frame for cards that only come once a conversation is shown. The translator hook
too, and for a stronger reason: a package that imports its own submodule while it loads deadlocks with a
thread that imports that submodule first (each holds the lock the other waits for; tests/test_import_graph.py).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from renderers._i18n import retranslate_all, set_message_renderer, set_translator, tr, tr_msg
    from renderers._api import ArtifactView, CheckView, EvidenceSummary, PendingApproval, RendererHost, RendererSpec
    from renderers.registry import Registry, default_registry

_LAZY = {"ArtifactView": "renderers._api", "CheckView": "renderers._api", "EvidenceSummary": "renderers._api",
         "PendingApproval": "renderers._api", "RendererHost": "renderers._api", "RendererSpec": "renderers._api",
         "Registry": "renderers.registry", "default_registry": "renderers.registry",
         **dict.fromkeys(("retranslate_all", "set_message_renderer", "set_translator", "tr", "tr_msg"), "renderers._i18n")}

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
