"""The scrolling half of :class:`uchat._viewbase.LaidOutView`: following new output while the user is at
the bottom, keeping the message the user was reading in place otherwise, paging older history in near
the top, and the "Jump to latest" button.

A layer between the row view and the laid-out view, so its Qt overrides (scrollContentsBy,
updateGeometries, ...) are the ones Qt calls; the layout it asks for (:meth:`sync`, :meth:`message_at`) is
the laid-out view's."""
from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractItemView, QToolButton

from uchat._i18n import tr
from uchat._icons import set_icon, show_icon
from uchat._model import ChatModel
from uchat._rowview import RowListView
from uchat._types import Message

_BOTTOM_SLACK = 4  # px from the end that still count as "at the bottom"


class ScrollFollow(RowListView):
    """Scroll position and history paging (uses the view's row geometry and :meth:`sync`)."""

    # Set up by the laid-out view.
    jump_button: QToolButton
    _stick: bool
    _syncing: bool
    _anchor: tuple[str, int] | None

    # -- the layout, from the laid-out view ------------------------------------------------
    def sync(self) -> None:
        """Lay out the rows near the viewport now."""
        raise NotImplementedError

    def schedule_sync(self) -> None:
        """Lay out the rows soon (coalesced)."""
        raise NotImplementedError

    def message_at(self, row: int) -> Message:
        raise NotImplementedError

    def retranslate_jump(self) -> None:
        self.jump_button.setText(tr("Jump to latest"))
        self.jump_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        set_icon(self.jump_button, "arrow-down", self.palette().color(QPalette.ColorRole.Text), 16)
        self.jump_button.setAccessibleName(tr("Jump to latest"))
        self.jump_button.setAccessibleDescription(tr("Scroll to the newest message"))
        self.jump_button.adjustSize()
        self._place_jump_button()

    # -- public API ------------------------------------------------------------------
    def is_at_bottom(self) -> bool:
        """True while the view follows new output."""
        return self._stick

    def scroll_to_bottom(self) -> None:
        """Jump to the latest message and follow new output again."""
        self._stick = True
        self.sync()

    def scroll_to_message(self, message_id: str) -> bool:
        """Bring a message into view (and stop following new output)."""
        model = self.model()
        if not isinstance(model, ChatModel) or message_id not in model.conversation:
            return False
        self.sync()
        self.scrollTo(model.index(model.conversation.index_of(message_id), 0),
                      QAbstractItemView.ScrollHint.PositionAtTop)
        return True

    # -- position ----------------------------------------------------------------------
    def _anchor_offset(self) -> int | None:
        """Content offset that keeps the anchored message where the user left it."""
        if self._anchor is None:
            return None
        model = self.model()
        if not isinstance(model, ChatModel) or self._anchor[0] not in model.conversation:
            return None
        row = model.conversation.index_of(self._anchor[0])
        return self._tops[row] + self._anchor[1] if row < len(self._heights) else None

    def _remember_anchor(self) -> None:
        row = self._row_at_y(self._offset())
        self._anchor = None if row < 0 else (self.message_at(row).id, self._offset() - self._tops[row])

    # -- scrolling -------------------------------------------------------------------
    def _on_value_changed(self, value: int) -> None:
        if self._syncing:
            return
        self._user_scrolled()
        model = self.model()
        if value <= self.viewport().height() // 4 and model is not None and model.canFetchMore(QModelIndex()):
            QTimer.singleShot(0, self, self._fetch_older)

    def _fetch_older(self) -> None:
        model = self.model()
        if model is not None and model.canFetchMore(QModelIndex()) and not self._stick:
            self._remember_anchor()
            model.fetchMore(QModelIndex())

    def _user_scrolled(self) -> None:
        sb = self.verticalScrollBar()
        self._stick = sb.value() >= sb.maximum() - _BOTTOM_SLACK
        self._remember_anchor()
        self._update_jump_button()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().scroll(0, dy)
        if not self._syncing:
            self._user_scrolled()  # before sync, so sync keeps the user's position
            self.sync()

    def verticalScrollbarValueChanged(self, value: int) -> None:
        # The base class fetches more rows at the *end*; older history loads at
        # the top here (see _on_value_changed), so its behaviour is replaced.
        pass

    def updateGeometries(self) -> None:
        # Replaces the base version, which would also fetch more at the end.
        self.schedule_sync()

    def _update_jump_button(self) -> None:
        show = not self._stick and self.verticalScrollBar().maximum() > 0
        self.jump_button.setVisible(show)
        if show:
            show_icon(self.jump_button)
            self._place_jump_button()
            self.jump_button.raise_()

    def _place_jump_button(self) -> None:
        vp = self.viewport().geometry()
        b = self.jump_button
        b.move(vp.right() - b.width() - 16, vp.bottom() - b.height() - 12)

