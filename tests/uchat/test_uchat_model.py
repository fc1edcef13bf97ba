"""ChatModel: the Qt adapter, checked with QAbstractItemModelTester."""
from __future__ import annotations

import time

from PySide6.QtCore import QModelIndex, Qt

from uchat import ChatModel, ChatRole, Conversation, ExtensionRef, Message, Role, Status


def msgs(n: int, start: int = 0) -> list[Message]:
    return [Message(id=f"m{i}", role=Role.USER if i % 2 else Role.ASSISTANT, text=f"text {i}") for i in range(start, start + n)]


def test_model_passes_the_tester_through_inserts_updates_removes(qtmodeltester, qtbot) -> None:
    conv = Conversation(msgs(5))
    model = ChatModel(conv)
    qtmodeltester.check(model, force_py=True)
    conv.append(Message(id="x", role=Role.ASSISTANT, text="", status=Status.STREAMING))
    conv.append_text("x", "streamed")
    conv.update("x", status=Status.DONE, extensions=[ExtensionRef(message_id="x", artifact_id="a", kind="docx")])
    conv.insert(2, msgs(3, start=10))
    conv.remove("m0")
    conv.remove("m12")
    conv.reset(msgs(4, start=20))
    conv.extend(msgs(2, start=30))
    model.flush()
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == 6
    assert model.index(0, 0).data() == "text 20"
    assert model.index(5, 0).data(ChatRole.ID) == "m31"


def test_roles_expose_the_message(qtbot) -> None:
    ref = ExtensionRef(message_id="e", artifact_id="a1", kind="pdf")
    conv = Conversation([Message(id="e", role=Role.ASSISTANT, text="**hi**", status=Status.ERROR, extensions=(ref,), error="broken")])
    model = ChatModel(conv)
    idx = model.index(0, 0)
    assert idx.data(ChatRole.MESSAGE) == conv[0]
    assert idx.data(ChatRole.ROLE) == "assistant"
    assert idx.data(ChatRole.STATUS) == "error"
    assert idx.data(ChatRole.EXTENSIONS) == [ref]
    assert idx.data(ChatRole.ERROR) == "broken"
    assert idx.data(Qt.ItemDataRole.DisplayRole) == "**hi**"
    assert model.roleNames()[int(ChatRole.TEXT)] == b"text"
    assert int(ChatRole.MESSAGE) == int(Qt.ItemDataRole.UserRole) + 1


def test_data_changed_names_only_the_changed_roles(qtbot) -> None:
    conv = Conversation(msgs(3))
    model = ChatModel(conv)
    seen: list[tuple[int, list[int]]] = []
    model.dataChanged.connect(lambda tl, br, roles: seen.append((tl.row(), list(roles))))
    conv.update("m1", status=Status.ERROR)
    # the description a screen reader hears says the state, so it changes with it
    assert seen == [(1, sorted([int(ChatRole.MESSAGE), int(ChatRole.STATUS), int(Qt.ItemDataRole.AccessibleDescriptionRole)]))]
    assert int(ChatRole.TEXT) not in seen[0][1]


def test_streaming_is_throttled_and_updates_the_row_in_place(qtbot) -> None:
    conv = Conversation(msgs(2))
    conv.append(Message(id="s", role=Role.ASSISTANT, text="", status=Status.STREAMING))
    model = ChatModel(conv, throttle_ms=33)
    emitted: list[int] = []
    inserted: list[int] = []
    model.dataChanged.connect(lambda tl, br, roles: emitted.append(tl.row()))
    model.rowsInserted.connect(lambda *a: inserted.append(1))
    t0 = time.perf_counter()
    for i in range(1000):
        conv.append_text("s", f"w{i} ")
        if i % 50 == 0:
            qtbot.wait(1)  # give the event loop a chance, as a real stream would
    qtbot.waitUntil(lambda: not model._timer.isActive(), timeout=2000)
    elapsed = time.perf_counter() - t0
    assert emitted, "the final text must be announced"
    assert set(emitted) == {2} and not inserted  # the last row, in place
    assert len(emitted) <= elapsed * 31 + 2, (len(emitted), elapsed)  # at most ~30 per second
    assert len(emitted) < 100
    assert model.index(2, 0).data().endswith("w999 ")


def test_structural_change_flushes_pending_stream(qtbot) -> None:
    conv = Conversation([Message(id="s", role=Role.ASSISTANT, text="", status=Status.STREAMING)])
    model = ChatModel(conv, throttle_ms=10_000)
    emitted: list[int] = []
    model.dataChanged.connect(lambda tl, br, roles: emitted.append(tl.row()))
    conv.append_text("s", "abc")
    assert emitted == []
    conv.append(Message(id="u", role=Role.USER, text="next"))
    assert emitted == [0]


def test_fetch_more_loads_older_history_at_the_top(qtmodeltester, qtbot) -> None:
    history = msgs(120)
    conv = Conversation(history[-10:])
    calls: list[tuple[str | None, int]] = []

    def load_older(before_id: str | None, limit: int) -> list[Message]:
        calls.append((before_id, limit))
        end = next(i for i, m in enumerate(history) if m.id == before_id)
        return history[max(0, end - limit):end]

    model = ChatModel(conv, load_older=load_older, page_size=50)
    assert model.canFetchMore(QModelIndex())
    model.fetchMore(QModelIndex())
    assert calls == [("m110", 50)] and model.rowCount() == 60
    assert model.index(0, 0).data(ChatRole.ID) == "m60"
    model.fetchMore(QModelIndex())
    model.fetchMore(QModelIndex())  # only 10 left: a short page ends the history
    assert model.rowCount() == 120 and not model.canFetchMore(QModelIndex())
    qtmodeltester.check(model, force_py=True)
    assert not ChatModel(Conversation()).canFetchMore(QModelIndex())


def _paged(histories: dict[str, list[Message]], shown: dict[str, str]):
    """A host loader paging whichever conversation ``shown["id"]`` names."""
    calls: list[tuple[str, str | None]] = []

    def load_older(before_id: str | None, limit: int) -> list[Message]:
        history = histories[shown["id"]]
        calls.append((shown["id"], before_id))
        end = next(i for i, m in enumerate(history) if m.id == before_id)
        return history[max(0, end - limit):end]

    return load_older, calls


def test_reset_starts_paging_over_for_the_next_conversation(qtmodeltester, qtbot) -> None:
    a = msgs(60)
    b = [Message(id=f"b{i}", role=Role.USER, text=f"b {i}") for i in range(130)]
    shown = {"id": "a"}
    load_older, calls = _paged({"a": a, "b": b}, shown)
    conv = Conversation(a[-50:])
    model = ChatModel(conv, load_older=load_older, page_size=50)
    model.fetchMore(QModelIndex())  # 10 older: the start of "a" is reached
    assert model.rowCount() == 60 and model.history_done and not model.canFetchMore(QModelIndex())

    shown["id"] = "b"
    conv.reset(b[-50:])  # the host shows another conversation
    assert model.canFetchMore(QModelIndex()) and not model.history_done
    while model.canFetchMore(QModelIndex()):
        model.fetchMore(QModelIndex())
    assert [model.index(r, 0).data(ChatRole.ID) for r in range(model.rowCount())] == [m.id for m in b]
    assert calls[1:] == [("b", "b80"), ("b", "b30")]
    qtmodeltester.check(model, force_py=True)


def test_set_conversation_and_set_load_older_reset_paging(qtmodeltester, qtbot) -> None:
    a = msgs(20)
    model = ChatModel(Conversation(a), load_older=lambda before, limit: [], page_size=50)
    model.fetchMore(QModelIndex())
    assert model.history_done
    b = [Message(id=f"b{i}", role=Role.USER, text=f"b {i}") for i in range(70)]
    other = Conversation(b[-50:])
    with qtbot.waitSignal(model.modelReset):
        model.set_conversation(other)
    assert model.conversation is other and model.rowCount() == 50 and model.canFetchMore(QModelIndex())
    model.set_load_older(lambda before, limit: b[:20] if before == "b20" else [])
    model.fetchMore(QModelIndex())
    assert model.rowCount() == 70 and model.index(0, 0).data(ChatRole.ID) == "b0" and model.history_done
    other.append(Message(id="new", role=Role.ASSISTANT, text="after the switch"))  # the model follows the new one
    assert model.rowCount() == 71
    qtmodeltester.check(model, force_py=True)
    model.set_load_older(None)
    assert not model.canFetchMore(QModelIndex())


def test_a_page_loaded_for_another_conversation_is_dropped(qtbot) -> None:
    conv = Conversation(msgs(50, start=50))
    model: ChatModel

    def load_older(before_id: str | None, limit: int) -> list[Message]:
        conv.reset([Message(id="z", role=Role.USER, text="other conversation")])  # e.g. the host switched meanwhile
        return msgs(50)

    model = ChatModel(conv, load_older=load_older, page_size=50)
    model.fetchMore(QModelIndex())
    assert [m.id for m in conv] == ["z"] and model.rowCount() == 1 and model.canFetchMore(QModelIndex())
