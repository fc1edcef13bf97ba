"""Long histories open with their newest page and page older messages in on scrolling up;
a user message keeps the names of its attachments across a restart."""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from desktop.ui.controller import HISTORY_PAGE, SYNC_TAIL

from tests.ui._flow import send, wait_card, wait_idle
from tests.ui.conftest import run

N = 10_000


def _long_conversation(store: Any, title: str = "Long", n: int = N) -> str:
    """``n`` stored messages, written in one transaction through a second connection (fast)."""
    conv = store.create_conversation(title)
    now = time.time()
    rows = [(f"{title}-{i:05d}", conv.id, "user" if i % 2 == 0 else "assistant", f"message {i}", "done", "[]",
             now + i * 1e-6) for i in range(n)]
    with sqlite3.connect(store.path) as db:
        db.executemany("INSERT INTO messages(id, conversation_id, role, text, status, extensions, created)"
                       " VALUES (?,?,?,?,?,?,?)", rows)
    return conv.id


def _count_reads(store: Any) -> list[tuple[int | None, int]]:
    """Wrap ``store.messages``: each call records (limit, rows returned)."""
    reads: list[tuple[int | None, int]] = []
    real = store.messages

    def messages(cid: str, limit: int | None = None, before: str | None = None) -> list[Any]:
        rows = real(cid, limit, before)
        reads.append((limit, len(rows)))
        return rows

    store.messages = messages
    return reads


def _numbers(window: Any) -> list[int]:
    return [int(m.text.split()[1]) for m in window.conversation]


def _scroll_to_top(window: Any, qtbot: Any, expect: int) -> None:
    bar = window.chat.view.verticalScrollBar()
    # Settled away from the top first (at the bottom after opening, below the page just loaded after
    # paging): setting 0 while the view still sits at 0 changes nothing, and no older page was asked for.
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() > 0, timeout=5000)
    bar.setValue(0)
    qtbot.waitUntil(lambda: len(window.conversation) == expect, timeout=5000)


def test_a_10000_message_conversation_opens_with_one_page_and_pages_back_in_order(
        make_window, qtbot, aloop) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    store = window.services.store
    cid = _long_conversation(store)
    reads = _count_reads(store)
    run(aloop, qtbot, window.open_conversation(cid))

    assert _numbers(window) == list(range(N - HISTORY_PAGE, N))
    assert sum(n for _limit, n in reads) <= HISTORY_PAGE + SYNC_TAIL  # never the whole history
    assert all(limit is not None for limit, _n in reads)
    model = window.chat.model
    assert model.rowCount() == HISTORY_PAGE and model.canFetchMore(model.index(-1, 0).parent())

    reads.clear()
    _scroll_to_top(window, qtbot, 2 * HISTORY_PAGE)
    _scroll_to_top(window, qtbot, 3 * HISTORY_PAGE)
    assert _numbers(window) == list(range(N - 3 * HISTORY_PAGE, N))  # in order, no gap, no duplicate
    assert reads == [(HISTORY_PAGE, HISTORY_PAGE)] * 2
    assert [model.index(r, 0).data() for r in (0, model.rowCount() - 1)] == [
        f"message {N - 3 * HISTORY_PAGE}", f"message {N - 1}"]

    # A task milestone re-reads only the tail and keeps the pages loaded above it.
    reads.clear()
    last = store.add_message(cid, "assistant", "message 10000")
    store.update_message(window.conversation[len(window.conversation) - 1].id, text="message 9999 edited")
    run(aloop, qtbot, window.controller.sync(cid))
    assert reads == [(SYNC_TAIL, SYNC_TAIL)]
    assert _numbers(window) == list(range(N - 3 * HISTORY_PAGE, N + 1))
    assert window.conversation[len(window.conversation) - 2].text == "message 9999 edited"
    assert window.conversation[len(window.conversation) - 1].id == last.id


def test_more_new_messages_than_the_tail_start_over_and_paging_still_joins_up(
        make_window, qtbot, aloop) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    store = window.services.store
    cid = _long_conversation(store, n=300)
    run(aloop, qtbot, window.open_conversation(cid))
    for i in range(300, 300 + SYNC_TAIL + 5):  # another window wrote more than a tail meanwhile
        store.add_message(cid, "user", f"message {i}")
    reads = _count_reads(store)
    run(aloop, qtbot, window.controller.sync(cid))
    end = 300 + SYNC_TAIL + 5
    assert reads == [(SYNC_TAIL, SYNC_TAIL), (HISTORY_PAGE, HISTORY_PAGE)]
    assert _numbers(window) == list(range(end - HISTORY_PAGE, end))
    _scroll_to_top(window, qtbot, 2 * HISTORY_PAGE)
    assert _numbers(window) == list(range(end - 2 * HISTORY_PAGE, end))


def test_paging_starts_over_for_each_conversation(make_window, qtbot, aloop) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    store = window.services.store
    short = _long_conversation(store, "Short", n=HISTORY_PAGE + 3)
    long = _long_conversation(store, "Long", n=3 * HISTORY_PAGE)
    model = window.chat.model
    run(aloop, qtbot, window.open_conversation(short))
    _scroll_to_top(window, qtbot, HISTORY_PAGE + 3)
    qtbot.waitUntil(lambda: model.history_done, timeout=5000)  # the start of "Short" was reached

    run(aloop, qtbot, window.open_conversation(long))
    assert not model.history_done and len(window.conversation) == HISTORY_PAGE
    _scroll_to_top(window, qtbot, 2 * HISTORY_PAGE)
    assert _numbers(window) == list(range(HISTORY_PAGE, 3 * HISTORY_PAGE))
    assert {m.id.split("-")[0] for m in window.conversation} == {"Long"}

    run(aloop, qtbot, window.open_conversation(short))  # and back: the newest page of "Short" again
    assert _numbers(window) == list(range(3, HISTORY_PAGE + 3)) and not model.history_done


def test_attachment_names_stay_on_the_user_message_after_a_restart(
        make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.md"
    notes.write_text("# Roadmap\n\n## Spring\n\n- Beta\n\n## Summer\n\n- Launch\n", encoding="utf-8")
    first = make_window()
    send(first, qtbot, "Turn notes.md into slides", [str(notes)])
    wait_card(first, qtbot, "approval/pptx")
    wait_idle(first, qtbot)
    shown = [m for m in first.conversation if m.role.value == "user"]
    assert [m.text for m in shown] == ["Turn notes.md into slides"]
    assert [(r.artifact_id, r.kind) for r in shown[0].extensions] == [("notes.md", "attachment")]
    assert not shown[0].id.startswith("local-")  # the stored message replaced the local one, same text
    first.close()

    second = make_window()  # same MIRA_HOME: the last conversation comes back from the store
    qtbot.waitUntil(lambda: any(m.role.value == "user" for m in second.conversation), timeout=10000)
    user = [m for m in second.conversation if m.role.value == "user"]
    assert [m.text for m in user] == ["Turn notes.md into slides"]
    view = second.chat.view
    # The file stays visible as a chip under the message: a real widget in the view, with its name.
    from uchat import AttachmentChip

    view.scroll_to_message(user[0].id)
    qtbot.waitUntil(lambda: any(c.name == "notes.md" and c.isVisible()
                                for c in view.viewport().findChildren(AttachmentChip)), timeout=10000)
    chip = next(c for c in view.viewport().findChildren(AttachmentChip) if c.name == "notes.md")
    assert chip.accessibleName() == "Attachment: notes.md"
    assert view.viewport().rect().intersects(chip.geometry())
