"""A card's quick actions (Add slide…, Change title…, Replace text…, Add rows…, Export as PDF, Undo): the
intents table says which apply (desktop/llm/_offline_actions.py); a small form fills the slots; the request it
builds is sent like a typed one, so it goes through the same frozen call and approval."""
from __future__ import annotations

from collections.abc import Callable, Collection

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QPlainTextEdit, QWidget

from desktop import i18n
from desktop.llm._offline_actions import QuickAction, actions_for, request_for
from skills.messages import msg

MULTILINE = ("rows",)


def label(action: QuickAction) -> str:
    return i18n.render(msg(action.label))


def offered(kind: str, version: int, wanted: Collection[str] = ()) -> list[QuickAction]:
    return actions_for(kind, version, wanted)


class QuickActionForm(QDialog):
    """One field per slot of the action; Send is enabled once every required field has text."""

    def __init__(self, action: QuickAction, path: str, send: Callable[[str], None], parent: QWidget | None) -> None:
        super().__init__(parent)
        self.action, self.path, self._send = action, path, send
        self.setWindowTitle(label(action).rstrip("…."))
        self.setMinimumWidth(440)
        form = QFormLayout(self)
        self.inputs: dict[str, QLineEdit | QPlainTextEdit] = {}
        for name in action.fields:
            box: QLineEdit | QPlainTextEdit = QPlainTextEdit() if name in MULTILINE else QLineEdit()
            box.setAccessibleName(i18n.render(msg(f"action.field.{name}")))
            (box.textChanged).connect(self._update)
            form.addRow(i18n.render(msg(f"action.field.{name}")), box)
            self.inputs[name] = box
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.send_button = self.buttons.addButton(i18n.render(msg("action.send")),
                                                  QDialogButtonBox.ButtonRole.AcceptRole)
        self.send_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self._update()

    def values(self) -> dict[str, str]:
        return {n: (b.toPlainText() if isinstance(b, QPlainTextEdit) else b.text()) for n, b in self.inputs.items()}

    def request(self) -> str | None:
        return request_for(self.action, self.values(), self.path, i18n.language() == "zh_CN")

    def _update(self) -> None:
        self.send_button.setEnabled(self.request() is not None)

    def accept(self) -> None:
        text = self.request()
        if text is None:
            return
        super().accept()
        self._send(text)


def run(action: QuickAction, path: str, send: Callable[[str], None], parent: QWidget | None) -> QuickActionForm | None:
    """Send an action without slots at once; otherwise open its form (returned, for tests)."""
    if not action.fields:
        text = request_for(action, {}, path, i18n.language() == "zh_CN")
        if text:
            send(text)
        return None
    dialog = QuickActionForm(action, path, send, parent)
    dialog.open()
    return dialog
