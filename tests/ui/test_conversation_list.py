"""The conversation list as a new user meets it: titles from what was made, search with a snippet of
where it matched (not Mira's help), conversations another process made, a rename box that fits."""
from __future__ import annotations

from desktop.store import Store
from tests.ui._flow import ask, button, click, wait_card, wait_idle
from tests.ui.conftest import run

REQUEST = "Make a PDF: # Meeting notes week 12\n\n- Budget review\n- Hiring plan\n"


def test_a_conversation_is_titled_by_the_file_it_made_and_a_rename_stays(make_window, qtbot, aloop) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    _ref, card = ask(window, qtbot, REQUEST, "approval/pdf")
    conv = window.controller.current_id
    # While it waits for approval the title is already what was asked for, not "Make a PDF: # Meeting…".
    assert window.sidebar.item_for(conv).text() == "Meeting notes week 12 (PDF)"
    click(qtbot, button(card, "Approve"))
    wait_card(window, qtbot, "pdf")
    wait_idle(window, qtbot)
    qtbot.waitUntil(lambda: window.title_label.text() == "Meeting notes week 12 (PDF)", timeout=10000)
    assert "#" not in window.sidebar.item_for(conv).text()

    window.sidebar.item_for(conv).setText("Week twelve")
    qtbot.waitUntil(lambda: window.services.store.conversation(conv).title == "Week twelve", timeout=5000)
    assert not window.services.store.retitle_conversation(conv, "Something else (PDF)")
    run(aloop, qtbot, window.reload_conversations())
    assert window.sidebar.item_for(conv).text() == "Week twelve"


def test_search_finds_what_the_user_wrote_not_the_help_and_shows_where(make_window, qtbot, aloop) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    store = window.services.store
    helped = store.create_conversation("Hello")
    store.add_message(helped.id, "user", "hello")
    store.add_message(helped.id, "assistant", "I can turn your notes into a Budget, a report or slides.")
    asked = store.create_conversation("Plans")
    store.add_message(asked.id, "user", "Put the numbers from the quarterly budget review into a spreadsheet please")
    run(aloop, qtbot, window.reload_conversations())
    window.sidebar.search.setText("budget")
    qtbot.waitUntil(lambda: window.sidebar.ids() == [asked.id], timeout=5000)
    snippet = window.sidebar.snippet(asked.id)
    assert "quarterly budget review" in snippet and len(snippet) < 100
    # The row is taller, so the snippet has its own line under the title.
    item = window.sidebar.item_for(asked.id)
    assert window.sidebar.list.visualItemRect(item).height() > window.sidebar.list.fontMetrics().height() * 2
    window.sidebar.search.clear()
    qtbot.waitUntil(lambda: len(window.sidebar.ids()) == 2, timeout=5000)
    assert window.sidebar.snippet(asked.id) == ""


def test_a_conversation_made_by_another_process_appears_without_a_restart(make_window, qtbot, home) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.sidebar.ids() == []
    other = Store()  # another connection to the same file, as `mira task` in a terminal has
    try:
        conv = other.create_conversation("From the terminal (DOCX)")
        other.add_message(conv.id, "user", "make a report")
    finally:
        other.close()
    window.store_watch.check()  # what activating the window does; the timer does the same every few seconds
    qtbot.waitUntil(lambda: window.sidebar.ids() == [conv.id], timeout=10000)
    assert window.store_watch.timer.isActive()


def test_the_rename_box_is_tall_enough_for_its_text(make_window, qtbot, aloop) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLineEdit

    window = make_window()
    conv = window.services.store.create_conversation("Quarterly report with descenders gjpqy")
    run(aloop, qtbot, window.reload_conversations())
    window.sidebar.select(conv.id)
    window.sidebar.rename_current()
    editor = next(e for e in window.sidebar.list.viewport().findChildren(QLineEdit) if e.isVisible())
    qtbot.waitUntil(lambda: editor.height() >= editor.sizeHint().height(), timeout=3000)


def test_new_conversation_right_after_a_send_keeps_each_request_in_its_own_conversation(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Enter, then New conversation at once (before the request's conversation exists): the request goes on in
    a conversation of its own, listed, and the new one stays empty on screen; what is sent there next is the
    first message of another conversation."""
    from tests.ui._flow import send

    window = make_window()
    store = window.services.store
    send(window, qtbot, "what can you do?")
    window.new_conversation()  # the send has not made its conversation yet
    assert window.controller.current_id is None and [m.id for m in window.conversation] == ["local-welcome"]
    wait_idle(window, qtbot)
    [first] = store.list_conversations()
    qtbot.waitUntil(lambda: window.sidebar.ids() == [first.id], timeout=10000)
    assert [m.role for m in store.messages(first.id, 10)] == ["user", "assistant"]
    assert window.controller.current_id is None and [m.id for m in window.conversation] == ["local-welcome"]
    assert window.sidebar.current_id() is None

    send(window, qtbot, "hello there")
    wait_idle(window, qtbot)
    second = window.controller.current_id
    assert second not in (None, first.id)
    assert [m.text for m in store.messages(first.id, 10) if m.role == "user"] == ["what can you do?"]
    assert [m.text for m in store.messages(second, 10) if m.role == "user"] == ["hello there"]
    assert [m.text for m in window.conversation if m.role.value == "user"] == ["hello there"]
