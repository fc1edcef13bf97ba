"""The side panel that holds one large artifact preview from the renderer registry."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from desktop.i18n import tr

if TYPE_CHECKING:
    from renderers import ArtifactView
    from renderers.registry import Registry


class PreviewPanel(QFrame):
    """Header (title, close) over the renderer's preview widget; hidden until something is opened."""

    sig_closed = Signal()

    def __init__(self, registry: Registry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previewPanel")
        self.registry = registry
        self.view: ArtifactView | None = None
        self.preview: QWidget | None = None
        self.title = QLabel(self)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.close_button = QToolButton(self)
        self.close_button.setAutoRaise(True)
        self.close_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.close_button.clicked.connect(self.close_preview)
        self.message = QLabel(self)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.message.hide()

        header = QHBoxLayout()
        header.setContentsMargins(8, 6, 4, 2)
        header.addWidget(self.title, 1)
        header.addWidget(self.close_button)
        self._body = QVBoxLayout()
        self._body.setContentsMargins(0, 0, 0, 0)
        self._body.addWidget(self.message)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(header)
        layout.addLayout(self._body, 1)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        from PySide6.QtGui import QPalette

        from uchat import set_icon

        self.close_button.setToolTip(tr("preview.close"))
        self.close_button.setText(tr("preview.close"))
        self.close_button.setAccessibleName(tr("preview.close"))
        self.close_button.setAccessibleDescription(tr("a11y.preview.close"))
        set_icon(self.close_button, "close", self.palette().color(QPalette.ColorRole.Text), 16)
        if self.view is None:
            self.title.setText(tr("preview.title"))
        if self.message.isVisible():
            self.message.setText(tr("preview.unavailable"))

    def open(self, view: ArtifactView, index: int = 0) -> QWidget | None:
        """Show ``view`` at page/slide/sheet ``index``; an open preview of the same file just moves."""
        if self.preview is not None and self.view is not None and self.view.id == view.id \
                and self.view.sha256 == view.sha256 and hasattr(self.preview, "set_index"):
            self.preview.set_index(index)
            self._show()
            return self.preview
        self._drop_preview()
        self.view = view
        self.title.setText(view.title or view.workspace_path)
        self.title.setToolTip(view.workspace_path)
        self.preview = self.registry.create_preview(view, self, index)
        if self.preview is None:
            self.message.setText(tr("preview.unavailable"))
            self.message.show()
        else:
            self.message.hide()
            self._body.addWidget(self.preview, 1)
        self._show()
        return self.preview

    def _show(self) -> None:
        from uchat import show_icon

        self.show()
        show_icon(self.close_button)  # drawn once the panel is first opened, not with the first frame

    def close_preview(self) -> None:
        self._drop_preview()
        self.view = None
        self.title.setText(tr("preview.title"))
        self.hide()
        self.sig_closed.emit()

    def _drop_preview(self) -> None:
        if self.preview is not None:
            self._body.removeWidget(self.preview)
            self.preview.deleteLater()
            self.preview = None
