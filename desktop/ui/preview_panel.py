"""The side panel that holds one large artifact preview from the renderer registry.

Its header names the file and the version shown ("q3-review.pptx · v3, current"); an older version has a
banner with "Go to current". Which file and version it shows is decided by
:class:`desktop.ui.preview_follow.PreviewFollower`."""
from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from desktop.heap import release_freed_memory
from desktop.i18n import tr

if TYPE_CHECKING:
    from renderers import ArtifactView
    from renderers.registry import Registry


RELEASE_AFTER_MS = 1500  # after a preview closes: its deferred deletion and the page cache's release are done


class MiddleElidedLabel(QLabel):
    """A one-line label elided in the middle (a file name keeps its start and suffix) when the panel is narrower
    than its text (the tool tip has it all)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(40)

    def set_full_text(self, text: str) -> None:
        self._full = text
        self._elide()

    def full_text(self) -> str:
        return self._full

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideMiddle, max(self.width(), 40))
        if shown != self.text():
            self.setText(shown)
        self.setAccessibleName(self._full)


class PreviewPanel(QFrame):
    """Header (file · version, close), a banner for an older version, the renderer's preview widget;
    hidden until something is opened."""

    sig_closed = Signal()
    sig_go_current = Signal()

    def __init__(self, registry: Registry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previewPanel")
        self.registry = registry
        self.view: ArtifactView | None = None
        self.preview: QWidget | None = None
        self.label = ""  # what the header says of the file and version, before eliding
        self.older: tuple[int, int] | None = None  # (shown, current) version while an older one is shown
        self.title = MiddleElidedLabel(self)
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
        self.banner = QFrame(self)
        self.banner.setObjectName("olderVersionBanner")
        self.banner_text = QLabel(self.banner)
        self.banner_text.setWordWrap(True)
        self.go_current_button = QPushButton(self.banner)
        self.go_current_button.clicked.connect(self.sig_go_current.emit)
        row = QHBoxLayout(self.banner)
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(self.banner_text, 1)
        row.addWidget(self.go_current_button)
        self.banner.hide()
        # Once a closed preview (and the page images it kept) is really gone, its memory goes back to
        # the system; a burst of opening and closing does it once (1.5 s after the burst's first close).
        self.release_timer = QTimer(self)
        self.release_timer.setSingleShot(True)
        self.release_timer.setInterval(RELEASE_AFTER_MS)
        self.release_timer.timeout.connect(self._release_memory)

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
        layout.addWidget(self.banner)
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
        self.go_current_button.setText(tr("preview.go_current"))
        self.go_current_button.setAccessibleDescription(tr("a11y.preview.go_current"))
        self.banner.setStyleSheet("QFrame#olderVersionBanner { background: palette(alternate-base); "
                                  "border-bottom: 1px solid palette(mid); }")
        self._show_label()
        if self.message.isVisible():
            self.message.setText(tr("preview.unavailable"))

    def set_version(self, version: int, current: int) -> None:
        """Say which version is shown: the current one, or an older one (banner with "Go to current")."""
        self.older = (version, current) if 0 < version < current else None
        self._show_label()

    def _show_label(self) -> None:
        view = self.view
        if view is None:
            self.label = tr("preview.title")
            tip = ""
        else:
            # The file's own name: the one the folder, the cards and the reply use ("q3-review.pptx · v3, current").
            name = Path(view.workspace_path).name or view.title
            tip = "\n".join(t for t in (view.title, view.workspace_path) if t)
            if self.older is not None:
                self.label = tr("preview.label_older", name=name, version=self.older[0])
            elif view.version >= 1:
                self.label = tr("preview.label_current", name=name, version=view.version)
            else:
                self.label = name
        self.title.set_full_text(self.label)
        self.title.setToolTip(tip or self.label)
        if self.older is not None:
            self.banner_text.setText(tr("preview.older", version=self.older[0], current=self.older[1]))
        self.banner.setVisible(self.older is not None and view is not None)

    def open(self, view: ArtifactView, index: int = 0) -> QWidget | None:
        """Show ``view`` at page/slide/sheet ``index``; an open preview of the same file just moves."""
        if self.preview is not None and self.view is not None and self.view.id == view.id \
                and self.view.sha256 == view.sha256 and hasattr(self.preview, "set_index"):
            self.preview.set_index(index)
            self._show()
            return self.preview
        self._drop_preview()
        self.view = view
        self.older = None
        self._show_label()
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
        self.older = None
        self._show_label()
        self.hide()
        self.sig_closed.emit()

    @staticmethod
    def _release_memory() -> None:
        # The parsed document's own reference cycles (a python-docx package, its lxml trees) are
        # collected here, on the UI thread, rather than whenever a full collection comes round on
        # whichever thread; then the heap's freed pages go back to the system.
        gc.collect()
        release_freed_memory()

    def _drop_preview(self) -> None:
        if self.preview is not None:
            self._body.removeWidget(self.preview)
            # Closed first: its close event forgets the work still under way, whose callbacks hold the
            # preview in a reference cycle; left to the cycle collector, the preview's own Qt objects (a
            # DOCX preview's page-counting document) were freed on whichever thread collected, often a
            # pool thread, and the window crashed later.
            self.preview.close()
            self.preview.deleteLater()
            self.preview = None
            if not self.release_timer.isActive():  # not pushed back by each later close: it comes in any case
                self.release_timer.start()
