"""Conversation: the pure list model and its events (no Qt)."""
from __future__ import annotations

import pytest

from uchat import Changed, Conversation, ExtensionRef, Inserted, Message, Removed, Reset, Role, Status


def msg(i: int, text: str = "", role: Role = Role.USER) -> Message:
    return Message(id=f"m{i}", role=role, text=text or f"message {i}")


@pytest.fixture
def conv_events() -> tuple[Conversation, list[object]]:
    conv = Conversation()
    events: list[object] = []
    conv.subscribe(events.append)
    return conv, events


def test_append_extend_prepend_emit_inserted(conv_events: tuple[Conversation, list[object]]) -> None:
    conv, events = conv_events
    conv.append(msg(1))
    conv.extend([msg(2), msg(3)])
    conv.prepend([msg(0)])
    assert events == [Inserted(index=0, count=1), Inserted(index=1, count=2), Inserted(index=0, count=1)]
    assert [m.id for m in conv] == ["m0", "m1", "m2", "m3"]
    assert conv.index_of("m3") == 3 and conv[1].id == "m1" and len(conv) == 4
    assert "m2" in conv and conv.get("nope") is None


def test_update_reports_only_changed_fields(conv_events: tuple[Conversation, list[object]]) -> None:
    conv, events = conv_events
    conv.append(msg(1, "hi", Role.ASSISTANT))
    events.clear()
    ref = ExtensionRef(message_id="m1", artifact_id="a1", kind="docx")
    conv.update("m1", text="hi", status="error", error="boom", extensions=[ref])
    assert events == [Changed(index=0, fields=frozenset({"status", "error", "extensions"}))]
    assert conv[0].status is Status.ERROR and conv[0].extensions == (ref,) and conv[0].error == "boom"
    conv.update("m1", text="hi")  # nothing changed: no event
    assert len(events) == 1


def test_streaming_appends_text_in_place(conv_events: tuple[Conversation, list[object]]) -> None:
    conv, events = conv_events
    conv.append(Message(id="a", role=Role.ASSISTANT, text="", status=Status.STREAMING))
    for word in ("Hello", ", ", "world"):
        conv.append_text("a", word)
    conv.append_text("a", "")  # empty delta is not a change
    assert conv[0].text == "Hello, world"
    assert events[1:] == [Changed(index=0, fields=frozenset({"text"}))] * 3


def test_remove_clear_reset(conv_events: tuple[Conversation, list[object]]) -> None:
    conv, events = conv_events
    conv.extend([msg(1), msg(2), msg(3)])
    conv.remove("m2")
    assert events[-1] == Removed(index=1, count=1)
    assert conv.index_of("m3") == 1  # rows re-indexed after a removal
    conv.reset([msg(7)])
    assert events[-1] == Reset() and [m.id for m in conv] == ["m7"]
    conv.clear()
    assert len(conv) == 0 and events[-1] == Reset()


def test_bad_input_is_refused_and_loses_nothing(conv_events: tuple[Conversation, list[object]]) -> None:
    conv, events = conv_events
    conv.append(msg(1))
    with pytest.raises(ValueError, match="duplicate"):
        conv.append(msg(1))
    with pytest.raises(ValueError, match="duplicate"):
        conv.extend([msg(2), msg(2)])
    with pytest.raises(TypeError):
        conv.append("not a message")  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        conv.update("missing", text="x")
    with pytest.raises(ValueError):
        conv.update("m1", status="bogus")
    assert [m.id for m in conv] == ["m1"] and events == [Inserted(index=0, count=1)]


def test_unsubscribe_stops_events() -> None:
    conv = Conversation([msg(1)])
    seen: list[object] = []
    unsubscribe = conv.subscribe(seen.append)
    conv.append(msg(2))
    unsubscribe()
    unsubscribe()  # twice is harmless
    conv.append(msg(3))
    assert seen == [Inserted(index=1, count=1)]


def test_plain_strings_become_enums() -> None:
    conv = Conversation([Message(id="a", role="assistant", text="hi", status="streaming", extensions=[ExtensionRef(message_id="a", artifact_id="x",
                                                                                                                   kind="docx")])])  # type: ignore[arg-type]
    m = conv[0]
    assert m.role is Role.ASSISTANT and m.status is Status.STREAMING
    assert m.extensions == (ExtensionRef(message_id="a", artifact_id="x", kind="docx"),)
    with pytest.raises(ValueError):
        conv.append(Message(id="b", role="robot", text="?"))  # type: ignore[arg-type]
