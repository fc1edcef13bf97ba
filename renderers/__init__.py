"""Renderer registry, the built-in DOCX/PDF/PPTX/XLSX plugins, and the translator hook."""
from __future__ import annotations

from renderers._api import (
    ArtifactView,
    CheckView,
    EvidenceSummary,
    PendingApproval,
    RendererHost,
    RendererSpec,
)
from renderers._i18n import retranslate_all, set_message_renderer, set_translator, tr, tr_msg
from renderers.registry import Registry, default_registry

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
