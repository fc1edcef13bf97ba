"""Extension slots: host widgets living under messages near the viewport.

Widgets are created through the host's provider only for messages near the
viewport and destroyed when those scroll far away; their last measured height
is remembered (a few ints) so rows keep their size. ``None`` from the provider
means the slot takes no space.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtWidgets import QWidget

from uchat._types import ExtensionProvider, ExtensionRef, Message

log = logging.getLogger(__name__)


class ExtensionSlots(QObject):
    """Owns the live extension widgets of one view."""

    def __init__(self, viewport: QWidget, on_resized: Callable[[], None]) -> None:
        super().__init__(viewport)
        self._viewport = viewport
        self._on_resized = on_resized
        self.provider: ExtensionProvider | None = None
        self._live: dict[ExtensionRef, QWidget | None] = {}
        self._heights: dict[ExtensionRef, int] = {}
        self._owner: dict[QWidget, ExtensionRef] = {}

    # -- reading -------------------------------------------------------------
    def heights(self, message: Message) -> tuple[int, ...]:
        """Heights of the message's slots (0 = nothing shown or not measured yet)."""
        if self.provider is None or not message.extensions:
            return ()
        return tuple(self._heights.get(ref, 0) for ref in message.extensions)

    def widget(self, ref: ExtensionRef) -> QWidget | None:
        """The live widget for ``ref``, if it currently exists."""
        return self._live.get(ref)

    def live_widgets(self) -> list[QWidget]:
        """Every extension widget that exists right now."""
        return [w for w in self._live.values() if w is not None]

    # -- changing ------------------------------------------------------------
    def set_provider(self, provider: ExtensionProvider | None) -> None:
        self.release_all()
        self._heights.clear()
        self.provider = provider

    def ensure(self, message: Message, width: int) -> None:
        """Create missing widgets of ``message`` and measure them at ``width``."""
        if self.provider is None:
            return
        for ref in message.extensions:
            if ref not in self._live:
                self._live[ref] = self._create(ref)
                made = self._live[ref]
                if made is not None:
                    # at the width its slot gives it before it is measured: a card that arranges its buttons
                    # by its width measured the narrow arrangement (268 px high, 170 once placed a moment later)
                    made.resize(min(width, made.maximumWidth()), max(made.height(), 1))
            w = self._live[ref]
            self._heights[ref] = _measure(w, width) if w is not None else 0

    def release_except(self, keep: set[str]) -> None:
        """Destroy the widgets of every message whose id is not in ``keep``."""
        for ref in [r for r in self._live if r.message_id not in keep]:
            self._release(ref)

    def release_message(self, message: Message, keep_refs: bool = True) -> None:
        """Destroy a message's widgets (and forget refs it no longer has)."""
        current = set(message.extensions) if keep_refs else set()
        for ref in [r for r in self._live if r.message_id == message.id and r not in current]:
            self._release(ref)
        for ref in [r for r in self._heights if r.message_id == message.id and r not in current]:
            del self._heights[ref]

    def forget(self, refs: list[ExtensionRef] | None = None) -> None:
        """Drop widgets and remembered heights (all when ``refs`` is None)."""
        if refs is None:
            self.release_all()
            self._heights.clear()
            return
        for ref in refs:
            if ref in self._live:
                self._release(ref)
            self._heights.pop(ref, None)

    def release_all(self) -> None:
        for ref in list(self._live):
            self._release(ref)

    def place(self, ref: ExtensionRef, rect: QRect, align_right: bool = False) -> None:
        """Move a live widget into its slot (narrower if it has a maximum width, then on the
        ``align_right`` side, as under the user's own messages)."""
        w = self._live.get(ref)
        if w is None:
            return
        if w.maximumWidth() < rect.width():
            width = max(w.maximumWidth(), 1)
            x = rect.right() + 1 - width if align_right else rect.x()
            rect = QRect(x, rect.y(), width, rect.height())
        if w.geometry() != rect:
            w.setGeometry(rect)

    # -- internals -----------------------------------------------------------
    def _create(self, ref: ExtensionRef) -> QWidget | None:
        assert self.provider is not None
        try:
            w = self.provider.create(ref, self._viewport)
        except Exception:  # a broken provider must not break the chat
            log.exception("extension provider failed for %s", ref)
            return None
        if w is None:
            return None
        if not isinstance(w, QWidget):
            log.error("extension provider returned %r for %s, not a QWidget", type(w).__name__, ref)
            return None
        if w.parentWidget() is not self._viewport:
            w.setParent(self._viewport)
        self._owner[w] = ref
        w.installEventFilter(self)
        w.show()
        return w

    def _release(self, ref: ExtensionRef) -> None:
        w = self._live.pop(ref, None)
        if w is None:
            return
        self._owner.pop(w, None)
        w.removeEventFilter(self)
        w.hide()
        w.deleteLater()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # A card whose content changed (e.g. a thumbnail arrived) asks for a new
        # layout: re-measure and re-flow the rows.
        if event.type() == QEvent.Type.LayoutRequest and watched in self._owner:
            self._on_resized()
        return False


def _measure(w: QWidget, width: int) -> int:
    width = min(width, w.maximumWidth())
    h = w.heightForWidth(width) if w.hasHeightForWidth() else -1
    if h < 0:
        h = w.sizeHint().height()
    h = max(h, w.minimumHeight(), 1)
    return min(h, w.maximumHeight())
