"""ChatWidget: the view and the composer in one widget."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QFocusEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from uchat._composer import Composer
from uchat._conversation import Conversation
from uchat._model import ChatModel, LoadOlder
from uchat._types import ExtensionProvider
from uchat._view import ChatView


class ChatWidget(QWidget):
    """A ready chat shell: ``.view`` over ``.conversation`` and a ``.composer``.

    Files dropped anywhere on the widget become attachments of the composer.
    """

    def __init__(
        self,
        conversation: Conversation | None = None,
        parent: QWidget | None = None,
        *,
        load_older: LoadOlder | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = ChatModel(conversation, self, load_older=load_older)
        self.view = ChatView(self)
        self.view.setModel(self.model)
        self.composer = Composer(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.composer, 0)
        self.setAcceptDrops(True)
        self.view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def focusInEvent(self, event: QFocusEvent) -> None:
        # Focusing the chat focuses the message box. Not a focus proxy: with one, Tab treats the whole
        # widget as the message box and jumps over the conversation, its cards and the attach button.
        self.composer.setFocus(event.reason())

    @property
    def conversation(self) -> Conversation:
        return self.model.conversation

    def set_extension_provider(self, provider: ExtensionProvider | None) -> None:
        self.view.set_extension_provider(provider)

    def retranslate(self) -> None:
        """Re-read every shown string through the current translator."""
        self.view.retranslate()
        self.composer.retranslate()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.composer.dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.composer.dropEvent(event)
