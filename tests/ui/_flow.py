"""What a user does in the window, as small helpers for the end-to-end tests."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget

from uchat import ExtensionRef

TIMEOUT = 60000  # ms; a whole task with the offline planner takes a second or two


def send(window: Any, qtbot: Any, text: str, attachments: list[str] | tuple[str, ...] = ()) -> None:
    """Put ``text`` in the composer (attach files like a drop would) and press Enter."""
    composer = window.chat.composer
    if attachments:
        composer.add_attachments(list(attachments))
    composer.set_text(text)
    composer.input.setFocus()
    qtbot.keyClick(composer.input, Qt.Key.Key_Return)


def refs(window: Any, prefix: str = "") -> list[ExtensionRef]:
    return [r for m in window.conversation for r in m.extensions if r.kind.startswith(prefix)]


def wait_card(window: Any, qtbot: Any, kind_prefix: str) -> tuple[ExtensionRef, QWidget]:
    """Wait until a card of ``kind_prefix`` is shown in the chat; return its ref and widget."""
    def shown() -> bool:
        return any(window.host.live_cards(r.artifact_id) for r in refs(window, kind_prefix)
                   if (kind_prefix.startswith("approval/") or not r.kind.startswith("approval/")))

    # An error said before this wait (an earlier request's) is not this request's failure: the card may be
    # built a turn after the controller goes idle.
    earlier = {m.id for m in window.conversation if m.status.value == "error"}

    def failed() -> str:
        """The error the chat shows instead (a failed task or a notice), so a broken flow fails fast."""
        for m in window.conversation:
            if m.status.value == "error" and m.id not in earlier and not window.controller.busy:
                return m.text
        return ""

    qtbot.waitUntil(lambda: shown() or bool(failed()), timeout=TIMEOUT)
    assert not failed() or shown(), f"the task failed: {failed()}"
    for ref in refs(window, kind_prefix):
        if kind_prefix.startswith("approval/") or not ref.kind.startswith("approval/"):
            cards = window.host.live_cards(ref.artifact_id)
            if cards:
                return ref, cards[-1]
    raise AssertionError("card vanished")


def button(card: QWidget, text: str) -> QPushButton:
    for b in card.findChildren(QPushButton):
        if b.text() == text:
            return b
    raise AssertionError(f"no {text!r} button on {type(card).__name__}: "
                         f"{[b.text() for b in card.findChildren(QPushButton)]}")


def click(qtbot: Any, b: QPushButton) -> None:
    assert b.isEnabled() and b.isVisible(), b.text()
    qtbot.mouseClick(b, Qt.MouseButton.LeftButton)


def wait_idle(window: Any, qtbot: Any) -> None:
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=TIMEOUT)


def ask(window: Any, qtbot: Any, text: str, kind: str, attachments: list[str] | tuple[str, ...] = ()
        ) -> tuple[ExtensionRef, QWidget]:
    """Send ``text`` and wait until its approval card of ``kind`` (``approval/docx``…) waits, with nothing running."""
    send(window, qtbot, text, attachments)
    ref, card = wait_card(window, qtbot, kind)
    wait_idle(window, qtbot)
    return ref, card


def latest_card(window: Any, qtbot: Any, kind: str, count: int) -> tuple[ExtensionRef, QWidget]:
    """Wait until ``count`` cards of ``kind`` are in the chat; the newest one's ref and widget."""
    qtbot.waitUntil(lambda: len([r for r in refs(window, kind) if r.kind == kind]) >= count, timeout=TIMEOUT)
    wait_idle(window, qtbot)
    ref = [r for r in refs(window, kind) if r.kind == kind][-1]
    qtbot.waitUntil(lambda: bool(window.host.live_cards(ref.artifact_id)), timeout=TIMEOUT)
    return ref, window.host.live_cards(ref.artifact_id)[-1]


def approve_next(window: Any, qtbot: Any, kind: str, seen: int, label: str = "Approve") -> tuple[ExtensionRef, QWidget]:
    """Wait for approval card number ``seen + 1`` of ``kind`` (once the task waits), press ``label`` on it."""
    ref, card = next_approval(window, qtbot, kind, seen)
    click(qtbot, button(card, label))
    return ref, card


def next_approval(window: Any, qtbot: Any, kind: str, seen: int) -> tuple[ExtensionRef, QWidget]:
    """Approval card number ``seen + 1`` of ``kind``, scrolled into view once the task waits for it."""
    qtbot.waitUntil(lambda: len(refs(window, f"approval/{kind}")) > seen, timeout=TIMEOUT)
    wait_idle(window, qtbot)
    ref = refs(window, f"approval/{kind}")[-1]
    return ref, shown_card(window, qtbot, ref)


def nth_card(window: Any, qtbot: Any, kind: str, n: int) -> tuple[ExtensionRef, QWidget]:
    """The ``n``-th (1-based) file card of ``kind``, once the task is idle, scrolled into view."""
    qtbot.waitUntil(lambda: len([r for r in refs(window, kind) if r.kind == kind]) >= n, timeout=TIMEOUT)
    wait_idle(window, qtbot)
    ref = [r for r in refs(window, kind) if r.kind == kind][n - 1]
    return ref, shown_card(window, qtbot, ref)


def shown_card(window: Any, qtbot: Any, ref: ExtensionRef) -> QWidget:
    """The live card of ``ref`` (an earlier card is built when it scrolls into view)."""
    window.chat.view.scroll_to_message(ref.message_id)
    qtbot.waitUntil(lambda: bool(window.host.live_cards(ref.artifact_id)), timeout=TIMEOUT)
    return window.host.live_cards(ref.artifact_id)[-1]
