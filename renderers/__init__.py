"""Renderer registry and the built-in DOCX/PDF/PPTX/XLSX plugins."""
from __future__ import annotations

from renderers._api import (
    ArtifactView,
    CheckView,
    EvidenceSummary,
    PendingApproval,
    RendererHost,
    RendererSpec,
)
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
]
