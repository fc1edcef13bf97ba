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

__all__ = [
    "ArtifactView",
    "CheckView",
    "EvidenceSummary",
    "PendingApproval",
    "RendererHost",
    "RendererSpec",
]
