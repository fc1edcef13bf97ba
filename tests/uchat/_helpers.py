"""Shared helpers for the uchat widget tests."""
from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from uchat import ChatModel, ChatView, Conversation, ExtensionRef, Message, Role


class CardProvider:
    """A fake host: ``card`` kinds get a card with a button, anything else None."""

    def __init__(self) -> None:
        self.created: list[ExtensionRef] = []
        self.live: dict[ExtensionRef, QWidget] = {}
        self.destroyed = 0
        self.clicks: list[str] = []

    def create(self, ref: ExtensionRef, parent: QWidget) -> QWidget | None:
        if ref.kind != "card":
            return None
        self.created.append(ref)
        card = QFrame(parent)
        box = QVBoxLayout(card)
        card.label = QLabel(f"artifact {ref.artifact_id}", card)  # type: ignore[attr-defined]
        card.button = QPushButton("Open", card)  # type: ignore[attr-defined]
        card.button.clicked.connect(lambda: self.clicks.append(ref.artifact_id))  # type: ignore[attr-defined]
        box.addWidget(card.label)  # type: ignore[attr-defined]
        box.addWidget(card.button)  # type: ignore[attr-defined]
        self.live[ref] = card
        key = id(card)
        card.destroyed.connect(lambda *_: self._gone(ref, key))
        return card

    def _gone(self, ref: ExtensionRef, key: int) -> None:
        self.destroyed += 1
        if id(self.live.get(ref)) == key:
            self.live.pop(ref)


def make_view(qtbot, messages: list[Message], *, size: tuple[int, int] = (640, 480)) -> tuple[ChatView, Conversation]:
    conv = Conversation(messages)
    view = ChatView()
    view.setModel(ChatModel(conv, view))
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    view.sync()
    return view, conv


def row_height(view: ChatView, row: int) -> int:
    return view.visualRect(view.model().index(row, 0)).height()


def find_link_point(view: ChatView, row: int) -> QPoint | None:
    rect = view.visualRect(view.model().index(row, 0))
    for y in range(rect.top(), rect.bottom(), 3):
        for x in range(rect.left(), rect.right(), 3):
            if view.link_at(QPoint(x, y)):
                return QPoint(x + 2, y + 1)
    return None


def assistant(i: int, text: str = "", **kw: object) -> Message:
    return Message(id=f"m{i}", role=Role.ASSISTANT, text=text or f"Reply number {i}", **kw)  # type: ignore[arg-type]
