"""The offline planner's help in the real window: "Settings" in it is a link that opens the Settings dialog."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from tests.ui._flow import send, wait_idle


def test_the_settings_link_in_the_offline_help_opens_settings(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    send(window, qtbot, "Tell me a joke")
    qtbot.waitUntil(lambda: any("offline planner" in m.text for m in window.conversation), timeout=60000)
    wait_idle(window, qtbot)
    view = window.chat.view
    view.sync()
    reply = next(n for n, m in enumerate(window.conversation) if "offline planner" in m.text)
    view.scrollTo(view.model().index(reply, 0))
    view.sync()
    rect = view.visualRect(view.model().index(reply, 0))
    link = None
    for y in range(max(0, rect.top()), min(rect.bottom(), view.viewport().height()), 3):
        for x in range(0, view.viewport().width(), 5):
            if view.link_at(QPoint(x, y)) == "mira-settings:open":
                link = QPoint(x + 2, y)
                break
        if link:
            break
    assert link is not None, "no Settings link in the help text"
    assert getattr(window, "settings_dialog", None) is None or not window.settings_dialog.isVisible()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=link)
    qtbot.waitUntil(lambda: getattr(window, "settings_dialog", None) is not None
                    and window.settings_dialog.isVisible(), timeout=10000)
    window.settings_dialog.reject()
