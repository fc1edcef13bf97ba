"""The layout half of :class:`uchat.ChatView`: real layouts for rows near the viewport, estimated
heights elsewhere, the scroll position kept (or following new output), extension widgets placed, the
rows painted. The scroll position itself, older history paged in at the top and "Jump to latest" are
:mod:`uchat._scrolling`; :mod:`uchat._view` adds what the user does with messages.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractItemModel, QEvent, QModelIndex, QPersistentModelIndex, QRect, Qt, QTimer, SignalInstance,
)
from PySide6.QtGui import QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton, QAbstractItemView, QPushButton, QStyle, QStyleOptionViewItem, QToolButton, QWidget,
)

from uchat._delegate import ChatDelegate
from uchat._extensions import ExtensionSlots
from uchat._layout import LayoutEngine
from uchat._model import ChatModel, ChatRole
from uchat._scrolling import ScrollFollow
from uchat._types import ExtensionProvider, Message, Role, Status


class LaidOutView(ScrollFollow):
    """Lays out, scrolls and paints a :class:`ChatModel`; subclasses add interaction through
    :meth:`_after_sync` (called after every re-flow)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._width = -1
        self._stick = True  # follow new output while the user is at the bottom
        self._syncing = False
        self._anchor: tuple[str, int] | None = None  # (message id, offset) kept when not at the bottom
        self._last_sync_ms = 0.0
        self._sync_timer = QTimer(self)
        self._sync_timer.setSingleShot(True)
        self._sync_timer.setInterval(0)
        self._sync_timer.timeout.connect(self.sync)
        self.engine = LayoutEngine()
        self.slots = ExtensionSlots(self.viewport(), self.schedule_sync)
        self._delegate = ChatDelegate(self.engine, self._ext_heights, self)
        self.setItemDelegate(self._delegate)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._blink = QTimer(self)
        self._blink.setInterval(350)
        self._blink.timeout.connect(self._on_blink)
        self._streaming_rows: list[int] = []
        self._tab_chain: tuple[int, ...] = ()
        self.jump_button = QToolButton(self)
        self.jump_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.jump_button.clicked.connect(self.scroll_to_bottom)
        self.jump_button.hide()
        self.verticalScrollBar().valueChanged.connect(self._on_value_changed)
        self.verticalScrollBar().setSingleStep(40)
        self.engine.set_style(self.font(), self.palette())

    def _after_sync(self) -> None:
        """Called at the end of every re-flow (rows may have moved)."""

    # -- public API ------------------------------------------------------------------
    def set_extension_provider(self, provider: ExtensionProvider | None) -> None:
        """Install the host's provider; ``create(ref, parent)`` builds slot widgets."""
        self.slots.set_provider(provider)
        self._reestimate()
        self.schedule_sync()

    def reload_extensions(self, message_id: str | None = None) -> None:
        """Ask the provider again for one message's widgets (or all)."""
        if message_id is None:
            self.slots.forget()
        else:
            m = self._message_by_id(message_id)
            if m is not None:
                self.slots.forget(list(m.extensions))
        self.schedule_sync()

    def message_at(self, row: int) -> Message:
        model = self.model()
        if isinstance(model, ChatModel):
            return model.message_at(row)
        found = model.index(row, 0).data(ChatRole.MESSAGE)
        if not isinstance(found, Message):
            raise TypeError(f"row {row} of {type(model).__name__} holds no message")
        return found

    # -- model wiring ----------------------------------------------------------------
    def setModel(self, model: ChatModel | None) -> None:  # type: ignore[override]
        old = self.model()
        if old is not None:
            for sig, slot in self._model_connections(old):
                sig.disconnect(slot)
        super().setModel(model)
        if model is not None:
            for sig, slot in self._model_connections(model):
                sig.connect(slot)
        self.slots.forget()
        self._reestimate()
        self.schedule_sync()

    def _model_connections(self, model: QAbstractItemModel) -> list[tuple[SignalInstance, Callable[..., None]]]:
        return [(model.rowsRemoved, self._on_rows_removed), (model.modelReset, self._on_reset),
                (model.layoutChanged, self._on_reset), (model.rowsMoved, self._on_reset)]

    def rowsInserted(self, parent: QModelIndex | QPersistentModelIndex, start: int, end: int) -> None:
        if not parent.isValid():
            width = self.viewport().width()
            new = [self.engine.estimate(m, width, self._ext_heights(m, width))
                   for m in (self.message_at(r) for r in range(start, end + 1))]
            self._heights[start:start] = new
            self._recount()
            self.schedule_sync()
        super().rowsInserted(parent, start, end)

    def rowsAboutToBeRemoved(self, parent: QModelIndex | QPersistentModelIndex, start: int, end: int) -> None:
        if not parent.isValid():
            for r in range(start, end + 1):
                self.slots.forget(list(self.message_at(r).extensions))
        super().rowsAboutToBeRemoved(parent, start, end)

    def _on_rows_removed(self, parent: QModelIndex, start: int, end: int) -> None:
        if not parent.isValid():
            del self._heights[start:end + 1]
            self._recount()
            self.schedule_sync()

    def _on_reset(self, *args: object) -> None:
        self.slots.forget()
        self._reestimate()
        self.schedule_sync()

    def dataChanged(self, top_left: QModelIndex | QPersistentModelIndex, bottom_right: QModelIndex | QPersistentModelIndex,
                    roles: Sequence[int] = ()) -> None:
        if top_left.isValid():
            for r in range(top_left.row(), bottom_right.row() + 1):
                if not roles or ChatRole.EXTENSIONS in roles:
                    self.slots.release_message(self.message_at(r))
            self.schedule_sync()
        self.viewport().update()

    # -- layout ----------------------------------------------------------------------
    def schedule_sync(self) -> None:
        """Re-flow the rows near the viewport on the next event-loop turn.

        When the last re-flow was expensive (a long message streaming in), the
        next one waits a few times as long, so the UI keeps responding.
        """
        if not self._sync_timer.isActive():
            self._sync_timer.start(min(300, int(3 * self._last_sync_ms)) if self._last_sync_ms > 8 else 0)

    def _ext_heights(self, message: Message, width: int) -> tuple[int, ...]:
        return self.slots.heights(message)

    def _reestimate(self) -> None:
        model = self.model()
        n = model.rowCount() if model is not None else 0
        width = max(1, self.viewport().width())
        est = self.engine.estimate
        self._heights = [est(m, width, self.slots.heights(m)) for m in (self.message_at(r) for r in range(n))]
        self._width = self.viewport().width()
        self._recount()

    def _message_by_id(self, message_id: str) -> Message | None:
        model = self.model()
        if isinstance(model, ChatModel):
            return model.conversation.get(message_id)
        return None

    def sync(self) -> None:
        """Lay out rows near the viewport, keep the scroll position, place widgets."""
        if self._syncing:
            return
        self._sync_timer.stop()
        self._syncing = True
        t0 = time.perf_counter()
        try:
            self._sync()
        finally:
            self._syncing = False
            self._last_sync_ms = (time.perf_counter() - t0) * 1000

    def _sync(self) -> None:
        vp = self.viewport()
        width, page = vp.width(), max(1, vp.height())
        if width != self._width:
            self._reestimate()
        n = len(self._heights)
        sb = self.verticalScrollBar()
        target = sb.value()
        lo = hi = -1
        for _ in range(4):  # real heights move rows; converge in a few passes
            if self._stick:
                target = max(0, self._total() - page)
            else:
                anchored = self._anchor_offset()
                target = anchored if anchored is not None else target
            target = max(0, min(target, self._total() - page))
            lo, hi = self._row_at_y(target - page), self._row_at_y(target + 2 * page)
            changed = False
            for r in range(lo, hi + 1) if n else ():
                m = self.message_at(r)
                self.slots.ensure(m, self.engine.ext_width(width, m.role))
                h = self.engine.layout(m, width, self.slots.heights(m)).height
                if h != self._heights[r]:
                    self._heights[r] = h
                    changed = True
            if not changed:
                break
            self._recount()
        near = {self.message_at(r).id for r in range(lo, hi + 1)} if n else set()
        self.slots.release_except(near)
        sb.setPageStep(page)
        sb.setRange(0, max(0, self._total() - page))
        sb.setValue(target)
        if not self._stick:
            self._remember_anchor()
        self._place_widgets(lo, hi)
        self._streaming_rows = [r for r in range(lo, hi + 1) if n and self.message_at(r).status == Status.STREAMING]
        if self._streaming_rows and not self._blink.isActive():
            self._blink.start()
        elif not self._streaming_rows:
            self._blink.stop()
        self._update_jump_button()
        self._after_sync()
        vp.update()

    def _place_widgets(self, lo: int, hi: int) -> None:
        if lo < 0:
            return
        width, offset = self.viewport().width(), self._offset()
        for r in range(lo, hi + 1):
            m = self.message_at(r)
            if not m.extensions or self.slots.provider is None:
                continue
            heights = self.slots.heights(m)
            row = self.engine.layout(m, width, heights)
            shown = [ref for ref, h in zip(m.extensions, heights, strict=True) if h > 0]
            right = m.role == Role.USER
            for ref, rect in zip(shown, row.ext_rects, strict=False):
                self.slots.place(ref, rect.translated(0, self._tops[r] - offset), right)
        self._chain_tab_order(lo, hi)

    def _chain_tab_order(self, lo: int, hi: int) -> None:
        """Tab from the conversation reaches its cards in reading order (Approve, Deny, Preview…)
        before leaving the view; without this, cards made later sit at the end of the window's chain."""
        chain: list[QWidget] = []
        for r in range(lo, hi + 1) if lo >= 0 else ():
            for ref in self.message_at(r).extensions:
                card = self.slots.widget(ref)
                if card is None:
                    continue
                inside = [w for w in (card, *card.findChildren(QWidget))
                          if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(card)]
                # A card's actions first, its default action (Approve) leading, then what scrolls inside it.
                buttons = [w for w in inside if isinstance(w, QAbstractButton)]
                buttons.sort(key=lambda w: not (isinstance(w, QPushButton) and w.isDefault()))
                chain += buttons
                chain += [w for w in inside if not isinstance(w, QAbstractButton)]
        key = tuple(id(w) for w in chain)
        if key == self._tab_chain:
            return
        self._tab_chain = key
        prev: QWidget = self
        for w in chain:
            QWidget.setTabOrder(prev, w)
            prev = w

    # -- streaming ---------------------------------------------------------------------
    def _on_blink(self) -> None:
        self._delegate.phase += 1
        for r in self._streaming_rows:
            if r < len(self._heights):
                self.viewport().update(self.visualRect(self.model().index(r, 0)))

    # -- events ----------------------------------------------------------------------
    def paintEvent(self, event: object) -> None:
        if not self._heights:
            return
        painter = QPainter(self.viewport())
        offset, clip = self._offset(), event.rect()  # type: ignore[attr-defined]
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        current = self.currentIndex().row()
        sel = self.selectionModel()
        width = self.viewport().width()
        r = self._row_at_y(offset + clip.top())
        while 0 <= r < len(self._heights) and self._tops[r] - offset <= clip.bottom():
            option.rect = QRect(0, self._tops[r] - offset, width, self._heights[r])
            state = QStyle.StateFlag.State_Enabled
            if sel is not None and sel.isRowSelected(r, QModelIndex()):
                state |= QStyle.StateFlag.State_Selected
            if r == current and self.hasFocus():
                state |= QStyle.StateFlag.State_HasFocus
            option.state = state
            self._delegate.paint_message(painter, option, self.message_at(r))
            r += 1
        painter.end()

    def viewportEvent(self, event: QEvent) -> bool:
        # An extension widget that resized itself (setFixedHeight, ...) asks its
        # parent, the viewport, for a new layout.
        if event.type() == QEvent.Type.LayoutRequest:
            self.schedule_sync()
        return super().viewportEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_jump_button()
        self.sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.sync()

    def changeEvent(self, event: object) -> None:
        super().changeEvent(event)  # type: ignore[arg-type]
        kind = event.type()  # type: ignore[attr-defined]
        if kind in (event.Type.PaletteChange, event.Type.FontChange, event.Type.StyleChange):  # type: ignore[attr-defined]
            self.engine.set_style(self.font(), self.palette())
            self._width = -1
            self.schedule_sync()
