"""Base of the built-in format plugins: one card class, one preview class, one image renderer."""
from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

from renderers._api import ArtifactView, RendererHost
from renderers.qt_card import ArtifactCard, RenderImage
from renderers.qt_preview import PreviewBase


class FormatRenderer:
    """A renderer plugin: ``card(view, host, parent)`` and ``preview(view, parent, index)``."""

    kind: ClassVar[str] = ""
    preview_class: ClassVar[type[PreviewBase]]

    @staticmethod
    def render_image(path: Path, index: int, width: int) -> tuple[QImage, int]:
        raise NotImplementedError

    def card(self, view: ArtifactView, host: RendererHost, parent: QWidget | None = None) -> ArtifactCard:
        render: RenderImage = type(self).render_image
        return ArtifactCard(view, host, parent, render_image=render)

    def preview(self, view: ArtifactView, parent: QWidget | None = None, index: int = 0,
                **options: object) -> PreviewBase:
        return self.preview_class(view, parent, index, **options)  # type: ignore[arg-type]
