"""ChatView: one item view, one model, one delegate, plus extension slots.

Rows near the viewport get real layouts (and their extension widgets); rows far
away keep estimated heights (see :class:`uchat._viewbase.LaidOutView`), so work and
memory grow with what is visible, not with the length of the history. This module
adds what a user does with messages: copy, actions, links, selecting text.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QPoint, QPointF, Qt, QUrl, Signal
from PySide6.QtGui import (
    QAction, QContextMenuEvent, QDesktopServices, QFocusEvent, QGuiApplication, QKeyEvent, QKeySequence, QMouseEvent,
)
from PySide6.QtWidgets import QMenu, QWidget

from uchat import _a11y
from uchat._actions import ActionBar, TextRange, document_links
from uchat._i18n import tr
from uchat._layout import FOLD_SCHEME, THINKING_SCHEME
from uchat._model import ChatModel, ChatRole, accessible_text
from uchat._types import Message, Role
from uchat._viewbase import LaidOutView

_OPENABLE = ("http", "https", "mailto")


class ChatView(LaidOutView):
    """Shows a :class:`ChatModel`: markdown bubbles with extension widgets below."""

    sig_link_activated = Signal(str)
    sig_message_action = Signal(str, str)  # action id (retry, edit…), message id: the host's to carry out

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.accessible_items = _a11y.MessageItems(self, self)
        # Items belong to Qt's accessibility cache, not to this widget: free them with it.
        self.destroyed.connect(self.accessible_items.drop)
        _a11y.install(ChatView)
        self._press_anchor = ""
        self._link_handlers: dict[str, Callable[[str], None]] = {FOLD_SCHEME: self._toggle_fold}
        self.actions_bar = ActionBar(self.viewport())
        self.actions_bar.sig_triggered.connect(self.trigger_action)
        # Which actions a message offers; the host adds its own (retry, edit) for the messages it can redo.
        self.actions_for: Callable[[Message], Sequence[str]] = lambda m: ("copy",)
        self._hover_row = -1
        self.text_range: TextRange | None = None
        self.retranslate()
        self.setModel(ChatModel(parent=self))

    def _after_sync(self) -> None:
        if self.actions_bar.isVisible():
            self._place_actions()

    # -- what a screen reader gets (see uchat._a11y) -----------------------------------
    def accessible_parts(self, message_id: str) -> list[QWidget]:
        """The widgets under a message a user can reach: its cards, then its action buttons."""
        m = self._message_by_id(message_id)
        if m is None:
            return []
        parts = [w for w in (self.slots.widget(ref) for ref in m.extensions) if w is not None and not w.isHidden()]
        if self.actions_bar.isVisible() and self.actions_bar.message_id == message_id:
            parts += [b for b in self.actions_bar.buttons.values() if not b.isHidden()]
        return parts

    def spoken_text(self, row: int) -> str:
        """What a screen reader says for the message in ``row``: who wrote it and the text as shown
        (markdown rendered, not its marks), then errors and attachments."""
        m = self.message_at(row)
        shown = self.rendered_text(m)
        if not shown:  # a message that is only a card (an approval, a file): say what the card says
            cards = (self.slots.widget(ref) for ref in m.extensions)
            shown = "\n".join(w.accessibleName() for w in cards if w is not None and w.accessibleName())
        return accessible_text(replace(m, text=shown))

    def rowsInserted(self, parent: QModelIndex | QPersistentModelIndex, start: int, end: int) -> None:
        super().rowsInserted(parent, start, end)
        if not parent.isValid():
            _a11y.rows_inserted(self.accessible_items, start, end)

    def rowsAboutToBeRemoved(self, parent: QModelIndex | QPersistentModelIndex, start: int, end: int) -> None:
        if not parent.isValid():
            _a11y.rows_removing(self.accessible_items, start, end)
        super().rowsAboutToBeRemoved(parent, start, end)

    def _on_reset(self, *args: object) -> None:
        super()._on_reset(*args)
        _a11y.reset(self.accessible_items)

    def setModel(self, model: ChatModel | None) -> None:  # type: ignore[override]
        super().setModel(model)
        _a11y.reset(self.accessible_items)

    def dataChanged(self, top_left: QModelIndex | QPersistentModelIndex, bottom_right: QModelIndex | QPersistentModelIndex,
                    roles: Sequence[int] = ()) -> None:
        super().dataChanged(top_left, bottom_right, roles)
        if top_left.isValid():
            status = not roles or int(ChatRole.STATUS) in roles
            for r in range(top_left.row(), bottom_right.row() + 1):
                _a11y.row_changed(self.accessible_items, r, status)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        _a11y.current_moved(self.accessible_items, self.currentIndex().row())

    # -- public API ------------------------------------------------------------
    def copy_message(self, index: QModelIndex | None = None) -> bool:
        """Copy a message's markdown text (default: the current one) to the clipboard."""
        index = index if index is not None else self.currentIndex()
        if not index.isValid():
            return False
        QGuiApplication.clipboard().setText(self.message_at(index.row()).text)
        return True

    def rendered_text(self, message: Message) -> str:
        """The message as shown (markdown rendered), for "Copy text"."""
        width = max(40, self.engine.bubble_max(self.viewport().width(), message.role) - 24)
        if not message.text.strip():
            return ""
        if message.role == Role.USER:
            return message.text  # shown as typed (a folded one too: Copy copies all of it)
        # the answer only; the thinking too when the user unfolded it (what is shown is what is copied)
        shown = message if message.reasoning_open else replace(message, reasoning="")
        lines = self.engine.document(shown, width).toPlainText().replace("\u2028", "\n").splitlines()
        return "\n".join(line.rstrip() for line in lines).strip("\n")

    def links_of(self, message: Message) -> list[str]:
        if not message.text.strip() and not message.reasoning:
            return []
        row = self.engine.layout(message, self.viewport().width(), self._ext_heights(message, 0))
        return document_links(row.document) if row.document is not None else []

    def trigger_action(self, action: str, message_id: str) -> None:
        """Run a message action: copy here, anything else is the host's (``sig_message_action``)."""
        m = self._message_by_id(message_id)
        if m is None:
            return
        if action == "copy":
            QGuiApplication.clipboard().setText(self.rendered_text(m))
        elif action == "copy_markdown":
            QGuiApplication.clipboard().setText(m.text)
        else:
            self.sig_message_action.emit(action, message_id)

    def open_links_of(self, index: QModelIndex) -> bool:
        """Enter on a message: open its link, or offer a menu when it has several."""
        if not index.isValid():
            return False
        links = self.links_of(self.message_at(index.row()))
        if len(links) == 1:
            return self.open_link(links[0])
        if links:
            menu = QMenu(self)
            for href in links:
                menu.addAction(href, lambda h=href: self.open_link(h))
            rect = self.visualRect(index)
            menu.exec(self.viewport().mapToGlobal(rect.topLeft() + QPoint(24, 24)))
            menu.deleteLater()
            return True
        return False

    def link_at(self, pos: QPoint) -> str:
        """The link under viewport position ``pos``, or ``""``."""
        index = self.indexAt(pos)
        if not index.isValid():
            return ""
        m = self.message_at(index.row())
        width = self.viewport().width()
        local = pos - QPoint(0, self._tops[index.row()] - self._offset())
        return self.engine.anchor_at(m, width, self._ext_heights(m, width), local)

    def context_menu_at(self, pos: QPoint) -> QMenu | None:
        """The context menu for viewport position ``pos`` (None over empty space)."""
        index = self.indexAt(pos)
        if not index.isValid():
            return None
        menu = QMenu(self)
        m = self.message_at(index.row())
        copy = QAction(tr("Copy"), menu)
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.triggered.connect(lambda: self.copy_message(index))
        menu.addAction(copy)
        if m.text.strip():
            menu.addAction(tr("Copy text"), lambda: self.trigger_action("copy", m.id))
            menu.addAction(tr("Copy as Markdown"), lambda: self.trigger_action("copy_markdown", m.id))
        host_actions = [a for a in self.actions_for(m) if a != "copy"]
        labels = {"retry": tr("Retry"), "edit": tr("Edit and resend"), "settings": tr("Open Settings")}
        for action in host_actions:
            menu.addAction(labels.get(action, action), lambda a=action: self.trigger_action(a, m.id))
        for href in self.links_of(m):
            if href.startswith(THINKING_SCHEME + ":"):
                continue  # the reasoning's fold line is not a link to open
            menu.addAction(tr("Open link") + ": " + href, lambda h=href: self.open_link(h))
        link = self.link_at(pos)
        if link:
            copy_link = QAction(tr("Copy link"), menu)
            copy_link.triggered.connect(lambda: QGuiApplication.clipboard().setText(link))
            menu.addAction(copy_link)
        return menu

    def retranslate(self) -> None:
        self.retranslate_jump()
        self.actions_bar.retranslate()
        self.setAccessibleName(tr("Conversation"))
        self.setAccessibleDescription(tr("Messages, oldest first; arrow keys move between them"))

    # -- events --------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Copy):
            if not self.copy_range():
                self.copy_message()
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            if self.open_links_of(self.currentIndex()):
                event.accept()
                return
        super().keyPressEvent(event)

    def copy_range(self) -> bool:
        """Copy the selected part of a message; False when nothing is selected."""
        r = self.text_range
        m = self._message_by_id(r.message_id) if r is not None else None
        if r is None or m is None or r.anchor == r.position:
            return False
        row = self.engine.layout(m, self.viewport().width(), self._ext_heights(m, 0))
        if row.document is None:
            return False
        QGuiApplication.clipboard().setText(r.text(row.document))
        return True

    def _text_pos(self, pos: QPoint, row: int) -> int:
        """Document position under viewport ``pos`` in ``row``'s text (-1 outside the text)."""
        m = self.message_at(row)
        layout = self.engine.layout(m, self.viewport().width(), self._ext_heights(m, 0))
        if layout.document is None:
            return -1
        local = QPointF(pos - QPoint(0, self._tops[row] - self._offset()) - layout.text_origin)
        if local.y() < -4 or local.y() > layout.document.size().height() + 4:
            return -1
        return layout.document.documentLayout().hitTest(local, Qt.HitTestAccuracy.FuzzyHit)

    def currentChanged(self, current: QModelIndex | QPersistentModelIndex,
                       previous: QModelIndex | QPersistentModelIndex) -> None:
        super().currentChanged(current, previous)
        _a11y.current_moved(self.accessible_items, current.row())
        if current.isValid() and self.hasFocus():
            self._hover_row = current.row()
            self._place_actions()

    def _place_actions(self) -> None:
        r = self._hover_row
        if not 0 <= r < len(self._heights):
            self.actions_bar.hide()
            return
        m = self.message_at(r)
        layout = self.engine.layout(m, self.viewport().width(), self._ext_heights(m, 0))
        actions = self.actions_for(m) if layout.actions_rect is not None else ()
        if not actions:
            self.actions_bar.hide()
            return
        rect = layout.actions_rect.translated(0, self._tops[r] - self._offset())  # type: ignore[union-attr]
        self.actions_bar.show_for(m.id, actions, rect, m.role == Role.USER)

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        if not self.hasFocus():
            self._hover_row = -1
            self.actions_bar.hide()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        pos = event.pos()
        if event.reason() == QContextMenuEvent.Reason.Keyboard and self.currentIndex().isValid():
            rect = self.visualRect(self.currentIndex())  # the menu key acts on the current message
            pos = QPoint(rect.x() + 24, max(0, rect.y()) + 12)
        index = self.indexAt(pos)
        if index.isValid():
            self.setCurrentIndex(index)
        menu = self.context_menu_at(pos)
        if menu is not None:
            menu.exec(self.viewport().mapToGlobal(pos))
            menu.deleteLater()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        self._press_anchor = self.link_at(pos)
        index = self.indexAt(pos)
        self.text_range = None
        if event.button() == Qt.MouseButton.LeftButton and index.isValid():
            at = self._text_pos(pos, index.row())
            if at >= 0:
                self.text_range = TextRange(self.message_at(index.row()).id, at, at)
        self._delegate.text_range = self.text_range
        self.viewport().update()
        self._mouse_down = True
        try:
            super().mousePressEvent(event)
        finally:
            self._mouse_down = False

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        link = self.link_at(event.position().toPoint())
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and link and link == self._press_anchor:
            self.open_link(link)
        self._press_anchor = ""

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        over = bool(self.link_at(pos))
        index = self.indexAt(pos)
        on_text = index.isValid() and self._text_pos(pos, index.row()) >= 0
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if over else
                                  Qt.CursorShape.IBeamCursor if on_text else Qt.CursorShape.ArrowCursor)
        if event.buttons() == Qt.MouseButton.NoButton:
            if index.row() != self._hover_row:
                self._hover_row = index.row() if index.isValid() else -1
                self._place_actions()
            return  # hover only
        r = self.text_range
        if r is not None and event.buttons() & Qt.MouseButton.LeftButton:
            # Dragging selects text inside the message it started in (not rows).
            m = self._message_by_id(r.message_id)
            if m is not None:
                model = self.model()
                row = model.conversation.index_of(m.id) if isinstance(model, ChatModel) else -1
                at = self._text_pos(pos, row) if row >= 0 else -1
                if at >= 0 and at != r.position:
                    r.position = at
                    self.viewport().update()
            return
        super().mouseMoveEvent(event)

    def _toggle_fold(self, href: str) -> None:
        """"Show more" / "Show less" under a long message."""
        message_id = href.split(":", 1)[1] if ":" in href else ""
        if message_id in self.engine.unfolded:
            self.engine.unfolded.discard(message_id)
        elif message_id:
            self.engine.unfolded.add(message_id)
        self.schedule_sync()

    def is_unfolded(self, message_id: str) -> bool:
        return message_id in self.engine.unfolded

    def set_link_handler(self, scheme: str, handler: Callable[[str], None] | None) -> None:
        """Links with ``scheme`` (e.g. the host's own ``mira-example:``) call ``handler(href)``."""
        from uchat._markdown import allow_scheme

        if handler is None:
            self._link_handlers.pop(scheme.lower(), None)
        else:
            self._link_handlers[scheme.lower()] = handler
        allow_scheme(scheme, handler is not None)
        self.engine.set_style(self.engine.font, self.engine.palette, force=True)
        self.schedule_sync()

    def open_link(self, href: str) -> bool:
        """Open a web or mail link in the system browser, or hand a host scheme to its handler;
        other schemes are refused."""
        url = QUrl(href)
        if url.scheme().lower() == THINKING_SCHEME:  # the folded reasoning's own line
            model = self.model()
            conversation = model.conversation if isinstance(model, ChatModel) else None
            message_id = href.split(":", 1)[1]
            if conversation is not None and message_id in conversation:
                conversation.toggle_reasoning(message_id)
            return True
        handler = self._link_handlers.get(url.scheme().lower())
        if handler is not None:
            handler(href)
            return True
        if url.scheme().lower() not in _OPENABLE:
            return False
        self.sig_link_activated.emit(href)
        return QDesktopServices.openUrl(url)
